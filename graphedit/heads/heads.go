package heads

import (
	"fmt"
	"strings"

	"onnxprune/graphedit"
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
	Weight *graphedit.Value
	// Transposed reports the MatMul layout [in,out]; false is PyTorch's
	// [out,in] (Gemm transB=1, or MatMul with a Transpose of the weight).
	Transposed bool
	// Offset and Width give the rows (or columns) of this projection in the
	// weight's head-carrying dimension; Width is H*dh. A packed in_proj
	// weight gives Q, K and V offsets 0, H*dh and 2*H*dh.
	Offset, Width int64
	// Bias is the bias initializer (nil when there is none) and BiasOffset
	// this projection's first element in it.
	Bias       *graphedit.Value
	BiasOffset int64

	// PerColumn are the per-column scale and zero point of a quantized
	// Q/K/V weight (vectors over the weight's output columns, as
	// quantize_dynamic(per_channel=True) writes them): sliced with the
	// weight's columns. Empty for float weights and per-tensor scales.
	PerColumn []*graphedit.Value

	node *graphedit.Node // the projection MatMul or Gemm
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
	Node  *graphedit.Node  // nil for graph inputs and outputs
	Value *graphedit.Value // the input slot's value or the graph input/output
	What  string           // "reshape target", "slice bounds", "split sizes", "graph input", "graph output"
	Axis  int              // the head-carrying axis
}

// Block is one multi-head attention block found in a graph.
type Block struct {
	// Kind is the attention kind and Layer its layer, counted per kind in
	// data-flow order from 0.
	Kind  Kind
	Layer int
	// NumHeads is H and HeadDim is dh.
	NumHeads, HeadDim int
	// Softmax is the node normalizing the attention scores, or the fused
	// com.microsoft Attention/MultiHeadAttention node.
	Softmax *graphedit.Node
	// Q, K, V and Out are the projections; K and V have no Weight when the
	// file reads keys and values from graph inputs.
	Q, K, V, Out Projection
	// OutNode is the output projection's MatMul or Gemm (or the integer
	// product of a dynamically quantized one: MatMulInteger,
	// com.microsoft DynamicQuantizeMatMul or MatMulIntegerToFloat).
	OutNode *graphedit.Node
	// Gate is the graph input the heads' outputs are multiplied by before
	// the output projection (a gate vector [H], `gate/KIND.LAYER` when
	// InsertGates added it), nil when the block is not gated.
	Gate *graphedit.Value
	// PerHead is the tensor holding every head's output before they are
	// merged: [B,H,T,dh] (HeadsAxis 1, BatchHeads false) or [B*H,T,dh]
	// (HeadsAxis 0, BatchHeads true); nil for fused attention.
	PerHead    *graphedit.Value
	HeadsAxis  int
	BatchHeads bool
	// QueryInput is the input of the query projection (the block's input).
	QueryInput *graphedit.Value
	// KVInputs are graph inputs the block reads keys or values from
	// (past key/value caches, encoder keys and values).
	KVInputs []*graphedit.Value
	// HeadConsts are the constants, attributes and declarations that
	// encode H or H*dh.
	HeadConsts []HeadConst
	// Graph is "main", or the path of the subgraph the block lives in
	// (`If_0/then_branch`).
	Graph string
	// HeadOperands are the operands that carry the heads but come from
	// outside the projections (position biases, masks), as the analysis
	// explained them.
	HeadOperands []HeadOperand

	region   *headRegion
	keyInput *graphedit.Value
	// gateFactor is the operand of the Mul by Gate on the heads' path.
	gateFactor *graphedit.Value
	// ifNode and branch locate a block in an If branch (one level deep);
	// twins are the same block found in the If's other branch.
	ifNode *graphedit.Node
	branch string
	twins  []*Block
}

// setGate records the gate factor findOutProjection met (nil: none) and
// the graph input it comes from.
func (b *Block) setGate(factor *graphedit.Value) {
	b.gateFactor, b.Gate = factor, nil
	if factor != nil {
		b.Gate = gateSource(factor)
	}
}

// checkGate checks that a gate found on the heads' path holds one value per
// head: a float vector of shape [H].
func (b *Block) checkGate() error {
	if b.Gate == nil {
		return nil
	}
	sh := b.Gate.Shape()
	if len(sh) != 1 || (sh[0].Known() && sh[0].Value != int64(b.NumHeads)) {
		return fmt.Errorf("gate %q has shape %s, want [%d] (one value per head)", b.Gate.Name(), graphedit.ShapeString(sh), b.NumHeads)
	}
	return nil
}

