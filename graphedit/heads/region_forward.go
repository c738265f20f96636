package heads

import (
	"fmt"

	"onnxprune/graphedit"
)

// forwardRule derives the head axis of node n's outputs from its input
// slot i carrying heads on a. It marks the outputs (headRegion.mark), queues
// operands that must carry heads too (headRegion.expect, headRegion.pending)
// and records the shape constants that encode H (headRegion.reshapes,
// slices, splits). An error says why the heads cannot be followed through n.
type forwardRule func(r *headRegion, n *graphedit.Node, i int, a headAx) error

// forwardRules holds one rule per op of the default domain. An op without
// a rule stops the analysis with an error naming the node.
var forwardRules = map[string]forwardRule{}

func init() {
	for _, op := range []string{
		"Add", "Sub", "Mul", "Div", "Where", "Cast", "Identity", "Pow", "Sqrt", "Relu", "Neg",
		"Equal", "Max", "Min", "Erf", "Tanh", "Sigmoid", "Exp", "Clip", "IsNaN", "IsInf", "Not",
		"And", "Or", "Greater", "Less", "GreaterOrEqual", "LessOrEqual",
	} {
		forwardRules[op] = fwdElementwise
	}
	for op, rule := range map[string]forwardRule{
		"Shape":      fwdNothing,
		"Size":       fwdNothing,
		"Dropout":    fwdDropout,
		"Softmax":    fwdSoftmax,
		"LogSoftmax": fwdSoftmax,
		"Expand":     fwdExpand,
		"Transpose":  fwdTranspose,
		"Unsqueeze":  fwdUnsqueeze,
		"Squeeze":    fwdSqueeze,
		"Reshape":    fwdReshape,
		"Gather":     fwdGather,
		"Slice":      fwdSlice,
		"Split":      fwdSplit,
		"Concat":     fwdConcat,
		"MatMul":     fwdMatMul,
		"Gemm":       fwdGemm,
		"Attention":  fwdAttention,
		// Quantize and dequantize: the data keeps its axes; a per-axis
		// scale or zero point on the head axis carries the heads.
		"QuantizeLinear":   fwdQDQ,
		"DequantizeLinear": fwdQDQ,
		// Dynamic quantization (heads_quant_dynamic.go).
		"DynamicQuantizeLinear": fwdDynamicQuantize,
		"MatMulInteger":         fwdIntegerMatMul,
	} {
		forwardRules[op] = rule
	}
}

// forward applies n's rule (microsoftForwardRules for com.microsoft ops).
func (r *headRegion) forward(n *graphedit.Node, i int, a headAx) error {
	var rule forwardRule
	switch n.Domain() {
	case "", "ai.onnx":
		rule = forwardRules[n.OpType()]
	case "com.microsoft":
		rule = microsoftForwardRules[n.OpType()]
	}
	if rule == nil {
		return fmt.Errorf("heads reach %s, which the head analysis does not know", n)
	}
	return rule(r, n, i, a)
}

// fwdNothing: the op reads only the shape of its input (Shape, Size).
func fwdNothing(*headRegion, *graphedit.Node, int, headAx) error { return nil }

// fwdElementwise: broadcasting ops keep the axis (counted from the right);
// every other operand broadcasts over it or carries heads on it too.
func fwdElementwise(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	out := n.Output(0)
	ro, ri := out.Rank(), n.Input(i).Rank()
	if ro < 0 || ri < 0 {
		return fmt.Errorf("%s: rank unknown", n)
	}
	oa := headAx{a.axis + ro - ri, a.outer, a.inner}
	for j, in := range n.Inputs() {
		if j == i || in == nil {
			continue
		}
		if err := r.expect(n, j, oa, ro); err != nil {
			return err
		}
	}
	return r.mark(out, oa, n)
}

// fwdDropout: the data input passes through; the ratio and training inputs
// are scalars.
func fwdDropout(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return nil
	}
	return r.mark(n.Output(0), a, n)
}

// fwdSoftmax: normalizing over any axis but the heads keeps them.
func fwdSoftmax(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	ax := n.AttrInt("axis", -1)
	if ax < 0 {
		ax += int64(n.Input(0).Rank())
	}
	if int(ax) == a.axis {
		return fmt.Errorf("%s normalizes over the heads", n)
	}
	return r.mark(n.Output(0), a, n)
}

