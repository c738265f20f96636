package heads_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// splitModel is one file of a split export, gated and pruned with one
// decision.
type splitModel struct {
	gated, pruned *ortrun.Session
	gates         []heads.Gate
}

func buildSplit(t *testing.T, path string, dec heads.Decision) *splitModel {
	t.Helper()
	m, err := onnxio.Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	mk := func(prune bool) (*ortrun.Session, []heads.Gate) {
		g, err := graphedit.Load(m)
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := heads.FindHeads(g)
		if err != nil {
			t.Fatal(err)
		}
		var gates []heads.Gate
		if prune {
			fd := heads.Decision{}
			for _, b := range blocks {
				fd[b.Name()] = dec[b.Name()]
			}
			if _, err := heads.RemoveHeads(g, blocks, fd); err != nil {
				t.Fatal(err)
			}
		} else if gates, err = heads.InsertGates(g, blocks, nil); err != nil {
			t.Fatal(err)
		}
		return graphtest.NewSession(t, graphtest.MarshalGraph(t, g, m), graphtest.ExactOpts), gates
	}
	sm := &splitModel{}
	sm.gated, sm.gates = mk(false)
	sm.pruned, _ = mk(true)
	return sm
}

// run runs both models: the gated one on gfeeds plus 0/1 gates, the pruned
// one on pfeeds.
func (sm *splitModel) run(t *testing.T, dec heads.Decision, gfeeds, pfeeds map[string]*ortrun.Tensor) (g, p map[string]*ortrun.Tensor) {
	t.Helper()
	names := graphtest.OutputNames(sm.gated)
	feeds := map[string]*ortrun.Tensor{}
	for k, v := range gfeeds {
		feeds[k] = v
	}
	for _, gt := range sm.gates {
		vals := make([]float32, gt.Heads)
		for h, k := range dec[gt.Block] {
			if k {
				vals[h] = 1
			}
		}
		feeds[gt.Name] = ortrun.NewF32([]int64{int64(gt.Heads)}, vals)
	}
	g, err := sm.gated.Run(feeds, names)
	if err != nil {
		t.Fatal(err)
	}
	p, err = sm.pruned.Run(pfeeds, names)
	if err != nil {
		t.Fatal(err)
	}
	return g, p
}

// TestSplitFilesPrunedTogetherOnORT decodes two steps with Marian's split
// files: encoder, then the decoder's first step, then a decoder-with-past
// step fed the first step's present keys and values. The pruned files, fed
// each other's outputs, give the logits the gated files give with the same
// 0/1 gates: the files stay consistent (same heads cut from the cache the
// decoder writes and the cache the decoder-with-past reads).
func TestSplitFilesPrunedTogetherOnORT(t *testing.T) {
	dir := "../../models/fixtures/marian/"
	dec := heads.Decision{
		"encoder:0": {true, false, true, true}, "encoder:1": {false, false, true, false},
		"decoder:0": {false, true, true, false}, "decoder:1": {true, true, true, true},
		"cross:0": {true, false, false, true}, "cross:1": {false, false, false, false},
	}
	enc := buildSplit(t, dir+"encoder_model.onnx", dec)
	d1 := buildSplit(t, dir+"decoder_model.onnx", dec)
	d2 := buildSplit(t, dir+"decoder_with_past_model.onnx", dec)
	rng := rand.New(rand.NewPCG(3, 9))
	const B, S, T = 2, 5, 3
	ids := func(n int) *ortrun.Tensor {
		v := make([]int64, B*n)
		for i := range v {
			v[i] = 1 + rng.Int64N(100)
		}
		return ortrun.NewI64([]int64{B, int64(n)}, v)
	}
	mask := make([]int64, B*S)
	for i := range mask {
		mask[i] = 1
	}
	src, am := ids(S), ortrun.NewI64([]int64{B, S}, mask)
	in := map[string]*ortrun.Tensor{"input_ids": src, "attention_mask": am}
	ge, pe := enc.run(t, dec, in, in)
	step1 := func(h map[string]*ortrun.Tensor) map[string]*ortrun.Tensor {
		return map[string]*ortrun.Tensor{"input_ids": ids(T), "encoder_attention_mask": am, "encoder_hidden_states": h["last_hidden_state"]}
	}
	f1 := step1(ge)
	pf1 := map[string]*ortrun.Tensor{}
	for k, v := range f1 {
		pf1[k] = v
	}
	pf1["encoder_hidden_states"] = pe["last_hidden_state"]
	g1, p1 := d1.run(t, dec, f1, pf1)
	next := ids(1)
	feeds := func(prev map[string]*ortrun.Tensor) map[string]*ortrun.Tensor {
		f := map[string]*ortrun.Tensor{"input_ids": next, "encoder_attention_mask": am}
		for k, v := range prev {
			if strings.HasPrefix(k, "present.") {
				f["past_key_values."+strings.TrimPrefix(k, "present.")] = v
			}
		}
		return f
	}
	g2, p2 := d2.run(t, dec, feeds(g1), feeds(p1))
	for name, pair := range map[string][2]*ortrun.Tensor{
		"encoder": {ge["last_hidden_state"], pe["last_hidden_state"]},
		"step 1":  {g1["logits"], p1["logits"]},
		"step 2":  {g2["logits"], p2["logits"]},
	} {
		d, err := maxAbsDiff(pair[0], pair[1])
		if err != nil || d > oracleTol {
			t.Errorf("%s: pruned differs from gated by %g (%v)", name, d, err)
		}
	}
}
