package ortrun

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	ort "github.com/yalue/onnxruntime_go"

	"onnxprune/onnxio"
)

// DType is the element type of a Tensor.
type DType string

// The element types a Tensor can hold. Model inputs and outputs of other types
// (strings, float8, …) are reported by name but cannot be fed or fetched.
const (
	Float32  DType = "float32"
	Float64  DType = "float64"
	Float16  DType = "float16"
	BFloat16 DType = "bfloat16"
	Int64    DType = "int64"
	Int32    DType = "int32"
	Int8     DType = "int8"
	Uint8    DType = "uint8"
	Bool     DType = "bool"
)

// Tensor is a dense tensor in row-major order, held in Go memory. Exactly one
// of the data slices is non-nil; it says the element type, and its length is
// the product of Shape (1 for a scalar, whose Shape is empty). A zero-size
// tensor has a zero dimension and a non-nil empty slice.
//
// Run reads input tensors without modifying them; ONNX Runtime reads their
// data in place, so do not change a tensor while a Run that uses it is in
// progress.
//
// F16 holds IEEE 754 half-precision values and BF16 bfloat16 values, as
// their 16-bit patterns (see Float32s and NewF16FromFloat32 to convert).
type Tensor struct {
	Shape []int64
	F32   []float32
	F64   []float64
	F16   []uint16
	BF16  []uint16
	I64   []int64
	I32   []int32
	I8    []int8
	U8    []uint8
	Bool  []bool
}

// NewF32 returns a float32 tensor of the given shape holding data (not copied).
func NewF32(shape []int64, data []float32) *Tensor {
	return &Tensor{Shape: shape, F32: nonNil(data)}
}

// NewF64 returns a float64 tensor of the given shape holding data (not copied).
func NewF64(shape []int64, data []float64) *Tensor {
	return &Tensor{Shape: shape, F64: nonNil(data)}
}

// NewF16 returns a float16 tensor of the given shape holding data, IEEE 754
// half-precision bit patterns (not copied).
func NewF16(shape []int64, data []uint16) *Tensor {
	return &Tensor{Shape: shape, F16: nonNil(data)}
}

// NewF16FromFloat32 returns a float16 tensor holding data rounded to half
// precision (to nearest, ties to even).
func NewF16FromFloat32(shape []int64, data []float32) *Tensor {
	h := make([]uint16, len(data))
	for i, f := range data {
		h[i] = onnxio.Float32ToFloat16(f)
	}
	return NewF16(shape, h)
}

// NewBF16 returns a bfloat16 tensor of the given shape holding data, bfloat16
// bit patterns (the upper half of a float32's bits; not copied).
func NewBF16(shape []int64, data []uint16) *Tensor {
	return &Tensor{Shape: shape, BF16: nonNil(data)}
}

// NewI64 returns an int64 tensor of the given shape holding data (not copied).
func NewI64(shape []int64, data []int64) *Tensor {
	return &Tensor{Shape: shape, I64: nonNil(data)}
}

// NewI32 returns an int32 tensor of the given shape holding data (not copied).
func NewI32(shape []int64, data []int32) *Tensor {
	return &Tensor{Shape: shape, I32: nonNil(data)}
}

// NewI8 returns an int8 tensor of the given shape holding data (not copied).
func NewI8(shape []int64, data []int8) *Tensor {
	return &Tensor{Shape: shape, I8: nonNil(data)}
}

// NewU8 returns a uint8 tensor of the given shape holding data (not copied).
func NewU8(shape []int64, data []uint8) *Tensor {
	return &Tensor{Shape: shape, U8: nonNil(data)}
}

// NewBool returns a bool tensor of the given shape holding data (not copied).
func NewBool(shape []int64, data []bool) *Tensor {
	return &Tensor{Shape: shape, Bool: nonNil(data)}
}

// ScalarF32 returns a rank-0 float32 tensor.
func ScalarF32(v float32) *Tensor { return &Tensor{Shape: []int64{}, F32: []float32{v}} }

// ScalarI64 returns a rank-0 int64 tensor.
func ScalarI64(v int64) *Tensor { return &Tensor{Shape: []int64{}, I64: []int64{v}} }

// ScalarBool returns a rank-0 bool tensor.
func ScalarBool(v bool) *Tensor { return &Tensor{Shape: []int64{}, Bool: []bool{v}} }

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// DType returns the element type, or "" when no data slice or more than one
// is set.
func (t *Tensor) DType() DType {
	var dt DType
	n := 0
	set := func(ok bool, d DType) {
		if ok {
			dt = d
			n++
		}
	}
	set(t.F32 != nil, Float32)
	set(t.F64 != nil, Float64)
	set(t.F16 != nil, Float16)
	set(t.BF16 != nil, BFloat16)
	set(t.I64 != nil, Int64)
	set(t.I32 != nil, Int32)
	set(t.I8 != nil, Int8)
	set(t.U8 != nil, Uint8)
	set(t.Bool != nil, Bool)
	if n != 1 {
		return ""
	}
	return dt
}

