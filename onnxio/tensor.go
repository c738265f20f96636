package onnxio

import (
	"encoding/binary"
	"fmt"
	"math"

	"onnxprune/onnxio/onnxpb"
)

// ExternalSource reads the bytes of tensors stored outside the model file.
// *Model implements it. length < 0 means "to the end of the file". The
// returned slice may be shared (memory-mapped); callers must copy it before
// modifying it.
type ExternalSource interface {
	ReadExternal(location string, offset, length int64) ([]byte, error)
}

// Tensor is a decoded tensor: its name, element type, shape and values in
// exactly one of the typed slices, chosen by DataType:
//
//	FLOAT → F32, DOUBLE → F64, INT64 → I64, INT32 → I32, INT8 → I8,
//	UINT8 → U8, BOOL → Bool, FLOAT16 / BFLOAT16 / UINT16 → U16 (raw bits).
//
// Values are in row-major order; a scalar has no dims and one value.
type Tensor struct {
	Name     string
	DataType onnxpb.TensorProto_DataType
	Dims     []int64

	F32  []float32
	F64  []float64
	I64  []int64
	I32  []int32
	I8   []int8
	U8   []uint8
	Bool []bool
	U16  []uint16 // raw bits of FLOAT16 / BFLOAT16 (and UINT16 values)
}

// NumElements returns the number of elements the tensor's dims describe (1
// for a scalar), or -1 when the dims are negative or their product overflows.
func (t *Tensor) NumElements() int64 {
	n, err := numElements(t.Dims)
	if err != nil {
		return -1
	}
	return n
}

// valuesLen returns the length of the typed slice that DataType selects, or
// -1 when the type is not supported by Tensor.
func (t *Tensor) valuesLen() int {
	switch t.DataType {
	case onnxpb.TensorProto_FLOAT:
		return len(t.F32)
	case onnxpb.TensorProto_DOUBLE:
		return len(t.F64)
	case onnxpb.TensorProto_INT64:
		return len(t.I64)
	case onnxpb.TensorProto_INT32:
		return len(t.I32)
	case onnxpb.TensorProto_INT8:
		return len(t.I8)
	case onnxpb.TensorProto_UINT8:
		return len(t.U8)
	case onnxpb.TensorProto_BOOL:
		return len(t.Bool)
	case onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16, onnxpb.TensorProto_UINT16:
		return len(t.U16)
	}
	return -1
}

// supported reports whether Tensor can hold values of dt.
func supported(dt onnxpb.TensorProto_DataType) bool {
	return (&Tensor{DataType: dt}).valuesLen() >= 0
}

// AsFloat32 returns the values as float32: FLOAT values as they are (the
// returned slice is t.F32 itself, not a copy), FLOAT16, BFLOAT16 and DOUBLE
// converted (DOUBLE rounds to nearest float32). Other types are an error.
func (t *Tensor) AsFloat32() ([]float32, error) {
	switch t.DataType {
	case onnxpb.TensorProto_FLOAT:
		return t.F32, nil
	case onnxpb.TensorProto_DOUBLE:
		out := make([]float32, len(t.F64))
		for i, v := range t.F64 {
			out[i] = float32(v)
		}
		return out, nil
	case onnxpb.TensorProto_FLOAT16:
		out := make([]float32, len(t.U16))
		for i, v := range t.U16 {
			out[i] = Float16ToFloat32(v)
		}
		return out, nil
	case onnxpb.TensorProto_BFLOAT16:
		out := make([]float32, len(t.U16))
		for i, v := range t.U16 {
			out[i] = BFloat16ToFloat32(v)
		}
		return out, nil
	}
	return nil, fmt.Errorf("onnxio: tensor %q: cannot read %s as float32", t.Name, dtypeName(t.DataType))
}

