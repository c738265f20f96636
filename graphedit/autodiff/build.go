package autodiff

import (
	"fmt"

	"onnxprune/graphedit"
)

// DefaultPrefix starts the name of every value and node Build adds.
const DefaultPrefix = "grad/"

// Options tunes Build. The zero value (or nil) uses DefaultRules,
// DefaultPrefix and exposes every gradient as a graph output.
type Options struct {
	// Rules are the backward rules; nil means DefaultRules().
	Rules *Registry
	// Prefix starts every new name; "" means DefaultPrefix.
	Prefix string
	// NoOutputs leaves the gradients as internal values instead of graph
	// outputs (and leaves initializers as they are).
	NoOutputs bool
	// Trace, when set, is called for each input gradient a rule emits: the
	// forward node, the input slot and the gradient value.
	Trace func(n *graphedit.Node, input int, grad *graphedit.Value)
}

// Build adds to g the nodes computing the gradient of the scalar loss with
// respect to each value of wrt, and returns the gradient values keyed by
// the name of the value they differentiate. Unless opts.NoOutputs, each
// gradient becomes a graph output named Prefix+name (for example
// "grad/gate.enc.0"), and each requested initializer is listed among the
// graph inputs with its data as the default (an overridable initializer),
// so a training loop can feed new weights by name.
//
// Only nodes on a path from a requested value to the loss get backward
// nodes; several contributions to one gradient are summed by one Sum node.
// A requested value the loss does not depend on gets a zero gradient.
// Before anything is added, every node on such a path is checked to have a
// rule: an operator without one is an error naming the operator, the node
// and the requested value behind it. On any error (also a rule refusing a
// node's configuration while emitting) the graph is left as it was.
func Build(g *graphedit.Graph, loss *graphedit.Value, wrt []*graphedit.Value, opts *Options) (map[string]*graphedit.Value, error) {
	if opts == nil {
		opts = &Options{}
	}
	rules := opts.Rules
	if rules == nil {
		rules = DefaultRules()
	}
	prefix := opts.Prefix
	if prefix == "" {
		prefix = DefaultPrefix
	}
	if loss == nil || loss.Graph() != g {
		return nil, fmt.Errorf("autodiff: loss %s is not a value of graph %q", loss, g.Name())
	}
	seenWrt := map[*graphedit.Value]bool{}
	for _, w := range wrt {
		if w == nil || w.Graph() != g {
			return nil, fmt.Errorf("autodiff: requested value %s is not a value of graph %q", w, g.Name())
		}
		if seenWrt[w] {
			return nil, fmt.Errorf("autodiff: value %q requested twice", w.Name())
		}
		seenWrt[w] = true
	}
	// Shapes and element types let rules use constant reduction axes and
	// reshape targets; an inconsistency it reports is left to ONNX Runtime
	// (the rules fall back to run-time shapes where a shape is unknown).
	_ = g.InferShapes()
	order, err := g.TopoOrder()
	if err != nil {
		return nil, fmt.Errorf("autodiff: %w", err)
	}
	for _, w := range wrt {
		if t := w.ElemType(); t != 0 && !isFloatElem(t) {
			return nil, fmt.Errorf("autodiff: requested value %q has element type %s; only floating-point values have gradients", w.Name(), elemName(t))
		}
	}
	a := analyze(g, order, loss, wrt, rules)
	if err := a.check(loss); err != nil {
		return nil, err
	}
	// From here on the graph changes; on an error everything added is
	// taken out again.
	var exposed, outputs []*graphedit.Value
	e := &emitter{g: g, opset: g.Opset(""), prefix: prefix, elems: a.elems}
	fail := func(err error) (map[string]*graphedit.Value, error) {
		rollback(g, e.nodes, exposed, outputs)
		return nil, err
	}
	if !opts.NoOutputs {
		for _, w := range wrt {
			if w.IsInitializer() && !w.IsGraphInput() {
				if err := g.ExposeInitializer(w); err != nil {
					return fail(fmt.Errorf("autodiff: requested initializer %q: %w", w.Name(), err))
				}
				exposed = append(exposed, w)
			}
		}
	}
	contrib := map[*graphedit.Value][]*graphedit.Value{}
	if a.active[loss] {
		e.base = loss.Name()
		contrib[loss] = []*graphedit.Value{e.ones(loss)}
		if e.err != nil {
			return fail(fmt.Errorf("autodiff: seeding the gradient of loss %q: %w", loss.Name(), e.err))
		}
	}
	for k := len(order) - 1; k >= 0; k-- {
		n := order[k]
		if !a.onPath[n] {
			continue
		}
		rule := a.rules[n]
		c := &Context{e: e, node: n, opset: g.Opset(n.Domain())}
		c.dys = make([]*graphedit.Value, n.NumOutputs())
		for j, y := range n.Outputs() {
			if y != nil {
				c.dys[j] = e.accumulate(y, contrib)
			}
		}
		c.need = make([]bool, n.NumInputs())
		c.dxs = make([]*graphedit.Value, n.NumInputs())
		for i, x := range n.Inputs() {
			c.need[i] = x != nil && a.active[x] && rule.differentiable(i)
		}
		e.base = nodeStem(n)
		rule.Grad(c)
		if e.err != nil {
			return fail(fmt.Errorf("autodiff: node %s, on the path from requested value %q to loss %q: %w", n, a.source(n), loss.Name(), e.err))
		}
		for i, dx := range c.dxs {
			if dx != nil {
				x := n.Input(i)
				contrib[x] = append(contrib[x], dx)
				if opts.Trace != nil {
					opts.Trace(n, i, dx)
				}
			}
		}
	}

	grads := make(map[string]*graphedit.Value, len(wrt))
	for _, w := range wrt {
		e.base = w.Name()
		var gw *graphedit.Value
		if len(contrib[w]) == 0 {
			gw = e.zerosLike(w)
		} else {
			gw = e.accumulate(w, contrib)
		}
		if !opts.NoOutputs {
			gw = e.named("Identity", prefix+w.Name(), gw)
		}
		if e.err != nil {
			return fail(fmt.Errorf("autodiff: gradient of %q: %w", w.Name(), e.err))
		}
		gw.SetType(e.elem(w), w.Shape())
		if !opts.NoOutputs {
			if err := g.AddOutput(gw); err != nil {
				return fail(fmt.Errorf("autodiff: gradient of %q: %w", w.Name(), err))
			}
			outputs = append(outputs, gw)
		}
		grads[w.Name()] = gw
	}
	return grads, nil
}