// Len returns the number of elements in the data slice.
func (t *Tensor) Len() int {
	switch t.DType() {
	case Float32:
		return len(t.F32)
	case Float64:
		return len(t.F64)
	case Float16:
		return len(t.F16)
	case BFloat16:
		return len(t.BF16)
	case Int64:
		return len(t.I64)
	case Int32:
		return len(t.I32)
	case Int8:
		return len(t.I8)
	case Uint8:
		return len(t.U8)
	case Bool:
		return len(t.Bool)
	}
	return 0
}

// NumElements returns the product of shape (1 for an empty shape), or an error
// for a negative dimension or a product that overflows.
func NumElements(shape []int64) (int64, error) {
	n := int64(1)
	for i, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("dimension %d is %d", i, d)
		}
		if d != 0 && n > math.MaxInt64/d {
			return 0, fmt.Errorf("shape %v overflows int64", shape)
		}
		n *= d
	}
	return n, nil
}

// Validate checks that exactly one data slice is set and that its length
// matches Shape.
func (t *Tensor) Validate() error {
	if t == nil {
		return fmt.Errorf("nil tensor")
	}
	if t.DType() == "" {
		return fmt.Errorf("tensor must set exactly one data slice (F32, F64, F16, BF16, I64, I32, I8, U8 or Bool)")
	}
	n, err := NumElements(t.Shape)
	if err != nil {
		return fmt.Errorf("bad shape %v: %w", t.Shape, err)
	}
	if int64(t.Len()) != n {
		return fmt.Errorf("%s tensor of shape %v needs %d elements, has %d", t.DType(), t.Shape, n, t.Len())
	}
	return nil
}

// Float32s returns the values of a float32, float16 or bfloat16 tensor as
// float32 (exact: both half formats are subsets of float32); the F32 slice
// itself for float32. It returns nil for other element types.
func (t *Tensor) Float32s() []float32 {
	switch t.DType() {
	case Float32:
		return t.F32
	case Float16:
		out := make([]float32, len(t.F16))
		for i, h := range t.F16 {
			out[i] = onnxio.Float16ToFloat32(h)
		}
		return out
	case BFloat16:
		out := make([]float32, len(t.BF16))
		for i, h := range t.BF16 {
			out[i] = onnxio.BFloat16ToFloat32(h)
		}
		return out
	}
	return nil
}

// String summarises the tensor as "float32[2 3]".
func (t *Tensor) String() string {
	if t == nil {
		return "<nil>"
	}
	dims := make([]string, len(t.Shape))
	for i, d := range t.Shape {
		dims[i] = fmt.Sprint(d)
	}
	dt := string(t.DType())
	if dt == "" {
		dt = "invalid"
	}
	return dt + "[" + strings.Join(dims, " ") + "]"
}

// toValue wraps t's data (not a copy) in an ONNX Runtime value; the caller
// destroys the value after the run.
func toValue(t *Tensor) (ort.Value, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	switch t.DType() {
	case Float32:
		return newValue(t.Shape, t.F32)
	case Float64:
		return newValue(t.Shape, t.F64)
	case Float16:
		return newHalfValue(t.Shape, t.F16, ort.TensorElementDataTypeFloat16)
	case BFloat16:
		return newHalfValue(t.Shape, t.BF16, ort.TensorElementDataTypeBFloat16)
	case Int64:
		return newValue(t.Shape, t.I64)
	case Int32:
		return newValue(t.Shape, t.I32)
	case Int8:
		return newValue(t.Shape, t.I8)
	case Uint8:
		return newValue(t.Shape, t.U8)
	case Bool:
		return newValue(t.Shape, t.Bool)
	}
	return nil, fmt.Errorf("unsupported tensor %s", t)
}

func newValue[T ort.TensorData](shape []int64, data []T) (ort.Value, error) {
	if len(shape) == 0 {
		return ort.NewScalar(data[0])
	}
	return ort.NewTensor(ort.NewShape(shape...).Clone(), data)
}

