package verify

import (
	"context"
	"math"
	"sort"
)

// Hypothesis is one translation: the generated ids and their score.
type Hypothesis struct {
	// Tokens are the generated ids after the decoder start id, ending with
	// EOS unless the length limit cut the sentence.
	Tokens []int64 `json:"tokens"`
	// LogProb is the sum of the tokens' log-probabilities.
	LogProb float64 `json:"log_prob"`
	// Score is LogProb / len(Tokens)^α, the length-normalised score beam
	// search ranks by (α the length penalty; equal to LogProb for greedy
	// search with α = 0).
	Score float64 `json:"score"`
}

// logSoftmax returns the log-probabilities of one row of logits in float64.
func logSoftmax(dst []float64, logits []float32) {
	mx := math.Inf(-1)
	for _, v := range logits {
		mx = max(mx, float64(v))
	}
	var sum float64
	for _, v := range logits {
		sum += math.Exp(float64(v) - mx)
	}
	lse := mx + math.Log(sum)
	for i, v := range logits {
		dst[i] = float64(v) - lse
	}
}

// argmax returns the first index of the largest value.
func argmax(xs []float32) int {
	best := 0
	for i, v := range xs {
		if v > xs[best] {
			best = i
		}
	}
	return best
}

func lengthNorm(logProb float64, n int, alpha float64) float64 {
	if alpha == 0 || n == 0 {
		return logProb
	}
	return logProb / math.Pow(float64(n), alpha)
}

// greedy decodes every row by taking the most likely token (the first one on
// ties) until EOS or the row's limit. Finished rows leave the batch.
func greedy(ctx context.Context, st stepper, start, eos int64, limits []int, alpha float64) ([]Hypothesis, error) {
	n := st.rows()
	out := make([]Hypothesis, n)
	live := make([]int, n) // live[r] = sentence of row r
	for i := range live {
		live[i] = i
	}
	tokens := make([]int64, n)
	for i := range tokens {
		tokens[i] = start
	}
	var lp []float64
	for len(live) > 0 {
		logits, V, err := st.step(ctx, tokens)
		if err != nil {
			return out, err
		}
		if len(lp) < V {
			lp = make([]float64, V)
		}
		var keep []int
		var next []int64
		for r, s := range live {
			row := logits[r*V : (r+1)*V]
			t := argmax(row)
			logSoftmax(lp[:V], row)
			h := &out[s]
			h.Tokens = append(h.Tokens, int64(t))
			h.LogProb += lp[t]
			if int64(t) == eos || len(h.Tokens) >= limits[s] {
				h.Score = lengthNorm(h.LogProb, len(h.Tokens), alpha)
				continue
			}
			keep = append(keep, r)
			next = append(next, int64(t))
		}
		if len(keep) == 0 {
			break
		}
		if len(keep) < len(live) {
			if err := st.reorder(keep); err != nil {
				return out, err
			}
			nl := make([]int, len(keep))
			for i, r := range keep {
				nl[i] = live[r]
			}
			live = nl
		}
		tokens = next
	}
	return out, nil
}

// beamHyp is a live or finished beam hypothesis.
type beamHyp struct {
	tokens  []int64
	logProb float64
}

type candidate struct {
	score float64
	beam  int
	token int
}

// better orders candidates: higher score, then lower beam, then lower token.
func (a candidate) better(b candidate) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	if a.beam != b.beam {
		return a.beam < b.beam
	}
	return a.token < b.token
}

