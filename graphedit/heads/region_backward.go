package heads

import (
	"fmt"

	"onnxprune/graphedit"
)

// OperandClass says what an operand that carries a block's heads, but is
// not computed from its projections, is.
type OperandClass string

// The classes of head-carrying operands.
const (
	// SharedOperand is the same for every head: broadcast over the head
	// axis (an Expand of a mask, a bias without heads).
	SharedOperand OperandClass = "shared"
	// PerHeadOperand differs between heads: a constant or graph input with
	// a head axis (T5's relative position bias, a per-head mask).
	PerHeadOperand OperandClass = "per head"
	// CacheOperand is a graph input of keys or values (a past cache),
	// re-declared with the new head count.
	CacheOperand OperandClass = "cache"
)

// HeadOperand is an operand of a block's attention that carries the heads
// and comes from outside the block's projections. Surgery keeps the kept
// heads' part of a shared or per-head operand where the block reads it, so
// other readers (T5's later layers, which read the bias layer 0 computed)
// keep theirs; caches are re-declared.
type HeadOperand struct {
	// Node reads the operand in input slot Input.
	Node  *graphedit.Node
	Input int
	// Class says what the operand is and Source where it comes from: the
	// initializer or graph input holding the heads, or the node that
	// broadcasts over them.
	Class  OperandClass
	Source string
	ax     headAx
}

// explanation is what a backward walk found an operand to be computed from.
// expand is set when the operand is one Expand's broadcast over the heads
// and nothing else: expandAx is the head axis of the Expand's output.
type explanation struct {
	class    OperandClass
	source   string
	expand   *graphedit.Node
	expandAx headAx
}

// combine merges the explanations of two operands of one node: a per-head
// part makes the whole per head, a cache stays a cache only when every part
// is one.
func combine(a, b explanation) explanation {
	if a.class != "" && b.class != "" {
		// Two parts: no longer one Expand's broadcast alone.
		a.expand, b.expand = nil, nil
	}
	switch {
	case a.class == "":
		return b
	case b.class == "":
		return a
	case a.class == PerHeadOperand || (a.class == CacheOperand && b.class == SharedOperand):
		return a
	case b.class == PerHeadOperand || b.class == CacheOperand:
		return b
	}
	return a
}

// backwardRule explains output out of node n, which carries heads on a, by
// what n computes it from (recursing through r.explain). Only ops that move
// data (Transpose, Concat, Cast, Identity) keep a cache a cache; any other
// op makes it a per-head input (uncache).
type backwardRule func(r *headRegion, n *graphedit.Node, out int, a headAx, depth int) (explanation, error)

// backwardRules holds one rule per op of the default domain.
var backwardRules = map[string]backwardRule{}

func init() {
	for _, op := range []string{"Cast", "Identity"} {
		backwardRules[op] = bwdLayout
	}
	for _, op := range []string{"Neg", "Sqrt", "Exp", "Log", "Abs", "Not", "Relu", "Tanh", "Sigmoid", "Erf", "Reciprocal", "Softmax", "Dropout", "QuantizeLinear", "DequantizeLinear"} {
		backwardRules[op] = bwdUnary
	}
	for _, op := range []string{"Add", "Sub", "Mul", "Div", "Pow", "Where", "And", "Or", "Xor", "Equal", "Greater", "Less", "GreaterOrEqual", "LessOrEqual", "Max", "Min"} {
		backwardRules[op] = bwdBroadcast
	}
	for op, rule := range map[string]backwardRule{
		"Transpose":       bwdTranspose,
		"Concat":          bwdConcat,
		"Expand":          bwdExpand,
		"Unsqueeze":       bwdUnsqueeze,
		"Squeeze":         bwdSqueeze,
		"Reshape":         bwdReshape,
		"Slice":           bwdSlice,
		"Split":           bwdSplit,
		"Gather":          bwdGather,
		"Constant":        bwdConstant,
		"ConstantOfShape": bwdShared,
	} {
		backwardRules[op] = rule
	}
}

// maxExplainDepth bounds a backward walk (T5's bias is 8 ops from the
// embedding to the scores; masks fewer).
const maxExplainDepth = 40

