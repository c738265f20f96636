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
// The slots and helpers that read these ops are graphedit's
// (IntegerMatMul, IntegerResult, PerColumnParams), shared with package
// structures.

// integerInProjection reads a Q, K or V projection computed by integer
// product n; bias is the constant an Add after the product adds (nil when
// there is none: the com.microsoft ops take theirs as an input). It
// returns the projection and the float tensor it projects.
func integerInProjection(g *graphedit.Graph, n *graphedit.Node, op graphedit.IntegerMatMulSlots, bias *graphedit.Value) (Projection, *graphedit.Value, error) {
	var p Projection
	w := n.Input(op.B)
	if !graphedit.IsConstLike(w) {
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
	if b := graphedit.OptionalInput(n, op.Bias); b != nil && bias == nil {
		bias = b
	}
	if bias != nil {
		p.Bias = graphedit.ConstRoot(bias)
		if p.Bias != nil {
			p.BiasOffset = biasOffset(g, bias)
		}
	}
	if d := root.Shape(); len(d) == 2 && d[1].Known() {
		p.PerColumn = graphedit.PerColumnParams(n, op, d[1].Value)
	}
	p.node = n
	return p, graphedit.DequantizedSource(n.Input(op.A)), nil
}

// integerOutProjection reads the output projection computed by integer
// product n from the merged heads (its activation): the weight's rows are
// the heads' features; the bias is its bias input, the Add after its
// result, or the bias of the SkipLayerNormalization that adds the residual.
func integerOutProjection(g *graphedit.Graph, n *graphedit.Node, op graphedit.IntegerMatMulSlots, slot int) (Projection, error) {
	if slot != op.A {
		return Projection{}, fmt.Errorf("%s reads the heads as its input %d", n, slot)
	}
	root, transposed, off, err := weightLayout(g, n.Input(op.B), false)
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
	if b := graphedit.OptionalInput(n, op.Bias); b != nil {
		p.Bias = graphedit.ConstRoot(b)
		return p, nil
	}
	res, _, err := graphedit.IntegerResult(n)
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
	if op, ok := graphedit.IntegerMatMul(b.OutNode); ok {
		return graphedit.DequantizedSource(b.OutNode.Input(op.A))
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
	if op, ok := graphedit.IntegerMatMul(n); ok {
		res, _, err := graphedit.IntegerResult(n)
		return res, graphedit.OptionalInput(n, op.Bias), err
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
	op := graphedit.IntegerMatMulSlots{A: 0, B: 1, BScale: 4, BZero: 7, Bias: 2}
	return graphedit.PerColumnParams(n, op, width)
}

// fusedScoresMatMul reports whether n is com.microsoft FusedMatMul of two
// computed tensors (ONNX Runtime's fusion of Q·Kᵀ with its scaling) whose
// batch axes are not transposed.
func fusedScoresMatMul(n *graphedit.Node) bool {
	return n.Domain() == "com.microsoft" && n.OpType() == "FusedMatMul" &&
		n.AttrInt("transBatchA", 0) == 0 && n.AttrInt("transBatchB", 0) == 0 &&
		!graphedit.IsConstLike(n.Input(0)) && !graphedit.IsConstLike(n.Input(1))
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
	op, _ := graphedit.IntegerMatMul(n)
	out := n.Output(0)
	last := headAx{out.Rank() - 1, a.outer, a.inner}
	switch i {
	case op.A:
		ra := n.Input(i).Rank()
		if a.axis != ra-1 {
			return r.mark(out, a, n)
		}
		if r.contracted.v != nil && graphedit.ConstRoot(n.Input(op.B)) == r.contracted.v {
			return nil
		}
		return fmt.Errorf("%s sums over the heads but is not the output projection", n)
	case op.B:
		if a.axis != 1 {
			return fmt.Errorf("%s sums over the heads of its weight", n)
		}
		return r.mark(out, last, n)
	case op.Bias, op.BScale, op.BZero:
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
