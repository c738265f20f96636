package graphedit

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

const fixtureDir = "../models/fixtures"

// allFixtureFiles lists every committed .onnx fixture, quant/ included
// (folders starting with a dot are build scratch space and skipped). This
// test is inside package graphedit, so it cannot use graphtest.AllFixtures.
func allFixtureFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(fixtureDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != fixtureDir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".onnx") {
			files = append(files, p)
		}
		return nil
	})
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("no .onnx fixtures under %s", fixtureDir)
	}
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestFixturesRoundTrip(t *testing.T) {
	for _, path := range allFixtureFiles(t) {
		t.Run(strings.TrimPrefix(path, fixtureDir+"/"), func(t *testing.T) {
			m, err := onnxio.Load(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			orig := proto.Clone(m.Proto).(*onnxpb.ModelProto)
			g, err := Load(m)
			if err != nil {
				t.Fatal(err)
			}
			sorted := g.isTopological()
			if !sorted {
				// ONNX Runtime's fp16 converter leaves its input Casts after
				// their readers: ToProto writes the nodes in topological
				// order and keeps everything else.
				t.Logf("nodes not topologically sorted in the file")
				order, err := g.TopoOrder()
				if err != nil {
					t.Fatal(err)
				}
				at := map[*Node]int{}
				for i, n := range g.Nodes() {
					at[n] = i
				}
				nodes := orig.GetGraph().GetNode()
				var want []*onnxpb.NodeProto
				for _, n := range order {
					want = append(want, nodes[at[n]])
				}
				orig.Graph.Node = want
			}
			if !proto.Equal(g.ToProto(), orig.GetGraph()) {
				t.Errorf("ToProto is not equal to the original graph")
			}
			if !proto.Equal(g.ModelProto(m.Proto), orig) {
				t.Errorf("ModelProto is not equal to the original model")
			}
			if err := g.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
			order, err := g.TopoOrder()
			if err != nil {
				t.Fatalf("TopoOrder: %v", err)
			}
			if len(order) != g.NumNodes() {
				t.Errorf("TopoOrder has %d nodes, graph %d", len(order), g.NumNodes())
			}
			// Sorted graphs stay as they are: the sort is stable.
			for i, n := range g.Nodes() {
				if sorted && order[i] != n {
					t.Errorf("TopoOrder moved node %s to position %d", n, i)
					break
				}
			}
			// Cleanup of an exported model removes nothing that feeds an output.
			before := g.NumNodes()
			g.Cleanup()
			if err := g.Validate(); err != nil {
				t.Errorf("after Cleanup: %v", err)
			}
			t.Logf("%d nodes, %d after cleanup", before, g.NumNodes())
		})
	}
}

// stripShapes removes every declared shape but the graph inputs', so that
// inference alone has to find them.
func stripShapes(gp *onnxpb.GraphProto) {
	for _, o := range gp.GetOutput() {
		if tt := o.GetType().GetTensorType(); tt != nil {
			tt.Shape = nil
		}
	}
	gp.ValueInfo = nil
}

// referenceShapes reads, from the manifest, the output shapes of every
// fixture's reference data sets: file -> output -> one shape per set.
func referenceShapes(t *testing.T) map[string]map[string][][]int64 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var man struct {
		Fixtures []struct {
			File         string `json:"file"`
			TestDataSets []struct {
				Outputs map[string][]int64 `json:"outputs"`
			} `json:"test_data_sets"`
		} `json:"fixtures"`
	}
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string][][]int64{}
	for _, f := range man.Fixtures {
		out[f.File] = map[string][][]int64{}
		for _, s := range f.TestDataSets {
			for name, shape := range s.Outputs {
				out[f.File][name] = append(out[f.File][name], shape)
			}
		}
	}
	return out
}

// TestFixturesInferShapes strips every declared shape but the inputs' and
// checks that inference alone finds them: a type and rank for every node
// output, no made-up dims, and the declared output shapes. Where a
// declaration is symbolic and inference knows the size (FSMT's decoders keep
// only the last position, though Optimum declares [B, T, V]), every
// reference data set must have that size.
func TestFixturesInferShapes(t *testing.T) {
	refShapes := referenceShapes(t)
	for _, path := range allFixtureFiles(t) {
		t.Run(strings.TrimPrefix(path, fixtureDir+"/"), func(t *testing.T) {
			m, err := onnxio.Load(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			declared := map[string][]Dim{}
			ref, err := FromModel(m.Proto, nil)
			if err != nil {
				t.Fatal(err)
			}
			inputSyms := map[string]bool{}
			for _, v := range ref.Inputs() {
				for _, d := range v.Shape() {
					inputSyms[d.Param] = true
				}
			}
			for _, v := range ref.Outputs() {
				declared[v.Name()] = v.Shape()
			}
			stripped := proto.Clone(m.Proto).(*onnxpb.ModelProto)
			stripShapes(stripped.Graph)
			g, err := FromModel(stripped, &Options{External: m})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.InferShapes(); err != nil {
				t.Fatalf("InferShapes: %v", err)
			}
			// Every node output of the main graph gets an element type and a
			// rank, and no dimension is made up: the rules cover these exports.
			for _, n := range g.Nodes() {
				for _, v := range n.Outputs() {
					if v == nil {
						continue
					}
					if v.ElemType() == 0 || v.Rank() < 0 {
						t.Errorf("node %s output %q: type or rank not inferred", n, v.Name())
						continue
					}
					for _, d := range v.Shape() {
						if g.isFresh(d) {
							t.Errorf("node %s output %q: shape %s has a made-up dim", n, v.Name(), ShapeString(v.Shape()))
							break
						}
					}
				}
			}
			for _, v := range g.Outputs() {
				want, got := declared[v.Name()], v.Shape()
				t.Logf("output %s: inferred %s, declared %s", v.Name(), ShapeString(got), ShapeString(want))
				if want == nil {
					continue
				}
				if len(got) != len(want) {
					t.Errorf("output %s: inferred %s, declared %s", v.Name(), ShapeString(got), ShapeString(want))
					continue
				}
				for i := range want {
					switch {
					case want[i].Known() && (!got[i].Known() || got[i].Value != want[i].Value):
						t.Errorf("output %s dim %d: inferred %s, declared %s", v.Name(), i, got[i], want[i])
					case !want[i].Known() && got[i].Known():
						sets := refShapes[strings.TrimPrefix(path, fixtureDir+"/")][v.Name()]
						if len(sets) == 0 {
							t.Errorf("output %s dim %d: inferred %s, declared symbolic %s, and no reference data says which", v.Name(), i, got[i], want[i])
						}
						for _, sh := range sets {
							if i >= len(sh) || sh[i] != got[i].Value {
								t.Errorf("output %s dim %d: inferred %s, declared symbolic %s, reference data %v", v.Name(), i, got[i], want[i], sh)
							}
						}
					case !want[i].Known() && inputSyms[want[i].Param] && got[i].Param != want[i].Param:
						t.Errorf("output %s dim %d: inferred %s, want the input symbol %s", v.Name(), i, got[i], want[i])
					}
				}
			}
		})
	}
}

// BenchmarkLoadInfer builds the IR of the largest fixture and infers its
// shapes.
func BenchmarkLoadInfer(b *testing.B) {
	m, err := onnxio.Load(fixtureDir+"/torch_transformer/dynamo.onnx", nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		g, err := Load(m)
		if err != nil {
			b.Fatal(err)
		}
		if err := g.InferShapes(); err != nil {
			b.Fatal(err)
		}
	}
}
