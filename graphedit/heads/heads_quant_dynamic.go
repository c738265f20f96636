package heads

import (
	"fmt"
	"strings"

	"onnxprune/graphedit"
)

// Dynamically quantized projections, as onnxruntime.quantization's
// quantize_dynamic writes them and as an ONNX Runtime session fuses them:
//
//   - MatMulInteger (default domain): A is the uint8 activation that a
//     DynamicQuantizeLinear computed (with its scale and zero point), B the
//     int8 weight initializer [in,out] with its zero point; the int32 result
//     is Cast to float and multiplied by Mul(activation scale, weight
//     scale), then the bias is added.
//   - com.microsoft MatMulIntegerToFloat: the same product with the scales,
//     zero points and the bias as inputs, float result.
//   - com.microsoft DynamicQuantizeMatMul: quantizes its float input itself;
//     weight, scale, zero point and bias as inputs, float result.
//
// A weight's scale and zero point are per tensor (scalars: they stay as
// they are) or per output column (vectors [out]: sliced with a Q/K/V
// weight's columns, left whole for the output projection, whose columns
// are features). Heads are cut from the int8 weight as from a float one.

// integerMatMulOp gives the input slots of an integer product: the
// activation, the weight, the weight's scale (-1 where the op takes none:
// MatMulInteger scales its result outside) and zero point, and the bias
// (-1 where it is added outside).
type integerMatMulOp struct {
	a, b, bScale, bZero, bias int
}

// integerMatMulOps holds the integer products by domain-qualified op type.
var integerMatMulOps = map[string]integerMatMulOp{
	"MatMulInteger":                       {a: 0, b: 1, bScale: -1, bZero: 3, bias: -1},
	"com.microsoft.MatMulIntegerToFloat":  {a: 0, b: 1, bScale: 3, bZero: 5, bias: 6},
	"com.microsoft.DynamicQuantizeMatMul": {a: 0, b: 1, bScale: 2, bZero: 3, bias: 4},
}

// integerMatMul returns the slots of n when it is an integer product.
func integerMatMul(n *graphedit.Node) (integerMatMulOp, bool) {
	key := n.OpType()
	if d := n.Domain(); d != "" && d != "ai.onnx" {
		key = d + "." + key
	}
	op, ok := integerMatMulOps[key]
	return op, ok
}

// optionalInput returns input i of n, nil when i is -1 or the slot is
// empty.
func optionalInput(n *graphedit.Node, i int) *graphedit.Value {
	if i < 0 || i >= n.NumInputs() {
		return nil
	}
	return n.Input(i)
}

// dequantizedSource returns the float tensor that a DynamicQuantizeLinear
// quantized into v, or v itself when v is not such an output: the input of
// an integer projection as the rest of the graph knows it.
func dequantizedSource(v *graphedit.Value) *graphedit.Value {
	if v == nil {
		return nil
	}
	if n, k := v.Producer(); n != nil && k == 0 && n.Domain() == "" && n.OpType() == "DynamicQuantizeLinear" {
		return n.Input(0)
	}
	return v
}

// integerResult returns the float value an integer product n computes: the
// output of the Mul that scales MatMulInteger's Cast result, or the output
// of the com.microsoft ops; the Mul's other operand (the combined scales)
// comes second, nil for the com.microsoft ops.
func integerResult(n *graphedit.Node) (result, scales *graphedit.Value, err error) {
	if n.OpType() != "MatMulInteger" || n.Domain() != "" {
		return n.Output(0), nil, nil
	}
	cast := soleUse(n.Output(0))
	if cast == nil || cast.OpType() != "Cast" || cast.Domain() != "" {
		return nil, nil, fmt.Errorf("%s: its int32 product is not Cast to float alone", n)
	}
	mul := soleUse(cast.Output(0))
	if mul == nil || mul.OpType() != "Mul" || mul.Domain() != "" {
		return nil, nil, fmt.Errorf("%s: its product is not multiplied by the scales alone", n)
	}
	other := mul.Input(0)
	if other == cast.Output(0) {
		other = mul.Input(1)
	}
	return mul.Output(0), other, nil
}

// soleUse returns the one node reading v, nil when v has none or several.
func soleUse(v *graphedit.Value) *graphedit.Node {
	uses := v.Uses()
	if len(uses) != 1 || uses[0].Captured() || v.IsGraphOutput() {
		return nil
	}
	return uses[0].Node
}

// weightScale returns the weight's scale of integer product n: its scale
// input, or for MatMulInteger the constant factor of the Mul that combines
// the activation's scale with the weight's.
func weightScale(n *graphedit.Node, op integerMatMulOp) *graphedit.Value {
	if op.bScale >= 0 {
		return optionalInput(n, op.bScale)
	}
	_, scales, err := integerResult(n)
	if err != nil || scales == nil {
		return nil
	}
	if isConstLike(scales) {
		return scales
	}
	m, _ := scales.Producer()
	if m == nil || m.OpType() != "Mul" || m.Domain() != "" {
		return nil
	}
	for _, in := range m.Inputs() {
		if isConstLike(in) {
			return in
		}
	}
	return nil
}

