package heads

import (
	"fmt"

	"onnxprune/graphedit"
)

// removeSublayer replaces the output projection of a block without heads
// by its bias broadcast to the output shape (zeros when there is no bias in
// the projection node), so the residual and a separate bias Add stay.
func removeSublayer(g *graphedit.Graph, b *Block) error {
	n := b.OutNode
	out, innerBias, err := outProjectionResult(b)
	if err != nil {
		return err
	}
	x := b.QueryInput
	if x == nil {
		return fmt.Errorf("no query input to take the output shape from")
	}
	ws := b.Out.Weight.Shape()
	eOut := ws[outAxis(b.Out.Transposed)]
	if !eOut.Known() {
		return fmt.Errorf("output size unknown")
	}
	var bias *graphedit.Value // the Gemm's own
	if n.OpType() == "Gemm" && n.NumInputs() > 2 {
		bias = n.Input(2)
	}
	prefix := "prune/" + b.Name() + "/removed"
	y, err := g.AddZeroProduct(n, x, out, eOut.Value, bias, prefix)
	if err != nil {
		return fmt.Errorf("output projection %s: %w", n, err)
	}
	if innerBias != nil {
		add, err := g.AddNode(graphedit.NodeSpec{OpType: "Add", Inputs: []*graphedit.Value{y, innerBias}, Outputs: []string{g.FreshName(prefix + "/Add")}})
		if err != nil {
			return err
		}
		y = add.Output(0)
	}
	return g.ReplaceAllUses(out, y, &graphedit.ReplaceOptions{GraphOutputs: true})
}
