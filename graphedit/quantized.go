package graphedit

import "fmt"

// Quantized weights, as ONNX Runtime's quantizer writes them, read the same
// way by head and structure discovery:
//
//   - Static QDQ (quantize_static, QuantFormat.QDQ): every weight is
//     DequantizeLinear(int8 initializer, scale, zero point), per tensor
//     (scalars) or per channel (vectors along the node's axis), and
//     activations pass through QuantizeLinear/DequantizeLinear pairs with
//     constant parameters.
//   - Dynamic (quantize_dynamic): DynamicQuantizeLinear quantizes the
//     activation at run time; MatMulInteger multiplies it by the int8
//     weight [in,out], its int32 result is Cast to float and multiplied by
//     Mul(activation scale, weight scale). ONNX Runtime fuses these into
//     com.microsoft MatMulIntegerToFloat and DynamicQuantizeMatMul, which
//     take the scales, zero points and bias as inputs. A weight's scale and
//     zero point are per tensor (scalars) or per output column (vectors
//     [out]).
//
// Surgery cuts the int8 initializer as it would a float one, and slices a
// per-channel scale or zero point with the weight axis it runs along.

// ConstRoot returns the initializer a weight value is derived from, through
// Transpose, Slice, Split, Gather, Identity, Cast, and QuantizeLinear/
// DequantizeLinear with constant scale and zero point (a QDQ weight: its
// int8 initializer); nil when v is not such a value. An outer value that
// stands for an enclosing graph's initializer is its own root. A graph
// input with a default (overridable) does not count.
func ConstRoot(v *Value) *Value {
	for depth := 0; v != nil && depth < 6; depth++ {
		if v.IsInitializer() && !v.IsGraphInput() {
			return v
		}
		if v.IsOuter() && OuterInitializer(v) != nil {
			return v
		}
		if v.IsOuter() || v.IsGraphInput() {
			return nil
		}
		n, _ := v.Producer()
		if n == nil || n.Domain() != "" {
			return nil
		}
		switch n.OpType() {
		case "Transpose", "Slice", "Split", "Gather", "Identity", "Cast":
			v = n.Input(0)
		case "QuantizeLinear", "DequantizeLinear": // a QDQ weight
			if !ConstQDQ(n) {
				return nil
			}
			v = n.Input(0)
		default:
			return nil
		}
	}
	return nil
}

// IsConstLike reports whether v is an initializer or computed from
// initializers only through weight-side ops (ConstRoot).
func IsConstLike(v *Value) bool {
	return ConstRoot(v) != nil
}

// OuterInitializer returns the initializer of an enclosing graph that the
// outer value v stands for (nil when it is not one).
func OuterInitializer(v *Value) *Value {
	if pv := v.OuterDefinition(); pv != nil && pv.IsInitializer() && !pv.IsGraphInput() {
		return pv
	}
	return nil
}

// IsQDQ reports whether n is a QuantizeLinear or DequantizeLinear of the
// default domain: its output holds the values of its input 0, rounded.
func IsQDQ(n *Node) bool {
	if n == nil || n.Domain() != "" {
		return false
	}
	return n.OpType() == "QuantizeLinear" || n.OpType() == "DequantizeLinear"
}

// ConstQDQ reports whether n is a QuantizeLinear or DequantizeLinear whose
// scale and zero point are constants, so that its output is a constant when
// its input 0 is one: the DequantizeLinear of an int8 weight, or the pair
// the quantizer puts on a weight computed from an initializer (a Slice of
// a packed projection, transposed).
func ConstQDQ(n *Node) bool {
	if !IsQDQ(n) {
		return false
	}
	for j := 1; j < n.NumInputs(); j++ {
		if in := n.Input(j); in != nil && !IsConstLike(in) {
			return false
		}
	}
	return true
}

// IntegerMatMulSlots gives the input slots of an integer product: the
// activation A, the weight B, the weight's scale (-1 where the op takes
// none: MatMulInteger scales its result outside) and zero point, and the
// bias (-1 where it is added outside).
type IntegerMatMulSlots struct {
	A, B, BScale, BZero, Bias int
}