// perColumnParams lists the weight's scale and zero point of integer
// product n that are vectors over the weight's width output columns (per
// channel): they hold one entry per output feature and are sliced with
// the weight's columns.
func perColumnParams(n *graphedit.Node, op integerMatMulOp, width int64) []*graphedit.Value {
	var out []*graphedit.Value
	for _, v := range []*graphedit.Value{weightScale(n, op), optionalInput(n, op.bZero)} {
		if v == nil || v.Rank() != 1 {
			continue
		}
		root := constRoot(v)
		if root == nil {
			continue
		}
		if d := root.Shape(); len(d) == 1 && d[0].Known() && d[0].Value == width {
			out = append(out, root)
		}
	}
	return out
}

// integerInProjection reads a Q, K or V projection computed by integer
// product n; bias is the constant an Add after the product adds (nil when
// there is none: the com.microsoft ops take theirs as an input). It
// returns the projection and the float tensor it projects.
func integerInProjection(g *graphedit.Graph, n *graphedit.Node, op integerMatMulOp, bias *graphedit.Value) (Projection, *graphedit.Value, error) {
	var p Projection
	w := n.Input(op.b)
	if !isConstLike(w) {
		return p, nil, fmt.Errorf("%s has no constant weight", n)
	}
	root, transposed, off, err := weightLayout(g, w, false)
	if err != nil {
		return p, nil, err
	}
	p.Weight, p.Transposed, p.Offset = root, transposed, off
	os := n.Output(0).Shape()
	if len(os) == 0 || !os[len(os)-1].Known() {
		return p, nil, fmt.Errorf("%s output width unknown", n)
	}
	p.Width = os[len(os)-1].Value
	if b := optionalInput(n, op.bias); b != nil && bias == nil {
		bias = b
	}
	if bias != nil {
		p.Bias = constRoot(bias)
		if p.Bias != nil {
			p.BiasOffset = biasOffset(g, bias)
		}
	}
	if d := root.Shape(); len(d) == 2 && d[1].Known() {
		p.PerColumn = perColumnParams(n, op, d[1].Value)
	}
	p.node = n
	return p, dequantizedSource(n.Input(op.a)), nil
}

// integerOutProjection reads the output projection computed by integer
// product n from the merged heads (its activation): the weight's rows are
// the heads' features; the bias is its bias input, the Add after its
// result, or the bias of the SkipLayerNormalization that adds the residual.
func integerOutProjection(g *graphedit.Graph, n *graphedit.Node, op integerMatMulOp, slot int) (Projection, error) {
	if slot != op.a {
		return Projection{}, fmt.Errorf("%s reads the heads as its input %d", n, slot)
	}
	root, transposed, off, err := weightLayout(g, n.Input(op.b), false)
	if err != nil {
		return Projection{}, fmt.Errorf("output projection: %v", err)
	}
	d := root.Shape()
	if len(d) != 2 || !d[0].Known() || !transposed {
		return Projection{}, fmt.Errorf("output projection weight %q has shape %s", root.Name(), graphedit.ShapeString(d))
	}
	if off != 0 {
		return Projection{}, fmt.Errorf("output projection weight %q is sliced", root.Name())
	}
	p := Projection{Weight: root, Transposed: true, Width: d[0].Value}
	if b := optionalInput(n, op.bias); b != nil {
		p.Bias = constRoot(b)
		return p, nil
	}
	res, _, err := integerResult(n)
	if err != nil {
		return Projection{}, fmt.Errorf("output projection: %v", err)
	}
	if b := biasAfter(res); b != nil {
		p.Bias = b
	} else if b := biasAfterFused(res); b != nil {
		p.Bias = b
	}
	return p, nil
}

// outProjectionInput returns the float tensor that enters block b's output
// projection: the input of the DynamicQuantizeLinear that quantizes it for
// an integer product, the projection's first input otherwise.
func outProjectionInput(b *Block) *graphedit.Value {
	if op, ok := integerMatMul(b.OutNode); ok {
		return dequantizedSource(b.OutNode.Input(op.a))
	}
	return b.OutNode.Input(0)
}

// outProjectionResult returns the float value block b's output projection
// computes before any bias Add outside it: the scaled result of an integer
// product, the projection node's output otherwise; and the bias input of
// a com.microsoft integer product, which adds its bias itself (nil
// otherwise: removeSublayer reads Gemm's C on its own).
func outProjectionResult(b *Block) (result, innerBias *graphedit.Value, err error) {
	n := b.OutNode
	if op, ok := integerMatMul(n); ok {
		res, _, err := integerResult(n)
		return res, optionalInput(n, op.bias), err
	}
	return n.Output(0), nil, nil
}

