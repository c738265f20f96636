package structures

import (
	"fmt"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
)

// Part says what a sublayer's branch computes.
type Part string

// The parts of a Transformer layer that add a branch to the residual
// stream.
const (
	PartAttn  Part = "attn"  // self-attention
	PartCross Part = "cross" // decoder–encoder attention
	PartFFN   Part = "ffn"   // feed-forward block
)

// Sublayer is one residual branch: a structure's output added to the
// residual stream.
type Sublayer struct {
	// Stack is heads.KindEncoder or heads.KindDecoder; Layer the layer of
	// the structure (the attention block's or the FFN's); Part what the
	// branch computes.
	Stack heads.Kind
	Layer int
	Part  Part
	// Add is the residual Add (or SkipLayerNormalization), Branch the
	// operand it reads from the structure and Stream the residual stream.
	Add            *graphedit.Node
	Branch, Stream *graphedit.Value
	// Gate is the scalar graph input the branch is multiplied by (a gated
	// model), nil otherwise.
	Gate *graphedit.Value
	// Graph is "main" or the path of the If branch it lives in.
	Graph string

	residuals []*residual // one per graph the sublayer occurs in
}

// SublayerName returns `STACK:LAYER:PART`.
func SublayerName(stack heads.Kind, layer int, part Part) string {
	return fmt.Sprintf("%s:%d:%s", stack, layer, part)
}

// Key returns `STACK:LAYER:PART`.
func (s *Sublayer) Key() string { return SublayerName(s.Stack, s.Layer, s.Part) }

// Name returns `sublayer:STACK:LAYER:PART`.
func (s *Sublayer) Name() string { return "sublayer:" + s.Key() }

// BlockSublayer returns the name `STACK:LAYER:PART` of the sublayer an
// attention block of kind k and layer belongs to: encoder:L is
// encoder:L:attn, decoder:L decoder:L:attn, cross:L decoder:L:cross.
func BlockSublayer(k heads.Kind, layer int) string {
	stack, part := blockSublayer(k)
	return SublayerName(stack, layer, part)
}

// blockSublayer returns the stack and part of an attention kind.
func blockSublayer(k heads.Kind) (heads.Kind, Part) {
	switch k {
	case heads.KindDecoder:
		return heads.KindDecoder, PartAttn
	case heads.KindCross:
		return heads.KindDecoder, PartCross
	}
	return heads.KindEncoder, PartAttn
}

// residual is a sublayer's residual node in one graph.
type residual struct {
	g      *graphedit.Graph
	add    *graphedit.Node // Add or com.microsoft SkipLayerNormalization
	slot   int             // the input slot the branch enters
	stream *graphedit.Value
	gate   *graphedit.Value
	skipLN bool
}

// branchOps are the ops a branch walk steps over between a projection and
// the residual Add (besides constant bias Adds and gate Muls).
var branchOps = map[string]bool{"Dropout": true, "Identity": true, "Cast": true, "Reshape": true, "Transpose": true}

