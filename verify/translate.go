package verify

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
)

// SearchOptions configure Translate.
type SearchOptions struct {
	// Beam is the number of beams per sentence; 1 or less is greedy search.
	Beam int `json:"beam"`
	// LengthPenalty is α of the length normalisation logProb / len^α that
	// ranks finished beam hypotheses (Hugging Face's length_penalty, fairseq's
	// --lenpen; 0 ranks by log-probability alone).
	LengthPenalty float64 `json:"length_penalty"`
	// EarlyStopping has Hugging Face's meaning for beam search: true stops a
	// sentence as soon as it has Beam finished hypotheses; false (Hugging
	// Face's default) goes on until no live beam, scored at its current
	// length, beats the worst of the Beam best finished ones.
	EarlyStopping bool `json:"early_stopping"`
	// MaxLen caps the generated tokens per sentence, EOS included (0: no
	// fixed cap).
	MaxLen int `json:"max_len"`
	// MaxLenA and MaxLenB give each sentence the limit
	// ceil(MaxLenA·len(source) + MaxLenB) (both 0: none). The limit used is
	// the smallest of these, MaxLen and the model's maximum positions; there
	// must be one.
	MaxLenA float64 `json:"max_len_a"`
	MaxLenB int     `json:"max_len_b"`
	// Batch is the number of sentences decoded together (0 means 1). Sources
	// are sorted by length first; a model without a source mask batches
	// only sources of equal length, so padding never changes a result.
	Batch int `json:"batch"`
	// NoCache decodes without past key/values even when the model has them:
	// every step runs the decoder on the whole prefix.
	NoCache bool `json:"no_cache"`
	// Scores makes greedy search fill each hypothesis's LogProb and Score
	// (beam search always does). Off, they stay 0: the log-softmax
	// normaliser takes one exp per vocabulary entry, row and step, which
	// for an 8,000-token vocabulary costs about 70 µs a row, as much at
	// batch 32 as the decoder step itself, and nothing greedy decides
	// depends on it.
	Scores bool `json:"scores,omitempty"`
	// Progress, when set, is called after each batch with the number of
	// sentences done and the total.
	Progress func(done, total int) `json:"-"`
}

// DefaultSearch returns greedy search with the limit 1.5·len(source)+10,
// capped at 256 tokens, in batches of 16; beam search, when asked for, with
// length penalty 1 and without early stopping (Hugging Face's defaults).
func DefaultSearch() SearchOptions {
	return SearchOptions{Beam: 1, LengthPenalty: 1, MaxLen: 256, MaxLenA: 1.5, MaxLenB: 10, Batch: 16}
}

// Validate reports options that cannot be used.
func (o SearchOptions) Validate() error {
	switch {
	case o.Beam < 0:
		return fmt.Errorf("verify: beam size %d < 0", o.Beam)
	case o.MaxLen < 0 || o.MaxLenB < 0 || o.MaxLenA < 0 || math.IsNaN(o.MaxLenA) || math.IsInf(o.MaxLenA, 0):
		return fmt.Errorf("verify: length limits must be finite and >= 0 (max-len %d, a %g, b %d)", o.MaxLen, o.MaxLenA, o.MaxLenB)
	case o.Batch < 0:
		return fmt.Errorf("verify: batch size %d < 0", o.Batch)
	case math.IsNaN(o.LengthPenalty) || math.IsInf(o.LengthPenalty, 0):
		return fmt.Errorf("verify: length penalty %g is not finite", o.LengthPenalty)
	}
	return nil
}

// limit returns the generation limit of a source of n ids. A features
// source has no length in tokens: MaxLen and the model's positions bound it.
func (m *Model) limit(o SearchOptions, n int) (int, error) {
	l := math.MaxInt
	if o.MaxLen > 0 {
		l = o.MaxLen
	}
	if (o.MaxLenA > 0 || o.MaxLenB > 0) && m.Features == nil {
		l = min(l, int(math.Ceil(o.MaxLenA*float64(n)))+o.MaxLenB)
	}
	if m.MaxPositions > 0 {
		// The decoder reads the start id and every token but the last
		// while generating, and all of them when teacher-forced.
		l = min(l, m.MaxPositions-1)
	}
	if l == math.MaxInt {
		return 0, fmt.Errorf("verify: no length limit: set MaxLen or MaxLenA/MaxLenB")
	}
	return max(l, 1), nil
}

