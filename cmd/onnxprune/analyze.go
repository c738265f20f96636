package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"onnxprune/attribution"
	"onnxprune/gatesfile"
	"onnxprune/graphedit"
	"onnxprune/graphedit/structures"
	"onnxprune/internal/safefile"
	"onnxprune/ortrun"
	"onnxprune/pipeline"
	"onnxprune/verify"
	"onnxprune/verify/score"
	"onnxprune/verify/tokenize"
)

// analyzeOptions holds the flags of `onnxprune analyze`.
type analyzeOptions struct {
	model      modelFlags
	dev        dataSet
	overwrite  bool
	conllu     string
	freqCorpus string
	gates      string
	structures string
	limit      int
	out        string
	cfg        attribution.Config
}

func analyzeCommand() command {
	c := command{
		name:  "analyze",
		short: "rank heads (LRP relevance, gradient importance), confidence and roles (positional, syntactic, rare-word)",
		usage: "analyze MODEL | ENCODER DECODER --dev SRC,TGT [--conllu FILE] [--tokenizer FILE] -o DIR [flags]",
		long: `Analyze the attention heads of a translation model (Voita et al. 2019) on a set of
sentence pairs (--dev SRC,TGT), teacher-forced on the reference translation or, given
SRC alone, on the model's greedy translation.

For every head it measures:
  relevance    LRP relevance of the head to the top-1 logit at every decoding step:
               a modified backward graph run on ONNX Runtime (ε-rule for linear maps,
               attention probabilities and LayerNorm scale treated as constants),
               read at a gate g = 1 on the head's output as g·∂R/∂g, normalised over
               the heads of its layer, averaged over sentences
  importance   Michel et al. 2019: |∂L/∂g| at g = 1 for the cross-entropy loss,
               averaged, L2-normalised per layer
  confidence   mean maximum attention weight over queries (EOS left out)
  roles        positional: the maximum weight falls on the same relative position for
               at least --positional-min of the tokens; syntactic (encoder heads, with
               --conllu): for nsubj, obj, amod, advmod in both directions, the maximum
               weight (subwords merged into words: summed over the attended word's
               pieces, averaged over the attending word's) lands on the arc's other end
               --syntactic-margin more often than the best fixed offset does;
               rare-word (encoder heads): the maximum weight falls on the sentence's
               least frequent token (frequencies from --freq-corpus, default the
               source file) for at least --rare-word-min of the tokens

A SRC ending in .npy is speech features, float32 [utterances, mel bins, frames], for
a model whose encoder reads input_features (Whisper).

MODEL is one ONNX file holding the whole model (source ids [+ mask], decoder input ids
→ logits); an encoder and a decoder file (Optimum's encoder_model.onnx and
decoder_model.onnx, in that order, or a folder holding them) are joined into one
graph first. --conllu gives
dependency trees of the source sentences, one per line of SRC in order (--max-sentences
caps both); a tree whose
characters differ from its line (white space aside) is refused, naming it.

--structures heads,ffn,sublayers (or ffn:G, groups of G neurons) also gates the FFN
neurons and the sublayers in the analysis graph and measures each like a head:
importance (|∂L/∂g| averaged, L2-normalised over the units of its FFN, or over the
sublayers) and relevance (g·∂R/∂g under the same LRP rules, normalised by the sum
of absolute values over the same units); heads.json's units list has them, the
console and summary.md the most and least important units of each FFN and every
sublayer.

--gates gates.json (from onnxprune train) compares the heads the decision keeps with
those it removes: their mean relevance rank and the probability that a kept head is
more relevant than a removed one (the paper's claim: surviving heads rank high).

DIR receives heads.json (every measure of every head, and the conservation figures:
relevance summed at the embeddings, each encoder layer and the logits input, against
the top-1 logits and what biases absorbed), relevance.svg, importance.svg,
confidence.svg and roles.svg (layers × heads heatmaps) and summary.md; DIR must be
new or empty unless --overwrite, and a failed run leaves none of it. An interrupt
(SIGINT, SIGTERM) writes the report of the sentences done so far, marked partial.`,
		example: `  bin/onnxprune analyze models/reference --dev models/demo/slice/bible-dev.en,models/demo/slice/bible-dev.es \
      --tokenizer models/corpus/spm8k.model --max-sentences 3 -o /tmp/onnxprune-ex/analysis --overwrite
  bin/onnxprune analyze models/reference --tokenizer models/corpus/spm8k.model \
      --dev <(grep '^# text = ' models/data/ud-ewt/en_ewt-ud-dev.conllu | sed 's/^# text = //' | head -3) \
      --conllu models/data/ud-ewt/en_ewt-ud-dev.conllu --max-sentences 3 -o /tmp/onnxprune-ex/roles --overwrite
  bin/onnxprune analyze models/planted/planted_ungated.onnx --ids --specials pad=0,bos=1,eos=2,decoder-start=1 \
      --dev models/demo/slice/planted-dev.src,models/demo/slice/planted-dev.tgt -o /tmp/onnxprune-ex/planted-analysis --overwrite`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		o := analyzeOptions{cfg: attribution.DefaultConfig()}
		fs := newFlagSet(c, stdout)
		dep := newDeprecations(fs, stderr)
		fs.Var(&o.dev, "dev", "development set SRC,TGT analyzed, teacher-forced on TGT (SRC alone: on the model's greedy translations)")
		dep.custom("data", "--dev SRC,TGT", dataSetType, o.dev.Set)
		fs.StringVar(&o.conllu, "conllu", "", "CoNLL-U dependency trees of the analyzed sources, one per sentence (enables syntactic roles)")
		fs.StringVar(&o.freqCorpus, "freq-corpus", "", "text (or ids) to count token frequencies for the rare-word role (default: the source file)")
		fs.StringVar(&o.gates, "gates", "", "gates.json of a pruning decision: compare the kept heads' ranks with the removed heads'")
		fs.StringVar(&o.structures, "structures", "heads", structuresHelp)
		fs.IntVar(&o.limit, "max-sentences", 0, maxSentHelp)
		bindOutput(fs, dep, &o.out, "output folder for heads.json, the heatmaps and summary.md")
		fs.BoolVar(&o.overwrite, "overwrite", false, overwriteHelp)
		fs.Float64Var(&o.cfg.PositionalMin, "positional-min", o.cfg.PositionalMin, "share of tokens on one relative position for a positional head")
		fs.Float64Var(&o.cfg.SyntacticMargin, "syntactic-margin", o.cfg.SyntacticMargin, "lead over the best fixed-offset baseline for a syntactic head (0.10 = 10 points)")
		fs.IntVar(&o.cfg.MinArcs, "min-arcs", o.cfg.MinArcs, "least arcs of a relation and direction before a head can be syntactic for it")
		fs.Float64Var(&o.cfg.RareWordMin, "rare-word-min", o.cfg.RareWordMin, "share of tokens on the least frequent token for a rare-word head")
		o.model.bind(fs, dep)
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		if fs.NArg() == 0 || fs.NArg() > 2 {
			return &usageError{msg: "analyze needs MODEL (one file) or ENCODER DECODER"}
		}
		if o.dev.src == "" || o.out == "" {
			return &usageError{msg: "analyze needs --dev SRC,TGT and -o DIR"}
		}
		if len(o.dev.tgts) > 1 {
			return &usageError{msg: fmt.Sprintf("--dev %s: want SRC,TGT (one target file)", &o.dev)}
		}
		if o.limit < 0 || o.cfg.MinArcs < 0 {
			return &usageError{msg: "--max-sentences and --min-arcs must not be negative"}
		}
		for _, v := range []struct {
			name string
			x    float64
		}{{"--positional-min", o.cfg.PositionalMin}, {"--syntactic-margin", o.cfg.SyntacticMargin}, {"--rare-word-min", o.cfg.RareWordMin}} {
			if v.x < 0 || v.x > 1 {
				return &usageError{msg: fmt.Sprintf("%s %g is not in [0, 1]", v.name, v.x)}
			}
		}
		return o.run(ctx, fs.Args(), stdout, stderr)
	}
	return c
}

