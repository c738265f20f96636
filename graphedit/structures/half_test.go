package structures_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
	"onnxprune/ortrun"
)

// halfTol bounds the difference between the fp16 model gated with 0/1 and
// the pruned one: both compute in fp16, and a sliced MatMul sums fewer
// terms in another order, which moves results by a few fp16 ulps (about
// 1e-3 near 1).
const halfTol = 1e-2

// TestHalfGatesOnORT: on the fp16 torch.nn.Transformer export, FFN group
// gates and sublayer gates are inserted (float32 inputs cast to fp16 in
// the graph), discovery finds every gate again, and the gated model fed 0
// for what a decision removes equals the model pruned by that decision
// within halfTol, on ONNX Runtime (at its default optimization level: with
// optimizations off, its CPU fp16 cast insertion refuses this export, the
// ungated original included).
func TestHalfGatesOnORT(t *testing.T) {
	m, g := graphtest.LoadFixture(t, fixturesDir+"/quant/torch_transformer_fp16/ts_opset17.onnx")
	gg, err := g.Clone()
	if err != nil {
		t.Fatal(err)
	}
	d, err := structures.Discover(gg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := structures.InsertGates(gg, d, 4, true); err != nil {
		t.Fatal(err)
	}
	again, err := structures.Discover(gg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range again.FFNs {
		if f.Gate == nil {
			t.Errorf("%s: gate not found again", f.Name())
		}
	}
	for _, s := range again.Sublayers {
		if s.Gate == nil {
			t.Errorf("%s: gate not found again", s.Name())
		}
	}
	if len(again.FFNs) != 4 || len(again.Sublayers) != 10 {
		t.Fatalf("found %d FFNs and %d sublayers in the gated model, want 4 and 10 (not understood: %v)", len(again.FFNs), len(again.Sublayers), again.NotUnderstood)
	}
	keep := func(cut ...int) []bool {
		k := make([]bool, 64)
		for i := range k {
			k[i] = true
		}
		for _, c := range cut {
			k[c] = false
		}
		return k
	}
	dec := structures.Decision{
		Neurons:   map[string][]bool{"encoder:0": keep(0, 1, 2, 3, 4, 5, 6, 7), "decoder:1": keep(60, 61, 62, 63)},
		Sublayers: map[string]bool{"decoder:0:ffn": true, "encoder:1:attn": true},
	}
	groups := func(closed ...int) []float32 {
		v := make([]float32, 16)
		for i := range v {
			v[i] = 1
		}
		for _, c := range closed {
			v[c] = 0
		}
		return v
	}
	gateFeeds := map[string][]float32{"gate/ffn.encoder.0.g4": groups(0, 1), "gate/ffn.decoder.1.g4": groups(15),
		"gate/sublayer.decoder.0.ffn": {0}, "gate/sublayer.encoder.1.attn": {0}}
	pg, err := g.Clone()
	if err != nil {
		t.Fatal(err)
	}
	pd, err := structures.Discover(pg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := structures.Remove(pg, pd, dec); err != nil {
		t.Fatal(err)
	}
	pruned := graphtest.NewSession(t, graphtest.MarshalGraph(t, pg, m), ortrun.Options{IntraOpThreads: 1})
	gated := graphtest.NewSession(t, graphtest.MarshalGraph(t, gg, m), ortrun.Options{IntraOpThreads: 1})
	rng := rand.New(rand.NewPCG(5, 8))
	for _, sz := range [][2]int64{{1, 3}, {2, 5}} {
		feeds := graphtest.RandomFeeds(pruned.Inputs(), sz, rng)
		gfeeds := map[string]*ortrun.Tensor{}
		for k, v := range feeds {
			gfeeds[k] = v
		}
		for name, v := range gateFeeds {
			gfeeds[name] = ortrun.NewF32([]int64{int64(len(v))}, v)
		}
		outs := graphtest.OutputNames(pruned)
		want, err := gated.Run(gfeeds, outs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pruned.Run(feeds, outs)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outs {
			a, b := got[o].Float32s(), want[o].Float32s()
			var diff float64
			for i := range a {
				diff = math.Max(diff, math.Abs(float64(a[i]-b[i])))
			}
			if len(a) != len(b) || len(a) == 0 || diff > halfTol {
				t.Errorf("size %v: output %s differs by %g (%d and %d values)", sz, o, diff, len(a), len(b))
			}
		}
	}
}