// batches orders sentence indices by source length (longest first, stable)
// and cuts them into batches of at most size; with sameLen a batch holds
// sources of one length only.
func batches(src [][]int64, size int, sameLen bool) [][]int {
	order := make([]int, len(src))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return len(src[order[a]]) > len(src[order[b]]) })
	var out [][]int
	var cur []int
	for _, i := range order {
		if len(cur) > 0 && (len(cur) >= size || (sameLen && len(src[cur[0]]) != len(src[i]))) {
			out = append(out, cur)
			cur = nil
		}
		cur = append(cur, i)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// Translate decodes the source id sequences (framed as the model expects,
// e.g. ending in EOS) and returns one hypothesis per source, in order.
// When ctx is cancelled it stops between decoder steps and returns the
// hypotheses finished so far (the others have nil Tokens; a finished one has
// at least one token) with ctx's error.
func (m *Model) Translate(ctx context.Context, src [][]int64, o SearchOptions) ([]Hypothesis, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	out := make([]Hypothesis, len(src))
	for i, s := range src {
		if len(s) == 0 {
			return nil, fmt.Errorf("verify: source %d has no ids", i+1)
		}
	}
	size := max(o.Batch, 1)
	done := 0
	for _, b := range batches(src, size, !m.hasSourceMask()) {
		rows := make([][]int64, len(b))
		limits := make([]int, len(b))
		for j, i := range b {
			rows[j] = src[i]
			l, err := m.limit(o, len(src[i]))
			if err != nil {
				return nil, err
			}
			limits[j] = l
		}
		hyps, err := m.translateBatch(ctx, rows, limits, o)
		if err != nil {
			return out, err
		}
		for j, i := range b {
			out[i] = hyps[j]
		}
		done += len(b)
		if o.Progress != nil {
			o.Progress(done, len(src))
		}
	}
	return out, nil
}

func (m *Model) translateBatch(ctx context.Context, rows [][]int64, limits []int, o SearchOptions) ([]Hypothesis, error) {
	e, err := m.encode(ctx, rows)
	if err != nil {
		return nil, err
	}
	st := m.newStepper(e, !o.NoCache)
	if o.Beam <= 1 {
		return greedy(ctx, st, m.Specials.DecoderStart, m.Specials.Eos, limits, o.LengthPenalty, o.Scores)
	}
	return beamSearch(ctx, st, o.Beam, m.Specials.DecoderStart, m.Specials.Eos, limits, o.LengthPenalty, o.EarlyStopping)
}

// ForcedLogits runs the model under teacher forcing: for each source, the
// decoder reads [decoder start] + target and the logits of every position
// are returned, row i as len(target_i)+1 consecutive vocab-sized slices.
// Sources and targets are batched as Translate batches them.
func (m *Model) ForcedLogits(ctx context.Context, src, tgt [][]int64, batch int) ([][]float32, int, error) {
	if len(src) != len(tgt) {
		return nil, 0, fmt.Errorf("verify: %d sources and %d targets", len(src), len(tgt))
	}
	out := make([][]float32, len(src))
	vocab := 0
	for _, b := range batches(src, max(batch, 1), !m.hasSourceMask()) {
		rows := make([][]int64, len(b))
		prefix := make([][]int64, len(b))
		for j, i := range b {
			rows[j] = src[i]
			prefix[j] = append([]int64{m.Specials.DecoderStart}, tgt[i]...)
		}
		e, err := m.encode(ctx, rows)
		if err != nil {
			return out, vocab, err
		}
		t, keep := padRows(prefix, m.Specials.Pad)
		logits, err := m.fullLogits(e, t, keep)
		if err != nil {
			return out, vocab, err
		}
		var lf []float32
		if logits != nil {
			lf = logits.Float32s()
		}
		if lf == nil || len(logits.Shape) != 3 || logits.Shape[0] != int64(len(b)) || logits.Shape[1] != t.Shape[1] {
			return out, vocab, fmt.Errorf("verify: %s: logits %v for targets %v", m, logits, t.Shape)
		}
		T, V := int(logits.Shape[1]), int(logits.Shape[2])
		vocab = V
		for j, i := range b {
			n := len(prefix[j])
			out[i] = slices.Clone(lf[j*T*V : (j*T+n)*V])
		}
	}
	return out, vocab, nil
}

// ForcedStepLogits is ForcedLogits computed the way decoding runs: step by
// step, with the key/value cache when the model has one (and cache is set),
// feeding [decoder start] + target one token at a time. Rows shorter than
// the batch's longest are fed pad ids past their end, whose logits are
// dropped.
func (m *Model) ForcedStepLogits(ctx context.Context, src, tgt [][]int64, batch int, cache bool) ([][]float32, int, error) {
	if len(src) != len(tgt) {
		return nil, 0, fmt.Errorf("verify: %d sources and %d targets", len(src), len(tgt))
	}
	out := make([][]float32, len(src))
	vocab := 0
	for _, b := range batches(src, max(batch, 1), !m.hasSourceMask()) {
		rows := make([][]int64, len(b))
		T := 0
		for j, i := range b {
			rows[j] = src[i]
			T = max(T, len(tgt[i])+1)
		}
		e, err := m.encode(ctx, rows)
		if err != nil {
			return out, vocab, err
		}
		st := m.newStepper(e, cache)
		tokens := make([]int64, len(b))
		for p := 0; p < T; p++ {
			for j, i := range b {
				switch {
				case p == 0:
					tokens[j] = m.Specials.DecoderStart
				case p-1 < len(tgt[i]):
					tokens[j] = tgt[i][p-1]
				default:
					tokens[j] = m.Specials.Pad
				}
			}
			logits, V, err := st.step(ctx, tokens)
			if err != nil {
				return out, vocab, err
			}
			vocab = V
			for j, i := range b {
				if p <= len(tgt[i]) {
					out[i] = append(out[i], logits[j*V:(j+1)*V]...)
				}
			}
		}
	}
	return out, vocab, nil
}