// fwdExpand: broadcasting the data keeps its head axis (counted from the
// right); the target shape is read from shapes, never from heads.
func fwdExpand(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return fmt.Errorf("%s reads heads as its shape", n)
	}
	ro, ri := n.Output(0).Rank(), n.Input(0).Rank()
	if ro < 0 || ri < 0 {
		return fmt.Errorf("%s: rank unknown", n)
	}
	return r.mark(n.Output(0), headAx{a.axis + ro - ri, a.outer, a.inner}, n)
}

func fwdTranspose(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	perm := transposePerm(n)
	for j, p := range perm {
		if int(p) == a.axis {
			return r.mark(n.Output(0), headAx{j, a.outer, a.inner}, n)
		}
	}
	return fmt.Errorf("%s: bad perm", n)
}

// transposePerm returns a Transpose's perm (reversed axes by default).
func transposePerm(n *graphedit.Node) []int64 {
	perm, ok := n.AttrInts("perm")
	if !ok {
		for k := n.Input(0).Rank() - 1; k >= 0; k-- {
			perm = append(perm, int64(k))
		}
	}
	return perm
}

func fwdUnsqueeze(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return fmt.Errorf("%s reads heads as axes", n)
	}
	out := n.Output(0)
	axes, ok := unsqueezeAxes(r.g, n)
	if !ok {
		return fmt.Errorf("%s: axes unknown", n)
	}
	pos := a.axis
	for _, x := range normAxes(axes, out.Rank()) {
		if x <= pos {
			pos++
		}
	}
	return r.mark(out, headAx{pos, a.outer, a.inner}, n)
}

func fwdSqueeze(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return fmt.Errorf("%s reads heads as axes", n)
	}
	ax, err := r.squeezedAxes(n)
	if err != nil {
		return err
	}
	pos := a.axis
	for _, x := range ax {
		if x == a.axis {
			return fmt.Errorf("%s squeezes the heads", n)
		}
		if x < a.axis {
			pos--
		}
	}
	return r.mark(n.Output(0), headAx{pos, a.outer, a.inner}, n)
}

// squeezedAxes returns the input axes a Squeeze removes.
func (r *headRegion) squeezedAxes(n *graphedit.Node) ([]int, error) {
	if axes, ok := unsqueezeAxes(r.g, n); ok {
		return normAxes(axes, n.Input(0).Rank()), nil
	}
	d, ok := r.dims(n.Input(0))
	if !ok {
		return nil, fmt.Errorf("%s: shape unknown", n)
	}
	var ax []int
	for k, x := range d {
		if x == 1 {
			ax = append(ax, k)
		}
	}
	return ax, nil
}

// fwdReshape finds the output axis the heads land on (reshapeAxis) and
// records the target as a shape constant to rescale.
func fwdReshape(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return fmt.Errorf("%s reads heads as its shape", n)
	}
	out := n.Output(0)
	in, ok1 := r.dims(n.Input(0))
	od, ok2 := r.dims(out)
	if !ok1 || !ok2 {
		return fmt.Errorf("%s: shapes unknown (%s -> %s)", n, graphedit.ShapeString(n.Input(0).Shape()), graphedit.ShapeString(out.Shape()))
	}
	best, found := reshapeAxis(in, od, a, r.H)
	if !found {
		return fmt.Errorf("%s: heads lost", n)
	}
	r.reshapes = append(r.reshapes, axisFix{n, best.axis, best})
	return r.mark(out, best, n)
}

// reshapeAxis maps head axis a of a tensor of sizes from onto a reshape of
// it to sizes to: the outermost axis whose trailing size divides the
// heads' stride and whose size is a multiple of H times the new inner
// stride. (With H = 1 the choice is ambiguous; see analyzeRegion.)
func reshapeAxis(from, to []int64, a headAx, H int64) (headAx, bool) {
	stride := a.inner * prod(from[a.axis+1:])
	for j := 0; j < len(to); j++ {
		suf := prod(to[j+1:])
		if suf > stride || stride%suf != 0 || suf*to[j] < stride*H {
			continue
		}
		c := stride / suf
		if to[j]%(H*c) != 0 {
			continue
		}
		return headAx{j, to[j] / (H * c), c}, true
	}
	return headAx{}, false
}

