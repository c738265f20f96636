package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"onnxprune/ortrun"
	"onnxprune/verify"
	"onnxprune/verify/score"
)

type verifyOptions struct {
	model        modelFlags
	search       searchFlags
	original     []string
	pruned       []string
	src          string
	refs         []string
	providers    []string
	maxBLEUDrop  float64
	maxLogitDiff float64
	out          string
	batches      []int
	warmup       int
	repeats      int
	rounds       int
	stepPast     int
	noBench      bool
	tokenize     string
	removed      string
	gates        string
	equivTol     float64
	inProcess    bool
	benchChild   bool
}

func verifyCommand() command {
	c := command{
		name:  "verify",
		short: "compare a pruned model with its original: BLEU/chrF, logits, size, FLOPs, speed",
		usage: "verify --original A... --pruned B... --src SRC --ref REF -o DIR [flags]",
		long: `Compare a pruned model with its original on one source file, on ONNX Runtime.

Both models translate --src (greedy or beam search, as for 'onnxprune translate');
the report gives BLEU and chrF of each against --ref (sacreBLEU-identical), the share
of identical translations, the largest logit difference under teacher forcing on the
original's translations, file size, parameter count, analytic FLOPs per token
(MatMul/Gemm shapes from shape inference) and speed: median and p90 latency of an
encoder run, of one decoder step and of whole-sentence greedy translation (tokens/s)
at each --bench-batch, after warm-up runs, for every --provider, with each model's
peak resident memory (each model is timed in a child process of its own unless
--bench-in-process); measured speedups stand next to the FLOP-count bound.
The two models are timed interleaved, so that both see the same machine load:
--repeats timed runs are split into --rounds rounds, each running the original
and the pruned model back to back (ABBA order, each job a fresh process after
its warm-up runs); medians are over all rounds' runs, and the report adds the
paired speedup, the median over rounds of each round's ratio.

--original and --pruned take one file, several files (encoder, decoder, ...) or a
folder each; repeat the flag or separate files with commas. A --src ending in .npy is
speech features, float32 [utterances, mel bins, frames], for a model whose encoder
reads input_features (Whisper); --ref then holds one line per utterance.

DIR receives verify.json, report.md, report.html (with an SVG latency chart),
original.hyp and pruned.hyp, each written to a temporary file and renamed. Exit code 1
when --max-bleu-drop or --max-logit-diff is missed or the oracle fails; 2 for usage and input errors
(mismatched line counts, an empty source, an unknown or unavailable provider).
SIGINT/SIGTERM stop the run, write a partial report and exit with 130/143.`,
		example: `  onnxprune verify --original models/reference --pruned pruned/ \
      --src models/corpus/test.en --ref models/corpus/test.es --spm models/corpus/spm8k.model \
      --max-bleu-drop 0.5 -o verify-out
  onnxprune verify --original enc.onnx,dec.onnx,dec_past.onnx --pruned penc.onnx,pdec.onnx,pdec_past.onnx \
      --src news.en --ref news.de --spm source.spm --vocab vocab.json --provider cpu --provider cuda -o out`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o verifyOptions
		fs := newFlagSet(c, stdout)
		fs.StringSliceVar(&o.original, "original", nil, "the original model's files or folder")
		fs.StringSliceVar(&o.pruned, "pruned", nil, "the pruned model's files or folder")
		fs.StringVar(&o.src, "src", "", "source file, one sentence a line")
		fs.StringArrayVar(&o.refs, "ref", nil, "reference file (repeat for several references)")
		fs.StringVarP(&o.out, "output", "o", "", "output folder for verify.json and the reports")
		fs.StringArrayVar(&o.providers, "provider", []string{"cpu"}, "execution provider to time: cpu, cuda or tensorrt (repeat for several; the first translates)")
		fs.Float64Var(&o.maxBLEUDrop, "max-bleu-drop", 0, "fail (exit 1) when BLEU drops by more than this many points")
		fs.Float64Var(&o.maxLogitDiff, "max-logit-diff", 0, "fail (exit 1) when a teacher-forced logit differs by more than this")
		fs.StringVar(&o.tokenize, "tokenize", string(score.Tokenize13a), "BLEU tokenizer: 13a, intl, none or char")
		fs.IntSliceVar(&o.batches, "bench-batch", []int{1, 8}, "batch sizes timed")
		fs.IntVar(&o.warmup, "warmup", 2, "untimed runs before each measurement")
		fs.IntVar(&o.repeats, "repeats", 10, "timed runs per measurement, all rounds together")
		fs.IntVar(&o.rounds, "rounds", verify.DefaultBench().Rounds, "interleaved rounds the timed runs are split into, original and pruned alternately (at most --repeats)")
		fs.IntVar(&o.stepPast, "step-past", 16, "target tokens before the timed decoder step")
		fs.BoolVar(&o.noBench, "no-bench", false, "skip the speed measurements")
		fs.StringVar(&o.removed, "removed", "", "heads the pruned model lost (KIND:LAYER:HEAD,...): check it against the gated original")
		fs.StringVar(&o.gates, "gates", "", "gates.json whose keep=false heads the pruned model lost: check it against the gated original")
		fs.Float64Var(&o.equivTol, "equiv-tol", verify.DefaultEquivalenceTol, "largest |gated − pruned| logit difference the equivalence check accepts (default 1e-2 for a model that computes in float16, 0.1 for one with int8 activations)")
		fs.BoolVar(&o.inProcess, "bench-in-process", false, "time the models in this process, not each in a child process of its own (peak RSS then includes earlier stages)")
		fs.BoolVar(&o.benchChild, "bench-child", false, "internal: run one benchmark job read as JSON from stdin")
		_ = fs.MarkHidden("bench-child")
		o.model.bind(fs, false)
		o.search.bind(fs)
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return &usageError{msg: fmt.Sprintf("verify takes no arguments, got %q (use --original and --pruned)", fs.Args())}
		}
		if o.benchChild {
			return benchChild(ctx, os.Stdin, stdout)
		}
		cfg, err := o.config(fs.Changed("max-bleu-drop"), fs.Changed("max-logit-diff"))
		if err != nil {
			return err
		}
		if !fs.Changed("equiv-tol") {
			cfg.EquivalenceTol = 0 // by the model's precision
		}
		cfg.Log = stderr
		if !o.inProcess && !o.noBench {
			exe, err := os.Executable()
			if err != nil {
				return fmt.Errorf("benchmark processes: %w", err)
			}
			cfg.BenchRunner = childBenchRunner(exe)
		}
		return o.run(ctx, cfg, stdout, stderr)
	}
	return c
}

