package heads

import (
	"fmt"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Gate is one gate vector InsertGates added: a float graph input of shape
// [H] named `gate/<kind>.<layer>` whose stored default is all ones.
type Gate struct {
	// Name is the graph input, `gate/<kind>.<layer>` (GateName).
	Name string
	// Block is the gated block's name, `KIND:LAYER`.
	Block string
	// Kind and Layer are the block's kind and layer.
	Kind  Kind
	Layer int
	// Heads is H, the gate vector's length.
	Heads int
}

// GateName returns the graph input name of a block's gate vector.
func GateName(k Kind, layer int) string { return fmt.Sprintf("gate/%s.%d", k, layer) }

// InsertGates multiplies every head's output by its gate, before the heads
// are merged and projected: the output projection then computes
// Concat(g_1·head_1, …, g_H·head_H)·W_O. One gate vector per block of the
// chosen kinds (nil: all kinds) is added as an initializer of ones that is
// also a graph input, so a run that does not feed it computes what the
// original graph computes, and a run may feed any gate values by name.
//
// Where the per-head tensor is [B,H,T,dh] the gate, reshaped to [H,1,1],
// multiplies it. Where heads are folded into the batch ([B*H,T,dh], torch's
// nn.MultiheadAttention) or hidden inside a fused com.microsoft attention
// node, the gate, expanded to [H*dh] (each gate repeated dh times), multiplies
// the merged heads [..., H*dh] that enter the output projection; that is the
// same product. Only Reshape and Mul are added, so gradients with respect
// to the gates are plain.
//
// Blocks inside the branches of an If (merged decoders) are gated in both
// branches, reading the one gate input of the enclosing graph.
func InsertGates(g *graphedit.Graph, blocks []*Block, kinds []Kind) ([]Gate, error) {
	want := map[Kind]bool{}
	for _, k := range kinds {
		want[k] = true
	}
	var chosen []*Block
	for _, b := range blocks {
		if len(kinds) > 0 && !want[b.Kind] {
			continue
		}
		name := GateName(b.Kind, b.Layer)
		if g.NameInUse(name) {
			return nil, fmt.Errorf("heads: gates: %q is already a name in the graph (gated twice?)", name)
		}
		for _, u := range append([]*Block{b}, b.twins...) {
			gr := u.Softmax.Graph()
			if gr != g && (u.ifNode == nil || u.ifNode.Graph() != g || gr.Parent() != g) {
				return nil, fmt.Errorf("heads: gates: block %s lives in %s, more than one subgraph deep", u.Name(), u.Graph)
			}
		}
		chosen = append(chosen, b)
	}
	if len(chosen) == 0 {
		return nil, fmt.Errorf("heads: gates: no attention block of the chosen kinds")
	}
	var gates []Gate
	type branchKey struct {
		n    *graphedit.Node
		attr string
	}
	subs := map[branchKey]*graphedit.Graph{}
	var order []branchKey
	for _, b := range chosen {
		H := int64(b.NumHeads)
		name := GateName(b.Kind, b.Layer)
		ones := make([]float32, H)
		for i := range ones {
			ones[i] = 1
		}
		gv, err := g.AddInitializer(onnxio.NewFloat32(name, []int64{H}, ones))
		if err != nil {
			return nil, fmt.Errorf("heads: gates: %w", err)
		}
		if err := g.ExposeInitializer(gv); err != nil {
			return nil, fmt.Errorf("heads: gates: %w", err)
		}
		for _, u := range append([]*Block{b}, b.twins...) {
			gr := u.Softmax.Graph()
			ug := gv
			if gr != g {
				k := branchKey{u.ifNode, u.branch}
				if subs[k] == nil {
					subs[k] = gr
					order = append(order, k)
				}
				if ug, err = gr.OuterValue(name); err != nil {
					return nil, fmt.Errorf("heads: gates: block %s: %w", b.Name(), err)
				}
			}
			if err := insertGate(gr, u, ug); err != nil {
				return nil, fmt.Errorf("heads: gates: block %s: %w", b.Name(), err)
			}
		}
		gates = append(gates, Gate{Name: name, Block: b.Name(), Kind: b.Kind, Layer: b.Layer, Heads: b.NumHeads})
	}
	for _, k := range order {
		if err := g.SetSubgraph(k.n, k.attr, subs[k]); err != nil {
			return nil, fmt.Errorf("heads: gates: %w", err)
		}
	}
	return gates, nil
}

// insertGate multiplies block b's heads (in graph g) by gate vector gv.
func insertGate(g *graphedit.Graph, b *Block, gv *graphedit.Value) error {
	H, dh := int64(b.NumHeads), int64(b.HeadDim)
	var err error
	prefix := fmt.Sprintf("gate/%s.%d/", b.Kind, b.Layer)
	constI64 := func(suffix string, vals ...int64) (*graphedit.Value, error) {
		return g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+suffix), []int64{int64(len(vals))}, vals))
	}
	op := func(opType string, suffix string, ins ...*graphedit.Value) (*graphedit.Value, error) {
		out := g.FreshName(prefix + suffix)
		n, err := g.AddNode(graphedit.NodeSpec{OpType: opType, Name: g.FreshName(prefix + suffix + "_node"), Inputs: ins, Outputs: []string{out}})
		if err != nil {
			return nil, err
		}
		return n.Output(0), nil
	}
	var target *graphedit.Value // the tensor to gate
	var factor *graphedit.Value // the gate, shaped to broadcast over target
	if b.PerHead != nil && !b.BatchHeads && b.PerHead.Rank() == 4 && b.HeadsAxis == 1 {
		shape, err := constI64("shape", H, 1, 1)
		if err != nil {
			return err
		}
		if factor, err = op("Reshape", "per_head", gv, shape); err != nil {
			return err
		}
		target = b.PerHead
	} else {
		// [H] -> [H,1] * ones[1,dh] -> [H*dh]
		col, err := constI64("col", H, 1)
		if err != nil {
			return err
		}
		onesDh := make([]float32, dh)
		for i := range onesDh {
			onesDh[i] = 1
		}
		ov, err := g.AddInitializer(onnxio.NewFloat32(g.FreshName(prefix+"ones"), []int64{1, dh}, onesDh))
		if err != nil {
			return err
		}
		flat, err := constI64("flat", H*dh)
		if err != nil {
			return err
		}
		c, err := op("Reshape", "column", gv, col)
		if err != nil {
			return err
		}
		e, err := op("Mul", "expanded", c, ov)
		if err != nil {
			return err
		}
		if factor, err = op("Reshape", "per_feature", e, flat); err != nil {
			return err
		}
		target = outProjectionInput(b)
	}
	// The gate input stays float32 (one gates.json for every precision);
	// a half-precision or double model gets it cast to the heads' type.
	switch elem := onnxpb.TensorProto_DataType(target.ElemType()); elem {
	case onnxpb.TensorProto_UNDEFINED, onnxpb.TensorProto_FLOAT:
	case onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16, onnxpb.TensorProto_DOUBLE:
		n, err := g.AddNode(graphedit.NodeSpec{OpType: "Cast", Name: g.FreshName(prefix + "cast_node"), Inputs: []*graphedit.Value{factor},
			Outputs: []string{g.FreshName(prefix + "cast")}, Attrs: []*onnxpb.AttributeProto{graphedit.IntAttr("to", int64(elem))}})
		if err != nil {
			return err
		}
		factor = n.Output(0)
	default:
		return fmt.Errorf("gated tensor %q is %s, not a float type", target.Name(), strings.ToLower(elem.String()))
	}
	uses := target.Uses()
	gated, err := op("Mul", "gated", target, factor)
	if err != nil {
		return err
	}
	for _, u := range uses {
		if u.Captured() {
			return fmt.Errorf("%q is read inside a subgraph", target.Name())
		}
		if err := g.SetInput(u.Node, u.Input, gated); err != nil {
			return err
		}
	}
	if target.IsGraphOutput() {
		return fmt.Errorf("gated tensor %q is a graph output", target.Name())
	}
	return nil
}
