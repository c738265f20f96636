package verify

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"onnxprune/internal/stats"
	"onnxprune/ortrun"
)

// BenchOptions configure Benchmark.
type BenchOptions struct {
	// Batches are the batch sizes measured (default 1 and 8).
	Batches []int
	// Warmup untimed runs precede the Repeats timed runs of each
	// measurement (Repeats below 1 means 1).
	Warmup, Repeats int
	// Rounds is the number of rounds Run splits the Repeats timed runs
	// into, alternating the original and the pruned model between rounds
	// so that both see the same load (below 1 means 1, above Repeats means
	// Repeats). Each round repeats the Warmup runs. Benchmark itself
	// ignores it: it times one model once.
	Rounds int `json:"rounds,omitempty"`
	// StepPast is the number of target tokens before the timed decoder
	// step (kept below the sentences' length limit).
	StepPast int
	// Sentences is the least number of sentences one timed run covers
	// (below 1 means 1): at batch size b, a timed run translates
	// ceil(Sentences/b) batches of b sentences around the median length,
	// one after the other, and runs the encoder on each of them and as
	// many decoder steps (their times are per batch). A greedy
	// translation of one short sentence at batch 1 takes about 0.1 s,
	// which a loaded machine's scheduler stretches by a different factor
	// in every run; a run of several sentences averages that out.
	Sentences int `json:"sentences,omitempty"`
	// Search holds the length limits and the cache choice of the timed
	// whole-sentence translations, which are always greedy.
	Search SearchOptions
}

// DefaultBench returns batches 1 and 8, 2 warm-up and 10 timed runs in 3
// interleaved rounds, the decoder step after 16 tokens, and at least 16
// sentences a timed run.
func DefaultBench() BenchOptions {
	return BenchOptions{Batches: []int{1, 8}, Warmup: 2, Repeats: 10, Rounds: 3, StepPast: 16, Sentences: 16}
}

func (o *BenchOptions) defaults() {
	if len(o.Batches) == 0 {
		o.Batches = []int{1}
	}
	o.Warmup = max(o.Warmup, 0)
	o.Repeats = max(o.Repeats, 1)
	o.Rounds = min(max(o.Rounds, 1), o.Repeats)
	o.StepPast = max(o.StepPast, 0)
	o.Sentences = max(o.Sentences, 1)
}

// Timing summarises repeated runs, in milliseconds.
type Timing struct {
	// Runs is the number of timed runs; Median, P90, Min and Mean
	// summarize their times.
	Runs   int     `json:"runs"`
	Median float64 `json:"median_ms"`
	P90    float64 `json:"p90_ms"`
	Min    float64 `json:"min_ms"`
	Mean   float64 `json:"mean_ms"`
	// Times are the timed runs in the order they ran (round after round
	// when interleaved).
	Times []float64 `json:"times_ms,omitempty"`
	// RoundMedians are the medians of each round's runs when the runs
	// were split into interleaved rounds (see BenchOptions.Rounds).
	RoundMedians []float64 `json:"round_medians_ms,omitempty"`
}

// summarize gives the Timing of run times in milliseconds (in run order,
// kept as Times): median, nearest-rank p90, minimum and mean.
func summarize(ms []float64) Timing {
	n := len(ms)
	if n == 0 {
		return Timing{}
	}
	times := append([]float64(nil), ms...)
	sorted := append([]float64(nil), ms...)
	sort.Float64s(sorted)
	var sum float64
	for _, x := range sorted {
		sum += x
	}
	p90 := sorted[int(math.Ceil(0.9*float64(n)))-1] // nearest rank
	return Timing{Runs: n, Median: stats.Median(sorted), P90: p90, Min: sorted[0], Mean: sum / float64(n), Times: times}
}

// BenchBatch holds the measurements at one batch size.
type BenchBatch struct {
	// Batch is the batch size, and PerRun the number of batches one timed
	// run covers (BenchOptions.Sentences; 0 in reports that predate it:
	// one).
	Batch  int `json:"batch"`
	PerRun int `json:"per_run,omitempty"`
	// SrcLen is the padded source length of the middle batch (the one of
	// median length), the one the decoder step is timed on.
	SrcLen int `json:"src_len"`
	// StepPast is the number of tokens before the timed decoder step.
	StepPast int `json:"step_past"`
	// Encoder is one encoder run on a batch (nil for a single graph).
	Encoder *Timing `json:"encoder,omitempty"`
	// Step is one decoder step (for a single graph: one run of the whole
	// graph on StepPast+1 target positions).
	Step Timing `json:"step"`
	// Sentence is the greedy translation of the PerRun batches, one after
	// the other.
	Sentence Timing `json:"sentence"`
	// Tokens is the number of tokens one Sentence run generates.
	Tokens int `json:"tokens"`
	// TokensPerSec is Tokens over the median Sentence time.
	TokensPerSec float64 `json:"tokens_per_sec"`
}

