package graphedit

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

// Node is one operator application. Its outputs are fixed when it is created;
// its inputs may be rewired with Graph.SetInput. A nil input is an omitted
// optional input; a nil output is an omitted optional output.
type Node struct {
	g       *Graph
	proto   *onnxpb.NodeProto // original fields (attributes, doc string, ...); Input/Output ignored
	inputs  []*Value
	outputs []*Value
	// captures lists outer-scope values read by name inside subgraph
	// attributes; each has a Use{n, CapturedInput}.
	captures []*Value
}

// Name returns the node name (may be empty).
func (n *Node) Name() string { return n.proto.GetName() }

// OpType returns the operator type.
func (n *Node) OpType() string { return n.proto.GetOpType() }

// Domain returns the operator domain ("" is the default ONNX domain).
func (n *Node) Domain() string { return n.proto.GetDomain() }

// Graph returns the graph the node belongs to (nil once removed).
func (n *Node) Graph() *Graph { return n.g }

// Inputs returns a copy of the input list.
func (n *Node) Inputs() []*Value { return append([]*Value(nil), n.inputs...) }

// Outputs returns a copy of the output list.
func (n *Node) Outputs() []*Value { return append([]*Value(nil), n.outputs...) }

// Input returns input i, or nil when absent or out of range.
func (n *Node) Input(i int) *Value {
	if i < 0 || i >= len(n.inputs) {
		return nil
	}
	return n.inputs[i]
}

// Output returns output i, or nil when absent or out of range.
func (n *Node) Output(i int) *Value {
	if i < 0 || i >= len(n.outputs) {
		return nil
	}
	return n.outputs[i]
}

// NumInputs returns the number of input slots (including omitted ones).
func (n *Node) NumInputs() int { return len(n.inputs) }

// NumOutputs returns the number of output slots.
func (n *Node) NumOutputs() int { return len(n.outputs) }

// Captures returns a copy of the outer-scope values its subgraphs read.
func (n *Node) Captures() []*Value { return append([]*Value(nil), n.captures...) }

// Proto returns the node's original proto (attributes, doc string, metadata).
// Its Input and Output fields are stale once the graph is edited; use
// Inputs/Outputs. Treat it as read-only.
func (n *Node) Proto() *onnxpb.NodeProto { return n.proto }

// Attributes returns the node's attributes (shared with the graph; read-only).
func (n *Node) Attributes() []*onnxpb.AttributeProto { return n.proto.GetAttribute() }

// Attr returns the attribute with the given name, or nil.
func (n *Node) Attr(name string) *onnxpb.AttributeProto {
	for _, a := range n.proto.GetAttribute() {
		if a.GetName() == name {
			return a
		}
	}
	return nil
}

// AttrInt returns an INT attribute, or def when absent.
func (n *Node) AttrInt(name string, def int64) int64 {
	if a := n.Attr(name); a != nil {
		return a.GetI()
	}
	return def
}

// AttrFloat returns a FLOAT attribute, or def when absent.
func (n *Node) AttrFloat(name string, def float32) float32 {
	if a := n.Attr(name); a != nil {
		return a.GetF()
	}
	return def
}

// AttrString returns a STRING attribute, or def when absent.
func (n *Node) AttrString(name string, def string) string {
	if a := n.Attr(name); a != nil {
		return string(a.GetS())
	}
	return def
}

// AttrInts returns an INTS attribute and whether it is present.
func (n *Node) AttrInts(name string) ([]int64, bool) {
	if a := n.Attr(name); a != nil {
		return a.GetInts(), true
	}
	return nil, false
}

// AttrTensor returns a TENSOR attribute, or nil.
func (n *Node) AttrTensor(name string) *onnxpb.TensorProto {
	if a := n.Attr(name); a != nil {
		return a.GetT()
	}
	return nil
}

// SetAttr adds or replaces an attribute. The node proto is copied shallowly
// so the original model's node is not modified. An attribute holding a
// subgraph must read only values of the graph (checked first; on error the
// node is unchanged).
func (n *Node) SetAttr(a *onnxpb.AttributeProto) error {
	if a == nil || a.GetName() == "" {
		return fmt.Errorf("graphedit: node %s: set attribute: nil or unnamed attribute", n)
	}
	np := shallowNode(n.proto)
	attrs := make([]*onnxpb.AttributeProto, 0, len(np.Attribute)+1)
	replaced := false
	for _, x := range np.Attribute {
		if x.GetName() == a.GetName() {
			attrs = append(attrs, a)
			replaced = true
		} else {
			attrs = append(attrs, x)
		}
	}
	if !replaced {
		attrs = append(attrs, a)
	}
	np.Attribute = attrs
	g := n.g
	if g == nil {
		n.proto = np
		return nil
	}
	for _, sg := range subgraphs(np) {
		for _, name := range freeNames(sg) {
			if !g.canResolve(name) {
				return fmt.Errorf("graphedit: node %s: attribute %q: subgraph reads undefined value %q", n, a.GetName(), name)
			}
			if v := g.values[name]; v != nil && g.ancestors(v)[n] {
				return fmt.Errorf("graphedit: node %s: attribute %q: subgraph reads %q, which depends on the node (cycle)", n, a.GetName(), name)
			}
		}
	}
	g.gen++
	for _, v := range n.captures {
		v.removeUse(n, CapturedInput)
	}
	n.proto = np
	for _, sg := range subgraphs(np) {
		collectNames(sg, g.subNames)
		collectNames(sg, g.auth.names)
	}
	_ = g.attachCaptures(n) // cannot fail: checked above
	return nil
}

// HasSubgraphs reports whether any attribute holds a graph.
func (n *Node) HasSubgraphs() bool {
	for _, a := range n.proto.GetAttribute() {
		if a.GetG() != nil || len(a.GetGraphs()) > 0 {
			return true
		}
	}
	return false
}

// String names the node for messages: `name (OpType)`.
func (n *Node) String() string {
	if n == nil {
		return "<nil node>"
	}
	name := n.Name()
	if name == "" && len(n.outputs) > 0 && n.outputs[0] != nil {
		name = "->" + n.outputs[0].name
	}
	if n.Domain() != "" {
		return fmt.Sprintf("%q (%s:%s)", name, n.Domain(), n.OpType())
	}
	return fmt.Sprintf("%q (%s)", name, n.OpType())
}
