package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"onnxprune/internal/features"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify/score"
	"onnxprune/verify/tokenize"
)

// Config is everything Run needs.
type Config struct {
	// Original and Pruned are the two models' files (or folders).
	Original, Pruned []string
	// Src is the source file, one sentence a line, or a .npy file of
	// features for a model whose encoder reads them (internal/features);
	// Refs are reference files with as many lines (none: no BLEU/chrF).
	Src  string
	Refs []string
	// Tokenizer encodes sources and decodes translations; nil means the
	// files hold space-separated ids.
	Tokenizer tokenize.Tokenizer
	// SrcBOS and SrcEOS frame each source with BOS and EOS.
	SrcBOS, SrcEOS bool
	// Model opens both models (its Session.Provider is replaced per entry
	// of Providers).
	Model ModelOptions
	// Providers are the execution providers to measure speed on; the first
	// also runs the translations (default cpu).
	Providers []ortrun.Provider
	// Search configures the translations compared.
	Search SearchOptions
	// Bench configures the speed measurements; SkipBench leaves them out.
	Bench     BenchOptions
	SkipBench bool
	// BenchRunner runs one model's benchmark; nil runs RunBenchJob in this
	// process. The command line runs each job in a child process, so that
	// peak memory and allocator state are the model's own.
	BenchRunner func(ctx context.Context, job BenchJob) (*Bench, error)
	// BLEU and ChrF are the metric options (zero values: sacreBLEU's
	// defaults).
	BLEU score.BLEU
	ChrF score.ChrF
	// MaxBLEUDrop and MaxLogitDiff are the thresholds (nil: none).
	MaxBLEUDrop, MaxLogitDiff *float64
	// Decision, when set, says which heads the pruned model lost (the
	// caller's in-memory decision, with the original's blocks): the gated
	// original (those gates at 0, the rest at 1) must then give the
	// pruned model's logits within EquivalenceTol (0: by the model's
	// precision: DefaultEquivalenceTol, HalfEquivalenceTol for a model that
	// computes in float16, QuantEquivalenceTol for one that quantizes its
	// activations to int8).
	Decision       *HeadDecision
	EquivalenceTol float64
	// Gated, when set, are the original's files with gate inputs as the
	// gate stage of onnxprune run writes them (gatetrain.FindGates: head
	// gates and FFN and sublayer gates), named as the original's files: the
	// equivalence check then sets their gates to the decision instead of
	// gating a copy of the original itself. A removed head without a gate
	// there is an error.
	Gated []string
	// WorkDir holds the gated copy of the original that the equivalence
	// check builds (tens of MB), in a hidden folder removed when the check
	// ends; a folder left by a killed run is removed by the next run with
	// the same WorkDir. Empty: the system's temporary folder (nothing
	// there is cleaned up after a kill).
	WorkDir string
	// Log receives progress lines (nil: none).
	Log io.Writer
}

// ModelReport describes one of the compared models.
type ModelReport struct {
	// Files are the model's ONNX files and Layout how they fit together;
	// Specials are its special ids (as text) and SpecialsFrom where they
	// came from; FileBytes is the size of the files, external data
	// included. Params, FLOPs, Scores and Bench (by provider) are the
	// measurements.
	Files        []string          `json:"files"`
	Layout       Layout            `json:"layout"`
	Specials     string            `json:"specials"`
	SpecialsFrom string            `json:"specials_from,omitempty"`
	FileBytes    int64             `json:"file_bytes"`
	Params       *ParamCount       `json:"params,omitempty"`
	FLOPs        *ModelFLOPs       `json:"flops,omitempty"`
	Scores       *Scores           `json:"scores,omitempty"`
	Bench        map[string]*Bench `json:"bench,omitempty"`
	// TranslateSeconds is the wall time of translating the source file.
	TranslateSeconds float64 `json:"translate_seconds"`
	// Tokens is the number of generated tokens.
	Tokens int `json:"tokens"`
	// Hypotheses are the translations, one per source line.
	Hypotheses []string `json:"-"`
}

// Scores are a model's corpus scores against the references.
type Scores struct {
	// BLEU and ChrF are the corpus scores, as sacreBLEU computes them.
	BLEU score.BLEUScore `json:"bleu"`
	ChrF score.ChrFScore `json:"chrf"`
}

