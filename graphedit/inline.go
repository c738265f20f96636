package graphedit

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// InlineIf rewrites the main graph of m, replacing each If node whose
// condition is the value named cond by the nodes of the branch that value
// selects, and returns how many it replaced. Gradients do not flow through
// If, so a model that chooses its computation at run time (Optimum's merged
// decoder picks the cached or uncached path with use_cache_branch) is first
// specialized to the path a training loop runs; load the result with
// FromModel. The If outputs keep their names (an Identity node
// renames a branch output that has another name); the condition input
// stays, unused.
//
// It works on the proto, before a Graph exists, so that the If outputs'
// names, also used inside the branches, can be given to the inlined nodes.
// Everything is checked first: on error m is unchanged.
func InlineIf(m *onnxpb.ModelProto, cond string, value bool) (int, error) {
	gp := m.GetGraph()
	if gp == nil {
		return 0, fmt.Errorf("graphedit: inline If: model has no graph")
	}
	attr := "else_branch"
	if value {
		attr = "then_branch"
	}
	// Names defined in the main graph outside the If nodes to replace.
	outer := map[string]bool{}
	for _, x := range gp.GetInput() {
		outer[x.GetName()] = true
	}
	for _, t := range gp.GetInitializer() {
		outer[t.GetName()] = true
	}
	var nodes []*onnxpb.NodeProto
	var inits []*onnxpb.TensorProto
	count := 0
	for _, n := range gp.GetNode() {
		if n.GetOpType() != "If" || (n.GetDomain() != "" && n.GetDomain() != "ai.onnx") || len(n.GetInput()) == 0 || n.GetInput()[0] != cond {
			for _, o := range n.GetOutput() {
				outer[o] = true
			}
		}
	}
	for _, n := range gp.GetNode() {
		if n.GetOpType() != "If" || (n.GetDomain() != "" && n.GetDomain() != "ai.onnx") || len(n.GetInput()) == 0 || n.GetInput()[0] != cond {
			nodes = append(nodes, n)
			continue
		}
		var b *onnxpb.GraphProto
		for _, a := range n.GetAttribute() {
			if a.GetName() == attr {
				b = a.GetG()
			}
		}
		if b == nil {
			return 0, fmt.Errorf("graphedit: inline If: node %q has no %s", n.GetName(), attr)
		}
		if len(b.GetInput()) > 0 || len(b.GetOutput()) != len(n.GetOutput()) {
			return 0, fmt.Errorf("graphedit: inline If: node %q: %s has %d inputs and %d outputs (node: %d outputs)",
				n.GetName(), attr, len(b.GetInput()), len(b.GetOutput()), len(n.GetOutput()))
		}
		ifOut := map[string]bool{}
		for _, o := range n.GetOutput() {
			ifOut[o] = true
		}
		defined := map[string]bool{}
		define := func(name string) error {
			if name == "" {
				return nil
			}
			if outer[name] || defined[name] {
				return fmt.Errorf("graphedit: inline If: node %q: branch value %q clashes with a name of the main graph", n.GetName(), name)
			}
			defined[name] = true
			return nil
		}
		for _, t := range b.GetInitializer() {
			if err := define(t.GetName()); err != nil {
				return 0, err
			}
			inits = append(inits, t)
		}
		for _, bn := range b.GetNode() {
			for _, in := range bn.GetInput() {
				if in != "" && !defined[in] && !outer[in] {
					return 0, fmt.Errorf("graphedit: inline If: node %q: branch node %q reads undefined value %q", n.GetName(), bn.GetName(), in)
				}
			}
			for _, o := range bn.GetOutput() {
				if err := define(o); err != nil {
					return 0, err
				}
			}
			nodes = append(nodes, bn)
		}
		for j, o := range b.GetOutput() {
			want := n.GetOutput()[j]
			if want == "" || o.GetName() == want {
				continue
			}
			if !defined[o.GetName()] && !outer[o.GetName()] {
				return 0, fmt.Errorf("graphedit: inline If: node %q: branch output %q is undefined", n.GetName(), o.GetName())
			}
			if defined[want] {
				return 0, fmt.Errorf("graphedit: inline If: node %q: output %q is also an inner value of the branch", n.GetName(), want)
			}
			nodes = append(nodes, &onnxpb.NodeProto{OpType: proto.String("Identity"), Input: []string{o.GetName()}, Output: []string{want}})
		}
		for _, vi := range b.GetValueInfo() {
			if !ifOut[vi.GetName()] {
				gp.ValueInfo = append(gp.ValueInfo, vi)
			}
		}
		count++
	}
	gp.Node = nodes
	gp.Initializer = append(gp.Initializer, inits...)
	return count, nil
}
