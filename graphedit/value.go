package graphedit

import (
	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// Use is one reading of a value: input slot Input of Node. Input is
// CapturedInput when the value is read by name from inside one of the node's
// subgraph attributes (an If/Loop/Scan body) rather than through an input slot.
type Use struct {
	// Node is the reading node.
	Node *Node
	// Input is the input slot, or CapturedInput.
	Input int
}

// CapturedInput is the Use.Input of a value read from inside a subgraph.
const CapturedInput = -1

// Captured reports whether the use is a reference from inside a subgraph.
func (u Use) Captured() bool { return u.Input == CapturedInput }

// Value is a named tensor (or sequence/optional) flowing through a graph. It
// has exactly one producer: a node output, a graph input, or an initializer
// (a graph input that also has an initializer is an overridable default and
// counts as the input). Values are created by the graph, never directly.
type Value struct {
	g    *Graph
	name string

	producer *Node // nil for graph inputs and initializers
	outIndex int   // index in producer's outputs

	input bool                // listed among the graph inputs
	outer bool                // defined in an enclosing graph (subgraph IR only)
	init  *onnxpb.TensorProto // initializer data, nil if none
	uses  []Use

	// typ is the declared type (from a graph input/output declaration or a
	// value_info entry), nil if none was declared.
	typ *onnxpb.TypeProto
	// info is the value's own value_info entry, nil if none.
	info *onnxpb.ValueInfoProto

	// shape state: declared or inferred.
	elem int32
	rank int // -1 when unknown
	dims []Dim
	// analysis results, valid while gen == g.gen
	an *analysis
}

// Name returns the value's name.
func (v *Value) Name() string { return v.name }

// Graph returns the graph the value belongs to (nil once removed).
func (v *Value) Graph() *Graph { return v.g }

// Producer returns the node producing v and the output index, or (nil, -1)
// when v is a graph input or an initializer.
func (v *Value) Producer() (*Node, int) {
	if v.producer == nil {
		return nil, -1
	}
	return v.producer, v.outIndex
}

// IsGraphInput reports whether v is listed among the graph inputs.
func (v *Value) IsGraphInput() bool { return v.input }

// IsOuter reports whether v is defined in an enclosing graph: only the IR
// of a subgraph (Graph.Subgraph) has such values. They are read-only there.
func (v *Value) IsOuter() bool { return v.outer }

// IsInitializer reports whether v has initializer data.
func (v *Value) IsInitializer() bool { return v.init != nil }

// Initializer returns the initializer proto (not decoded), or nil.
func (v *Value) Initializer() *onnxpb.TensorProto { return v.init }

// IsGraphOutput reports whether v is one of the graph outputs.
func (v *Value) IsGraphOutput() bool {
	if v.g == nil {
		return false
	}
	for _, o := range v.g.outputs {
		if o.v == v {
			return true
		}
	}
	return false
}

// Uses returns a copy of the list of uses, so callers may edit the graph
// while iterating over it.
func (v *Value) Uses() []Use {
	out := make([]Use, len(v.uses))
	copy(out, v.uses)
	return out
}

// NumUses returns the number of uses (including subgraph captures).
func (v *Value) NumUses() int { return len(v.uses) }

// Type returns the declared type proto (shared; do not mutate), or nil.
func (v *Value) Type() *onnxpb.TypeProto { return v.typ }

// ElemType returns the tensor element type (onnxpb.TensorProto_DataType
// value), 0 when unknown.
func (v *Value) ElemType() int32 { return v.elem }

// Rank returns the tensor rank, or -1 when unknown.
func (v *Value) Rank() int { return v.rank }

// Shape returns a copy of the known shape: nil when the rank is unknown, an
// empty non-nil slice for a scalar. Unknown dimensions are symbolic.
func (v *Value) Shape() []Dim {
	if v.rank < 0 {
		return nil
	}
	out := make([]Dim, len(v.dims))
	copy(out, v.dims)
	return out
}

// SetType declares the value's element type and shape; the declaration is
// written to value_info (or to the graph input/output entry) by ToProto.
// A nil dims declares an unknown rank.
func (v *Value) SetType(elem int32, dims []Dim) {
	v.typ = tensorType(elem, dims)
	if v.info != nil {
		info := shallowValueInfo(v.info)
		info.Type = v.typ
		v.info = info
	} else if v.producer != nil && !v.IsGraphOutput() {
		v.info = &onnxpb.ValueInfoProto{Name: proto.String(v.name), Type: v.typ}
		if v.g != nil {
			v.g.valueInfo = append(v.g.valueInfo, viEntry{v: v})
		}
	}
	if v.g != nil {
		for _, p := range v.g.inputs {
			if p.v == v {
				p.info = shallowValueInfo(p.info)
				p.info.Type = v.typ
			}
		}
		for _, p := range v.g.outputs {
			if p.v == v {
				p.info = shallowValueInfo(p.info)
				p.info.Type = v.typ
			}
		}
	}
	v.setShape(elem, dims)
}

// SetInferredShape records the element type and shape a rewrite knows v
// has, without declaring them (nothing is written to value_info); shape
// inference may refine them later. A nil dims means an unknown rank.
func (v *Value) SetInferredShape(elem int32, dims []Dim) { v.setShape(elem, dims) }

// setShape records known type information without touching declarations.
func (v *Value) setShape(elem int32, dims []Dim) {
	v.elem = elem
	if dims == nil {
		v.rank = -1
		v.dims = nil
		return
	}
	v.rank = len(dims)
	v.dims = append(make([]Dim, 0, len(dims)), dims...)
}

func (v *Value) addUse(n *Node, i int) { v.uses = append(v.uses, Use{n, i}) }

func (v *Value) removeUse(n *Node, i int) {
	for k, u := range v.uses {
		if u.Node == n && u.Input == i {
			v.uses = append(v.uses[:k], v.uses[k+1:]...)
			return
		}
	}
}

// String returns the value's name, or `<none>` for a nil value (an omitted
// optional input).
func (v *Value) String() string {
	if v == nil {
		return "<none>"
	}
	return v.name
}
