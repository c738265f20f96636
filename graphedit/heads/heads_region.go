package heads

import (
	"fmt"
	"sort"

	"onnxprune/graphedit"
)

// headAx marks the head-carrying axis of a tensor of an attention block: the
// axis's size is outer*H*inner, heads vary with stride inner inside each of
// the outer blocks (inner is dh for packed features, 1 for a pure head axis;
// outer is the batch for [B*H,...], the sections of a packed Q/K/V weight).
type headAx struct {
	axis         int
	outer, inner int64
}

// regionTensor is a constant or declared tensor whose head axis surgery
// slices or re-declares.
type regionTensor struct {
	v  *graphedit.Value
	ax headAx
}

// axisFix is a node whose shape-like input encodes a head-carrying size:
// a Reshape target (entry axis of the output), Slice bounds (position pos in
// its axes), Split sizes (output axis).
type axisFix struct {
	n    *graphedit.Node
	axis int // output axis (Reshape), input axis (Slice, Split)
	ax   headAx
}

// headRegion is the part of the graph whose tensors carry the heads of one
// block, from the Q/K/V weights to the output projection.
type headRegion struct {
	g   *graphedit.Graph
	H   int64
	env map[string]int64
	ann map[*graphedit.Value]headAx
	// consts are initializers sliced along their head axis (Q/K/V weights
	// and biases, and any other constant met on the way).
	consts []regionTensor
	// contracted is the output projection weight: its head axis is the one
	// summed over.
	contracted regionTensor
	inputs     []regionTensor // graph inputs carrying heads (caches)
	outputs    []regionTensor // graph outputs carrying heads (presents)
	reshapes   []axisFix
	slices     []axisFix
	splits     []axisFix
	// expands are Expand nodes whose target's head entry broadcasts a
	// tensor without heads over them (output axis).
	expands []axisFix
	// attrNodes are ONNX Attention nodes whose q_num_heads and
	// kv_num_heads attributes encode H.
	attrNodes map[*graphedit.Node]bool
	pending   []pendingCheck
	// operands are the head-carrying operands from outside the
	// projections, explained (HeadOperand).
	operands []HeadOperand
	// ownUses restricts the walk from a weight or bias that other blocks
	// read too (a deduplicated zero bias): only these uses lead to this
	// block's projections.
	ownUses map[*graphedit.Value]map[*graphedit.Node]bool
	work    []*graphedit.Value
	// partial is set for one-head blocks whose head axis was not followed.
	partial bool
	// gateFactor is the block's gate, shaped to multiply the heads
	// (Block.gateFactor): it scales each head and is not followed back.
	gateFactor *graphedit.Value
	// paramUses are, per per-channel scale or zero point among consts,
	// the DequantizeLinear inputs that read it along the heads.
	paramUses map[*graphedit.Value][]graphedit.Use
}

// pendingCheck is an operand (input slot of node at) that must carry the
// heads on ax but was not reached from the projections.
type pendingCheck struct {
	v    *graphedit.Value
	ax   headAx
	at   *graphedit.Node
	slot int
}

