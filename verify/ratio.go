package verify

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"

	"onnxprune/internal/stats"
)

// Ratio is one measured speedup (original over pruned, so above 1 means the
// pruned model is faster) with its spread, or the statement that the part
// was not changed by the pruning and so has no speedup to measure.
type Ratio struct {
	// Value is the paired ratio (the median over rounds of each round's
	// ratio of medians) with two or more interleaved rounds, else the
	// ratio of the medians of all runs; 0 when unchanged or not measured.
	Value float64 `json:"value,omitempty"`
	// Low and High bound the spread: with rounds, the smallest and largest
	// round ratio up to 5 rounds, and from 6 rounds on the distribution-free
	// 95% confidence interval of the median round ratio (medianInterval);
	// else the ratio of the original's first quartile to the pruned
	// model's third (Low) and of the third to the first (High).
	Low  float64 `json:"low,omitempty"`
	High float64 `json:"high,omitempty"`
	// Spread names what Low and High are.
	Spread string `json:"spread,omitempty"`
	// Unchanged, when set, says why the pruning left this part as it was
	// (its file byte-identical, or no head removed from it): no ratio is
	// given, as any difference is noise.
	Unchanged string `json:"unchanged,omitempty"`
}

// Significant says whether the spread excludes 1: the two models' speeds
// differ beyond the variation between rounds (or within the runs).
func (r Ratio) Significant() bool {
	return r.Value > 0 && (r.Low > 1 || r.High < 1)
}

// String gives the ratio as the reports print it: "×1.49 (1.32–1.60 over 3
// rounds)", "×0.96 (0.91–1.02, not significant)" or "unchanged (…)".
func (r Ratio) String() string {
	switch {
	case r.Unchanged != "":
		return "unchanged (" + r.Unchanged + ")"
	case r.Value <= 0:
		return "–"
	}
	s := fmt.Sprintf("×%.2f (%.2f–%.2f %s", r.Value, r.Low, r.High, r.Spread)
	if !r.Significant() {
		s += ", not significant"
	}
	return s + ")"
}

// timingRatio compares an original and a pruned timing (times: ratio
// original/pruned). scale multiplies every ratio (tokens/s compares token
// counts too). It is paired over the rounds when both have the same two or
// more round medians, else it is the ratio of medians with the spread of
// the quartiles.
func timingRatio(a, b Timing, scale float64) Ratio {
	if len(a.RoundMedians) >= 2 && len(a.RoundMedians) == len(b.RoundMedians) {
		var rs []float64
		for i := range a.RoundMedians {
			if a.RoundMedians[i] <= 0 || b.RoundMedians[i] <= 0 {
				return Ratio{}
			}
			rs = append(rs, scale*a.RoundMedians[i]/b.RoundMedians[i])
		}
		sort.Float64s(rs)
		lo, hi, conf := medianInterval(rs)
		spread := fmt.Sprintf("over %d rounds", len(rs))
		if len(rs) >= minIntervalRounds {
			spread += fmt.Sprintf(", %.0f%% interval of the median", math.Floor(100*conf))
		}
		return Ratio{Value: stats.Median(rs), Low: lo, High: hi, Spread: spread}
	}
	qa, qb := quartiles(a.Times), quartiles(b.Times)
	if a.Median <= 0 || b.Median <= 0 || qa[0] <= 0 || qb[0] <= 0 {
		return Ratio{}
	}
	return Ratio{Value: scale * a.Median / b.Median, Low: scale * qa[0] / qb[1], High: scale * qa[1] / qb[0],
		Spread: fmt.Sprintf("quartiles of %d and %d runs", len(a.Times), len(b.Times))}
}

// minIntervalRounds is the least number of round ratios whose median has a
// distribution-free interval of 95% coverage narrower than their range.
const minIntervalRounds = 6

