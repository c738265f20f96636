package graphedit

import (
	"fmt"
	"slices"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// SliceInitializer keeps the entries idx (in that order) of axis of v, an
// initializer of g, and returns the bytes of data removed. The new tensor
// holds raw bytes: a tensor stored raw (or as external data) is gathered
// byte by byte without decoding it (a decoded copy of every sliced weight
// would double the memory a large model's surgery needs); one stored in
// typed fields (an int8 zero point in int32_data) is decoded and encoded
// first. Element types narrower than a byte and strings are refused.
func (g *Graph) SliceInitializer(v *Value, axis int, idx []int64) (int64, error) {
	if v == nil || v.g != g || v.init == nil {
		return 0, fmt.Errorf("graphedit: slice initializer %s: not an initializer of this graph", v)
	}
	tp := v.init
	dims := tp.GetDims()
	if axis < 0 || axis >= len(dims) {
		return 0, fmt.Errorf("graphedit: initializer %q has rank %d, cannot slice axis %d", v.name, len(dims), axis)
	}
	for _, i := range idx {
		if i < 0 || i >= dims[axis] {
			return 0, fmt.Errorf("graphedit: initializer %q: index %d out of range on axis %d of size %d", v.name, i, axis, dims[axis])
		}
	}
	dt := onnxpb.TensorProto_DataType(tp.GetDataType())
	bits := onnxio.DataTypeBits(dt)
	if bits < 8 || bits%8 != 0 || dt == onnxpb.TensorProto_STRING {
		return 0, fmt.Errorf("graphedit: initializer %q: element type %v cannot be sliced", v.name, dt)
	}
	raw, ok, err := onnxio.StoredBytes(tp, g.External())
	if err != nil {
		return 0, fmt.Errorf("graphedit: initializer %q: %w", v.name, err)
	}
	if !ok {
		t, err := onnxio.DecodeTensor(tp, g.External())
		if err != nil {
			return 0, fmt.Errorf("graphedit: initializer %q: %w", v.name, err)
		}
		enc, err := onnxio.EncodeTensor(t)
		if err != nil {
			return 0, fmt.Errorf("graphedit: initializer %q: %w", v.name, err)
		}
		raw = enc.GetRawData()
	}
	// Bytes are the elements of a tensor with one more axis: the element's
	// bytes.
	out := onnxio.TakeAxis(raw, append(slices.Clone(dims), int64(bits/8)), axis, idx)
	nd := slices.Clone(dims)
	nd[axis] = int64(len(idx))
	dtype := tp.GetDataType()
	if err := g.SetInitializer(v, &onnxpb.TensorProto{Dims: nd, DataType: &dtype, RawData: out}); err != nil {
		return 0, err
	}
	return int64(len(raw) - len(out)), nil
}
