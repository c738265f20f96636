package heads

import (
	"fmt"
	"sort"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// SurgeryReport says what RemoveHeads did.
type SurgeryReport struct {
	// Blocks lists, per changed block, its name and head counts.
	Blocks []BlockChange
	// RemovedBytes is the size of the weight data removed (elements removed
	// from initializers times their element size), net of the copies below.
	RemovedBytes int64
	// Copies names the initializers other blocks read too, which a pruned
	// block got its own sliced copy of (`weight for block`).
	Copies []string
}

// BlockChange is one block's head count before and after surgery.
type BlockChange struct {
	// Block is the block's name, `KIND:LAYER`.
	Block string
	// From and To are its head counts before and after.
	From, To int
	// Removed is true when every head went and the sublayer was replaced
	// by its output bias.
	Removed bool
}

// RemoveHeads cuts the heads that decision does not keep out of g, so that
// the pruned graph computes what the gated graph computes with those gates
// at 0 and the others at 1. blocks must come from FindHeads on this very
// graph. Per block it slices the Q/K/V weight columns and biases (packed or
// separate) and the output projection's rows, rewrites every place that
// encodes H or H*dh (Reshape targets, Slice bounds and Split sizes on head
// axes, num_heads attributes) and re-declares graph inputs and outputs that
// carry heads (past and present keys and values), and makes each block read
// the kept heads of the operands that carry heads from elsewhere (masks,
// position biases: Block.HeadOperands). A block that keeps no head
// is removed: its output becomes the output projection's bias (or zeros),
// so the residual path and the bias stay. Dead nodes and initializers go and
// stale value_info is dropped.
//
// Blocks in the branches of an If (merged decoders) are pruned in both
// branches; the weights the branches share are cut once.
//
// A decision entry must have one bool per head. Blocks without an entry keep
// every head. On error the graph may be partly edited: work on a clone.
func RemoveHeads(g *graphedit.Graph, blocks []*Block, decision Decision) (*SurgeryReport, error) {
	byName := map[string]*Block{}
	for _, b := range blocks {
		byName[b.Name()] = b
	}
	for name, keep := range decision {
		b := byName[name]
		if b == nil {
			return nil, fmt.Errorf("heads: surgery: no block %s", name)
		}
		if len(keep) != b.NumHeads {
			return nil, fmt.Errorf("heads: surgery: block %s has %d heads, decision gives %d", name, b.NumHeads, len(keep))
		}
	}
	rep := &SurgeryReport{}
	// Units: every changed block, and its twins in the other If branch.
	var units []*Block
	type branchKey struct {
		n    *graphedit.Node
		attr string
	}
	subs := map[branchKey]*graphedit.Graph{}
	var subOrder []branchKey
	for _, b := range blocks {
		keep, ok := decision[b.Name()]
		if !ok || countTrue(keep) == b.NumHeads {
			continue
		}
		for _, u := range append([]*Block{b}, b.twins...) {
			gr := u.Softmax.Graph()
			if gr != g {
				if u.ifNode == nil || u.ifNode.Graph() != g || gr.Parent() != g {
					return nil, fmt.Errorf("heads: surgery: block %s lives in %s, more than one subgraph deep", u.Name(), u.Graph)
				}
				k := branchKey{u.ifNode, u.branch}
				if subs[k] == nil {
					subs[k] = gr
					subOrder = append(subOrder, k)
				}
			}
			units = append(units, u)
		}
		rep.Blocks = append(rep.Blocks, BlockChange{Block: b.Name(), From: b.NumHeads, To: countTrue(keep), Removed: countTrue(keep) == 0})
	}
	if len(units) == 0 {
		return rep, nil
	}
	if err := g.InferShapes(); err != nil {
		return nil, fmt.Errorf("heads: surgery: %w", err)
	}
	for _, k := range subOrder {
		subs[k].RefreshOuter()
		_ = subs[k].InferShapes()
	}
	// Snapshot the shape-like inputs of every fix before anything changes.
	type pending struct {
		b    *Block
		f    axisFix
		kind string
		pre  [][]graphedit.Dim
	}
	var fixes []pending
	for _, b := range units {
		if isFusedAttention(b.Softmax) {
			continue
		}
		for _, f := range b.region.reshapes {
			sv, _ := f.n.Graph().ShapeValue(f.n.Input(1))
			fixes = append(fixes, pending{b, f, "reshape", [][]graphedit.Dim{sv, f.n.Input(0).Shape(), f.n.Output(0).Shape()}})
		}
		for _, f := range b.region.slices {
			st, _ := f.n.Graph().ShapeValue(f.n.Input(1))
			en, _ := f.n.Graph().ShapeValue(f.n.Input(2))
			fixes = append(fixes, pending{b, f, "slice", [][]graphedit.Dim{st, en}})
		}
		for _, f := range b.region.splits {
			fixes = append(fixes, pending{b, f, "split", nil})
		}
		for _, f := range b.region.expands {
			sv, _ := f.n.Graph().ShapeValue(f.n.Input(1))
			fixes = append(fixes, pending{b, f, "expand", [][]graphedit.Dim{sv}})
		}
	}
	// Slice the weights and re-declare inputs and outputs.
	st := &sliceState{sliced: map[*graphedit.Value]string{}, declared: map[*graphedit.Value]bool{}, copied: map[*graphedit.Value]int64{},
		group: map[string][]*Block{}, outerCopies: map[outerKey]bool{}}
	for _, b := range units {
		st.group[b.Name()] = append(st.group[b.Name()], b)
	}
	for _, b := range units {
		keep := decision[b.Name()]
		n, err := sliceBlock(b.Softmax.Graph(), b, keep, st)
		if err != nil {
			return nil, fmt.Errorf("heads: surgery: block %s: %w", b.Name(), err)
		}
		rep.RemovedBytes += n
	}
	// Operands that carry the heads from outside the projections: the
	// block reads the kept heads' part.
	for _, b := range units {
		keep := decision[b.Name()]
		if b.region == nil || countTrue(keep) == 0 {
			continue
		}
		for _, op := range b.region.operands {
			if err := selectOperand(op.Node.Graph(), op, keep, b.Name()); err != nil {
				return nil, fmt.Errorf("heads: surgery: block %s: %w", b.Name(), err)
			}
		}
	}
	for _, k := range subOrder {
		subs[k].RefreshOuter()
	}
	// Remove sublayers that lost every head; what only they used goes, so
	// their shape constants need no fixing unless a graph output (a present
	// cache) still reads them.
	for _, b := range units {
		if countTrue(decision[b.Name()]) == 0 {
			if err := removeSublayer(b.Softmax.Graph(), b); err != nil {
				return nil, fmt.Errorf("heads: surgery: block %s: %w", b.Name(), err)
			}
		}
	}
	// Write the branches back before cleaning the enclosing graph: they
	// may read copies of its initializers made for them (ownOuter), which
	// the If node's old attributes do not mention.
	for _, k := range subOrder {
		subs[k].Cleanup()
		if err := g.SetSubgraph(k.n, k.attr, subs[k]); err != nil {
			return nil, fmt.Errorf("heads: surgery: %w", err)
		}
	}
	g.Cleanup()
	for _, b := range units {
		if b.region != nil && b.region.partial {
			for _, c := range b.region.consts {
				if c.v.NumUses() > 0 {
					return nil, fmt.Errorf("heads: surgery: block %s: its one head cannot be removed: %q is still read after the sublayer went (keys or values are graph outputs)", b.Name(), c.v.Name())
				}
			}
		}
	}
	// Fix shape constants in graph order, re-inferring after each fix so
	// later ones see the new shapes.
	pos := map[*graphedit.Node]int{}
	for _, gr := range append([]*graphedit.Graph{g}, subsOf(subs, subOrder)...) {
		if order, err := gr.TopoOrder(); err == nil {
			for i, n := range order {
				pos[n] = i
			}
		}
	}
	sort.SliceStable(fixes, func(i, j int) bool { return pos[fixes[i].f.n] < pos[fixes[j].f.n] })
	dirty, inferred := map[*graphedit.Graph]bool{}, map[*graphedit.Graph]bool{}
	for _, p := range fixes {
		gr := p.f.n.Graph()
		if gr == nil {
			continue // removed with its sublayer
		}
		if dirty[gr] || !inferred[gr] {
			_ = gr.InferShapes()
			dirty[gr] = false
			inferred[gr] = true
		}
		H, H2 := int64(p.b.NumHeads), int64(countTrue(decision[p.b.Name()]))
		var err error
		var did bool
		switch p.kind {
		case "reshape":
			did, err = fixReshape(gr, p.f, p.pre, H, H2)
		case "slice":
			did, err = fixSlice(gr, p.f, p.pre, H, H2)
		case "split":
			did, err = fixSplit(gr, p.f, H, H2)
		case "expand":
			did, err = fixExpand(gr, p.f, p.pre[0], H, H2)
		}
		if err != nil {
			return nil, fmt.Errorf("heads: surgery: block %s: %s: %w", p.b.Name(), p.f.n, err)
		}
		dirty[gr] = dirty[gr] || did
	}
	for _, k := range subOrder {
		sub := subs[k]
		sub.Cleanup()
		sub.DropValueInfo()
		if err := g.SetSubgraph(k.n, k.attr, sub); err != nil {
			return nil, fmt.Errorf("heads: surgery: %w", err)
		}
	}
	g.Cleanup()
	g.DropValueInfo()
	for w, size := range st.copied {
		if w.Graph().Value(w.Name()) != w {
			rep.RemovedBytes += size // every reader got a copy
		}
	}
	rep.Copies = st.copies
	if err := g.InferShapes(); err != nil {
		return nil, fmt.Errorf("heads: surgery: the pruned graph is inconsistent: %w", err)
	}
	return rep, nil
}

func subsOf[K comparable](m map[K]*graphedit.Graph, order []K) []*graphedit.Graph {
	var out []*graphedit.Graph
	for _, k := range order {
		out = append(out, m[k])
	}
	return out
}

func countTrue(xs []bool) int {
	n := 0
	for _, x := range xs {
		if x {
			n++
		}
	}
	return n
}

// keptIndices lists the indices kept along a head axis of size
// outer*H*inner.
func keptIndices(a headAx, keep []bool) []int64 {
	H := int64(len(keep))
	var idx []int64
	for o := int64(0); o < a.outer; o++ {
		for h := int64(0); h < H; h++ {
			if !keep[h] {
				continue
			}
			for c := int64(0); c < a.inner; c++ {
				idx = append(idx, (o*H+h)*a.inner+c)
			}
		}
	}
	return idx
}

// sliceState remembers what surgery already sliced or re-declared, so
// that a weight shared by the two branches of an If is cut once.
type sliceState struct {
	sliced   map[*graphedit.Value]string // initializer -> block name
	declared map[*graphedit.Value]bool
	// copied are the initializers some block got a copy of, with their
	// sizes: when the last reader of one went, its bytes count as removed.
	copied map[*graphedit.Value]int64
	copies []string
	// group lists the units of each block name (a block and its twins in
	// the other If branch); outerCopies are the enclosing graph's
	// initializers a group got its own copy of (ownOuter).
	group       map[string][]*Block
	outerCopies map[outerKey]bool
}

// sliceBlock slices the block's constants and re-declares its graph inputs
// and outputs; it returns the bytes removed. g is the block's graph (an If
// branch for merged decoders; the weights then live in the enclosing graph).
func sliceBlock(g *graphedit.Graph, b *Block, keep []bool, st *sliceState) (int64, error) {
	var removed int64
	H, H2 := int64(b.NumHeads), int64(countTrue(keep))
	take := func(v *graphedit.Value, a headAx) error {
		if v == nil {
			return nil
		}
		iv := v
		if v.IsOuter() {
			if iv = graphedit.OuterInitializer(v); iv == nil {
				return fmt.Errorf("weight %q of the enclosing graph is not an initializer", v.Name())
			}
		}
		if other, ok := st.sliced[iv]; ok {
			if other == b.Name() {
				return nil // the same block in the other branch
			}
			return fmt.Errorf("weight %q is shared with block %s", v.Name(), other)
		}
		if b.region != nil && v.IsOuter() {
			cut, added, err := st.ownOuter(b, iv)
			if err != nil || cut == nil {
				return err
			}
			removed -= added
			iv = cut
		}
		if b.region != nil && !v.IsOuter() {
			// An initializer other blocks read too (deduplicated biases,
			// tied weights) is never cut in place: this block's readers
			// get their own copy.
			if own, shared := b.headReaders(iv); shared {
				if len(own) == 0 {
					return fmt.Errorf("weight %q: none of its readers belongs to the block", v.Name())
				}
				c, err := copyForReaders(iv.Graph(), iv, own)
				if err != nil {
					return err
				}
				size := onnxio.TensorByteSize(iv.Initializer())
				st.copied[iv] = size
				st.copies = append(st.copies, fmt.Sprintf("%s for %s", iv.Name(), b.Name()))
				removed -= size
				iv = c
			}
		}
		st.sliced[iv] = b.Name()
		n, err := sliceInitializer(iv.Graph(), iv, a, keep)
		removed += n
		return err
	}
	declare := func(v *graphedit.Value, ax int) {
		if v.IsOuter() {
			v = v.OuterDefinition()
			if v == nil {
				return
			}
		}
		if st.declared[v] {
			return
		}
		st.declared[v] = true
		redeclare(v, ax, H, H2)
		// A branch output is also an output of the If node.
		if b.ifNode != nil && v.Graph() == g && g.Parent() != nil {
			for i, o := range g.Outputs() {
				if o == v {
					if io := b.ifNode.Output(i); io != nil && !st.declared[io] {
						st.declared[io] = true
						if io.IsGraphOutput() {
							redeclare(io, ax, H, H2)
						}
					}
				}
			}
		}
	}
	if isFusedAttention(b.Softmax) {
		dh := int64(b.HeadDim)
		seen := map[*graphedit.Value]bool{}
		for _, p := range []Projection{b.Q, b.K, b.V} {
			if p.Weight != nil && !seen[p.Weight] {
				seen[p.Weight] = true
				size := p.Weight.Shape()[outAxis(p.Transposed)].Value
				if err := take(p.Weight, headAx{outAxis(p.Transposed), size / (H * dh), dh}); err != nil {
					return removed, err
				}
				for _, c := range p.PerColumn {
					if err := take(c, headAx{0, size / (H * dh), dh}); err != nil {
						return removed, err
					}
				}
			}
			if p.Bias != nil && !seen[p.Bias] {
				seen[p.Bias] = true
				size := p.Bias.Shape()[0].Value
				if err := take(p.Bias, headAx{0, size / (H * dh), dh}); err != nil {
					return removed, err
				}
			}
		}
		if err := take(b.Out.Weight, headAx{1 - outAxis(b.Out.Transposed), 1, dh}); err != nil {
			return removed, err
		}
		if H2 > 0 {
			if err := b.Softmax.SetAttr(graphedit.IntAttr("num_heads", H2)); err != nil {
				return removed, err
			}
		}
		for _, hc := range b.HeadConsts {
			if hc.Value != nil && (hc.Value.IsGraphInput() || hc.Value.IsGraphOutput() || hc.Value.IsOuter()) {
				declare(hc.Value, hc.Axis)
			}
		}
		if H2 == 0 {
			// The node goes with its sublayer; its presents stay, empty.
			return removed, emptyFusedPresents(g, b.Softmax, dh)
		}
		return removed, nil
	}
	r := b.region
	for _, c := range r.consts {
		if err := take(c.v, c.ax); err != nil {
			return removed, err
		}
	}
	if err := take(r.contracted.v, r.contracted.ax); err != nil {
		return removed, err
	}
	if H2 > 0 {
		for n := range r.attrNodes {
			for _, name := range []string{"q_num_heads", "kv_num_heads"} {
				if n.Attr(name) != nil {
					if err := n.SetAttr(graphedit.IntAttr(name, H2)); err != nil {
						return removed, err
					}
				}
			}
		}
	}
	for _, t := range append(append([]regionTensor{}, r.inputs...), r.outputs...) {
		declare(t.v, t.ax.axis)
	}
	return removed, nil
}

// redeclare scales the declared size of axis ax of a graph input or output
// from H to H2 heads.
func redeclare(v *graphedit.Value, ax int, H, H2 int64) {
	t := v.Type()
	if t == nil || t.GetTensorType() == nil || t.GetTensorType().GetShape() == nil {
		return
	}
	// Start from the declared dims: inference may have rewritten a symbol
	// (`past + new` as `new+past`) that the file's users know by name.
	dims := v.Shape()
	for i, d := range t.GetTensorType().GetShape().GetDim() {
		if i >= len(dims) {
			break
		}
		switch {
		case d.GetDimParam() != "":
			dims[i] = graphedit.SymDim(d.GetDimParam())
		case d.GetDimValue() > 0:
			dims[i] = graphedit.IntDim(d.GetDimValue())
		}
	}
	if ax >= len(dims) {
		return
	}
	if d := dims[ax]; d.Known() && d.Value%H == 0 {
		dims[ax] = graphedit.IntDim(d.Value / H * H2)
	} else if !d.Known() {
		dims[ax] = graphedit.SymDim(fmt.Sprintf("%s*%d/%d", d.Param, H2, H))
	}
	v.SetType(v.ElemType(), dims)
}

// sliceInitializer keeps the kept heads' entries of initializer v along
// axis a.axis and returns the bytes removed.
func sliceInitializer(g *graphedit.Graph, v *graphedit.Value, a headAx, keep []bool) (int64, error) {
	dims := v.Initializer().GetDims()
	if a.axis >= len(dims) {
		return 0, fmt.Errorf("initializer %q has rank %d, heads on axis %d", v.Name(), len(dims), a.axis)
	}
	if dims[a.axis] != a.outer*int64(len(keep))*a.inner {
		return 0, fmt.Errorf("initializer %q axis %d has size %d, want %d*%d*%d", v.Name(), a.axis, dims[a.axis], a.outer, len(keep), a.inner)
	}
	return g.SliceInitializer(v, a.axis, keptIndices(a, keep))
}