// newHalfValue wraps 16-bit float data (not a copy) as an ONNX Runtime
// tensor of element type dt through onnxruntime_go's custom-data tensors,
// which take the bytes in host order as ONNX Runtime reads them. Those need
// a rank of at least 1 and at least one element.
func newHalfValue(shape []int64, data []uint16, dt ort.TensorElementDataType) (ort.Value, error) {
	if len(shape) == 0 || len(data) == 0 {
		return nil, fmt.Errorf("%s tensors of rank 0 or without elements cannot be fed (shape %v)", dtypeOf(dt), shape)
	}
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&data[0])), 2*len(data))
	return ort.NewCustomDataTensor(ort.NewShape(shape...).Clone(), raw, dt)
}

// fromValue returns v's contents as a Tensor. Values that ONNX Runtime
// allocated already hold their data in Go memory (onnxruntime_go copies it),
// so the slices are taken over, not copied; v may be destroyed afterwards.
func fromValue(v ort.Value) (*Tensor, error) {
	switch x := v.(type) {
	case *ort.Tensor[float32]:
		return &Tensor{Shape: shapeOf(x), F32: x.GetData()}, nil
	case *ort.Tensor[float64]:
		return &Tensor{Shape: shapeOf(x), F64: x.GetData()}, nil
	case *ort.Tensor[int64]:
		return &Tensor{Shape: shapeOf(x), I64: x.GetData()}, nil
	case *ort.Tensor[int32]:
		return &Tensor{Shape: shapeOf(x), I32: x.GetData()}, nil
	case *ort.Tensor[int8]:
		return &Tensor{Shape: shapeOf(x), I8: x.GetData()}, nil
	case *ort.Tensor[uint8]:
		return &Tensor{Shape: shapeOf(x), U8: x.GetData()}, nil
	case *ort.Tensor[bool]:
		return &Tensor{Shape: shapeOf(x), Bool: x.GetData()}, nil
	case *ort.Scalar[float32]:
		return &Tensor{Shape: []int64{}, F32: []float32{x.GetData()}}, nil
	case *ort.Scalar[float64]:
		return &Tensor{Shape: []int64{}, F64: []float64{x.GetData()}}, nil
	case *ort.Scalar[int64]:
		return &Tensor{Shape: []int64{}, I64: []int64{x.GetData()}}, nil
	case *ort.Scalar[int32]:
		return &Tensor{Shape: []int64{}, I32: []int32{x.GetData()}}, nil
	case *ort.Scalar[int8]:
		return &Tensor{Shape: []int64{}, I8: []int8{x.GetData()}}, nil
	case *ort.Scalar[uint8]:
		return &Tensor{Shape: []int64{}, U8: []uint8{x.GetData()}}, nil
	case *ort.Scalar[bool]:
		return &Tensor{Shape: []int64{}, Bool: []bool{x.GetData()}}, nil
	case *ort.CustomDataTensor:
		return nil, fmt.Errorf("element type %s is not supported", ort.TensorElementDataType(x.DataType()))
	}
	return nil, fmt.Errorf("value of kind %s is not supported (only tensors of %s)", v.GetONNXType(), supportedList)
}

// supportedList names the element types a Tensor can hold, for messages.
const supportedList = "float32, float64, float16, bfloat16, int64, int32, int8, uint8, bool"

func shapeOf(v ort.Value) []int64 {
	s := v.GetShape()
	out := make([]int64, len(s))
	copy(out, s)
	return out
}

// newScalarOutput makes a rank-0 value of type dt for ONNX Runtime to write a
// scalar output into.
func newScalarOutput(dt DType) (ort.Value, error) {
	switch dt {
	case Float32:
		return ort.NewEmptyScalar[float32]()
	case Float64:
		return ort.NewEmptyScalar[float64]()
	case Int64:
		return ort.NewEmptyScalar[int64]()
	case Int32:
		return ort.NewEmptyScalar[int32]()
	case Int8:
		return ort.NewEmptyScalar[int8]()
	case Uint8:
		return ort.NewEmptyScalar[uint8]()
	case Bool:
		return ort.NewEmptyScalar[bool]()
	}
	return nil, fmt.Errorf("element type %q is not supported", dt)
}

// dtypeOf maps an ONNX Runtime element type to a DType ("" when unsupported).
func dtypeOf(t ort.TensorElementDataType) DType {
	switch t {
	case ort.TensorElementDataTypeFloat:
		return Float32
	case ort.TensorElementDataTypeDouble:
		return Float64
	case ort.TensorElementDataTypeFloat16:
		return Float16
	case ort.TensorElementDataTypeBFloat16:
		return BFloat16
	case ort.TensorElementDataTypeInt64:
		return Int64
	case ort.TensorElementDataTypeInt32:
		return Int32
	case ort.TensorElementDataTypeInt8:
		return Int8
	case ort.TensorElementDataTypeUint8:
		return Uint8
	case ort.TensorElementDataTypeBool:
		return Bool
	}
	return ""
}
