package onnxio

import (
	"fmt"
	"math"
	"math/bits"

	"onnxprune/onnxio/onnxpb"
)

// DataTypeBits returns the width in bits of one element of dt as stored in
// raw_data, or 0 for STRING, UNDEFINED and unknown types (whose size is not
// fixed).
func DataTypeBits(dt onnxpb.TensorProto_DataType) int {
	switch dt {
	case onnxpb.TensorProto_UINT8, onnxpb.TensorProto_INT8, onnxpb.TensorProto_BOOL,
		onnxpb.TensorProto_FLOAT8E4M3FN, onnxpb.TensorProto_FLOAT8E4M3FNUZ,
		onnxpb.TensorProto_FLOAT8E5M2, onnxpb.TensorProto_FLOAT8E5M2FNUZ,
		onnxpb.TensorProto_FLOAT8E8M0:
		return 8
	case onnxpb.TensorProto_UINT16, onnxpb.TensorProto_INT16,
		onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16:
		return 16
	case onnxpb.TensorProto_FLOAT, onnxpb.TensorProto_INT32, onnxpb.TensorProto_UINT32:
		return 32
	case onnxpb.TensorProto_INT64, onnxpb.TensorProto_UINT64, onnxpb.TensorProto_DOUBLE,
		onnxpb.TensorProto_COMPLEX64:
		return 64
	case onnxpb.TensorProto_COMPLEX128:
		return 128
	case onnxpb.TensorProto_UINT4, onnxpb.TensorProto_INT4, onnxpb.TensorProto_FLOAT4E2M1:
		return 4
	case onnxpb.TensorProto_UINT2, onnxpb.TensorProto_INT2:
		return 2
	case onnxpb.TensorProto_FLOAT6E2M3, onnxpb.TensorProto_FLOAT6E3M2:
		return 6
	}
	return 0
}

// ByteSize returns the number of bytes that n elements of dt occupy in
// raw_data or in an external data file (sub-byte types are packed and the
// last byte padded). ok is false when dt has no fixed size or the size
// overflows int64.
func ByteSize(dt onnxpb.TensorProto_DataType, n int64) (size int64, ok bool) {
	b := int64(DataTypeBits(dt))
	if b == 0 || n < 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(uint64(n), uint64(b))
	if hi != 0 || lo > math.MaxInt64-7 {
		return 0, false
	}
	return int64((lo + 7) / 8), true
}

// numElements returns the product of dims, rejecting negative dims and
// products that overflow int64.
func numElements(dims []int64) (int64, error) {
	n := int64(1)
	for _, d := range dims {
		if d < 0 {
			return 0, fmt.Errorf("negative dimension %d in shape %v", d, dims)
		}
		if d == 0 {
			n = 0
			continue
		}
		if n != 0 && d > math.MaxInt64/n {
			return 0, fmt.Errorf("shape %v has more than 2^63 elements", dims)
		}
		if n != 0 {
			n *= d
		}
	}
	return n, nil
}

// dtypeName gives the ONNX name of dt ("FLOAT16"), or "DataType(N)" for a
// value outside the enum.
func dtypeName(dt onnxpb.TensorProto_DataType) string {
	if s, ok := onnxpb.TensorProto_DataType_name[int32(dt)]; ok {
		return s
	}
	return fmt.Sprintf("DataType(%d)", int32(dt))
}
