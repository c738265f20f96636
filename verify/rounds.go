package verify

import (
	"context"
	"fmt"
	"sort"

	"onnxprune/internal/stats"
)

// benchRunner runs one model's benchmark (Config.BenchRunner).
type benchRunner = func(ctx context.Context, job BenchJob) (*Bench, error)

// roundRepeats splits repeats timed runs over rounds (clamped to 1 ..
// repeats), the first rounds taking one run more where they do not divide.
func roundRepeats(repeats, rounds int) []int {
	repeats = max(repeats, 1)
	rounds = min(max(rounds, 1), repeats)
	out := make([]int, rounds)
	for i := range out {
		out[i] = repeats / rounds
		if i < repeats%rounds {
			out[i]++
		}
	}
	return out
}

// roundOrder gives the order in which the two models (0 original, 1 pruned)
// run in round i: original first in even rounds, pruned first in odd ones
// (ABBA…), so that a load that rises or falls through the measurement falls
// on both models alike.
func roundOrder(i int) [2]int {
	if i%2 == 0 {
		return [2]int{0, 1}
	}
	return [2]int{1, 0}
}

// benchRounds times the two models of jobs (original, pruned) interleaved:
// Rounds rounds (jobs[0].Bench.Rounds), each running both jobs in
// roundOrder with its share of the Repeats timed runs, each job a separate
// call of run (a fresh process with the command line's runner). before, when
// set, is called ahead of each call. The rounds' results are merged per
// model by mergeRounds.
func benchRounds(ctx context.Context, run benchRunner, jobs [2]BenchJob, before func(round, rounds, k int)) ([2]*Bench, error) {
	reps := roundRepeats(jobs[0].Bench.Repeats, jobs[0].Bench.Rounds)
	var got [2][]*Bench
	for i, n := range reps {
		for _, k := range roundOrder(i) {
			if err := ctx.Err(); err != nil {
				return [2]*Bench{}, err
			}
			if before != nil {
				before(i, len(reps), k)
			}
			job := jobs[k]
			job.Bench.Repeats, job.Bench.Rounds = n, 1
			b, err := run(ctx, job)
			if err != nil {
				return [2]*Bench{}, fmt.Errorf("%s: round %d of %d: %w", modelNames[k], i+1, len(reps), err)
			}
			got[k] = append(got[k], b)
		}
	}
	var out [2]*Bench
	for k := range out {
		var err error
		if out[k], err = mergeRounds(got[k]); err != nil {
			return [2]*Bench{}, fmt.Errorf("%s: %w", modelNames[k], err)
		}
	}
	return out, nil
}

// modelNames name the two models of a comparison, by index.
var modelNames = [2]string{"original", "pruned"}

// mergeRounds joins one model's benchmarks of several rounds into one: the
// timings are summarized over the runs of all rounds (RoundMedians keeps
// each round's median), tokens/s comes from the merged median, the peak RSS
// is the largest, and the load average spans the first round's start to the
// last round's end. The rounds must have measured the same batches.
func mergeRounds(rounds []*Bench) (*Bench, error) {
	if len(rounds) == 0 {
		return nil, fmt.Errorf("verify: no benchmark rounds")
	}
	first := rounds[0]
	out := *first
	out.Rounds = len(rounds)
	if len(rounds) == 1 {
		return &out, nil
	}
	out.Repeats, out.PeakRSS = 0, 0
	out.LoadAvg[1] = rounds[len(rounds)-1].LoadAvg[1]
	for i, b := range rounds {
		if b == nil {
			return nil, fmt.Errorf("verify: round %d: no benchmark", i+1)
		}
		if len(b.Batches) != len(first.Batches) || b.Provider != first.Provider || b.Cached != first.Cached {
			return nil, fmt.Errorf("verify: round %d measured %d batches on %s (cached %v), round 1 %d on %s (cached %v)",
				i+1, len(b.Batches), b.Provider, b.Cached, len(first.Batches), first.Provider, first.Cached)
		}
		out.Repeats += b.Repeats
		out.PeakRSS = max(out.PeakRSS, b.PeakRSS)
		out.PeakRSSReset = out.PeakRSSReset && b.PeakRSSReset
		out.Isolated = out.Isolated && b.Isolated
	}
	out.Batches = make([]BenchBatch, len(first.Batches))
	for j := range out.Batches {
		bb := first.Batches[j]
		var enc, step, sent []Timing
		for i, b := range rounds {
			x := b.Batches[j]
			if x.Batch != bb.Batch || x.PerRun != bb.PerRun || x.SrcLen != bb.SrcLen || x.StepPast != bb.StepPast || (x.Encoder == nil) != (bb.Encoder == nil) {
				return nil, fmt.Errorf("verify: round %d: batch %d (source length %d, step after %d) differs from round 1's batch %d (%d, %d)",
					i+1, x.Batch, x.SrcLen, x.StepPast, bb.Batch, bb.SrcLen, bb.StepPast)
			}
			if x.Encoder != nil {
				enc = append(enc, *x.Encoder)
			}
			step = append(step, x.Step)
			sent = append(sent, x.Sentence)
		}
		var err error
		if bb.Encoder != nil {
			t, err := mergeTimings(enc)
			if err != nil {
				return nil, fmt.Errorf("verify: batch %d encoder: %w", bb.Batch, err)
			}
			bb.Encoder = &t
		}
		if bb.Step, err = mergeTimings(step); err != nil {
			return nil, fmt.Errorf("verify: batch %d step: %w", bb.Batch, err)
		}
		if bb.Sentence, err = mergeTimings(sent); err != nil {
			return nil, fmt.Errorf("verify: batch %d sentence: %w", bb.Batch, err)
		}
		bb.TokensPerSec = 0
		if bb.Sentence.Median > 0 {
			bb.TokensPerSec = float64(bb.Tokens) / (bb.Sentence.Median / 1000)
		}
		out.Batches[j] = bb
	}
	return &out, nil
}

// mergeTimings summarizes the runs of several rounds' timings as one, with
// each round's median in RoundMedians.
func mergeTimings(ts []Timing) (Timing, error) {
	var all, meds []float64
	for i, t := range ts {
		if len(t.Times) != t.Runs {
			return Timing{}, fmt.Errorf("round %d gives %d run times for %d runs", i+1, len(t.Times), t.Runs)
		}
		all = append(all, t.Times...)
		meds = append(meds, t.Median)
	}
	m := summarize(all)
	m.RoundMedians = meds
	return m, nil
}

// pairedRatio is the median over rounds of a's round median over b's
// (original time / pruned time within the same round), or 0 without
// interleaved rounds on both sides.
func pairedRatio(a, b Timing) float64 {
	if len(a.RoundMedians) < 2 || len(a.RoundMedians) != len(b.RoundMedians) {
		return 0
	}
	var r []float64
	for i := range a.RoundMedians {
		if a.RoundMedians[i] > 0 && b.RoundMedians[i] > 0 {
			r = append(r, a.RoundMedians[i]/b.RoundMedians[i])
		}
	}
	if len(r) != len(a.RoundMedians) {
		return 0
	}
	sort.Float64s(r)
	return stats.Median(r)
}
