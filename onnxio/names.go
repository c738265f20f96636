package onnxio

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

// CheckNames checks the value names of the main graph, its subgraphs at any
// depth and the model-local functions (training-info graphs, which extend
// the main graph, are not checked):
//
//   - a value is defined once: by a graph input, an initializer or a node
//     output (a name that is both a graph input and an initializer is an
//     overridable default and allowed);
//   - every non-empty node input and every graph output names a value
//     defined in its graph or, for subgraphs, in an enclosing graph.
//
// Node order is not checked here (cycles and topological order belong to
// graphedit). The error names the graph, the node and the value.
func (m *Model) CheckNames() error {
	if err := checkGraphNames(m.Proto.Graph, "graph", nil); err != nil {
		return err
	}
	for _, f := range m.Proto.Functions {
		fw := fmt.Sprintf("function %q", f.GetName())
		defined := map[string]bool{}
		for _, in := range f.Input {
			if defined[in] {
				return fmt.Errorf("%s: input %q is listed twice", fw, in)
			}
			defined[in] = true
		}
		if err := checkNodeNames(f.Node, fw, defined, nil); err != nil {
			return err
		}
		for _, out := range f.Output {
			if !defined[out] {
				return fmt.Errorf("%s: output %q is not produced by any node or input", fw, out)
			}
		}
	}
	return nil
}

// scope is a chain of the value names defined in enclosing graphs.
type scope struct {
	names  map[string]bool
	parent *scope
}

func (s *scope) has(name string) bool {
	for ; s != nil; s = s.parent {
		if s.names[name] {
			return true
		}
	}
	return false
}

func checkGraphNames(g *onnxpb.GraphProto, where string, outer *scope) error {
	if g == nil {
		return nil
	}
	gw := fmt.Sprintf("%s %q", where, g.GetName())
	defined := map[string]bool{}
	inputs := map[string]bool{}
	for _, vi := range g.Input {
		n := vi.GetName()
		if n == "" {
			return fmt.Errorf("%s: graph input with an empty name", gw)
		}
		if inputs[n] {
			return fmt.Errorf("%s: duplicate value name %q (graph input listed twice)", gw, n)
		}
		inputs[n], defined[n] = true, true
	}
	inits := map[string]bool{}
	addInit := func(n string) error {
		if n == "" {
			return fmt.Errorf("%s: initializer with an empty name", gw)
		}
		if inits[n] {
			return fmt.Errorf("%s: duplicate value name %q (two initializers)", gw, n)
		}
		inits[n], defined[n] = true, true
		return nil
	}
	for _, t := range g.Initializer {
		if err := addInit(t.GetName()); err != nil {
			return err
		}
	}
	for _, s := range g.SparseInitializer {
		if err := addInit(s.GetValues().GetName()); err != nil {
			return err
		}
	}
	if err := checkNodeNames(g.Node, gw, defined, outer); err != nil {
		return err
	}
	for _, vi := range g.Output {
		n := vi.GetName()
		if !defined[n] && !outer.has(n) {
			return fmt.Errorf("%s: graph output %q is not defined by any node, input or initializer", gw, n)
		}
	}
	return nil
}

// checkNodeNames adds the nodes' outputs to defined (rejecting duplicates),
// then checks that every input is defined and recurses into subgraphs.
func checkNodeNames(nodes []*onnxpb.NodeProto, where string, defined map[string]bool, outer *scope) error {
	for i, n := range nodes {
		for _, out := range n.Output {
			if out == "" {
				continue // an omitted optional output
			}
			if defined[out] {
				return fmt.Errorf("%s: %s: duplicate value name %q (already defined)", where, nodeLabel(n, i), out)
			}
			defined[out] = true
		}
	}
	inner := &scope{names: defined, parent: outer}
	for i, n := range nodes {
		nw := where + ": " + nodeLabel(n, i)
		for _, in := range n.Input {
			if in != "" && !defined[in] && !outer.has(in) {
				return fmt.Errorf("%s reads undefined value %q", nw, in)
			}
		}
		for _, a := range n.Attribute {
			aw := fmt.Sprintf("%s attribute %q", nw, a.GetName())
			if err := checkGraphNames(a.G, aw+" graph", inner); err != nil {
				return err
			}
			for j, g := range a.Graphs {
				if err := checkGraphNames(g, fmt.Sprintf("%s graph[%d]", aw, j), inner); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
