package graphedit

import (
	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// DropValueInfo removes every value_info entry (graph input and output
// declarations stay). Use it after a rewrite that changes intermediate
// shapes, so the written model carries no stale declarations.
func (g *Graph) DropValueInfo() {
	g.gen++
	for _, e := range g.valueInfo {
		if e.v != nil {
			e.v.info = nil
		}
	}
	g.valueInfo = nil
}

// WriteValueInfo runs InferShapes and records the inferred type of every
// node output that is not a graph output as its value_info entry (replacing
// an existing one, appending otherwise). Dimensions inference made up
// (`unk_N`) are written as unknown. Values whose element type or rank is
// unknown get no entry. It returns InferShapes' error, after writing.
func (g *Graph) WriteValueInfo() error {
	err := g.InferShapes()
	g.gen++
	entries := map[*Value]bool{}
	for _, e := range g.valueInfo {
		if e.v != nil {
			entries[e.v] = true
		}
	}
	for _, n := range g.nodes {
		for _, v := range n.outputs {
			// Values inference knows nothing about keep their declaration.
			if v == nil || v.IsGraphOutput() || v.elem == 0 || v.rank < 0 {
				continue
			}
			info := shallowValueInfo(v.info)
			info.Name = proto.String(v.name)
			info.Type = g.tensorTypeFresh(v.elem, v.dims)
			v.info = info
			if !entries[v] {
				g.valueInfo = append(g.valueInfo, viEntry{v: v})
				entries[v] = true
			}
		}
	}
	g.anGen = g.gen
	return err
}

// tensorTypeFresh is tensorType with `unk_N` dims written as unknown.
func (g *Graph) tensorTypeFresh(elem int32, dims []Dim) *onnxpb.TypeProto {
	t := tensorType(elem, dims)
	for i, d := range dims {
		if g.isFresh(d) {
			t.GetTensorType().GetShape().Dim[i] = &onnxpb.TensorShapeProto_Dimension{}
		}
	}
	return t
}