// integerMatMulOps holds the integer products by domain-qualified op type.
var integerMatMulOps = map[string]IntegerMatMulSlots{
	"MatMulInteger":                       {A: 0, B: 1, BScale: -1, BZero: 3, Bias: -1},
	"com.microsoft.MatMulIntegerToFloat":  {A: 0, B: 1, BScale: 3, BZero: 5, Bias: 6},
	"com.microsoft.DynamicQuantizeMatMul": {A: 0, B: 1, BScale: 2, BZero: 3, Bias: 4},
}

// IntegerMatMul returns the slots of n when it is an integer product
// (MatMulInteger, com.microsoft MatMulIntegerToFloat or
// DynamicQuantizeMatMul).
func IntegerMatMul(n *Node) (IntegerMatMulSlots, bool) {
	key := n.OpType()
	if d := n.Domain(); d != "" && d != "ai.onnx" {
		key = d + "." + key
	}
	op, ok := integerMatMulOps[key]
	return op, ok
}

// OptionalInput returns input i of n, nil when i is -1 or the slot is
// empty.
func OptionalInput(n *Node, i int) *Value {
	if i < 0 || i >= n.NumInputs() {
		return nil
	}
	return n.Input(i)
}

// DequantizedSource returns the float tensor that a DynamicQuantizeLinear
// quantized into v, or v itself when v is not such an output: the input of
// an integer projection as the rest of the graph knows it.
func DequantizedSource(v *Value) *Value {
	if v == nil {
		return nil
	}
	if n, k := v.Producer(); n != nil && k == 0 && n.Domain() == "" && n.OpType() == "DynamicQuantizeLinear" {
		return n.Input(0)
	}
	return v
}

// IntegerResult returns the float value an integer product n computes: the
// output of the Mul that scales MatMulInteger's Cast result, or the output
// of the com.microsoft ops; the Mul's other operand (the combined scales)
// comes second, nil for the com.microsoft ops.
func IntegerResult(n *Node) (result, scales *Value, err error) {
	if n.OpType() != "MatMulInteger" || n.Domain() != "" {
		return n.Output(0), nil, nil
	}
	cast := SoleUse(n.Output(0))
	if cast == nil || cast.OpType() != "Cast" || cast.Domain() != "" {
		return nil, nil, fmt.Errorf("%s: its int32 product is not Cast to float alone", n)
	}
	mul := SoleUse(cast.Output(0))
	if mul == nil || mul.OpType() != "Mul" || mul.Domain() != "" {
		return nil, nil, fmt.Errorf("%s: its product is not multiplied by the scales alone", n)
	}
	other := mul.Input(0)
	if other == cast.Output(0) {
		other = mul.Input(1)
	}
	return mul.Output(0), other, nil
}

// SoleUse returns the one node reading v, nil when v has none or several
// or is a graph output.
func SoleUse(v *Value) *Node {
	uses := v.Uses()
	if len(uses) != 1 || uses[0].Captured() || v.IsGraphOutput() {
		return nil
	}
	return uses[0].Node
}

// WeightScale returns the weight's scale of integer product n: its scale
// input, or for MatMulInteger the constant factor of the Mul that combines
// the activation's scale with the weight's.
func WeightScale(n *Node, op IntegerMatMulSlots) *Value {
	if op.BScale >= 0 {
		return OptionalInput(n, op.BScale)
	}
	_, scales, err := IntegerResult(n)
	if err != nil || scales == nil {
		return nil
	}
	if IsConstLike(scales) {
		return scales
	}
	m, _ := scales.Producer()
	if m == nil || m.OpType() != "Mul" || m.Domain() != "" {
		return nil
	}
	for _, in := range m.Inputs() {
		if IsConstLike(in) {
			return in
		}
	}
	return nil
}

// PerColumnParams lists the initializers behind the weight's scale and
// zero point of integer product n that are vectors over the weight's width
// output columns (per channel): they hold one entry per output feature
// and are sliced with the weight's columns.
func PerColumnParams(n *Node, op IntegerMatMulSlots, width int64) []*Value {
	var out []*Value
	for _, v := range []*Value{WeightScale(n, op), OptionalInput(n, op.BZero)} {
		if v == nil || v.Rank() != 1 {
			continue
		}
		root := ConstRoot(v)
		if root == nil {
			continue
		}
		if d := root.Shape(); len(d) == 1 && d[0].Known() && d[0].Value == width {
			out = append(out, root)
		}
	}
	return out
}
