package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"onnxprune/verify/score"
)

// scoreOptions holds the flags of `onnxprune score`.
type scoreOptions struct {
	refs          []string
	hyps          []string
	hyp           string
	metrics       []string
	tokenize      string
	lowercase     bool
	smoothMethod  string
	smoothValue   float64
	smoothValueOn bool
	chrfCharOrder int
	chrfWordOrder int
	chrfBeta      int
	chrfSpace     bool
	sentenceLevel bool
	width         int
	json          bool
	pairedBS      bool
	bootstrap     score.Bootstrap

	bleu score.BLEU
	chrf score.ChrF
}

func scoreCommand() command {
	c := command{
		name:  "score",
		short: "BLEU and chrF of a hypothesis file, identical to sacreBLEU " + score.SacreBLEUVersion,
		usage: "score --ref REF [--ref REF2 ...] --hyp HYP [--hyp HYP2 ... --paired-bs] [flags]",
		long: `Score a file of translations against one or more reference files, one segment a
line, with corpus BLEU and chrF exactly as sacreBLEU ` + score.SacreBLEUVersion + ` computes them (the same
tokenizers, smoothing, brevity penalty and signatures, at full float64 precision).

Files are read as sacreBLEU reads them: UTF-8, lines split at "\n" only, trailing
whitespace removed; a name ending in .gz is decompressed. Every reference file must
have as many lines as the hypothesis file.

Text output is sacreBLEU's "-f text" output: one line per metric with the signature,
the score with --width decimals (sacreBLEU's command line default: 1) and, for BLEU,
the n-gram precisions, brevity penalty and lengths. --json prints the scores as
numbers at full precision with their signatures and every statistic.

--lowercase applies to both metrics (sacreBLEU has -lc for BLEU and --chrf-lowercase
for chrF). --sentence-level scores every line on its own, with BLEU's effective
order on, as sacreBLEU's -sl does; it takes a single metric.

--paired-bs compares two or more systems, each given by its own --hyp (the first is
the baseline), with sacreBLEU's paired bootstrap resampling test (--paired-bs): for
every system the score, the mean μ of its resampled scores and the half-width of
their 95% interval, and for every system but the baseline the p-value of its
difference from the baseline (* marks p ≤ 0.05). The resamples are drawn as
sacreBLEU draws them, with NumPy's default_rng seeded by --seed (sacreBLEU's
SACREBLEU_SEED, default 12345), --paired-bs-n of them (default 1000), the same
ones for every system. The numbers equal sacreBLEU ` + score.SacreBLEUVersion + `'s to the last bit; the
text output is its table, explanation and signatures. A system is named by its --hyp value; NAME=FILE names it NAME
(unless the whole value is an existing file).`,
		example: `  bin/onnxprune score --ref verify/score/testdata/bootstrap/ref.es --hyp verify/score/testdata/bootstrap/greedy.es
  bin/onnxprune score --ref verify/score/testdata/corpora/mixed.ref1 --ref verify/score/testdata/corpora/mixed.ref2 \
      --hyp verify/score/testdata/corpora/mixed.hyp --metrics bleu --tokenize intl --lowercase
  bin/onnxprune score --ref verify/score/testdata/bootstrap/ref.es --hyp verify/score/testdata/bootstrap/beam4.es \
      --metrics chrf --chrf-word-order 2 --json
  bin/onnxprune score --ref verify/score/testdata/bootstrap/ref.es --hyp verify/score/testdata/bootstrap/beam4.es \
      --metrics bleu --sentence-level | head -3
  bin/onnxprune score --ref verify/score/testdata/bootstrap/ref.es --hyp greedy=verify/score/testdata/bootstrap/greedy.es \
      --hyp beam4=verify/score/testdata/bootstrap/beam4.es --paired-bs --json`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o scoreOptions
		fs := newFlagSet(c, stdout)
		fs.StringArrayVar(&o.refs, "ref", nil, "reference file (repeat for several references)")
		fs.StringArrayVar(&o.hyps, "hyp", nil, "hypothesis file: the translations to score (repeat for --paired-bs; NAME=FILE names a system)")
		fs.StringSliceVar(&o.metrics, "metrics", []string{"bleu", "chrf"}, "metrics to compute: bleu, chrf (comma-separated)")
		fs.StringVar(&o.tokenize, "tokenize", string(score.Tokenize13a), "BLEU tokenizer: 13a, intl, none or char")
		fs.BoolVar(&o.lowercase, "lowercase", false, "lowercase hypotheses and references first (both metrics)")
		fs.StringVar(&o.smoothMethod, "smooth-method", string(score.SmoothExp), "BLEU smoothing: exp, floor, add-k or none")
		fs.Float64Var(&o.smoothValue, "smooth-value", 0, "value for floor (default 0.1) and add-k (default 1) smoothing")
		fs.IntVar(&o.chrfCharOrder, "chrf-char-order", score.DefaultCharOrder, "chrF character n-gram order")
		fs.IntVar(&o.chrfWordOrder, "chrf-word-order", 0, "chrF word n-gram order (2 gives chrF++)")
		fs.IntVar(&o.chrfBeta, "chrf-beta", score.DefaultBeta, "chrF β: weight of recall against precision")
		fs.BoolVar(&o.chrfSpace, "chrf-whitespace", false, "keep whitespace in chrF character n-grams")
		fs.BoolVar(&o.sentenceLevel, "sentence-level", false, "score each line on its own (one metric only)")
		fs.IntVar(&o.width, "width", 1, "decimals of the scores in text output")
		fs.BoolVar(&o.json, "json", false, "print JSON with full-precision scores, signatures and statistics")
		fs.BoolVar(&o.pairedBS, "paired-bs", false, "paired bootstrap resampling test of the --hyp systems against the first")
		fs.IntVar(&o.bootstrap.Resamples, "paired-bs-n", score.DefaultBootstrapResamples, "number of bootstrap resamples")
		fs.Uint64Var(&o.bootstrap.Seed, "seed", score.DefaultBootstrapSeed, "seed of the bootstrap's random draws (sacreBLEU's SACREBLEU_SEED)")
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		o.smoothValueOn = fs.Changed("smooth-value")
		if !o.pairedBS && (fs.Changed("seed") || fs.Changed("paired-bs-n")) {
			return &usageError{msg: "--seed and --paired-bs-n need --paired-bs"}
		}
		if fs.NArg() > 0 {
			return &usageError{msg: fmt.Sprintf("score takes no arguments, got %q (use --ref and --hyp)", fs.Args())}
		}
		if err := o.validate(); err != nil {
			return err
		}
		return o.run(ctx, stdout)
	}
	return c
}

