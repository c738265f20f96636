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
// second discovery.
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
	g, err := c.graph(v.Graph(), b)
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

// values maps a list of values.
func (c *carrier) values(vs []*graphedit.Value, b *Block) ([]*graphedit.Value, error) {
	return each(vs, func(v **graphedit.Value) (err error) { *v, err = c.value(*v, b); return })
}

// projection maps a projection's weight, bias, per-column parameters and
// node.
func (c *carrier) projection(p Projection, b *Block) (Projection, error) {
	var err error
	if p.Weight, err = c.value(p.Weight, b); err != nil {
		return p, err
	}
	if p.Bias, err = c.value(p.Bias, b); err != nil {
		return p, err
	}
	if p.PerColumn, err = c.values(p.PerColumn, b); err != nil {
		return p, err
	}
	p.node, err = c.node(p.node, b)
	return p, err
}

// block returns b bound to the copy (once per block: twins too).
func (c *carrier) block(b *Block) (*Block, error) {
	if nb, ok := c.blocks[b]; ok {
		return nb, nil
	}
	nb := *b
	c.blocks[b] = &nb
	var err error
	// The If node first: it locates the branch the other nodes live in.
	if nb.ifNode, err = c.node(b.ifNode, b); err != nil {
		return nil, err
	}
	for _, f := range []func() error{
		func() (err error) { nb.Softmax, err = c.node(b.Softmax, b); return },
		func() (err error) { nb.OutNode, err = c.node(b.OutNode, b); return },
		func() (err error) { nb.Q, err = c.projection(b.Q, b); return },
		func() (err error) { nb.K, err = c.projection(b.K, b); return },
		func() (err error) { nb.V, err = c.projection(b.V, b); return },
		func() (err error) { nb.Out, err = c.projection(b.Out, b); return },
		func() (err error) { nb.Gate, err = c.value(b.Gate, b); return },
		func() (err error) { nb.PerHead, err = c.value(b.PerHead, b); return },
		func() (err error) { nb.QueryInput, err = c.value(b.QueryInput, b); return },
		func() (err error) { nb.KVInputs, err = c.values(b.KVInputs, b); return },
		func() (err error) { nb.keyInput, err = c.value(b.keyInput, b); return },
		func() (err error) { nb.gateFactor, err = c.value(b.gateFactor, b); return },
		func() (err error) { nb.HeadConsts, err = c.headConsts(b.HeadConsts, b); return },
		func() (err error) { nb.HeadOperands, err = c.operands(b.HeadOperands, b); return },
		func() (err error) { nb.region, err = c.region(b.region, b); return },
	} {
		if err := f(); err != nil {
			return nil, err
		}
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

// each returns a copy of items with bind applied to each element.
func each[T any](items []T, bind func(*T) error) ([]T, error) {
	out := append([]T(nil), items...)
	for i := range out {
		if err := bind(&out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// headConsts maps the places encoding H.
func (c *carrier) headConsts(hcs []HeadConst, b *Block) ([]HeadConst, error) {
	return each(hcs, func(hc *HeadConst) (err error) {
		if hc.Node, err = c.node(hc.Node, b); err != nil {
			return err
		}
		hc.Value, err = c.value(hc.Value, b)
		return err
	})
}

// operands maps the head-carrying operands from outside the projections.
func (c *carrier) operands(ops []HeadOperand, b *Block) ([]HeadOperand, error) {
	return each(ops, func(op *HeadOperand) (err error) { op.Node, err = c.node(op.Node, b); return })
}

// tensors maps region tensors.
func (c *carrier) tensors(ts []regionTensor, b *Block) ([]regionTensor, error) {
	return each(ts, func(t *regionTensor) (err error) { t.v, err = c.value(t.v, b); return })
}

// fixes maps the nodes whose shape inputs encode a head-carrying size.
func (c *carrier) fixes(fs []axisFix, b *Block) ([]axisFix, error) {
	return each(fs, func(f *axisFix) (err error) { f.n, err = c.node(f.n, b); return })
}

// region maps a block's head region (nil for nil).
func (c *carrier) region(r *headRegion, b *Block) (*headRegion, error) {
	if r == nil {
		return nil, nil
	}
	nr := &headRegion{H: r.H, env: map[string]int64{}, ann: map[*graphedit.Value]headAx{}, partial: r.partial}
	var err error
	if nr.g, err = c.graph(r.g, b); err != nil {
		return nil, err
	}
	for k, v := range r.env {
		nr.env[k] = v
	}
	for v, ax := range r.ann {
		nv, err := c.value(v, b)
		if err != nil {
			return nil, err
		}
		nr.ann[nv] = ax
	}
	for _, f := range []func() error{
		func() (err error) { nr.consts, err = c.tensors(r.consts, b); return },
		func() (err error) {
			ts, err := c.tensors([]regionTensor{r.contracted}, b)
			if err == nil {
				nr.contracted = ts[0]
			}
			return err
		},
		func() (err error) { nr.inputs, err = c.tensors(r.inputs, b); return },
		func() (err error) { nr.outputs, err = c.tensors(r.outputs, b); return },
		func() (err error) { nr.reshapes, err = c.fixes(r.reshapes, b); return },
		func() (err error) { nr.slices, err = c.fixes(r.slices, b); return },
		func() (err error) { nr.splits, err = c.fixes(r.splits, b); return },
		func() (err error) { nr.expands, err = c.fixes(r.expands, b); return },
		func() (err error) { nr.operands, err = c.operands(r.operands, b); return },
		func() (err error) { nr.work, err = c.values(r.work, b); return },
		func() (err error) { nr.gateFactor, err = c.value(r.gateFactor, b); return },
	} {
		if err := f(); err != nil {
			return nil, err
		}
	}
	if r.attrNodes != nil {
		nr.attrNodes = map[*graphedit.Node]bool{}
		for n, ok := range r.attrNodes {
			nn, err := c.node(n, b)
			if err != nil {
				return nil, err
			}
			nr.attrNodes[nn] = ok
		}
	}
	for _, p := range r.pending {
		np := p
		if np.v, err = c.value(p.v, b); err != nil {
			return nil, err
		}
		if np.at, err = c.node(p.at, b); err != nil {
			return nil, err
		}
		nr.pending = append(nr.pending, np)
	}
	if r.ownUses != nil {
		nr.ownUses = map[*graphedit.Value]map[*graphedit.Node]bool{}
		for v, own := range r.ownUses {
			nv, err := c.value(v, b)
			if err != nil {
				return nil, err
			}
			nown := map[*graphedit.Node]bool{}
			for n, ok := range own {
				nn, err := c.node(n, b)
				if err != nil {
					return nil, err
				}
				nown[nn] = ok
			}
			nr.ownUses[nv] = nown
		}
	}
	if r.paramUses != nil {
		nr.paramUses = map[*graphedit.Value][]graphedit.Use{}
		for v, uses := range r.paramUses {
			nv, err := c.value(v, b)
			if err != nil {
				return nil, err
			}
			for _, u := range uses {
				nn, err := c.node(u.Node, b)
				if err != nil {
					return nil, err
				}
				nr.paramUses[nv] = append(nr.paramUses[nv], graphedit.Use{Node: nn, Input: u.Input})
			}
		}
	}
	return nr, nil
}
