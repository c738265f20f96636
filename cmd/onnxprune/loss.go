package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/internal/features"
	"onnxprune/ortrun"
	"onnxprune/pipeline"
	"onnxprune/verify"
	"onnxprune/verify/score"
)

// lossOptions holds the flags of `onnxprune loss`.
type lossOptions struct {
	model     modelFlags
	dev       dataSet
	limit     int
	maxTokens int
	json      bool
}

func lossCommand() command {
	c := command{
		name:  "loss",
		short: "teacher-forced dev loss (cross-entropy per target token) of a model on sentence pairs",
		usage: "loss MODEL | ENCODER DECODER --dev SRC,TGT [--tokenizer FILE] [--max-sentences N] [--json] [flags]",
		long: `Compute the teacher-forced cross-entropy of a translation model on sentence pairs
(--dev SRC,TGT, one sentence a line): the source framed with EOS, the decoder fed the
decoder start id and the target, the labels the target and EOS, as onnxprune train
frames them. The result is the sum of -log p(label) over every target token, EOS
included, divided by their number (PyTorch's cross_entropy with reduction "sum" over
the set, divided by the non-padding labels; no label smoothing), the figure a
training script reports as its dev loss. Only the forward pass runs, in batches of
at most --max-tokens padded tokens; no gradient, relevance or role is computed
(onnxprune analyze does those, and reports a per-sentence mean loss besides).

MODEL is one ONNX file holding the whole model (source ids [+ mask], decoder input ids
→ logits) or an encoder and a decoder file (Optimum's encoder_model.onnx and
decoder_model.onnx, in that order, or their folder), joined into one graph first.
Special ids come from the model's metadata_props, then config.json, then the
tokenizer; --specials overrides them. It prints one line, or with --json a document
with the model, the data, the sentence and token counts and the loss.`,
		example: `  bin/onnxprune loss models/reference --dev models/demo/slice/bible-dev.en,models/demo/slice/bible-dev.es \
      --tokenizer models/corpus/spm8k.model --max-sentences 20
  bin/onnxprune loss models/planted/planted_ungated.onnx --ids --specials pad=0,bos=1,eos=2,decoder-start=1 \
      --dev models/demo/slice/planted-dev.src,models/demo/slice/planted-dev.tgt --json`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o lossOptions
		fs := newFlagSet(c, stdout)
		dep := newDeprecations(fs, stderr)
		fs.Var(&o.dev, "dev", "development set SRC,TGT: source and reference target sentences, one a line")
		fs.IntVar(&o.limit, "max-sentences", 0, maxSentHelp)
		fs.IntVar(&o.maxTokens, "max-tokens", 4096, "padded tokens per batch (rows × longest sentence)")
		fs.BoolVar(&o.json, "json", false, "print a JSON document instead of a line")
		o.model.bind(fs, dep)
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		models, _, err := expandJoinArgs(fs.Args(), false)
		if err != nil {
			return err
		}
		if len(models) == 0 || len(models) > 2 {
			return &usageError{msg: "loss needs MODEL (one file) or ENCODER DECODER"}
		}
		return o.run(ctx, models, stdout)
	}
	return c
}

// lossReport is the --json document of `onnxprune loss`.
type lossReport struct {
	Model     string `json:"model"`
	Dev       string `json:"dev"`
	Sentences int    `json:"sentences"`
	// Tokens counts the target tokens the loss averages over (EOS
	// included).
	Tokens   int     `json:"tokens"`
	Loss     float64 `json:"loss"`
	Provider string  `json:"provider"`
}