// Bench is a model's speed on one execution provider.
type Bench struct {
	// Provider is the execution provider measured.
	Provider string `json:"provider"`
	// Threads is the intra-op thread count asked for (0: ONNX Runtime's
	// default, one per physical core); NumCPU is what Go sees.
	Threads int `json:"threads"`
	NumCPU  int `json:"num_cpu"`
	// Cached says the decoder ran with its key/value cache; Warmup and
	// Repeats are the untimed and timed runs of each measurement (the
	// warm-up in each round, the timed runs of all rounds together),
	// Rounds the interleaved rounds they were split into (0 or 1: one),
	// Batches the measurements per batch size.
	Cached  bool         `json:"cached"`
	Warmup  int          `json:"warmup"`
	Repeats int          `json:"repeats"`
	Rounds  int          `json:"rounds,omitempty"`
	Batches []BenchBatch `json:"batches"`
	// PeakRSS is the process's peak resident memory in bytes by the end of
	// the benchmark; PeakRSSReset says whether the peak was reset before
	// the model was loaded (Linux /proc/self/clear_refs), so that it is this
	// model's peak rather than the process's.
	PeakRSS      int64 `json:"peak_rss_bytes"`
	PeakRSSReset bool  `json:"peak_rss_reset"`
	// Isolated says the model was timed in a process of its own.
	Isolated bool `json:"isolated"`
	// LoadAvg is the machine's 1-minute load average before and after the
	// measurements (of the first and the last round; Linux /proc/loadavg;
	// 0 where unknown): other work on the machine shows here, and in p90
	// far above the median.
	LoadAvg [2]float64 `json:"load_avg"`
}

// pickBatch returns b sources around the median length (cycling when there
// are fewer than b); a model without a source mask gets b copies of one.
func pickBatch(src [][]int64, b int, sameLen bool) [][]int64 {
	order := make([]int, len(src))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return len(src[order[x]]) < len(src[order[y]]) })
	mid := len(order) / 2
	lo := max(0, min(mid-b/2, len(order)-b))
	out := make([][]int64, b)
	for i := range out {
		if sameLen {
			out[i] = src[order[mid]]
			continue
		}
		out[i] = src[order[(lo+i)%len(order)]]
	}
	return out
}

// Benchmark times the model on sentences of src: one encoder run, one
// decoder step and a whole greedy translation, at each batch size, after
// warm-up runs. The caller chooses provider and threads when opening the
// model; they are recorded from threads and provider.
func (m *Model) Benchmark(ctx context.Context, src [][]int64, o BenchOptions, provider string, threads int) (*Bench, error) {
	o.defaults()
	if len(src) == 0 {
		return nil, fmt.Errorf("verify: no sentences to benchmark")
	}
	b := &Bench{Provider: provider, Threads: threads, NumCPU: runtime.NumCPU(), Cached: m.Cached() && !o.Search.NoCache,
		Warmup: o.Warmup, Repeats: o.Repeats}
	b.LoadAvg[0] = loadAvg()
	defer func() { b.LoadAvg[1] = loadAvg() }()
	for _, bs := range o.Batches {
		if bs < 1 {
			return nil, fmt.Errorf("verify: batch size %d < 1", bs)
		}
		n := (o.Sentences + bs - 1) / bs
		rows := pickBatch(src, bs*n, !m.hasSourceMask())
		batches := make([][][]int64, n)
		for i := range batches {
			batches[i] = rows[i*bs : (i+1)*bs]
		}
		r, err := m.benchBatch(ctx, batches, o)
		if err != nil {
			return b, err
		}
		b.Batches = append(b.Batches, *r)
	}
	b.PeakRSS, _ = PeakRSS()
	return b, nil
}

