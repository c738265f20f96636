package heads

import (
	"errors"
	"fmt"
	"sort"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// findScoresMatMul walks back from the Softmax input through masking and
// scaling ops to the MatMul of two computed tensors (Q·Kᵀ).
func findScoresMatMul(v *graphedit.Value, depth int) *graphedit.Node {
	if v == nil || depth == 0 {
		return nil
	}
	n, _ := v.Producer()
	if n != nil && fusedScoresMatMul(n) {
		return n
	}
	if n == nil || n.Domain() != "" {
		return nil
	}
	switch n.OpType() {
	case "MatMul":
		if !graphedit.IsConstLike(n.Input(0)) && !graphedit.IsConstLike(n.Input(1)) {
			return n
		}
		return nil
	case "QuantizeLinear", "DequantizeLinear": // static QDQ on the scores
		return findScoresMatMul(n.Input(0), depth-1)
	case "Add", "Sub", "Mul", "Div", "Where", "Cast", "Identity", "Reshape", "Max", "Min", "Expand", "Tanh", "Clip":
		start := 0
		if n.OpType() == "Where" {
			start = 1
		}
		for i := start; i < n.NumInputs(); i++ {
			if (n.OpType() == "Reshape" || n.OpType() == "Expand" || n.OpType() == "Clip") && i > 0 {
				break
			}
			if m := findScoresMatMul(n.Input(i), depth-1); m != nil {
				return m
			}
		}
	}
	return nil
}

// scoresDepth bounds the walk from a Softmax back to Q·Kᵀ: FSMT's decoder
// self-attention has seven ops between them (a view, the causal Add, two
// views, the padding Where, a view).
const scoresDepth = 12

// computedProduct looks further back from a Softmax input, through any op,
// for a MatMul of two computed tensors (not a projection by a constant
// weight): nil when there is none within depth, so the Softmax is not over
// attention scores; the node when there is, so a Softmax the scores walk
// did not follow is reported, never skipped.
func computedProduct(v *graphedit.Value, depth int, seen map[*graphedit.Value]bool) *graphedit.Node {
	if v == nil || depth == 0 || seen[v] {
		return nil
	}
	seen[v] = true
	n, _ := v.Producer()
	if n == nil {
		return nil
	}
	if n.OpType() == "MatMul" && n.Domain() == "" || n.OpType() == "FusedMatMul" && n.Domain() == "com.microsoft" {
		if !graphedit.IsConstLike(n.Input(0)) && !graphedit.IsConstLike(n.Input(1)) {
			return n
		}
		return nil
	}
	if n.OpType() == "Gemm" {
		return nil
	}
	for _, in := range n.Inputs() {
		if m := computedProduct(in, depth-1, seen); m != nil {
			return m
		}
	}
	return nil
}

// findContextMatMul walks forward from the probabilities to MatMul(P, V).
func findContextMatMul(v *graphedit.Value, depth int) *graphedit.Node {
	if depth == 0 {
		return nil
	}
	for _, u := range v.Uses() {
		n := u.Node
		if n.Domain() != "" {
			continue
		}
		switch n.OpType() {
		case "MatMul":
			if u.Input == 0 {
				return n
			}
		case "Cast", "Dropout", "Identity", "Where", "Mul", "Reshape",
			"QuantizeLinear", "DequantizeLinear": // static QDQ on the probabilities
			if (n.OpType() == "Reshape" || graphedit.IsQDQ(n)) && u.Input != 0 {
				continue
			}
			if m := findContextMatMul(n.Output(0), depth-1); m != nil {
				return m
			}
		}
	}
	return nil
}

// weightLayout describes how a weight operand reaches its MatMul/Gemm:
// whether the effective matrix is the initializer transposed, and the offset
// of a Slice/Split/Gather on the initializer's head-carrying dimension.
func weightLayout(g *graphedit.Graph, w *graphedit.Value, effTransposed bool) (root *graphedit.Value, transposed bool, offset int64, err error) {
	// effTransposed: whether the operand as used is [out,in] (Gemm transB).
	transposed = !effTransposed // true: [in,out] as used
	v := w
	var slices []*graphedit.Node
	for depth := 0; depth < 6; depth++ {
		if v.IsInitializer() && !v.IsGraphInput() || v.IsOuter() && graphedit.OuterInitializer(v) != nil {
			break
		}
		n, _ := v.Producer()
		if n == nil {
			return nil, false, 0, fmt.Errorf("weight %q is not a constant", w.Name())
		}
		switch n.OpType() {
		case "Transpose":
			perm, ok := n.AttrInts("perm")
			if ok && !(len(perm) == 2 && perm[0] == 1 && perm[1] == 0) {
				return nil, false, 0, fmt.Errorf("weight %q: Transpose %s is not a 2-D transpose", w.Name(), n)
			}
			transposed = !transposed
		case "Slice", "Split", "Gather":
			slices = append(slices, n)
		case "Identity", "Cast":
		case "QuantizeLinear", "DequantizeLinear": // a QDQ weight
			if !graphedit.ConstQDQ(n) {
				return nil, false, 0, fmt.Errorf("weight %q: %s has computed scale or zero point", w.Name(), n)
			}
		default:
			return nil, false, 0, fmt.Errorf("weight %q comes from %s", w.Name(), n)
		}
		v = n.Input(0)
	}
	root = v
	// Offsets: slices along the output dimension of the root.
	outAx := 0
	if transposed {
		outAx = 1
	}
	for _, n := range slices {
		ax, start, ok := sliceStart(g, n, w)
		if !ok {
			return nil, false, 0, fmt.Errorf("weight %q: cannot read the bounds of %s", w.Name(), n)
		}
		if ax != outAx {
			return nil, false, 0, fmt.Errorf("weight %q: %s slices the input dimension", w.Name(), n)
		}
		offset += start
	}
	return root, transposed, offset, nil
}

// sliceStart returns the axis and start of a Slice, Split (for the output
// that leads to w) or Gather on a 2-D weight.
func sliceStart(g *graphedit.Graph, n *graphedit.Node, w *graphedit.Value) (axis int, start int64, ok bool) {
	switch n.OpType() {
	case "Slice":
		var starts, axes []int64
		if n.NumInputs() >= 3 {
			starts, ok = g.ConstInts(n.Input(1))
			if !ok {
				return 0, 0, false
			}
			if n.NumInputs() >= 4 && n.Input(3) != nil {
				if axes, ok = g.ConstInts(n.Input(3)); !ok {
					return 0, 0, false
				}
			}
		} else {
			starts, _ = n.AttrInts("starts")
			axes, _ = n.AttrInts("axes")
		}
		if len(starts) != 1 {
			return 0, 0, false
		}
		a := int64(0)
		if len(axes) == 1 {
			a = axes[0]
		}
		if a < 0 {
			a += 2
		}
		return int(a), starts[0], true
	case "Split":
		a := n.AttrInt("axis", 0)
		if a < 0 {
			a += 2
		}
		sizes, has := n.AttrInts("split")
		if !has && n.NumInputs() > 1 && n.Input(1) != nil {
			if sizes, ok = g.ConstInts(n.Input(1)); !ok {
				return 0, 0, false
			}
		}
		d := n.Input(0).Shape()
		if int(a) >= len(d) || !d[a].Known() {
			return 0, 0, false
		}
		if sizes == nil {
			k := int64(n.NumOutputs())
			for range n.NumOutputs() {
				sizes = append(sizes, d[a].Value/k)
			}
		}
		var off int64
		for i, o := range n.Outputs() {
			if o != nil && feedsValue(o, w) {
				return int(a), off, true
			}
			off += sizes[i]
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// feedsValue reports whether w is o or computed from o through single-input
// weight-side ops.
func feedsValue(o, w *graphedit.Value) bool {
	for v := w; v != nil; {
		if v == o {
			return true
		}
		n, _ := v.Producer()
		if n == nil {
			return false
		}
		v = n.Input(0)
	}
	return false
}

// findOutProjection walks forward from the per-head tensor through
// Transpose/Reshape to the MatMul or Gemm with a constant weight. A Mul by a
// gate on the way (a factor computed from a graph input by gateSource, as
// InsertGates adds) is stepped over; the third result is that factor, nil
// when there is none.
func findOutProjection(g *graphedit.Graph, v *graphedit.Value, depth int) (Projection, *graphedit.Node, *graphedit.Value, error) {
	var gate, factor *graphedit.Value
	cur := v
	for d := 0; d < depth; d++ {
		uses := cur.Uses()
		var next *graphedit.Node
		var slot int
		for _, u := range uses {
			if u.Node.OpType() == "Shape" {
				continue
			}
			if next != nil {
				return Projection{}, nil, nil, fmt.Errorf("merged heads %q feed several nodes", cur.Name())
			}
			next, slot = u.Node, u.Input
		}
		if next == nil {
			return Projection{}, nil, nil, fmt.Errorf("no output projection after %q", v.Name())
		}
		if op, ok := graphedit.IntegerMatMul(next); ok {
			p, err := integerOutProjection(g, next, op, slot)
			if err != nil {
				return Projection{}, nil, nil, err
			}
			return p, next, factor, nil
		}
		switch next.OpType() {
		case "Transpose", "Reshape", "Identity", "Cast", "QuantizeLinear", "DequantizeLinear", "DynamicQuantizeLinear":
			if slot != 0 {
				return Projection{}, nil, nil, fmt.Errorf("%s reads the heads as its shape or scale", next)
			}
			cur = next.Output(0)
			continue
		case "Mul":
			gv := gateSource(next.Input(1 - slot))
			switch {
			case gv == nil:
				return Projection{}, nil, nil, fmt.Errorf("merged heads reach %s instead of the output projection", next)
			case gate != nil:
				return Projection{}, nil, nil, fmt.Errorf("heads are multiplied by two gates, %q and %q (%s)", gate.Name(), gv.Name(), next)
			}
			gate, factor = gv, next.Input(1-slot)
			cur = next.Output(0)
			continue
		case "MatMul", "Gemm":
			if slot != 0 {
				return Projection{}, nil, nil, fmt.Errorf("%s reads the heads as its second operand", next)
			}
			transB := next.OpType() == "Gemm" && next.AttrInt("transB", 0) == 1
			if next.OpType() == "Gemm" && next.AttrInt("transA", 0) != 0 {
				return Projection{}, nil, nil, fmt.Errorf("%s has transA", next)
			}
			root, transposed, off, err := weightLayout(g, next.Input(1), transB)
			if err != nil {
				return Projection{}, nil, nil, fmt.Errorf("output projection: %v", err)
			}
			// Out weight's head-carrying dim is its input one.
			in := 0
			if !transposed {
				in = 1
			}
			d := root.Shape()
			if len(d) != 2 || !d[in].Known() {
				return Projection{}, nil, nil, fmt.Errorf("output projection weight %q has shape %s", root.Name(), graphedit.ShapeString(d))
			}
			if off != 0 {
				return Projection{}, nil, nil, fmt.Errorf("output projection weight %q is sliced", root.Name())
			}
			p := Projection{Weight: root, Transposed: transposed, Width: d[in].Value}
			if next.OpType() == "Gemm" {
				if c := next.Input(2); c != nil && graphedit.IsConstLike(c) {
					p.Bias = graphedit.ConstRoot(c)
				}
			} else if b := biasAfter(next.Output(0)); b != nil {
				p.Bias = b
			} else if b := biasAfterFused(next.Output(0)); b != nil {
				p.Bias = b
			}
			return p, next, factor, nil
		default:
			return Projection{}, nil, nil, fmt.Errorf("merged heads reach %s instead of the output projection", next)
		}
	}
	return Projection{}, nil, nil, fmt.Errorf("no output projection within %d nodes of %q", depth, v.Name())
}

// gateSource returns the graph input that f, the factor of a Mul on the
// heads' path, is computed from by reshaping and broadcasting alone
// (InsertGates: a Reshape of the gate to [H,1,1], or a Reshape to [H,1]
// times ones [1,dh] reshaped to [H*dh]); nil when f is anything else.
func gateSource(f *graphedit.Value) *graphedit.Value {
	for depth := 0; f != nil && depth < 8; depth++ {
		if f.IsGraphInput() || f.IsOuter() {
			if f.ElemType() != 0 && f.ElemType() != int32(onnxpb.TensorProto_FLOAT) {
				return nil
			}
			return f
		}
		n, _ := f.Producer()
		if n == nil || n.Domain() != "" {
			return nil
		}
		switch n.OpType() {
		case "Reshape", "Unsqueeze", "Expand", "Identity", "Cast":
			f = n.Input(0)
		case "Mul":
			a, b := n.Input(0), n.Input(1)
			switch {
			case graphedit.IsConstLike(b):
				f = a
			case graphedit.IsConstLike(a):
				f = b
			default:
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// biasAfter returns the 1-D constant added to v by its single Add use.
func biasAfter(v *graphedit.Value) *graphedit.Value {
	uses := v.Uses()
	if len(uses) != 1 || uses[0].Node.OpType() != "Add" {
		return nil
	}
	n := uses[0].Node
	other := n.Input(1 - uses[0].Input)
	if r := graphedit.ConstRoot(other); r != nil && r.Rank() == 1 {
		return r
	}
	return nil
}

// biasAfterFused returns the output projection's bias of a fused graph:
// the bias input of the SkipLayerNormalization that adds the residual.
func biasAfterFused(v *graphedit.Value) *graphedit.Value {
	uses := v.Uses()
	if len(uses) != 1 {
		return nil
	}
	n := uses[0].Node
	if n.Domain() == "com.microsoft" && n.OpType() == "SkipLayerNormalization" && uses[0].Input <= 1 && n.NumInputs() > 4 {
		return graphedit.ConstRoot(n.Input(4))
	}
	return nil
}

// findInProjection walks back from Q, K or V (as read by the attention
// MatMuls) to the projection: a MatMul or Gemm with a constant weight,
// through scaling, Transpose, Reshape, Squeeze/Unsqueeze, Slice/Split/Gather
// (packed projections), Concat with a cached tensor and the bias Add. It
// returns the projection's input; keys or values read straight from a graph
// input give a Projection without Weight.
func findInProjection(g *graphedit.Graph, v *graphedit.Value, kv []*graphedit.Value) (Projection, *graphedit.Value, []*graphedit.Value, error) {
	var p Projection
	var bias *graphedit.Value
	cur := v
	for depth := 0; depth < 16; depth++ {
		if cur.IsGraphInput() || cur.IsOuter() {
			kv = appendUnique(kv, cur)
			return p, nil, kv, nil
		}
		n, _ := cur.Producer()
		if n == nil {
			return p, nil, kv, fmt.Errorf("%q has no producer", cur.Name())
		}
		if op, ok := graphedit.IntegerMatMul(n); ok {
			var in *graphedit.Value
			var err error
			p, in, err = integerInProjection(g, n, op, bias)
			return p, in, kv, err
		}
		if n.Domain() != "" {
			return p, nil, kv, fmt.Errorf("%q comes from %s", cur.Name(), n)
		}
		switch n.OpType() {
		case "Transpose", "Reshape", "Squeeze", "Unsqueeze", "Identity", "Cast", "Slice", "Split", "Gather", "Dropout":
			cur = n.Input(0)
		case "QuantizeLinear", "DequantizeLinear": // static QDQ on the activations
			cur = n.Input(0)
		case "Mul", "Div":
			// Scaling by a scalar: follow the operand of higher rank.
			a, b := n.Input(0), n.Input(1)
			if n.OpType() == "Div" || a.Rank() >= b.Rank() {
				cur = a
			} else {
				cur = b
			}
		case "Concat":
			// A key/value cache concatenated with the new keys.
			var next *graphedit.Value
			for _, in := range n.Inputs() {
				if src := cacheInput(in); src != nil {
					kv = appendUnique(kv, src)
					continue
				}
				if next != nil {
					return p, nil, kv, fmt.Errorf("%s joins several computed tensors", n)
				}
				next = in
			}
			if next == nil {
				return p, nil, kv, nil
			}
			cur = next
		case "Add":
			a, b := n.Input(0), n.Input(1)
			switch {
			case graphedit.IsConstLike(a) && !graphedit.IsConstLike(b):
				bias, cur = a, b
			case graphedit.IsConstLike(b) && !graphedit.IsConstLike(a):
				bias, cur = b, a
			default:
				return p, nil, kv, fmt.Errorf("%s adds two computed tensors", n)
			}
		case "MatMul", "Gemm":
			wi := 1
			if !graphedit.IsConstLike(n.Input(1)) {
				if n.OpType() == "MatMul" && graphedit.IsConstLike(n.Input(0)) {
					return p, nil, kv, fmt.Errorf("%s multiplies a constant from the left", n)
				}
				return p, nil, kv, fmt.Errorf("%s has no constant weight", n)
			}
			transB := n.OpType() == "Gemm" && n.AttrInt("transB", 0) == 1
			root, transposed, off, err := weightLayout(g, n.Input(wi), transB)
			if err != nil {
				return p, nil, kv, err
			}
			p.Weight, p.Transposed, p.Offset = root, transposed, off
			// Width: the projection's output features.
			os := n.Output(0).Shape()
			if len(os) == 0 || !os[len(os)-1].Known() {
				return p, nil, kv, fmt.Errorf("%s output width unknown", n)
			}
			p.Width = os[len(os)-1].Value
			if n.OpType() == "Gemm" && n.Input(2) != nil && bias == nil {
				bias = n.Input(2)
			}
			if bias != nil {
				p.Bias = graphedit.ConstRoot(bias)
			}
			if p.Bias != nil {
				p.BiasOffset = biasOffset(g, bias)
			}
			p.node = n
			return p, n.Input(0), kv, nil
		default:
			return p, nil, kv, fmt.Errorf("%q comes from %s", cur.Name(), n)
		}
	}
	return p, nil, kv, errors.New("no projection within 16 nodes")
}

// cacheInput returns the graph input (or outer value) that v is, or that v
// converts: a Cast or Identity of it, as a float16 converter run with
// keep_io_types puts between a float32 past key/value input and the Concat
// that appends the new keys. nil when v is computed otherwise.
func cacheInput(v *graphedit.Value) *graphedit.Value {
	for range 4 {
		if v == nil || v.IsGraphInput() || v.IsOuter() {
			return v
		}
		n, _ := v.Producer()
		if n == nil || n.Domain() != "" || (n.OpType() != "Cast" && n.OpType() != "Identity") {
			return nil
		}
		v = n.Input(0)
	}
	return nil
}

func unsqueezeAxes(g *graphedit.Graph, n *graphedit.Node) ([]int64, bool) {
	if a, ok := n.AttrInts("axes"); ok {
		return a, true
	}
	if n.NumInputs() > 1 && n.Input(1) != nil {
		return g.ConstInts(n.Input(1))
	}
	return nil, false
}

func normAxes(axes []int64, r int) []int {
	out := make([]int, len(axes))
	for i, a := range axes {
		if a < 0 {
			a += int64(r)
		}
		out[i] = int(a)
	}
	sort.Ints(out)
	return out
}

func appendUnique(vs []*graphedit.Value, v *graphedit.Value) []*graphedit.Value {
	for _, x := range vs {
		if x == v {
			return vs
		}
	}
	return append(vs, v)
}

// biasOffset returns the start of a bias slice (Slice/Split/Gather on the
// 1-D bias initializer), 0 for the whole initializer.
func biasOffset(g *graphedit.Graph, b *graphedit.Value) int64 {
	var off int64
	for v := b; v != nil && !(v.IsInitializer() && !v.IsGraphInput()); {
		n, _ := v.Producer()
		if n == nil {
			break
		}
		if t := n.OpType(); t == "Slice" || t == "Split" || t == "Gather" {
			if _, s, ok := sliceStart(g, n, b); ok {
				off += s
			}
		}
		v = n.Input(0)
	}
	return off
}

// splitPacked sets the sections of projections computed by one MatMul for
// several of Q, K and V (torch's packed in_proj): the output's features are
// Q, K, V (or K, V) in that order, in equal parts.
func splitPacked(q, k, v *Projection) {
	ps := []*Projection{q, k, v}
	var group []*Projection
	for _, p := range ps {
		if p.node == nil {
			continue
		}
		group = group[:0]
		for _, o := range ps {
			if o.node == p.node {
				group = append(group, o)
			}
		}
		if len(group) < 2 || group[0] != p {
			continue
		}
		w := p.Width / int64(len(group))
		for i, o := range group {
			o.Width = w
			o.Offset += int64(i) * w
			o.BiasOffset += int64(i) * w
		}
	}
}

// outAxis is the output-feature axis of a 2-D weight: 1 for [in,out], 0 for
// [out,in].
func outAxis(transposed bool) int {
	if transposed {
		return 1
	}
	return 0
}
