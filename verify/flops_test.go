package verify

import (
	"testing"
)

// Sizes of the Marian and BART fixtures (models/fixtures/manifest.json).
const (
	fixD      = 32
	fixFFN    = 64
	fixLayers = 2
	fixVocab  = 128
)

// TestEncoderFLOPsFormula: the counted encoder FLOPs equal the textbook
// count per layer: Q, K, V and output projections 4·2·S·d², scores and
// weighted values 2·2·S²·d, feed-forward 2·2·S·d·ffn.
func TestEncoderFLOPsFormula(t *testing.T) {
	m := openFixture(t, fixtureLayouts("marian")[LayoutSplit], fixtureSpecials["marian"])
	for _, s := range []int{1, 7, 20} {
		for _, b := range []int{1, 3} {
			f, err := m.CountFLOPs(FLOPShape{Batch: b, SrcLen: s, TgtLen: 1}, false)
			if err != nil {
				t.Fatal(err)
			}
			S, d, ffn := int64(s), int64(fixD), int64(fixFFN)
			want := int64(b) * fixLayers * (8*S*d*d + 4*S*S*d + 4*S*d*ffn)
			if f.Encoder.FLOPs != want || len(f.Encoder.Uncounted) != 0 {
				t.Errorf("batch %d length %d: encoder %d FLOPs (uncounted %v), want %d", b, s, f.Encoder.FLOPs, f.Encoder.Uncounted, want)
			}
		}
	}
}

// TestDecoderStepFLOPsFormula: a cached decoder step after p tokens costs,
// per layer, the self-attention projections 4·2·d², attention over p+1
// positions 2·2·(p+1)·d, cross-attention query and output projections 2·2·d²,
// attention over S source positions 2·2·S·d, the feed-forward 2·2·d·ffn,
// plus the vocabulary projection 2·d·V once.
func TestDecoderStepFLOPsFormula(t *testing.T) {
	ls := fixtureLayouts("marian")
	for _, layout := range []Layout{LayoutSplitPast, LayoutMerged} {
		m := openFixture(t, ls[layout], fixtureSpecials["marian"])
		for _, p := range []int{1, 5} {
			const s = 9
			f, err := m.CountFLOPs(FLOPShape{Batch: 1, SrcLen: s, TgtLen: 8, StepPast: p}, true)
			if err != nil {
				t.Fatal(err)
			}
			d, P, S := int64(fixD), int64(p), int64(s)
			want := fixLayers*(8*d*d+4*(P+1)*d+4*d*d+4*S*d+4*d*fixFFN) + 2*d*fixVocab
			if f.Step.FLOPs != want {
				t.Errorf("%s past %d: step %d FLOPs, want %d", layout, p, f.Step.FLOPs, want)
			}
		}
	}
}

// TestSentenceFLOPs: the fitted sum over steps equals counting every step,
// layouts with the same decoders agree, caching costs less than recomputing
// the prefix, and FLOPs scale with the batch.
func TestSentenceFLOPs(t *testing.T) {
	ls := fixtureLayouts("bart")
	shape := FLOPShape{Batch: 1, SrcLen: 6, TgtLen: 11, StepPast: 3}
	results := map[string]*ModelFLOPs{}
	for _, c := range []struct {
		layout Layout
		cache  bool
	}{{LayoutSplit, false}, {LayoutSplitPast, true}, {LayoutMerged, true}, {LayoutMerged, false}} {
		m := openFixture(t, ls[c.layout], fixtureSpecials["bart"])
		f, err := m.CountFLOPs(shape, c.cache)
		if err != nil {
			t.Fatal(err)
		}
		// Brute force: every step counted.
		fc := &flopCounter{m: m, cache: c.cache, graphs: map[string]*flopGraph{}}
		sum := f.Encoder.FLOPs
		for s := 0; s < shape.TgtLen; s++ {
			st, err := fc.step(shape.Batch, shape.SrcLen, s)
			if err != nil {
				t.Fatal(err)
			}
			sum += st.FLOPs
		}
		fc.close()
		if sum != f.Sentence {
			t.Errorf("%s cache %v: sentence %d FLOPs, every step counted gives %d", c.layout, c.cache, f.Sentence, sum)
		}
		b3 := shape
		b3.Batch = 3
		f3, err := m.CountFLOPs(b3, c.cache)
		if err != nil {
			t.Fatal(err)
		}
		if f3.Sentence != 3*f.Sentence || f3.PerToken != f.PerToken {
			t.Errorf("%s: batch 3 sentence %d per token %g, batch 1 %d %g", c.layout, f3.Sentence, f3.PerToken, f.Sentence, f.PerToken)
		}
		results[string(c.layout)+map[bool]string{true: "+cache", false: ""}[c.cache]] = f
	}
	if a, b := results["split+past+cache"], results["merged+cache"]; a.Sentence != b.Sentence || a.Step.FLOPs != b.Step.FLOPs {
		t.Errorf("split+past %d/%d and merged %d/%d disagree", a.Sentence, a.Step.FLOPs, b.Sentence, b.Step.FLOPs)
	}
	if a, b := results["split"], results["merged"]; a.Sentence != b.Sentence {
		t.Errorf("uncached split %d and merged %d disagree", a.Sentence, b.Sentence)
	}
	if c, u := results["split+past+cache"], results["split"]; c.Sentence >= u.Sentence {
		t.Errorf("cached %d FLOPs not below uncached %d", c.Sentence, u.Sentence)
	}
}

// TestCountParams: the Marian fixture's weights, counted once across files.
func TestCountParams(t *testing.T) {
	one := openFixture(t, fixtureLayouts("marian")[LayoutSplit], fixtureSpecials["marian"])
	two := openFixture(t, fixtureLayouts("marian")[LayoutSplitPast], fixtureSpecials["marian"])
	p1, err := one.CountParams()
	if err != nil {
		t.Fatal(err)
	}
	p2, err := two.CountParams()
	if err != nil {
		t.Fatal(err)
	}
	if p1.Total <= 0 || p2.Total != p1.Total {
		t.Errorf("encoder+decoder %d params, with decoder_with_past %d: the twin's weights must count once", p1.Total, p2.Total)
	}
	var sum int64
	for _, n := range p2.ByFile {
		sum += n
	}
	if sum <= p2.Total {
		t.Errorf("per-file sum %d should exceed the deduplicated total %d", sum, p2.Total)
	}
	// Lower bound: the encoder and decoder layers' projection matrices.
	d := int64(fixD)
	if min := fixLayers*(4*d*d+2*d*fixFFN) + fixLayers*(8*d*d+2*d*fixFFN); p1.Total < min {
		t.Errorf("%d params, fewer than the %d of the projections alone", p1.Total, min)
	}
}