// validate checks the flags and fills in the metric options.
func (o *scoreOptions) validate() error {
	if len(o.refs) == 0 {
		return &usageError{msg: "score needs at least one --ref"}
	}
	switch {
	case len(o.hyps) == 0:
		return &usageError{msg: "score needs --hyp"}
	case o.pairedBS && len(o.hyps) < 2:
		return &usageError{msg: "--paired-bs needs two or more --hyp files (the first is the baseline)"}
	case !o.pairedBS && len(o.hyps) > 1:
		return &usageError{msg: fmt.Sprintf("%d --hyp files need --paired-bs (score one file at a time otherwise)", len(o.hyps))}
	case o.pairedBS && o.sentenceLevel:
		return &usageError{msg: "--paired-bs and --sentence-level do not go together"}
	case o.pairedBS && o.bootstrap.Resamples < 1:
		return &usageError{msg: fmt.Sprintf("--paired-bs-n %d is not a positive number of resamples", o.bootstrap.Resamples)}
	case o.pairedBS && o.bootstrap.Seed == 0:
		return &usageError{msg: "--seed 0 is not supported: sacreBLEU draws from fresh entropy for seed 0"}
	}
	o.hyp = o.hyps[0]
	if len(o.metrics) == 0 {
		return &usageError{msg: "--metrics is empty (want bleu, chrf or both)"}
	}
	for i, m := range o.metrics {
		m = strings.ToLower(strings.TrimSpace(m))
		if m != "bleu" && m != "chrf" {
			return &usageError{msg: fmt.Sprintf("unknown metric %q in --metrics (want bleu, chrf)", o.metrics[i])}
		}
		o.metrics[i] = m
	}
	o.metrics = slices.Compact(slices.Sorted(slices.Values(o.metrics))) // sacreBLEU prints BLEU before chrF
	if o.sentenceLevel && len(o.metrics) != 1 {
		return &usageError{msg: "--sentence-level takes exactly one metric in --metrics"}
	}
	if o.width < 0 || o.width > 17 {
		return &usageError{msg: fmt.Sprintf("--width %d is outside 0..17", o.width)}
	}
	tok, err := score.ParseTokenizer(o.tokenize)
	if err != nil {
		return &usageError{msg: fmt.Sprintf("--tokenize %q is not one of 13a, intl, none, char", o.tokenize)}
	}
	o.bleu = score.BLEU{Tokenizer: tok, Lowercase: o.lowercase, Smooth: score.SmoothMethod(o.smoothMethod),
		EffectiveOrder: o.sentenceLevel}
	if o.smoothValueOn {
		v := o.smoothValue
		o.bleu.SmoothValue = &v
	}
	if err := o.bleu.Validate(); err != nil {
		return &usageError{msg: err.Error()}
	}
	if o.chrfCharOrder < 1 || o.chrfWordOrder < 0 || o.chrfBeta < 1 {
		return &usageError{msg: fmt.Sprintf("chrF needs --chrf-char-order ≥ 1, --chrf-word-order ≥ 0 and --chrf-beta ≥ 1 (got %d, %d, %d)",
			o.chrfCharOrder, o.chrfWordOrder, o.chrfBeta)}
	}
	o.chrf = score.ChrF{CharOrder: o.chrfCharOrder, WordOrder: o.chrfWordOrder, Beta: o.chrfBeta,
		Lowercase: o.lowercase, Whitespace: o.chrfSpace}
	return nil
}

