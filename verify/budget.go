package verify

import (
	"context"
	"fmt"
	"slices"
	"strings"

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

// TimeModel is what the dense model's greedy decoding takes per generated
// token at one batch size, measured, and what cutting a unit saves of it.
// The dense time splits into the encoder runs, the decoder steps and the
// loop around them (picking tokens, moving rows), which no cut changes. A
// cut saves, in each part, PerFLOP times the FLOPs it removes there, and a
// removed sublayer PerSublayer more: the per-node work of the nodes it takes
// with it, which thinning heads and neurons leaves.
type TimeModel struct {
	Batch     int     `json:"batch"`
	EncoderMs float64 `json:"encoder_ms_per_token"`
	StepMs    float64 `json:"step_ms_per_token"`
	LoopMs    float64 `json:"loop_ms_per_token"`
	// EncoderPerFLOP and StepPerFLOP are milliseconds per FLOP (both per
	// generated token), measured by cutting the first half of every gated
	// block's heads and FFN's neurons (the dense part's time over its FLOPs
	// when that cut saves nothing measurable).
	EncoderPerFLOP float64 `json:"encoder_ms_per_flop"`
	StepPerFLOP    float64 `json:"step_ms_per_flop"`
	// EncoderPerSublayer and StepPerSublayer are what removing one gated
	// sublayer of the part saves beyond its FLOPs, measured by removing
	// every gated sublayer (0 without sublayer gates); where that cut saved
	// less than its FLOPs at the per-FLOP rate, the rate is lowered to the
	// cut's instead, so that the model predicts the cut as measured.
	EncoderPerSublayer float64 `json:"encoder_ms_per_sublayer"`
	StepPerSublayer    float64 `json:"step_ms_per_sublayer"`
}

// Dense is the dense model's time per generated token.
func (t *TimeModel) Dense() float64 { return t.EncoderMs + t.StepMs + t.LoopMs }

// Saved is the time per generated token that a cut saving c saves (a whole
// sublayer when sublayer is set).
func (t *TimeModel) Saved(c Cost, sublayer bool) float64 {
	ms := t.EncoderPerFLOP*c.EncoderFLOPs + t.StepPerFLOP*(c.FLOPs-c.EncoderFLOPs)
	switch {
	case sublayer && c.EncoderFLOPs > 0:
		ms += t.EncoderPerSublayer
	case sublayer:
		ms += t.StepPerSublayer
	}
	return ms
}

// partTimes are one model's medians of an encoder run and a decoder step,
// in milliseconds.
type partTimes struct {
	encoder, step float64
	bench         *BenchBatch
}

// timeParts times the model at paths (opened with mo) on src at batch size
// batch: 2 warm-up and 10 timed runs of 16 sentences, as verify's speed
// runs time them.
func timeParts(ctx context.Context, paths []string, mo ModelOptions, src [][]int64, batch, stepPast int) (*partTimes, error) {
	m, err := OpenModel(paths, mo)
	if err != nil {
		return nil, err
	}
	defer m.Close()
	o := BenchOptions{Batches: []int{batch}, Warmup: 2, Repeats: 10, StepPast: stepPast, Sentences: 16, Search: DefaultSearch()}
	b, err := m.Benchmark(ctx, src, o, "", 0)
	if err != nil {
		return nil, err
	}
	r := &b.Batches[0]
	t := &partTimes{step: r.Step.Median, bench: r}
	if r.Encoder != nil {
		t.encoder = r.Encoder.Median
	}
	return t, nil
}

// MeasureTimeModel times the dense model at paths (opened with ts.Model)
// on ts.Src at batch size batch, then two cut copies made by meter: the
// first half of every gated block's heads and FFN's units cut, and every
// gated sublayer removed (when units lists some). units are the gate units
// (gatetrain.GateInput.Head names) and sublayer says which are sublayers.
func MeasureTimeModel(ctx context.Context, meter *CostMeter, paths []string, ts TimeSource, batch int, units []string, sublayer []bool) (*TimeModel, error) {
	if len(ts.Src) == 0 {
		return nil, fmt.Errorf("verify: a time budget needs source sentences to time the model on")
	}
	batch = max(batch, 1)
	stepPast := meter.Shape.TgtLen / 2
	dense, err := timeParts(ctx, paths, ts.Model, ts.Src, batch, stepPast)
	if err != nil {
		return nil, err
	}
	r := dense.bench
	if r.Tokens == 0 || r.Sentence.Median <= 0 {
		return nil, fmt.Errorf("verify: timing the dense model: no tokens generated")
	}
	// Per generated token: the encoder runs PerRun times a timed run,
	// which generates Tokens tokens; a step generates a token a row.
	encTok, stepTok := float64(r.PerRun)/float64(r.Tokens), 1/float64(r.Batch)
	t := &TimeModel{Batch: batch, EncoderMs: dense.encoder * encTok, StepMs: dense.step * stepTok}
	t.LoopMs = max(0, r.Sentence.Median/float64(r.Tokens)-t.EncoderMs-t.StepMs)
	d := meter.Dense
	if d.EncoderFLOPs > 0 {
		t.EncoderPerFLOP = t.EncoderMs / d.EncoderFLOPs
	}
	if d.FLOPs > d.EncoderFLOPs {
		t.StepPerFLOP = t.StepMs / (d.FLOPs - d.EncoderFLOPs)
	}
	// timeCut times the copy without the units of spec and returns what it
	// saves in FLOPs and in each part's milliseconds per token.
	timeCut := func(spec string) (Cost, float64, float64, error) {
		saved, copies, err := meter.cut(spec, true)
		if err != nil {
			return Cost{}, 0, 0, err
		}
		defer func() {
			for _, l := range copies {
				l.Model.Close()
			}
		}()
		mo := ts.Model
		mo.Loaded = copies
		cut, err := timeParts(ctx, paths, mo, ts.Src, batch, stepPast)
		if err != nil {
			return Cost{}, 0, 0, err
		}
		return saved, (dense.encoder - cut.encoder) * encTok, (dense.step - cut.step) * stepTok, nil
	}
	var half, subs []string
	taken := map[string]int{}
	count := map[string]int{}
	for i, u := range units {
		if !sublayer[i] {
			count[unitGroup(u)]++
		}
	}
	for i, u := range units {
		switch g := unitGroup(u); {
		case sublayer[i]:
			subs = append(subs, u)
		case taken[g] < count[g]/2:
			taken[g]++
			half = append(half, u)
		}
	}
	if len(half) > 0 {
		c, enc, step, err := timeCut(strings.Join(half, ","))
		if err != nil {
			return nil, err
		}
		if enc > 0 && c.EncoderFLOPs > 0 {
			t.EncoderPerFLOP = enc / c.EncoderFLOPs
		}
		if step > 0 && c.FLOPs > c.EncoderFLOPs {
			t.StepPerFLOP = step / (c.FLOPs - c.EncoderFLOPs)
		}
	}
	// fit makes a part's rates account for the measured saving of a cut
	// removing n sublayers and flops FLOPs of the part: what the FLOPs do
	// not explain is the sublayers' own time, and where the FLOPs at the
	// measured rate would save more than the cut did, the rate comes down
	// to the cut's (the model never predicts a cut below its measurement,
	// nor a part below zero time).
	fit := func(perFLOP, perSublayer *float64, saved, flops float64, n int) {
		if *perFLOP*flops > saved && flops > 0 {
			*perFLOP = max(0, saved) / flops
		}
		if n > 0 {
			*perSublayer = max(0, saved-*perFLOP*flops) / float64(n)
		}
	}
	// The budget adds up what each unit saves, so the rates are fitted to
	// the sums of the units' own FLOPs, which in a single graph exceed the
	// joint cut's where removing cross-attention leaves the encoder dead.
	if len(subs) > 0 {
		var nEnc, nStep int
		var sum Cost
		for _, u := range subs {
			c, err := meter.UnitCost(u)
			if err != nil {
				return nil, err
			}
			if c.EncoderFLOPs > 0 {
				nEnc++
			} else {
				nStep++
			}
			sum.FLOPs += c.FLOPs
			sum.EncoderFLOPs += c.EncoderFLOPs
		}
		_, enc, step, err := timeCut(strings.Join(subs, ","))
		if err != nil {
			return nil, err
		}
		fit(&t.EncoderPerFLOP, &t.EncoderPerSublayer, enc, sum.EncoderFLOPs, nEnc)
		fit(&t.StepPerFLOP, &t.StepPerSublayer, step, sum.FLOPs-sum.EncoderFLOPs, nStep)
	} else if len(units) > 0 {
		// Without sublayer gates no cut removes a part's every unit; closing
		// them all may save at most the part's whole time.
		var sum Cost
		for _, u := range units {
			c, err := meter.UnitCost(u)
			if err != nil {
				return nil, err
			}
			sum.FLOPs += c.FLOPs
			sum.EncoderFLOPs += c.EncoderFLOPs
		}
		fit(&t.EncoderPerFLOP, &t.EncoderPerSublayer, t.EncoderMs, sum.EncoderFLOPs, 0)
		fit(&t.StepPerFLOP, &t.StepPerSublayer, t.StepMs, sum.FLOPs-sum.EncoderFLOPs, 0)
	}
	return t, nil
}

// unitGroup is the block or FFN a head or FFN unit belongs to: its name
// without the last field.
func unitGroup(unit string) string {
	i := strings.LastIndex(unit, ":")
	if i < 0 {
		return unit
	}
	return unit[:i]
}

// MeasureBudgets makes the budgets of bt for the gate units of gates (as
// gatetrain.FindGates lists them), in the order parameters, FLOPs, time:
// what closing each saves is measured by cutting it from the ungated model
// files (CostMeter at shape), and each head and FFN unit is tied to the
// gated sublayer holding it. A unit's time is what the measured TimeModel
// (MeasureTimeModel with ts, at bt.TimeBatch) says cutting it saves; the
// time model is returned too (nil without a time budget). A target that
// closing every unit cannot reach is an error. loaded are the files the
// caller has in memory (NewCostMeter).
func MeasureBudgets(ctx context.Context, bt BudgetTarget, paths, allowDirs []string, loaded map[string]*LoadedFile, gates []gatetrain.GateInput, shape FLOPShape, ts TimeSource) ([]*gatetrain.Budget, *TimeModel, error) {
	// A target that is not a number or a percentage is refused before
	// anything is measured.
	for _, t := range []struct{ flag, value string }{{"target-params", bt.Params}, {"target-flops", bt.FLOPs}, {"target-time", bt.Time}} {
		if err := gatetrain.CheckBudgetText(t.value); t.value != "" && err != nil {
			return nil, nil, fmt.Errorf("%s: %w", t.flag, err)
		}
	}
	meter, err := NewCostMeter(paths, allowDirs, shape, true, loaded)
	if err != nil {
		return nil, nil, err
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
				return nil, nil, err
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
	var tm *TimeModel
	add := func(flag, target, what string, dense float64, saved func(i int, c Cost) float64) error {
		if target == "" {
			return nil
		}
		b := &gatetrain.Budget{What: what, Dense: dense, Parent: parents}
		var err error
		if b.Target, err = gatetrain.ParseBudget(target, dense); err != nil {
			return fmt.Errorf("%s: %w", flag, err)
		}
		for i, c := range costs {
			b.Saved = append(b.Saved, saved(i, c))
		}
		if floor := b.Kept(make([]float64, len(b.Saved)), nil); floor > b.Target {
			return fmt.Errorf("the %s target %.4g is out of reach: closing every gated unit leaves %.4g of %.4g (gate more structures)", b.What, b.Target, floor, b.Dense)
		}
		out = append(out, b)
		return nil
	}
	if err := add("target-params", bt.Params, "params", float64(meter.Dense.Params), func(_ int, c Cost) float64 { return float64(c.Params) }); err != nil {
		return nil, nil, err
	}
	if err := add("target-flops", bt.FLOPs, "FLOPs/token", meter.Dense.FLOPs, func(_ int, c Cost) float64 { return c.FLOPs }); err != nil {
		return nil, nil, err
	}
	if bt.Time != "" {
		var units []string
		var isSub []bool
		for _, gi := range gates {
			for h := 0; h < gi.Heads; h++ {
				units = append(units, gi.Head(h))
				isSub = append(isSub, gi.Structure == structures.GateSublayer)
			}
		}
		tm, err = MeasureTimeModel(ctx, meter, paths, ts, bt.TimeBatch, units, isSub)
		if err != nil {
			return nil, nil, err
		}
		what := fmt.Sprintf("ms/token at batch %d", tm.Batch)
		if err := add("target-time", bt.Time, what, tm.Dense(), func(i int, c Cost) float64 { return tm.Saved(c, isSub[i]) }); err != nil {
			return nil, nil, err
		}
	}
	return out, tm, nil
}
