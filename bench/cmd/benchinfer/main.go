// Command benchinfer times a dense model and its pruned copy on ONNX Runtime
// (verify.Model.Benchmark: one encoder run, one decoder step, a greedy
// translation, per batch size) and counts both models' FLOPs at the measured
// shapes (verify.Model.CountFLOPs), so that the measured speedup can be set
// against the analytic bound. It is a worker of `make bench`
// (bench/cmd/benchall), which reads the JSON it prints.
//
//	benchinfer -dense enc.onnx,dec.onnx -pruned p/enc.onnx,p/dec.onnx -batch batch.json -batches 1,32
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"onnxprune/bench/internal/batchfile"
	"onnxprune/ortrun"
	"onnxprune/verify"
)

// side is one model's figures at one batch size.
type side struct {
	EncoderMS    float64 `json:"encoder_ms,omitempty"`
	StepMS       float64 `json:"step_ms"`
	SentenceMS   float64 `json:"sentence_ms"`
	Tokens       int     `json:"tokens"`
	TokensPerSec float64 `json:"tokens_per_s"`
	EncoderFLOPs int64   `json:"encoder_flops,omitempty"`
	StepFLOPs    int64   `json:"step_flops"`
	// PerTokenFLOPs is the sentence's FLOPs per generated token at the
	// measured length.
	PerTokenFLOPs float64  `json:"per_token_flops"`
	Uncounted     []string `json:"uncounted,omitempty"`
}

// row compares the two at one batch size.
type row struct {
	Batch    int  `json:"batch"`
	SrcLen   int  `json:"src_len"`
	StepPast int  `json:"step_past"`
	Dense    side `json:"dense"`
	Pruned   side `json:"pruned"`
}

type result struct {
	Layout  string   `json:"layout"`
	Dense   []string `json:"dense"`
	Pruned  []string `json:"pruned"`
	Threads int      `json:"threads"`
	Repeats int      `json:"repeats"`
	Rounds  int      `json:"rounds"`
	Warmup  int      `json:"warmup"`
	Rows    []row    `json:"rows"`
}

func main() {
	dense := flag.String("dense", "", "dense model files, comma-separated")
	pruned := flag.String("pruned", "", "pruned model files, comma-separated")
	batchPath := flag.String("batch", "", "batch file whose sources are translated")
	batches := flag.String("batches", "1,32", "batch sizes, comma-separated")
	threads := flag.Int("threads", 0, "ONNX Runtime intra-op threads (0: its default)")
	warmup := flag.Int("warmup", 2, "untimed runs first")
	repeats := flag.Int("repeats", 5, "timed runs")
	maxLen := flag.Int("max-len", 24, "most tokens generated per sentence")
	stepPast := flag.Int("step-past", 8, "tokens before the timed decoder step")
	flag.Parse()
	var bs []int
	for _, s := range strings.Split(*batches, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "benchinfer: bad batch size %q\n", s)
			os.Exit(2)
		}
		bs = append(bs, n)
	}
	if err := run(strings.Split(*dense, ","), strings.Split(*pruned, ","), *batchPath, bs, *threads, *warmup, *repeats, *maxLen, *stepPast); err != nil {
		fmt.Fprintln(os.Stderr, "benchinfer:", err)
		os.Exit(1)
	}
}

