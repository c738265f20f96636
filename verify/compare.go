package verify

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// LogitDiff is the largest difference between two models' logits under
// teacher forcing on the same target ids.
type LogitDiff struct {
	// Max is the largest |a − b| over all sentences, positions and ids.
	Max float64 `json:"max_abs"`
	// Sentence and Position (1-based sentence, 0-based target position)
	// locate Max; Token is the vocabulary id there.
	Sentence int   `json:"sentence"`
	Position int   `json:"position"`
	Token    int64 `json:"token"`
	// MeanMax is the mean over positions of the per-position largest
	// difference.
	MeanMax float64 `json:"mean_max_abs"`
	// ArgmaxAgree is the share of positions where both models rank the
	// same id first.
	ArgmaxAgree float64 `json:"argmax_agree"`
	// Positions is the number of positions compared.
	Positions int `json:"positions"`
	// NonFinite counts logits where either model gave NaN or ±∞ (Max is
	// then the largest float64).
	NonFinite int `json:"non_finite,omitempty"`
}

// CompareLogits feeds both models the same sources and targets (the
// decoder reads [start] + target) and compares the logits of the positions
// that predict the target ids. Both models must have the same vocabulary and
// decoder start id.
func CompareLogits(ctx context.Context, a, b *Model, src, tgt [][]int64, batch int) (*LogitDiff, error) {
	return compareLogits(ctx, a, b, src, tgt, func(m *Model, s, t [][]int64) ([][]float32, int, error) {
		return m.ForcedLogits(ctx, s, t, batch)
	}, batch)
}

// CompareStepLogits is CompareLogits with the logits of step-by-step
// decoding (ForcedStepLogits): with the key/value cache, this checks the
// cached decoders (decoder_with_past, the merged decoder's cache branch).
func CompareStepLogits(ctx context.Context, a, b *Model, src, tgt [][]int64, batch int) (*LogitDiff, error) {
	return compareLogits(ctx, a, b, src, tgt, func(m *Model, s, t [][]int64) ([][]float32, int, error) {
		return m.ForcedStepLogits(ctx, s, t, batch, true)
	}, batch)
}

type logitsFunc func(m *Model, src, tgt [][]int64) ([][]float32, int, error)

func compareLogits(ctx context.Context, a, b *Model, src, tgt [][]int64, logits logitsFunc, batch int) (*LogitDiff, error) {
	if len(src) != len(tgt) {
		return nil, fmt.Errorf("verify: %d sources and %d targets", len(src), len(tgt))
	}
	if a.Specials.DecoderStart != b.Specials.DecoderStart {
		return nil, fmt.Errorf("verify: decoder start ids differ (%d vs %d)", a.Specials.DecoderStart, b.Specials.DecoderStart)
	}
	d := &LogitDiff{}
	agree := 0
	var sumMax float64
	// Chunks keep both models' logits of only a few batches in memory.
	chunk := max(batch, 1) * 4
	for lo := 0; lo < len(src); lo += chunk {
		hi := min(lo+chunk, len(src))
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		la, va, err := logits(a, src[lo:hi], tgt[lo:hi])
		if err != nil {
			return nil, err
		}
		lb, vb, err := logits(b, src[lo:hi], tgt[lo:hi])
		if err != nil {
			return nil, err
		}
		if va != vb {
			return nil, fmt.Errorf("verify: vocabularies differ: %d vs %d logits", va, vb)
		}
		V := va
		for i := range la {
			n := len(tgt[lo+i])
			for p := 0; p < n; p++ {
				ra, rb := la[i][p*V:(p+1)*V], lb[i][p*V:(p+1)*V]
				pm := 0.0
				for k := range ra {
					x := math.Abs(float64(ra[k]) - float64(rb[k]))
					if math.IsNaN(x) || math.IsInf(x, 0) {
						// JSON has no NaN or ∞: the largest float stands
						// for a non-finite difference.
						x = math.MaxFloat64
						d.NonFinite++
					}
					pm = max(pm, x)
					if x > d.Max {
						d.Max, d.Sentence, d.Position, d.Token = x, lo+i+1, p, int64(k)
					}
				}
				sumMax += pm
				if argmax(ra) == argmax(rb) {
					agree++
				}
				d.Positions++
			}
		}
	}
	if d.Positions > 0 {
		d.MeanMax = sumMax / float64(d.Positions)
		d.ArgmaxAgree = float64(agree) / float64(d.Positions)
	}
	return d, nil
}

// Identical counts the sentences whose token sequences are equal.
func Identical(a, b []Hypothesis) int {
	n := 0
	for i := range min(len(a), len(b)) {
		if slices.Equal(a[i].Tokens, b[i].Tokens) {
			n++
		}
	}
	return n
}

// Equivalence is the result of the head-surgery oracle: the gated model
// with 0/1 gates and the pruned model give the same outputs.
type Equivalence struct {
	// Gated names the gated model and the decision compared.
	Gated string `json:"gated"`
	// MaxAbsDiff is the largest output difference seen.
	MaxAbsDiff float64 `json:"max_abs_diff"`
	// Tolerance is the bound the check used.
	Tolerance float64 `json:"tolerance"`
	// Passed is MaxAbsDiff ≤ Tolerance.
	Passed bool `json:"passed"`
	// Note says what was fed (batch sizes, lengths).
	Note string `json:"note,omitempty"`
}
