package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// unfollowedAttention writes a one-block attention model whose scores
// reach the Softmax through two Transposes, which the head analysis does
// not follow.
func unfollowedAttention(t *testing.T, path string) {
	t.Helper()
	const H, dh = 2, 2
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", "seq", H*dh)
	w := func(name string) *graphedit.Value {
		v := make([]float32, H*dh*H*dh)
		for i := range v {
			v[i] = float32(i%5) / 7
		}
		return b.Float32(name, []int64{H * dh, H * dh}, v)
	}
	split := b.Int64("split", []int64{4}, []int64{0, 0, H, dh})
	heads := func(name string) *graphedit.Value {
		return b.Op("Transpose", b.Op("Reshape", b.Op("MatMul", x, w(name)), split), graphedit.IntsAttr("perm", 0, 2, 1, 3))
	}
	q, k, v := heads("wq"), heads("wk"), heads("wv")
	s := b.Op("MatMul", q, b.Op("Transpose", k, graphedit.IntsAttr("perm", 0, 1, 3, 2)))
	s = b.Op("Transpose", b.Op("Transpose", s, graphedit.IntsAttr("perm", 0, 1, 3, 2)), graphedit.IntsAttr("perm", 0, 1, 3, 2))
	p := b.Op("Softmax", s, graphedit.IntAttr("axis", -1))
	ctx := b.Op("Transpose", b.Op("MatMul", p, v), graphedit.IntsAttr("perm", 0, 2, 1, 3))
	merged := b.Op("Reshape", ctx, b.Int64("merge", []int64{3}, []int64{0, 0, -1}))
	b.Output(b.Op("MatMul", merged, w("wo")))
	m, err := b.Model()
	if err != nil {
		t.Fatal(err)
	}
	data, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNotUnderstoodIsReported: a Softmax over Q·Kᵀ the analysis cannot
// follow is listed by inspect --heads (text and JSON, with the reason),
// and prune of a spec naming its block fails naming the Softmax.
func TestNotUnderstoodIsReported(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "m.onnx")
	unfollowedAttention(t, model)
	code, out, errs := runPrune("inspect", "--heads", "--json", model)
	if code != 0 {
		t.Fatalf("inspect --heads --json: exit %d: %s", code, errs)
	}
	var doc struct {
		Blocks        []json.RawMessage `json:"blocks"`
		NotUnderstood []struct {
			File, Graph, Softmax, Reason string
		} `json:"not_understood"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Blocks) != 0 || len(doc.NotUnderstood) != 1 || !strings.HasPrefix(doc.NotUnderstood[0].Softmax, "Softmax") || doc.NotUnderstood[0].Reason == "" {
		t.Fatalf("inspect --heads --json: %s", out)
	}
	softmax := doc.NotUnderstood[0].Softmax
	code, out, _ = runPrune("inspect", "--heads", model)
	if code != 0 || !strings.Contains(out, "1 attention nodes not understood") || !strings.Contains(out, softmax) {
		t.Errorf("inspect --heads: exit %d:\n%s", code, out)
	}
	code, _, errs = runPrune("prune", model, "--remove", "encoder:0:1", "-o", filepath.Join(dir, "p.onnx"))
	if code != 2 || !strings.Contains(errs, "no encoder attention") || !strings.Contains(errs, softmax) {
		t.Errorf("prune: exit %d, stderr %q; want 2 naming %s", code, errs, softmax)
	}
}
