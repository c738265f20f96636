package structures

import (
	"fmt"
	"sort"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
)

// NotUnderstood is an anchor the analysis could not explain: an FFN
// candidate (a nonlinearity reading a projection), or a sublayer whose
// branch does not reach a residual Add.
type NotUnderstood struct {
	// Structure is "ffn", "sublayer" or "attention" (a Softmax package
	// heads could not analyse).
	Structure string `json:"structure"`
	// Node names the anchor node (the nonlinearity, the projection, the
	// Softmax); Graph is "main" or the If branch's path.
	Node   string `json:"node"`
	Graph  string `json:"graph"`
	Reason string `json:"reason"`
}

// Error describes the anchor and the reason in one line.
func (e *NotUnderstood) Error() string {
	where := ""
	if e.Graph != "" && e.Graph != "main" {
		where = " in " + e.Graph
	}
	return fmt.Sprintf("%s at %q%s: %s", e.Structure, e.Node, where, e.Reason)
}

// Discovery is what Discover found in a graph.
type Discovery struct {
	// Heads is package heads' discovery of the same graph.
	Heads *heads.Discovery
	// FFNs and Sublayers in data-flow order per kind.
	FFNs      []*FFN
	Sublayers []*Sublayer
	// NotUnderstood lists the anchors not analysed, never skipped.
	NotUnderstood []*NotUnderstood

	g        *graphedit.Graph
	branches []branch // the If branches' IRs the structures live in
}

// branch is one If branch's IR.
type branch struct {
	ifNode *graphedit.Node
	attr   string
	g      *graphedit.Graph
	path   string
}

// FFN returns the FFN named `KIND:LAYER` (or `ffn:KIND:LAYER`), nil if none.
func (d *Discovery) FFN(key string) *FFN {
	for _, f := range d.FFNs {
		if f.Key() == key || f.Name() == key {
			return f
		}
	}
	return nil
}

// Sublayer returns the sublayer named `STACK:LAYER:PART` (or with the
// `sublayer:` prefix), nil if none.
func (d *Discovery) Sublayer(key string) *Sublayer {
	for _, s := range d.Sublayers {
		if s.Key() == key || s.Name() == key {
			return s
		}
	}
	return nil
}

// Discover finds the FFN blocks and sublayers of g (and of the branches of
// its If nodes, one level deep). Anchors it cannot analyse are listed in
// NotUnderstood; the error is for graphs that cannot be read at all.
func Discover(g *graphedit.Graph) (*Discovery, error) {
	hd, err := heads.Discover(g)
	if err != nil {
		return nil, err
	}
	return DiscoverWith(g, hd)
}

// DiscoverWith is Discover with hd, package heads' discovery of g as it is
// now (found when g was loaded, say), in place of a second one.
func DiscoverWith(g *graphedit.Graph, hd *heads.Discovery) (*Discovery, error) {
	d := &Discovery{Heads: hd, g: g}
	for _, m := range hd.NotUnderstood {
		d.NotUnderstood = append(d.NotUnderstood, &NotUnderstood{Structure: "attention", Node: m.Softmax, Graph: m.Graph, Reason: m.Missing})
	}
	// Values that decoder-side attention computes: an FFN reading them
	// belongs to the decoder.
	decoderAnchors := map[string]bool{}
	for _, b := range hd.Blocks {
		if b.Kind != heads.KindEncoder && b.Softmax.NumOutputs() > 0 && b.Softmax.Output(0) != nil {
			decoderAnchors[b.Softmax.Output(0).Name()] = true
		}
	}
	graphs := []branch{{g: g, path: "main"}}
	order, err := g.TopoOrder()
	if err != nil {
		return nil, fmt.Errorf("structures: %w", err)
	}
	for _, n := range order {
		if n.OpType() != "If" || n.Domain() != "" {
			continue
		}
		for _, attr := range []string{"then_branch", "else_branch"} {
			sg, err := g.Subgraph(n, attr)
			if err != nil {
				return nil, fmt.Errorf("structures: node %s: %w", n, err)
			}
			b := branch{ifNode: n, attr: attr, g: sg, path: "main/" + label(n) + "/" + attr}
			graphs = append(graphs, b)
			d.branches = append(d.branches, b)
		}
	}
	var perGraph [][]*FFN
	for _, gr := range graphs {
		perGraph = append(perGraph, d.findFFNs(gr, decoderAnchors))
	}
	d.FFNs = mergeFFNs(perGraph)
	for _, f := range d.FFNs {
		d.addFFNSublayer(f)
	}
	for _, b := range hd.Blocks {
		d.addAttentionSublayer(b, graphs)
	}
	sortSublayers(d.Sublayers)
	return d, nil
}

func label(n *graphedit.Node) string {
	if n.Name() != "" {
		return n.Name()
	}
	return n.OpType()
}

