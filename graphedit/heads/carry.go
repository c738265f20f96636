package heads

import (
	"fmt"

	"onnxprune/graphedit"
)

// CarryBlocks returns blocks, found in graph from, bound to to, a copy of
// from (graphedit.Graph.Clone) not edited since: every value is looked up
// by name and every node by its first named output in the matching graph
// of to (the main graph, or the same If branch), so that gating or
// surgery on to needs no second discovery; shapes are inferred on to as
// discovery would. A value or node with no namesake in to is an error.
func CarryBlocks(blocks []*Block, from, to *graphedit.Graph) ([]*Block, error) {
	return CarryJoined([]JoinedPart{{Graph: from, Blocks: blocks}}, to)
}

// JoinedPart is one of the graphs graphedit.Join joined, with the blocks
// found in it and Join's renaming of its names (nil for the first graph,
// whose names the joined graph keeps).
type JoinedPart struct {
	Graph   *graphedit.Graph
	Blocks  []*Block
	Renamed map[string]string
}

// CarryJoined returns the blocks of the parts, in part order, bound to
// joined, the graph graphedit.Join made of them and not edited since, as
// CarryBlocks does for a copy: a name of a part is looked up as the part's
// Renamed spells it in joined. A block of the joined graph then needs no
// second discovery. A part may also be joined itself, edited since its
// blocks were found: Renamed then names the replacements of the values
// the edit removed (looked up in their block's graph).
func CarryJoined(parts []JoinedPart, joined *graphedit.Graph) ([]*Block, error) {
	// The joined graph's shapes, as discovery leaves them (edits read them).
	_ = joined.InferShapes() // shapes that cannot be inferred are reported where needed
	var out []*Block
	for _, p := range parts {
		c := &carrier{graphs: map[*graphedit.Graph]*graphedit.Graph{p.Graph: joined}, blocks: map[*Block]*Block{}, renamed: p.Renamed}
		for _, b := range p.Blocks {
			nb, err := c.block(b)
			if err != nil {
				return nil, fmt.Errorf("heads: carry block %s: %w", b.Name(), err)
			}
			out = append(out, nb)
		}
	}
	return out, nil
}

// carrier maps the graphs, values, nodes and blocks of one graph to
// those of its copy (or of the graph it was joined into).
type carrier struct {
	graphs map[*graphedit.Graph]*graphedit.Graph
	blocks map[*Block]*Block
	// renamed spells a name of the graph as the copy does, where it
	// differs.
	renamed map[string]string
}

// name returns a name of the graph as the copy spells it.
func (c *carrier) name(n string) string {
	if r, ok := c.renamed[n]; ok {
		return r
	}
	return n
}

// graph returns the copy's graph matching g: the main graph, or the If
// branch a block lives in (the copy parses it once, as discovery does,
// so that every block of a branch edits the same subgraph).
func (c *carrier) graph(g *graphedit.Graph, b *Block) (*graphedit.Graph, error) {
	if to, ok := c.graphs[g]; ok {
		return to, nil
	}
	// A branch of the block or of a twin (the same block in the If's
	// other branch, which may have lent it a projection).
	var in *Block
	for _, u := range append([]*Block{b}, b.twins...) {
		if u.ifNode != nil && u.Softmax.Graph() == g {
			in = u
		}
	}
	if in == nil {
		return nil, fmt.Errorf("a value or node outside the graph and the block's branches")
	}
	ifNode, err := c.node(in.ifNode, in)
	if err != nil {
		return nil, err
	}
	sub, err := ifNode.Graph().Subgraph(ifNode, in.branch)
	if err != nil {
		return nil, err
	}
	_ = sub.InferShapes() // as discovery does in a branch
	c.graphs[g] = sub
	return sub, nil
}

// value returns v's namesake in the copy (nil for nil).
func (c *carrier) value(v *graphedit.Value, b *Block) (*graphedit.Value, error) {
	if v == nil {
		return nil, nil
	}
	src := v.Graph()
	if src == nil {
		// An edit removed it since (the part's Renamed names its
		// replacement): it lived in the block's graph.
		src = b.Softmax.Graph()
	}
	g, err := c.graph(src, b)
	if err != nil {
		return nil, fmt.Errorf("value %s: %w", v.Name(), err)
	}
	nv := g.Value(c.name(v.Name()))
	if nv == nil {
		return nil, fmt.Errorf("value %s is not in the copy", v.Name())
	}
	return nv, nil
}

// node returns n's namesake in the copy: the producer of its first named
// output's namesake (nil for nil).
func (c *carrier) node(n *graphedit.Node, b *Block) (*graphedit.Node, error) {
	if n == nil {
		return nil, nil
	}
	var out *graphedit.Value
	for i := n.NumOutputs() - 1; i >= 0; i-- {
		if o := n.Output(i); o != nil && o.Name() != "" {
			out = o
		}
	}
	if out == nil {
		return nil, fmt.Errorf("node %s has no named output to find it by", nodeLabel(n))
	}
	v, err := c.value(out, b)
	if err != nil {
		return nil, fmt.Errorf("node %s: %w", nodeLabel(n), err)
	}
	p, _ := v.Producer()
	if p == nil || p.OpType() != n.OpType() {
		return nil, fmt.Errorf("node %s is not in the copy", nodeLabel(n))
	}
	return p, nil
}

