package autodiff

import (
	"encoding/binary"
	"math"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// Element types the builder differentiates through.
const (
	elemFloat    = int32(onnxpb.TensorProto_FLOAT)
	elemDouble   = int32(onnxpb.TensorProto_DOUBLE)
	elemFloat16  = int32(onnxpb.TensorProto_FLOAT16)
	elemBFloat16 = int32(onnxpb.TensorProto_BFLOAT16)
	elemInt64    = int32(onnxpb.TensorProto_INT64)
	elemBool     = int32(onnxpb.TensorProto_BOOL)
)

// isFloatElem reports whether elem is a floating-point element type.
func isFloatElem(elem int32) bool {
	switch elem {
	case elemFloat, elemDouble, elemFloat16, elemBFloat16:
		return true
	}
	return false
}

func attrInt(name string, v int64) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(v)}
}

func attrFloat(name string, v float32) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_FLOAT.Enum(), F: proto.Float32(v)}
}

func attrInts(name string, v ...int64) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INTS.Enum(), Ints: append([]int64{}, v...)}
}

func attrString(name, v string) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_STRING.Enum(), S: []byte(v)}
}

func attrTensor(name string, t *onnxpb.TensorProto) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_TENSOR.Enum(), T: t}
}

// scalarTensor encodes x as a tensor of the given element type and dims
// (nil dims: a rank-0 scalar). Only float, double and int64 are needed by
// the rules; other float types are built as float and cast by the caller.
func scalarTensor(elem int32, x float64, dims []int64) *onnxpb.TensorProto {
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	t := &onnxpb.TensorProto{DataType: proto.Int32(elem), Dims: append([]int64{}, dims...)}
	switch elem {
	case elemDouble:
		raw := make([]byte, 8*n)
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint64(raw[8*i:], math.Float64bits(x))
		}
		t.RawData = raw
	case elemInt64:
		raw := make([]byte, 8*n)
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint64(raw[8*i:], uint64(int64(x)))
		}
		t.RawData = raw
	default:
		t.DataType = proto.Int32(elemFloat)
		raw := make([]byte, 4*n)
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(float32(x)))
		}
		t.RawData = raw
	}
	return t
}

// int64Tensor encodes a 1-D int64 tensor.
func int64Tensor(xs []int64) *onnxpb.TensorProto {
	raw := make([]byte, 8*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(raw[8*i:], uint64(x))
	}
	return &onnxpb.TensorProto{DataType: proto.Int32(elemInt64), Dims: []int64{int64(len(xs))}, RawData: raw}
}
