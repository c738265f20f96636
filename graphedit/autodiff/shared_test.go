package autodiff_test

import (
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio/onnxpb"
)

// TestSecondBuildSharesForwardFunctions builds two gradients of one graph
// (as the analysis graph does: the loss and the LRP target) and checks that
// the second reuses the nodes that depend on forward values alone — the
// Relu output's sign and the LayerNormalization statistics — instead of
// emitting them again, while still emitting its own backward nodes.
func TestSecondBuildSharesForwardFunctions(t *testing.T) {
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", 4)
	scale := b.Float32("scale", []int64{4}, []float32{1.5, 0.5, 2, 1})
	bias := b.Float32("bias", []int64{4}, []float32{0.1, -0.2, 0.3, 0})
	ln := b.Op("LayerNormalization", x, scale, bias, graphedit.IntAttr("axis", -1))
	y := b.Op("Relu", ln)
	loss := b.Op("ReduceSum", y, graphedit.IntAttr("keepdims", 0))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	count := func(op string) (n int) {
		for _, nd := range g.Nodes() {
			if nd.OpType() == op {
				n++
			}
		}
		return n
	}
	if _, err := autodiff.Build(g, loss, []*graphedit.Value{x}, &autodiff.Options{Prefix: "first/"}); err != nil {
		t.Fatal(err)
	}
	signs, lns, nodes := count("Sign"), count("LayerNormalization"), len(g.Nodes())
	if signs != 1 || lns != 2 {
		t.Fatalf("first build: %d Sign and %d LayerNormalization nodes, want 1 and 2 (forward + statistics)", signs, lns)
	}
	if _, err := autodiff.Build(g, loss, []*graphedit.Value{x}, &autodiff.Options{Prefix: "second/"}); err != nil {
		t.Fatal(err)
	}
	if count("Sign") != signs || count("LayerNormalization") != lns {
		t.Errorf("second build: %d Sign and %d LayerNormalization nodes, want %d and %d (shared)", count("Sign"), count("LayerNormalization"), signs, lns)
	}
	if len(g.Nodes()) <= nodes {
		t.Errorf("second build added no nodes")
	}
}