func (o *verifyOptions) config(bleuSet, logitSet bool) (verify.Config, error) {
	var cfg verify.Config
	switch {
	case len(o.original) == 0 || len(o.pruned) == 0:
		return cfg, &usageError{msg: "verify needs --original and --pruned"}
	case o.src == "":
		return cfg, &usageError{msg: "verify needs --src"}
	case o.out == "":
		return cfg, &usageError{msg: "verify needs -o DIR"}
	case o.warmup < 0 || o.repeats < 1 || o.stepPast < 0:
		return cfg, &usageError{msg: fmt.Sprintf("--warmup ≥ 0, --repeats ≥ 1 and --step-past ≥ 0 (got %d, %d, %d)", o.warmup, o.repeats, o.stepPast)}
	case o.rounds < 1:
		return cfg, &usageError{msg: fmt.Sprintf("--rounds %d < 1", o.rounds)}
	}
	for _, b := range o.batches {
		if b < 1 {
			return cfg, &usageError{msg: fmt.Sprintf("--bench-batch %d < 1", b)}
		}
	}
	if err := o.search.validate(); err != nil {
		return cfg, err
	}
	tok, err := score.ParseTokenizer(o.tokenize)
	if err != nil {
		return cfg, &usageError{msg: fmt.Sprintf("--tokenize %q is not one of 13a, intl, none, char", o.tokenize)}
	}
	for _, p := range o.providers {
		pv, err := ortrun.ParseProvider(p)
		if err != nil {
			return cfg, &usageError{msg: fmt.Sprintf("--provider: %v", err)}
		}
		cfg.Providers = append(cfg.Providers, pv)
	}
	so, err := o.model.session.options(o.providers[0])
	if err != nil {
		return cfg, err
	}
	// One library serves every provider of the run: the CUDA build when any
	// of them is a GPU provider.
	if err := ortrun.InitFor(so.Library, cfg.Providers...); err != nil {
		return cfg, err
	}
	cfg.Original, cfg.Pruned, cfg.Src, cfg.Refs = o.original, o.pruned, o.src, o.refs
	cfg.Model = verify.ModelOptions{Session: so, Overrides: o.model.specials, NoCache: o.model.noCache, AllowDirs: o.model.allowDirs}
	cfg.SrcBOS, cfg.SrcEOS = o.model.srcBOS, !o.model.noSrcEOS
	cfg.Search = o.search.o
	cfg.Search.NoCache = o.model.noCache
	cfg.Bench = verify.BenchOptions{Batches: o.batches, Warmup: o.warmup, Repeats: o.repeats, Rounds: o.rounds, StepPast: o.stepPast}
	cfg.SkipBench = o.noBench
	switch {
	case o.removed != "" && o.gates != "":
		return cfg, &usageError{msg: "give --removed or --gates, not both"}
	case o.removed != "" || o.gates != "":
		cfg.Decision = &verify.HeadDecision{Remove: o.removed, Gates: o.gates}
	}
	if !(o.equivTol > 0) {
		return cfg, &usageError{msg: fmt.Sprintf("--equiv-tol %g must be > 0", o.equivTol)}
	}
	cfg.EquivalenceTol = o.equivTol
	cfg.BLEU = score.BLEU{Tokenizer: tok}
	if bleuSet {
		v := o.maxBLEUDrop
		cfg.MaxBLEUDrop = &v
		if len(o.refs) == 0 {
			return cfg, &usageError{msg: "--max-bleu-drop needs --ref"}
		}
	}
	if logitSet {
		v := o.maxLogitDiff
		cfg.MaxLogitDiff = &v
	}
	return cfg, nil
}