// nodeStem names a node for the values derived from it.
func nodeStem(n *graphedit.Node) string {
	if n.Name() != "" {
		return n.Name()
	}
	if y := n.Output(0); y != nil {
		return y.Name()
	}
	return n.OpType()
}

// accumulate returns the total gradient of v from its contributions,
// emitting one Sum node when there are several, and records the total so
// later calls reuse it. Nil when nothing flows into v.
func (e *emitter) accumulate(v *graphedit.Value, contrib map[*graphedit.Value][]*graphedit.Value) *graphedit.Value {
	cs := contrib[v]
	switch len(cs) {
	case 0:
		return nil
	case 1:
		return cs[0]
	}
	saved := e.base
	e.base = v.Name()
	s := e.op("Sum", cs)
	e.base = saved
	contrib[v] = []*graphedit.Value{s}
	return s
}

// ones emits the seed gradient of the loss: ones shaped like it.
func (e *emitter) ones(loss *graphedit.Value) *graphedit.Value {
	t := e.elem(loss)
	if !isFloatElem(t) {
		e.failf("loss %q has element type %s, not a floating-point type", loss.Name(), elemName(t))
		return nil
	}
	if loss.Rank() == 0 {
		return e.scalar(t, 1)
	}
	return e.op("ConstantOfShape", in(e.shape(loss)), attrTensor("value", scalarTensor(t, 1, []int64{1})))
}

// named emits a one-output node whose output has exactly the given name
// (or a fresh variant of it).
func (e *emitter) named(opType, name string, ins ...*graphedit.Value) *graphedit.Value {
	if e.err != nil {
		return nil
	}
	out := e.g.FreshName(name)
	node, err := e.g.AddNode(graphedit.NodeSpec{Name: e.g.FreshName(name), OpType: opType, Inputs: ins, Outputs: []string{out}})
	if err != nil {
		e.fail(err)
		return nil
	}
	e.nodes = append(e.nodes, node)
	return node.Output(0)
}

// rollback takes out what a failed Build added: the graph outputs, the
// emitted nodes (which feed only each other) and the initializers it
// listed as inputs.
func rollback(g *graphedit.Graph, nodes []*graphedit.Node, exposed, outputs []*graphedit.Value) {
	for _, o := range outputs {
		_ = g.RemoveOutput(o)
	}
	if len(nodes) > 0 {
		_ = g.RemoveNodes(nodes...)
	}
	for _, w := range exposed {
		_ = g.RemoveInput(w)
	}
}
