package graphedit

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Kind says which attention a block is: encoder self-attention, decoder
// self-attention, or decoder-encoder (cross) attention.
type Kind string

// The three kinds of attention block, as written in head names.
const (
	KindEncoder Kind = "encoder"
	KindDecoder Kind = "decoder"
	KindCross   Kind = "cross"
)

// Kinds lists the kinds in the order reports use.
var Kinds = []Kind{KindEncoder, KindDecoder, KindCross}

// Projection is one of the Q, K, V or output projections of a block: the
// weight constant and the range of its head-carrying dimension that belongs
// to this projection. For Q, K and V the head-carrying dimension is the
// output one, head h owning [Offset+h*dh, Offset+(h+1)*dh); for the output
// projection it is the input (contracted) one.
type Projection struct {
	// Weight is the initializer holding the weight (nil when the file has
	// no such weight, e.g. cross-attention keys read from past inputs).
	Weight *Value
	// Transposed reports the MatMul layout [in,out]; false is PyTorch's
	// [out,in] (Gemm transB=1, or MatMul with a Transpose of the weight).
	Transposed bool
	// Offset and Width give the rows (or columns) of this projection in the
	// weight's head-carrying dimension; Width is H*dh. A packed in_proj
	// weight gives Q, K and V offsets 0, H*dh and 2*H*dh.
	Offset, Width int64
	// Bias is the bias initializer (nil when there is none) and BiasOffset
	// this projection's first element in it.
	Bias       *Value
	BiasOffset int64

	node *Node // the projection MatMul or Gemm
}

// Packed reports whether the weight holds more than this projection.
func (p Projection) Packed() bool {
	if p.Weight == nil {
		return false
	}
	d := p.Weight.Shape()
	if len(d) != 2 {
		return false
	}
	ax := 0
	if p.Transposed {
		ax = 1
	}
	return !d[ax].Known() || d[ax].Value != p.Width
}

// HeadConst names one place that encodes H or H*dh: a Reshape target,
// Slice bounds or Split sizes on a head-carrying axis, a num_heads attribute,
// or a graph input or output whose declared shape carries heads.
type HeadConst struct {
	Node  *Node  // nil for graph inputs and outputs
	Value *Value // the input slot's value or the graph input/output
	What  string // "reshape target", "slice bounds", "split sizes", "graph input", "graph output"
	Axis  int    // the head-carrying axis
}

// Block is one multi-head attention block found in a graph.
type Block struct {
	Kind  Kind
	Layer int
	// NumHeads is H and HeadDim is dh.
	NumHeads, HeadDim int
	// Softmax is the node normalizing the attention scores, or the fused
	// com.microsoft Attention/MultiHeadAttention node.
	Softmax *Node
	// Q, K, V and Out are the projections; K and V have no Weight when the
	// file reads keys and values from graph inputs.
	Q, K, V, Out Projection
	// OutNode is the output projection's MatMul or Gemm.
	OutNode *Node
	// PerHead is the tensor holding every head's output before they are
	// merged: [B,H,T,dh] (HeadsAxis 1, BatchHeads false) or [B*H,T,dh]
	// (HeadsAxis 0, BatchHeads true); nil for fused attention.
	PerHead    *Value
	HeadsAxis  int
	BatchHeads bool
	// QueryInput is the input of the query projection (the block's input).
	QueryInput *Value
	// KVInputs are graph inputs the block reads keys or values from
	// (past key/value caches, encoder keys and values).
	KVInputs []*Value
	// HeadConsts are the constants, attributes and declarations that
	// encode H or H*dh.
	HeadConsts []HeadConst
	// Graph is "main", or the path of the subgraph the block lives in
	// (`If_0/then_branch`).
	Graph string

	region   *headRegion
	keyInput *Value
	// ifNode and branch locate a block in an If branch (one level deep);
	// twins are the same block found in the If's other branch.
	ifNode *Node
	branch string
	twins  []*Block
}

// Name returns `KIND:LAYER`.
func (b *Block) Name() string { return fmt.Sprintf("%s:%d", b.Kind, b.Layer) }

