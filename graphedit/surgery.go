package graphedit

import (
	"fmt"
	"math"
	"sort"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// SurgeryReport says what RemoveHeads did.
type SurgeryReport struct {
	// Blocks lists, per changed block, its name and head counts.
	Blocks []BlockChange
	// RemovedBytes is the size of the weight data removed (elements removed
	// from initializers times their element size).
	RemovedBytes int64
}

// BlockChange is one block's head count before and after surgery.
type BlockChange struct {
	Block    string
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
// carry heads (past and present keys and values). A block that keeps no head
// is removed: its output becomes the output projection's bias (or zeros),
// so the residual path and the bias stay. Dead nodes and initializers go and
// stale value_info is dropped.
//
// Blocks in the branches of an If (merged decoders) are pruned in both
// branches; the weights the branches share are cut once.
//
// A decision entry must have one bool per head. Blocks without an entry keep
// every head. On error the graph may be partly edited: work on a clone.
func RemoveHeads(g *Graph, blocks []*Block, decision Decision) (*SurgeryReport, error) {
	byName := map[string]*Block{}
	for _, b := range blocks {
		byName[b.Name()] = b
	}
	for name, keep := range decision {
		b := byName[name]
		if b == nil {
			return nil, fmt.Errorf("graphedit: surgery: no block %s", name)
		}
		if len(keep) != b.NumHeads {
			return nil, fmt.Errorf("graphedit: surgery: block %s has %d heads, decision gives %d", name, b.NumHeads, len(keep))
		}
	}
	rep := &SurgeryReport{}
	// Units: every changed block, and its twins in the other If branch.
	var units []*Block
	type branchKey struct {
		n    *Node
		attr string
	}
	subs := map[branchKey]*Graph{}
	var subOrder []branchKey
	for _, b := range blocks {
		keep, ok := decision[b.Name()]
		if !ok || countTrue(keep) == b.NumHeads {
			continue
		}
		for _, u := range append([]*Block{b}, b.twins...) {
			gr := u.Softmax.Graph()
			if gr != g {
				if u.ifNode == nil || u.ifNode.Graph() != g || gr.parent != g {
					return nil, fmt.Errorf("graphedit: surgery: block %s lives in %s, more than one subgraph deep", u.Name(), u.Graph)
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
		return nil, fmt.Errorf("graphedit: surgery: %w", err)
	}
	for _, k := range subOrder {
		refreshOuter(subs[k])
		_ = subs[k].InferShapes()
	}
	// Snapshot the shape-like inputs of every fix before anything changes.
	type pending struct {
		b    *Block
		f    axisFix
		kind string
		pre  [][]Dim
	}
	var fixes []pending
	for _, b := range units {
		if isFusedAttention(b.Softmax) {
			continue
		}
		for _, f := range b.region.reshapes {
			sv, _ := f.n.Graph().ShapeValue(f.n.Input(1))
			fixes = append(fixes, pending{b, f, "reshape", [][]Dim{sv}})
		}
		for _, f := range b.region.slices {
			st, _ := f.n.Graph().ShapeValue(f.n.Input(1))
			en, _ := f.n.Graph().ShapeValue(f.n.Input(2))
			fixes = append(fixes, pending{b, f, "slice", [][]Dim{st, en}})
		}
		for _, f := range b.region.splits {
			fixes = append(fixes, pending{b, f, "split", nil})
		}
	}
	// Slice the weights and re-declare inputs and outputs.
	st := &sliceState{sliced: map[*Value]string{}, declared: map[*Value]bool{}}
	for _, b := range units {
		keep := decision[b.Name()]
		n, err := sliceBlock(b.Softmax.Graph(), b, keep, st)
		if err != nil {
			return nil, fmt.Errorf("graphedit: surgery: block %s: %w", b.Name(), err)
		}
		rep.RemovedBytes += n
	}
	for _, k := range subOrder {
		refreshOuter(subs[k])
	}
	// Remove sublayers that lost every head; what only they used goes, so
	// their shape constants need no fixing unless a graph output (a present
	// cache) still reads them.
	for _, b := range units {
		if countTrue(decision[b.Name()]) == 0 {
			if err := removeSublayer(b.Softmax.Graph(), b); err != nil {
				return nil, fmt.Errorf("graphedit: surgery: block %s: %w", b.Name(), err)
			}
		}
	}
	g.Cleanup()
	for _, k := range subOrder {
		subs[k].Cleanup()
	}
	for _, b := range units {
		if b.region != nil && b.region.partial {
			for _, c := range b.region.consts {
				if c.v.NumUses() > 0 {
					return nil, fmt.Errorf("graphedit: surgery: block %s: its one head cannot be removed: %q is still read after the sublayer went (keys or values are graph outputs)", b.Name(), c.v.Name())
				}
			}
		}
	}
	// Fix shape constants in graph order, re-inferring after each fix so
	// later ones see the new shapes.
	pos := map[*Node]int{}
	for _, gr := range append([]*Graph{g}, subsOf(subs, subOrder)...) {
		if order, err := gr.TopoOrder(); err == nil {
			for i, n := range order {
				pos[n] = i
			}
		}
	}
	sort.SliceStable(fixes, func(i, j int) bool { return pos[fixes[i].f.n] < pos[fixes[j].f.n] })
	dirty, inferred := map[*Graph]bool{}, map[*Graph]bool{}
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
			did, err = fixReshape(gr, p.f, p.pre[0], H, H2)
		case "slice":
			did, err = fixSlice(gr, p.f, p.pre, H, H2)
		case "split":
			did, err = fixSplit(gr, p.f, H, H2)
		}
		if err != nil {
			return nil, fmt.Errorf("graphedit: surgery: block %s: %s: %w", p.b.Name(), p.f.n, err)
		}
		dirty[gr] = dirty[gr] || did
	}
	for _, k := range subOrder {
		sub := subs[k]
		sub.Cleanup()
		sub.DropValueInfo()
		if err := g.SetSubgraph(k.n, k.attr, sub); err != nil {
			return nil, fmt.Errorf("graphedit: surgery: %w", err)
		}
	}
	g.Cleanup()
	g.DropValueInfo()
	if err := g.InferShapes(); err != nil {
		return nil, fmt.Errorf("graphedit: surgery: the pruned graph is inconsistent: %w", err)
	}
	return rep, nil
}

func subsOf[K comparable](m map[K]*Graph, order []K) []*Graph {
	var out []*Graph
	for _, k := range order {
		out = append(out, m[k])
	}
	return out
}

// refreshOuter copies the enclosing graph's current types to a subgraph's
// outer values (after weights or inputs there changed shape).
func refreshOuter(sub *Graph) {
	for _, v := range sub.values {
		if v.outer {
			sub.copyOuterShape(v)
		}
	}
	sub.gen++
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
	sliced   map[*Value]string // initializer -> block name
	declared map[*Value]bool
}

// sliceBlock slices the block's constants and re-declares its graph inputs
// and outputs; it returns the bytes removed. g is the block's graph (an If
// branch for merged decoders; the weights then live in the enclosing graph).
func sliceBlock(g *Graph, b *Block, keep []bool, st *sliceState) (int64, error) {
	var removed int64
	H, H2 := int64(b.NumHeads), int64(countTrue(keep))
	take := func(v *Value, a headAx) error {
		if v == nil {
			return nil
		}
		iv := v
		if v.IsOuter() {
			if iv = outerInitializer(v); iv == nil {
				return fmt.Errorf("weight %q of the enclosing graph is not an initializer", v.Name())
			}
		}
		if other, ok := st.sliced[iv]; ok {
			if other == b.Name() {
				return nil // the same block in the other branch
			}
			return fmt.Errorf("weight %q is shared with block %s", v.Name(), other)
		}
		st.sliced[iv] = b.Name()
		n, err := sliceInitializer(iv.g, iv, a, keep)
		removed += n
		return err
	}
	declare := func(v *Value, ax int) {
		if v.IsOuter() {
			v = outerDefinition(v)
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
		if b.ifNode != nil && v.g == g && g.parent != nil {
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
		if H2 == 0 {
			return 0, fmt.Errorf("fused %s cannot run with zero heads: keep at least one head of each fused block", b.Softmax)
		}
		dh := int64(b.HeadDim)
		seen := map[*Value]bool{}
		for _, p := range []Projection{b.Q, b.K, b.V} {
			if p.Weight != nil && !seen[p.Weight] {
				seen[p.Weight] = true
				size := p.Weight.Shape()[outAxis(p.Transposed)].Value
				if err := take(p.Weight, headAx{outAxis(p.Transposed), size / (H * dh), dh}); err != nil {
					return removed, err
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
		if err := b.Softmax.SetAttr(IntAttr("num_heads", H2)); err != nil {
			return removed, err
		}
		for _, hc := range b.HeadConsts {
			if hc.Value != nil && (hc.Value.IsGraphInput() || hc.Value.IsGraphOutput() || hc.Value.IsOuter()) {
				declare(hc.Value, hc.Axis)
			}
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
	for _, t := range append(append([]regionTensor{}, r.inputs...), r.outputs...) {
		declare(t.v, t.ax.axis)
	}
	return removed, nil
}

// outerDefinition returns the value an outer value stands for in the
// enclosing graph that defines it.
func outerDefinition(v *Value) *Value {
	g := v.g
	for g != nil && g.parent != nil {
		pv := g.parent.values[v.name]
		if pv == nil {
			return nil
		}
		if !pv.outer {
			return pv
		}
		g = g.parent
	}
	return nil
}

// redeclare scales the declared size of axis ax of a graph input or output
// from H to H2 heads.
func redeclare(v *Value, ax int, H, H2 int64) {
	t := v.Type()
	if t == nil || t.GetTensorType() == nil || t.GetTensorType().GetShape() == nil {
		return
	}
	dims := v.Shape()
	if ax >= len(dims) {
		return
	}
	if d := dims[ax]; d.Known() && d.Value%H == 0 {
		dims[ax] = IntDim(d.Value / H * H2)
	} else if !d.Known() {
		dims[ax] = SymDim(fmt.Sprintf("%s*%d/%d", d.Param, H2, H))
	}
	v.SetType(v.ElemType(), dims)
}

// sliceInitializer keeps the kept heads' entries of initializer v along
// axis a.axis and returns the bytes removed.
func sliceInitializer(g *Graph, v *Value, a headAx, keep []bool) (int64, error) {
	t, err := decodeTensor(g, v.Initializer())
	if err != nil {
		return 0, fmt.Errorf("initializer %q: %w", v.Name(), err)
	}
	if a.axis >= len(t.Dims) {
		return 0, fmt.Errorf("initializer %q has rank %d, heads on axis %d", v.Name(), len(t.Dims), a.axis)
	}
	if t.Dims[a.axis] != a.outer*int64(len(keep))*a.inner {
		return 0, fmt.Errorf("initializer %q axis %d has size %d, want %d*%d*%d", v.Name(), a.axis, t.Dims[a.axis], a.outer, len(keep), a.inner)
	}
	idx := keptIndices(a, keep)
	nt := &onnxio.Tensor{Name: v.Name(), DataType: t.DataType, Dims: append([]int64{}, t.Dims...)}
	nt.Dims[a.axis] = int64(len(idx))
	switch {
	case t.F32 != nil:
		nt.F32 = takeAxis(t.F32, t.Dims, a.axis, idx)
	case t.F64 != nil:
		nt.F64 = takeAxis(t.F64, t.Dims, a.axis, idx)
	case t.U16 != nil:
		nt.U16 = takeAxis(t.U16, t.Dims, a.axis, idx)
	case t.I64 != nil:
		nt.I64 = takeAxis(t.I64, t.Dims, a.axis, idx)
	case t.I32 != nil:
		nt.I32 = takeAxis(t.I32, t.Dims, a.axis, idx)
	case t.I8 != nil:
		nt.I8 = takeAxis(t.I8, t.Dims, a.axis, idx)
	case t.U8 != nil:
		nt.U8 = takeAxis(t.U8, t.Dims, a.axis, idx)
	default:
		return 0, fmt.Errorf("initializer %q: element type %v cannot be sliced", v.Name(), t.DataType)
	}
	tp, err := onnxio.EncodeTensor(nt)
	if err != nil {
		return 0, fmt.Errorf("initializer %q: %w", v.Name(), err)
	}
	if err := g.SetInitializer(v, tp); err != nil {
		return 0, err
	}
	elemSize, _ := onnxio.ByteSize(t.DataType, 1)
	return (t.NumElements() - nt.NumElements()) * elemSize, nil
}

// takeAxis gathers idx along axis of a row-major tensor.
func takeAxis[T any](src []T, dims []int64, axis int, idx []int64) []T {
	outer := prod(dims[:axis])
	inner := prod(dims[axis+1:])
	n := dims[axis]
	out := make([]T, 0, outer*int64(len(idx))*inner)
	for o := int64(0); o < outer; o++ {
		base := o * n * inner
		for _, i := range idx {
			out = append(out, src[base+i*inner:base+(i+1)*inner]...)
		}
	}
	return out
}

// scaledShape returns a value holding v with entry pos scaled by H2/H:
// an initializer when v is known, else Div(Mul(v, M), D) nodes.
func scaledShape(g *Graph, v *Value, positions []int, H, H2 int64, prefix string) (*Value, error) {
	if vals, ok := g.ConstInts(v); ok {
		out := append([]int64{}, vals...)
		for _, p := range positions {
			if out[p]%H != 0 {
				return nil, fmt.Errorf("entry %d of %q is %d, not a multiple of H=%d", p, v.Name(), out[p], H)
			}
			out[p] = out[p] / H * H2
		}
		dims := []int64{int64(len(out))}
		if v.Rank() == 0 {
			dims = nil
		}
		return g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix), dims, out))
	}
	d := v.Shape()
	if len(d) != 1 || !d[0].Known() {
		return nil, fmt.Errorf("%q: length unknown", v.Name())
	}
	m := make([]int64, d[0].Value)
	dv := make([]int64, d[0].Value)
	for i := range m {
		m[i], dv[i] = 1, 1
	}
	for _, p := range positions {
		m[p], dv[p] = H2, H
	}
	if v.ElemType() != int32(onnxpb.TensorProto_INT64) {
		return nil, fmt.Errorf("%q is not int64", v.Name())
	}
	mv, err := g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/mul"), []int64{int64(len(m))}, m))
	if err != nil {
		return nil, err
	}
	dvv, err := g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/div"), []int64{int64(len(dv))}, dv))
	if err != nil {
		return nil, err
	}
	mul, err := g.AddNode(NodeSpec{OpType: "Mul", Inputs: []*Value{v, mv}, Outputs: []string{g.FreshName(prefix + "/scaled")}})
	if err != nil {
		return nil, err
	}
	div, err := g.AddNode(NodeSpec{OpType: "Div", Inputs: []*Value{mul.Output(0), dvv}, Outputs: []string{g.FreshName(prefix)}})
	if err != nil {
		return nil, err
	}
	return div.Output(0), nil
}

// fixReshape rescales the head entry of a Reshape target unless it already
// follows the new shapes (computed from shapes of pruned tensors) or is -1.
func fixReshape(g *Graph, f axisFix, pre []Dim, H, H2 int64) (bool, error) {
	n := f.n
	cur, ok := g.ShapeValue(n.Input(1))
	if !ok || len(pre) <= f.axis || len(cur) <= f.axis {
		return false, fmt.Errorf("reshape target %q unknown", n.Input(1).Name())
	}
	p := pre[f.axis]
	if p.Known() && p.Value == -1 {
		return false, nil
	}
	allowZero := n.AttrInt("allowzero", 0) == 1
	if p.Known() && p.Value == 0 && !allowZero {
		return false, nil // copies the input's axis, which is already pruned
	}
	if !dimEqual(cur[f.axis], p) {
		return false, nil // derived from pruned shapes: already right
	}
	nv, err := scaledShape(g, n.Input(1), []int{f.axis}, H, H2, "prune/"+nodeLabel(n)+"/shape")
	if err != nil {
		return false, err
	}
	if err := g.SetInput(n, 1, nv); err != nil {
		return false, err
	}
	if H2 == 0 && !allowZero {
		// A literal 0 needs allowzero=1; only safe when no other entry is 0.
		for i, d := range pre {
			if i != f.axis && d.Known() && d.Value == 0 {
				return false, fmt.Errorf("cannot express zero heads: target has other 0 entries")
			}
		}
		if g.Opset("") < 14 {
			return false, fmt.Errorf("cannot express zero heads before opset 14 (allowzero)")
		}
		if err := n.SetAttr(IntAttr("allowzero", 1)); err != nil {
			return false, err
		}
	}
	return true, nil
}

// fixSlice rescales the starts and ends of a Slice on a head axis.
func fixSlice(g *Graph, f axisFix, pre [][]Dim, H, H2 int64) (bool, error) {
	n := f.n
	if n.NumInputs() < 3 {
		return false, fmt.Errorf("attribute-form Slice on heads is not supported")
	}
	axes, err := (&headRegion{g: g}).sliceAxes(n)
	if err != nil {
		return false, err
	}
	var positions []int
	for i, a := range axes {
		if a == f.axis {
			positions = append(positions, i)
		}
	}
	did := false
	for k, in := range []int{1, 2} {
		cur, ok := g.ShapeValue(n.Input(in))
		if !ok || pre[k] == nil {
			return false, fmt.Errorf("slice bounds %q unknown", n.Input(in).Name())
		}
		var fix []int
		for _, p := range positions {
			d := pre[k][p]
			if d.Known() && (d.Value < 0 || d.Value >= math.MaxInt32) {
				if d.Value < 0 {
					return false, fmt.Errorf("negative bound %d on the heads", d.Value)
				}
				continue
			}
			if dimEqual(cur[p], d) && !(d.Known() && d.Value == 0) {
				fix = append(fix, p)
			}
		}
		if len(fix) == 0 {
			continue
		}
		nv, err := scaledShape(g, n.Input(in), fix, H, H2, "prune/"+nodeLabel(n)+"/bound")
		if err != nil {
			return false, err
		}
		if err := g.SetInput(n, in, nv); err != nil {
			return false, err
		}
		did = true
	}
	return did, nil
}

// fixSplit rescales explicit split sizes on a head axis.
func fixSplit(g *Graph, f axisFix, H, H2 int64) (bool, error) {
	n := f.n
	if sizes, ok := n.AttrInts("split"); ok {
		out := make([]int64, len(sizes))
		for i, s := range sizes {
			out[i] = s / H * H2
		}
		return true, n.SetAttr(IntsAttr("split", out...))
	}
	if n.NumInputs() > 1 && n.Input(1) != nil {
		all := make([]int, n.Input(1).Shape()[0].Value)
		for i := range all {
			all[i] = i
		}
		nv, err := scaledShape(g, n.Input(1), all, H, H2, "prune/"+nodeLabel(n)+"/split")
		if err != nil {
			return false, err
		}
		return true, g.SetInput(n, 1, nv)
	}
	return false, nil
}

// removeSublayer replaces the output projection of a block without heads
// by its bias broadcast to the output shape (zeros when there is no bias in
// the projection node), so the residual and a separate bias Add stay.
func removeSublayer(g *Graph, b *Block) error {
	n := b.OutNode
	out := n.Output(0)
	x := b.QueryInput
	if x == nil {
		return fmt.Errorf("no query input to take the output shape from")
	}
	prefix := "prune/" + b.Name() + "/removed"
	ws := b.Out.Weight.Shape()
	eOut := ws[outAxis(b.Out.Transposed)]
	if !eOut.Known() {
		return fmt.Errorf("output size unknown")
	}
	addNode := func(op string, ins []*Value, attrs ...*onnxpb.AttributeProto) (*Value, error) {
		nd, err := g.AddNode(NodeSpec{OpType: op, Inputs: ins, Outputs: []string{g.FreshName(prefix + "/" + op)}, Attrs: attrs})
		if err != nil {
			return nil, err
		}
		return nd.Output(0), nil
	}
	i64 := func(vals ...int64) (*Value, error) {
		return g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/const"), []int64{int64(len(vals))}, vals))
	}
	shp, err := addNode("Shape", []*Value{x})
	if err != nil {
		return err
	}
	st, err := i64(0)
	if err != nil {
		return err
	}
	en, err := i64(-1)
	if err != nil {
		return err
	}
	lead, err := addNode("Slice", []*Value{shp, st, en})
	if err != nil {
		return err
	}
	if out.Rank() >= 0 && x.Rank() >= 0 && out.Rank() != x.Rank() {
		if out.Rank() != 2 {
			return fmt.Errorf("output rank %d from input rank %d", out.Rank(), x.Rank())
		}
		// Rows of a 2-D Gemm: the product of the leading dims.
		ax, err := i64(0)
		if err != nil {
			return err
		}
		if g.Opset("") >= 18 {
			lead, err = addNode("ReduceProd", []*Value{lead, ax}, IntAttr("keepdims", 1))
		} else {
			lead, err = addNode("ReduceProd", []*Value{lead}, IntsAttr("axes", 0), IntAttr("keepdims", 1))
		}
		if err != nil {
			return err
		}
	}
	e, err := i64(eOut.Value)
	if err != nil {
		return err
	}
	shape, err := addNode("Concat", []*Value{lead, e}, IntAttr("axis", 0))
	if err != nil {
		return err
	}
	zero := onnxio.NewFloat32("value", []int64{1}, []float32{0})
	y, err := addNode("ConstantOfShape", []*Value{shape}, TensorAttr("value", zero))
	if err != nil {
		return err
	}
	if n.OpType() == "Gemm" && n.NumInputs() > 2 && n.Input(2) != nil {
		beta := n.AttrFloat("beta", 1)
		c := n.Input(2)
		if beta != 1 {
			bv, err := g.AddInitializer(onnxio.NewFloat32(g.FreshName(prefix+"/beta"), nil, []float32{beta}))
			if err != nil {
				return err
			}
			if c, err = addNode("Mul", []*Value{c, bv}); err != nil {
				return err
			}
		}
		if y, err = addNode("Add", []*Value{y, c}); err != nil {
			return err
		}
	}
	return g.ReplaceAllUses(out, y, &ReplaceOptions{GraphOutputs: true})
}
