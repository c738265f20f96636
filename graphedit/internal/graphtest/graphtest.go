// Package graphtest holds what the tests of graphedit and the packages
// beside it share: the committed fixtures, loading them into graphs, and
// running graphs on ONNX Runtime.
package graphtest

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/internal/testset"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// ExactOpts runs ONNX Runtime on one thread with its graph optimizations
// off, so an edited graph and its original run the same kernels and can be
// compared bit for bit (ORT's fusions may differ between the two and move
// the last bits of float results).
var ExactOpts = ortrun.Options{IntraOpThreads: 1, Optimization: ortrun.OptDisable}

// QuantDir is the folder of the quantized and half-precision versions of
// the exports (models/fixtures/quant): the IR tests read them all, the head
// tests those whose precision surgery supports.
const QuantDir = "quant"

// Fixtures lists every .onnx file under dir (the committed fixtures
// folder) except those in QuantDir, skipping folders whose names start with
// a dot (build scratch space). No file is an error.
func Fixtures(dir string) ([]string, error) { return walkFixtures(dir, false) }

// AllFixtures is Fixtures with the files of QuantDir.
func AllFixtures(dir string) ([]string, error) { return walkFixtures(dir, true) }

func walkFixtures(dir string, withQuant bool) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir && (strings.HasPrefix(d.Name(), ".") || (!withQuant && p == filepath.Join(dir, QuantDir))) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".onnx") {
			files = append(files, p)
		}
		return nil
	})
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("no .onnx fixtures under %s", dir)
	}
	return files, err
}

// LoadFixture loads an ONNX file and builds its graph, failing the test on
// error.
func LoadFixture(t testing.TB, path string) (*onnxio.Model, *graphedit.Graph) {
	t.Helper()
	m, err := onnxio.Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	return m, g
}

// LoadGraph is LoadFixture for tests that need the graph alone.
func LoadGraph(t testing.TB, path string) *graphedit.Graph {
	t.Helper()
	_, g := LoadFixture(t, path)
	return g
}

// MarshalGraph serializes g as a model with m's other fields.
func MarshalGraph(t testing.TB, g *graphedit.Graph, m *onnxio.Model) []byte {
	t.Helper()
	b, err := proto.Marshal(g.ModelProto(m.Proto))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// NewSession opens an ONNX Runtime session on a serialized model, closed
// when the test ends. It fails the test (never skips) when ONNX Runtime is
// missing. The model is loaded from a file (WriteModel).
func NewSession(t testing.TB, model []byte, opts ortrun.Options) *ortrun.Session {
	t.Helper()
	s, err := ortrun.NewSession(WriteModel(t, model), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// WriteModel writes a serialized model to a file of the test's temporary
// folder and returns its path. Tests load models from files rather than
// with ortrun.NewSessionFromBytes: ortrun reads a file's inputs and outputs
// with a one-thread, lightly optimized session, but a model held in memory
// with ONNX Runtime's defaults (every optimization, a thread per core),
// which cost more than the session the test runs.
func WriteModel(t testing.TB, model []byte) string {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "model-*.onnx")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(model); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

// OutputNames lists a session's outputs in order.
func OutputNames(s *ortrun.Session) []string {
	var names []string
	for _, o := range s.Outputs() {
		names = append(names, o.Name)
	}
	return names
}

// RandomFeeds makes inputs for a session: symbolic dims get sz[0] (the
// first axis) or sz[1] (the others); int64 inputs get token ids in [1,20]
// (masks all ones), bool inputs false, float inputs uniform in [0,1).
func RandomFeeds(inputs []ortrun.ValueInfo, sz [2]int64, rng *rand.Rand) map[string]*ortrun.Tensor {
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

// RandomFeedsFor makes inputs as RandomFeeds does, but sizes each symbolic
// dim by its symbol in g's declared input shapes, so that inputs laid out
// differently agree: the batch symbol of the ids (graphedit.GuessIORoles,
// axis 1 of sequence-first ids) gets sz[0], every other symbol sz[1]. A
// graph whose ids it cannot read is fed as RandomFeeds feeds it.
func RandomFeedsFor(g *graphedit.Graph, inputs []ortrun.ValueInfo, sz [2]int64, rng *rand.Rand) map[string]*ortrun.Tensor {
	r, err := graphedit.GuessIORoles(g, graphedit.IORoles{})
	ids := g.Value(r.DecIn)
	if err != nil || ids == nil || ids.Rank() != 2 {
		return RandomFeeds(inputs, sz, rng)
	}
	batch := ids.Shape()[0].Param
	if r.SeqFirst {
		batch = ids.Shape()[1].Param
	}
	sized := make([]ortrun.ValueInfo, len(inputs))
	for i, vi := range inputs {
		sized[i] = vi
		v := g.Value(vi.Name)
		if v == nil || v.Rank() != len(vi.Shape) {
			continue
		}
		sized[i].Shape = append([]int64(nil), vi.Shape...)
		for a, d := range v.Shape() {
			switch {
			case sized[i].Shape[a] >= 0 || d.Param == "":
			case d.Param == batch:
				sized[i].Shape[a] = sz[0]
			default:
				sized[i].Shape[a] = sz[1]
			}
		}
	}
	return RandomFeeds(sized, sz, rng)
}

// TestSet is one test_data_set_K folder of ONNX's test-data layout: the
// inputs and expected outputs by name.
type TestSet = testset.Set

// ReadTestSet reads dir/input_*.pb and dir/output_*.pb (testset.Read).
func ReadTestSet(dir string) (*TestSet, error) { return testset.Read(dir) }

// TakeAxis returns the float tensor t (float32, float16 or bfloat16)
// keeping only the entries idx of axis.
func TakeAxis(t *ortrun.Tensor, axis int, idx []int64) *ortrun.Tensor {
	shape := append([]int64{}, t.Shape...)
	shape[axis] = int64(len(idx))
	switch {
	case t.F16 != nil:
		return ortrun.NewF16(shape, onnxio.TakeAxis(t.F16, t.Shape, axis, idx))
	case t.BF16 != nil:
		return ortrun.NewBF16(shape, onnxio.TakeAxis(t.BF16, t.Shape, axis, idx))
	}
	return ortrun.NewF32(shape, onnxio.TakeAxis(t.F32, t.Shape, axis, idx))
}
