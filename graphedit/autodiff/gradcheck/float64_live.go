package gradcheck

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// discreteOps produce no float output whatever their inputs.
var discreteOps = map[string]bool{
	"Shape": true, "Size": true, "NonZero": true, "ArgMax": true, "ArgMin": true,
	"Equal": true, "Less": true, "Greater": true, "LessOrEqual": true, "GreaterOrEqual": true,
	"Not": true, "And": true, "Or": true, "Xor": true, "IsNaN": true, "IsInf": true,
}

// hasSubgraphs reports whether a node of gp holds a graph attribute.
func hasSubgraphs(gp *onnxpb.GraphProto) bool {
	for _, n := range gp.GetNode() {
		for _, a := range n.GetAttribute() {
			if a.G != nil || len(a.Graphs) > 0 {
				return true
			}
		}
	}
	return false
}

// liveGraph converts the main graph of m (no subgraphs) as Float64Model
// says: the values that depend on a float graph input become float64.
func (c *f64conv) liveGraph(m *onnxpb.ModelProto) error {
	gp := m.GetGraph()
	g, err := graphedit.FromModel(m, &graphedit.Options{External: c.src})
	if err != nil {
		return err
	}
	_ = g.InferShapes()
	isFloat := func(name string) bool {
		v := g.Value(name)
		return v != nil && v.ElemType() == tFloat
	}
	live := map[string]bool{}
	for _, vi := range gp.Input {
		if tt := vi.GetType().GetTensorType(); tt != nil && tt.GetElemType() == tFloat {
			live[vi.GetName()] = true
			tt.ElemType = proto.Int32(tDouble)
		}
	}
	for i, t := range gp.Initializer {
		if !live[t.GetName()] {
			continue // a constant: read through a cast where live ops need it
		}
		nt, err := c.tensor(t)
		if err != nil {
			return err
		}
		gp.Initializer[i] = nt
	}
	gp.ValueInfo = nil
	casts := map[string]string{} // float32 value → its float64 cast
	var nodes []*onnxpb.NodeProto
	for _, n := range gp.Node {
		if n.GetDomain() != "" && n.GetDomain() != "ai.onnx" {
			return fmt.Errorf("node %q: %s:%s has no float64 kernel in ONNX Runtime", n.GetName(), n.GetDomain(), n.GetOpType())
		}
		isLive := false
		for _, in := range n.Input {
			if live[in] {
				isLive = true
			}
		}
		if !isLive {
			nodes = append(nodes, n)
			continue
		}
		for k, in := range n.Input {
			if in == "" || live[in] || !isFloat(in) {
				continue
			}
			name, ok := casts[in]
			if !ok {
				c.n++
				name = fmt.Sprintf("%s/f64_%d", in, c.n)
				casts[in] = name
				c.dims[name] = c.dims[in]
				nodes = append(nodes, castNode(in, name, tDouble))
			}
			n.Input[k] = name
		}
		for _, o := range n.Output {
			v := g.Value(o)
			unknown := v == nil || v.ElemType() == 0
			if o != "" && (isFloat(o) || unknown && !discreteOps[n.GetOpType()]) {
				live[o] = true
			}
		}
		switch n.GetOpType() {
		case "Cast", "EyeLike", "RandomNormalLike", "RandomUniformLike":
			retargetFloat64(n)
			if n.GetOpType() == "Cast" && !isFloat(n.Output[0]) {
				delete(live, n.Output[0])
			}
		}
		nodes = append(nodes, c.float64Nodes(n)...)
	}
	gp.Node = nodes
	for _, vi := range gp.Output {
		if tt := vi.GetType().GetTensorType(); tt != nil && tt.GetElemType() == tFloat && live[vi.GetName()] {
			tt.ElemType = proto.Int32(tDouble)
		}
	}
	return nil
}
