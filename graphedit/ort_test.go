package graphedit_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

func sameTensor(a, b *ortrun.Tensor) bool {
	if a == nil || b == nil {
		return false
	}
	if len(a.F32) != len(b.F32) || len(a.I64) != len(b.I64) || len(a.Shape) != len(b.Shape) {
		return false
	}
	for i := range a.Shape {
		if a.Shape[i] != b.Shape[i] {
			return false
		}
	}
	for i := range a.F32 {
		if a.F32[i] != b.F32[i] {
			return false
		}
	}
	for i := range a.I64 {
		if a.I64[i] != b.I64[i] {
			return false
		}
	}
	return true
}

// TestGateInsideIfBranchesOnORT edits the branches of the merged decoders'
// If node through Subgraph/SetSubgraph: every Softmax output in both
// branches is multiplied by a new scalar graph input. Fed 1 the model must
// give bit-identical outputs; fed 0 it must not (the gates are wired in).
func TestGateInsideIfBranchesOnORT(t *testing.T) {
	const seed = 11
	files, err := graphtest.Fixtures("../models/fixtures")
	if err != nil {
		t.Fatal(err)
	}
	tested := 0
	for _, path := range files {
		if !strings.HasSuffix(path, "_merged.onnx") {
			continue
		}
		tested++
		t.Run(strings.TrimPrefix(path, "../models/fixtures/"), func(t *testing.T) {
			m, g := graphtest.LoadFixture(t, path)
			orig, err := proto.Marshal(m.Proto)
			if err != nil {
				t.Fatal(err)
			}
			gate, err := g.AddInput(g.FreshName("gate"), int32(onnxpb.TensorProto_FLOAT), graphedit.Dims())
			if err != nil {
				t.Fatal(err)
			}
			gated := 0
			for _, n := range g.Nodes() {
				if n.OpType() != "If" {
					continue
				}
				for _, attr := range []string{"then_branch", "else_branch"} {
					sub, err := g.Subgraph(n, attr)
					if err != nil {
						t.Fatal(err)
					}
					sgate, err := sub.OuterValue(gate.Name())
					if err != nil {
						t.Fatal(err)
					}
					for _, sn := range sub.Nodes() {
						if sn.OpType() != "Softmax" {
							continue
						}
						p := sn.Output(0)
						mul, err := sub.AddNode(graphedit.NodeSpec{OpType: "Mul", Inputs: []*graphedit.Value{p, sgate}, Outputs: []string{sub.FreshName(p.Name() + "/gated")}})
						if err != nil {
							t.Fatal(err)
						}
						if err := sub.ReplaceAllUses(p, mul.Output(0), &graphedit.ReplaceOptions{Except: []*graphedit.Node{mul}}); err != nil {
							t.Fatal(err)
						}
						gated++
					}
					if err := g.SetSubgraph(n, attr, sub); err != nil {
						t.Fatal(err)
					}
				}
			}
			if gated == 0 {
				t.Fatal("no Softmax found inside the If branches")
			}
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			edited := graphtest.MarshalGraph(t, g, m)
			t.Logf("%d Softmax outputs gated", gated)
			s1 := graphtest.NewSession(t, orig, graphtest.ExactOpts)
			s2 := graphtest.NewSession(t, edited, graphtest.ExactOpts)
			rng := rand.New(rand.NewPCG(seed, 0))
			names := graphtest.OutputNames(s1)
			in := graphtest.RandomFeeds(s1.Inputs(), [2]int64{2, 4}, rng)
			o1, err := s1.Run(in, names)
			if err != nil {
				t.Fatal(err)
			}
			for _, gv := range []float32{1, 0} {
				in[gate.Name()] = ortrun.NewF32(nil, []float32{gv})
				o2, err := s2.Run(in, names)
				if err != nil {
					t.Fatal(err)
				}
				same := sameTensor(o1["logits"], o2["logits"])
				if gv == 1 && !same {
					t.Errorf("gate 1: logits differ from the original model")
				}
				if gv == 0 && same {
					t.Errorf("gate 0: logits equal the original model's; the gates are not wired in")
				}
			}
		})
	}
	if tested == 0 {
		t.Fatal("no merged decoder fixtures")
	}
}
