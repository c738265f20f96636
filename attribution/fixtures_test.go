package attribution

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// fixtureVocab is the vocabulary of the torch fixtures (manifest config).
const fixtureVocab = 128

// residualTol bounds |1 − (relevance + what biases absorbed)/target| on the
// fixtures: float32 sums over a few thousand terms whose sizes exceed the
// target's (biases absorb about half of it).
const residualTol = 1e-3

// randomExamples draws n sentence pairs of ids in [3, vocab) from a seed.
func randomExamples(seed uint64, n, vocab int) []Example {
	r := rand.New(rand.NewPCG(seed, 1))
	var exs []Example
	for range n {
		src := make([]int64, 4+r.IntN(8))
		for i := range src {
			src[i] = 3 + r.Int64N(int64(vocab-3))
		}
		src[len(src)-1] = eos
		tgt := make([]int64, 3+r.IntN(8))
		for i := range tgt {
			tgt[i] = 3 + r.Int64N(int64(vocab-3))
		}
		exs = append(exs, Example{Src: src, DecIn: append([]int64{bos}, tgt...), Labels: append(tgt[1:], tgt[0], eos)[:len(tgt)+1]})
	}
	return exs
}

func analyzeFile(t *testing.T, path string, exs []Example) *Report {
	t.Helper()
	m, err := onnxio.Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(g, m, graphedit.IORoles{}, ortrun.Options{IntraOpThreads: 1, Name: path}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	cfg := DefaultConfig()
	cfg.EOS = eos
	rep, err := a.Analyze(context.Background(), exs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestFixtures: on the exported full-model fixtures, the analysis runs,
// every measure is finite, the ranking is the same in two runs on the same
// seeded examples, and the relevance at the cuts is reported (the fixtures
// have biases, which absorb some relevance: the figures are logged).
func TestFixtures(t *testing.T) {
	for _, f := range []string{"torch_transformer/ts_opset17.onnx", "torch_transformer/dynamo.onnx", "torch113/model.onnx"} {
		t.Run(f, func(t *testing.T) {
			path := "../models/fixtures/" + f
			exs := randomExamples(5, 6, fixtureVocab)
			a := analyzeFile(t, path, exs)
			b := analyzeFile(t, path, exs)
			if len(a.Heads) == 0 || len(a.Heads) != len(b.Heads) {
				t.Fatalf("%d and %d heads", len(a.Heads), len(b.Heads))
			}
			for i, h := range a.Heads {
				if h.Rank != b.Heads[i].Rank || h.Relevance != b.Heads[i].Relevance {
					t.Errorf("%s: rank %d (%g) then %d (%g)", h.Name, h.Rank, h.Relevance, b.Heads[i].Rank, b.Heads[i].Relevance)
				}
				for _, v := range []float64{h.Relevance, h.RelevanceRaw, h.Importance, h.ImportanceRaw} {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Errorf("%s: measure %g", h.Name, v)
					}
				}
				if h.Confidence == nil || *h.Confidence <= 0 || *h.Confidence > 1+1e-6 {
					t.Errorf("%s: confidence %v", h.Name, h.Confidence)
				}
			}
			if len(a.Conservation) < 3 {
				t.Errorf("%d conservation cuts, want the embeddings, each encoder layer and the logits input", len(a.Conservation))
			}
			for _, c := range a.Conservation {
				t.Logf("conservation at %s: relevance/target mean %.4f min %.4f max %.4f; %d biases absorb %.4f; residual ≤ %.2g",
					c.Cut, c.MeanRatio, c.MinRatio, c.MaxRatio, c.Biases, c.BiasShare, c.MaxResidual)
				if !(c.MaxResidual <= residualTol) { // NaN fails too
					t.Errorf("at %s relevance + absorbed differs from the target by %.3g of it: a rule leaks", c.Cut, c.MaxResidual)
				}
			}
		})
	}
}