func (o *verifyOptions) run(ctx context.Context, cfg verify.Config, stdout, stderr io.Writer) error {
	tok, err := o.model.tokenizer(o.original)
	if err != nil {
		return err
	}
	cfg.Tokenizer = tok
	if tok != nil {
		sp := tok.Specials()
		cfg.Model.Fallback = &sp
	}
	// The gated original of the equivalence check lives in the output
	// folder, where a run killed with SIGKILL leaves it for the next run
	// to remove.
	cfg.WorkDir = o.out
	r, runErr := verify.Run(ctx, cfg)
	// Errors in the inputs (files, models, providers) leave no report; an
	// interruption, or a failure after the original model has translated
	// the source, leaves a partial one.
	if runErr != nil && !r.Interrupted && r.Original.Hypotheses == nil {
		return runErr
	}
	if err := verify.WriteReports(o.out, r); err != nil {
		return errors.Join(runErr, err)
	}
	if runErr != nil {
		return fmt.Errorf("%w (partial report in %s)", runErr, o.out)
	}
	fmt.Fprintf(stdout, "%s\n", summaryLine(r))
	fmt.Fprintf(stdout, "report: %s/%s, %s/%s, %s/%s\n", o.out, verify.ReportJSON, o.out, verify.ReportMarkdown, o.out, verify.ReportHTML)
	if len(r.Failures) > 0 {
		return &exitError{code: 1, err: fmt.Errorf("threshold missed: %s", strings.Join(r.Failures, "; "))}
	}
	return nil
}

func summaryLine(r *verify.Report) string {
	var parts []string
	if r.BLEUDrop != nil {
		parts = append(parts, fmt.Sprintf("BLEU %.2f → %.2f", r.Original.Scores.BLEU.Score, r.Pruned.Scores.BLEU.Score),
			fmt.Sprintf("chrF %.2f → %.2f", r.Original.Scores.ChrF.Score, r.Pruned.Scores.ChrF.Score))
	}
	parts = append(parts, fmt.Sprintf("identical %d/%d", r.Identical, r.Sentences))
	if r.Logits != nil {
		parts = append(parts, fmt.Sprintf("max logit diff %.4g", r.Logits.Max))
	}
	if e := r.Equivalence; e != nil {
		parts = append(parts, fmt.Sprintf("pruned vs gated original max diff %.3g (tolerance %g)", e.MaxAbsDiff, e.Tolerance))
	}
	for _, s := range r.Speedups {
		if s.Batch == 1 {
			parts = append(parts, fmt.Sprintf("%s tokens/s %s", s.Provider, s.TokensSpeedup))
		}
	}
	status := "passed"
	if len(r.Failures) > 0 {
		status = "FAILED"
	}
	return status + ": " + strings.Join(parts, ", ")
}

// benchChild runs one benchmark job read as JSON from in and writes the
// resulting verify.Bench as JSON to out: the child side of childBenchRunner.
func benchChild(ctx context.Context, in io.Reader, out io.Writer) error {
	var job verify.BenchJob
	if err := json.NewDecoder(in).Decode(&job); err != nil {
		return fmt.Errorf("benchmark job: %w", err)
	}
	b, err := verify.RunBenchJob(ctx, job)
	if err != nil {
		return err
	}
	return json.NewEncoder(out).Encode(b)
}

// childBenchRunner runs each benchmark job in a new process of exe (this
// program, `verify --bench-child`), so that each model's peak memory and
// timings start from a fresh process. Cancelling ctx kills the child.
func childBenchRunner(exe string) func(context.Context, verify.BenchJob) (*verify.Bench, error) {
	return func(ctx context.Context, job verify.BenchJob) (*verify.Bench, error) {
		data, err := json.Marshal(job)
		if err != nil {
			return nil, err
		}
		cmd := exec.CommandContext(ctx, exe, "verify", "--bench-child")
		cmd.Stdin = bytes.NewReader(data)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err = cmd.Run()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			msg := strings.TrimSpace(errOut.String())
			if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
				msg = msg[i+1:]
			}
			return nil, fmt.Errorf("benchmark process: %v: %s", err, msg)
		}
		var b verify.Bench
		if err := json.Unmarshal(out.Bytes(), &b); err != nil {
			return nil, fmt.Errorf("benchmark process output: %w", err)
		}
		b.Isolated = true
		return &b, nil
	}
}