// benchBatch times the encoder on each batch, the decoder step on the
// middle one and the greedy translation of all of them, per timed run.
func (m *Model) benchBatch(ctx context.Context, batches [][][]int64, o BenchOptions) (*BenchBatch, error) {
	mid := batches[len(batches)/2]
	r := &BenchBatch{Batch: len(mid), PerRun: len(batches)}
	limit := math.MaxInt
	for _, s := range mid {
		r.SrcLen = max(r.SrcLen, len(s))
		l, err := m.limit(o.Search, len(s))
		if err != nil {
			return nil, err
		}
		limit = min(limit, l)
	}
	r.StepPast = max(0, min(o.StepPast, limit-1))
	// times times Warmup+Repeats runs of calls calls of f each, and
	// keeps the timed runs' times per call.
	times := func(calls int, f func(i int) error) (Timing, error) {
		var d []float64
		for i := 0; i < o.Warmup+o.Repeats; i++ {
			if err := ctx.Err(); err != nil {
				return Timing{}, err
			}
			t0 := time.Now()
			for c := 0; c < calls; c++ {
				if err := f(c); err != nil {
					return Timing{}, err
				}
			}
			if i >= o.Warmup {
				d = append(d, float64(time.Since(t0))/float64(time.Millisecond)/float64(calls))
			}
		}
		return summarize(d), nil
	}
	if m.enc != nil {
		t, err := times(len(batches), func(i int) error { _, err := m.encode(ctx, batches[i]); return err })
		if err != nil {
			return nil, err
		}
		r.Encoder = &t
	}
	// Advance a stepper by StepPast greedy tokens, then time the next step.
	e, err := m.encode(ctx, mid)
	if err != nil {
		return nil, err
	}
	st := m.newStepper(e, !o.Search.NoCache)
	tokens := make([]int64, len(mid))
	for i := range tokens {
		tokens[i] = m.Specials.DecoderStart
	}
	for p := 0; p < r.StepPast; p++ {
		logits, V, err := st.step(ctx, tokens)
		if err != nil {
			return nil, err
		}
		for i := range tokens {
			tokens[i] = int64(argmax(logits[i*V : (i+1)*V]))
		}
	}
	if r.Step, err = times(len(batches), func(int) error { _, _, err := st.clone().step(ctx, tokens); return err }); err != nil {
		return nil, err
	}
	so := o.Search
	so.Beam, so.Batch = 1, len(mid)
	so.Progress = nil
	if r.Sentence, err = times(1, func(int) error {
		r.Tokens = 0
		for _, rows := range batches {
			h, err := m.Translate(ctx, rows, so)
			if err != nil {
				return err
			}
			for _, x := range h {
				r.Tokens += len(x.Tokens)
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if r.Sentence.Median > 0 {
		r.TokensPerSec = float64(r.Tokens) / (r.Sentence.Median / 1000)
	}
	return r, nil
}

// BenchJob is one model's benchmark: everything RunBenchJob needs, in a
// form that travels as JSON to another process.
type BenchJob struct {
	Files []string     `json:"files"`
	Model ModelOptions `json:"model"`
	Src   [][]int64    `json:"src"`
	Bench BenchOptions `json:"bench"`
}

// RunBenchJob resets the peak RSS, opens the model and benchmarks it, then
// closes it.
func RunBenchJob(ctx context.Context, job BenchJob) (*Bench, error) {
	runtime.GC()
	reset := ResetPeakRSS()
	m, err := OpenModel(job.Files, job.Model)
	if err != nil {
		return nil, err
	}
	defer m.Close()
	b, err := m.Benchmark(ctx, job.Src, job.Bench, string(orDefault(job.Model.Session.Provider)), job.Model.Session.IntraOpThreads)
	if err != nil {
		return nil, err
	}
	b.PeakRSSReset = reset
	return b, nil
}

func orDefault(p ortrun.Provider) ortrun.Provider {
	if p == "" {
		return ortrun.CPU
	}
	return p
}

// loadAvg returns the 1-minute load average, or 0.
func loadAvg() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

// ResetPeakRSS resets the process's peak resident set size (Linux), so that
// a later PeakRSS measures from now. It reports whether that worked.
func ResetPeakRSS() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// PeakRSS returns the process's peak resident set size in bytes (VmHWM of
// /proc/self/status), or an error where that is not available.
func PeakRSS() (int64, error) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(v)
			if len(f) == 2 && f[1] == "kB" {
				n, err := strconv.ParseInt(f[0], 10, 64)
				if err != nil {
					return 0, fmt.Errorf("verify: VmHWM %q: %w", v, err)
				}
				return n * 1024, nil
			}
		}
	}
	return 0, fmt.Errorf("verify: no VmHWM in /proc/self/status")
}
