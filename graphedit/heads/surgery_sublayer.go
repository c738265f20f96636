package heads

import (
	"fmt"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
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
	prefix := "prune/" + b.Name() + "/removed"
	ws := b.Out.Weight.Shape()
	eOut := ws[outAxis(b.Out.Transposed)]
	if !eOut.Known() {
		return fmt.Errorf("output size unknown")
	}
	addNode := func(op string, ins []*graphedit.Value, attrs ...*onnxpb.AttributeProto) (*graphedit.Value, error) {
		nd, err := g.AddNode(graphedit.NodeSpec{OpType: op, Inputs: ins, Outputs: []string{g.FreshName(prefix + "/" + op)}, Attrs: attrs})
		if err != nil {
			return nil, err
		}
		return nd.Output(0), nil
	}
	i64 := func(vals ...int64) (*graphedit.Value, error) {
		return g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/const"), []int64{int64(len(vals))}, vals))
	}
	lead, err := g.AddLeadingDims(x, prefix)
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
			lead, err = addNode("ReduceProd", []*graphedit.Value{lead, ax}, graphedit.IntAttr("keepdims", 1))
		} else {
			lead, err = addNode("ReduceProd", []*graphedit.Value{lead}, graphedit.IntsAttr("axes", 0), graphedit.IntAttr("keepdims", 1))
		}
		if err != nil {
			return err
		}
	}
	e, err := i64(eOut.Value)
	if err != nil {
		return err
	}
	shape, err := addNode("Concat", []*graphedit.Value{lead, e}, graphedit.IntAttr("axis", 0))
	if err != nil {
		return err
	}
	// The zeros and beta take the element type of the output they replace
	// (a float16 model's projection computes in float16).
	zero, err := graphedit.FloatConst("value", out, []int64{1}, []float32{0})
	if err != nil {
		return fmt.Errorf("output projection %s: %w", n, err)
	}
	y, err := addNode("ConstantOfShape", []*graphedit.Value{shape}, graphedit.TensorAttr("value", zero))
	if err != nil {
		return err
	}
	if n.OpType() == "Gemm" && n.NumInputs() > 2 && n.Input(2) != nil {
		beta := n.AttrFloat("beta", 1)
		c := n.Input(2)
		if beta != 1 {
			bt, err := graphedit.FloatConst(g.FreshName(prefix+"/beta"), out, nil, []float32{beta})
			if err != nil {
				return fmt.Errorf("output projection %s: %w", n, err)
			}
			bv, err := g.AddInitializer(bt)
			if err != nil {
				return err
			}
			if c, err = addNode("Mul", []*graphedit.Value{c, bv}); err != nil {
				return err
			}
		}
		if y, err = addNode("Add", []*graphedit.Value{y, c}); err != nil {
			return err
		}
	}
	if innerBias != nil {
		if y, err = addNode("Add", []*graphedit.Value{y, innerBias}); err != nil {
			return err
		}
	}
	return g.ReplaceAllUses(out, y, &graphedit.ReplaceOptions{GraphOutputs: true})
}
