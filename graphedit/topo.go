package graphedit

import (
	"container/heap"
	"fmt"
	"strings"
)

// TopoOrder returns the nodes in a topological order that keeps the current
// graph order wherever the dependencies allow (Kahn's algorithm, always
// taking the earliest ready node). A cycle is an error naming a node on it.
func (g *Graph) TopoOrder() ([]*Node, error) {
	index := make(map[*Node]int, len(g.nodes))
	for i, n := range g.nodes {
		index[n] = i
	}
	indeg := make([]int, len(g.nodes))
	consumers := make([][]int, len(g.nodes))
	for i, n := range g.nodes {
		seen := map[*Node]bool{}
		for _, v := range n.deps() {
			if v == nil || v.producer == nil {
				continue
			}
			p, ok := index[v.producer]
			if !ok || seen[v.producer] {
				continue
			}
			seen[v.producer] = true
			indeg[i]++
			consumers[p] = append(consumers[p], i)
		}
	}
	h := &intHeap{}
	for i, d := range indeg {
		if d == 0 {
			*h = append(*h, i)
		}
	}
	heap.Init(h)
	order := make([]*Node, 0, len(g.nodes))
	for h.Len() > 0 {
		i := heap.Pop(h).(int)
		order = append(order, g.nodes[i])
		for _, c := range consumers[i] {
			if indeg[c]--; indeg[c] == 0 {
				heap.Push(h, c)
			}
		}
	}
	if len(order) < len(g.nodes) {
		return nil, g.cycleError(indeg)
	}
	return order, nil
}

// deps lists the values a node reads: inputs and subgraph captures.
func (n *Node) deps() []*Value {
	if len(n.captures) == 0 {
		return n.inputs
	}
	return append(append([]*Value(nil), n.inputs...), n.captures...)
}

// cycleError finds a cycle among the nodes left with positive in-degree
// and names it.
func (g *Graph) cycleError(indeg []int) error {
	left := map[*Node]bool{}
	var start *Node
	for i, d := range indeg {
		if d > 0 {
			left[g.nodes[i]] = true
			if start == nil {
				start = g.nodes[i]
			}
		}
	}
	// Walk backwards through unfinished producers until a node repeats.
	pos := map[*Node]int{}
	var path []*Node
	n := start
	for n != nil {
		if k, ok := pos[n]; ok {
			cyc := path[k:]
			names := make([]string, len(cyc))
			for i, c := range cyc {
				names[len(cyc)-1-i] = c.String()
			}
			return fmt.Errorf("graphedit: graph %q: cycle through node %s: %s", g.Name(), cyc[0], strings.Join(names, " -> "))
		}
		pos[n] = len(path)
		path = append(path, n)
		var next *Node
		for _, v := range n.deps() {
			if v != nil && v.producer != nil && left[v.producer] {
				next = v.producer
				break
			}
		}
		n = next
	}
	return fmt.Errorf("graphedit: graph %q: cycle through node %s", g.Name(), start)
}

// SortTopologically reorders the nodes by TopoOrder; on a cycle the graph
// is unchanged.
func (g *Graph) SortTopologically() error {
	order, err := g.TopoOrder()
	if err != nil {
		return err
	}
	g.nodes = order
	return nil
}

// isTopological reports whether the current order is already topological.
func (g *Graph) isTopological() bool {
	done := map[*Node]bool{}
	for _, n := range g.nodes {
		for _, v := range n.deps() {
			if v != nil && v.producer != nil && !done[v.producer] {
				return false
			}
		}
		done[n] = true
	}
	return true
}

// Validate checks the graph's invariants: every value read is defined in
// the graph, each value has one producer, and there is no cycle. Errors
// name the node and the value. Node names are labels, not identifiers: two
// nodes may share one (Optimum's merged decoders have such If branches, and
// ONNX's checker and ONNX Runtime accept them).
func (g *Graph) Validate() error {
	owner := map[string]string{}
	claim := func(name, by string) error {
		if prev, ok := owner[name]; ok {
			return fmt.Errorf("graphedit: graph %q: duplicate value name %q: produced by %s and by %s", g.Name(), name, prev, by)
		}
		owner[name] = by
		return nil
	}
	for _, p := range g.inputs {
		if err := claim(p.v.name, "graph input"); err != nil {
			return err
		}
	}
	for _, v := range g.inits {
		if v.input {
			continue
		}
		if err := claim(v.name, "initializer"); err != nil {
			return err
		}
	}
	for _, name := range g.sparse {
		if err := claim(name, "sparse initializer"); err != nil {
			return err
		}
	}
	for _, n := range g.nodes {
		for _, v := range n.outputs {
			if v == nil {
				continue
			}
			if err := claim(v.name, "node "+n.String()); err != nil {
				return err
			}
		}
	}
	for _, n := range g.nodes {
		for i, v := range n.inputs {
			if v != nil && (v.g != g || g.values[v.name] != v) {
				return fmt.Errorf("graphedit: graph %q: node %s input %d reads undefined value %q", g.Name(), n, i, v.name)
			}
		}
		for _, v := range n.captures {
			if v.g != g || g.values[v.name] != v {
				return fmt.Errorf("graphedit: graph %q: subgraph of node %s reads undefined value %q", g.Name(), n, v.name)
			}
		}
	}
	for _, p := range g.outputs {
		if p.v.g != g || g.values[p.v.name] != p.v {
			return fmt.Errorf("graphedit: graph %q: graph output %q is undefined", g.Name(), p.v.name)
		}
	}
	if err := g.checkUses(); err != nil {
		return err
	}
	_, err := g.TopoOrder()
	return err
}

// checkUses verifies that use lists and node inputs agree.
func (g *Graph) checkUses() error {
	type slot struct {
		n *Node
		i int
	}
	want := map[*Value]map[slot]int{}
	add := func(v *Value, s slot) {
		if want[v] == nil {
			want[v] = map[slot]int{}
		}
		want[v][s]++
	}
	for _, n := range g.nodes {
		for i, v := range n.inputs {
			if v != nil {
				add(v, slot{n, i})
			}
		}
		for _, v := range n.captures {
			add(v, slot{n, CapturedInput})
		}
	}
	for _, v := range g.values {
		got := map[slot]int{}
		for _, u := range v.uses {
			got[slot{u.Node, u.Input}]++
		}
		w := want[v]
		if len(got) != len(w) {
			return fmt.Errorf("graphedit: graph %q: value %q has %d uses recorded, %d readers", g.Name(), v.name, len(v.uses), len(w))
		}
		for s, k := range w {
			if got[s] != k {
				return fmt.Errorf("graphedit: graph %q: value %q: use by node %s input %d not recorded", g.Name(), v.name, s.n, s.i)
			}
		}
	}
	return nil
}

type intHeap []int

func (h intHeap) Len() int           { return len(h) }
func (h intHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h intHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *intHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *intHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