// medianInterval gives the distribution-free confidence interval of the
// median of the sorted ratios rs and its coverage: the k-th smallest and
// the k-th largest ratio, k the largest count for which the median lies
// between them with probability at least 95% (each ratio falls below the
// median with probability 1/2, so the coverage is 1 − 2·P(B ≤ k−1), B
// binomial of n = len(rs) and 1/2). Below minIntervalRounds ratios no k
// reaches 95%, and the interval is their range (93.75% for 5, 75% for 3).
// More rounds thus narrow the interval around the median instead of
// widening the range with every outlying round.
func medianInterval(rs []float64) (lo, hi, conf float64) {
	n := len(rs)
	k, cover := 1, 1-2*math.Pow(0.5, float64(n))
	tail := 0.0 // P(B ≤ j−1)
	for j := 1; j <= n/2; j++ {
		tail += binomialHalf(n, j-1)
		if c := 1 - 2*tail; c >= 0.95 {
			k, cover = j, c
		}
	}
	return rs[k-1], rs[n-k], cover
}

// binomialHalf is P(B = i) for B binomial of n trials with probability 1/2.
func binomialHalf(n, i int) float64 {
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x + 1)); return v }
	return math.Exp(lg(n) - lg(i) - lg(n-i) - float64(n)*math.Ln2)
}

// quartiles returns the first and third quartile of xs (the medians of the
// lower and upper halves; both the value itself for one run), or zeros.
func quartiles(xs []float64) [2]float64 {
	n := len(xs)
	if n == 0 {
		return [2]float64{}
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if n == 1 {
		return [2]float64{s[0], s[0]}
	}
	return [2]float64{stats.Median(s[:n/2]), stats.Median(s[(n+1)/2:])}
}

// unchangedParts says which parts of the pruned model the pruning did not
// change, compared with the original's files role by role: enc for the
// encoder, dec for the decoder files (all of them); "" where the part
// changed. A part is unchanged when its files are byte-identical to the
// original's, or when removedIn (the original's files that lose a head;
// nil when the decision is unknown) names none of them. A single-graph
// model has one part, reported as dec.
func unchangedParts(orig, pruned *modelFiles, removedIn map[string]bool) (enc, dec string, err error) {
	if orig.layout != pruned.layout {
		return "", "", nil
	}
	part := func(o, p []*fileInfo) (string, error) {
		if len(o) == 0 || len(o) != len(p) {
			return "", nil
		}
		names := func() string {
			var s string
			for i, f := range o {
				if i > 0 {
					s += ", "
				}
				s += filepath.Base(f.path)
			}
			return s
		}
		same := true
		for i := range o {
			eq, err := sameBytes(o[i], p[i])
			if err != nil {
				return "", err
			}
			same = same && eq
		}
		if same {
			return names() + " byte-identical to the original", nil
		}
		if removedIn == nil {
			return "", nil
		}
		for _, f := range o {
			if removedIn[f.path] {
				return "", nil
			}
		}
		return "no head removed from " + names(), nil
	}
	decFiles := func(m *modelFiles) []*fileInfo {
		var out []*fileInfo
		for _, f := range []*fileInfo{m.single, m.dec, m.decPast, m.merged} {
			if f != nil {
				out = append(out, f)
			}
		}
		return out
	}
	if orig.enc != nil && pruned.enc != nil {
		if enc, err = part([]*fileInfo{orig.enc}, []*fileInfo{pruned.enc}); err != nil {
			return "", "", err
		}
	}
	dec, err = part(decFiles(orig), decFiles(pruned))
	return enc, dec, err
}

// sameBytes says whether two model files hold the same bytes; a file that
// keeps tensors in external data files is never called the same (those
// files are not compared).
func sameBytes(a, b *fileInfo) (bool, error) {
	if a.external || b.external || a.bytes != b.bytes {
		return false, nil
	}
	da, err := os.ReadFile(a.path)
	if err != nil {
		return false, fmt.Errorf("verify: %w", err)
	}
	db, err := os.ReadFile(b.path)
	if err != nil {
		return false, fmt.Errorf("verify: %w", err)
	}
	return bytes.Equal(da, db), nil
}