// beamSearch decodes n sentences with k beams each. The stepper holds one
// row per sentence; it is expanded to k rows per live sentence. At each step
// the 2k best continuations of a sentence are taken in order: one ending in
// EOS among the first k is finished, others continue until k are live.
// A sentence stops once it has k finished hypotheses (fairseq's rule, and
// Hugging Face's with early stopping), or at its length limit, when its live
// beams are finished as they stand. The best finished hypothesis by
// logProb / len^alpha wins (len counts the generated tokens, EOS included).
// With k = 1 this is greedy search.
func beamSearch(ctx context.Context, st stepper, k int, start, eos int64, limits []int, alpha float64) ([]Hypothesis, error) {
	n := st.rows()
	out := make([]Hypothesis, n)
	beams := make([][]beamHyp, n) // live beams per sentence
	finished := make([][]beamHyp, n)
	// Row layout: the live sentences in order, k rows each (the first step
	// has one live beam, the start token, repeated k times and masked).
	live := make([]int, n)
	idx := make([]int, 0, n*k)
	for s := 0; s < n; s++ {
		live[s] = s
		beams[s] = []beamHyp{{}}
		for j := 0; j < k; j++ {
			idx = append(idx, s)
		}
	}
	if err := st.reorder(idx); err != nil {
		return out, err
	}
	tokens := make([]int64, n*k)
	for i := range tokens {
		tokens[i] = start
	}
	var lp []float64
	for len(live) > 0 {
		logits, V, err := st.step(ctx, tokens)
		if err != nil {
			return out, err
		}
		if len(lp) < V {
			lp = make([]float64, V)
		}
		var rowIdx []int
		var next []int64
		var stillLive []int
		for li, s := range live {
			cands := make([]candidate, 0, 2*k+1)
			for b, h := range beams[s] {
				r := li*k + b
				logSoftmax(lp[:V], logits[r*V:(r+1)*V])
				for t := 0; t < V; t++ {
					c := candidate{score: h.logProb + lp[t], beam: b, token: t}
					if len(cands) < 2*k {
						cands = append(cands, c)
						if len(cands) == 2*k {
							sort.Slice(cands, func(i, j int) bool { return cands[i].better(cands[j]) })
						}
						continue
					}
					if !c.better(cands[2*k-1]) {
						continue
					}
					// Insert in order, dropping the last.
					p := sort.Search(2*k, func(i int) bool { return c.better(cands[i]) })
					copy(cands[p+1:], cands[p:2*k-1])
					cands[p] = c
				}
			}
			if len(cands) < 2*k {
				sort.Slice(cands, func(i, j int) bool { return cands[i].better(cands[j]) })
			}
			var nb []beamHyp
			var nbRows []int
			for rank, c := range cands {
				h := beams[s][c.beam]
				toks := append(append([]int64(nil), h.tokens...), int64(c.token))
				if int64(c.token) == eos {
					if rank < k {
						finished[s] = append(finished[s], beamHyp{toks, c.score})
					}
					continue
				}
				if len(nb) < k {
					nb = append(nb, beamHyp{toks, c.score})
					nbRows = append(nbRows, li*k+c.beam)
				}
			}
			cur := len(beams[s][0].tokens) + 1
			if len(finished[s]) >= k || cur >= limits[s] || len(nb) == 0 {
				if len(finished[s]) < k {
					finished[s] = append(finished[s], nb...)
				}
				out[s] = bestOf(finished[s], alpha)
				continue
			}
			// Fewer than k live beams (a tiny vocabulary) leave rows that
			// repeat the last beam; only len(nb) beams are read next step.
			beams[s] = nb
			stillLive = append(stillLive, s)
			for j := 0; j < k; j++ {
				b := min(j, len(nb)-1)
				rowIdx = append(rowIdx, nbRows[b])
				next = append(next, nb[b].tokens[len(nb[b].tokens)-1])
			}
		}
		if len(stillLive) == 0 {
			break
		}
		if err := st.reorder(rowIdx); err != nil {
			return out, err
		}
		live = stillLive
		tokens = next
	}
	return out, nil
}

func bestOf(hs []beamHyp, alpha float64) Hypothesis {
	best := Hypothesis{Score: math.Inf(-1)}
	for _, h := range hs {
		sc := lengthNorm(h.logProb, len(h.tokens), alpha)
		if best.Tokens == nil || sc > best.Score {
			best = Hypothesis{Tokens: h.tokens, LogProb: h.logProb, Score: sc}
		}
	}
	return best
}
