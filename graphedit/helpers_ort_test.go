package graphedit_test

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// exactOpts runs ONNX Runtime on one thread with its graph optimizations
// off, so an edited graph and its original run the same kernels and can be
// compared bit for bit (ORT's fusions may differ between the two and move
// the last bits of float results).
var exactOpts = ortrun.Options{IntraOpThreads: 1, Optimization: ortrun.OptDisable}

// loadFixture loads an ONNX file and builds its graph, failing the test on
// error.
func loadFixture(t *testing.T, path string) (*onnxio.Model, *graphedit.Graph) {
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

// loadGraph is loadFixture for tests that need the graph alone.
func loadGraph(t *testing.T, path string) *graphedit.Graph {
	t.Helper()
	_, g := loadFixture(t, path)
	return g
}

// marshalGraph serializes g as a model with m's other fields.
func marshalGraph(t *testing.T, g *graphedit.Graph, m *onnxio.Model) []byte {
	t.Helper()
	b, err := proto.Marshal(g.ModelProto(m.Proto))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// newSession opens an ONNX Runtime session on a serialized model, closed
// when the test ends. It fails the test (never skips) when ONNX Runtime is
// missing.
func newSession(t *testing.T, model []byte, opts ortrun.Options) *ortrun.Session {
	t.Helper()
	s, err := ortrun.NewSessionFromBytes(model, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// outputNames lists a session's outputs in order.
func outputNames(s *ortrun.Session) []string {
	var names []string
	for _, o := range s.Outputs() {
		names = append(names, o.Name)
	}
	return names
}
