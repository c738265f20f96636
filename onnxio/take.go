package onnxio

import "onnxprune/onnxio/onnxpb"

// TakeAxis gathers the entries idx along axis of row-major data of the
// given dims (numpy's take), in the order of idx.
func TakeAxis[T any](data []T, dims []int64, axis int, idx []int64) []T {
	outer, inner := int64(1), int64(1)
	for _, d := range dims[:axis] {
		outer *= d
	}
	for _, d := range dims[axis+1:] {
		inner *= d
	}
	n := dims[axis]
	out := make([]T, 0, outer*int64(len(idx))*inner)
	for o := int64(0); o < outer; o++ {
		for _, i := range idx {
			start := (o*n + i) * inner
			out = append(out, data[start:start+inner]...)
		}
	}
	return out
}

// TensorByteSize is the size in bytes of a tensor's elements (0 for an
// element type without a fixed size).
func TensorByteSize(t *onnxpb.TensorProto) int64 {
	n := int64(1)
	for _, d := range t.GetDims() {
		n *= d
	}
	size, _ := ByteSize(onnxpb.TensorProto_DataType(t.GetDataType()), n)
	return size
}
