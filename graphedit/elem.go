package graphedit

import (
	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Element types of values (Value.ElemType, Builder.Input, AddInput):
// ONNX's TensorProto.DataType numbers, untyped so that they serve as
// either form.
const (
	ElemFloat32  = 1  // FLOAT
	ElemInt64    = 7  // INT64
	ElemFloat16  = 10 // FLOAT16
	ElemFloat64  = 11 // DOUBLE
	ElemBFloat16 = 16 // BFLOAT16
)

// Attribute is a node attribute (NodeSpec.Attrs; IntAttr and the other
// constructors make them).
type Attribute = onnxpb.AttributeProto

// IsFloat reports whether elem is a floating-point element type: float32,
// float16, bfloat16 or float64.
func IsFloat(elem int32) bool {
	switch elem {
	case ElemFloat32, ElemFloat16, ElemBFloat16, ElemFloat64:
		return true
	}
	return false
}

// FloatConst returns a constant tensor named name of like's float element
// type (float32 when inference left it unknown) with the given dims and
// values, rounded to that type (onnxio.NewFloat): a constant that joins a
// product or sum with like, for AddInitializer or TensorAttr.
func FloatConst(name string, like *Value, dims []int64, vals []float32) (*onnxpb.TensorProto, error) {
	elem := like.ElemType()
	if elem == 0 {
		elem = ElemFloat32
	}
	return onnxio.NewFloat(name, onnxpb.TensorProto_DataType(elem), dims, vals)
}

// LoadInlined builds the IR of m's main graph with every If on the boolean
// input cond replaced by the branch value selects (InlineIf on a copy of
// m's proto: m is unchanged); its external data is read through m.
func LoadInlined(m *onnxio.Model, cond string, value bool) (*Graph, error) {
	mp := proto.Clone(m.Proto).(*onnxpb.ModelProto)
	if _, err := InlineIf(mp, cond, value); err != nil {
		return nil, err
	}
	return FromModel(mp, &Options{External: m})
}
