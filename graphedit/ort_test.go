package graphedit_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// TestRewritesKeepOutputsOnORT runs every fixture and its rewritten copy
// (FoldShapes, Cleanup, WriteValueInfo, written back) on ONNX Runtime and
// requires bit-identical outputs. ORT's own graph optimizations are off:
// with them on, the folded graph lets ORT fuse differently and the last bits
// of float results may differ (about 4e-7 was seen), which says nothing
// about the rewrite. Fails when ONNX Runtime is missing.
func TestRewritesKeepOutputsOnORT(t *testing.T) {
	const seed = 7
	// Sizes given to the symbolic dims: the first dim, then all others.
	sizes := [][2]int64{{1, 3}, {2, 5}}
	files, err := graphedit.FixtureList()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		t.Run(strings.TrimPrefix(path, "../models/fixtures/"), func(t *testing.T) {
			m, g := loadFixture(t, path)
			orig, err := proto.Marshal(m.Proto)
			if err != nil {
				t.Fatal(err)
			}
			before := g.NumNodes()
			folded, err := g.FoldShapes()
			if err != nil {
				t.Fatal(err)
			}
			if err := g.WriteValueInfo(); err != nil {
				t.Fatal(err)
			}
			edited := marshalGraph(t, g, m)
			t.Logf("%d nodes, %d folded, %d left", before, folded, g.NumNodes())
			s1 := newSession(t, orig, exactOpts)
			s2 := newSession(t, edited, exactOpts)
			rng := rand.New(rand.NewPCG(seed, 0))
			names := outputNames(s1)
			for _, sz := range sizes {
				in := randomFeeds(s1.Inputs(), sz, rng)
				o1, err := s1.Run(in, names)
				if err != nil {
					t.Fatal(err)
				}
				o2, err := s2.Run(in, names)
				if err != nil {
					t.Fatal(err)
				}
				for _, name := range names {
					a, b := o1[name], o2[name]
					if !sameTensor(a, b) {
						t.Errorf("sizes %v: output %s differs after the rewrite", sz, name)
					}
				}
			}
		})
	}
}

func randomFeeds(inputs []ortrun.ValueInfo, sz [2]int64, rng *rand.Rand) map[string]*ortrun.Tensor {
	in := map[string]*ortrun.Tensor{}
	for _, vi := range inputs {
		shape := make([]int64, len(vi.Shape))
		n := int64(1)
		for i, d := range vi.Shape {
			if d < 0 {
				d = sz[min(i, 1)]
			}
			shape[i] = d
			n *= d
		}
		switch {
		case vi.DType == "int64":
			data := make([]int64, n)
			for i := range data {
				data[i] = 1 + rng.Int64N(20)
				if strings.Contains(vi.Name, "mask") {
					data[i] = 1
				}
			}
			in[vi.Name] = ortrun.NewI64(shape, data)
		case vi.DType == "bool":
			in[vi.Name] = ortrun.NewBool(shape, make([]bool, n))
		default:
			data := make([]float32, n)
			for i := range data {
				data[i] = rng.Float32()
			}
			in[vi.Name] = ortrun.NewF32(shape, data)
		}
	}
	return in
}

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
	files, err := graphedit.FixtureList()
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
			m, g := loadFixture(t, path)
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
			edited := marshalGraph(t, g, m)
			t.Logf("%d Softmax outputs gated", gated)
			s1 := newSession(t, orig, exactOpts)
			s2 := newSession(t, edited, exactOpts)
			rng := rand.New(rand.NewPCG(seed, 0))
			names := outputNames(s1)
			in := randomFeeds(s1.Inputs(), [2]int64{2, 4}, rng)
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
