package heads

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// outerKey names an initializer of an enclosing graph as one block group
// (a block and its twins in the other If branch) reads it.
type outerKey struct {
	iv    *graphedit.Value
	block string
}

// ownOuter decides how block b cuts iv, an initializer of the graph around
// the If whose branch b lives in (a merged decoder's weights, scales and
// zero points). When b's group (b and its twins, st.group) reads iv alone,
// iv is cut in place and returned. When anything else reads it too (a zero
// point the quantizer shared between all weights, a deduplicated bias), the
// group's readers, in every branch, are pointed at one copy of iv in the
// enclosing graph, which is returned to be cut. It returns nil when the
// group already got its copy (the twin in the other branch came first).
// added is the size of a new copy.
func (st *sliceState) ownOuter(b *Block, iv *graphedit.Value) (cut *graphedit.Value, added int64, err error) {
	key := outerKey{iv, b.Name()}
	if st.outerCopies[key] {
		return nil, 0, nil
	}
	group := st.group[b.Name()]
	type reader struct {
		g   *graphedit.Graph
		own []graphedit.Use
	}
	var readers []reader
	shared := false
	branches := map[string]bool{}
	for _, u := range group {
		if u.ifNode == nil || u.region == nil {
			return iv, 0, nil // not in a branch: nothing to decide here
		}
		branches[u.branch] = true
		gr := u.Softmax.Graph()
		v := gr.Value(iv.Name())
		if v == nil || !v.IsOuter() {
			continue
		}
		own, sh := u.headReaders(v)
		shared = shared || sh
		readers = append(readers, reader{gr, own})
	}
	for _, use := range iv.Uses() {
		if !use.Captured() || use.Node != b.ifNode {
			shared = true // read in the enclosing graph or by another subgraph
		}
	}
	// A branch without a block of the group reads iv for something else.
	for _, attr := range []string{"then_branch", "else_branch"} {
		if branches[attr] || b.ifNode.Attr(attr) == nil {
			continue
		}
		if readsName(b.ifNode.Attr(attr).GetG(), iv.Name()) {
			shared = true
		}
	}
	if !shared {
		return iv, 0, nil
	}
	parent := iv.Graph()
	t := proto.Clone(iv.Initializer()).(*onnxpb.TensorProto)
	t.Name = proto.String(parent.FreshName(iv.Name() + "/pruned"))
	c, err := parent.AddInitializer(t)
	if err != nil {
		return nil, 0, err
	}
	for _, r := range readers {
		if len(r.own) == 0 {
			continue
		}
		ov, err := r.g.OuterValue(c.Name())
		if err != nil {
			return nil, 0, err
		}
		for _, u := range r.own {
			if err := r.g.SetInput(u.Node, u.Input, ov); err != nil {
				return nil, 0, err
			}
		}
	}
	st.outerCopies[key] = true
	size := onnxio.TensorByteSize(iv.Initializer())
	st.copied[iv] = size
	st.copies = append(st.copies, fmt.Sprintf("%s for %s", iv.Name(), b.Name()))
	return c, size, nil
}

// readsName reports whether a node of g, or of a graph nested in it, reads
// a value called name.
func readsName(g *onnxpb.GraphProto, name string) bool {
	for _, n := range g.GetNode() {
		for _, in := range n.GetInput() {
			if in == name {
				return true
			}
		}
		for _, a := range n.GetAttribute() {
			if sub := a.GetG(); sub != nil && readsName(sub, name) {
				return true
			}
			for _, sub := range a.GetGraphs() {
				if readsName(sub, name) {
					return true
				}
			}
		}
	}
	return false
}