// findResidual walks forward from a projection's float result to the
// residual node that adds it to the stream.
func findResidual(g *graphedit.Graph, start *graphedit.Value) (*residual, error) {
	v := start
	r := &residual{g: g}
	for range 12 {
		uses := dataUses(v)
		if len(uses) != 1 || uses[0].Captured() {
			return nil, fmt.Errorf("branch %q is read by %d nodes, want one on the way to the residual Add", v.Name(), len(uses))
		}
		n, slot := uses[0].Node, uses[0].Input
		switch {
		case opKey(n) == "com.microsoft:SkipLayerNormalization":
			if slot > 1 {
				return nil, fmt.Errorf("branch %q enters %s as input %d, want the input or the skip", v.Name(), n, slot)
			}
			if n.NumInputs() > 4 && n.Input(4) != nil && !isConstant(n.Input(4)) && !isGateProduct(n.Input(4)) {
				return nil, fmt.Errorf("%s: bias %q is computed", n, n.Input(4).Name())
			}
			r.add, r.slot, r.stream, r.skipLN = n, slot, n.Input(1-slot), true
			return r, r.check(start)
		case n.OpType() == "Add" && n.NumInputs() == 2:
			other := n.Input(1 - slot)
			if isConstant(other) {
				v = n.Output(0) // the projection's bias
				continue
			}
			r.add, r.slot, r.stream = n, slot, other
			return r, r.check(start)
		case n.OpType() == "Mul" && n.NumInputs() == 2:
			other := n.Input(1 - slot)
			switch {
			case gateSource(other) != nil && r.gate == nil:
				r.gate = gateSource(other)
			case !isConstant(other):
				return nil, fmt.Errorf("%s multiplies branch %q by the computed %q", n, v.Name(), other.Name())
			}
			v = n.Output(0)
		case (branchOps[n.OpType()] || graphedit.ConstQDQ(n)) && slot == 0:
			v = n.Output(0) // a static-QDQ pair on the branch passes it rounded
		default:
			return nil, fmt.Errorf("branch %q enters %s, not a residual Add", v.Name(), n)
		}
	}
	return nil, fmt.Errorf("no residual Add within 12 nodes of %q", start.Name())
}

// dataUses lists the uses of v that read its values: Shape and Size read
// only its shape, which a gate or the removal of the branch never changes.
func dataUses(v *graphedit.Value) []graphedit.Use {
	var out []graphedit.Use
	for _, u := range v.Uses() {
		if !u.Captured() && (u.Node.OpType() == "Shape" || u.Node.OpType() == "Size") {
			continue
		}
		out = append(out, u)
	}
	return out
}

// check makes sure the stream is what the structure reads: the branch's
// start is computed from it.
func (r *residual) check(start *graphedit.Value) error {
	if !dependsOn(start, r.stream, 1<<30) && !dependsOnSum(start, r.stream) {
		return fmt.Errorf("residual %s: its other operand %q is not the stream the sublayer reads", r.add, r.stream.Name())
	}
	if r.stream.Rank() >= 0 && r.add.Input(r.slot).Rank() >= 0 && r.stream.Rank() != r.add.Input(r.slot).Rank() {
		return fmt.Errorf("residual %s adds %q of rank %d to the stream %q of rank %d", r.add, r.add.Input(r.slot).Name(), r.add.Input(r.slot).Rank(), r.stream.Name(), r.stream.Rank())
	}
	return nil
}

// dependsOnSum reports whether start is computed from the normalized
// output of the fused node whose sum output is stream: ONNX Runtime's
// SkipLayerNormalization and EmbedLayerNormalization output both
// LN(sum) and the sum, the residual stream of pre-LN models.
func dependsOnSum(start, stream *graphedit.Value) bool {
	p, _ := stream.Producer()
	if p == nil || p.Domain() != "com.microsoft" || (p.OpType() != "SkipLayerNormalization" && p.OpType() != "EmbedLayerNormalization") {
		return false
	}
	return dependsOn(start, p.Output(0), 1<<30)
}

// isGateProduct reports whether v is a Mul by a gate input (a gated
// SkipLayerNormalization bias).
func isGateProduct(v *graphedit.Value) bool {
	n, _ := v.Producer()
	if n == nil || n.OpType() != "Mul" {
		return false
	}
	return gateSource(n.Input(0)) != nil && isConstant(n.Input(1)) || gateSource(n.Input(1)) != nil && isConstant(n.Input(0))
}

// dependsOn reports whether v is computed from x (bounded search).
func dependsOn(v, x *graphedit.Value, limit int) bool {
	return graphedit.ComputedFrom(v, func(c *graphedit.Value) bool { return c == x }, limit)
}

// dependsOnAny reports whether v is computed from a value named in names.
func dependsOnAny(v *graphedit.Value, names map[string]bool, limit int) bool {
	return graphedit.ComputedFrom(v, func(c *graphedit.Value) bool { return names[c.Name()] }, limit)
}