// Speedup compares the two models at one provider and batch size: measured
// ratios (original time / pruned time, pruned tokens/s / original tokens/s)
// next to the FLOP-count bounds (original FLOPs / pruned FLOPs).
type Speedup struct {
	// Provider and Batch say where it was measured; Encoder, Step and
	// Tokens are the measured ratios for one encoder run, one decoder step
	// and generated tokens per second, each a ratio of the medians over
	// all runs.
	Provider string  `json:"provider"`
	Batch    int     `json:"batch"`
	Encoder  float64 `json:"encoder,omitempty"`
	Step     float64 `json:"step"`
	Tokens   float64 `json:"tokens_per_sec"`
	// Rounds is the number of interleaved rounds; with two or more,
	// EncoderPaired, StepPaired and TokensPaired are the paired ratios:
	// the median over rounds of the ratio within each round (original and
	// pruned timed back to back under the same load).
	Rounds        int     `json:"rounds,omitempty"`
	EncoderPaired float64 `json:"encoder_paired,omitempty"`
	StepPaired    float64 `json:"step_paired,omitempty"`
	TokensPaired  float64 `json:"tokens_per_sec_paired,omitempty"`
	// EncoderSpeedup, StepSpeedup and TokensSpeedup are the ratios the
	// reports show: each with its spread, or marked unchanged.
	EncoderSpeedup Ratio `json:"encoder_speedup"`
	StepSpeedup    Ratio `json:"step_speedup"`
	TokensSpeedup  Ratio `json:"tokens_per_sec_speedup"`
	// Bounds from the FLOP counts at batch 1 (FLOPs scale with the batch).
	EncoderBound  float64 `json:"encoder_flop_bound,omitempty"`
	StepBound     float64 `json:"step_flop_bound"`
	PerTokenBound float64 `json:"per_token_flop_bound"`
}

// Report is verify.json.
type Report struct {
	// Format is the version of this layout (1); Created the UTC time of
	// the run (RFC 3339); ORT the ONNX Runtime version. Src, Refs and
	// Sentences are the test set, Search the decoding settings.
	Format    int           `json:"format"`
	Created   string        `json:"created"`
	ORT       string        `json:"onnxruntime"`
	Src       string        `json:"src"`
	Refs      []string      `json:"refs"`
	Sentences int           `json:"sentences"`
	Search    SearchOptions `json:"search"`

	// Original and Pruned describe the two models.
	Original ModelReport `json:"original"`
	Pruned   ModelReport `json:"pruned"`

	// BLEUDrop and ChrFDrop are original minus pruned (nil without refs).
	BLEUDrop *float64 `json:"bleu_drop,omitempty"`
	ChrFDrop *float64 `json:"chrf_drop,omitempty"`
	// Identical counts sentences translated to the same ids by both.
	Identical      int     `json:"identical"`
	IdenticalShare float64 `json:"identical_share"`
	// Logits compares teacher-forced logits on the original's translations.
	Logits *LogitDiff `json:"logits,omitempty"`
	// Equivalence is the gated-versus-pruned check, or why it did not run.
	Equivalence     *Equivalence `json:"equivalence,omitempty"`
	EquivalenceNote string       `json:"equivalence_note,omitempty"`
	// Speedups compare the two models per provider and batch size.
	Speedups []Speedup `json:"speedups,omitempty"`
	// EncoderUnchanged and DecoderUnchanged say why the pruning left the
	// encoder or the decoder (for a single graph: the model) as it was, or
	// are empty; an unchanged part gets no speedup.
	EncoderUnchanged string `json:"encoder_unchanged,omitempty"`
	DecoderUnchanged string `json:"decoder_unchanged,omitempty"`

	// MaxBLEUDrop and MaxLogitDiff are the thresholds applied (Config).
	MaxBLEUDrop  *float64 `json:"max_bleu_drop,omitempty"`
	MaxLogitDiff *float64 `json:"max_logit_diff,omitempty"`
	// Failures lists the thresholds missed; Passed is true when there are
	// none and the run finished.
	Failures []string `json:"failures"`
	Passed   bool     `json:"passed"`
	// Interrupted is set when the run was stopped; Stage says where.
	Interrupted bool   `json:"interrupted"`
	Stage       string `json:"stage"`
}

