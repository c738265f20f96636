package heads

import (
	"sort"

	"onnxprune/graphedit"
)

// assignKinds labels self-attention blocks encoder or decoder: with cross
// blocks present, a self block is encoder self-attention when its input
// feeds the keys of a cross block (it runs on the source side), decoder
// otherwise; without cross blocks, a self block is decoder self-attention
// when its scores are masked causally (a Trilu or a Range comparison) and
// the graph reads cached keys or decoder inputs, encoder otherwise.
func assignKinds(g *graphedit.Graph, blocks []*Block) {
	var crossSrc []*graphedit.Value
	for _, b := range blocks {
		if b.Kind == KindCross {
			if b.K.Weight != nil {
				crossSrc = append(crossSrc, b.kvSource())
			}
		}
	}
	hasCross := false
	for _, b := range blocks {
		if b.Kind == KindCross {
			hasCross = true
		}
	}
	for _, b := range blocks {
		if b.Kind != "" {
			continue
		}
		switch {
		case hasCross && len(crossSrc) > 0:
			b.Kind = KindDecoder
			for _, s := range crossSrc {
				if s != nil && dependsOn(s, b.QueryInput, 4000) {
					b.Kind = KindEncoder
				}
			}
		case hasCross:
			b.Kind = KindDecoder
		default:
			b.Kind = KindEncoder
			if causalMask(b.Softmax) {
				b.Kind = KindDecoder
			}
		}
	}
}

// kvSource returns the input of the key projection (nil when absent).
func (b *Block) kvSource() *graphedit.Value {
	return b.keyInput
}

// causalMask reports whether the scores are masked with a Trilu or a
// Range-based comparison (a causal mask) within a few nodes.
func causalMask(sm *graphedit.Node) bool {
	seen := map[*graphedit.Node]bool{}
	var walk func(v *graphedit.Value, d int) bool
	walk = func(v *graphedit.Value, d int) bool {
		if v == nil || d == 0 {
			return false
		}
		n, _ := v.Producer()
		if n == nil || seen[n] {
			return false
		}
		seen[n] = true
		if n.OpType() == "Trilu" {
			return true
		}
		if n.OpType() == "MatMul" {
			return false
		}
		for _, in := range n.Inputs() {
			if walk(in, d-1) {
				return true
			}
		}
		return false
	}
	return walk(sm.Input(0), 14)
}

// dependsOn reports whether v is computed from x (bounded search).
func dependsOn(v, x *graphedit.Value, limit int) bool {
	return graphedit.ComputedFrom(v, func(c *graphedit.Value) bool { return c == x }, limit)
}

// numberLayers numbers the blocks of each kind in data-flow order (the
// topological order of their Softmax nodes; blocks of subgraphs keep their
// own numbering and follow).
func numberLayers(g *graphedit.Graph, blocks []*Block) {
	pos := map[*graphedit.Node]int{}
	if order, err := g.TopoOrder(); err == nil {
		for i, n := range order {
			pos[n] = i
		}
	}
	local := blocks[:0:0]
	for _, b := range blocks {
		if b.Softmax.Graph() == g {
			local = append(local, b)
		}
	}
	sort.SliceStable(local, func(i, j int) bool { return pos[local[i].Softmax] < pos[local[j].Softmax] })
	count := map[Kind]int{}
	for _, b := range local {
		b.Layer = count[b.Kind]
		count[b.Kind]++
	}
	// Keep the slice in data-flow order, subgraph blocks after.
	var rest []*Block
	for _, b := range blocks {
		if b.Softmax.Graph() != g {
			rest = append(rest, b)
		}
	}
	copy(blocks, append(local, rest...))
}