// AsInt64 returns the values of an integer tensor (INT64, INT32, INT8, UINT8,
// UINT16) or a BOOL tensor (false 0, true 1) as int64. INT64 values are
// returned as t.I64 itself, not a copy. Floating-point types are an error.
func (t *Tensor) AsInt64() ([]int64, error) {
	switch t.DataType {
	case onnxpb.TensorProto_INT64:
		return t.I64, nil
	case onnxpb.TensorProto_INT32:
		return widen(t.I32), nil
	case onnxpb.TensorProto_INT8:
		return widen(t.I8), nil
	case onnxpb.TensorProto_UINT8:
		return widen(t.U8), nil
	case onnxpb.TensorProto_UINT16:
		return widen(t.U16), nil
	case onnxpb.TensorProto_BOOL:
		out := make([]int64, len(t.Bool))
		for i, v := range t.Bool {
			if v {
				out[i] = 1
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("onnxio: tensor %q: cannot read %s as int64", t.Name, dtypeName(t.DataType))
}

func widen[T int32 | int8 | uint8 | uint16](v []T) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

// DecodeTensor decodes a TensorProto into Go slices. The data may be in
// raw_data (little-endian), in the typed field ONNX prescribes for the type
// (int32_data for INT8, UINT8, UINT16, BOOL and the bits of FLOAT16 /
// BFLOAT16), or, when data_location is EXTERNAL, in an external file read
// through src (src nil allows inline data only).
//
// The amount of data is checked against the dims before anything is
// allocated, so a tensor that claims more elements than it carries is an
// error, not an allocation.
func DecodeTensor(t *onnxpb.TensorProto, src ExternalSource) (*Tensor, error) {
	name := t.GetName()
	dt := onnxpb.TensorProto_DataType(t.GetDataType())
	wrap := func(format string, args ...any) error {
		return fmt.Errorf("onnxio: tensor %q: %s", name, fmt.Sprintf(format, args...))
	}
	if !supported(dt) {
		return nil, wrap("data type %s is not supported", dtypeName(dt))
	}
	if t.Segment != nil {
		return nil, wrap("segmented tensors are not supported")
	}
	n, err := numElements(t.GetDims())
	if err != nil {
		return nil, wrap("%v", err)
	}
	out := &Tensor{Name: name, DataType: dt, Dims: append([]int64{}, t.GetDims()...)}

	raw, isRaw, err := rawBytes(t, src)
	if err != nil {
		return nil, wrap("%v", err)
	}
	if isRaw {
		want, _ := ByteSize(dt, n)
		if int64(len(raw)) != want {
			return nil, wrap("shape %v of %s needs %d bytes, data has %d", t.GetDims(), dtypeName(dt), want, len(raw))
		}
		decodeRaw(out, raw, int(n))
		return out, nil
	}
	if err := decodeTyped(out, t, n); err != nil {
		return nil, wrap("%v", err)
	}
	return out, nil
}

// StoredBytes returns the data of t as it is stored, when it is stored as
// raw little-endian bytes: inline raw_data (the field itself) or external
// data read through src (a shared, possibly memory-mapped slice). Neither is
// a copy: callers must not modify it. ok is false when typed fields
// (float_data, int64_data, …) hold the data instead. The length is checked
// against the shape and type.
func StoredBytes(t *onnxpb.TensorProto, src ExternalSource) (raw []byte, ok bool, err error) {
	raw, ok, err = rawBytes(t, src)
	if err != nil || !ok {
		if err != nil {
			err = fmt.Errorf("onnxio: tensor %q: %w", t.GetName(), err)
		}
		return nil, false, err
	}
	n, err := numElements(t.GetDims())
	if err != nil {
		return nil, false, fmt.Errorf("onnxio: tensor %q: %w", t.GetName(), err)
	}
	dt := onnxpb.TensorProto_DataType(t.GetDataType())
	if want, known := ByteSize(dt, n); !known || want != int64(len(raw)) {
		return nil, false, fmt.Errorf("onnxio: tensor %q: shape %v of %s needs %d bytes, data has %d", t.GetName(), t.GetDims(), dtypeName(dt), want, len(raw))
	}
	return raw, true, nil
}

// rawBytes returns the tensor's bytes when they are stored as raw bytes
// (inline raw_data or external), with isRaw false when the typed fields hold
// the data instead.
func rawBytes(t *onnxpb.TensorProto, src ExternalSource) (raw []byte, isRaw bool, err error) {
	if t.GetDataLocation() == onnxpb.TensorProto_EXTERNAL {
		ref, err := parseExternal(t)
		if err != nil {
			return nil, false, err
		}
		if src == nil {
			return nil, false, fmt.Errorf("data is external (%q) but no external source was given", ref.location)
		}
		b, err := src.ReadExternal(ref.location, ref.offset, ref.length)
		if err != nil {
			return nil, false, err
		}
		return b, true, nil
	}
	if t.RawData != nil {
		return t.RawData, true, nil
	}
	return nil, false, nil
}

func decodeRaw(out *Tensor, raw []byte, n int) {
	le := binary.LittleEndian
	switch out.DataType {
	case onnxpb.TensorProto_FLOAT:
		out.F32 = make([]float32, n)
		for i := range out.F32 {
			out.F32[i] = math.Float32frombits(le.Uint32(raw[4*i:]))
		}
	case onnxpb.TensorProto_DOUBLE:
		out.F64 = make([]float64, n)
		for i := range out.F64 {
			out.F64[i] = math.Float64frombits(le.Uint64(raw[8*i:]))
		}
	case onnxpb.TensorProto_INT64:
		out.I64 = make([]int64, n)
		for i := range out.I64 {
			out.I64[i] = int64(le.Uint64(raw[8*i:]))
		}
	case onnxpb.TensorProto_INT32:
		out.I32 = make([]int32, n)
		for i := range out.I32 {
			out.I32[i] = int32(le.Uint32(raw[4*i:]))
		}
	case onnxpb.TensorProto_INT8:
		out.I8 = make([]int8, n)
		for i := range out.I8 {
			out.I8[i] = int8(raw[i])
		}
	case onnxpb.TensorProto_UINT8:
		out.U8 = make([]uint8, n)
		copy(out.U8, raw)
	case onnxpb.TensorProto_BOOL:
		out.Bool = make([]bool, n)
		for i := range out.Bool {
			out.Bool[i] = raw[i] != 0
		}
	case onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16, onnxpb.TensorProto_UINT16:
		out.U16 = make([]uint16, n)
		for i := range out.U16 {
			out.U16[i] = le.Uint16(raw[2*i:])
		}
	}
}

func decodeTyped(out *Tensor, t *onnxpb.TensorProto, n int64) error {
	var have int
	field := "int32_data"
	switch out.DataType {
	case onnxpb.TensorProto_FLOAT:
		have, field = len(t.FloatData), "float_data"
	case onnxpb.TensorProto_DOUBLE:
		have, field = len(t.DoubleData), "double_data"
	case onnxpb.TensorProto_INT64:
		have, field = len(t.Int64Data), "int64_data"
	default:
		have = len(t.Int32Data)
	}
	if int64(have) != n {
		return fmt.Errorf("shape %v of %s needs %d values, %s has %d", t.GetDims(), dtypeName(out.DataType), n, field, have)
	}
	switch out.DataType {
	case onnxpb.TensorProto_FLOAT:
		out.F32 = append([]float32{}, t.FloatData...)
	case onnxpb.TensorProto_DOUBLE:
		out.F64 = append([]float64{}, t.DoubleData...)
	case onnxpb.TensorProto_INT64:
		out.I64 = append([]int64{}, t.Int64Data...)
	case onnxpb.TensorProto_INT32:
		out.I32 = append([]int32{}, t.Int32Data...)
	case onnxpb.TensorProto_INT8:
		out.I8 = make([]int8, n)
		for i, v := range t.Int32Data {
			out.I8[i] = int8(v)
		}
	case onnxpb.TensorProto_UINT8:
		out.U8 = make([]uint8, n)
		for i, v := range t.Int32Data {
			out.U8[i] = uint8(v)
		}
	case onnxpb.TensorProto_BOOL:
		out.Bool = make([]bool, n)
		for i, v := range t.Int32Data {
			out.Bool[i] = v != 0
		}
	case onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16, onnxpb.TensorProto_UINT16:
		out.U16 = make([]uint16, n)
		for i, v := range t.Int32Data {
			out.U16[i] = uint16(v)
		}
	}
	return nil
}

// EncodeTensor builds a TensorProto holding t's values in raw_data
// (little-endian; BOOL one byte per element). The typed slice that DataType
// selects must hold exactly NumElements values.
func EncodeTensor(t *Tensor) (*onnxpb.TensorProto, error) {
	if !supported(t.DataType) {
		return nil, fmt.Errorf("onnxio: tensor %q: data type %s is not supported", t.Name, dtypeName(t.DataType))
	}
	n, err := numElements(t.Dims)
	if err != nil {
		return nil, fmt.Errorf("onnxio: tensor %q: %v", t.Name, err)
	}
	if int64(t.valuesLen()) != n {
		return nil, fmt.Errorf("onnxio: tensor %q: shape %v needs %d values, have %d", t.Name, t.Dims, n, t.valuesLen())
	}
	size, _ := ByteSize(t.DataType, n)
	raw := make([]byte, size)
	le := binary.LittleEndian
	switch t.DataType {
	case onnxpb.TensorProto_FLOAT:
		for i, v := range t.F32 {
			le.PutUint32(raw[4*i:], math.Float32bits(v))
		}
	case onnxpb.TensorProto_DOUBLE:
		for i, v := range t.F64 {
			le.PutUint64(raw[8*i:], math.Float64bits(v))
		}
	case onnxpb.TensorProto_INT64:
		for i, v := range t.I64 {
			le.PutUint64(raw[8*i:], uint64(v))
		}
	case onnxpb.TensorProto_INT32:
		for i, v := range t.I32 {
			le.PutUint32(raw[4*i:], uint32(v))
		}
	case onnxpb.TensorProto_INT8:
		for i, v := range t.I8 {
			raw[i] = byte(v)
		}
	case onnxpb.TensorProto_UINT8:
		copy(raw, t.U8)
	case onnxpb.TensorProto_BOOL:
		for i, v := range t.Bool {
			if v {
				raw[i] = 1
			}
		}
	case onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16, onnxpb.TensorProto_UINT16:
		for i, v := range t.U16 {
			le.PutUint16(raw[2*i:], v)
		}
	}
	p := &onnxpb.TensorProto{
		Dims:     append([]int64{}, t.Dims...),
		DataType: int32Ptr(int32(t.DataType)),
		RawData:  raw,
	}
	if t.Name != "" {
		// A pointer to a copy, not to t.Name: a pointer into t would keep
		// t, and with it the decoded values, alive as long as p.
		name := t.Name
		p.Name = &name
	}
	return p, nil
}

// NewFloat32 returns a FLOAT TensorProto with the given name, dims and values
// in raw_data. It panics if len(v) does not match dims (a programming error).
func NewFloat32(name string, dims []int64, v []float32) *onnxpb.TensorProto {
	return mustEncode(&Tensor{Name: name, DataType: onnxpb.TensorProto_FLOAT, Dims: dims, F32: v})
}

// NewInt64 returns an INT64 TensorProto with the given name, dims and values
// in raw_data. It panics if len(v) does not match dims (a programming error).
func NewInt64(name string, dims []int64, v []int64) *onnxpb.TensorProto {
	return mustEncode(&Tensor{Name: name, DataType: onnxpb.TensorProto_INT64, Dims: dims, I64: v})
}

func mustEncode(t *Tensor) *onnxpb.TensorProto {
	p, err := EncodeTensor(t)
	if err != nil {
		panic(err)
	}
	return p
}

// Tensor decodes t, reading external data relative to the model's folder.
func (m *Model) Tensor(t *onnxpb.TensorProto) (*Tensor, error) {
	return DecodeTensor(t, m)
}

func int32Ptr(v int32) *int32 { return &v }
