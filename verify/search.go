package verify

import (
	"context"
	"math"
	"slices"
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
// ties) until EOS or the row's limit. Finished rows leave the batch. With
// scores it sums the tokens' log-probabilities into LogProb and Score;
// without, they stay 0.
func greedy(ctx context.Context, st stepper, start, eos int64, limits []int, alpha float64, scores bool) ([]Hypothesis, error) {
	n := st.rows()
	out := make([]Hypothesis, n)
	live := make([]int, n) // live[r] = sentence of row r
	for i := range live {
		live[i] = i
	}
	tokens := slices.Repeat([]int64{start}, n)
	var lp []float64
	for len(live) > 0 {
		logits, V, err := st.step(ctx, tokens)
		if err != nil {
			return out, err
		}
		if scores && len(lp) < V {
			lp = make([]float64, V)
		}
		var keep []int
		var next []int64
		for r, s := range live {
			row := logits[r*V : (r+1)*V]
			t := argmax(row)
			h := &out[s]
			h.Tokens = append(h.Tokens, int64(t))
			if scores {
				logSoftmax(lp[:V], row)
				h.LogProb += lp[t]
			}
			if int64(t) == eos || len(h.Tokens) >= limits[s] {
				if scores {
					h.Score = lengthNorm(h.LogProb, len(h.Tokens), alpha)
				}
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

// beamSearch decodes n sentences with k beams each, by Hugging Face's rules
// (transformers 4.57 generate with num_beams = k). The stepper holds one row
// per sentence; it is expanded to k rows per live sentence. At each step the
// 2k best continuations of a sentence (by summed log-probability) are taken
// in order: one ending in EOS among the first k is a finished hypothesis,
// scored logProb / len^alpha (len counts the generated tokens, EOS
// included), and the best k finished ones are kept; the first k others are
// the live beams of the next step. A sentence stops:
//   - with earlyStopping, once it has k finished hypotheses (fairseq's rule,
//     Hugging Face's early_stopping=True);
//   - without it, once it has k finished hypotheses and the best live beam,
//     scored at its current length (logProb / len^alpha), is no better than
//     the worst of them (Hugging Face's early_stopping=False: a bound that
//     assumes longer beams only lose);
//   - at its length limit, where the first k continuations of the last step
//     count as finished as they stand.
//
// The best finished hypothesis wins. With k = 1 this is greedy search.
func beamSearch(ctx context.Context, st stepper, k int, start, eos int64, limits []int, alpha float64, earlyStopping bool) ([]Hypothesis, error) {
	n := st.rows()
	out := make([]Hypothesis, n)
	beams := make([][]beamHyp, n)       // live beams per sentence
	finished := make([][]Hypothesis, n) // best k finished, best first
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
	tokens := slices.Repeat([]int64{start}, n*k)
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
			cands := topCandidates(beams[s], logits, lp[:V], li*k, 2*k)
			cur := len(beams[s][0].tokens) + 1
			atLimit := cur >= limits[s]
			var nb []beamHyp
			var nbRows []int
			for rank, c := range cands {
				h := beams[s][c.beam]
				toks := append(append([]int64(nil), h.tokens...), int64(c.token))
				if int64(c.token) == eos || atLimit {
					if rank < k {
						finished[s] = addFinished(finished[s], Hypothesis{Tokens: toks, LogProb: c.score, Score: lengthNorm(c.score, len(toks), alpha)}, k)
					}
					continue
				}
				if len(nb) < k {
					nb = append(nb, beamHyp{toks, c.score})
					nbRows = append(nbRows, li*k+c.beam)
				}
			}
			if len(nb) == 0 || len(finished[s]) >= k && (earlyStopping || !canImprove(nb[0], finished[s][k-1], alpha)) {
				out[s] = finished[s][0]
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

// topCandidates returns the m best continuations of the live beams (rows
// row0, row0+1, … of logits), best first: summed log-probability, then
// lower beam, then lower token. lp is scratch space of the vocabulary's size.
func topCandidates(beams []beamHyp, logits []float32, lp []float64, row0, m int) []candidate {
	V := len(lp)
	cands := make([]candidate, 0, m+1)
	for b, h := range beams {
		r := row0 + b
		logSoftmax(lp, logits[r*V:(r+1)*V])
		for t := 0; t < V; t++ {
			c := candidate{score: h.logProb + lp[t], beam: b, token: t}
			if len(cands) < m {
				cands = append(cands, c)
				if len(cands) == m {
					sort.Slice(cands, func(i, j int) bool { return cands[i].better(cands[j]) })
				}
				continue
			}
			if !c.better(cands[m-1]) {
				continue
			}
			// Insert in order, dropping the last.
			p := sort.Search(m, func(i int) bool { return c.better(cands[i]) })
			copy(cands[p+1:], cands[p:m-1])
			cands[p] = c
		}
	}
	if len(cands) < m {
		sort.Slice(cands, func(i, j int) bool { return cands[i].better(cands[j]) })
	}
	return cands
}

// addFinished inserts h into the finished hypotheses hs (best score first)
// and keeps the best k; a later hypothesis does not displace an equal one.
func addFinished(hs []Hypothesis, h Hypothesis, k int) []Hypothesis {
	p := sort.Search(len(hs), func(i int) bool { return h.Score > hs[i].Score })
	if p >= k {
		return hs
	}
	hs = append(hs, Hypothesis{})
	copy(hs[p+1:], hs[p:])
	hs[p] = h
	if len(hs) > k {
		hs = hs[:k]
	}
	return hs
}

// canImprove is Hugging Face's bound for early_stopping=False: the best live
// beam, scored as if it finished at its current length, beats the worst
// kept finished hypothesis.
func canImprove(best beamHyp, worst Hypothesis, alpha float64) bool {
	return lengthNorm(best.logProb, len(best.tokens), alpha) > worst.Score
}
