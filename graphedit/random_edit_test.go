package graphedit

import (
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// TestRandomEdits applies random edits to a small graph and checks after
// each that the invariants hold (Validate, use lists) and that a failed edit
// left the graph unchanged.
func TestRandomEdits(t *testing.T) {
	const seed, steps = 20261202, 400
	rng := rand.New(rand.NewPCG(seed, 1))
	g, _ := chain(t)
	pick := func() *Value {
		vs := g.Values()
		return vs[rng.IntN(len(vs))]
	}
	pickNode := func() *Node {
		ns := g.Nodes()
		if len(ns) == 0 {
			return nil
		}
		return ns[rng.IntN(len(ns))]
	}
	var ok, failed int
	for step := 0; step < steps; step++ {
		before := g.ToProto()
		var err error
		what := ""
		switch rng.IntN(8) {
		case 0, 1:
			what = "add"
			_, err = g.AddNode(NodeSpec{OpType: "Add", Inputs: []*Value{pick(), pick()}, Outputs: []string{g.FreshName("r")}})
		case 2:
			what = "remove"
			if n := pickNode(); n != nil {
				err = g.RemoveNodes(n)
			}
		case 3:
			what = "replace"
			err = g.ReplaceAllUses(pick(), pick(), &ReplaceOptions{GraphOutputs: rng.IntN(2) == 0})
		case 4:
			what = "set input"
			if n := pickNode(); n != nil && n.NumInputs() > 0 {
				err = g.SetInput(n, rng.IntN(n.NumInputs()), pick())
			}
		case 5:
			what = "cleanup"
			g.Cleanup()
		case 6:
			what = "add output"
			if len(g.Outputs()) < 3 {
				err = g.AddOutput(pick())
			} else {
				err = g.RemoveOutput(g.Outputs()[0])
			}
		case 7:
			what = "initializer"
			if rng.IntN(2) == 0 {
				_, err = g.AddInitializer(&onnxpb.TensorProto{Name: proto.String(g.FreshName("k")), DataType: proto.Int32(int32(f32)), Dims: []int64{4}, FloatData: make([]float32, 4)})
			} else if inits := g.Initializers(); len(inits) > 0 {
				err = g.RemoveInitializer(inits[rng.IntN(len(inits))])
			}
		}
		if err != nil {
			failed++
			if !proto.Equal(g.ToProto(), before) {
				t.Fatalf("step %d (%s): failed edit changed the graph: %v", step, what, err)
			}
		} else {
			ok++
		}
		if verr := g.Validate(); verr != nil {
			t.Fatalf("step %d (%s): %v", step, what, verr)
		}
		if _, rerr := FromProto(g.ToProto(), g.Opsets(), nil); rerr != nil {
			t.Fatalf("step %d (%s): written graph does not load: %v", step, what, rerr)
		}
	}
	if ok == 0 || failed == 0 {
		t.Errorf("%d edits succeeded and %d failed; the test should see both", ok, failed)
	}
	t.Logf("%d edits succeeded, %d refused", ok, failed)
}