// readStreams reads the hypothesis and reference files and checks that they
// have the same, non-zero number of lines.
func (o *scoreOptions) readStreams() ([]string, [][]string, error) {
	hyps, err := score.ReadLines(o.hyp)
	if err != nil {
		return nil, nil, fmt.Errorf("--hyp: %w", err)
	}
	if len(hyps) == 0 {
		return nil, nil, fmt.Errorf("--hyp %s has no lines", o.hyp)
	}
	refs := make([][]string, len(o.refs))
	for k, path := range o.refs {
		if refs[k], err = score.ReadLines(path); err != nil {
			return nil, nil, fmt.Errorf("--ref: %w", err)
		}
		if len(refs[k]) != len(hyps) {
			return nil, nil, fmt.Errorf("--ref %s has %d lines but --hyp %s has %d", path, len(refs[k]), o.hyp, len(hyps))
		}
	}
	return hyps, refs, nil
}

// scoreJSON is the --json document.
type scoreJSON struct {
	Hyp      string   `json:"hyp"`
	Refs     []string `json:"refs"`
	Segments int      `json:"segments"`
	// BLEU and ChrF are the corpus scores at full precision.
	BLEU          *float64         `json:"bleu,omitempty"`
	BLEUSignature string           `json:"bleu_signature,omitempty"`
	BLEUDetails   *score.BLEUScore `json:"bleu_details,omitempty"`
	ChrF          *float64         `json:"chrf,omitempty"`
	ChrFName      string           `json:"chrf_name,omitempty"`
	ChrFSignature string           `json:"chrf_signature,omitempty"`
	ChrFDetails   *score.ChrFScore `json:"chrf_details,omitempty"`
	// Sentences holds the per-line scores with --sentence-level.
	Sentences []float64 `json:"sentences,omitempty"`
}

func (o *scoreOptions) run(ctx context.Context, stdout io.Writer) error {
	if o.pairedBS {
		return o.runPaired(ctx, stdout)
	}
	hyps, refs, err := o.readStreams()
	if err != nil {
		return err
	}
	if o.sentenceLevel {
		return o.runSentences(ctx, stdout, hyps, refs)
	}
	doc := scoreJSON{Hyp: o.hyp, Refs: o.refs, Segments: len(hyps)}
	var lines []string
	for _, m := range o.metrics {
		if err := ctx.Err(); err != nil {
			return err
		}
		switch m {
		case "bleu":
			s, err := o.bleu.Corpus(hyps, refs)
			if err != nil {
				return err
			}
			doc.BLEU, doc.BLEUSignature, doc.BLEUDetails = &s.Score, s.Signature, &s
			lines = append(lines, s.Format(o.width))
		case "chrf":
			s, err := o.chrf.Corpus(hyps, refs)
			if err != nil {
				return err
			}
			doc.ChrF, doc.ChrFName, doc.ChrFSignature, doc.ChrFDetails = &s.Score, s.Name, s.Signature, &s
			lines = append(lines, s.Format(o.width))
		}
	}
	if o.json {
		return writeJSON(stdout, doc)
	}
	for _, l := range alignScoreLines(lines) {
		if _, err := fmt.Fprintln(stdout, l); err != nil {
			return err
		}
	}
	return nil
}

// runSentences prints one line per segment, as sacreBLEU's -sl does.
func (o *scoreOptions) runSentences(ctx context.Context, stdout io.Writer, hyps []string, refs [][]string) error {
	doc := scoreJSON{Hyp: o.hyp, Refs: o.refs, Segments: len(hyps), Sentences: make([]float64, 0, len(hyps))}
	segRefs := make([]string, len(refs))
	var text strings.Builder
	for i, h := range hyps {
		if err := ctx.Err(); err != nil {
			return err
		}
		for k := range refs {
			segRefs[k] = refs[k][i]
		}
		if o.metrics[0] == "bleu" {
			s, err := o.bleu.Sentence(h, segRefs)
			if err != nil {
				return err
			}
			doc.Sentences = append(doc.Sentences, s.Score)
			doc.BLEUSignature = s.Signature
			text.WriteString(s.Format(o.width) + "\n")
		} else {
			s, err := o.chrf.Sentence(h, segRefs)
			if err != nil {
				return err
			}
			doc.Sentences = append(doc.Sentences, s.Score)
			doc.ChrFName, doc.ChrFSignature = s.Name, s.Signature
			text.WriteString(s.Format(o.width) + "\n")
		}
	}
	if o.json {
		return writeJSON(stdout, doc)
	}
	_, err := io.WriteString(stdout, text.String())
	return err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// alignScoreLines right-aligns the part of each line before " = " so the
// equals signs line up, as sacreBLEU does when it prints several metrics.
func alignScoreLines(lines []string) []string {
	if len(lines) < 2 {
		return lines
	}
	w := 0
	cut := make([]int, len(lines))
	for i, l := range lines {
		cut[i] = strings.Index(l, "=") - 1
		w = max(w, utf8.RuneCountInString(l[:cut[i]]))
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		left := l[:cut[i]]
		out[i] = strings.Repeat(" ", w-utf8.RuneCountInString(left)) + left + l[cut[i]:]
	}
	return out
}