// explain finds what v, which must carry heads on a, is computed from.
func (r *headRegion) explain(v *graphedit.Value, a headAx, depth int) (explanation, error) {
	if depth > maxExplainDepth {
		return explanation{}, fmt.Errorf("%q: no source of its heads within %d nodes", v.Name(), maxExplainDepth)
	}
	if old, ok := r.ann[v]; ok {
		if old != a {
			return explanation{}, fmt.Errorf("%q carries the heads differently from the projections", v.Name())
		}
		return explanation{}, nil
	}
	switch {
	case v.IsInitializer() && !v.IsGraphInput():
		return explanation{class: PerHeadOperand, source: v.Name()}, nil
	case v.IsOuter() && graphedit.OuterInitializer(v) != nil:
		return explanation{class: PerHeadOperand, source: v.Name()}, nil
	case v.IsGraphInput() || v.IsOuter():
		return explanation{class: CacheOperand, source: v.Name()}, nil
	}
	n, _ := v.Producer()
	if n == nil {
		return explanation{}, fmt.Errorf("%q has no producer", v.Name())
	}
	rule := backwardRules[n.OpType()]
	if n.Domain() != "" || rule == nil {
		return explanation{}, fmt.Errorf("%q carries the heads and comes from %s, which the head analysis does not know", v.Name(), n)
	}
	out := 0
	for k, o := range n.Outputs() {
		if o == v {
			out = k
		}
	}
	return rule(r, n, out, a, depth)
}

// uncache turns a cache into a per-head input: the data was computed on,
// so it is no longer the cache the caller feeds.
func uncache(e explanation) explanation {
	if e.class == CacheOperand {
		e.class = PerHeadOperand
	}
	return e
}

func bwdLayout(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	return r.explain(n.Input(0), a, depth+1)
}

func bwdUnary(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	e, err := r.explain(n.Input(0), a, depth+1)
	return uncache(e), err
}

func bwdShared(_ *headRegion, n *graphedit.Node, _ int, _ headAx, _ int) (explanation, error) {
	return explanation{class: SharedOperand, source: nodeLabel(n)}, nil
}

func bwdConstant(_ *headRegion, n *graphedit.Node, _ int, _ headAx, _ int) (explanation, error) {
	return explanation{class: PerHeadOperand, source: nodeLabel(n)}, nil
}

// bwdBroadcast: every operand broadcasts over the head axis or carries it.
func bwdBroadcast(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	ro := n.Output(0).Rank()
	e := explanation{}
	for _, in := range n.Inputs() {
		if in == nil {
			continue
		}
		ax := a.axis - (ro - in.Rank())
		if in.Rank() < 0 {
			return explanation{}, fmt.Errorf("%s: rank of %q unknown", n, in.Name())
		}
		if ax < 0 {
			e = combine(e, explanation{class: SharedOperand, source: nodeLabel(n)})
			continue
		}
		d, ok := r.dims(in)
		if !ok {
			return explanation{}, fmt.Errorf("%s: shape of %q unknown", n, in.Name())
		}
		if d[ax] == 1 {
			e = combine(e, explanation{class: SharedOperand, source: nodeLabel(n)})
			continue
		}
		x, err := r.explain(in, headAx{ax, a.outer, a.inner}, depth+1)
		if err != nil {
			return explanation{}, err
		}
		e = combine(e, uncache(x))
	}
	return e, nil
}

func bwdTranspose(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	perm := transposePerm(n)
	if a.axis >= len(perm) {
		return explanation{}, fmt.Errorf("%s: bad perm", n)
	}
	return r.explain(n.Input(0), headAx{int(perm[a.axis]), a.outer, a.inner}, depth+1)
}

func bwdConcat(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	axis := int(n.AttrInt("axis", 0))
	if axis < 0 {
		axis += n.Output(0).Rank()
	}
	if axis == a.axis {
		return explanation{}, fmt.Errorf("%s concatenates along the heads", n)
	}
	e := explanation{}
	for _, in := range n.Inputs() {
		x, err := r.explain(in, a, depth+1)
		if err != nil {
			return explanation{}, err
		}
		e = combine(e, x)
	}
	return e, nil
}

// bwdExpand: an input of size 1 on the head axis is broadcast over the
// heads (shared); otherwise the input carries them.
func bwdExpand(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	in := n.Input(0)
	ax := a.axis - (n.Output(0).Rank() - in.Rank())
	if ax < 0 {
		return explanation{class: SharedOperand, source: nodeLabel(n), expand: n, expandAx: a}, nil
	}
	d, ok := r.dims(in)
	if !ok {
		return explanation{}, fmt.Errorf("%s: shape of %q unknown", n, in.Name())
	}
	if d[ax] == 1 {
		return explanation{class: SharedOperand, source: nodeLabel(n), expand: n, expandAx: a}, nil
	}
	e, err := r.explain(in, headAx{ax, a.outer, a.inner}, depth+1)
	return uncache(e), err
}