func fwdGather(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return fmt.Errorf("%s uses heads as indices", n)
	}
	axis := int(n.AttrInt("axis", 0))
	if axis < 0 {
		axis += n.Input(0).Rank()
	}
	if axis == a.axis {
		return fmt.Errorf("%s selects along the heads", n)
	}
	pos := a.axis
	if a.axis > axis {
		pos += n.Input(1).Rank() - 1
	}
	return r.mark(n.Output(0), headAx{pos, a.outer, a.inner}, n)
}

func fwdSlice(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return nil // bounds derived from shapes of head tensors: checked at surgery
	}
	out := n.Output(0)
	axes, err := r.sliceAxes(n)
	if err != nil {
		return err
	}
	oa := a
	for _, x := range axes {
		if x == a.axis {
			od, ok := r.dims(out)
			if !ok || od[x]%(r.H*a.inner) != 0 {
				return fmt.Errorf("%s cuts through the heads", n)
			}
			oa.outer = od[x] / (r.H * a.inner)
			r.slices = append(r.slices, axisFix{n, x, a})
		}
	}
	return r.mark(out, oa, n)
}

func fwdSplit(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return fmt.Errorf("%s reads heads as split sizes", n)
	}
	axis := int(n.AttrInt("axis", 0))
	if axis < 0 {
		axis += n.Input(0).Rank()
	}
	if axis == a.axis {
		r.splits = append(r.splits, axisFix{n, axis, a})
	}
	for _, o := range n.Outputs() {
		if o == nil {
			continue
		}
		oa := a
		if axis == a.axis {
			od, ok := r.dims(o)
			if !ok || od[axis]%(r.H*a.inner) != 0 {
				return fmt.Errorf("%s cuts through the heads", n)
			}
			oa.outer = od[axis] / (r.H * a.inner)
		}
		if err := r.mark(o, oa, n); err != nil {
			return err
		}
	}
	return nil
}

// fwdConcat: concatenating along another axis (cached keys and values)
// needs every piece to carry the heads.
func fwdConcat(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	out := n.Output(0)
	axis := int(n.AttrInt("axis", 0))
	if axis < 0 {
		axis += out.Rank()
	}
	if axis == a.axis {
		return fmt.Errorf("%s concatenates along the heads", n)
	}
	for j, in := range n.Inputs() {
		if j != i && in != nil {
			r.pending = append(r.pending, pendingCheck{in, a, n, j})
		}
	}
	return r.mark(out, a, n)
}

// fwdMatMul: heads on a batch axis stay there (the other operand then
// carries them too, or broadcasts); on a row or column axis they move to
// the output's; summed over, only the output projection may do it.
func fwdMatMul(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	out := n.Output(0)
	ra, rb, ro := n.Input(0).Rank(), n.Input(1).Rank(), out.Rank()
	if ra < 2 || rb < 2 {
		return fmt.Errorf("%s: vector MatMul on heads", n)
	}
	other := n.Input(1 - i)
	ri := ra
	if i == 1 {
		ri = rb
	}
	switch {
	case i == 0 && a.axis == ra-1, i == 1 && a.axis == rb-2:
		// Contraction over the heads: only the output projection may.
		if i == 0 && graphedit.ConstRoot(other) == r.contracted.v && r.contracted.v != nil {
			return nil
		}
		return fmt.Errorf("%s sums over the heads but is not the output projection", n)
	case i == 0 && a.axis == ra-2:
		return r.mark(out, headAx{ro - 2, a.outer, a.inner}, n)
	case i == 1 && a.axis == rb-1:
		return r.mark(out, headAx{ro - 1, a.outer, a.inner}, n)
	}
	// A batch axis.
	oa := headAx{a.axis + ro - ri, a.outer, a.inner}
	oax := oa.axis - (ro - other.Rank())
	if oax >= 0 {
		d, ok := r.dims(other)
		if !ok {
			return fmt.Errorf("%s: shape of %q unknown", n, other.Name())
		}
		if d[oax] != 1 {
			r.pending = append(r.pending, pendingCheck{other, headAx{oax, a.outer, a.inner}, n, 1 - i})
		}
	}
	return r.mark(out, oa, n)
}

