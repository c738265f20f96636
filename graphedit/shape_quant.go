package graphedit

import "onnxprune/onnxio/onnxpb"

// Shape rules for the quantization ops of ONNX Runtime's quantizer: QDQ
// pairs, dynamic quantization (DynamicQuantizeLinear, MatMulInteger) and the
// com.microsoft ops it writes or its session fuses them into (with
// FusedMatMul, which such a session writes next to them).

const (
	elemInt32 = int32(onnxpb.TensorProto_INT32)
	elemUint8 = int32(onnxpb.TensorProto_UINT8)
)

func init() {
	shapeRules["QuantizeLinear"] = inferQuantizeLinear
	shapeRules["DequantizeLinear"] = inferDequantizeLinear
	shapeRules["DynamicQuantizeLinear"] = inferDynamicQuantizeLinear
	shapeRules["MatMulInteger"] = func(c *ictx) error { return inferMatMulTyped(c, elemInt32) }
	// Outputs in the scales' float type: b_scale, a_scale.
	shapeRules["com.microsoft:DynamicQuantizeMatMul"] = func(c *ictx) error { return inferMatMulTyped(c, c.elem(2)) }
	shapeRules["com.microsoft:FusedMatMul"] = inferFusedMatMul
	shapeRules["com.microsoft:MatMulIntegerToFloat"] = func(c *ictx) error { return inferMatMulTyped(c, c.elem(2)) }
	// QAttention(input, weight, bias, input_scale, weight_scale, mask_index,
	// input_zero_point, weight_zero_point, past): float outputs of the bias type.
	shapeRules["com.microsoft:QAttention"] = func(c *ictx) error { return inferAttentionLike(c, 8, c.elem(2)) }
}

// inferQuantizeLinear: y has x's shape and the zero point's type (uint8
// without one, or output_dtype from opset 21).
func inferQuantizeLinear(c *ictx) error {
	elem := c.elem(2)
	if elem == 0 {
		elem = int32(c.n.AttrInt("output_dtype", 0))
	}
	if elem == 0 {
		elem = elemUint8
	}
	c.set(0, elem, c.shape(0))
	return nil
}

// inferDequantizeLinear: y has x's shape and the scale's type.
func inferDequantizeLinear(c *ictx) error {
	c.set(0, c.elem(1), c.shape(0))
	return nil
}

// inferDynamicQuantizeLinear: uint8 y of x's shape, a float scale and a
// uint8 zero point, both scalars.
func inferDynamicQuantizeLinear(c *ictx) error {
	c.set(0, elemUint8, c.shape(0))
	c.set(1, elemFloat, []Dim{})
	c.set(2, elemUint8, []Dim{})
	return nil
}

// inferMatMulTyped is MatMul's shape rule with the output of type elem.
func inferMatMulTyped(c *ictx, elem int32) error {
	out, err := matMulDims(c, c.shape(0), c.shape(1))
	if err != nil {
		return err
	}
	c.set(0, elem, out)
	return nil
}

// inferFusedMatMul handles com.microsoft FusedMatMul, ONNX Runtime's fusion
// of Transpose and MatMul: transA/transB swap the last two axes of an
// operand of rank 2 or more.
func inferFusedMatMul(c *ictx) error {
	swap := func(d []Dim, attr string) []Dim {
		if d == nil || len(d) < 2 || c.n.AttrInt(attr, 0) == 0 {
			return d
		}
		s := append([]Dim{}, d...)
		s[len(s)-1], s[len(s)-2] = s[len(s)-2], s[len(s)-1]
		return s
	}
	out, err := matMulDims(c, swap(c.shape(0), "transA"), swap(c.shape(1), "transB"))
	if err != nil {
		return err
	}
	c.set(0, c.elem(0), out)
	return nil
}