// findFFNs finds the FFNs of one graph, numbered per kind in data-flow
// order.
func (d *Discovery) findFFNs(b branch, decoderAnchors map[string]bool) []*FFN {
	g := b.g
	_ = g.InferShapes() // what could not be inferred is reported where needed
	order, err := g.TopoOrder()
	if err != nil {
		d.NotUnderstood = append(d.NotUnderstood, &NotUnderstood{Structure: "ffn", Node: "-", Graph: b.path, Reason: err.Error()})
		return nil
	}
	pos := map[*graphedit.Node]int{}
	for i, n := range order {
		pos[n] = i
	}
	byDown := map[*graphedit.Node]*ffnRegion{}
	var regions []*ffnRegion
	for _, n := range order {
		if !nonlinear[opKey(n)] {
			continue
		}
		covered := false
		for _, r := range regions {
			covered = covered || r.nodes[n]
		}
		if covered {
			continue
		}
		product := false
		for _, in := range n.Inputs() {
			product = product || (in != nil && !isConstant(in) && readsProduct(in, 10))
		}
		if !product {
			continue // not between two projections (a Conv front end)
		}
		fail := func(format string, args ...any) {
			d.NotUnderstood = append(d.NotUnderstood, &NotUnderstood{Structure: "ffn", Node: label(n), Graph: b.path, Reason: fmt.Sprintf(format, args...)})
		}
		downs := findDown(n)
		if len(downs) != 1 {
			fail("its output reaches %d projections with a constant weight through elementwise ops, want one (the down projection)", len(downs))
			continue
		}
		if byDown[downs[0].Node] != nil {
			fail("its down projection %s belongs to an FFN whose region does not contain it", downs[0].Node)
			continue
		}
		r, err := analyzeFFN(g, downs[0])
		if err != nil {
			fail("%v", err)
			continue
		}
		byDown[downs[0].Node] = r
		regions = append(regions, r)
	}
	sort.SliceStable(regions, func(i, j int) bool { return pos[regions[i].down.Node] < pos[regions[j].down.Node] })
	count := map[heads.Kind]int{}
	var out []*FFN
	for _, r := range regions {
		k := heads.KindEncoder
		if dependsOnAny(r.input, decoderAnchors, 1<<30) {
			k = heads.KindDecoder
		}
		f := &FFN{Kind: k, Layer: count[k], Width: r.width, Activation: r.activation(), Up: r.ups, Down: r.down,
			Input: r.input, Hidden: r.hidden, Gate: r.gate, Graph: b.path, regions: []*ffnRegion{r}}
		for _, c := range r.consts {
			f.Biases = append(f.Biases, c.v)
		}
		count[k]++
		out = append(out, f)
	}
	return out
}

// mergeFFNs joins the FFNs of the graphs by name: an FFN found in both
// branches of an If is one FFN with two regions.
func mergeFFNs(perGraph [][]*FFN) []*FFN {
	var out []*FFN
	idx := map[string]*FFN{}
	for _, fs := range perGraph {
		for _, f := range fs {
			if prev := idx[f.Key()]; prev != nil && prev.Graph != "main" && f.Graph != "main" {
				prev.regions = append(prev.regions, f.regions...)
				continue
			}
			idx[f.Key()] = f
			out = append(out, f)
		}
	}
	return out
}

// addFFNSublayer records the residual branch of f.
func (d *Discovery) addFFNSublayer(f *FFN) {
	s := &Sublayer{Stack: f.Kind, Layer: f.Layer, Part: PartFFN, Graph: f.Graph}
	for _, r := range f.regions {
		res, err := findResidual(r.g, r.down.Out)
		if err != nil {
			d.NotUnderstood = append(d.NotUnderstood, &NotUnderstood{Structure: "sublayer", Node: label(r.down.Node), Graph: f.Graph, Reason: fmt.Sprintf("%s: %v", s.Name(), err)})
			return
		}
		s.residuals = append(s.residuals, res)
	}
	s.setFirst()
	d.Sublayers = append(d.Sublayers, s)
}

// addAttentionSublayer records the residual branch of attention block b,
// found in every graph whose nodes apply b's output projection weight.
func (d *Discovery) addAttentionSublayer(b *heads.Block, graphs []branch) {
	stack, part := blockSublayer(b.Kind)
	s := &Sublayer{Stack: stack, Layer: b.Layer, Part: part, Graph: b.Graph}
	if b.Out.Weight == nil {
		d.NotUnderstood = append(d.NotUnderstood, &NotUnderstood{Structure: "sublayer", Node: label(b.Softmax), Graph: b.Graph, Reason: s.Name() + ": no output projection weight"})
		return
	}
	wname := b.Out.Weight.Name()
	for _, gr := range graphs {
		for _, n := range gr.g.Nodes() {
			p, ok := projectionOf(n)
			if !ok || p.Weight.Name() != wname {
				continue
			}
			res, err := findResidual(gr.g, p.Out)
			if err != nil {
				d.NotUnderstood = append(d.NotUnderstood, &NotUnderstood{Structure: "sublayer", Node: label(n), Graph: gr.path, Reason: fmt.Sprintf("%s: %v", s.Name(), err)})
				return
			}
			s.residuals = append(s.residuals, res)
		}
	}
	if len(s.residuals) == 0 {
		d.NotUnderstood = append(d.NotUnderstood, &NotUnderstood{Structure: "sublayer", Node: label(b.Softmax), Graph: b.Graph, Reason: fmt.Sprintf("%s: no node applies the output projection %q", s.Name(), wname)})
		return
	}
	s.setFirst()
	d.Sublayers = append(d.Sublayers, s)
}

// setFirst fills the exported fields from the first residual.
func (s *Sublayer) setFirst() {
	r := s.residuals[0]
	s.Add, s.Stream, s.Gate = r.add, r.stream, r.gate
	s.Branch = r.add.Input(r.slot)
}

// sortSublayers orders sublayers by stack, layer and part.
func sortSublayers(ss []*Sublayer) {
	rank := map[heads.Kind]int{heads.KindEncoder: 0, heads.KindDecoder: 1}
	prank := map[Part]int{PartAttn: 0, PartCross: 1, PartFFN: 2}
	sort.SliceStable(ss, func(i, j int) bool {
		a, b := ss[i], ss[j]
		if a.Stack != b.Stack {
			return rank[a.Stack] < rank[b.Stack]
		}
		if a.Layer != b.Layer {
			return a.Layer < b.Layer
		}
		return prank[a.Part] < prank[b.Part]
	})
}
