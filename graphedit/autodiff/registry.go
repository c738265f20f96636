package autodiff

import (
	"fmt"
	"sort"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// GradFunc emits the gradients of one node. It reads the node's inputs,
// outputs and output gradients through the Context and sets the gradient of
// each input the Context says is needed, and no other.
type GradFunc func(c *Context)

// Rule is the backward rule of one operator over a range of opset versions.
type Rule struct {
	// Domain and Op name the operator ("" is the default ONNX domain).
	Domain, Op string
	// MinOpset and MaxOpset bound the domain's opset versions the rule
	// applies to, inclusive; 0 leaves a bound open.
	MinOpset, MaxOpset int64
	// Diff lists the input slots that can carry a gradient; nil means every
	// input. Inputs left out have no gradient by design (shapes, indices,
	// masks, axes): nothing flows through them and they are never "needed".
	Diff []int
	// Grad emits the gradients. A rule with no differentiable input (Shape,
	// Constant, comparisons) may leave it nil.
	Grad GradFunc
}

// differentiable reports whether input slot i can carry a gradient.
func (r *Rule) differentiable(i int) bool {
	if r.Diff == nil {
		return true
	}
	for _, d := range r.Diff {
		if d == i {
			return true
		}
	}
	return false
}

// Registry holds backward rules keyed by domain, op and opset range. The
// zero value is empty; DefaultRules returns one with every built-in rule.
type Registry struct {
	rules map[string][]Rule
}

func ruleKey(domain, op string) string {
	if domain == "ai.onnx" {
		domain = ""
	}
	return domain + "\x00" + op
}

// Add registers a rule. Two rules for the same operator must not overlap in
// opset range; an overlap is an error.
func (r *Registry) Add(rule Rule) error {
	if r.rules == nil {
		r.rules = map[string][]Rule{}
	}
	k := ruleKey(rule.Domain, rule.Op)
	for _, old := range r.rules[k] {
		if overlaps(old, rule) {
			return fmt.Errorf("autodiff: rule for %s overlaps an existing one (opsets %s and %s)",
				opName(rule.Domain, rule.Op), opsetRange(old), opsetRange(rule))
		}
	}
	r.rules[k] = append(r.rules[k], rule)
	return nil
}

// Override registers a rule in place of the rules for the same operator
// whose opset ranges overlap its own (for example a modified Softmax rule
// for relevance propagation, or a deliberately wrong one in a test of the
// checker).
func (r *Registry) Override(rule Rule) {
	if r.rules == nil {
		r.rules = map[string][]Rule{}
	}
	k := ruleKey(rule.Domain, rule.Op)
	kept := r.rules[k][:0:0]
	for _, old := range r.rules[k] {
		if !overlaps(old, rule) {
			kept = append(kept, old)
		}
	}
	r.rules[k] = append(kept, rule)
}

// Lookup returns the rule for an operator at an opset version.
func (r *Registry) Lookup(domain, op string, opset int64) (*Rule, bool) {
	rs := r.rules[ruleKey(domain, op)]
	for i := range rs {
		x := &rs[i]
		if (x.MinOpset == 0 || opset >= x.MinOpset) && (x.MaxOpset == 0 || opset <= x.MaxOpset) {
			return x, true
		}
	}
	return nil, false
}

// Ops lists the registered operators as "domain:Op[min-max]", sorted.
func (r *Registry) Ops() []string {
	var out []string
	for _, rs := range r.rules {
		for _, x := range rs {
			out = append(out, opName(x.Domain, x.Op)+opsetRange(x))
		}
	}
	sort.Strings(out)
	return out
}

// Clone returns a copy that can be extended without changing r.
func (r *Registry) Clone() *Registry {
	c := &Registry{rules: map[string][]Rule{}}
	for k, rs := range r.rules {
		c.rules[k] = append([]Rule(nil), rs...)
	}
	return c
}

func overlaps(a, b Rule) bool {
	lo := func(x Rule) int64 { return x.MinOpset }
	hi := func(x Rule) int64 {
		if x.MaxOpset == 0 {
			return 1 << 62
		}
		return x.MaxOpset
	}
	return lo(a) <= hi(b) && lo(b) <= hi(a)
}

func opName(domain, op string) string {
	if domain == "" || domain == "ai.onnx" {
		return op
	}
	return domain + ":" + op
}

func opsetRange(x Rule) string {
	switch {
	case x.MinOpset == 0 && x.MaxOpset == 0:
		return ""
	case x.MaxOpset == 0:
		return fmt.Sprintf("[%d-]", x.MinOpset)
	default:
		return fmt.Sprintf("[%d-%d]", x.MinOpset, x.MaxOpset)
	}
}

// Context is what a rule sees of the node it differentiates.
type Context struct {
	e    *emitter
	node *graphedit.Node
	dys  []*graphedit.Value
	need []bool
	dxs  []*graphedit.Value
	// opset is the node's domain opset version.
	opset int64
}

// Node returns the forward node.
func (c *Context) Node() *graphedit.Node { return c.node }

// Opset returns the opset version of the node's domain.
func (c *Context) Opset() int64 { return c.opset }

// X returns input i of the forward node (nil when absent).
func (c *Context) X(i int) *graphedit.Value { return c.node.Input(i) }

// Y returns output i of the forward node (nil when absent).
func (c *Context) Y(i int) *graphedit.Value { return c.node.Output(i) }

// GY returns the gradient of output i, or nil when no gradient flows into
// it (it is zero).
func (c *Context) GY(i int) *graphedit.Value {
	if i < 0 || i >= len(c.dys) {
		return nil
	}
	return c.dys[i]
}

// Need reports whether the gradient of input i is needed.
func (c *Context) Need(i int) bool { return i >= 0 && i < len(c.need) && c.need[i] }

// SetGrad records the gradient of input i; it must have input i's shape.
// Gradients of inputs that are not needed are dropped.
func (c *Context) SetGrad(i int, g *graphedit.Value) {
	if c.Need(i) {
		c.dxs[i] = g
	}
}

// Op emits a default-domain node with one output, for rules defined
// outside this package; attributes follow the inputs.
func (c *Context) Op(opType string, args ...any) *graphedit.Value {
	return c.OpN(opType, 1, args...)[0]
}

// OpN is Op for a node with n outputs (LayerNormalization's InvStdDev, a
// Split's parts); it returns them in order.
func (c *Context) OpN(opType string, n int, args ...any) []*graphedit.Value {
	var ins []*graphedit.Value
	var attrs []*onnxpb.AttributeProto
	for _, a := range args {
		switch t := a.(type) {
		case *graphedit.Value:
			ins = append(ins, t)
		case *onnxpb.AttributeProto:
			attrs = append(attrs, t)
		default:
			c.e.failf("Context.Op: argument of type %T", a)
			return make([]*graphedit.Value, n)
		}
	}
	return c.e.opN(opType, n, ins, attrs...)
}

// Unbroadcast sums g, shaped like output 0, down to the shape of input i.
func (c *Context) Unbroadcast(g *graphedit.Value, i int) *graphedit.Value {
	return c.e.unbroadcast(g, c.Y(0).Shape(), c.X(i))
}

// Elem returns v's element type (from the graph, or as Build inferred it).
func (c *Context) Elem(v *graphedit.Value) int32 { return c.e.elem(v) }

// Scalar emits a rank-0 constant x with the element type of like.
func (c *Context) Scalar(like *graphedit.Value, x float64) *graphedit.Value {
	return c.e.scalar(c.e.elem(like), x)
}

// Fail aborts the rule with an error (for example an attribute value the
// rule does not handle); the builder names the node.
func (c *Context) Fail(format string, a ...any) { c.e.failf(format, a...) }