func (o *analyzeOptions) run(ctx context.Context, models []string, stdout, stderr io.Writer) error {
	models, _, err := expandJoinArgs(models, false)
	if err != nil {
		return err
	}
	so, err := o.model.sessionOptions()
	if err != nil {
		return err
	}
	if err := ortrun.CheckOptions(so); err != nil {
		return err
	}
	if err := o.model.text.check(); err != nil {
		return err
	}
	dir, err := claimOutputDir(o.out, o.overwrite, false)
	if err != nil {
		return err
	}
	srcPath, tgtPath := o.dev.src, o.dev.tgt()
	set, err := pipeline.ReadAnalysisSet(srcPath, tgtPath, o.conllu, o.limit)
	if err != nil {
		return fmt.Errorf("--dev: %w", err)
	}
	feats, srcLines, tgtLines, trees, allSrc, n := set.Features, set.SrcLines, set.TgtLines, set.Trees, set.AllSrc, set.N
	tok, err := o.model.tokenizer(models)
	if err != nil {
		return err
	}
	vm, err := o.model.openModel(models, tok, feats)
	if err != nil {
		return err
	}
	defer vm.Close()
	sp := vm.Specials
	fmt.Fprintf(stderr, "special ids: %s (from %s)\n", sp, orDefaults(vm.SpecialsFrom))
	src := verify.FeatureRows(n)
	if feats == nil {
		if src, err = verify.EncodeLines(srcLines, tok, sp, o.model.srcBOS, !o.model.noSrcEOS, srcPath); err != nil {
			return err
		}
	}
	var tgt [][]int64
	if tgtLines != nil {
		if tgt, err = verify.EncodeLines(tgtLines, tok, sp, false, false, tgtPath); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stderr, "translating %d sentences greedily for teacher forcing\n", len(src))
		search := verify.DefaultSearch()
		search.Beam = 1
		search.NoCache = o.model.noCache
		hyps, err := vm.Translate(ctx, src, search)
		if err != nil {
			return fmt.Errorf("translating %s: %w", srcPath, err)
		}
		for _, h := range hyps {
			tgt = append(tgt, tokenize.StripSpecials(h.Tokens, sp))
		}
	}
	if sp.Eos < 0 || sp.DecoderStart < 0 {
		return &usageError{msg: fmt.Sprintf("the model's special ids (%s) lack eos or decoder-start; give --specials", sp)}
	}

	// Token frequencies for the rare-word role.
	freqLines := allSrc
	if o.freqCorpus != "" {
		if freqLines, err = score.ReadLines(o.freqCorpus); err != nil {
			return fmt.Errorf("--freq-corpus: %w", err)
		}
	}
	freqIDs, err := verify.EncodeLines(freqLines, tok, sp, false, false, "frequency corpus")
	if err != nil {
		return err
	}
	cfg := pipeline.AnalysisConfig(o.cfg, sp, freqIDs)
	exs, unaligned := pipeline.AnalysisExamples(pipeline.AnalysisInput{Src: src, Tgt: tgt, Features: feats, SrcLines: srcLines, Trees: trees}, tok, sp)
	if unaligned > 0 {
		fmt.Fprintf(stderr, "%d of %d sentences: the tokenizer's pieces do not spell the tree's characters (normalization); their trees are left out\n", unaligned, len(src))
	}

	joined, err := pipeline.LoadJoined(models, o.model.allowDirs)
	if err != nil {
		return err
	}
	defer joined.Close()
	g, name := joined.Graph, joined.Name
	am, err := joined.Model()
	if err != nil {
		return err
	}
	defer am.Close()
	list, err := structures.ParseList(o.structures)
	if err != nil {
		return &usageError{msg: "--structures: " + err.Error()}
	}
	a, err := attribution.New(g, am, graphedit.IORoles{}, ortrun.Options{Library: so.Library, Provider: so.Provider, IntraOpThreads: so.IntraOpThreads, Name: name},
		attribution.Options{Structures: list})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer a.Close()
	a.Progress = func(done, total int) {
		if done%50 == 0 || done == total {
			fmt.Fprintf(stderr, "analyzed %d/%d sentences\n", done, total)
		}
	}
	var keep map[string]bool
	if o.gates != "" {
		gf, err := gatesfile.Read(o.gates)
		if err != nil {
			return fmt.Errorf("--gates: %w", err)
		}
		keep = map[string]bool{}
		for _, h := range gf.Heads {
			keep[h.Name] = h.Keep
		}
	}
	rep, runErr := a.Analyze(ctx, exs, cfg)
	if rep == nil {
		return runErr
	}
	if keep != nil {
		if rep.Pruning, err = attribution.CompareKeep(rep, keep); err != nil {
			return fmt.Errorf("--gates %s: %w", o.gates, err)
		}
	}
	if err := writeAnalysis(o.out, rep, name, o); err != nil {
		dir.release(false)
		return err
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "interrupted: partial report of %d sentences in %s\n", rep.Examples, o.out)
		return runErr
	}
	fmt.Fprintf(stdout, "analyzed %d sentences, %d heads; report in %s; %s\n", rep.Examples, len(rep.Heads), o.out, providerLine(so))
	for _, c := range rep.Conservation {
		fmt.Fprintf(stdout, "  relevance at %-40s %.4f of the top-1 logits, biases absorb %.4f\n", c.Cut, c.MeanRatio, c.BiasShare)
	}
	if p := rep.Pruning; p != nil {
		fmt.Fprintf(stdout, "  %d kept heads rank %.1f on average, %d removed %.1f; P(kept more relevant than removed) = %.3f (importance: %.3f)\n",
			p.Kept, p.MeanRankKept, p.Removed, p.MeanRankRemoved, p.AUCRelevance, p.AUCImportance)
	}
	fmt.Fprintf(stdout, "  most relevant heads:")
	for r := 1; r <= min(5, len(rep.Heads)); r++ {
		for _, h := range rep.Heads {
			if h.Rank == r {
				fmt.Fprintf(stdout, " %s (%.3f)", h.Name, h.Relevance)
			}
		}
	}
	fmt.Fprintln(stdout)
	for _, l := range attribution.UnitLines(rep.Units, 3) {
		fmt.Fprintln(stdout, "  "+l)
	}
	return nil
}

// analysisFile is heads.json.
type analysisFile struct {
	Model  string `json:"model"`
	Data   string `json:"data"`
	Conllu string `json:"conllu,omitempty"`
	*attribution.Report
}

func writeAnalysis(dir string, rep *attribution.Report, model string, o *analyzeOptions) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(analysisFile{Model: model, Data: o.dev.String(), Conllu: o.conllu, Report: rep}, "", "  ")
	if err != nil {
		return err
	}
	files, err := attribution.ReportFiles(rep, model)
	if err != nil {
		return err
	}
	files["heads.json"] = append(js, '\n')
	for _, n := range append([]string{"heads.json"}, attribution.ReportFileNames...) {
		if err := safefile.WriteFileAtomic(filepath.Join(dir, n), files[n]); err != nil {
			return err
		}
	}
	return nil
}

// orDefaults names where special ids came from: from, or "defaults" when no
// source gave any.
func orDefaults(from string) string {
	if from == "" {
		return "defaults"
	}
	return from
}
