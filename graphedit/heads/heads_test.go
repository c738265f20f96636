package heads_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio/onnxpb"
)

// manifest is the part of models/fixtures/manifest.json the head tests read:
// the attention inventory each fixture script built.
type manifest struct {
	Fixtures []struct {
		File      string `json:"file"`
		Attention []struct {
			Kind        string `json:"kind"`
			Layer       int    `json:"layer"`
			NumHeads    int    `json:"num_heads"`
			HeadDim     int    `json:"head_dim"`
			Projections map[string][]struct {
				Initializer string `json:"initializer"`
				Transposed  bool   `json:"transposed"`
			} `json:"projections"`
			Absent []string `json:"absent"`
		} `json:"attention"`
	} `json:"fixtures"`
}

func readManifest(t *testing.T) manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "models", "fixtures", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// projectionOf returns the weight (or bias) and layout FindHeads reports
// for a manifest projection key (q_weight, kv_bias, qkv_weight, out_bias, ...).
func projectionOf(b *heads.Block, key string) (name string, transposed, ok bool) {
	role, part, _ := strings.Cut(key, "_")
	var ps []heads.Projection
	switch role {
	case "q":
		ps = []heads.Projection{b.Q}
	case "k":
		ps = []heads.Projection{b.K}
	case "v":
		ps = []heads.Projection{b.V}
	case "kv":
		ps = []heads.Projection{b.K, b.V}
	case "qkv":
		ps = []heads.Projection{b.Q, b.K, b.V}
	case "out":
		ps = []heads.Projection{b.Out}
	default:
		return "", false, false
	}
	get := func(p heads.Projection) *graphedit.Value {
		if part == "bias" {
			return p.Bias
		}
		return p.Weight
	}
	v := get(ps[0])
	if v == nil {
		return "", false, false
	}
	for _, p := range ps[1:] {
		if get(p) != v {
			return "", false, false
		}
	}
	// A single-role key must not name a weight shared with another role.
	others := map[string][]heads.Projection{
		"q": {b.K, b.V}, "k": {b.Q, b.V}, "v": {b.Q, b.K}, "kv": {b.Q},
	}
	for _, o := range others[role] {
		if get(o) == v {
			return "", false, false
		}
	}
	return v.Name(), ps[0].Transposed, true
}

// TestFindHeadsMatchesManifest compares the inventory of every fixture with
// what its script built: kinds, layers, H, dh, every projection weight and
// bias, its layout, and projections absent from the file.
func TestFindHeadsMatchesManifest(t *testing.T) {
	man := readManifest(t)
	if len(man.Fixtures) == 0 {
		t.Fatal("manifest lists no fixtures")
	}
	for _, fx := range man.Fixtures {
		t.Run(fx.File, func(t *testing.T) {
			g := graphtest.LoadGraph(t, filepath.Join("..", "..", "models", "fixtures", fx.File))
			blocks, err := heads.FindHeads(g)
			if err != nil {
				t.Fatal(err)
			}
			if len(blocks) != len(fx.Attention) {
				t.Fatalf("found %d blocks, manifest has %d", len(blocks), len(fx.Attention))
			}
			byName := map[string]*heads.Block{}
			for _, b := range blocks {
				byName[b.Name()] = b
			}
			for _, want := range fx.Attention {
				name := want.Kind + ":" + itoa(want.Layer)
				b := byName[name]
				if b == nil {
					t.Errorf("%s: not found", name)
					continue
				}
				if b.NumHeads != want.NumHeads || b.HeadDim != want.HeadDim {
					t.Errorf("%s: H=%d dh=%d, want %d, %d", name, b.NumHeads, b.HeadDim, want.NumHeads, want.HeadDim)
				}
				for key, ws := range want.Projections {
					got, tr, ok := projectionOf(b, key)
					if !ok {
						t.Errorf("%s: %s not found", name, key)
						continue
					}
					if got != ws[0].Initializer {
						t.Errorf("%s: %s = %q, want %q", name, key, got, ws[0].Initializer)
					}
					if !strings.HasSuffix(key, "bias") && tr != ws[0].Transposed {
						t.Errorf("%s: %s transposed = %v, want %v", name, key, tr, ws[0].Transposed)
					}
				}
				for _, key := range want.Absent {
					if got, _, ok := projectionOf(b, key); ok {
						t.Errorf("%s: %s should be absent, found %q", name, key, got)
					}
				}
				if len(b.HeadConsts) == 0 {
					t.Errorf("%s: no constants encoding H found", name)
				}
			}
		})
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// attentionGraph builds a small Optimum-style attention block: separate
// Q/K/V projections, [B,H,T,dh] heads, a merge Reshape and an output
// projection. broken replaces the V projection's Reshape by a Relu so the
// pattern cannot be matched.
func attentionGraph(t *testing.T, broken bool) *graphedit.Graph {
	t.Helper()
	const H, dh, E = 2, 3, 6
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", "seq", E)
	w := func(name string) *graphedit.Value {
		vals := make([]float32, E*E)
		for i := range vals {
			vals[i] = float32(i%7) / 10
		}
		return b.Float32(name, []int64{E, E}, vals)
	}
	split := b.Int64("split_shape", []int64{4}, []int64{0, 0, H, dh})
	perm := graphedit.IntsAttr("perm", 0, 2, 1, 3)
	heads := func(wname string) *graphedit.Value {
		p := b.Op("MatMul", x, w(wname))
		return b.Op("Transpose", b.Op("Reshape", p, split), perm)
	}
	q, k := heads("wq"), heads("wk")
	var v *graphedit.Value
	if broken {
		v = b.Op("Relu", b.Op("Reshape", b.Op("MatMul", x, w("wv")), split))
		v = b.Op("Transpose", v, perm)
	} else {
		v = heads("wv")
	}
	s := b.Op("MatMul", q, b.Op("Transpose", k, graphedit.IntsAttr("perm", 0, 1, 3, 2)))
	p := b.Op("Softmax", s, graphedit.IntAttr("axis", -1))
	ctx := b.Op("MatMul", p, v)
	merged := b.Op("Reshape", b.Op("Transpose", ctx, perm), b.Int64("merge_shape", []int64{3}, []int64{0, 0, -1}))
	y := b.Op("MatMul", merged, w("wo"))
	b.Output(y)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestFindHeadsSmallGraph(t *testing.T) {
	g := attentionGraph(t, false)
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 {
		t.Fatalf("%d blocks", len(blocks))
	}
	b := blocks[0]
	if b.Kind != heads.KindEncoder || b.NumHeads != 2 || b.HeadDim != 3 || b.Q.Weight.Name() != "wq" || b.Out.Weight.Name() != "wo" {
		t.Errorf("got %s H=%d dh=%d", b.Name(), b.NumHeads, b.HeadDim)
	}
}

// TestFindHeadsUnmatched: attention whose V path cannot be followed is an
// error naming the Softmax node and what was not found.
func TestFindHeadsUnmatched(t *testing.T) {
	g := attentionGraph(t, true)
	_, err := heads.FindHeads(g)
	var me *heads.MatchError
	if !errors.As(err, &me) {
		t.Fatalf("err = %v, want a MatchError", err)
	}
	if !strings.Contains(err.Error(), "Softmax") || !strings.Contains(err.Error(), "value projection") || !strings.Contains(err.Error(), "Relu") {
		t.Errorf("error %q does not name the Softmax, the value projection and the Relu", err)
	}
}