// fwdGemm: a 2-D product; the output projection sums over the heads.
func fwdGemm(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	out := n.Output(0)
	transA, transB := n.AttrInt("transA", 0) == 1, n.AttrInt("transB", 0) == 1
	switch i {
	case 0:
		k := 1
		if transA {
			k = 0
		}
		if a.axis == k {
			if graphedit.ConstRoot(n.Input(1)) == r.contracted.v && r.contracted.v != nil {
				return nil
			}
			return fmt.Errorf("%s sums over the heads but is not the output projection", n)
		}
		return r.mark(out, headAx{0, a.outer, a.inner}, n)
	case 1:
		nAx := 1
		if transB {
			nAx = 0
		}
		if a.axis != nAx {
			return fmt.Errorf("%s sums over the heads of its weight", n)
		}
		return r.mark(out, headAx{1, a.outer, a.inner}, n)
	default:
		return r.mark(out, headAx{1, a.outer, a.inner}, n)
	}
}

// fwdAttention: ONNX's Attention keeps the heads of Q, K and V: on axis 1
// of 4-D tensors, or as H*dh features on axis 2 of 3-D ones (then its
// q_num_heads and kv_num_heads attributes encode H). The mask carries heads
// when it is not broadcast over them; past and present keys and values
// carry them on axis 1.
func fwdAttention(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i > 2 {
		// A mask or cache reached backward from this node: it carries the
		// heads on axis 1, as the present outputs do; the output gets its
		// heads from Q, K and V.
		if a.axis != 1 || n.Input(i).Rank() != 4 {
			return fmt.Errorf("%s reads heads on axis %d of its input %d", n, a.axis, i)
		}
		return r.markPresents(n)
	}
	var out headAx
	switch rk := n.Input(i).Rank(); {
	case rk == 4 && a.axis == 1:
		out = headAx{1, 1, 1}
	case rk == 3 && a.axis == 2:
		out = headAx{2, 1, a.inner}
		if !r.attrNodes[n] {
			if r.attrNodes == nil {
				r.attrNodes = map[*graphedit.Node]bool{}
			}
			r.attrNodes[n] = true
		}
	default:
		return fmt.Errorf("%s reads heads on axis %d of a rank-%d input", n, a.axis, rk)
	}
	for j := 0; j < n.NumInputs(); j++ {
		in := n.Input(j)
		if j == i || in == nil {
			continue
		}
		switch {
		case j <= 2:
			if n.Input(j).Rank() == 4 {
				r.pending = append(r.pending, pendingCheck{in, headAx{1, 1, 1}, n, j})
			} else {
				r.pending = append(r.pending, pendingCheck{in, headAx{2, 1, a.inner}, n, j})
			}
		case j == 3:
			d, ok := r.dims(in)
			if !ok {
				return fmt.Errorf("%s: shape of the mask %q unknown", n, in.Name())
			}
			if len(d) == 4 && d[1] != 1 {
				r.pending = append(r.pending, pendingCheck{in, headAx{1, 1, 1}, n, j})
			}
		case j == 4 || j == 5:
			r.pending = append(r.pending, pendingCheck{in, headAx{1, 1, 1}, n, j})
		}
	}
	if err := r.mark(n.Output(0), out, n); err != nil {
		return err
	}
	return r.markPresents(n)
}

// markPresents marks an Attention node's present key and value outputs,
// which carry the heads on axis 1.
func (r *headRegion) markPresents(n *graphedit.Node) error {
	for k := 1; k <= 2 && k < n.NumOutputs(); k++ {
		if o := n.Output(k); o != nil {
			if err := r.mark(o, headAx{1, 1, 1}, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// fwdQDQ: QuantizeLinear and DequantizeLinear keep the data's axes; their
// scale and zero point are per tensor, or per axis (the axis attribute),
// and then carry the heads when that axis is the head axis: those of a
// dequantized weight are sliced with it (quantParams took them), any other
// must be explained as an operand.
func fwdQDQ(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if i != 0 {
		return fmt.Errorf("%s reads heads as its scale or zero point", n)
	}
	for j := 1; j < n.NumInputs(); j++ {
		if in := n.Input(j); r.perAxisParam(n, j, a) && !r.hasConst(in) {
			r.pending = append(r.pending, pendingCheck{in, headAx{0, a.outer, a.inner}, n, j})
		}
	}
	return r.mark(n.Output(0), a, n)
}
