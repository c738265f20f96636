package verify

import (
	"context"
	"hash/fnv"
	"math"
	"math/rand"
	"slices"
	"testing"
)

// toyStepper is a language model over a small vocabulary whose logits are
// a fixed pseudo-random function of the sentence and the prefix.
type toyStepper struct {
	vocab  int
	sent   []int // sentence of each row
	prefix [][]int64
}

func (s *toyStepper) rows() int { return len(s.prefix) }

func (s *toyStepper) logits(sent int, prefix []int64) []float32 {
	h := fnv.New64a()
	h.Write([]byte{byte(sent)})
	for _, t := range prefix {
		h.Write([]byte{byte(t)})
	}
	r := rand.New(rand.NewSource(int64(h.Sum64())))
	out := make([]float32, s.vocab)
	for i := range out {
		out[i] = float32(r.NormFloat64() * 2)
	}
	return out
}

func (s *toyStepper) step(_ context.Context, tokens []int64) ([]float32, int, error) {
	var out []float32
	for i, t := range tokens {
		s.prefix[i] = append(s.prefix[i], t)
		out = append(out, s.logits(s.sent[i], s.prefix[i])...)
	}
	return out, s.vocab, nil
}

func (s *toyStepper) reorder(idx []int) error {
	p := make([][]int64, len(idx))
	sent := make([]int, len(idx))
	for i, r := range idx {
		p[i] = slices.Clone(s.prefix[r])
		sent[i] = s.sent[r]
	}
	s.prefix, s.sent = p, sent
	return nil
}

func (s *toyStepper) clone() stepper {
	c := &toyStepper{vocab: s.vocab}
	c.sent = slices.Clone(s.sent)
	for _, p := range s.prefix {
		c.prefix = append(c.prefix, slices.Clone(p))
	}
	return c
}

func newToy(vocab, sentences int) *toyStepper {
	s := &toyStepper{vocab: vocab}
	for i := 0; i < sentences; i++ {
		s.sent = append(s.sent, i)
		s.prefix = append(s.prefix, nil)
	}
	return s
}

// exhaustive returns the best hypothesis over every sequence that ends in
// EOS or reaches the limit, by logProb / len^alpha.
func exhaustive(s *toyStepper, sent int, start, eos int64, limit int, alpha float64) Hypothesis {
	best := Hypothesis{Score: math.Inf(-1)}
	lp := make([]float64, s.vocab)
	var walk func(prefix []int64, toks []int64, logProb float64)
	walk = func(prefix, toks []int64, logProb float64) {
		logSoftmax(lp, s.logits(sent, prefix))
		row := slices.Clone(lp)
		for t := 0; t < s.vocab; t++ {
			nt := append(slices.Clone(toks), int64(t))
			np := logProb + row[t]
			if int64(t) == eos || len(nt) == limit {
				if sc := lengthNorm(np, len(nt), alpha); sc > best.Score {
					best = Hypothesis{Tokens: nt, LogProb: np, Score: sc}
				}
				continue
			}
			walk(append(slices.Clone(prefix), int64(t)), nt, np)
		}
	}
	walk([]int64{start}, nil, 0)
	return best
}

// TestBeamWideIsExhaustive: with as many beams as sequences, beam search
// finds the best hypothesis of an exhaustive search, for several length
// penalties; the bookkeeping of rows, tokens and scores is exact.
func TestBeamWideIsExhaustive(t *testing.T) {
	const (
		vocab    = 4
		limit    = 4
		start    = int64(0)
		eos      = int64(1)
		n        = 5
		scoreTol = 1e-12
	)
	k := 1
	for i := 0; i < limit; i++ {
		k *= vocab
	}
	for _, early := range []bool{true, false} {
		for _, alpha := range []float64{0, 0.6, 1, 2} {
			limits := []int{limit, limit, limit, limit, limit}
			got, err := beamSearch(context.Background(), newToy(vocab, n), k, start, eos, limits, alpha, early)
			if err != nil {
				t.Fatal(err)
			}
			for s := 0; s < n; s++ {
				want := exhaustive(newToy(vocab, n), s, start, eos, limit, alpha)
				if !slices.Equal(got[s].Tokens, want.Tokens) || math.Abs(got[s].Score-want.Score) > scoreTol {
					t.Errorf("early stopping %v α %g sentence %d: beam %v (%g), exhaustive %v (%g)", early, alpha, s, got[s].Tokens, got[s].Score, want.Tokens, want.Score)
				}
			}
		}
	}
}

// TestBeamNarrowWellFormed: narrow beams end at EOS or the limit, never
// beat the exhaustive optimum, score by logProb/len, and one beam is greedy
// (even beam counts with early stopping, odd ones without), with the same
// log-probabilities, and greedy without scores decides the same.
func TestBeamNarrowWellFormed(t *testing.T) {
	const vocab, n = 6, 8
	limits := []int{3, 5, 5, 2, 6, 4, 5, 1}
	for _, k := range []int{1, 2, 3, 5} {
		got, err := beamSearch(context.Background(), newToy(vocab, n), k, 0, 1, limits, 1, k%2 == 0)
		if err != nil {
			t.Fatal(err)
		}
		for s, h := range got {
			best := exhaustive(newToy(vocab, n), s, 0, 1, limits[s], 1)
			ends := len(h.Tokens) == limits[s] || (len(h.Tokens) > 0 && h.Tokens[len(h.Tokens)-1] == 1)
			if !ends || len(h.Tokens) > limits[s] || slices.Contains(h.Tokens[:len(h.Tokens)-1], 1) {
				t.Errorf("k %d sentence %d: %v does not end at EOS or the limit %d", k, s, h.Tokens, limits[s])
			}
			if h.Score > best.Score+1e-12 {
				t.Errorf("k %d sentence %d: score %g beats the exhaustive optimum %g", k, s, h.Score, best.Score)
			}
			if want := lengthNorm(h.LogProb, len(h.Tokens), 1); math.Abs(want-h.Score) > 1e-12 {
				t.Errorf("k %d sentence %d: score %g, logProb/len gives %g", k, s, h.Score, want)
			}
		}
		if k == 1 {
			g, err := greedy(context.Background(), newToy(vocab, n), 0, 1, limits, 1, true)
			if err != nil {
				t.Fatal(err)
			}
			if d := diffTokens(tokensOf(g), tokensOf(got)); d != "" {
				t.Errorf("beam 1 vs greedy: %s", d)
			}
			for s, h := range g {
				if math.Abs(h.LogProb-got[s].LogProb) > 1e-12 {
					t.Errorf("sentence %d: greedy log-probability %g, beam 1 %g", s, h.LogProb, got[s].LogProb)
				}
			}
			// Without scores greedy decides the same and leaves them 0.
			quiet, err := greedy(context.Background(), newToy(vocab, n), 0, 1, limits, 1, false)
			if err != nil {
				t.Fatal(err)
			}
			if d := diffTokens(tokensOf(quiet), tokensOf(g)); d != "" {
				t.Errorf("greedy without scores: %s", d)
			}
			for s, h := range quiet {
				if h.LogProb != 0 || h.Score != 0 {
					t.Errorf("sentence %d: greedy without scores has log-probability %g, score %g", s, h.LogProb, h.Score)
				}
			}
		}
	}
}
