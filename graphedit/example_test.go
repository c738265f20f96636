package graphedit_test

import (
	"fmt"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// Split heads with a Reshape whose target is computed from Shape: the
// symbolic batch and sequence dims survive.
func ExampleGraph_InferShapes() {
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", "seq", 64)
	axes := b.Int64("axes0", []int64{1}, []int64{0})
	dim := func(i int64) *graphedit.Value {
		idx := b.Int64(fmt.Sprintf("i%d", i), nil, []int64{i})
		return b.Op("Unsqueeze", b.Op("Gather", b.Op("Shape", x), idx), axes)
	}
	heads := b.Int64("heads", []int64{2}, []int64{4, 16})
	target := b.Op("Concat", dim(0), dim(1), heads, graphedit.IntAttr("axis", 0))
	y := b.Op("Reshape", x, target)
	b.Output(y)
	g, err := b.Graph()
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := g.InferShapes(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(graphedit.ShapeString(y.Shape()))
	tv, _ := g.ShapeValue(target)
	fmt.Println(graphedit.ShapeString(tv))
	// Output:
	// [batch,seq,4,16]
	// [batch,seq,4,16]
}

// Disconnect, rewire, clean up: multiply a value by a gate and make every
// former reader read the gated value.
func ExampleGraph_ReplaceAllUses() {
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "n", 8)
	h := b.Op("Relu", x)
	y := b.Op("Neg", h)
	b.Output(y)
	g, _ := b.Graph()

	gate, _ := g.AddInput(g.FreshName("gate/enc.L0"), int32(onnxpb.TensorProto_FLOAT), graphedit.Dims())
	mul, _ := g.AddNode(graphedit.NodeSpec{OpType: "Mul", Inputs: []*graphedit.Value{h, gate}, Outputs: []string{g.FreshName(h.Name() + "/gated")}})
	err := g.ReplaceAllUses(h, mul.Output(0), &graphedit.ReplaceOptions{Except: []*graphedit.Node{mul}})
	fmt.Println(err)
	for _, n := range g.Cleanup().ToProto().GetNode() {
		fmt.Println(n.GetOpType(), n.GetInput(), n.GetOutput())
	}
	// Output:
	// <nil>
	// Relu [x] [Relu_out]
	// Mul [Relu_out gate/enc.L0] [Relu_out/gated]
	// Neg [Relu_out/gated] [Neg_out]
}