// isQAttention reports whether n is com.microsoft QAttention: Attention on
// a dynamically quantized input with an int8 packed QKV weight.
func isQAttention(n *graphedit.Node) bool {
	return n.Domain() == "com.microsoft" && n.OpType() == "QAttention"
}

// qAttentionWeightParams lists QAttention's per-column weight scale (input
// 4) and zero point (input 7) over the packed QKV width.
func qAttentionWeightParams(n *graphedit.Node, width int64) []*graphedit.Value {
	op := integerMatMulOp{a: 0, b: 1, bScale: 4, bZero: 7, bias: 2}
	return perColumnParams(n, op, width)
}

// fusedScoresMatMul reports whether n is com.microsoft FusedMatMul of two
// computed tensors (ONNX Runtime's fusion of Q·Kᵀ with its scaling) whose
// batch axes are not transposed.
func fusedScoresMatMul(n *graphedit.Node) bool {
	return n.Domain() == "com.microsoft" && n.OpType() == "FusedMatMul" &&
		n.AttrInt("transBatchA", 0) == 0 && n.AttrInt("transBatchB", 0) == 0 &&
		!isConstLike(n.Input(0)) && !isConstLike(n.Input(1))
}

// microsoftForwardRules holds the head analysis's rules for com.microsoft
// ops, as forwardRules does for the default domain.
var microsoftForwardRules = map[string]forwardRule{
	"MatMulIntegerToFloat":  fwdIntegerMatMul,
	"DynamicQuantizeMatMul": fwdIntegerMatMul,
	"FusedMatMul":           fwdFusedMatMul,
}

// fwdDynamicQuantize: DynamicQuantizeLinear keeps the data's axes; its
// scale and zero point are scalars over the whole tensor, so they carry no
// head axis (a pruned model quantizes the kept heads with their own scale).
func fwdDynamicQuantize(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	return r.mark(n.Output(0), a, n)
}

// fwdIntegerMatMul: an integer product of the activation [..., in] by the
// weight [in,out]. Heads on the weight's columns (a Q/K/V projection), on
// a per-column scale or zero point, or on the bias move to the output's
// last axis; heads on the activation's last axis are summed over, which
// only the output projection may do; on its other axes they stay.
func fwdIntegerMatMul(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	op, _ := integerMatMul(n)
	out := n.Output(0)
	last := headAx{out.Rank() - 1, a.outer, a.inner}
	switch i {
	case op.a:
		ra := n.Input(i).Rank()
		if a.axis != ra-1 {
			return r.mark(out, a, n)
		}
		if r.contracted.v != nil && constRoot(n.Input(op.b)) == r.contracted.v {
			return nil
		}
		return fmt.Errorf("%s sums over the heads but is not the output projection", n)
	case op.b:
		if a.axis != 1 {
			return fmt.Errorf("%s sums over the heads of its weight", n)
		}
		return r.mark(out, last, n)
	case op.bias, op.bScale, op.bZero:
		if a.axis != 0 || n.Input(i).Rank() != 1 {
			return fmt.Errorf("%s reads heads on axis %d of its input %d", n, a.axis, i)
		}
		return r.mark(out, last, n)
	}
	return fmt.Errorf("%s reads heads as its input %d", n, i)
}

// fwdFusedMatMul: com.microsoft FusedMatMul is MatMul with an optional
// transpose of the last two axes of either operand (and a scale): the head
// axis is mapped through the transpose, then MatMul's rule applies.
func fwdFusedMatMul(r *headRegion, n *graphedit.Node, i int, a headAx) error {
	if n.AttrInt("transBatchA", 0) != 0 || n.AttrInt("transBatchB", 0) != 0 {
		return fmt.Errorf("%s transposes batch axes", n)
	}
	trans := n.AttrInt("transA", 0) == 1
	if i == 1 {
		trans = n.AttrInt("transB", 0) == 1
	}
	if rk := n.Input(i).Rank(); trans && rk >= 2 {
		switch a.axis {
		case rk - 1:
			a.axis = rk - 2
		case rk - 2:
			a.axis = rk - 1
		}
	}
	return fwdMatMul(r, n, i, a)
}

// unknownAttention reports whether n is a com.microsoft attention op that
// Discover does not analyse (DecoderAttention, GroupQueryAttention,
// PackedAttention, QOrderedAttention, ...): it is reported as not
// understood, so a file made of them never reads as having no heads.
func unknownAttention(n *graphedit.Node) bool {
	return n.Domain() == "com.microsoft" && strings.HasSuffix(n.OpType(), "Attention") && !isFusedAttention(n)
}