// analyzeRegion follows the head axis of block b from its projection
// weights through every op to the output projection.
func analyzeRegion(g *graphedit.Graph, b *Block) (*headRegion, error) {
	r := &headRegion{g: g, H: int64(b.NumHeads), env: map[string]int64{}, ann: map[*graphedit.Value]headAx{}, gateFactor: b.gateFactor}
	dh := int64(b.HeadDim)
	hd := r.H * dh
	seen := map[*graphedit.Value]bool{}
	projNodes := map[*graphedit.Node]bool{}
	for _, p := range []Projection{b.Q, b.K, b.V} {
		if p.node != nil {
			projNodes[p.node] = true
		}
	}
	for _, p := range []Projection{b.Q, b.K, b.V} {
		if p.Weight != nil && !seen[p.Weight] {
			seen[p.Weight] = true
			r.restrict(p.Weight, projNodes)
			ax := outAxis(p.Transposed)
			size := p.Weight.Shape()[ax].Value
			if size%hd != 0 {
				return nil, fmt.Errorf("weight %q size %d is not a multiple of H*dh=%d", p.Weight.Name(), size, hd)
			}
			if err := r.source(p.Weight, headAx{ax, size / hd, dh}); err != nil {
				return nil, err
			}
			for _, c := range p.PerColumn {
				if !seen[c] {
					seen[c] = true
					r.restrict(c, projNodes)
					if err := r.source(c, headAx{0, size / hd, dh}); err != nil {
						return nil, err
					}
				}
			}
		}
		if p.Bias != nil && !seen[p.Bias] {
			seen[p.Bias] = true
			r.restrict(p.Bias, projNodes)
			d := p.Bias.Shape()
			if len(d) != 1 || !d[0].Known() || d[0].Value%hd != 0 {
				return nil, fmt.Errorf("bias %q has shape %s", p.Bias.Name(), graphedit.ShapeString(d))
			}
			if err := r.source(p.Bias, headAx{0, d[0].Value / hd, dh}); err != nil {
				return nil, err
			}
		}
	}
	r.contracted = regionTensor{b.Out.Weight, headAx{1 - outAxis(b.Out.Transposed), 1, dh}}
	r.quantParams(r.contracted.v, r.contracted.ax)
	// Keys and values read from graph inputs.
	for _, in := range b.KVInputs {
		d := in.Shape()
		if len(d) == 4 && d[1].Known() && d[1].Value == r.H {
			if err := r.backward(in, headAx{1, 1, 1}, b.Softmax); err != nil {
				return nil, err
			}
		}
	}
	if err := r.run(); err != nil {
		if r.H == 1 {
			// One head: shapes cannot tell the head axis from others of size
			// 1, and surgery can only remove the whole block, which needs no
			// shape fixes. Keep the weights only.
			return r.weightsOnly(), nil
		}
		return nil, err
	}
	if _, ok := r.ann[b.PerHead]; !ok && r.H > 1 {
		return nil, fmt.Errorf("heads do not reach the per-head tensor %q", b.PerHead.Name())
	}
	if r.contracted.v == nil {
		return nil, fmt.Errorf("no output projection")
	}
	return r, nil
}

func (r *headRegion) source(v *graphedit.Value, a headAx) error {
	r.consts = append(r.consts, regionTensor{v, a})
	r.quantParams(v, a)
	return r.mark(v, a, nil)
}

// mark annotates v (checking consistency) and queues it.
func (r *headRegion) mark(v *graphedit.Value, a headAx, at *graphedit.Node) error {
	if old, ok := r.ann[v]; ok {
		if old != a {
			return fmt.Errorf("%q carries heads on axis %d (outer %d, inner %d) and on axis %d (outer %d, inner %d) at %s",
				v.Name(), old.axis, old.outer, old.inner, a.axis, a.outer, a.inner, nodeName(at))
		}
		return nil
	}
	r.ann[v] = a
	r.work = append(r.work, v)
	if v.IsGraphOutput() {
		r.outputs = append(r.outputs, regionTensor{v, a})
	}
	return nil
}

func nodeName(n *graphedit.Node) string {
	if n == nil {
		return "source"
	}
	return n.String()
}

func (r *headRegion) run() error {
	for {
		for len(r.work) > 0 {
			v := r.work[len(r.work)-1]
			r.work = r.work[:len(r.work)-1]
			a := r.ann[v]
			for _, u := range v.Uses() {
				if own, ok := r.ownUses[v]; ok && !own[u.Node] {
					continue
				}
				if u.Captured() {
					return fmt.Errorf("%q (carrying heads) is read inside a subgraph of %s", v.Name(), u.Node)
				}
				if err := r.forward(u.Node, u.Input, a); err != nil {
					return err
				}
			}
		}
		if len(r.pending) == 0 {
			return nil
		}
		// Operands that must carry heads but were not reached from the
		// projections: explain them by what they are computed from.
		p := r.pending
		r.pending = nil
		for _, c := range p {
			if old, ok := r.ann[c.v]; ok {
				if old != c.ax {
					return fmt.Errorf("%s: operand %q carries heads differently", c.at, c.v.Name())
				}
				continue
			}
			dup := false
			for _, op := range r.operands {
				dup = dup || op.Node == c.at && op.Input == c.slot
			}
			if dup {
				continue
			}
			e, err := r.explain(c.v, c.ax, 0)
			if err != nil {
				return fmt.Errorf("%s: operand %q must carry the heads: %w", c.at, c.v.Name(), err)
			}
			if e.class == CacheOperand {
				if err := r.backward(c.v, c.ax, c.at); err != nil {
					return err
				}
				continue
			}
			if e.class == SharedOperand && e.expand != nil && privatePath(e.expand.Output(0), c.v, c.at) {
				// One Expand broadcasts it over the heads, for this block
				// alone (torch's key padding mask): its target encodes H.
				// Follow the heads from there; surgery rescales the target.
				r.expands = append(r.expands, axisFix{e.expand, e.expandAx.axis, e.expandAx})
				if err := r.mark(e.expand.Output(0), e.expandAx, e.expand); err != nil {
					return err
				}
				continue
			}
			r.operands = append(r.operands, HeadOperand{Node: c.at, Input: c.slot, Class: e.class, Source: e.source, ax: c.ax})
		}
	}
}

