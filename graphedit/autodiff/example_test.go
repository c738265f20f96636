package autodiff_test

import (
	"fmt"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio/onnxpb"
)

// Gradients of a gated linear layer with respect to its gate only: the
// weight's own gradient is not built, and the weight is read as stored
// (Gemm with transB computes dY·Wᵀ).
func ExampleBuild() {
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", 4)
	gate := b.Input("gate", onnxpb.TensorProto_FLOAT)
	w := b.Float32("W", []int64{4, 2}, make([]float32, 8))
	y := b.Op("MatMul", b.Op("Mul", x, gate), w)
	loss := b.Op("ReduceSum", y, graphedit.IntAttr("keepdims", 0))
	g, err := b.Graph()
	if err != nil {
		fmt.Println(err)
		return
	}
	grads, err := autodiff.Build(g, loss, []*graphedit.Value{gate}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var ops []string
	for _, n := range g.Nodes() {
		if strings.HasPrefix(n.Name(), autodiff.DefaultPrefix) && n.OpType() != "Constant" {
			ops = append(ops, n.OpType())
		}
	}
	fmt.Println(grads["gate"].Name(), grads["gate"].IsGraphOutput())
	fmt.Println(strings.Join(ops, " "))
	// Output:
	// grad/gate true
	// Shape Expand Gemm Mul ReduceSum Identity
}

// The token-level training loss over logits [B, T, V].
func ExampleCrossEntropy() {
	b := graphedit.NewBuilder(17)
	logits := b.Input("logits", onnxpb.TensorProto_FLOAT, "batch", "len", 8)
	labels := b.Input("labels", onnxpb.TensorProto_INT64, "batch", "len")
	g, err := b.Graph()
	if err != nil {
		fmt.Println(err)
		return
	}
	loss, err := autodiff.CrossEntropy(g, logits, labels, autodiff.CrossEntropyOptions{Smoothing: 0.1, PadID: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	grads, err := autodiff.Build(g, loss, []*graphedit.Value{logits}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(loss.Name(), graphedit.ShapeString(loss.Shape()), grads["logits"].Name(), graphedit.ShapeString(grads["logits"].Shape()))
	// Output:
	// loss [] grad/logits [batch,len,8]
}
