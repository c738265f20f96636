package autodiff

import (
	"fmt"

	"onnxprune/graphedit"
)

// analysis is what Build learns about the forward graph before it adds
// anything: which values depend on a requested value (active), which nodes
// lie on a path from a requested value to the loss, and their rules.
type analysis struct {
	active map[*graphedit.Value]bool
	// from names, for each active value, one requested value it depends on.
	from   map[*graphedit.Value]*graphedit.Value
	onPath map[*graphedit.Node]bool
	rules  map[*graphedit.Node]*Rule
	// missing lists on-path nodes without a rule, in graph order.
	missing []*graphedit.Node
	elems   map[*graphedit.Value]int32
	g       *graphedit.Graph
	// quantized are active integer values a quantizer made of active
	// floats (quantizes).
	quantized map[*graphedit.Value]bool
}

func analyze(g *graphedit.Graph, order []*graphedit.Node, loss *graphedit.Value, wrt []*graphedit.Value, reg *Registry) *analysis {
	a := &analysis{
		active: map[*graphedit.Value]bool{},
		from:   map[*graphedit.Value]*graphedit.Value{},
		onPath: map[*graphedit.Node]bool{},
		rules:  map[*graphedit.Node]*Rule{},
		elems:  map[*graphedit.Value]int32{},
		g:      g,
		// Integer stand-ins of active floats.
		quantized: map[*graphedit.Value]bool{},
	}
	for _, w := range wrt {
		a.active[w] = true
		a.from[w] = w
	}
	for _, n := range order {
		a.inferElems(n)
		rule, ok := reg.Lookup(n.Domain(), n.OpType(), g.Opset(n.Domain()))
		if ok {
			a.rules[n] = rule
		}
		var src *graphedit.Value
		for i, x := range n.Inputs() {
			if x == nil || !a.active[x] {
				continue
			}
			if (ok && rule.differentiable(i)) || (!ok && (a.floatish(x) || a.quantized[x])) {
				src = a.from[x]
				break
			}
		}
		if src == nil && !ok {
			for _, x := range n.Captures() {
				if a.active[x] {
					src = a.from[x]
					break
				}
			}
		}
		if src == nil {
			continue
		}
		for _, y := range n.Outputs() {
			if y == nil || a.active[y] {
				continue
			}
			if !ok && quantizes(n) && !a.floatish(y) {
				// Integers that stand for the float input: the path goes
				// on, so that the missing rule is reported, not skipped.
				a.quantized[y] = true
			} else if !a.floatish(y) {
				continue
			}
			a.active[y] = true
			a.from[y] = src
		}
	}
	useful := map[*graphedit.Value]bool{loss: true}
	for k := len(order) - 1; k >= 0; k-- {
		n := order[k]
		on := false
		for _, y := range n.Outputs() {
			if y != nil && useful[y] && a.active[y] {
				on = true
				break
			}
		}
		if !on {
			continue
		}
		rule := a.rules[n]
		any := false
		for i, x := range n.Inputs() {
			if x != nil && a.active[x] && (rule == nil || rule.differentiable(i)) {
				useful[x] = true
				any = true
			}
		}
		if rule == nil {
			for _, x := range n.Captures() {
				if a.active[x] {
					useful[x] = true
					any = true
				}
			}
		}
		if any {
			a.onPath[n] = true
			if rule == nil || rule.Grad == nil {
				a.missing = append(a.missing, n)
			}
		}
	}
	return a
}

// quantizes reports whether n turns a float tensor into integers that
// stand for it (QuantizeLinear, DynamicQuantizeLinear): a path through it
// carries the float values on, but no gradient.
func quantizes(n *graphedit.Node) bool {
	return n.Domain() == "" && (n.OpType() == "QuantizeLinear" || n.OpType() == "DynamicQuantizeLinear")
}

// check reports the first on-path node without a rule (in graph order).
func (a *analysis) check(loss *graphedit.Value) error {
	if len(a.missing) == 0 {
		return nil
	}
	n := a.missing[len(a.missing)-1] // collected in reverse order
	var w *graphedit.Value
	for _, x := range n.Inputs() {
		if x != nil && a.active[x] {
			w = a.from[x]
			break
		}
	}
	if w == nil {
		for _, x := range n.Captures() {
			if a.active[x] {
				w = a.from[x]
				break
			}
		}
	}
	hint := ""
	switch {
	case n.OpType() == "If" || n.OpType() == "Loop" || n.OpType() == "Scan":
		hint = " (gradients do not flow through control flow; specialize an If with graphedit.InlineIf)"
	case quantizes(n) || a.quantized[n.Input(0)]:
		hint = " (gradients do not flow through integer quantization; differentiate the float model)"
	}
	return fmt.Errorf("autodiff: node %s: operator %s (opset %d) has no backward rule, and it lies between requested value %q and loss %q%s",
		n, opName(n.Domain(), n.OpType()), a.g.Opset(n.Domain()), w.Name(), loss.Name(), hint)
}

// source names a requested value an on-path node depends on.
func (a *analysis) source(n *graphedit.Node) string {
	for _, x := range append(n.Inputs(), n.Captures()...) {
		if x != nil && a.active[x] && a.from[x] != nil {
			return a.from[x].Name()
		}
	}
	return "?"
}

// floatish reports whether v can carry a gradient: a floating-point
// element type, or an unknown one not produced by an integer-valued op.
func (a *analysis) floatish(v *graphedit.Value) bool {
	if t := a.elems[v]; t != 0 {
		return isFloatElem(t)
	}
	if t := v.ElemType(); t != 0 {
		return isFloatElem(t)
	}
	if n, _ := v.Producer(); n != nil && n.Domain() == "" && intOutputOps[n.OpType()] {
		return false
	}
	return true
}

// inferElems fills in element types the graph does not know, for the few
// ops the backward rules need them for: integer-valued ops, Cast, and ops
// whose output type is their first input's.
func (a *analysis) inferElems(n *graphedit.Node) {
	for j, y := range n.Outputs() {
		if y == nil || y.ElemType() != 0 {
			continue
		}
		var t int32
		switch {
		case n.Domain() != "":
			if x := n.Input(0); x != nil {
				t = a.elem(x)
			}
		case n.OpType() == "Cast":
			t = int32(n.AttrInt("to", 0))
		case n.OpType() == "Shape" || n.OpType() == "Size" || n.OpType() == "NonZero" || n.OpType() == "ArgMax" || n.OpType() == "ArgMin":
			t = elemInt64
		case intOutputOps[n.OpType()]:
			t = elemBool
		case n.OpType() == "Constant":
			if ct := n.AttrTensor("value"); ct != nil {
				t = ct.GetDataType()
			} else {
				t = elemInt64
			}
		case n.OpType() == "ConstantOfShape":
			t = elemFloat
			if ct := n.AttrTensor("value"); ct != nil {
				t = ct.GetDataType()
			}
		case n.OpType() == "Where" && j == 0:
			t = a.elem(n.Input(1))
		case n.OpType() == "TopK" && j == 1:
			t = elemInt64
		default:
			if x := n.Input(0); x != nil {
				t = a.elem(x)
			}
		}
		if t != 0 {
			a.elems[y] = t
		}
	}
}

func (a *analysis) elem(v *graphedit.Value) int32 {
	if v == nil {
		return 0
	}
	if t := v.ElemType(); t != 0 {
		return t
	}
	return a.elems[v]
}

// elem returns v's element type, from the graph or from the analysis.
func (e *emitter) elem(v *graphedit.Value) int32 {
	if v == nil {
		return 0
	}
	if t := v.ElemType(); t != 0 {
		return t
	}
	return e.elems[v]
}
