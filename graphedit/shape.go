package graphedit

import (
	"fmt"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// maxSymElems bounds the integer tensors whose contents shape analysis
// tracks (shape vectors, indices, axes).
const maxSymElems = 64

// analysis holds what InferShapes learned about a value's contents.
type analysis struct {
	// sym holds the elements (row-major) of a small integer or bool tensor
	// of rank 0 or 1, each known or symbolic; nil when unknown.
	sym []Dim
	// src tells, per element of sym, the constant it was copied from
	// unchanged; nil (or a zero ElemSource) where it was computed.
	src []ElemSource
	// tensor caches a decoded constant (initializer or Constant node).
	tensor      *onnxio.Tensor
	tensorTried bool
}

func (v *Value) an0() *analysis {
	if v.an == nil {
		v.an = &analysis{}
	}
	return v.an
}

// InferShapes computes element types and shapes of node outputs in
// topological order, and the contents of small integer tensors (shape
// arithmetic). Declared value_info fills what inference cannot tell; where
// both know a dimension, the inferred one wins. Ops without a rule keep
// their declared types. The error, if any, is the first inconsistency found
// (for example a MatMul whose inner sizes differ), naming the node; the
// other values are still inferred.
func (g *Graph) InferShapes() error {
	order, err := g.TopoOrder()
	if err != nil {
		return err
	}
	for _, v := range g.values {
		v.an = nil
		if !v.outer { // outer values keep what the enclosing graph knew
			g.initShape(v)
		}
	}
	var first error
	for _, n := range order {
		if err := g.inferNode(n); err != nil && first == nil {
			first = fmt.Errorf("graphedit: infer shapes: node %s: %w", n, err)
		}
	}
	g.anGen = g.gen
	g.analyzed = true
	return first
}

// ensureAnalysis runs InferShapes when the graph changed since the last run.
func (g *Graph) ensureAnalysis() {
	if !g.analyzed || g.anGen != g.gen {
		_ = g.InferShapes()
	}
}

// ShapeValue returns the contents of a small integer (or bool) tensor of
// rank 0 or 1 as dimensions, each known or symbolic: for example
// Concat(Shape(x)[0], Shape(x)[1], [4], [16]) is [batch, seq, 4, 16].
func (g *Graph) ShapeValue(v *Value) ([]Dim, bool) {
	if v == nil || v.g != g {
		return nil, false
	}
	g.ensureAnalysis()
	s := g.symOf(v)
	if s == nil {
		return nil, false
	}
	return append([]Dim{}, s...), true
}

// ConstInts returns the values of an integer or bool tensor whose contents
// are fully known: an initializer (not a graph input), a Constant, or shape
// arithmetic folded to numbers.
func (g *Graph) ConstInts(v *Value) ([]int64, bool) {
	if v == nil || v.g != g {
		return nil, false
	}
	g.ensureAnalysis()
	if s := g.symOf(v); s != nil {
		return KnownSizes(s)
	}
	if tp := v.init; tp != nil && !isIntLike(tp.GetDataType()) {
		return nil, false // never decode a float weight just to refuse it
	}
	t, ok := g.constTensor(v)
	if !ok {
		return nil, false
	}
	out, err := t.AsInt64()
	if err != nil {
		return nil, false
	}
	return append([]int64(nil), out...), true
}

// ConstValue returns the decoded contents of a value known to be constant:
// an initializer that is not a graph input, the output of a Constant node,
// or an integer tensor whose contents shape analysis folded. The tensor is
// decoded on first use and cached; treat it as read-only.
func (g *Graph) ConstValue(v *Value) (*onnxio.Tensor, bool) {
	if v == nil || v.g != g {
		return nil, false
	}
	g.ensureAnalysis()
	if t, ok := g.constTensor(v); ok {
		return t, true
	}
	s := g.symOf(v)
	ints, ok := KnownSizes(s)
	if !ok || s == nil || v.rank < 0 {
		return nil, false
	}
	dims := make([]int64, v.rank)
	for i, d := range v.dims {
		if !d.Known() {
			return nil, false
		}
		dims[i] = d.Value
	}
	t := &onnxio.Tensor{Name: v.name, DataType: onnxpb.TensorProto_DataType(v.elem), Dims: dims}
	switch t.DataType {
	case onnxpb.TensorProto_INT64:
		t.I64 = ints
	case onnxpb.TensorProto_INT32:
		for _, x := range ints {
			t.I32 = append(t.I32, int32(x))
		}
	case onnxpb.TensorProto_BOOL:
		for _, x := range ints {
			t.Bool = append(t.Bool, x != 0)
		}
	default:
		return nil, false
	}
	return t, true
}

// constTensor decodes an initializer (not a graph input) or a Constant
// node's value attribute.
func (g *Graph) constTensor(v *Value) (*onnxio.Tensor, bool) {
	a := v.an0()
	if a.tensorTried {
		return a.tensor, a.tensor != nil
	}
	a.tensorTried = true
	var tp *onnxpb.TensorProto
	switch {
	case v.init != nil && !v.input:
		tp = v.init
	case v.producer != nil && v.producer.OpType() == "Constant" && v.producer.Domain() == "":
		tp = constantAttrTensor(v.producer)
	}
	if tp == nil {
		return nil, false
	}
	t, err := onnxio.DecodeTensor(tp, g.ext)
	if err != nil {
		return nil, false
	}
	a.tensor = t
	return t, true
}

// constantAttrTensor converts a Constant node's attribute to a tensor proto.
func constantAttrTensor(n *Node) *onnxpb.TensorProto {
	if t := n.AttrTensor("value"); t != nil {
		return t
	}
	if a := n.Attr("value_int"); a != nil {
		return onnxio.NewInt64("", nil, []int64{a.GetI()})
	}
	if a := n.Attr("value_ints"); a != nil {
		return onnxio.NewInt64("", []int64{int64(len(a.GetInts()))}, a.GetInts())
	}
	if a := n.Attr("value_float"); a != nil {
		return onnxio.NewFloat32("", nil, []float32{a.GetF()})
	}
	if a := n.Attr("value_floats"); a != nil {
		return onnxio.NewFloat32("", []int64{int64(len(a.GetFloats()))}, a.GetFloats())
	}
	return nil
}

func isIntLike(elem int32) bool {
	switch onnxpb.TensorProto_DataType(elem) {
	case onnxpb.TensorProto_INT64, onnxpb.TensorProto_INT32, onnxpb.TensorProto_INT16,
		onnxpb.TensorProto_INT8, onnxpb.TensorProto_UINT8, onnxpb.TensorProto_UINT16,
		onnxpb.TensorProto_UINT32, onnxpb.TensorProto_UINT64, onnxpb.TensorProto_BOOL:
		return true
	}
	return false
}

// symOf returns the tracked contents of v, decoding small integer
// constants on first use.
func (g *Graph) symOf(v *Value) []Dim {
	if v == nil {
		return nil
	}
	a := v.an0()
	if a.sym != nil {
		return a.sym
	}
	if v.init == nil && (v.producer == nil || v.producer.OpType() != "Constant") {
		return nil
	}
	if v.input {
		return nil
	}
	var tp *onnxpb.TensorProto
	if v.init != nil {
		tp = v.init
	} else {
		tp = constantAttrTensor(v.producer)
	}
	if tp == nil || len(tp.GetDims()) > 1 || !isIntLike(tp.GetDataType()) {
		return nil
	}
	if len(tp.GetDims()) == 1 && tp.GetDims()[0] > maxSymElems {
		return nil
	}
	t, ok := g.constTensor(v)
	if !ok {
		return nil
	}
	ints, err := t.AsInt64()
	if err != nil {
		return nil
	}
	a.sym = intDims(ints)
	a.src = make([]ElemSource, len(ints))
	for i := range a.src {
		a.src[i] = ElemSource{Value: v, Index: i}
	}
	return a.sym
}

// ElemSource names where one element of a small integer tensor comes from:
// element Index of Value, an initializer or the output of a Constant node.
// A zero ElemSource (nil Value) means the element was computed.
type ElemSource struct {
	Value *Value
	Index int
}

// ShapeSources follows the elements of a small integer tensor (as
// ShapeValue sees it) back through Concat, Gather, Slice, Unsqueeze,
// Squeeze, Reshape, Identity and integer Cast to the constants they were
// copied from: for a Reshape target Concat(Shape(x)[0], [4], [16]) it gives
// (computed, heads[0], dh[0]). Surgery uses it to find every constant that
// encodes a size.
func (g *Graph) ShapeSources(v *Value) ([]ElemSource, bool) {
	if v == nil || v.g != g {
		return nil, false
	}
	g.ensureAnalysis()
	s := g.symOf(v)
	if s == nil {
		return nil, false
	}
	out := make([]ElemSource, len(s))
	copy(out, v.an.src)
	return out, true
}

func intDims(xs []int64) []Dim {
	out := make([]Dim, len(xs))
	for i, x := range xs {
		out[i] = IntDim(x)
	}
	return out
}

// isFresh reports whether a symbol is one the graph made up.
func (g *Graph) isFresh(d Dim) bool { return d.Param != "" && g.auth.freshSyms[d.Param] }

// mergeDims combines an inferred shape with the declared one.
func (g *Graph) mergeDims(inferred, declared []Dim) []Dim {
	if inferred == nil {
		return declared
	}
	if declared == nil || len(declared) != len(inferred) {
		return inferred
	}
	out := make([]Dim, len(inferred))
	for i, d := range inferred {
		switch {
		case d.Known():
			out[i] = d
		case declared[i].Known():
			out[i] = declared[i]
		case g.isFresh(d) && !g.isFresh(declared[i]):
			out[i] = declared[i]
		default:
			out[i] = d
		}
	}
	return out
}

func decodeTensor(g *Graph, t *onnxpb.TensorProto) (*onnxio.Tensor, error) {
	return onnxio.DecodeTensor(t, g.ext)
}