// Run compares the pruned model with the original: translations, scores,
// logits, equivalence, size, FLOPs and speed. It returns the report so far
// together with any error; after a cancelled context the report is marked
// Interrupted and holds everything finished before.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	r := &Report{Format: 1, Created: time.Now().UTC().Format(time.RFC3339), Src: cfg.Src, Refs: cfg.Refs,
		Search: cfg.Search, MaxBLEUDrop: cfg.MaxBLEUDrop, MaxLogitDiff: cfg.MaxLogitDiff, Failures: []string{}}
	err := run(ctx, cfg, r)
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		r.Interrupted = true
	}
	if err == nil {
		r.Stage = "done"
		r.Passed = len(r.Failures) == 0
	}
	return r, err
}

func (cfg *Config) logf(format string, args ...any) {
	if cfg.Log != nil {
		fmt.Fprintf(cfg.Log, format+"\n", args...)
	}
}

func run(ctx context.Context, cfg Config, r *Report) error {
	r.Stage = "inputs"
	if len(cfg.Providers) == 0 {
		cfg.Providers = []ortrun.Provider{ortrun.CPU}
	}
	if err := ortrun.Init(cfg.Model.Session.Library); err != nil {
		return err
	}
	r.ORT, _ = ortrun.Version()
	for _, p := range cfg.Providers {
		if err := ortrun.ProviderError(p); err != nil {
			return err
		}
	}
	lines, feats, refs, err := readInputs(cfg.Src, cfg.Refs)
	if err != nil {
		return err
	}
	var removedIn map[string]bool // the original's files that lose a head
	if cfg.Decision != nil {
		// The decision names heads of the original: check it before the
		// translations, which take minutes.
		files, err := expandPaths(cfg.Original, !cfg.Model.NoCache)
		if err != nil {
			return err
		}
		if removedIn, err = checkDecision(files, *cfg.Decision, &onnxio.LoadOptions{AllowDirs: cfg.Model.AllowDirs}, cfg.Model.Loaded); err != nil {
			return err
		}
	}
	r.Sentences = len(lines)
	mo := cfg.Model
	if feats != nil {
		r.Sentences = feats.N
		mo.Features, mo.FeaturesPath = feats, cfg.Src
	}
	mo.Session.Provider = cfg.Providers[0]
	if mo.NoCache {
		cfg.Search.NoCache = true
	}

	// Translations.
	var src [][]int64
	var hyps [2][]Hypothesis
	var models [2]*Model
	defer func() {
		for _, m := range models {
			if m != nil {
				m.Close()
			}
		}
	}()
	reports := [2]*ModelReport{&r.Original, &r.Pruned}
	// Both models open before any work, so that a bad file fails fast.
	r.Stage = "open models"
	for k, paths := range [2][]string{cfg.Original, cfg.Pruned} {
		name := [2]string{"original", "pruned"}[k]
		m, err := OpenModel(paths, mo)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		models[k] = m
		if err := m.CheckTeacherForcing(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if k == 0 {
			// What the pruned model, and the gated copy of the original,
			// do not say themselves (an output folder holds no config
			// files), the original says.
			sp := m.Specials
			mo.Fallback, mo.FallbackFrom = &sp, "the original model"
			if mo.MaxPositions == 0 {
				mo.MaxPositions = m.MaxPositions
			}
		}
		mr := reports[k]
		mr.Files, mr.Layout, mr.Specials, mr.SpecialsFrom, mr.FileBytes = m.Files, m.Layout, m.Specials.String(), m.SpecialsFrom, m.FileBytes
	}
	if r.EncoderUnchanged, r.DecoderUnchanged, err = unchangedParts(models[0].mf, models[1].mf, removedIn); err != nil {
		return err
	}
	if models[0].Specials != models[1].Specials {
		return fmt.Errorf("verify: special ids differ: original %s, pruned %s", models[0].Specials, models[1].Specials)
	}
	if feats != nil {
		src = FeatureRows(feats.N)
	} else if src, err = EncodeLines(lines, cfg.Tokenizer, models[0].Specials, cfg.SrcBOS, cfg.SrcEOS, cfg.Src); err != nil {
		return err
	}
	for k, m := range models {
		name := [2]string{"original", "pruned"}[k]
		mr := reports[k]
		r.Stage = "translate " + name
		cfg.logf("translating %d sentences with the %s model %s", len(src), name, m)
		t0 := time.Now()
		h, err := m.Translate(ctx, src, cfg.Search)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		mr.TranslateSeconds = time.Since(t0).Seconds()
		hyps[k] = h
		mr.Hypotheses = make([]string, len(h))
		for i, x := range h {
			mr.Hypotheses[i] = DecodeIDs(x.Tokens, cfg.Tokenizer, m.Specials)
			mr.Tokens += len(x.Tokens)
		}
	}

	// Scores and agreement.
	r.Stage = "scores"
	r.Identical = Identical(hyps[0], hyps[1])
	r.IdenticalShare = float64(r.Identical) / float64(len(src))
	if len(refs) > 0 {
		for _, mr := range reports {
			b, err := cfg.BLEU.Corpus(mr.Hypotheses, refs)
			if err != nil {
				return err
			}
			c, err := cfg.ChrF.Corpus(mr.Hypotheses, refs)
			if err != nil {
				return err
			}
			mr.Scores = &Scores{BLEU: b, ChrF: c}
		}
		bd := r.Original.Scores.BLEU.Score - r.Pruned.Scores.BLEU.Score
		cd := r.Original.Scores.ChrF.Score - r.Pruned.Scores.ChrF.Score
		r.BLEUDrop, r.ChrFDrop = &bd, &cd
	}
	r.Stage = "logits"
	cfg.logf("comparing teacher-forced logits on the original's translations")
	tgt := make([][]int64, len(hyps[0]))
	for i, h := range hyps[0] {
		tgt[i] = h.Tokens
	}
	if r.Logits, err = CompareLogits(ctx, models[0], models[1], src, tgt, max(cfg.Search.Batch, 1)); err != nil {
		return err
	}
	// Sessions go before the oracle loads two more models (sizes are read
	// from the files).
	for _, m := range models {
		m.Close()
	}
	r.Stage = "equivalence"
	if cfg.Decision != nil {
		tol := max(cfg.EquivalenceTol, 0)
		cfg.logf("checking the pruned model against the gated original")
		if r.Equivalence, err = checkEquivalence(ctx, cfg, mo, src, tgt, tol); err != nil {
			return fmt.Errorf("equivalence: %w", err)
		}
	} else {
		r.EquivalenceNote = "not run: give the removed heads (--remove or --gates) to compare the gated original with the pruned model"
	}

	// Size and FLOPs.
	r.Stage = "size"
	for k, m := range models {
		mr := reports[k]
		if mr.Params, err = m.CountParams(); err != nil {
			return err
		}
	}
	models = [2]*Model{}

	// Speed, per provider: the two models interleaved in rounds, so that
	// both see the same load, each job alone in memory for its peak RSS
	// (in a process of its own when cfg.BenchRunner provides one).
	if !cfg.SkipBench {
		runner := cfg.BenchRunner
		if runner == nil {
			runner = RunBenchJob
		}
		lib := ortrun.Library()
		for _, p := range cfg.Providers {
			var jobs [2]BenchJob
			for k := range jobs {
				job := BenchJob{Files: reports[k].Files, Model: mo, Src: src, Bench: cfg.Bench}
				job.Model.Session.Provider = p
				job.Model.Session.Library = lib
				job.Model.Fallback, job.Model.Overrides = nil, reports[k].Specials
				job.Bench.Search = cfg.Search
				jobs[k] = job
			}
			b, err := benchRounds(ctx, runner, jobs, func(round, rounds, k int) {
				r.Stage = fmt.Sprintf("speed %s %s", p, modelNames[k])
				if rounds > 1 {
					r.Stage += fmt.Sprintf(" round %d/%d", round+1, rounds)
				}
				cfg.logf("timing the %s model on %s (round %d of %d)", modelNames[k], p, round+1, rounds)
			})
			if err != nil {
				return err
			}
			for k := range b {
				if reports[k].Bench == nil {
					reports[k].Bench = map[string]*Bench{}
				}
				reports[k].Bench[string(p)] = b[k]
			}
		}
	}
	r.Stage = "flops"
	if err := flopsAndSpeedups(ctx, cfg, r, mo, src, hyps[0]); err != nil {
		return err
	}
	r.Stage = "thresholds"
	if cfg.MaxBLEUDrop != nil && r.BLEUDrop != nil && *r.BLEUDrop > *cfg.MaxBLEUDrop {
		r.Failures = append(r.Failures, fmt.Sprintf("BLEU drop %.2f exceeds --max-bleu-drop %g (original %.2f, pruned %.2f)",
			*r.BLEUDrop, *cfg.MaxBLEUDrop, r.Original.Scores.BLEU.Score, r.Pruned.Scores.BLEU.Score))
	}
	if cfg.MaxLogitDiff != nil && r.Logits != nil && !(r.Logits.Max <= *cfg.MaxLogitDiff) {
		r.Failures = append(r.Failures, fmt.Sprintf("largest logit difference %.6g exceeds --max-logit-diff %g (sentence %d, position %d)",
			r.Logits.Max, *cfg.MaxLogitDiff, r.Logits.Sentence, r.Logits.Position))
	}
	if r.Equivalence != nil && !r.Equivalence.Passed {
		r.Failures = append(r.Failures, fmt.Sprintf("gated and pruned models differ by %.6g > %g", r.Equivalence.MaxAbsDiff, r.Equivalence.Tolerance))
	}
	return nil
}

// flopsAndSpeedups counts both models' FLOPs at the shape of the original's
// batch-1 benchmark (or of a median sentence) and fills the speedups.
func flopsAndSpeedups(ctx context.Context, cfg Config, r *Report, mo ModelOptions, src [][]int64, orig []Hypothesis) error {
	shape := FLOPShape{Batch: 1}
	if b := r.Original.Bench[string(cfg.Providers[0])]; b != nil && len(b.Batches) > 0 {
		bb := b.Batches[0]
		shape.SrcLen, shape.StepPast = bb.SrcLen, bb.StepPast
		shape.TgtLen = max(1, bb.Tokens/(bb.Batch*max(1, bb.PerRun)))
	} else {
		row := pickBatch(src, 1, false)[0]
		shape.SrcLen = len(row)
		for i := range src {
			if len(src[i]) == len(row) {
				shape.TgtLen = max(1, len(orig[i].Tokens))
				break
			}
		}
		shape.StepPast = min(16, shape.TgtLen-1)
	}
	if shape.TgtLen == 0 {
		shape.TgtLen = 1
	}
	var fl [2]*ModelFLOPs
	for k, paths := range [2][]string{cfg.Original, cfg.Pruned} {
		if err := ctx.Err(); err != nil {
			return err
		}
		files, err := expandPaths(paths, !mo.NoCache)
		if err != nil {
			return err
		}
		mf, err := detectLayout(files, mo.AllowDirs, mo.Loaded)
		if err != nil {
			return err
		}
		m := &Model{Files: files, Layout: mf.layout, mf: mf}
		if fl[k], err = m.CountFLOPs(shape, !cfg.Search.NoCache); err != nil {
			return err
		}
	}
	r.Original.FLOPs, r.Pruned.FLOPs = fl[0], fl[1]
	ratio := func(a, b float64) float64 {
		if a <= 0 || b <= 0 {
			return 0
		}
		return a / b
	}
	for _, p := range cfg.Providers {
		bo, bp := r.Original.Bench[string(p)], r.Pruned.Bench[string(p)]
		if bo == nil || bp == nil {
			continue
		}
		for i := range min(len(bo.Batches), len(bp.Batches)) {
			a, b := bo.Batches[i], bp.Batches[i]
			s := Speedup{Provider: string(p), Batch: a.Batch,
				Step:          ratio(a.Step.Median, b.Step.Median),
				Tokens:        ratio(b.TokensPerSec, a.TokensPerSec),
				StepBound:     ratio(float64(fl[0].Step.FLOPs), float64(fl[1].Step.FLOPs)),
				PerTokenBound: ratio(fl[0].PerToken, fl[1].PerToken),
			}
			if a.Encoder != nil && b.Encoder != nil {
				s.Encoder = ratio(a.Encoder.Median, b.Encoder.Median)
				s.EncoderBound = ratio(float64(fl[0].Encoder.FLOPs), float64(fl[1].Encoder.FLOPs))
			}
			s.StepSpeedup = timingRatio(a.Step, b.Step, 1)
			s.TokensSpeedup = timingRatio(a.Sentence, b.Sentence, ratio(float64(b.Tokens), float64(a.Tokens)))
			if a.Encoder != nil && b.Encoder != nil {
				s.EncoderSpeedup = timingRatio(*a.Encoder, *b.Encoder, 1)
			}
			if u := r.EncoderUnchanged; u != "" {
				s.EncoderSpeedup = Ratio{Unchanged: u}
			}
			if u := r.DecoderUnchanged; u != "" {
				s.StepSpeedup = Ratio{Unchanged: u}
				if r.EncoderUnchanged != "" || r.Original.Layout == LayoutSingle {
					s.TokensSpeedup = Ratio{Unchanged: "no part of the model changed"}
				}
			}
			if bo.Rounds > 1 && bo.Rounds == bp.Rounds {
				s.Rounds = bo.Rounds
				s.StepPaired = pairedRatio(a.Step, b.Step)
				// tokens/s = tokens / median: pruned over original.
				s.TokensPaired = pairedRatio(a.Sentence, b.Sentence) * ratio(float64(b.Tokens), float64(a.Tokens))
				if a.Encoder != nil && b.Encoder != nil {
					s.EncoderPaired = pairedRatio(*a.Encoder, *b.Encoder)
				}
			}
			r.Speedups = append(r.Speedups, s)
		}
	}
	return nil
}

// readInputs reads the source and reference files: the source (text, or
// features from a .npy file) must not be empty and every reference must
// have a line per source sentence or utterance.
func readInputs(srcPath string, refPaths []string) ([]string, *features.Features, [][]string, error) {
	var lines []string
	var feats *features.Features
	var err error
	n := 0
	if features.IsFile(srcPath) {
		if feats, err = features.Read(srcPath); err != nil {
			return nil, nil, nil, fmt.Errorf("verify: source: %w", err)
		}
		n = feats.N
	} else {
		if lines, err = score.ReadLines(srcPath); err != nil {
			return nil, nil, nil, fmt.Errorf("verify: source: %w", err)
		}
		if len(lines) == 0 {
			return nil, nil, nil, fmt.Errorf("verify: source %s is empty", srcPath)
		}
		n = len(lines)
	}
	refs := make([][]string, len(refPaths))
	for k, p := range refPaths {
		if refs[k], err = score.ReadLines(p); err != nil {
			return nil, nil, nil, fmt.Errorf("verify: reference: %w", err)
		}
		if len(refs[k]) != n {
			return nil, nil, nil, fmt.Errorf("verify: reference %s has %d lines but source %s has %d", p, len(refs[k]), srcPath, n)
		}
	}
	return lines, feats, refs, nil
}

// EncodeLines turns text lines into framed source ids with tok, or parses
// space-separated ids when tok is nil. name is the file, for errors.
func EncodeLines(lines []string, tok tokenize.Tokenizer, sp tokenize.Specials, bos, eos bool, name string) ([][]int64, error) {
	out := make([][]int64, len(lines))
	for i, l := range lines {
		var ids []int64
		if tok == nil {
			for _, w := range strings.Fields(l) {
				v, err := strconv.ParseInt(w, 10, 64)
				if err != nil || v < 0 {
					return nil, fmt.Errorf("verify: %s:%d: %q is not a token id", name, i+1, w)
				}
				ids = append(ids, v)
			}
		} else {
			var err error
			if ids, err = tok.Encode(l); err != nil {
				return nil, fmt.Errorf("verify: %s:%d: %w", name, i+1, err)
			}
		}
		out[i] = tokenize.Frame(ids, sp, bos, eos)
		if len(out[i]) == 0 {
			return nil, fmt.Errorf("verify: %s:%d: empty line and no BOS/EOS to frame it", name, i+1)
		}
	}
	return out, nil
}

// DecodeIDs turns generated ids into a line: cut at EOS, specials dropped,
// then decoded with tok, or written as space-separated ids when tok is nil.
func DecodeIDs(ids []int64, tok tokenize.Tokenizer, sp tokenize.Specials) string {
	ids = tokenize.StripSpecials(ids, sp)
	if tok == nil {
		s := make([]string, len(ids))
		for i, v := range ids {
			s[i] = strconv.FormatInt(v, 10)
		}
		return strings.Join(s, " ")
	}
	return tok.Decode(ids)
}