// HeadNames returns `KIND:LAYER:HEAD` for every head.
func (b *Block) HeadNames() []string {
	out := make([]string, b.NumHeads)
	for h := range out {
		out[h] = HeadName(b.Kind, b.Layer, h)
	}
	return out
}

// MatchError reports attention that FindHeads could not match: the Softmax
// node and what was missing.
type MatchError struct {
	Softmax string
	Missing string
}

func (e *MatchError) Error() string {
	return fmt.Sprintf("graphedit: attention at Softmax %q: %s", e.Softmax, e.Missing)
}

// FindHeads finds every multi-head attention block of g. It anchors on
// each Softmax over attention scores (a Softmax on the last axis of a
// MatMul of two computed tensors): walking forward to the MatMul with V,
// the merge and the output projection, and back to the Q and K projections.
// H and dh come from the value tensor's shape and the projection sizes; the
// head axis is then followed through every op between the projections and
// the output projection (Reshape, Transpose, Slice, Split, Gather, Concat
// with cached keys, masks) so that every place encoding H is known.
// Softmax nodes elsewhere (for example a final output layer) are not
// attention: a Softmax whose input is not a MatMul of two computed tensors
// is skipped. An attention Softmax whose pattern does not match is an error
// (a *MatchError) naming it, never skipped silently.
//
// Blocks inside If branches (merged decoders) are found too; a block found
// in both branches is reported once, with the projections found in either.
// Layers count per kind in data-flow order.
func FindHeads(g *Graph) ([]*Block, error) {
	blocks, err := findHeadsIn(g, "main")
	if err != nil {
		return nil, err
	}
	assignKinds(g, blocks)
	numberLayers(g, blocks)
	return blocks, nil
}

func findHeadsIn(g *Graph, path string) ([]*Block, error) {
	if err := g.InferShapes(); err != nil {
		// Shapes that could not be inferred are reported where needed.
		_ = err
	}
	order, err := g.TopoOrder()
	if err != nil {
		return nil, fmt.Errorf("graphedit: %s: %w", path, err)
	}
	var blocks []*Block
	var subs [][]*Block
	for _, n := range order {
		if n.OpType() == "If" && n.Domain() == "" {
			var branches [][]*Block
			for _, attr := range []string{"then_branch", "else_branch"} {
				sg, err := g.Subgraph(n, attr)
				if err != nil {
					return nil, fmt.Errorf("graphedit: %s: node %s: %w", path, n, err)
				}
				bs, err := findHeadsIn(sg, path+"/"+nodeLabel(n)+"/"+attr)
				if err != nil {
					return nil, err
				}
				for _, b := range bs {
					if b.ifNode == nil {
						b.ifNode, b.branch = n, attr
						b.liftHeadConsts(sg, n)
					}
				}
				assignKinds(sg, bs)
				numberLayers(sg, bs)
				branches = append(branches, bs)
			}
			subs = append(subs, mergeBranches(branches))
			continue
		}
		if isFusedAttention(n) {
			b, err := matchFused(g, n)
			if err != nil {
				return nil, err
			}
			b.Graph = path
			blocks = append(blocks, b)
			continue
		}
		if n.OpType() != "Softmax" || n.Domain() != "" {
			continue
		}
		b, err := matchBlock(g, n)
		if err != nil {
			return nil, err
		}
		if b == nil {
			continue
		}
		b.Graph = path
		blocks = append(blocks, b)
	}
	for _, s := range subs {
		blocks = append(blocks, s...)
	}
	return blocks, nil
}

func nodeLabel(n *Node) string {
	if n.Name() != "" {
		return n.Name()
	}
	return n.OpType()
}

// mergeBranches joins the blocks of an If's two branches by kind and layer.
func mergeBranches(branches [][]*Block) []*Block {
	var out []*Block
	idx := map[string]*Block{}
	for _, bs := range branches {
		for _, b := range bs {
			key := b.Name()
			prev, ok := idx[key]
			if !ok {
				idx[key] = b
				out = append(out, b)
				continue
			}
			prev.twins = append(prev.twins, b)
			for _, hc := range b.HeadConsts {
				dup := false
				for _, x := range prev.HeadConsts {
					dup = dup || x.Value == hc.Value && x.Node == hc.Node && x.What == hc.What
				}
				if !dup {
					prev.HeadConsts = append(prev.HeadConsts, hc)
				}
			}
			if prev.K.Weight == nil && b.K.Weight != nil {
				prev.K = b.K
			}
			if prev.V.Weight == nil && b.V.Weight != nil {
				prev.V = b.V
			}
		}
	}
	return out
}