func bwdUnsqueeze(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	axes, ok := unsqueezeAxes(r.g, n)
	if !ok {
		return explanation{}, fmt.Errorf("%s: axes unknown", n)
	}
	pos := a.axis
	for _, x := range normAxes(axes, n.Output(0).Rank()) {
		if x == a.axis {
			return explanation{class: SharedOperand, source: nodeLabel(n)}, nil
		}
		if x < a.axis {
			pos--
		}
	}
	e, err := r.explain(n.Input(0), headAx{pos, a.outer, a.inner}, depth+1)
	return uncache(e), err
}

func bwdSqueeze(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	ax, err := r.squeezedAxes(n)
	if err != nil {
		return explanation{}, err
	}
	pos := a.axis
	for _, x := range ax {
		if x <= pos {
			pos++
		}
	}
	e, err := r.explain(n.Input(0), headAx{pos, a.outer, a.inner}, depth+1)
	return uncache(e), err
}

// bwdReshape maps the head axis of the output back onto the input, as
// fwdReshape maps it forward.
func bwdReshape(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	in, ok1 := r.dims(n.Input(0))
	od, ok2 := r.dims(n.Output(0))
	if !ok1 || !ok2 {
		return explanation{}, fmt.Errorf("%s: shapes unknown (%s -> %s)", n, graphedit.ShapeString(n.Input(0).Shape()), graphedit.ShapeString(n.Output(0).Shape()))
	}
	back, found := reshapeAxis(od, in, a, r.H)
	if !found {
		return explanation{}, fmt.Errorf("%s: the heads of its output are not an axis or factor of its input", n)
	}
	e, err := r.explain(n.Input(0), back, depth+1)
	return uncache(e), err
}

func bwdSlice(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	axes, err := r.sliceAxes(n)
	if err != nil {
		return explanation{}, err
	}
	for _, x := range axes {
		if x == a.axis {
			return explanation{}, fmt.Errorf("%s slices along the heads", n)
		}
	}
	e, err := r.explain(n.Input(0), a, depth+1)
	return uncache(e), err
}

func bwdSplit(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	axis := int(n.AttrInt("axis", 0))
	if axis < 0 {
		axis += n.Input(0).Rank()
	}
	if axis == a.axis {
		return explanation{}, fmt.Errorf("%s splits along the heads", n)
	}
	e, err := r.explain(n.Input(0), a, depth+1)
	return uncache(e), err
}

// bwdGather: heads on a data axis come from the data (an embedding table
// [buckets, H] looked up by relative positions); heads in the indices'
// part are not understood.
func bwdGather(r *headRegion, n *graphedit.Node, _ int, a headAx, depth int) (explanation, error) {
	axis := int(n.AttrInt("axis", 0))
	if axis < 0 {
		axis += n.Input(0).Rank()
	}
	ri := n.Input(1).Rank()
	if ri < 0 {
		return explanation{}, fmt.Errorf("%s: rank of the indices unknown", n)
	}
	var dax int
	switch {
	case a.axis < axis:
		dax = a.axis
	case a.axis >= axis+ri:
		dax = a.axis - ri + 1
	case a.axis == axis && ri == 1:
		// Constant indices on the head axis select heads (a pruned model's
		// operand selection): the data carries more of them.
		if _, ok := r.g.ConstInts(n.Input(1)); !ok {
			return explanation{}, fmt.Errorf("%s selects heads by computed indices", n)
		}
		d, ok := r.dims(n.Input(0))
		if !ok || d[axis]%(a.outer*a.inner) != 0 {
			return explanation{}, fmt.Errorf("%s: the size of the heads it selects from is unknown", n)
		}
		wider := *r
		wider.H = d[axis] / (a.outer * a.inner)
		e, err := wider.explain(n.Input(0), a, depth+1)
		return uncache(e), err
	default:
		return explanation{}, fmt.Errorf("%s: the heads come from its indices", n)
	}
	e, err := r.explain(n.Input(0), headAx{dax, a.outer, a.inner}, depth+1)
	return uncache(e), err
}
