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

	"onnxprune/gatesfile"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/internal/modelpath"
	"onnxprune/ortrun"
	"onnxprune/pipeline"
	"onnxprune/verify"
	"onnxprune/verify/score"
)

type verifyOptions struct {
	model        modelFlags
	search       searchFlags
	original     []string
	pruned       []string
	test         dataSet
	benchProv    []string
	overwrite    bool
	maxBLEUDrop  float64
	maxLogitDiff float64
	out          string
	batches      []int
	warmup       int
	repeats      int
	rounds       int
	stepPast     int
	benchSents   int
	noBench      bool
	tokenize     string
	remove       string
	gates        string
	equivTol     float64
	inProcess    bool
	benchChild   bool
}

func verifyCommand() command {
	c := command{
		name:  "verify",
		short: "compare a pruned model with its original: BLEU/chrF, logits, size, FLOPs, speed",
		usage: "verify --original A... --pruned B... --test SRC,REF -o DIR [flags]",
		long: `Compare a pruned model with its original on one source file, on ONNX Runtime.

Both models translate the source of --test SRC,REF (greedy or beam search, as for
'onnxprune translate'); the report gives BLEU and chrF of each against REF
(sacreBLEU-identical; SRC,REF1,REF2 gives several references, SRC alone none), the share
of identical translations, the largest logit difference under teacher forcing on the
original's translations, file size, parameter count, analytic FLOPs per token
(MatMul/Gemm shapes from shape inference) and speed: median and p90 latency of an
encoder run, of one decoder step and of whole-sentence greedy translation (tokens/s)
at each --bench-batch, after warm-up runs, on --provider and every --bench-provider, with each model's
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

--remove SPEC or --gates gates.json says which heads, FFN neurons and sublayers the
pruned model lost (SPEC as 'onnxprune prune --remove' reads it): the surgery oracle
then checks pruned = gated original with those gates at 0. The spec, the models, the
data and the providers are checked before anything is translated.

DIR (a new or empty folder; an existing one only with --overwrite) receives verify.json, report.md, report.html (with an SVG latency chart),
original.hyp and pruned.hyp, each written to a temporary file and renamed. Exit code 1
when --max-bleu-drop or --max-logit-diff is missed or the oracle fails; 2 for usage and input errors
(mismatched line counts, an empty source, an unknown or unavailable provider).
SIGINT/SIGTERM stop the run, write a partial report and exit with 130/143.`,
		example: `  bin/onnxprune prune models/planted/planted_ungated.onnx --remove encoder:0:2,encoder:0:3 \
      -o /tmp/onnxprune-ex/planted-pruned.onnx --overwrite
  bin/onnxprune verify --original models/planted/planted_ungated.onnx \
      --pruned /tmp/onnxprune-ex/planted-pruned.onnx --remove encoder:0:2,encoder:0:3 \
      --ids --specials pad=0,bos=1,eos=2,decoder-start=1 \
      --test models/demo/slice/planted-test.src,models/demo/slice/planted-test.tgt \
      --max-bleu-drop 0.5 --repeats 2 --rounds 1 --bench-batch 1 -o /tmp/onnxprune-ex/verify --overwrite
  bin/onnxprune prune models/reference --keep encoder:0:*,encoder:1:0 -o /tmp/onnxprune-ex/pruned/ --overwrite
  bin/onnxprune verify --original models/reference --pruned /tmp/onnxprune-ex/pruned \
      --test <(head -5 models/demo/slice/bible-test.en),<(head -5 models/demo/slice/bible-test.es) \
      --tokenizer models/corpus/spm8k.model --no-bench -o /tmp/onnxprune-ex/verify-ref --overwrite`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o verifyOptions
		fs := newFlagSet(c, stdout)
		dep := newDeprecations(fs, stderr)
		fs.StringSliceVar(&o.original, "original", nil, "the original model's files or folder")
		fs.StringSliceVar(&o.pruned, "pruned", nil, "the pruned model's files or folder")
		fs.Var(&o.test, "test", "test set SRC,REF: sources translated by both models, references scored against (SRC,REF1,REF2: several references; SRC alone: no scores)")
		dep.custom("src", "--test SRC,REF", "string", func(v string) error { o.test.src = v; return nil })
		dep.custom("ref", "--test SRC,REF", "string", func(v string) error { o.test.tgts = append(o.test.tgts, v); return nil })
		bindOutput(fs, dep, &o.out, "output folder for verify.json and the reports")
		fs.BoolVar(&o.overwrite, "overwrite", false, overwriteHelp)
		fs.StringSliceVar(&o.benchProv, "bench-provider", nil, "further execution providers to time after --provider: cpu, cuda or tensorrt (comma list)")
		fs.Float64Var(&o.maxBLEUDrop, "max-bleu-drop", 0, "fail (exit 1) when BLEU drops by more than this many points")
		fs.Float64Var(&o.maxLogitDiff, "max-logit-diff", 0, "fail (exit 1) when a teacher-forced logit differs by more than this")
		fs.StringVar(&o.tokenize, "tokenize", string(score.Tokenize13a), "BLEU tokenizer: 13a, intl, none or char")
		fs.IntSliceVar(&o.batches, "bench-batch", []int{1, 8}, "batch sizes timed")
		fs.IntVar(&o.warmup, "warmup", 2, "untimed runs before each measurement")
		fs.IntVar(&o.repeats, "repeats", 10, "timed runs per measurement, all rounds together")
		fs.IntVar(&o.rounds, "rounds", verify.DefaultBench().Rounds, "interleaved rounds the timed runs are split into, original and pruned alternately (at most --repeats)")
		fs.IntVar(&o.stepPast, "step-past", 16, "target tokens before the timed decoder step")
		fs.IntVar(&o.benchSents, "bench-sentences", verify.DefaultBench().Sentences, benchSentencesHelp)
		fs.BoolVar(&o.noBench, "no-bench", false, "skip the speed measurements")
		fs.StringVar(&o.remove, "remove", "", removeHelp)
		fs.StringVar(&o.gates, "gates", "", "gates.json whose keep=false heads, FFN neurons and sublayers the pruned model lost: check it against the gated original")
		fs.Float64Var(&o.equivTol, "equiv-tol", verify.DefaultEquivalenceTol, "largest |gated − pruned| logit difference the equivalence check accepts (default 1e-2 for a model that computes in float16, 0.1 for one with int8 activations)")
		fs.BoolVar(&o.inProcess, "bench-in-process", false, "time the models in this process, not each in a child process of its own (peak RSS then includes earlier stages)")
		fs.BoolVar(&o.benchChild, "bench-child", false, "internal: run one benchmark job read as JSON from stdin")
		_ = fs.MarkHidden("bench-child")
		o.model.bind(fs, dep)
		dep.rename("removed", "remove")
		o.search.bind(fs)
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		if extra := o.model.session.provider.names; len(extra) > 1 {
			// The old spelling: --provider repeated, the first translates.
			fmt.Fprintf(stderr, "onnxprune: repeating --provider is deprecated and will be removed; use --provider %s --bench-provider %s\n", extra[0], strings.Join(extra[1:], ","))
			o.benchProv = append(extra[1:], o.benchProv...)
			o.model.session.provider.names = extra[:1]
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
	case o.test.src == "":
		return cfg, &usageError{msg: "verify needs --test SRC,REF"}
	case o.out == "":
		return cfg, &usageError{msg: "verify needs -o DIR"}
	case o.warmup < 0 || o.repeats < 1 || o.stepPast < 0:
		return cfg, &usageError{msg: fmt.Sprintf("--warmup ≥ 0, --repeats ≥ 1 and --step-past ≥ 0 (got %d, %d, %d)", o.warmup, o.repeats, o.stepPast)}
	case o.benchSents < 1:
		return cfg, &usageError{msg: fmt.Sprintf("--bench-sentences %d < 1", o.benchSents)}
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
	so, err := o.model.session.options("")
	if err != nil {
		return cfg, err
	}
	cfg.Providers = []ortrun.Provider{so.Provider}
	for _, p := range o.benchProv {
		pv, err := ortrun.ParseProvider(p)
		if err != nil {
			return cfg, &usageError{msg: fmt.Sprintf("--bench-provider: %v", err)}
		}
		cfg.Providers = append(cfg.Providers, pv)
	}
	if err := o.model.text.check(); err != nil {
		return cfg, err
	}
	// One library serves every provider of the run: the CUDA build when any
	// of them is a GPU provider.
	if err := ortrun.InitFor(so.Library, cfg.Providers...); err != nil {
		return cfg, err
	}
	cfg.Original, cfg.Pruned, cfg.Src, cfg.Refs = o.original, o.pruned, o.test.src, o.test.tgts
	cfg.Model = verify.ModelOptions{Session: so, Overrides: o.model.text.specials, NoCache: o.model.noCache, AllowDirs: o.model.allowDirs}
	cfg.SrcBOS, cfg.SrcEOS = o.model.srcBOS, !o.model.noSrcEOS
	cfg.Search = o.search.o
	cfg.Search.NoCache = o.model.noCache
	cfg.Bench = verify.BenchOptions{Batches: o.batches, Warmup: o.warmup, Repeats: o.repeats, Rounds: o.rounds, StepPast: o.stepPast, Sentences: o.benchSents}
	cfg.SkipBench = o.noBench
	switch {
	case o.remove != "" && o.gates != "":
		return cfg, &usageError{msg: "give --remove or --gates, not both"}
	}
	if !(o.equivTol > 0) {
		return cfg, &usageError{msg: fmt.Sprintf("--equiv-tol %g must be > 0", o.equivTol)}
	}
	cfg.EquivalenceTol = o.equivTol
	cfg.BLEU = score.BLEU{Tokenizer: tok}
	if bleuSet {
		v := o.maxBLEUDrop
		cfg.MaxBLEUDrop = &v
		if len(o.test.tgts) == 0 {
			return cfg, &usageError{msg: "--max-bleu-drop needs references: --test SRC,REF"}
		}
	}
	if logitSet {
		v := o.maxLogitDiff
		cfg.MaxLogitDiff = &v
	}
	return cfg, nil
}

// headDecision reads --remove or --gates (nil when neither is given)
// against the heads of the original's files that verify opens
// (modelpath.ForDecoding), each loaded and searched for heads once here
// (and for FFNs and sublayers when --remove names some, read as prune
// reads it: structures.ParseSpec), before any translation: the decision
// and blocks verify checks with, and
// the loaded files, which verify reads in memory (ModelOptions.Loaded)
// until the caller calls done.
func (o *verifyOptions) headDecision() (d *verify.HeadDecision, loaded map[string]*verify.LoadedFile, done func(), err error) {
	done = func() {}
	if o.remove == "" && o.gates == "" {
		return nil, nil, done, nil
	}
	files, err := modelpath.Resolve(o.original)
	if err != nil {
		return nil, nil, done, err
	}
	files = modelpath.ForDecoding(files, !o.model.noCache)
	model, err := pipeline.LoadModel(files, o.model.allowDirs, false)
	if err != nil {
		return nil, nil, done, err
	}
	done = func() {
		for _, f := range model {
			f.Model.Close()
		}
	}
	d = &verify.HeadDecision{Gates: o.gates, Blocks: map[string][]*heads.Block{}}
	loaded = pipeline.LoadedFiles(model)
	perFile := make([][]*heads.Block, len(model))
	for i, f := range model {
		d.Blocks[f.Path], perFile[i] = f.Blocks, f.Blocks
	}
	blocks, err := pipeline.AllBlocks(files, perFile)
	if err != nil {
		return nil, nil, done, err
	}
	if o.remove != "" && structureItems(o.remove) {
		// FFN neurons and sublayers, read as prune reads them, become the
		// decision's structure records (what a gates file would hold).
		_, sm, err := pipeline.DiscoverStructures(model)
		if err != nil {
			return nil, nil, done, err
		}
		sel, err := structures.ParseSpec(o.remove, sm)
		if err != nil {
			return nil, nil, done, &usageError{msg: "--remove: " + err.Error()}
		}
		dec := structures.RemoveDecision(sel, sm)
		ffn, subs := dec.GateRecords()
		d.Heads, d.Structures = heads.RemoveDecision(blocks, sel.Heads), &gatesfile.File{FFN: ffn, Sublayers: subs}
		return d, loaded, done, nil
	}
	if o.remove != "" {
		if d.Heads, err = heads.ParseDecision(o.remove, blocks); err != nil {
			return nil, nil, done, &usageError{msg: "--remove: " + err.Error()}
		}
		return d, loaded, done, nil
	}
	gf, err := gatesfile.Read(o.gates)
	if err != nil {
		return nil, nil, done, err
	}
	if d.Heads, err = gf.HeadDecision(blocks); err != nil {
		return nil, nil, done, fmt.Errorf("%s: %w", o.gates, err)
	}
	return d, loaded, done, nil
}

func (o *verifyOptions) run(ctx context.Context, cfg verify.Config, stdout, stderr io.Writer) error {
	dec, loaded, done, err := o.headDecision()
	defer done()
	if err != nil {
		return err
	}
	cfg.Decision, cfg.Model.Loaded = dec, loaded
	dir, err := claimOutputDir(o.out, o.overwrite, false)
	if err != nil {
		return err
	}
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
		dir.release(false)
		return runErr
	}
	if err := verify.WriteReports(o.out, r); err != nil {
		dir.release(false)
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
