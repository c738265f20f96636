package ortrun

// elementBytes is the size of one element of each element type.
var elementBytes = map[DType]int64{Float32: 4, Float64: 8, Int64: 8, Int32: 4, Int8: 1, Uint8: 1, Bool: 1}

// Bytes returns the size of t's data as ONNX Runtime holds it: what a run
// copies in (for an input) or out (for an output).
func (t *Tensor) Bytes() int64 {
	if t == nil {
		return 0
	}
	return int64(t.Len()) * elementBytes[t.DType()]
}

// TensorBytes adds up the sizes of the tensors of a feed or a result.
func TensorBytes(ts map[string]*Tensor) int64 {
	var n int64
	for _, t := range ts {
		n += t.Bytes()
	}
	return n
}