func run(dense, pruned []string, batchPath string, batches []int, threads, warmup, repeats, maxLen, stepPast int) error {
	bf, err := batchfile.Read(batchPath)
	if err != nil {
		return err
	}
	// Sources framed as the models read them: ids then EOS.
	src := make([][]int64, len(bf.Src))
	for i, s := range bf.Src {
		src[i] = append(append([]int64(nil), s...), bf.EOS)
	}
	for len(src) < max(batches[0], batches[len(batches)-1]) {
		src = append(src, src[len(src)%len(bf.Src)])
	}
	ctx := context.Background()
	opts := verify.DefaultBench()
	opts.Batches, opts.Warmup, opts.Repeats, opts.StepPast = batches, warmup, repeats, stepPast
	opts.Search.MaxLen = maxLen
	// The batch file's special ids, which are the model's (fixtures carry
	// none in their metadata).
	mo := verify.ModelOptions{Session: ortrun.Options{IntraOpThreads: threads, InterOpThreads: 1},
		Overrides: fmt.Sprintf("pad=%d,eos=%d,decoder-start=%d", bf.Pad, bf.EOS, bf.BOS)}
	res := result{Dense: dense, Pruned: pruned, Threads: threads, Repeats: repeats, Warmup: warmup}
	var models [2]*verify.Model
	for i, files := range [][]string{dense, pruned} {
		m, err := verify.OpenModel(files, mo)
		if err != nil {
			return err
		}
		defer m.Close()
		models[i] = m
		res.Layout = string(m.Layout)
	}
	// Rounds alternate the two models, so that a burst of load from other
	// processes hits both; each figure is the median of the rounds' medians.
	var rounds [2][]*verify.Bench
	for r := 0; r < benchRounds; r++ {
		for i, m := range models {
			b, err := m.Benchmark(ctx, src, opts, "cpu", threads)
			if err != nil {
				return fmt.Errorf("%s: %w", m, err)
			}
			rounds[i] = append(rounds[i], b)
		}
	}
	var benches [2]*verify.Bench
	for i := range models {
		benches[i] = medianBench(rounds[i])
	}
	res.Rounds = benchRounds
	for k := range benches[0].Batches {
		r := row{Batch: benches[0].Batches[k].Batch, SrcLen: benches[0].Batches[k].SrcLen, StepPast: benches[0].Batches[k].StepPast}
		for i, s := range []*side{&r.Dense, &r.Pruned} {
			b := benches[i].Batches[k]
			if b.Encoder != nil {
				s.EncoderMS = b.Encoder.Median
			}
			s.StepMS, s.SentenceMS, s.Tokens, s.TokensPerSec = b.Step.Median, b.Sentence.Median, b.Tokens, b.TokensPerSec
			tgt := max(1, b.Tokens/max(1, b.Batch))
			fl, err := models[i].CountFLOPs(verify.FLOPShape{Batch: b.Batch, SrcLen: b.SrcLen, TgtLen: tgt, StepPast: b.StepPast}, true)
			if err != nil {
				return fmt.Errorf("%s: FLOPs: %w", models[i], err)
			}
			s.EncoderFLOPs, s.StepFLOPs, s.PerTokenFLOPs = fl.Encoder.FLOPs, fl.Step.FLOPs, fl.PerToken
			s.Uncounted = append(append(s.Uncounted, fl.Encoder.Uncounted...), fl.Step.Uncounted...)
		}
		res.Rows = append(res.Rows, r)
	}
	return json.NewEncoder(os.Stdout).Encode(res)
}

// benchRounds is the number of alternating rounds.
const benchRounds = 3

// medianBench folds rounds into one Bench whose medians are the medians of
// the rounds' medians.
func medianBench(bs []*verify.Bench) *verify.Bench {
	out := *bs[0]
	out.Batches = append([]verify.BenchBatch(nil), bs[0].Batches...)
	for k := range out.Batches {
		pick := func(f func(b verify.BenchBatch) float64) float64 {
			var v []float64
			for _, b := range bs {
				v = append(v, f(b.Batches[k]))
			}
			sort.Float64s(v)
			return v[len(v)/2]
		}
		ob := &out.Batches[k]
		if ob.Encoder != nil {
			enc := *ob.Encoder
			enc.Median = pick(func(b verify.BenchBatch) float64 { return b.Encoder.Median })
			ob.Encoder = &enc
		}
		ob.Step.Median = pick(func(b verify.BenchBatch) float64 { return b.Step.Median })
		ob.Sentence.Median = pick(func(b verify.BenchBatch) float64 { return b.Sentence.Median })
		ob.TokensPerSec = pick(func(b verify.BenchBatch) float64 { return b.TokensPerSec })
	}
	return &out
}