// matchBlock matches the attention around one Softmax; nil, nil when the
// Softmax is not over attention scores.
func matchBlock(g *Graph, sm *Node) (*Block, error) {
	fail := func(format string, args ...any) (*Block, error) {
		return nil, &MatchError{Softmax: nodeLabel(sm), Missing: fmt.Sprintf(format, args...)}
	}
	scores := findScoresMatMul(sm.Input(0), 6)
	if scores == nil {
		return nil, nil // not attention scores
	}
	if ax := sm.AttrInt("axis", -1); ax != -1 {
		if r := sm.Input(0).Rank(); r < 0 || ax != int64(r-1) {
			return fail("Softmax is not over the last axis (axis %d)", ax)
		}
	}
	ctxMM := findContextMatMul(sm.Output(0), 4)
	if ctxMM == nil {
		return fail("no MatMul of the attention probabilities with V")
	}
	b := &Block{Softmax: sm, PerHead: ctxMM.Output(0)}
	// Head size from V.
	vs := ctxMM.Input(1).Shape()
	if len(vs) < 3 || !vs[len(vs)-1].Known() {
		return fail("head size unknown: V %q has shape %s", ctxMM.Input(1).Name(), ShapeString(vs))
	}
	b.HeadDim = int(vs[len(vs)-1].Value)
	// Output projection.
	out, outNode, err := findOutProjection(g, b.PerHead, 8)
	if err != nil {
		return fail("%v", err)
	}
	b.Out, b.OutNode = out, outNode
	if b.Out.Width%int64(b.HeadDim) != 0 {
		return fail("output projection %q input size %d is not a multiple of the head size %d", out.Weight.Name(), out.Width, b.HeadDim)
	}
	b.NumHeads = int(b.Out.Width) / b.HeadDim
	// Q, K, V projections.
	var qIn, kIn, vIn *Value
	var kvIn []*Value
	b.Q, qIn, kvIn, err = findInProjection(g, scores.Input(0), kvIn)
	if err != nil {
		return fail("query projection: %v", err)
	}
	if b.Q.Weight == nil {
		return fail("query projection: no weight (queries read from graph input %q)", qIn.Name())
	}
	b.K, kIn, kvIn, err = findInProjection(g, scores.Input(1), kvIn)
	if err != nil {
		return fail("key projection: %v", err)
	}
	b.V, vIn, kvIn, err = findInProjection(g, ctxMM.Input(1), kvIn)
	if err != nil {
		return fail("value projection: %v", err)
	}
	b.QueryInput = qIn
	b.KVInputs = kvIn
	b.keyInput = kIn
	splitPacked(&b.Q, &b.K, &b.V)
	// Self or cross: keys from the query's input, or from elsewhere.
	cross := false
	for _, in := range []*Value{kIn, vIn} {
		if in != nil && in != qIn {
			cross = true
		}
	}
	if b.K.Weight == nil || b.V.Weight == nil {
		// Keys read from graph inputs: cross when the cache is the encoder's.
		for _, in := range kvIn {
			if strings.Contains(strings.ToLower(in.Name()), "encoder") {
				cross = true
			}
		}
	}
	if cross {
		b.Kind = KindCross
	}
	// Check the widths.
	for _, p := range []struct {
		name string
		p    Projection
	}{{"query", b.Q}, {"key", b.K}, {"value", b.V}} {
		if p.p.Weight != nil && p.p.Width != int64(b.NumHeads*b.HeadDim) {
			return fail("%s projection %q gives %d features, want H*dh = %d*%d", p.name, p.p.Weight.Name(), p.p.Width, b.NumHeads, b.HeadDim)
		}
	}
	ps := b.PerHead.Shape()
	switch len(ps) {
	case 4:
		b.HeadsAxis = 1
	case 3:
		b.HeadsAxis, b.BatchHeads = 0, true
	default:
		return fail("per-head tensor %q has shape %s, want [B,H,T,dh] or [B*H,T,dh]", b.PerHead.Name(), ShapeString(ps))
	}
	reg, err := analyzeRegion(g, b)
	if err != nil {
		return fail("%v", err)
	}
	b.region = reg
	b.HeadConsts = reg.headConsts()
	return b, nil
}

