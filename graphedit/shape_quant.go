package graphedit

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

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
	shapeRules["MatMulInteger"] = func(c *ictx) error { return inferIntegerMatMul(c, elemInt32, 3) }
	// Outputs in the scales' float type: b_scale, a_scale.
	shapeRules["com.microsoft:DynamicQuantizeMatMul"] = func(c *ictx) error { return inferIntegerMatMul(c, c.elem(2), 2, 3) }
	shapeRules["com.microsoft:FusedMatMul"] = inferFusedMatMul
	shapeRules["com.microsoft:MatMulIntegerToFloat"] = func(c *ictx) error { return inferIntegerMatMul(c, c.elem(2), 3, 5) }
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
	return checkQuantAxis(c)
}

// inferDequantizeLinear: y has x's shape and the scale's type.
func inferDequantizeLinear(c *ictx) error {
	c.set(0, c.elem(1), c.shape(0))
	return checkQuantAxis(c)
}

// perAxisLen returns the length of input i when it is a vector of more
// than one known value (a per-channel scale or zero point), else 0.
func perAxisLen(c *ictx, i int) int64 {
	if i >= c.n.NumInputs() {
		return 0
	}
	if p := c.shape(i); len(p) == 1 && p[0].Known() && p[0].Value > 1 {
		return p[0].Value
	}
	return 0
}

// checkQuantAxis: a per-axis scale or zero point of a QuantizeLinear or
// DequantizeLinear holds one value per index of the data's axis (blocked
// quantization, block_size, aside). A surgery that sliced a weight without
// its per-channel parameters, or the reverse, fails here.
func checkQuantAxis(c *ictx) error {
	x := c.shape(0)
	if x == nil || c.n.AttrInt("block_size", 0) != 0 {
		return nil
	}
	axis := int(c.n.AttrInt("axis", 1))
	if axis < 0 {
		axis += len(x)
	}
	for i := 1; i <= 2; i++ {
		n := perAxisLen(c, i)
		if n == 0 {
			continue
		}
		if axis < 0 || axis >= len(x) {
			return fmt.Errorf("per-axis input %d on axis %d of a rank-%d tensor", i, axis, len(x))
		}
		if x[axis].Known() && x[axis].Value != n {
			return fmt.Errorf("per-axis input %d has %d values, axis %d of the data %d", i, n, axis, x[axis].Value)
		}
	}
	return nil
}

// inferIntegerMatMul is an integer product's shape rule (output of type
// elem); the weight's per-column scale or zero point (inputs cols) hold
// one value per column of the weight B.
func inferIntegerMatMul(c *ictx, elem int32, cols ...int) error {
	if b := c.shape(1); len(b) == 2 && b[1].Known() {
		for _, i := range cols {
			if n := perAxisLen(c, i); n != 0 && n != b[1].Value {
				return fmt.Errorf("per-column input %d has %d values, the weight %d columns", i, n, b[1].Value)
			}
		}
	}
	return inferMatMulTyped(c, elem)
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
