package verify

import (
	"context"
	"errors"
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestRoundRepeats(t *testing.T) {
	for _, c := range []struct {
		repeats, rounds int
		want            []int
	}{
		{10, 3, []int{4, 3, 3}},
		{9, 3, []int{3, 3, 3}},
		{2, 2, []int{1, 1}},
		{2, 3, []int{1, 1}}, // more rounds than runs: one run a round
		{5, 0, []int{5}},    // no rounds: one
		{0, 4, []int{1}},    // no runs: one
	} {
		if got := roundRepeats(c.repeats, c.rounds); !reflect.DeepEqual(got, c.want) {
			t.Errorf("roundRepeats(%d, %d) = %v, want %v", c.repeats, c.rounds, got, c.want)
		}
	}
}

// fakeRunner returns a BenchRunner that records which model each call
// timed (by its first file) with its share of the runs, and answers with
// random run times (seeded) for two batch sizes, the pruned model faster.
type fakeRunner struct {
	rng   *rand.Rand
	calls []string
	reps  []int
	// runs keeps each model's answers in call order.
	runs map[string][]*Bench
	// fail makes the call with this index fail.
	fail int
}

func (f *fakeRunner) run(_ context.Context, job BenchJob) (*Bench, error) {
	name := job.Files[0]
	f.calls = append(f.calls, name)
	f.reps = append(f.reps, job.Bench.Repeats)
	if len(f.calls)-1 == f.fail {
		return nil, errors.New("child died")
	}
	scale := 1.0
	if name == "pruned" {
		scale = 0.6
	}
	times := func(base float64) Timing {
		ms := make([]float64, job.Bench.Repeats)
		for i := range ms {
			ms[i] = scale * base * (1 + f.rng.Float64())
		}
		return summarize(ms)
	}
	b := &Bench{Provider: "cpu", Cached: true, Warmup: job.Bench.Warmup, Repeats: job.Bench.Repeats,
		PeakRSS: int64(1000 + f.rng.Intn(1000)), PeakRSSReset: true, Isolated: true,
		LoadAvg: [2]float64{f.rng.Float64(), f.rng.Float64()}}
	for _, bs := range []int{1, 4} {
		enc := times(2 * float64(bs))
		b.Batches = append(b.Batches, BenchBatch{Batch: bs, SrcLen: 7, StepPast: 3, Encoder: &enc,
			Step: times(float64(bs)), Sentence: times(10 * float64(bs)), Tokens: 5 * bs})
	}
	f.runs[name] = append(f.runs[name], b)
	return b, nil
}

// TestBenchRoundsInterleaved: the runner is called round by round in ABBA
// order with the runs split over the rounds, and each merged timing is the
// summary of all rounds' runs, with each round's median kept for the
// paired ratio.
func TestBenchRoundsInterleaved(t *testing.T) {
	const repeats, rounds = 7, 3
	f := &fakeRunner{rng: rand.New(rand.NewSource(41)), runs: map[string][]*Bench{}, fail: -1}
	var jobs [2]BenchJob
	for k, name := range modelNames {
		jobs[k] = BenchJob{Files: []string{name}, Bench: BenchOptions{Warmup: 1, Repeats: repeats, Rounds: rounds}}
	}
	var stages []string
	got, err := benchRounds(context.Background(), f.run, jobs, func(round, n, k int) {
		stages = append(stages, modelNames[k])
		if n != rounds {
			t.Errorf("before: %d rounds, want %d", n, rounds)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	wantCalls := []string{"original", "pruned", "pruned", "original", "original", "pruned"}
	if !reflect.DeepEqual(f.calls, wantCalls) || !reflect.DeepEqual(stages, wantCalls) {
		t.Errorf("calls %v (before %v), want %v", f.calls, stages, wantCalls)
	}
	if want := []int{3, 3, 2, 2, 2, 2}; !reflect.DeepEqual(f.reps, want) {
		t.Errorf("runs per call %v, want %v", f.reps, want)
	}
	for k, name := range modelNames {
		b, parts := got[k], f.runs[name]
		if b.Repeats != repeats || b.Rounds != rounds || b.Warmup != 1 || !b.Isolated || !b.PeakRSSReset {
			t.Errorf("%s: repeats %d rounds %d warmup %d isolated %v reset %v", name, b.Repeats, b.Rounds, b.Warmup, b.Isolated, b.PeakRSSReset)
		}
		var peak int64
		for _, p := range parts {
			peak = max(peak, p.PeakRSS)
		}
		if b.PeakRSS != peak || b.LoadAvg != [2]float64{parts[0].LoadAvg[0], parts[rounds-1].LoadAvg[1]} {
			t.Errorf("%s: peak RSS %d (rounds' largest %d), load %v", name, b.PeakRSS, peak, b.LoadAvg)
		}
		for j, bb := range b.Batches {
			pick := map[string]func(x BenchBatch) Timing{
				"encoder":  func(x BenchBatch) Timing { return *x.Encoder },
				"step":     func(x BenchBatch) Timing { return x.Step },
				"sentence": func(x BenchBatch) Timing { return x.Sentence },
			}
			for what, get := range pick {
				var all, meds []float64
				for _, p := range parts {
					all = append(all, get(p.Batches[j]).Times...)
					meds = append(meds, get(p.Batches[j]).Median)
				}
				want := summarize(all)
				want.RoundMedians = meds
				if g := get(bb); !reflect.DeepEqual(g, want) || g.Runs != repeats {
					t.Errorf("%s batch %d %s: merged %+v, want %+v", name, bb.Batch, what, g, want)
				}
			}
			if want := float64(bb.Tokens) / (bb.Sentence.Median / 1000); bb.TokensPerSec != want {
				t.Errorf("%s batch %d: tokens/s %g, want %g", name, bb.Batch, bb.TokensPerSec, want)
			}
		}
	}
	// The paired ratio: median over rounds of original median / pruned
	// median, computed here from the runner's answers.
	for j := range got[0].Batches {
		var ratios []float64
		for i := range rounds {
			ratios = append(ratios, f.runs["original"][i].Batches[j].Step.Median/f.runs["pruned"][i].Batches[j].Step.Median)
		}
		sort.Float64s(ratios)
		if p := pairedRatio(got[0].Batches[j].Step, got[1].Batches[j].Step); p != ratios[1] || !(p > 1) {
			t.Errorf("batch %d: paired step ratio %g, want %g (> 1: the pruned model is faster)", j, p, ratios[1])
		}
	}
}

// TestBenchRoundsErrors: a failing job names the model and the round; rounds
// that measured different batches do not merge; a cancelled context stops
// before the next job.
func TestBenchRoundsErrors(t *testing.T) {
	var jobs [2]BenchJob
	for k, name := range modelNames {
		jobs[k] = BenchJob{Files: []string{name}, Bench: BenchOptions{Repeats: 4, Rounds: 2}}
	}
	f := &fakeRunner{rng: rand.New(rand.NewSource(3)), runs: map[string][]*Bench{}, fail: 2}
	_, err := benchRounds(context.Background(), f.run, jobs, nil)
	if err == nil || !strings.Contains(err.Error(), "pruned: round 2 of 2: child died") {
		t.Errorf("error %v, want the pruned model's second round named", err)
	}

	a := &Bench{Provider: "cpu", Batches: []BenchBatch{{Batch: 1, SrcLen: 5, Step: summarize([]float64{1})}}}
	b := &Bench{Provider: "cpu", Batches: []BenchBatch{{Batch: 1, SrcLen: 6, Step: summarize([]float64{1})}}}
	if _, err := mergeRounds([]*Bench{a, b}); err == nil || !strings.Contains(err.Error(), "round 2: batch 1 (source length 6") {
		t.Errorf("mismatched rounds: error %v", err)
	}
	b.Batches[0].SrcLen, b.Batches[0].Step.Times = 5, nil
	if _, err := mergeRounds([]*Bench{a, b}); err == nil || !strings.Contains(err.Error(), "round 2 gives 0 run times for 1 runs") {
		t.Errorf("round without run times: error %v", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	f = &fakeRunner{rng: rand.New(rand.NewSource(5)), runs: map[string][]*Bench{}, fail: -1}
	_, err = benchRounds(ctx, func(ctx context.Context, job BenchJob) (*Bench, error) {
		cancel()
		return f.run(ctx, job)
	}, jobs, nil)
	if !errors.Is(err, context.Canceled) || len(f.calls) != 1 {
		t.Errorf("cancelled: error %v after %d calls, want context.Canceled after 1", err, len(f.calls))
	}
}