// binder binds the fields of one block's copy (or its region's) in
// place: each pointer's value or node becomes its namesake in the copy.
// The first error is kept and stops the binding.
type binder struct {
	c   *carrier
	b   *Block
	err error
}

// value binds values.
func (x *binder) value(ps ...**graphedit.Value) {
	for _, p := range ps {
		if x.err == nil {
			*p, x.err = x.c.value(*p, x.b)
		}
	}
}

// node binds nodes.
func (x *binder) node(ps ...**graphedit.Node) {
	for _, p := range ps {
		if x.err == nil {
			*p, x.err = x.c.node(*p, x.b)
		}
	}
}

// list binds a list of values (a new list).
func (x *binder) list(p *[]*graphedit.Value) {
	bindEach(p, func(v **graphedit.Value) { x.value(v) })
}

// projection binds projections' weights, biases, per-column parameters
// and nodes.
func (x *binder) projection(ps ...*Projection) {
	for _, p := range ps {
		x.value(&p.Weight, &p.Bias)
		x.list(&p.PerColumn)
		x.node(&p.node)
	}
}

// tensors binds lists of region tensors.
func (x *binder) tensors(ps ...*[]regionTensor) {
	for _, p := range ps {
		bindEach(p, func(t *regionTensor) { x.value(&t.v) })
	}
}

// fixes binds lists of the nodes whose shape inputs encode a
// head-carrying size.
func (x *binder) fixes(ps ...*[]axisFix) {
	for _, p := range ps {
		bindEach(p, func(f *axisFix) { x.node(&f.n) })
	}
}

// operands binds the head-carrying operands from outside the projections.
func (x *binder) operands(p *[]HeadOperand) {
	bindEach(p, func(op *HeadOperand) { x.node(&op.Node) })
}

// bindEach replaces the list at p by a copy (nil when empty) with bind
// applied to each element.
func bindEach[T any](p *[]T, bind func(*T)) {
	*p = append([]T(nil), *p...)
	for i := range *p {
		bind(&(*p)[i])
	}
}

// block returns b bound to the copy (once per block: twins too).
func (c *carrier) block(b *Block) (*Block, error) {
	if nb, ok := c.blocks[b]; ok {
		return nb, nil
	}
	nb := *b
	c.blocks[b] = &nb
	x := &binder{c: c, b: b}
	x.node(&nb.ifNode) // first: it locates the branch the other nodes live in
	x.node(&nb.Softmax, &nb.OutNode)
	x.projection(&nb.Q, &nb.K, &nb.V, &nb.Out)
	x.value(&nb.Gate, &nb.PerHead, &nb.QueryInput, &nb.keyInput, &nb.gateFactor)
	x.list(&nb.KVInputs)
	bindEach(&nb.HeadConsts, func(hc *HeadConst) {
		x.node(&hc.Node)
		x.value(&hc.Value)
	})
	x.operands(&nb.HeadOperands)
	if x.err != nil {
		return nil, x.err
	}
	var err error
	if nb.region, err = c.region(b.region, b); err != nil {
		return nil, err
	}
	nb.twins = nil
	for _, t := range b.twins {
		nt, err := c.block(t)
		if err != nil {
			return nil, err
		}
		nb.twins = append(nb.twins, nt)
	}
	return &nb, nil
}

// region maps a block's head region (nil for nil).
func (c *carrier) region(r *headRegion, b *Block) (*headRegion, error) {
	if r == nil {
		return nil, nil
	}
	nr := *r
	x := &binder{c: c, b: b}
	nr.g, x.err = c.graph(r.g, b)
	nr.env = map[string]int64{}
	for k, v := range r.env {
		nr.env[k] = v
	}
	nr.ann = map[*graphedit.Value]headAx{}
	for v, ax := range r.ann {
		x.value(&v)
		nr.ann[v] = ax
	}
	x.tensors(&nr.consts, &nr.inputs, &nr.outputs)
	x.value(&nr.contracted.v, &nr.gateFactor)
	x.fixes(&nr.reshapes, &nr.slices, &nr.splits, &nr.expands)
	x.operands(&nr.operands)
	x.list(&nr.work)
	bindEach(&nr.pending, func(p *pendingCheck) {
		x.value(&p.v)
		x.node(&p.at)
	})
	if r.attrNodes != nil {
		nr.attrNodes = map[*graphedit.Node]bool{}
		for n, ok := range r.attrNodes {
			x.node(&n)
			nr.attrNodes[n] = ok
		}
	}
	if r.ownUses != nil {
		nr.ownUses = map[*graphedit.Value]map[*graphedit.Node]bool{}
		for v, own := range r.ownUses {
			x.value(&v)
			nown := map[*graphedit.Node]bool{}
			for n, ok := range own {
				x.node(&n)
				nown[n] = ok
			}
			nr.ownUses[v] = nown
		}
	}
	if r.paramUses != nil {
		nr.paramUses = map[*graphedit.Value][]graphedit.Use{}
		for v, uses := range r.paramUses {
			x.value(&v)
			bindEach(&uses, func(u *graphedit.Use) { x.node(&u.Node) })
			nr.paramUses[v] = uses
		}
	}
	if x.err != nil {
		return nil, x.err
	}
	return &nr, nil
}
