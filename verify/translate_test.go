package verify

import (
	"context"
	"fmt"
	"math/rand"
	"path/filepath"
	"slices"
	"testing"

	"onnxprune/ortrun"
)

const fixtures = "../models/fixtures"

// Special ids of the fixtures (models/fixtures/export_optimum.py and
// nmt_module.py): pad 0, eos 1, bos 2; Marian starts decoding with pad,
// BART with eos. The torch fixtures have no special ids of their own.
var fixtureSpecials = map[string]string{
	"marian":            "pad=0,eos=1,bos=2,decoder-start=0",
	"bart":              "pad=0,eos=1,bos=2,decoder-start=1",
	"torch_transformer": "pad=0,eos=1,bos=2,decoder-start=2",
	"torch113":          "pad=0,eos=1,bos=2,decoder-start=2",
}

// fixtureLayouts lists the file sets of each family, by layout.
func fixtureLayouts(family string) map[Layout][]string {
	d := filepath.Join(fixtures, family)
	if family == "torch_transformer" {
		return map[Layout][]string{LayoutSingle: {filepath.Join(d, "ts_opset17.onnx")}}
	}
	if family == "torch113" {
		return map[Layout][]string{LayoutSingle: {filepath.Join(d, "model.onnx")}}
	}
	enc := filepath.Join(d, "encoder_model.onnx")
	return map[Layout][]string{
		LayoutSplit:     {enc, filepath.Join(d, "decoder_model.onnx")},
		LayoutSplitPast: {enc, filepath.Join(d, "decoder_model.onnx"), filepath.Join(d, "decoder_with_past_model.onnx")},
		LayoutMerged:    {enc, filepath.Join(d, "decoder_model_merged.onnx")},
	}
}

