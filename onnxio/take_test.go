package onnxio

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// TestTakeAxis gathers along each axis of a [2,3,2] tensor, with indices
// repeated and out of order.
func TestTakeAxis(t *testing.T) {
	data := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	dims := []int64{2, 3, 2}
	for _, c := range []struct {
		axis int
		idx  []int64
		want []int
	}{
		{0, []int64{1}, []int{6, 7, 8, 9, 10, 11}},
		{1, []int64{2, 0}, []int{4, 5, 0, 1, 10, 11, 6, 7}},
		{2, []int64{1, 1}, []int{1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11}},
	} {
		if got := TakeAxis(data, dims, c.axis, c.idx); !slices.Equal(got, c.want) {
			t.Errorf("axis %d idx %v: %v, want %v", c.axis, c.idx, got, c.want)
		}
	}
}

// TestTensorByteSize counts elements times the element size.
func TestTensorByteSize(t *testing.T) {
	f16 := &onnxpb.TensorProto{Dims: []int64{3, 4}, DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT16))}
	i8 := &onnxpb.TensorProto{Dims: []int64{5}, DataType: proto.Int32(int32(onnxpb.TensorProto_INT8))}
	if got := TensorByteSize(f16); got != 24 {
		t.Errorf("float16 [3,4]: %d bytes, want 24", got)
	}
	if got := TensorByteSize(i8); got != 5 {
		t.Errorf("int8 [5]: %d bytes, want 5", got)
	}
}
