package autodiff

import (
	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// constTensor returns the data of v when it is an initializer that is not
// an overridable graph input, or the output of a Constant node.
func constTensor(v *graphedit.Value) *onnxpb.TensorProto {
	if v == nil {
		return nil
	}
	if t := v.Initializer(); t != nil && !v.IsGraphInput() {
		return t
	}
	if n, _ := v.Producer(); n != nil && n.OpType() == "Constant" && n.Domain() == "" {
		if t := n.AttrTensor("value"); t != nil {
			return t
		}
		if ints, ok := n.AttrInts("value_ints"); ok {
			return int64Tensor(ints)
		}
		if a := n.Attr("value_int"); a != nil {
			t := scalarTensor(elemInt64, float64(a.GetI()), nil)
			t.RawData = nil
			t.Int64Data = []int64{a.GetI()}
			return t
		}
	}
	return nil
}

// constInts returns v's values as int64 when v is a constant of an integer
// or boolean type.
func constInts(v *graphedit.Value) ([]int64, bool) {
	t := constTensor(v)
	if t == nil {
		return nil, false
	}
	d, err := onnxio.DecodeTensor(t, nil)
	if err != nil {
		return nil, false
	}
	switch {
	case d.I64 != nil:
		return d.I64, true
	case d.I32 != nil:
		out := make([]int64, len(d.I32))
		for i, x := range d.I32 {
			out[i] = int64(x)
		}
		return out, true
	case d.Bool != nil:
		out := make([]int64, len(d.Bool))
		for i, x := range d.Bool {
			if x {
				out[i] = 1
			}
		}
		return out, true
	}
	return nil, false
}
