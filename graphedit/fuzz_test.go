package graphedit

import (
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// fuzzSlow is how long one fuzz input may take; the seeds take milliseconds.
const fuzzSlow = 5 * time.Second

// FuzzGraph feeds arbitrary model bytes through the IR: building it,
// validating, inferring shapes, folding and writing back must never panic,
// and a graph that loads and is already in topological order must write
// back equal to its input.
func FuzzGraph(f *testing.F) {
	seed := func(m *onnxpb.ModelProto) {
		b, err := proto.Marshal(m)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	seed(richModel())
	b := NewBuilder(17)
	x := b.Input("x", f32, "batch", "seq", 64)
	ax := b.Int64("ax0", []int64{1}, []int64{0})
	tgt := b.Op("Concat", dimOf(b, x, 0, ax), dimOf(b, x, 1, ax), b.Int64("h", []int64{2}, []int64{4, 16}), IntAttr("axis", 0))
	q := b.Op("Transpose", b.Op("Reshape", x, tgt), IntsAttr("perm", 0, 2, 1, 3))
	s := b.Op("Softmax", b.Op("MatMul", q, b.Op("Transpose", q, IntsAttr("perm", 0, 1, 3, 2))))
	b.Output(b.Op("Slice", s, b.Int64("st", []int64{1}, []int64{1}), b.Int64("en", []int64{1}, []int64{-1}), b.Int64("axs", []int64{1}, []int64{-1})))
	m, err := b.Model()
	if err != nil {
		f.Fatal(err)
	}
	seed(m)

	f.Fuzz(func(t *testing.T, data []byte) {
		// A slow input is a bug too: crash so the fuzzer keeps it.
		timer := time.AfterFunc(fuzzSlow, func() { panic("FuzzGraph: input took longer than " + fuzzSlow.String()) })
		defer timer.Stop()
		var m onnxpb.ModelProto
		if err := proto.Unmarshal(data, &m); err != nil {
			return
		}
		g, err := FromModel(&m, nil)
		if err != nil {
			return
		}
		if g.isTopological() && !proto.Equal(g.ToProto(), m.GetGraph()) {
			t.Fatalf("unedited graph does not write back equal")
		}
		_ = g.Validate()
		_ = g.InferShapes()
		for _, v := range g.Values() {
			g.ShapeValue(v)
			g.ConstValue(v)
		}
		if c, err := g.Clone(); err == nil {
			_, _ = c.FoldShapes()
			_ = c.Validate()
		}
		g.Cleanup()
		_ = g.ToProto()
	})
}
