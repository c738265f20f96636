package graphedit

import (
	"fmt"
	"strconv"

	"onnxprune/onnxio/onnxpb"
)

// FreshName returns a name starting with prefix that collides with no value
// or node name of the graph, subgraphs included, and reserves it. The first
// call for a prefix returns prefix itself when it is free; later calls add
// `_1`, `_2`, ...
func (g *Graph) FreshName(prefix string) string {
	if prefix == "" {
		prefix = "v"
	}
	i := g.auth.fresh[prefix]
	for {
		name := prefix
		if i > 0 {
			name = prefix + "_" + strconv.Itoa(i)
		}
		i++
		if !g.auth.names[name] {
			g.auth.fresh[prefix] = i
			g.auth.names[name] = true
			return name
		}
	}
}

// NameInUse reports whether a value or node (subgraphs included) uses name
// or FreshName has handed it out.
func (g *Graph) NameInUse(name string) bool { return g.auth.names[name] }

// freshDim returns a new symbolic dimension `unk_N` unused in the graph.
func (g *Graph) freshDim() Dim {
	for {
		g.auth.unk++
		name := "unk_" + strconv.Itoa(g.auth.unk)
		if !g.auth.names[name] {
			g.auth.freshSyms[name] = true
			return SymDim(name)
		}
	}
}

// collectNames adds every value and node name of gp and its subgraphs.
func collectNames(gp *onnxpb.GraphProto, into map[string]bool) {
	for _, x := range gp.GetInput() {
		into[x.GetName()] = true
	}
	for _, x := range gp.GetOutput() {
		into[x.GetName()] = true
	}
	for _, x := range gp.GetInitializer() {
		into[x.GetName()] = true
	}
	for _, x := range gp.GetValueInfo() {
		into[x.GetName()] = true
	}
	for _, n := range gp.GetNode() {
		if n.GetName() != "" {
			into[n.GetName()] = true
		}
		for _, o := range n.GetOutput() {
			into[o] = true
		}
		for _, sg := range subgraphs(n) {
			collectNames(sg, into)
		}
	}
	delete(into, "")
}

// subgraphs lists the graphs held in a node's attributes.
func subgraphs(n *onnxpb.NodeProto) []*onnxpb.GraphProto {
	var out []*onnxpb.GraphProto
	for _, a := range n.GetAttribute() {
		if a.GetG() != nil {
			out = append(out, a.GetG())
		}
		out = append(out, a.GetGraphs()...)
	}
	return out
}

// freeNames returns the names gp reads but does not define (outer-scope
// references), in first-use order, following nested subgraphs.
func freeNames(gp *onnxpb.GraphProto) []string {
	defined := map[string]bool{"": true}
	for _, x := range gp.GetInput() {
		defined[x.GetName()] = true
	}
	for _, x := range gp.GetInitializer() {
		defined[x.GetName()] = true
	}
	for _, x := range gp.GetSparseInitializer() {
		defined[x.GetValues().GetName()] = true
	}
	for _, n := range gp.GetNode() {
		for _, o := range n.GetOutput() {
			defined[o] = true
		}
	}
	seen := map[string]bool{}
	var out []string
	use := func(name string) {
		if !defined[name] && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	for _, n := range gp.GetNode() {
		for _, in := range n.GetInput() {
			use(in)
		}
		for _, sg := range subgraphs(n) {
			for _, name := range freeNames(sg) {
				use(name)
			}
		}
	}
	for _, o := range gp.GetOutput() {
		use(o.GetName())
	}
	return out
}

// attachCaptures records the outer-scope values n's subgraphs read as
// captured uses; it fails, changing nothing, when one is undefined.
func (g *Graph) attachCaptures(n *Node) error {
	var caps []*Value
	seen := map[*Value]bool{}
	for _, sg := range subgraphs(n.proto) {
		for _, name := range freeNames(sg) {
			v := g.resolve(name)
			if v == nil {
				return fmt.Errorf("subgraph %q of node %s reads undefined value %q", sg.GetName(), n, name)
			}
			if !seen[v] {
				seen[v] = true
				caps = append(caps, v)
			}
		}
	}
	n.captures = caps
	for _, v := range caps {
		v.addUse(n, CapturedInput)
	}
	return nil
}