func openFixture(t *testing.T, paths []string, specials string) *Model {
	t.Helper()
	m, err := OpenModel(paths, ModelOptions{Overrides: specials, Session: ortrun.Options{IntraOpThreads: 1}})
	if err != nil {
		t.Fatalf("OpenModel(%v): %v", paths, err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// randomSources returns n sources of 1..maxLen random ids in [3, 128)
// followed by EOS (1), from a fixed seed.
func randomSources(seed int64, n, maxLen int) [][]int64 {
	r := rand.New(rand.NewSource(seed))
	out := make([][]int64, n)
	for i := range out {
		l := 1 + r.Intn(maxLen)
		for j := 0; j < l; j++ {
			out[i] = append(out[i], int64(3+r.Intn(125)))
		}
		out[i] = append(out[i], 1)
	}
	return out
}

func tokensOf(h []Hypothesis) [][]int64 {
	out := make([][]int64, len(h))
	for i := range h {
		out[i] = h[i].Tokens
	}
	return out
}

func diffTokens(a, b [][]int64) string {
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return fmt.Sprintf("sentence %d: %v vs %v", i, a[i], b[i])
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("%d vs %d sentences", len(a), len(b))
	}
	return ""
}

// frequentEOS picks as EOS a token that greedy decoding produces in the
// middle of several sentences, so that tests see sentences end at different
// steps (the random-weight fixtures rarely produce their own EOS).
// It decodes with no EOS at all (-1) and leaves m so.
func frequentEOS(t *testing.T, m *Model, src [][]int64, o SearchOptions) int64 {
	t.Helper()
	m.Specials.Eos = -1
	h, err := m.Translate(context.Background(), src, o)
	if err != nil {
		t.Fatal(err)
	}
	count := map[int64]int{}
	for _, x := range h {
		if len(x.Tokens) < 3 {
			continue
		}
		seen := map[int64]bool{}
		for _, tok := range x.Tokens[1 : len(x.Tokens)-1] {
			if !seen[tok] {
				count[tok]++
				seen[tok] = true
			}
		}
	}
	best, bestN := int64(-1), 0
	for tok, n := range count {
		if n > bestN || (n == bestN && tok < best) {
			best, bestN = tok, n
		}
	}
	if bestN < 2 {
		t.Fatalf("no token recurs in the middle of greedy outputs: %v", tokensOf(h))
	}
	return best
}

var families = []string{"marian", "bart", "torch_transformer"}

// TestEOSEndsSentences: greedy decoding with EOS set to a token the model
// produces gives the decoding without that EOS cut after its first
// occurrence.
func TestEOSEndsSentences(t *testing.T) {
	for _, fam := range families {
		t.Run(fam, func(t *testing.T) {
			for layout, files := range fixtureLayouts(fam) {
				o := SearchOptions{Beam: 1, MaxLen: 12, Batch: 3}
				m := openFixture(t, files, fixtureSpecials[fam])
				src := randomSources(7, 6, 9)
				m.Specials.Eos = -1
				free, err := m.Translate(context.Background(), src, o)
				if err != nil {
					t.Fatalf("%s: %v", layout, err)
				}
				eos := frequentEOS(t, m, src, o)
				m.Specials.Eos = eos
				cut, err := m.Translate(context.Background(), src, o)
				if err != nil {
					t.Fatal(err)
				}
				ended := 0
				for i := range free {
					want := free[i].Tokens
					if k := slices.Index(want, eos); k >= 0 {
						want = want[:k+1]
						ended++
					}
					if !slices.Equal(cut[i].Tokens, want) {
						t.Errorf("%s sentence %d: eos %d gives %v, want %v", layout, i, eos, cut[i].Tokens, want)
					}
				}
				if ended < 2 {
					t.Errorf("%s: only %d sentences ended at eos %d", layout, ended, eos)
				}
			}
		})
	}
}

// TestCachedEqualsUncached: the decoder with past key/values (split and
// merged) gives the tokens of the decoder that rereads the whole prefix,
// greedy and beam, and uncached decoding through the merged decoder's
// first-step branch gives them too.
func TestCachedEqualsUncached(t *testing.T) {
	for _, fam := range []string{"marian", "bart"} {
		t.Run(fam, func(t *testing.T) {
			ls := fixtureLayouts(fam)
			ref := openFixture(t, ls[LayoutSplit], fixtureSpecials[fam])
			src := randomSources(11, 5, 10)
			base := SearchOptions{MaxLen: 10, Batch: 5, LengthPenalty: 1}
			ref.Specials.Eos = frequentEOS(t, ref, src, base)
			for _, beam := range []int{1, 3} {
				o := base
				o.Beam = beam
				want, err := ref.Translate(context.Background(), src, o)
				if err != nil {
					t.Fatal(err)
				}
				for _, layout := range []Layout{LayoutSplitPast, LayoutMerged} {
					m := openFixture(t, ls[layout], fixtureSpecials[fam])
					m.Specials = ref.Specials
					if m.Layout != layout || !m.Cached() {
						t.Fatalf("%v: layout %s cached %v, want %s", ls[layout], m.Layout, m.Cached(), layout)
					}
					for _, noCache := range []bool{false, true} {
						o.NoCache = noCache
						got, err := m.Translate(context.Background(), src, o)
						if err != nil {
							t.Fatalf("%s beam %d nocache %v: %v", layout, beam, noCache, err)
						}
						if d := diffTokens(tokensOf(want), tokensOf(got)); d != "" {
							t.Errorf("%s beam %d nocache %v differs from %s: %s", layout, beam, noCache, LayoutSplit, d)
						}
					}
					o.NoCache = false
				}
			}
		})
	}
}

// TestBeamOneIsGreedy: one beam gives greedy's tokens and log-probabilities.
func TestBeamOneIsGreedy(t *testing.T) {
	const logProbTol = 1e-9 // same float64 sums in the same order
	for _, fam := range families {
		for layout, files := range fixtureLayouts(fam) {
			if layout == LayoutSplit {
				continue // covered by the cached layouts' uncached check
			}
			t.Run(fam+"/"+string(layout), func(t *testing.T) {
				m := openFixture(t, files, fixtureSpecials[fam])
				src := randomSources(13, 6, 8)
				o := SearchOptions{MaxLen: 10, Batch: 3, LengthPenalty: 0.6, Scores: true}
				m.Specials.Eos = frequentEOS(t, m, src, o)
				g, err := m.Translate(context.Background(), src, o)
				if err != nil {
					t.Fatal(err)
				}
				o.Beam = 1
				b1, err := beamSearchAll(m, src, o)
				if err != nil {
					t.Fatal(err)
				}
				for i := range g {
					if !slices.Equal(g[i].Tokens, b1[i].Tokens) || abs(g[i].LogProb-b1[i].LogProb) > logProbTol {
						t.Errorf("sentence %d: greedy %v (%g), beam 1 %v (%g)", i, g[i].Tokens, g[i].LogProb, b1[i].Tokens, b1[i].LogProb)
					}
				}
			})
		}
	}
}

// beamSearchAll runs the beam search code path even for one beam.
func beamSearchAll(m *Model, src [][]int64, o SearchOptions) ([]Hypothesis, error) {
	out := make([]Hypothesis, len(src))
	for _, b := range batches(src, o.Batch, !m.hasSourceMask()) {
		rows := make([][]int64, len(b))
		limits := make([]int, len(b))
		for j, i := range b {
			rows[j] = src[i]
			limits[j], _ = m.limit(o, len(src[i]))
		}
		e, err := m.encode(context.Background(), rows)
		if err != nil {
			return nil, err
		}
		h, err := beamSearch(context.Background(), m.newStepper(e, !o.NoCache), o.Beam, m.Specials.DecoderStart, m.Specials.Eos, limits, o.LengthPenalty, o.EarlyStopping)
		if err != nil {
			return nil, err
		}
		for j, i := range b {
			out[i] = h[j]
		}
	}
	return out, nil
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestBatchEqualsOneByOne: decoding padded batches gives the tokens of
// decoding each sentence alone, greedy and beam.
func TestBatchEqualsOneByOne(t *testing.T) {
	for _, fam := range families {
		for layout, files := range fixtureLayouts(fam) {
			if layout == LayoutSplit || layout == LayoutMerged {
				continue // same decoders as split+past
			}
			t.Run(fam+"/"+string(layout), func(t *testing.T) {
				m := openFixture(t, files, fixtureSpecials[fam])
				src := randomSources(17, 7, 12)
				o := SearchOptions{MaxLen: 9, LengthPenalty: 1, Batch: 1}
				m.Specials.Eos = frequentEOS(t, m, src, o)
				for _, beam := range []int{1, 2} {
					o.Beam = beam
					o.Batch = 1
					one, err := m.Translate(context.Background(), src, o)
					if err != nil {
						t.Fatal(err)
					}
					o.Batch = 7
					all, err := m.Translate(context.Background(), src, o)
					if err != nil {
						t.Fatal(err)
					}
					if d := diffTokens(tokensOf(one), tokensOf(all)); d != "" {
						t.Errorf("beam %d: batch of 7 differs from one by one: %s", beam, d)
					}
				}
			})
		}
	}
}

// TestGreedyMatchesTeacherForcing: every greedy token is the argmax of the
// teacher-forced logits over the produced prefix.
func TestGreedyMatchesTeacherForcing(t *testing.T) {
	for _, fam := range families {
		for layout, files := range fixtureLayouts(fam) {
			t.Run(fam+"/"+string(layout), func(t *testing.T) {
				m := openFixture(t, files, fixtureSpecials[fam])
				src := randomSources(19, 5, 10)
				o := SearchOptions{MaxLen: 8, Batch: 5}
				h, err := m.Translate(context.Background(), src, o)
				if err != nil {
					t.Fatal(err)
				}
				tgt := tokensOf(h)
				logits, V, err := m.ForcedLogits(context.Background(), src, tgt, 2)
				if err != nil {
					t.Fatal(err)
				}
				for i, toks := range tgt {
					if len(logits[i]) != (len(toks)+1)*V {
						t.Fatalf("sentence %d: %d logits for %d tokens of vocab %d", i, len(logits[i]), len(toks), V)
					}
					for p, tok := range toks {
						if a := argmax(logits[i][p*V : (p+1)*V]); int64(a) != tok {
							t.Errorf("sentence %d position %d: greedy %d, teacher-forced argmax %d", i, p, tok, a)
						}
					}
				}
			})
		}
	}
}

// TestCachedLogitsMatchFull: step-by-step logits with the key/value cache
// equal the whole-prefix decoder's logits under teacher forcing, ragged
// batches included.
func TestCachedLogitsMatchFull(t *testing.T) {
	// fp32 attention over a cache sums in another order than over the
	// whole prefix; differences stay near rounding (1e-6 relative).
	const cacheLogitTol = 1e-4
	for _, fam := range []string{"marian", "bart"} {
		for _, layout := range []Layout{LayoutSplitPast, LayoutMerged} {
			t.Run(fam+"/"+string(layout), func(t *testing.T) {
				m := openFixture(t, fixtureLayouts(fam)[layout], fixtureSpecials[fam])
				src := randomSources(31, 5, 9)
				tgt := randomSources(37, 5, 7) // ragged targets, some ending in EOS
				full, V, err := m.ForcedLogits(context.Background(), src, tgt, 3)
				if err != nil {
					t.Fatal(err)
				}
				step, V2, err := m.ForcedStepLogits(context.Background(), src, tgt, 3, true)
				if err != nil {
					t.Fatal(err)
				}
				if V != V2 {
					t.Fatalf("vocab %d vs %d", V, V2)
				}
				worst := 0.0
				for i := range full {
					if len(full[i]) != len(step[i]) || len(full[i]) != (len(tgt[i])+1)*V {
						t.Fatalf("sentence %d: %d and %d logits for %d targets", i, len(full[i]), len(step[i]), len(tgt[i]))
					}
					for k := range full[i] {
						worst = max(worst, abs(float64(full[i][k]-step[i][k])))
					}
				}
				if worst > cacheLogitTol {
					t.Errorf("cached and whole-prefix logits differ by %g > %g", worst, cacheLogitTol)
				}
			})
		}
	}
}
