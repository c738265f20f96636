package verify

import (
	"context"
	"fmt"
	"slices"

	"onnxprune/gatetrain"
	"onnxprune/graphedit/structures"
)

// CorpusShape is the call a budget's FLOPs are counted at: one sentence of
// the corpus's median source and target lengths.
func CorpusShape(c *gatetrain.Corpus) FLOPShape {
	var src, tgt []int
	for _, p := range c.Pairs {
		src = append(src, len(p.Src))
		tgt = append(tgt, len(p.Tgt))
	}
	med := func(x []int) int {
		if len(x) == 0 {
			return 1
		}
		slices.Sort(x)
		return max(1, x[len(x)/2])
	}
	return FLOPShape{Batch: 1, SrcLen: med(src), TgtLen: med(tgt)}
}

// BudgetTarget asks for parameter, FLOP and time budgets: each a count (of
// parameters, FLOPs per generated token, milliseconds per generated token)
// or a percentage of the dense model's ("50%"); any of them may be given,
// together too, and the decision then meets every one.
type BudgetTarget struct {
	Params, FLOPs, Time string
	// TimeBatch is the batch size the time budget is measured at (below 1
	// means 1).
	TimeBatch int
}

// Set reports whether a target is given.
func (b BudgetTarget) Set() bool {
	return b.Params != "" || b.FLOPs != "" || b.Time != ""
}

// TimeSource is what a time budget measures the dense model with: how to
// open it and the source sentences (token ids as Translate takes them) its
// decoding is timed on.
type TimeSource struct {
	Model ModelOptions
	Src   [][]int64
}

// DecodingTime is the dense model's greedy decoding time per generated
// token at one batch size, split into its encoder runs and its decoder
// steps: Benchmark's medians of one encoder run and one decoder step (after
// half the target length), per row, the encoder's spread over the target
// length of the FLOP shape. The loop around the steps (picking tokens,
// moving rows) is left out: no cut changes it.
type DecodingTime struct {
	Batch     int     `json:"batch"`
	EncoderMs float64 `json:"encoder_ms_per_token"`
	StepMs    float64 `json:"step_ms_per_token"`
}

// MeasureDecodingTime times the model at paths (opened with ts.Model) on
// sentences of ts.Src at batch size batch: 2 warm-up and 10 timed runs of
// 16 sentences, as verify's speed runs time them.
func MeasureDecodingTime(ctx context.Context, paths []string, ts TimeSource, batch int, shape FLOPShape) (*DecodingTime, error) {
	if len(ts.Src) == 0 {
		return nil, fmt.Errorf("verify: a time budget needs source sentences to time the model on")
	}
	batch = max(batch, 1)
	m, err := OpenModel(paths, ts.Model)
	if err != nil {
		return nil, err
	}
	defer m.Close()
	o := BenchOptions{Batches: []int{batch}, Warmup: 2, Repeats: 10, StepPast: shape.TgtLen / 2, Sentences: 16, Search: DefaultSearch()}
	b, err := m.Benchmark(ctx, ts.Src, o, "", 0)
	if err != nil {
		return nil, err
	}
	r := b.Batches[0]
	t := &DecodingTime{Batch: batch, StepMs: r.Step.Median / float64(r.Batch)}
	if r.Encoder != nil {
		t.EncoderMs = r.Encoder.Median / float64(r.Batch*max(shape.TgtLen, 1))
	}
	return t, nil
}

// MeasureBudgets makes the budgets of bt for the gate units of gates (as
// gatetrain.FindGates lists them), in the order parameters, FLOPs, time:
// what closing each saves is measured by cutting it from the ungated model
// files (CostMeter at shape), and each head and FFN unit is tied to the
// gated sublayer holding it. A unit's time is the FLOPs it saves in the
// encoder and in the decoder step, each part's FLOPs weighed by that part's
// measured time per FLOP on the dense model (MeasureDecodingTime with ts,
// at bt.TimeBatch). A target that closing every unit cannot reach is an
// error. loaded are the files the caller has in memory (NewCostMeter).
func MeasureBudgets(ctx context.Context, bt BudgetTarget, paths, allowDirs []string, loaded map[string]*LoadedFile, gates []gatetrain.GateInput, shape FLOPShape, ts TimeSource) ([]*gatetrain.Budget, error) {
	meter, err := NewCostMeter(paths, allowDirs, shape, true, loaded)
	if err != nil {
		return nil, err
	}
	defer meter.Close()
	sublayer := map[string]int{}
	n := 0
	for _, gi := range gates {
		for h := 0; h < gi.Heads; h++ {
			if gi.Structure == structures.GateSublayer {
				sublayer[gi.Head(h)] = n
			}
			n++
		}
	}
	parentOf := func(name string) int {
		if i, ok := sublayer[name]; ok {
			return i
		}
		return -1
	}
	var costs []Cost
	var parents []int
	for _, gi := range gates {
		for h := 0; h < gi.Heads; h++ {
			c, err := meter.UnitCost(gi.Head(h))
			if err != nil {
				return nil, err
			}
			parent := -1
			switch gi.Structure {
			case "":
				parent = parentOf("sublayer:" + structures.BlockSublayer(gi.Kind, gi.Layer))
			case structures.GateFFN:
				parent = parentOf("sublayer:" + gi.Key + ":" + string(structures.PartFFN))
			}
			costs = append(costs, c)
			parents = append(parents, parent)
		}
	}
	var out []*gatetrain.Budget
	add := func(flag, target, what string, dense float64, saved func(Cost) float64) error {
		if target == "" {
			return nil
		}
		b := &gatetrain.Budget{What: what, Dense: dense, Parent: parents}
		var err error
		if b.Target, err = gatetrain.ParseBudget(target, dense); err != nil {
			return fmt.Errorf("%s: %w", flag, err)
		}
		for _, c := range costs {
			b.Saved = append(b.Saved, saved(c))
		}
		if floor := b.Kept(make([]float64, len(b.Saved)), nil); floor > b.Target {
			return fmt.Errorf("the %s target %.4g is out of reach: closing every gated unit leaves %.4g of %.4g (gate more structures)", b.What, b.Target, floor, b.Dense)
		}
		out = append(out, b)
		return nil
	}
	if err := add("target-params", bt.Params, "params", float64(meter.Dense.Params), func(c Cost) float64 { return float64(c.Params) }); err != nil {
		return nil, err
	}
	if err := add("target-flops", bt.FLOPs, "FLOPs/token", meter.Dense.FLOPs, func(c Cost) float64 { return c.FLOPs }); err != nil {
		return nil, err
	}
	if bt.Time != "" {
		dt, err := MeasureDecodingTime(ctx, paths, ts, bt.TimeBatch, shape)
		if err != nil {
			return nil, err
		}
		d := meter.Dense
		perFLOP := func(ms, flops float64) float64 {
			if flops <= 0 {
				return 0
			}
			return ms / flops
		}
		enc, dec := perFLOP(dt.EncoderMs, d.EncoderFLOPs), perFLOP(dt.StepMs, d.FLOPs-d.EncoderFLOPs)
		what := fmt.Sprintf("ms/token at batch %d", dt.Batch)
		if err := add("target-time", bt.Time, what, dt.EncoderMs+dt.StepMs, func(c Cost) float64 { return enc*c.EncoderFLOPs + dec*(c.FLOPs-c.EncoderFLOPs) }); err != nil {
			return nil, err
		}
	}
	return out, nil
}