// findScoresMatMul walks back from the Softmax input through masking and
// scaling ops to the MatMul of two computed tensors (Q·Kᵀ).
func findScoresMatMul(v *Value, depth int) *Node {
	if v == nil || depth == 0 {
		return nil
	}
	n, _ := v.Producer()
	if n == nil || n.Domain() != "" {
		return nil
	}
	switch n.OpType() {
	case "MatMul":
		if !isConstLike(n.Input(0)) && !isConstLike(n.Input(1)) {
			return n
		}
		return nil
	case "Add", "Sub", "Mul", "Div", "Where", "Cast", "Identity", "Reshape", "Max", "Min":
		start := 0
		if n.OpType() == "Where" {
			start = 1
		}
		for i := start; i < n.NumInputs(); i++ {
			if n.OpType() == "Reshape" && i > 0 {
				break
			}
			if m := findScoresMatMul(n.Input(i), depth-1); m != nil {
				return m
			}
		}
	}
	return nil
}

// findContextMatMul walks forward from the probabilities to MatMul(P, V).
func findContextMatMul(v *Value, depth int) *Node {
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
		case "Cast", "Dropout", "Identity", "Where", "Mul", "Reshape":
			if n.OpType() == "Reshape" && u.Input != 0 {
				continue
			}
			if m := findContextMatMul(n.Output(0), depth-1); m != nil {
				return m
			}
		}
	}
	return nil
}

// isConstLike reports whether v is an initializer or computed from
// initializers only through weight-side ops (Transpose, Slice, ...).
func isConstLike(v *Value) bool {
	return constRoot(v) != nil
}

// constRoot returns the initializer a weight value is derived from, through
// Transpose, Slice, Split, Gather, Identity, Cast; nil when v is not such a
// value. A graph input with a default (overridable) does not count.
func constRoot(v *Value) *Value {
	for depth := 0; v != nil && depth < 6; depth++ {
		if v.IsInitializer() && !v.IsGraphInput() {
			return v
		}
		if v.IsOuter() && outerInitializer(v) != nil {
			return v
		}
		if v.IsOuter() || v.IsGraphInput() {
			return nil
		}
		n, _ := v.Producer()
		if n == nil || n.Domain() != "" {
			return nil
		}
		switch n.OpType() {
		case "Transpose", "Slice", "Split", "Gather", "Identity", "Cast":
			v = n.Input(0)
		case "Constant":
			return nil
		default:
			return nil
		}
	}
	return nil
}

