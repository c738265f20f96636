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
	pending    []pendingCheck
	work       []*graphedit.Value
	// partial is set for one-head blocks whose head axis was not followed.
	partial bool
	// gateFactor is the block's gate, shaped to multiply the heads
	// (Block.gateFactor): it scales each head and is not followed back.
	gateFactor *graphedit.Value
}

type pendingCheck struct {
	v  *graphedit.Value
	ax headAx
	at *graphedit.Node
}

// analyzeRegion follows the head axis of block b from its projection
// weights through every op to the output projection.
func analyzeRegion(g *graphedit.Graph, b *Block) (*headRegion, error) {
	r := &headRegion{g: g, H: int64(b.NumHeads), env: map[string]int64{}, ann: map[*graphedit.Value]headAx{}, gateFactor: b.gateFactor}
	dh := int64(b.HeadDim)
	hd := r.H * dh
	seen := map[*graphedit.Value]bool{}
	for _, p := range []Projection{b.Q, b.K, b.V} {
		if p.Weight != nil && !seen[p.Weight] {
			seen[p.Weight] = true
			ax := outAxis(p.Transposed)
			size := p.Weight.Shape()[ax].Value
			if size%hd != 0 {
				return nil, fmt.Errorf("weight %q size %d is not a multiple of H*dh=%d", p.Weight.Name(), size, hd)
			}
			if err := r.source(p.Weight, headAx{ax, size / hd, dh}); err != nil {
				return nil, err
			}
		}
		if p.Bias != nil && !seen[p.Bias] {
			seen[p.Bias] = true
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
		// weights: annotate them backward (caches read from graph inputs).
		p := r.pending
		r.pending = nil
		for _, c := range p {
			if _, ok := r.ann[c.v]; ok {
				if r.ann[c.v] != c.ax {
					return fmt.Errorf("%s: operand %q carries heads differently", c.at, c.v.Name())
				}
				continue
			}
			if err := r.backward(c.v, c.ax, c.at); err != nil {
				return err
			}
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

var passThrough = map[string]bool{
	"Add": true, "Sub": true, "Mul": true, "Div": true, "Where": true, "Cast": true, "Dropout": true,
	"Identity": true, "Softmax": true, "Pow": true, "Sqrt": true, "Relu": true, "Neg": true,
	"Equal": true, "Max": true, "Min": true, "Erf": true, "Tanh": true, "Sigmoid": true, "Exp": true,
	"Clip": true, "LogSoftmax": true, "IsNaN": true, "IsInf": true, "Not": true, "And": true, "Or": true,
}

// forward derives the annotation of n's outputs from input slot i carrying a.
func (r *headRegion) forward(n *graphedit.Node, i int, a headAx) error {
	if n.Domain() != "" {
		return fmt.Errorf("heads reach %s, which surgery does not know", n)
	}
	op := n.OpType()
	out := n.Output(0)
	switch {
	case op == "Shape" || op == "Size":
		return nil
	case passThrough[op]:
		if op == "Dropout" && i != 0 {
			return nil
		}
		if op == "Softmax" || op == "LogSoftmax" {
			ax := n.AttrInt("axis", -1)
			if ax < 0 {
				ax += int64(n.Input(0).Rank())
			}
			if int(ax) == a.axis {
				return fmt.Errorf("%s normalizes over the heads", n)
			}
		}
		ro := out.Rank()
		ri := n.Input(i).Rank()
		if ro < 0 || ri < 0 {
			return fmt.Errorf("%s: rank unknown", n)
		}
		oa := headAx{a.axis + ro - ri, a.outer, a.inner}
		for j, in := range n.Inputs() {
			if j == i || in == nil {
				continue
			}
			if err := r.expect(in, oa, ro, n); err != nil {
				return err
			}
		}
		return r.mark(out, oa, n)
	case op == "Transpose":
		perm, ok := n.AttrInts("perm")
		if !ok {
			rk := n.Input(0).Rank()
			for k := rk - 1; k >= 0; k-- {
				perm = append(perm, int64(k))
			}
		}
		for j, p := range perm {
			if int(p) == a.axis {
				return r.mark(out, headAx{j, a.outer, a.inner}, n)
			}
		}
		return fmt.Errorf("%s: bad perm", n)
	case op == "Unsqueeze":
		if i != 0 {
			return fmt.Errorf("%s reads heads as axes", n)
		}
		axes, ok := unsqueezeAxes(r.g, n)
		if !ok {
			return fmt.Errorf("%s: axes unknown", n)
		}
		pos := a.axis
		for _, x := range normAxes(axes, out.Rank()) {
			if x <= pos {
				pos++
			}
		}
		return r.mark(out, headAx{pos, a.outer, a.inner}, n)
	case op == "Squeeze":
		if i != 0 {
			return fmt.Errorf("%s reads heads as axes", n)
		}
		axes, ok := unsqueezeAxes(r.g, n)
		var ax []int
		if ok {
			ax = normAxes(axes, n.Input(0).Rank())
		} else {
			d, ok := r.dims(n.Input(0))
			if !ok {
				return fmt.Errorf("%s: shape unknown", n)
			}
			for k, x := range d {
				if x == 1 {
					ax = append(ax, k)
				}
			}
		}
		pos := a.axis
		for _, x := range ax {
			if x == a.axis {
				return fmt.Errorf("%s squeezes the heads", n)
			}
			if x < a.axis {
				pos--
			}
		}
		return r.mark(out, headAx{pos, a.outer, a.inner}, n)
	case op == "Reshape":
		if i != 0 {
			return fmt.Errorf("%s reads heads as its shape", n)
		}
		in, ok1 := r.dims(n.Input(0))
		od, ok2 := r.dims(out)
		if !ok1 || !ok2 {
			return fmt.Errorf("%s: shapes unknown (%s -> %s)", n, graphedit.ShapeString(n.Input(0).Shape()), graphedit.ShapeString(out.Shape()))
		}
		stride := a.inner * prod(in[a.axis+1:])
		// The outermost axis whose trailing size divides the stride and whose
		// size is a multiple of H times the new inner stride. (With H = 1
		// the choice is ambiguous; see analyzeRegion.)
		best, found := headAx{}, false
		for j := 0; j < len(od); j++ {
			suf := prod(od[j+1:])
			if suf > stride || stride%suf != 0 || suf*od[j] < stride*r.H {
				continue
			}
			c := stride / suf
			if od[j]%(r.H*c) != 0 {
				continue
			}
			cand := headAx{j, od[j] / (r.H * c), c}
			if !found {
				best, found = cand, true
			}
		}
		if found {
			r.reshapes = append(r.reshapes, axisFix{n, best.axis, best})
			return r.mark(out, best, n)
		}
		return fmt.Errorf("%s: heads lost", n)
	case op == "Gather":
		if i != 0 {
			return fmt.Errorf("%s uses heads as indices", n)
		}
		axis := int(n.AttrInt("axis", 0))
		if axis < 0 {
			axis += n.Input(0).Rank()
		}
		if axis == a.axis {
			return fmt.Errorf("%s selects along the heads", n)
		}
		pos := a.axis
		if a.axis > axis {
			pos += n.Input(1).Rank() - 1
		}
		return r.mark(out, headAx{pos, a.outer, a.inner}, n)
	case op == "Slice":
		if i != 0 {
			return nil // bounds derived from shapes of head tensors: checked at surgery
		}
		axes, err := r.sliceAxes(n)
		if err != nil {
			return err
		}
		oa := a
		for _, x := range axes {
			if x == a.axis {
				od, ok := r.dims(out)
				if !ok || od[x]%(r.H*a.inner) != 0 {
					return fmt.Errorf("%s cuts through the heads", n)
				}
				oa.outer = od[x] / (r.H * a.inner)
				r.slices = append(r.slices, axisFix{n, x, a})
			}
		}
		return r.mark(out, oa, n)
	case op == "Split":
		if i != 0 {
			return fmt.Errorf("%s reads heads as split sizes", n)
		}
		axis := int(n.AttrInt("axis", 0))
		if axis < 0 {
			axis += n.Input(0).Rank()
		}
		if axis == a.axis {
			r.splits = append(r.splits, axisFix{n, axis, a})
		}
		for _, o := range n.Outputs() {
			if o == nil {
				continue
			}
			oa := a
			if axis == a.axis {
				od, ok := r.dims(o)
				if !ok || od[axis]%(r.H*a.inner) != 0 {
					return fmt.Errorf("%s cuts through the heads", n)
				}
				oa.outer = od[axis] / (r.H * a.inner)
			}
			if err := r.mark(o, oa, n); err != nil {
				return err
			}
		}
		return nil
	case op == "Concat":
		axis := int(n.AttrInt("axis", 0))
		if axis < 0 {
			axis += out.Rank()
		}
		if axis == a.axis {
			return fmt.Errorf("%s concatenates along the heads", n)
		}
		for j, in := range n.Inputs() {
			if j != i && in != nil {
				r.pending = append(r.pending, pendingCheck{in, a, n})
			}
		}
		return r.mark(out, a, n)
	case op == "MatMul":
		ra, rb, ro := n.Input(0).Rank(), n.Input(1).Rank(), out.Rank()
		if ra < 2 || rb < 2 {
			return fmt.Errorf("%s: vector MatMul on heads", n)
		}
		other := n.Input(1 - i)
		ri := ra
		if i == 1 {
			ri = rb
		}
		switch {
		case i == 0 && a.axis == ra-1, i == 1 && a.axis == rb-2:
			// Contraction over the heads: only the output projection may.
			if i == 0 && constRoot(other) == r.contracted.v && r.contracted.v != nil {
				return nil
			}
			return fmt.Errorf("%s sums over the heads but is not the output projection", n)
		case i == 0 && a.axis == ra-2:
			return r.mark(out, headAx{ro - 2, a.outer, a.inner}, n)
		case i == 1 && a.axis == rb-1:
			return r.mark(out, headAx{ro - 1, a.outer, a.inner}, n)
		default: // a batch axis
			oa := headAx{a.axis + ro - ri, a.outer, a.inner}
			ro2 := other.Rank()
			oax := oa.axis - (ro - ro2)
			if oax >= 0 {
				d, ok := r.dims(other)
				if !ok {
					return fmt.Errorf("%s: shape of %q unknown", n, other.Name())
				}
				if d[oax] != 1 {
					r.pending = append(r.pending, pendingCheck{other, headAx{oax, a.outer, a.inner}, n})
				}
			}
			return r.mark(out, oa, n)
		}
	case op == "Gemm":
		transA, transB := n.AttrInt("transA", 0) == 1, n.AttrInt("transB", 0) == 1
		switch i {
		case 0:
			k := 1
			if transA {
				k = 0
			}
			if a.axis == k {
				if constRoot(n.Input(1)) == r.contracted.v && r.contracted.v != nil {
					return nil
				}
				return fmt.Errorf("%s sums over the heads but is not the output projection", n)
			}
			return r.mark(out, headAx{0, a.outer, a.inner}, n)
		case 1:
			nAx := 1
			if transB {
				nAx = 0
			}
			if a.axis != nAx {
				return fmt.Errorf("%s sums over the heads of its weight", n)
			}
			return r.mark(out, headAx{1, a.outer, a.inner}, n)
		default:
			return r.mark(out, headAx{1, a.outer, a.inner}, n)
		}
	}
	return fmt.Errorf("heads reach %s, which surgery does not know", n)
}

// expect checks that operand in of n broadcasts over the head axis oa (of
// the output, rank ro) or carries heads itself.
func (r *headRegion) expect(in *graphedit.Value, oa headAx, ro int, n *graphedit.Node) error {
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
	r.pending = append(r.pending, pendingCheck{in, headAx{ax, oa.outer, oa.inner}, n})
	return nil
}

// backward annotates v, which must carry heads on a.axis, and what it is
// computed from, up to a graph input or a constant.
func (r *headRegion) backward(v *graphedit.Value, a headAx, at *graphedit.Node) error {
	if _, ok := r.ann[v]; ok {
		return r.mark(v, a, at)
	}
	switch {
	case v.IsInitializer() && !v.IsGraphInput():
		r.consts = append(r.consts, regionTensor{v, a})
		return r.mark(v, a, at)
	case v.IsGraphInput() || v.IsOuter():
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
		perm, ok := n.AttrInts("perm")
		if !ok {
			return fmt.Errorf("%s: no perm", n)
		}
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
	return fmt.Errorf("%s: operand %q must carry the heads but comes from %s", at, v.Name(), n)
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