func (o *lossOptions) run(ctx context.Context, models []string, stdout io.Writer) error {
	srcPath, tgtPath := o.dev.src, o.dev.tgt()
	switch {
	case o.dev.empty() || o.dev.pair("dev") != nil:
		return &usageError{msg: "loss needs --dev SRC,TGT (a source and a target file)"}
	case o.limit < 0:
		return &usageError{msg: "--max-sentences must not be negative"}
	case o.maxTokens <= 0:
		return &usageError{msg: "--max-tokens must be positive"}
	case o.model.noSrcEOS:
		return &usageError{msg: "--no-src-eos: loss ends every source with EOS, as onnxprune train does"}
	case features.IsFile(srcPath):
		return &usageError{msg: fmt.Sprintf("--dev %s: loss reads sources of text or token ids, not speech features", srcPath)}
	}
	so, err := o.model.sessionOptions()
	if err != nil {
		return err
	}
	if err := ortrun.CheckOptions(so); err != nil {
		return err
	}
	var lines [2][]string
	for i, p := range []string{srcPath, tgtPath} {
		if lines[i], err = score.ReadLines(p); err != nil {
			return fmt.Errorf("--dev: %w", err)
		}
	}
	if len(lines[0]) != len(lines[1]) {
		return fmt.Errorf("--dev: %s has %d lines, %s %d", srcPath, len(lines[0]), tgtPath, len(lines[1]))
	}
	if o.limit > 0 && len(lines[0]) > o.limit {
		lines[0], lines[1] = lines[0][:o.limit], lines[1][:o.limit]
	}
	tok, err := o.model.tokenizer(models)
	if err != nil {
		return err
	}
	// The special ids are resolved as translate and analyze resolve them.
	vm, err := o.model.openModel(models, tok, nil)
	if err != nil {
		return err
	}
	sp := vm.Specials
	vm.Close()
	src, err := verify.EncodeLines(lines[0], tok, sp, o.model.srcBOS, false, srcPath)
	if err != nil {
		return err
	}
	tgt, err := verify.EncodeLines(lines[1], tok, sp, false, false, tgtPath)
	if err != nil {
		return err
	}
	corpus, err := gatetrain.NewCorpus(src, tgt, srcPath, tgtPath)
	if err != nil {
		return err
	}

	joined, err := pipeline.LoadJoined(models, o.model.allowDirs)
	if err != nil {
		return err
	}
	defer joined.Close()
	g, name := joined.Graph, joined.Name
	if gates, err := gatetrain.FindGates(g, nil); err == nil && len(gates) > 0 {
		return fmt.Errorf("%s: a gated model (input %s): give the model without gates, or pruned", name, gates[0].Name)
	}
	roles, err := gatetrain.BuildLossGraph(g, graphedit.IORoles{})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := gatetrain.CheckSource(g, roles.Src, corpus); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	lm, err := joined.Model()
	if err != nil {
		return err
	}
	defer lm.Close()
	g.Store(lm)
	data, err := lm.Marshal()
	if err != nil {
		return fmt.Errorf("%s: serializing the loss graph: %w", name, err)
	}
	lso := so
	lso.Name = name + " (loss graph)"
	sess, err := ortrun.NewSessionFromBytes(data, lso)
	if err != nil {
		return err
	}
	defer sess.Close()
	b := &gatetrain.Batcher{Corpus: corpus, MaxTokens: o.maxTokens, Window: len(corpus.Pairs),
		Specials: sp}
	loss, tokens, err := gatetrain.CorpusLoss(ctx, sess, roles, b)
	if err != nil {
		return err
	}
	if o.json {
		js, err := json.MarshalIndent(lossReport{Model: name, Dev: o.dev.String(), Sentences: len(corpus.Pairs), Tokens: tokens,
			Loss: loss, Provider: string(providerOf(so))}, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", js)
		return err
	}
	_, err = fmt.Fprintf(stdout, "dev loss %.4f (cross-entropy per target token over %d tokens of %d sentence pairs, %s); %s\n",
		loss, tokens, len(corpus.Pairs), &o.dev, providerLine(so))
	return err
}

// providerOf returns the execution provider of o (cpu when unset).
func providerOf(o ortrun.Options) ortrun.Provider {
	if o.Provider == "" {
		return ortrun.CPU
	}
	return o.Provider
}
