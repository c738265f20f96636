package graphedit

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
)

func TestFoldShapes(t *testing.T) {
	b := NewBuilder(17)
	x := b.Input("x", f32, "batch", 8, 64)
	ax := b.Int64("ax0", []int64{1}, []int64{0})
	// Static part: Shape(x)[1] * 2 folds to 16; the batch part cannot fold.
	d1 := dimOf(b, x, 1, ax)
	static := b.Op("Mul", d1, b.Int64("two", []int64{1}, []int64{2}))
	tgt := b.Op("Concat", dimOf(b, x, 0, ax), static, b.Int64("m1", []int64{1}, []int64{-1}), IntAttr("axis", 0))
	y := b.Op("Reshape", x, tgt)
	b.Output(y)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	before := g.NumNodes()
	changed, err := RunPasses(g, true, FoldShapesPass{})
	if err != nil {
		t.Fatal(err)
	}
	if !changed {
		t.Fatal("nothing folded")
	}
	v := g.Value(static.Name())
	if v == nil || !v.IsInitializer() {
		t.Fatalf("%s is not an initializer after folding", static.Name())
	}
	dt, err := onnxio.DecodeTensor(v.Initializer(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(dt.I64) != 1 || dt.I64[0] != 16 {
		t.Errorf("folded value = %v, want [16]", dt.I64)
	}
	// The batch branch stays: Shape, Gather, Unsqueeze for dim 0, the
	// Concat and the Reshape.
	if got := g.NumNodes(); got != 5 || got >= before {
		t.Errorf("%d nodes after folding (from %d), want 5", got, before)
	}
	if err := g.InferShapes(); err != nil {
		t.Fatal(err)
	}
	if got := ShapeString(g.Value(y.Name()).Shape()); got != "[batch,16,32]" {
		t.Errorf("shape after folding = %s, want [batch,16,32]", got)
	}
	// A second run has nothing left to do.
	if n, err := g.FoldShapes(); err != nil || n != 0 {
		t.Errorf("second FoldShapes = %d, %v", n, err)
	}
	// The result round-trips through bytes and back.
	m := g.ModelProto(nil)
	data, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back = m.ProtoReflect().New().Interface()
	if err := proto.Unmarshal(data, back); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(back, m) {
		t.Errorf("folded model does not survive marshal")
	}
}