// weightLayout describes how a weight operand reaches its MatMul/Gemm:
// whether the effective matrix is the initializer transposed, and the offset
// of a Slice/Split/Gather on the initializer's head-carrying dimension.
func weightLayout(g *Graph, w *Value, effTransposed bool) (root *Value, transposed bool, offset int64, err error) {
	// effTransposed: whether the operand as used is [out,in] (Gemm transB).
	transposed = !effTransposed // true: [in,out] as used
	v := w
	var slices []*Node
	for depth := 0; depth < 6; depth++ {
		if v.IsInitializer() && !v.IsGraphInput() || v.IsOuter() && outerInitializer(v) != nil {
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
func sliceStart(g *Graph, n *Node, w *Value) (axis int, start int64, ok bool) {
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
func feedsValue(o, w *Value) bool {
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
// Transpose/Reshape to the MatMul or Gemm with a constant weight.
func findOutProjection(g *Graph, v *Value, depth int) (Projection, *Node, error) {
	cur := v
	for d := 0; d < depth; d++ {
		uses := cur.Uses()
		var next *Node
		var slot int
		for _, u := range uses {
			if u.Node.OpType() == "Shape" {
				continue
			}
			if next != nil {
				return Projection{}, nil, fmt.Errorf("merged heads %q feed several nodes", cur.Name())
			}
			next, slot = u.Node, u.Input
		}
		if next == nil {
			return Projection{}, nil, fmt.Errorf("no output projection after %q", v.Name())
		}
		switch next.OpType() {
		case "Transpose", "Reshape", "Identity", "Cast":
			if slot != 0 {
				return Projection{}, nil, fmt.Errorf("%s reads the heads as its shape", next)
			}
			cur = next.Output(0)
			continue
		case "MatMul", "Gemm":
			if slot != 0 {
				return Projection{}, nil, fmt.Errorf("%s reads the heads as its second operand", next)
			}
			transB := next.OpType() == "Gemm" && next.AttrInt("transB", 0) == 1
			if next.OpType() == "Gemm" && next.AttrInt("transA", 0) != 0 {
				return Projection{}, nil, fmt.Errorf("%s has transA", next)
			}
			root, transposed, off, err := weightLayout(g, next.Input(1), transB)
			if err != nil {
				return Projection{}, nil, fmt.Errorf("output projection: %v", err)
			}
			// Out weight's head-carrying dim is its input one.
			in := 0
			if !transposed {
				in = 1
			}
			d := root.Shape()
			if len(d) != 2 || !d[in].Known() {
				return Projection{}, nil, fmt.Errorf("output projection weight %q has shape %s", root.Name(), ShapeString(d))
			}
			if off != 0 {
				return Projection{}, nil, fmt.Errorf("output projection weight %q is sliced", root.Name())
			}
			p := Projection{Weight: root, Transposed: transposed, Width: d[in].Value}
			if next.OpType() == "Gemm" {
				if c := next.Input(2); c != nil && isConstLike(c) {
					p.Bias = constRoot(c)
				}
			} else if b := biasAfter(next.Output(0)); b != nil {
				p.Bias = b
			} else if b := biasAfterFused(next.Output(0)); b != nil {
				p.Bias = b
			}
			return p, next, nil
		default:
			return Projection{}, nil, fmt.Errorf("merged heads reach %s instead of the output projection", next)
		}
	}
	return Projection{}, nil, fmt.Errorf("no output projection within %d nodes of %q", depth, v.Name())
}

// biasAfter returns the 1-D constant added to v by its single Add use.
func biasAfter(v *Value) *Value {
	uses := v.Uses()
	if len(uses) != 1 || uses[0].Node.OpType() != "Add" {
		return nil
	}
	n := uses[0].Node
	other := n.Input(1 - uses[0].Input)
	if r := constRoot(other); r != nil && r.Rank() == 1 {
		return r
	}
	return nil
}

// biasAfterFused returns the output projection's bias of a fused graph:
// the bias input of the SkipLayerNormalization that adds the residual.
func biasAfterFused(v *Value) *Value {
	uses := v.Uses()
	if len(uses) != 1 {
		return nil
	}
	n := uses[0].Node
	if n.Domain() == "com.microsoft" && n.OpType() == "SkipLayerNormalization" && uses[0].Input <= 1 && n.NumInputs() > 4 {
		return constRoot(n.Input(4))
	}
	return nil
}

// findInProjection walks back from Q, K or V (as read by the attention
// MatMuls) to the projection: a MatMul or Gemm with a constant weight,
// through scaling, Transpose, Reshape, Squeeze/Unsqueeze, Slice/Split/Gather
// (packed projections), Concat with a cached tensor and the bias Add. It
// returns the projection's input; keys or values read straight from a graph
// input give a Projection without Weight.
func findInProjection(g *Graph, v *Value, kv []*Value) (Projection, *Value, []*Value, error) {
	var p Projection
	var bias *Value
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
		if n.Domain() != "" {
			return p, nil, kv, fmt.Errorf("%q comes from %s", cur.Name(), n)
		}
		switch n.OpType() {
		case "Transpose", "Reshape", "Squeeze", "Unsqueeze", "Identity", "Cast", "Slice", "Split", "Gather", "Dropout":
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
			var next *Value
			for _, in := range n.Inputs() {
				if in.IsGraphInput() || in.IsOuter() {
					kv = appendUnique(kv, in)
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
			case isConstLike(a) && !isConstLike(b):
				bias, cur = a, b
			case isConstLike(b) && !isConstLike(a):
				bias, cur = b, a
			default:
				return p, nil, kv, fmt.Errorf("%s adds two computed tensors", n)
			}
		case "MatMul", "Gemm":
			wi := 1
			if !isConstLike(n.Input(1)) {
				if n.OpType() == "MatMul" && isConstLike(n.Input(0)) {
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
				p.Bias = constRoot(bias)
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

// sliceStartAny returns the single axis and start of a Slice (opset 10+
// inputs or opset 1 attributes), normalized to the input rank.
func sliceStartAny(g *Graph, n *Node) (axis int, start int64, ok bool) {
	var starts, axes []int64
	if n.NumInputs() >= 3 {
		if starts, ok = g.ConstInts(n.Input(1)); !ok {
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
	r := n.Input(0).Rank()
	if a < 0 {
		a += int64(r)
	}
	return int(a), starts[0], true
}

func unsqueezeAxes(g *Graph, n *Node) ([]int64, bool) {
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

func appendUnique(vs []*Value, v *Value) []*Value {
	for _, x := range vs {
		if x == v {
			return vs
		}
	}
	return append(vs, v)
}

// assignKinds labels self-attention blocks encoder or decoder: with cross
// blocks present, a self block is encoder self-attention when its input
// feeds the keys of a cross block (it runs on the source side), decoder
// otherwise; without cross blocks, a self block is decoder self-attention
// when its scores are masked causally (a Trilu or a Range comparison) and
// the graph reads cached keys or decoder inputs, encoder otherwise.
func assignKinds(g *Graph, blocks []*Block) {
	var crossSrc []*Value
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
func (b *Block) kvSource() *Value {
	return b.keyInput
}

// causalMask reports whether the scores are masked with a Trilu or a
// Range-based comparison (a causal mask) within a few nodes.
func causalMask(sm *Node) bool {
	seen := map[*Node]bool{}
	var walk func(v *Value, d int) bool
	walk = func(v *Value, d int) bool {
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
func dependsOn(v, x *Value, limit int) bool {
	seen := map[*Value]bool{}
	stack := []*Value{v}
	for len(stack) > 0 && limit > 0 {
		limit--
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c == x {
			return true
		}
		if seen[c] {
			continue
		}
		seen[c] = true
		if n, _ := c.Producer(); n != nil {
			for _, in := range n.Inputs() {
				if in != nil && !in.IsInitializer() {
					stack = append(stack, in)
				}
			}
		}
	}
	return false
}

// numberLayers numbers the blocks of each kind in data-flow order (the
// topological order of their Softmax nodes; blocks of subgraphs keep their
// own numbering and follow).
func numberLayers(g *Graph, blocks []*Block) {
	pos := map[*Node]int{}
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

// biasOffset returns the start of a bias slice (Slice/Split/Gather on the
// 1-D bias initializer), 0 for the whole initializer.
func biasOffset(g *Graph, b *Value) int64 {
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

// outerInitializer returns the initializer of an enclosing graph that the
// outer value v stands for (nil when it is not one).
func outerInitializer(v *Value) *Value {
	g := v.g
	for g != nil && g.parent != nil {
		pv := g.parent.values[v.name]
		if pv == nil {
			return nil
		}
		if !pv.outer {
			if pv.IsInitializer() && !pv.IsGraphInput() {
				return pv
			}
			return nil
		}
		g = g.parent
	}
	return nil
}

// liftHeadConsts makes the graph inputs and outputs a block in an If branch
// reports those of the enclosing graph: an outer value becomes the value it
// stands for, a branch output the If node's output.
func (b *Block) liftHeadConsts(sub *Graph, ifNode *Node) {
	outs := sub.Outputs()
	for i, hc := range b.HeadConsts {
		v := hc.Value
		if v == nil {
			continue
		}
		if v.IsOuter() {
			if d := outerDefinition(v); d != nil {
				b.HeadConsts[i].Value = d
			}
			continue
		}
		for k, o := range outs {
			if o == v && k < ifNode.NumOutputs() && ifNode.Output(k) != nil {
				b.HeadConsts[i].Value = ifNode.Output(k)
			}
		}
	}
}
