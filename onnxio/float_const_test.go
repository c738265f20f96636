package onnxio

import (
	"strings"
	"testing"

	"onnxprune/onnxio/onnxpb"
)

// TestNewFloat builds a constant in each float type from float32 values and
// decodes it back: each value rounded to the type (1/3 to the nearest
// float16 and bfloat16), and a non-float type refused naming it.
func TestNewFloat(t *testing.T) {
	vals := []float32{0, 1, -2.5, 1.0 / 3}
	for _, c := range []struct {
		dt   onnxpb.TensorProto_DataType
		want []float32
	}{
		{onnxpb.TensorProto_FLOAT, vals},
		{onnxpb.TensorProto_DOUBLE, vals},
		{onnxpb.TensorProto_FLOAT16, []float32{0, 1, -2.5, Float16ToFloat32(Float32ToFloat16(1.0 / 3))}},
		{onnxpb.TensorProto_BFLOAT16, []float32{0, 1, -2.5, BFloat16ToFloat32(Float32ToBFloat16(1.0 / 3))}},
	} {
		tp, err := NewFloat("c", c.dt, []int64{4}, vals)
		if err != nil {
			t.Fatalf("%v: %v", c.dt, err)
		}
		if tp.GetDataType() != int32(c.dt) || tp.GetName() != "c" {
			t.Errorf("%v: data type %d, name %q", c.dt, tp.GetDataType(), tp.GetName())
		}
		d, err := DecodeTensor(tp, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.AsFloat32()
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%v: value %d is %g, want %g", c.dt, i, got[i], c.want[i])
			}
		}
	}
	if _, err := NewFloat("c", onnxpb.TensorProto_INT8, []int64{1}, []float32{1}); err == nil || !strings.Contains(err.Error(), "not a float type") {
		t.Errorf("int8: err %v, want one saying it is not a float type", err)
	}
}
