package graphedit

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

// canResolve reports whether name is a value of g or of an enclosing graph.
func (g *Graph) canResolve(name string) bool {
	return g.values[name] != nil || (name != "" && g.outerFn != nil && g.outerFn(name))
}

// Subgraph returns an editable IR of the graph held in attribute attr of
// node n (an If branch, a Loop or Scan body). Values it reads from g (or
// from graphs enclosing g) are outer values (Value.IsOuter) carrying the
// shapes g knows; they can be read and their uses moved, not renamed or
// removed. The subgraph shares g's name authority, so FreshName never hands
// out a name twice across the model. Write the edited subgraph back with
// SetSubgraph; until then g is unchanged.
func (g *Graph) Subgraph(n *Node, attr string) (*Graph, error) {
	if n == nil || n.g != g {
		return nil, fmt.Errorf("graphedit: subgraph: node %s is not in this graph", n)
	}
	a := n.Attr(attr)
	if a == nil || a.GetG() == nil {
		return nil, fmt.Errorf("graphedit: node %s has no graph attribute %q", n, attr)
	}
	g.ensureAnalysis()
	sub, err := FromProto(a.GetG(), g.opsets, &Options{External: g.ext, Outer: g.canResolve})
	if err != nil {
		return nil, fmt.Errorf("graphedit: node %s attribute %q: %w", n, attr, err)
	}
	for name := range sub.auth.names {
		g.auth.names[name] = true
	}
	sub.auth = g.auth
	sub.parent = g
	for _, v := range sub.values {
		if v.outer {
			sub.copyOuterShape(v)
		}
	}
	return sub, nil
}

// copyOuterShape gives an outer value the type its enclosing graph knows.
func (g *Graph) copyOuterShape(v *Value) {
	if g.parent == nil {
		return
	}
	g.parent.ensureAnalysis()
	pv := g.parent.values[v.name]
	if pv == nil {
		return
	}
	v.typ = pv.typ
	v.elem, v.rank = pv.elem, pv.rank
	v.dims = append([]Dim{}, pv.dims...)
}

// OuterValue returns the value of an enclosing graph named name, as seen
// from this subgraph IR (made on first use: a branch only knows the outer
// values it already reads). It fails when name is defined in this graph or
// in no enclosing graph.
func (g *Graph) OuterValue(name string) (*Value, error) {
	if v := g.values[name]; v != nil {
		if v.outer {
			return v, nil
		}
		return nil, fmt.Errorf("graphedit: outer value %q: defined in graph %q itself", name, g.Name())
	}
	v := g.resolve(name)
	if v == nil {
		return nil, fmt.Errorf("graphedit: outer value %q: no enclosing graph defines it", name)
	}
	g.gen++
	g.copyOuterShape(v)
	return v, nil
}

// SetSubgraph writes sub (from Subgraph, possibly edited) back as attribute
// attr of node n, keeping the attribute's other fields. It fails, changing
// nothing, when the subgraph reads a value g does not have.
func (g *Graph) SetSubgraph(n *Node, attr string, sub *Graph) error {
	if n == nil || n.g != g {
		return fmt.Errorf("graphedit: set subgraph: node %s is not in this graph", n)
	}
	old := n.Attr(attr)
	if old == nil || old.GetG() == nil {
		return fmt.Errorf("graphedit: node %s has no graph attribute %q", n, attr)
	}
	if err := sub.Validate(); err != nil {
		return fmt.Errorf("graphedit: node %s attribute %q: %w", n, attr, err)
	}
	a := &onnxpb.AttributeProto{
		Name:        old.Name,
		RefAttrName: old.RefAttrName,
		DocString:   old.DocString,
		Type:        old.Type,
		G:           sub.ToProto(),
	}
	copyUnknown(a, old)
	return n.SetAttr(a)
}

// nameTaken reports whether a new value may not be called name: a value of
// this graph, a name inside its subgraphs, or a value of an enclosing graph
// (ONNX forbids shadowing) has it.
func (g *Graph) nameTaken(name string) bool {
	return g.values[name] != nil || g.subNames[name] || (g.outerFn != nil && g.outerFn(name))
}

// Parent returns the graph enclosing a subgraph IR made by Subgraph, nil
// for a model's main graph.
func (g *Graph) Parent() *Graph { return g.parent }

// RefreshOuter copies the enclosing graph's current types to this subgraph's
// outer values, after values there changed shape (a sliced weight, a
// redeclared input).
func (g *Graph) RefreshOuter() {
	for _, v := range g.values {
		if v.outer {
			g.copyOuterShape(v)
		}
	}
	g.gen++
}

// OuterDefinition returns the value an outer value stands for in the
// enclosing graph that defines it (nil when v is not an outer value or no
// enclosing graph defines it).
func (v *Value) OuterDefinition() *Value {
	if !v.outer {
		return nil
	}
	for g := v.g; g != nil && g.parent != nil; g = g.parent {
		pv := g.parent.values[v.name]
		if pv == nil {
			return nil
		}
		if !pv.outer {
			return pv
		}
	}
	return nil
}
