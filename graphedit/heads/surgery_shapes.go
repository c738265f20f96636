package heads

import (
	"fmt"
	"math"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// scaledShape returns a value holding v with entry pos scaled by H2/H:
// an initializer when v is known, else Div(Mul(v, M), D) nodes.
func scaledShape(g *graphedit.Graph, v *graphedit.Value, positions []int, H, H2 int64, prefix string) (*graphedit.Value, error) {
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
	if nv, ok, err := scaledConcat(g, v, positions, H, H2, prefix); ok || err != nil {
		return nv, err
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
	mul, err := g.AddNode(graphedit.NodeSpec{OpType: "Mul", Inputs: []*graphedit.Value{v, mv}, Outputs: []string{g.FreshName(prefix + "/scaled")}})
	if err != nil {
		return nil, err
	}
	div, err := g.AddNode(graphedit.NodeSpec{OpType: "Div", Inputs: []*graphedit.Value{mul.Output(0), dvv}, Outputs: []string{g.FreshName(prefix)}})
	if err != nil {
		return nil, err
	}
	return div.Output(0), nil
}

// scaledConcat handles a shape built by a Concat whose pieces at the
// scaled positions are constants (the Optimum pattern: dims from Shape
// and Gather next to literal H and dh). It returns a copy of the Concat
// with those pieces replaced by scaled constants, so the target keeps the
// form of the original and ONNX Runtime folds and merges it as before; a
// Mul/Div on the whole shape would stay as two extra nodes per target.
// ok is false when v does not have that form.
func scaledConcat(g *graphedit.Graph, v *graphedit.Value, positions []int, H, H2 int64, prefix string) (*graphedit.Value, bool, error) {
	n, _ := v.Producer()
	if n == nil || n.OpType() != "Concat" || n.Domain() != "" {
		return nil, false, nil
	}
	if a := n.AttrInt("axis", 0); a != 0 && a != -1 {
		return nil, false, nil
	}
	type piece struct {
		v     *graphedit.Value
		start int
		n     int
	}
	var pieces []piece
	off := 0
	for _, in := range n.Inputs() {
		if in == nil {
			return nil, false, nil
		}
		d := in.Shape()
		if len(d) != 1 || !d[0].Known() {
			return nil, false, nil
		}
		pieces = append(pieces, piece{in, off, int(d[0].Value)})
		off += int(d[0].Value)
	}
	if off != int(v.Shape()[0].Value) {
		return nil, false, nil
	}
	local := make([][]int, len(pieces))
	for _, p := range positions {
		found := false
		for i, pc := range pieces {
			if p >= pc.start && p < pc.start+pc.n {
				if _, ok := g.ConstInts(pc.v); !ok {
					return nil, false, nil
				}
				local[i] = append(local[i], p-pc.start)
				found = true
				break
			}
		}
		if !found {
			return nil, false, nil
		}
	}
	ins := make([]*graphedit.Value, len(pieces))
	for i, pc := range pieces {
		ins[i] = pc.v
		if len(local[i]) == 0 {
			continue
		}
		nv, err := scaledShape(g, pc.v, local[i], H, H2, fmt.Sprintf("%s/piece%d", prefix, i))
		if err != nil {
			return nil, true, err
		}
		ins[i] = nv
	}
	c, err := g.AddNode(graphedit.NodeSpec{OpType: "Concat", Inputs: ins, Outputs: []string{g.FreshName(prefix)},
		Attrs: []*onnxpb.AttributeProto{graphedit.IntAttr("axis", n.AttrInt("axis", 0))}})
	if err != nil {
		return nil, true, err
	}
	c.Output(0).SetInferredShape(v.ElemType(), v.Shape())
	return c.Output(0), true, nil
}

// fixReshape rescales the head entry of a Reshape target unless it already
// follows the new shapes (computed from shapes of pruned tensors) or is -1.
// snap holds the target, the input shape and the output shape before the
// surgery.
func fixReshape(g *graphedit.Graph, f axisFix, snap [][]graphedit.Dim, H, H2 int64) (bool, error) {
	n := f.n
	pre := snap[0]
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
	if !graphedit.SameDim(cur[f.axis], p) {
		return false, nil // derived from pruned shapes: already right
	}
	nv, err := scaledShape(g, n.Input(1), []int{f.axis}, H, H2, "prune/"+nodeLabel(n)+"/shape")
	if err != nil {
		return false, err
	}
	if H2 == 0 {
		// Zero heads leave the tensor empty, and a -1 elsewhere in the
		// target can no longer be inferred: spell it out.
		for j, d := range pre {
			if j != f.axis && d.Known() && d.Value == -1 {
				if nv, err = spellOutEntry(g, n, nv, j, snap[1], snap[2]); err != nil {
					return false, err
				}
			}
		}
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
		if err := n.SetAttr(graphedit.IntAttr("allowzero", 1)); err != nil {
			return false, err
		}
	}
	return true, nil
}

// fixSlice rescales the starts and ends of a Slice on a head axis.
func fixSlice(g *graphedit.Graph, f axisFix, pre [][]graphedit.Dim, H, H2 int64) (bool, error) {
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
			if graphedit.SameDim(cur[p], d) && !(d.Known() && d.Value == 0) {
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

// fixExpand rescales the head entry of an Expand's target (pre, before
// the surgery) that broadcasts a tensor over the heads, unless it already
// follows the new shapes.
func fixExpand(g *graphedit.Graph, f axisFix, pre []graphedit.Dim, H, H2 int64) (bool, error) {
	n := f.n
	cur, ok := g.ShapeValue(n.Input(1))
	if !ok || len(pre) <= f.axis || len(cur) <= f.axis {
		return false, fmt.Errorf("expand shape %q unknown", n.Input(1).Name())
	}
	if !graphedit.SameDim(cur[f.axis], pre[f.axis]) {
		return false, nil // derived from pruned shapes: already right
	}
	nv, err := scaledShape(g, n.Input(1), []int{f.axis}, H, H2, "prune/"+nodeLabel(n)+"/shape")
	if err != nil {
		return false, err
	}
	return true, g.SetInput(n, 1, nv)
}

// fixSplit rescales explicit split sizes on a head axis.
func fixSplit(g *graphedit.Graph, f axisFix, H, H2 int64) (bool, error) {
	n := f.n
	if sizes, ok := n.AttrInts("split"); ok {
		out := make([]int64, len(sizes))
		for i, s := range sizes {
			out[i] = s / H * H2
		}
		return true, n.SetAttr(graphedit.IntsAttr("split", out...))
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

// spellOutEntry replaces entry j (a -1) of Reshape n's new target nv by the
// size it stood for, read at run time from the input axis of the same size
// (in and out are the input and output shapes before the surgery).
func spellOutEntry(g *graphedit.Graph, n *graphedit.Node, nv *graphedit.Value, j int, in, out []graphedit.Dim) (*graphedit.Value, error) {
	if j >= len(out) {
		return nil, fmt.Errorf("output shape unknown")
	}
	src := -1
	for i, d := range in {
		if graphedit.SameDim(d, out[j]) {
			src = i
			break
		}
	}
	if src < 0 {
		return nil, fmt.Errorf("cannot express zero heads: target entry %d is -1 and no input axis has its size %s", j, out[j])
	}
	prefix := "prune/" + nodeLabel(n) + "/size"
	rank := len(out)
	keep, one := make([]int64, rank), make([]int64, rank)
	for i := range keep {
		keep[i] = 1
	}
	keep[j], one[j] = 0, 1
	idx, err := g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/axis"), []int64{1}, []int64{int64(src)}))
	if err != nil {
		return nil, err
	}
	keepV, err := g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/keep"), []int64{int64(rank)}, keep))
	if err != nil {
		return nil, err
	}
	oneV, err := g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/at"), []int64{int64(rank)}, one))
	if err != nil {
		return nil, err
	}
	shape, err := g.AddNode(graphedit.NodeSpec{OpType: "Shape", Inputs: []*graphedit.Value{n.Input(0)}, Outputs: []string{g.FreshName(prefix + "/shape")}})
	if err != nil {
		return nil, err
	}
	size, err := g.AddNode(graphedit.NodeSpec{OpType: "Gather", Inputs: []*graphedit.Value{shape.Output(0), idx}, Outputs: []string{g.FreshName(prefix)}})
	if err != nil {
		return nil, err
	}
	at, err := g.AddNode(graphedit.NodeSpec{OpType: "Mul", Inputs: []*graphedit.Value{size.Output(0), oneV}, Outputs: []string{g.FreshName(prefix + "/at")}})
	if err != nil {
		return nil, err
	}
	rest, err := g.AddNode(graphedit.NodeSpec{OpType: "Mul", Inputs: []*graphedit.Value{nv, keepV}, Outputs: []string{g.FreshName(prefix + "/rest")}})
	if err != nil {
		return nil, err
	}
	sum, err := g.AddNode(graphedit.NodeSpec{OpType: "Add", Inputs: []*graphedit.Value{rest.Output(0), at.Output(0)}, Outputs: []string{g.FreshName(prefix + "/target")}})
	if err != nil {
		return nil, err
	}
	return sum.Output(0), nil
}