// Name returns `KIND:LAYER`.
func (b *Block) Name() string { return BlockName(b.Kind, b.Layer) }

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
	// Softmax is the name of the Softmax node the match started from (or
	// of the fused or native attention node).
	Softmax string
	// Graph is "main" or the path of the subgraph the node lives in.
	Graph string
	// Missing says what part of the attention pattern was not found.
	Missing string
}

// Error names the Softmax node and what its pattern lacked.
func (e *MatchError) Error() string {
	where := ""
	if e.Graph != "" && e.Graph != "main" {
		where = " in " + e.Graph
	}
	return fmt.Sprintf("attention at Softmax %q%s: %s", e.Softmax, where, e.Missing)
}

// Discovery is what Discover found in a graph: the attention blocks it
// analysed, and every Softmax over attention scores (or attention node) it
// could not, with the reason.
type Discovery struct {
	Blocks        []*Block
	NotUnderstood []*MatchError
}

// Discover finds the attention blocks of g as FindHeads does, but reports a
// Softmax it cannot analyse in NotUnderstood instead of failing; the
// blocks it could analyse are complete and can be pruned. The error is for
// graphs that cannot be read at all (a cycle).
func Discover(g *graphedit.Graph) (*Discovery, error) {
	observeDiscovery(g)
	d := &Discovery{}
	blocks, err := findHeadsIn(g, "main", d)
	if err != nil {
		return nil, err
	}
	assignKinds(g, blocks)
	numberLayers(g, blocks)
	d.Blocks = blocks
	return d, nil
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
func FindHeads(g *graphedit.Graph) ([]*Block, error) {
	d, err := Discover(g)
	if err != nil {
		return nil, err
	}
	if len(d.NotUnderstood) > 0 {
		return nil, d.NotUnderstood[0]
	}
	return d.Blocks, nil
}

// findHeadsIn finds the blocks of g (at path) and of the If branches in
// it; anchors it cannot analyse go to d.NotUnderstood.
func findHeadsIn(g *graphedit.Graph, path string, d *Discovery) ([]*Block, error) {
	if err := g.InferShapes(); err != nil {
		// Shapes that could not be inferred are reported where needed.
		_ = err
	}
	order, err := g.TopoOrder()
	if err != nil {
		return nil, fmt.Errorf("heads: %s: %w", path, err)
	}
	var blocks []*Block
	var subs [][]*Block
	for _, n := range order {
		if n.OpType() == "If" && n.Domain() == "" {
			var branches [][]*Block
			for _, attr := range []string{"then_branch", "else_branch"} {
				sg, err := g.Subgraph(n, attr)
				if err != nil {
					return nil, fmt.Errorf("heads: %s: node %s: %w", path, n, err)
				}
				bs, err := findHeadsIn(sg, path+"/"+nodeLabel(n)+"/"+attr, d)
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
		if isNativeAttention(n) {
			b, err := matchNative(g, n)
			if err != nil {
				d.fail(path, n, err)
				continue
			}
			b.Graph = path
			blocks = append(blocks, b)
			continue
		}
		if isFusedAttention(n) {
			b, err := matchFused(g, n)
			if err != nil {
				d.fail(path, n, err)
				continue
			}
			b.Graph = path
			blocks = append(blocks, b)
			continue
		}
		if unknownAttention(n) {
			d.fail(path, n, fmt.Errorf("%s is an attention op the head analysis does not know", n))
			continue
		}
		if n.OpType() != "Softmax" || n.Domain() != "" {
			continue
		}
		b, err := matchBlock(g, n)
		if err != nil {
			d.fail(path, n, err)
			continue
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

// fail records anchor n at path as not understood.
func (d *Discovery) fail(path string, n *graphedit.Node, err error) {
	me, ok := err.(*MatchError)
	if !ok {
		me = &MatchError{Softmax: nodeLabel(n), Missing: err.Error()}
	}
	me.Graph = path
	d.NotUnderstood = append(d.NotUnderstood, me)
}

func nodeLabel(n *graphedit.Node) string {
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
func matchBlock(g *graphedit.Graph, sm *graphedit.Node) (*Block, error) {
	fail := func(format string, args ...any) (*Block, error) {
		return nil, &MatchError{Softmax: nodeLabel(sm), Missing: fmt.Sprintf(format, args...)}
	}
	scores := findScoresMatMul(sm.Input(0), scoresDepth)
	if scores == nil {
		if m := computedProduct(sm.Input(0), scoresDepth, map[*graphedit.Value]bool{}); m != nil {
			return fail("its input comes from the product %s of two computed tensors through ops the scores walk does not follow", m)
		}
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
		return fail("head size unknown: V %q has shape %s", ctxMM.Input(1).Name(), graphedit.ShapeString(vs))
	}
	b.HeadDim = int(vs[len(vs)-1].Value)
	return completeBlock(g, b, scores.Input(0), scores.Input(1), ctxMM.Input(1), 0)
}

// completeBlock finds, for a block whose anchor, per-head tensor and head
// size are known, the output projection (which gives H unless numHeads
// does), the Q/K/V projections read as q, k and v, the kind, and the head
// region.
func completeBlock(g *graphedit.Graph, b *Block, q, k, v *graphedit.Value, numHeads int) (*Block, error) {
	sm := b.Softmax
	fail := func(format string, args ...any) (*Block, error) {
		return nil, &MatchError{Softmax: nodeLabel(sm), Missing: fmt.Sprintf(format, args...)}
	}
	// Output projection.
	out, outNode, factor, err := findOutProjection(g, b.PerHead, 8)
	if err != nil {
		return fail("%v", err)
	}
	b.Out, b.OutNode = out, outNode
	b.setGate(factor)
	if b.Out.Width%int64(b.HeadDim) != 0 {
		return fail("output projection %q input size %d is not a multiple of the head size %d", out.Weight.Name(), out.Width, b.HeadDim)
	}
	b.NumHeads = int(b.Out.Width) / b.HeadDim
	if numHeads > 0 && numHeads != b.NumHeads {
		return fail("%s has %d heads, its output projection %q reads %d heads of %d", sm, numHeads, out.Weight.Name(), b.NumHeads, b.HeadDim)
	}
	if err := b.checkGate(); err != nil {
		return fail("%v", err)
	}
	// Q, K, V projections.
	var qIn, kIn, vIn *graphedit.Value
	var kvIn []*graphedit.Value
	b.Q, qIn, kvIn, err = findInProjection(g, q, kvIn)
	if err != nil {
		return fail("query projection: %v", err)
	}
	if b.Q.Weight == nil {
		return fail("query projection: no weight (queries read from graph input %q)", qIn.Name())
	}
	b.K, kIn, kvIn, err = findInProjection(g, k, kvIn)
	if err != nil {
		return fail("key projection: %v", err)
	}
	b.V, vIn, kvIn, err = findInProjection(g, v, kvIn)
	if err != nil {
		return fail("value projection: %v", err)
	}
	b.QueryInput = qIn
	b.KVInputs = kvIn
	b.keyInput = kIn
	splitPacked(&b.Q, &b.K, &b.V)
	// Self or cross: keys from the query's input, or from elsewhere.
	cross := false
	for _, in := range []*graphedit.Value{kIn, vIn} {
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
	switch {
	case len(ps) == 4:
		b.HeadsAxis = 1
	case len(ps) == 3 && isNativeAttention(sm):
		b.HeadsAxis = 2 // [B,T,H*dh]: heads merged with the features
	case len(ps) == 3:
		b.HeadsAxis, b.BatchHeads = 0, true
	default:
		return fail("per-head tensor %q has shape %s, want [B,H,T,dh] or [B*H,T,dh]", b.PerHead.Name(), graphedit.ShapeString(ps))
	}
	reg, err := analyzeRegion(g, b)
	if err != nil {
		return fail("%v", err)
	}
	b.region = reg
	b.HeadConsts = reg.headConsts()
	b.HeadOperands = reg.operands
	return b, nil
}

// liftHeadConsts makes the graph inputs and outputs a block in an If branch
// reports those of the enclosing graph: an outer value becomes the value it
// stands for, a branch output the If node's output.
func (b *Block) liftHeadConsts(sub *graphedit.Graph, ifNode *graphedit.Node) {
	outs := sub.Outputs()
	for i, hc := range b.HeadConsts {
		v := hc.Value
		if v == nil {
			continue
		}
		if v.IsOuter() {
			if d := v.OuterDefinition(); d != nil {
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