// dims returns v's shape with symbols replaced by distinct primes, so that
// sizes can be compared and divided as numbers.
func (r *headRegion) dims(v *graphedit.Value) ([]int64, bool) {
	d := v.Shape()
	if d == nil {
		return nil, false
	}
	out := make([]int64, len(d))
	for i, x := range d {
		n, ok := r.eval(x)
		if !ok {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

var regionPrimes = []int64{1009, 1013, 1019, 1021, 1031, 1033, 1039, 1049, 1051, 1061, 1063, 1069, 1087, 1091, 1093, 1097}

func (r *headRegion) eval(d graphedit.Dim) (int64, bool) {
	return d.Eval(func(sym string) int64 {
		x, ok := r.env[sym]
		if !ok {
			x = regionPrimes[len(r.env)%len(regionPrimes)] + int64(len(r.env)/len(regionPrimes))*2
			r.env[sym] = x
		}
		return x
	})
}

func prod(xs []int64) int64 {
	p := int64(1)
	for _, x := range xs {
		p *= x
	}
	return p
}

// expect checks that operand j of n broadcasts over the head axis oa (of
// the output, rank ro) or carries heads itself.
func (r *headRegion) expect(n *graphedit.Node, j int, oa headAx, ro int) error {
	in := n.Input(j)
	if in == r.gateFactor && in != nil {
		return nil
	}
	if in.Rank() < 0 {
		return fmt.Errorf("%s: rank of %q unknown", n, in.Name())
	}
	ax := oa.axis - (ro - in.Rank())
	if ax < 0 {
		return nil
	}
	if old, ok := r.ann[in]; ok {
		if old.axis != ax || old.inner != oa.inner {
			return fmt.Errorf("%s: operand %q carries heads differently", n, in.Name())
		}
		return nil
	}
	d, ok := r.dims(in)
	if !ok {
		return fmt.Errorf("%s: shape of %q unknown", n, in.Name())
	}
	if d[ax] == 1 {
		return nil
	}
	r.pending = append(r.pending, pendingCheck{in, headAx{ax, oa.outer, oa.inner}, n, j})
	return nil
}

// sliceAxes returns the normalized axes a Slice cuts.
func (r *headRegion) sliceAxes(n *graphedit.Node) ([]int, error) {
	rk := n.Input(0).Rank()
	var axes []int64
	var ok bool
	if n.NumInputs() >= 3 {
		if n.NumInputs() >= 4 && n.Input(3) != nil {
			if axes, ok = r.g.ConstInts(n.Input(3)); !ok {
				return nil, fmt.Errorf("%s: axes unknown", n)
			}
		} else {
			sv, ok := r.g.ShapeValue(n.Input(1))
			if !ok {
				return nil, fmt.Errorf("%s: starts unknown", n)
			}
			for k := range sv {
				axes = append(axes, int64(k))
			}
		}
	} else {
		axes, ok = n.AttrInts("axes")
		if !ok {
			st, _ := n.AttrInts("starts")
			for k := range st {
				axes = append(axes, int64(k))
			}
		}
	}
	out := make([]int, len(axes))
	for k, x := range axes {
		if x < 0 {
			x += int64(rk)
		}
		out[k] = int(x)
	}
	return out, nil
}

// headConsts lists the places encoding H, for reports.
func (r *headRegion) headConsts() []HeadConst {
	var out []HeadConst
	for _, f := range r.reshapes {
		out = append(out, HeadConst{Node: f.n, Value: f.n.Input(1), What: "reshape target", Axis: f.axis})
	}
	for _, f := range r.slices {
		out = append(out, HeadConst{Node: f.n, Value: f.n.Input(0), What: "slice bounds", Axis: f.axis})
	}
	for _, f := range r.splits {
		out = append(out, HeadConst{Node: f.n, Value: f.n.Input(0), What: "split sizes", Axis: f.axis})
	}
	for _, f := range r.expands {
		out = append(out, HeadConst{Node: f.n, Value: f.n.Input(1), What: "expand shape", Axis: f.axis})
	}
	for n := range r.attrNodes {
		out = append(out, HeadConst{Node: n, What: "num_heads attribute"})
	}
	for _, t := range r.inputs {
		out = append(out, HeadConst{Value: t.v, What: "graph input", Axis: t.ax.axis})
	}
	for _, t := range r.outputs {
		out = append(out, HeadConst{Value: t.v, What: "graph output", Axis: t.ax.axis})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].What < out[j].What })
	return out
}

// weightsOnly drops everything but the sliced constants and the output
// projection (a one-head block, removed whole or not at all).
func (r *headRegion) weightsOnly() *headRegion {
	var consts []regionTensor
	for _, c := range r.consts {
		if c.v.IsInitializer() || c.v.IsOuter() {
			consts = append(consts, c)
		}
	}
	return &headRegion{g: r.g, H: r.H, env: r.env, ann: map[*graphedit.Value]headAx{}, consts: consts, contracted: r.contracted, partial: true}
}

// backward annotates v, a cache operand (explain said so: graph inputs
// reached through Transpose, Cast, Identity and Concat alone), and what it
// is computed from, so that surgery re-declares those inputs.
func (r *headRegion) backward(v *graphedit.Value, a headAx, at *graphedit.Node) error {
	if _, ok := r.ann[v]; ok {
		return r.mark(v, a, at)
	}
	if v.IsGraphInput() || v.IsOuter() {
		r.inputs = append(r.inputs, regionTensor{v, a})
		return r.mark(v, a, at)
	}
	n, _ := v.Producer()
	if n == nil {
		return fmt.Errorf("%s: %q has no producer", at, v.Name())
	}
	if err := r.mark(v, a, at); err != nil {
		return err
	}
	switch n.OpType() {
	case "Transpose":
		perm := transposePerm(n)
		return r.backward(n.Input(0), headAx{int(perm[a.axis]), a.outer, a.inner}, n)
	case "Cast", "Identity":
		return r.backward(n.Input(0), a, n)
	case "Concat":
		for _, in := range n.Inputs() {
			if err := r.backward(in, a, n); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s: cache operand %q comes from %s", at, v.Name(), n)
}

// restrict limits the walk from source w to the uses that lead, through
// weight-side ops (Identity, Cast, Transpose, Slice, Split, Gather, and the
// QuantizeLinear/DequantizeLinear of a QDQ weight), to one
// of the block's projection nodes or to the bias Add after one. When every
// use does, nothing is restricted.
func (r *headRegion) restrict(w *graphedit.Value, proj map[*graphedit.Node]bool) {
	var leads func(n *graphedit.Node, depth int) bool
	leads = func(n *graphedit.Node, depth int) bool {
		if proj[n] {
			return true
		}
		if n.OpType() == "Add" {
			for _, in := range n.Inputs() {
				if p, _ := in.Producer(); p != nil && proj[p] {
					return true
				}
			}
		}
		if depth > 4 {
			return false
		}
		switch n.OpType() {
		case "Identity", "Cast", "Transpose", "Slice", "Split", "Gather", "QuantizeLinear", "DequantizeLinear":
		default:
			return false
		}
		for _, o := range n.Outputs() {
			if o == nil {
				continue
			}
			for _, u := range o.Uses() {
				if leads(u.Node, depth+1) {
					return true
				}
			}
		}
		return false
	}
	own := map[*graphedit.Node]bool{}
	all := true
	for _, u := range w.Uses() {
		if leads(u.Node, 0) {
			own[u.Node] = true
		} else {
			all = false
		}
	}
	if all || len(own) == 0 {
		return
	}
	if r.ownUses == nil {
		r.ownUses = map[*graphedit.Value]map[*graphedit.Node]bool{}
	}
	r.ownUses[w] = own
}

// privatePath reports whether from reaches v through single-use values
// only, and v is read by at alone: nothing else reads the way from one to
// the other, so rescaling it changes this block alone.
func privatePath(from, v *graphedit.Value, at *graphedit.Node) bool {
	cur := from
	for range 12 {
		uses := cur.Uses()
		if len(uses) != 1 || uses[0].Captured() || cur.IsGraphOutput() {
			return false
		}
		if cur == v {
			return uses[0].Node == at
		}
		n := uses[0].Node
		if n.NumOutputs() != 1 || n.Output(0) == nil {
			return false
		}
		cur = n.Output(0)
	}
	return false
}
