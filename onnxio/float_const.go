package onnxio

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

// NewFloat returns a TensorProto of the float element type dt (FLOAT,
// FLOAT16, BFLOAT16 or DOUBLE) with the given name, dims and values, each
// rounded to dt (to nearest, ties to even), in raw_data: a constant that
// joins a tensor of type dt. Any other dt is an error naming it.
func NewFloat(name string, dt onnxpb.TensorProto_DataType, dims []int64, v []float32) (*onnxpb.TensorProto, error) {
	t := &Tensor{Name: name, DataType: dt, Dims: dims}
	switch dt {
	case onnxpb.TensorProto_FLOAT:
		t.F32 = v
	case onnxpb.TensorProto_DOUBLE:
		t.F64 = make([]float64, len(v))
		for i, x := range v {
			t.F64[i] = float64(x)
		}
	case onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16:
		round := Float32ToFloat16
		if dt == onnxpb.TensorProto_BFLOAT16 {
			round = Float32ToBFloat16
		}
		t.U16 = make([]uint16, len(v))
		for i, x := range v {
			t.U16[i] = round(x)
		}
	default:
		return nil, fmt.Errorf("onnxio: tensor %q: %s is not a float type", name, dtypeName(dt))
	}
	return EncodeTensor(t)
}
