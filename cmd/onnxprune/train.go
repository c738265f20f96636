package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/pipeline"
	"onnxprune/verify"
	"onnxprune/verify/tokenize"
)

// trainOptions holds the flags of `onnxprune train`.
type trainOptions struct {
	model, decoder           string
	train, dev               dataSet
	text                     textFlags
	budget                   verify.BudgetTarget
	attention                string
	structures               string
	trainWeights             string
	weightParts              gatetrain.WeightParts
	srcInput, tgtInput, mask string
	maxTokens, window        int
	smoothing                float64
	schedule                 string
	warmup                   int
	out                      string
	overwrite, resume        bool
	session                  sessionFlags
	logEvery                 int
	seed                     uint64
	allowDirs                []string
	cfg                      gatetrain.Config
	// costFiles are the model's files a budget is counted on: with the
	// model given as a folder, all of its export's files, so that a
	// decoder_with_past file's cache counts.
	costFiles []string
}

func trainCommand() command {
	c := command{
		name:  "train",
		short: "train Hard Concrete head gates (L0 penalty or a head-count target) on a parallel corpus",
		usage: "train MODEL | ENCODER DECODER --train SRC,TGT -o DIR [flags]",
		long: `Train one Hard Concrete gate per attention head (Voita et al. 2019) with the expected-L0
penalty, in a Go loop around a forward+backward ONNX graph run on ONNX Runtime.

MODEL is a gated model (inputs gate/<kind>.<layer>) or an ungated one, whose heads are
found and gated first (the kinds of --attention). A split export (Optimum's
encoder_model.onnx and decoder_model.onnx, given in that order or as their folder) is
joined into one graph (each file gated first, as the gate stage of run gates it), the
encoder output feeding the decoder's encoder_hidden_states, so the decoder's loss
reaches the encoder's gates; the joined
model's decoder ids input is decoder_input_ids. The corpus (--train SRC,TGT, and
--dev SRC,TGT for the validation loss) is text, encoded with --tokenizer (default: the
tokenizer the model's metadata names), or token ids with --ids (one sentence a line,
ids separated by spaces). The source gets EOS appended, the decoder input is the
decoder start id + target and the labels target + EOS. A source file ending in .npy
is speech features, float32 [utterances, mel bins, frames], for a model whose source
input is features (Whisper's input_features). The special ids come from --specials,
else the model's generation_config.json, config.json and metadata, else the
tokenizer (decoder-start defaults to BOS, as in translation and onnxprune run);
train prints them and where they came from.

Each step samples every gate once, runs the training graph (loss and d loss/d gate),
chains the gate gradients to log α, adds the penalty gradient and takes an Adam step.
--l0-lambda weighs the penalty (the paper's λ); --target-heads N instead learns
Lagrange multipliers that drive the expected number of open heads to N and ends with
exactly N open heads (the N largest log α); giving both is an error. --train-weights encoder also trains the
encoder's weights (the paper's setting), decoder the decoder's, all (or encoder,decoder) both, and writes
them to trained_model.onnx (split files: trained_<file> of each file with trained weights; a merged decoder,
given as the DECODER file, trains its branch without past and is written whole, both branches reading the
trained weights). A split model given as its folder (or as all of its files) also gets its other decoder
files written (trained_decoder_with_past_model.onnx, a merged decoder beside decoder_model.onnx): each
trained decoder weight goes to the initializer that holds the same original weight there (the same name,
or the same values where the exporter named it apart), so that decoding with the key/value cache
computes with the trained weights. --distill α adds α·T²·KL(p_dense ‖ p_student) to the loss (T: --distill-temperature),
the dense model being the input model with every gate open and its original weights.
--structures heads,ffn,sublayers also gates and trains each FFN neuron and each
residual sublayer of an ungated model (a gated model trains the gates it has); their
records go to gates.json's ffn and sublayers lists. --target-params and
--target-flops (a count, or a percentage of the dense model's: 50%) drive the
expected parameters or FLOPs per generated token of the kept model to a target with
the same learned Lagrangian, each unit (head, FFN neuron or group, sublayer) costed by
what cutting it from the ungated model saves (FLOPs counted as verify counts them, at
batch 1 and the corpus's median lengths, with the key/value cache when MODEL is a
folder that holds decoder_with_past_model.onnx); the decision ends at most at the
target (closed units reopened, largest log α first, while it fits; open ones closed,
smallest first, while it does not) and gates.json's budget says what it costs.
--target-time (milliseconds, or a percentage of the dense model's: 66.7% for ×1.5)
budgets decoding time per generated token instead, priced by a time model measured
at --time-batch before training: the dense model's encoder, decoder step and loop,
and two copies cut in memory (half of every gated block's heads and FFN's units;
every gated sublayer), give each part's time per FLOP cut and a sublayer's time
beyond its FLOPs. Budgets combine (--target-flops 50% --target-time 65%): one
Lagrangian each, and the decision meets every target; gates.json's budgets list
them all.

Written to -o DIR (new or empty; an existing one only with --overwrite or --resume,
and a run that fails before its first checkpoint leaves none): gates.json (per head log α, P(open), test-time gate, decision,
step it closed; read by 'onnxprune prune --gates'), train.jsonl (every step),
p_open.svg (each head's open probability over the steps), trace/gates-open-NNN.json
(the gates each time the open count drops: prune to any head count from one run),
checkpoint.gob (every --checkpoint-every steps and on SIGINT/SIGTERM) and
train_graph.onnx. --resume continues from the checkpoint and ends exactly where an
uninterrupted run with the same flags ends.`,
		example: `  bin/onnxprune train models/planted/planted_ungated.onnx --ids --specials pad=0,bos=1,eos=2,decoder-start=1 \
      --train models/planted/train.src,models/planted/train.tgt --dev models/planted/dev.src,models/planted/dev.tgt \
      --max-steps 20 -o /tmp/onnxprune-ex/train1 --overwrite
  bin/onnxprune train models/reference --tokenizer models/corpus/spm8k.model \
      --train models/demo/slice/bible-gate.en,models/demo/slice/bible-gate.es \
      --target-heads 12 --attention encoder --max-steps 2 --max-tokens 512 -o /tmp/onnxprune-ex/train2 --overwrite
  bin/onnxprune train models/reference --tokenizer models/corpus/spm8k.model \
      --train models/demo/slice/bible-gate.en,models/demo/slice/bible-gate.es \
      --target-heads 12 --attention encoder --max-steps 2 --max-tokens 512 -o /tmp/onnxprune-ex/train2 --resume
  bin/onnxprune train models/planted/planted_ungated.onnx --ids --specials pad=0,bos=1,eos=2,decoder-start=1 \
      --train models/planted/train.src,models/planted/train.tgt --structures heads,ffn,sublayers \
      --target-flops 50% --lagrange-lr 0.1 --max-steps 200 -o /tmp/onnxprune-ex/train3 --overwrite`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		o, err := parseTrainArgs(c, args, stdout, stderr)
		if err != nil {
			return err
		}
		return o.run(ctx, stdout, stderr)
	}
	return c
}

// parseTrainArgs reads train's flags and arguments over the shared
// training defaults (pipeline.DefaultTrainSettings).
func parseTrainArgs(c command, args []string, stdout, stderr io.Writer) (*trainOptions, error) {
	ts := pipeline.DefaultTrainSettings()
	o := &trainOptions{cfg: ts.Cfg}

	fs := newFlagSet(c, stdout)
	dep := newDeprecations(fs, stderr)
	bindDataSet(fs, dep, &o.train, "train", "training set SRC,TGT: source and target sentences, one a line", "train-src", "train-tgt")
	bindDataSet(fs, dep, &o.dev, "dev", "development set SRC,TGT: the validation loss (optional)", "dev-src", "dev-tgt")
	o.text.bind(fs, dep)
	for _, a := range []struct{ old, key string }{{"pad-id", "pad"}, {"bos-id", "decoder-start"}, {"eos-id", "eos"}} {
		dep.custom(a.old, "--specials "+a.key+"=ID", "int", func(v string) error {
			if o.text.specials != "" {
				o.text.specials += ","
			}
			o.text.specials += a.key + "=" + v
			return nil
		})
	}
	fs.StringVar(&o.attention, "attention", "all", attentionHelp)
	fs.StringVar(&o.structures, "structures", "heads", structuresHelp)
	fs.StringVar(&o.trainWeights, "train-weights", "", `also train weights: encoder, decoder, all, or a comma list`)
	fs.Float64Var(&o.cfg.Distill.Alpha, "distill", 0, "weight α of the distillation term α·T²·KL(p_dense ‖ p_student) (0: none)")
	fs.Float64Var(&o.cfg.Distill.Temperature, "distill-temperature", o.cfg.Distill.Temperature, "temperature T of the distillation term (--distill)")
	fs.StringVar(&o.srcInput, "src-input", "", "model input of the source ids (default: src_ids or input_ids)")
	fs.StringVar(&o.tgtInput, "tgt-input", "", "model input of the decoder ids (default: tgt_ids or decoder_input_ids)")
	fs.StringVar(&o.mask, "mask-input", "", "model input of the source mask (default: attention_mask when present)")
	fs.Float64Var(&o.cfg.Lambda, "l0-lambda", o.cfg.Lambda, "weight λ of the expected-L0 penalty")
	fs.IntVar(&o.cfg.TargetHeads, "target-heads", 0, "end training with exactly this many open heads, the largest log α (0: train with --l0-lambda)")
	fs.StringVar(&o.budget.Params, "target-params", "", targetParamsHelp)
	fs.StringVar(&o.budget.FLOPs, "target-flops", "", targetFLOPsHelp)
	fs.StringVar(&o.budget.Time, "target-time", "", targetTimeHelp)
	fs.IntVar(&o.budget.TimeBatch, "time-batch", 1, timeBatchHelp)
	fs.Float64Var(&o.cfg.LagrangeLR, "lagrange-lr", o.cfg.LagrangeLR, "ascent rate of the Lagrange multipliers")
	fs.BoolVar(&o.cfg.PerLayer, "penalty-per-layer", o.cfg.PerLayer, "average the L0 penalty over gated layers (the paper's code)")
	fs.Float64Var(&o.cfg.Schedule.Base, "lr", o.cfg.Schedule.Base, "learning rate of log α (Adam)")
	fs.StringVar(&o.schedule, "lr-schedule", "constant", "learning-rate schedule: constant, warmup or linear (warmup then linear decay)")
	fs.IntVar(&o.warmup, "warmup-steps", 0, "linear warmup steps")
	fs.IntVar(&o.cfg.Steps, "max-steps", o.cfg.Steps, "training steps")
	fs.Float64Var(&o.cfg.ClipNorm, "clip-norm", o.cfg.ClipNorm, "clip the gradient norm (0: off)")
	fs.Float64Var(&o.cfg.InitLogAlpha, "init-log-alpha", o.cfg.InitLogAlpha, "initial log α of every gate")
	fs.Float64Var(&o.cfg.Concrete.Beta, "beta", o.cfg.Concrete.Beta, "Hard Concrete temperature β")
	fs.Float64Var(&o.cfg.Concrete.Gamma, "gamma", o.cfg.Concrete.Gamma, "Hard Concrete stretch lower bound γ (< 0)")
	fs.Float64Var(&o.cfg.Concrete.Zeta, "zeta", o.cfg.Concrete.Zeta, "Hard Concrete stretch upper bound ζ (> 1)")
	fs.Float64Var(&o.cfg.WeightLR, "weight-lr", o.cfg.WeightLR, "learning rate of trained weights (--train-weights)")
	fs.IntVar(&o.maxTokens, "max-tokens", ts.MaxTokens, "padded tokens per batch (rows × longest sentence)")
	fs.IntVar(&o.window, "bucket-window", ts.Window, "sentences sorted by length together (length bucketing)")
	fs.Float64Var(&o.smoothing, "label-smoothing", ts.Smoothing, "label smoothing ε of the cross-entropy")
	fs.Uint64Var(&o.seed, "seed", ts.Cfg.Seed, "seed of the gate noise and the data order")
	fs.IntVar(&o.cfg.ValidEvery, "valid-every", o.cfg.ValidEvery, "validation loss every N steps (0: never)")
	fs.IntVar(&o.cfg.CheckpointEvery, "checkpoint-every", o.cfg.CheckpointEvery, "checkpoint every N steps")
	bindOutput(fs, dep, &o.out, "output folder for gates.json, the log, the chart and the checkpoint")
	fs.BoolVar(&o.overwrite, "overwrite", false, overwriteHelp)
	fs.BoolVar(&o.resume, "resume", false, "continue from the checkpoint in -o DIR")
	o.session.bind(fs)
	fs.IntVar(&o.logEvery, "log-every", 10, "log line every N steps when the output is not a terminal")
	fs.StringArrayVar(&o.allowDirs, "allow-dir", nil, allowDirHelp)
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if fs.Changed("l0-lambda") && o.cfg.TargetHeads > 0 {
		return nil, &usageError{msg: fmt.Sprintf("--l0-lambda %g and --target-heads %d exclude each other: the head target replaces the penalty weight", o.cfg.Lambda, o.cfg.TargetHeads)}
	}
	models, all, err := expandJoinArgs(fs.Args(), true)
	if err != nil {
		return nil, err
	}
	switch len(models) {
	case 1:
		o.model = models[0]
	case 2:
		o.model, o.decoder = models[0], models[1]
	default:
		return nil, &usageError{msg: "train takes one MODEL, or an ENCODER and a DECODER file"}
	}
	o.costFiles = all
	return o, nil
}

func (o *trainOptions) validate() error {
	switch {
	case o.train.empty():
		return &usageError{msg: "--train SRC,TGT is required"}
	case o.out == "":
		return &usageError{msg: "-o DIR is required"}
	case o.maxTokens <= 0:
		return &usageError{msg: "--max-tokens must be positive"}
	}
	parts, err := gatetrain.ParseWeightParts(o.trainWeights)
	if err != nil {
		return &usageError{msg: fmt.Sprintf("--train-weights %q: want encoder, decoder, all or a comma list of them", o.trainWeights)}
	}
	o.weightParts = parts
	if !(o.cfg.Distill.Alpha >= 0) || math.IsInf(o.cfg.Distill.Alpha, 0) {
		return &usageError{msg: fmt.Sprintf("--distill %g: want a weight ≥ 0", o.cfg.Distill.Alpha)}
	}
	if !(o.cfg.Distill.Temperature > 0) || math.IsInf(o.cfg.Distill.Temperature, 0) {
		return &usageError{msg: fmt.Sprintf("--distill-temperature %g: want a temperature > 0", o.cfg.Distill.Temperature)}
	}
	if err := o.train.pair("train"); err != nil {
		return err
	}
	if !o.dev.empty() {
		if err := o.dev.pair("dev"); err != nil {
			return err
		}
	}
	if err := o.text.check(); err != nil {
		return err
	}
	k, err := gatetrain.ParseScheduleKind(o.schedule)
	if err != nil {
		return &usageError{msg: err.Error()}
	}
	o.cfg.Schedule.Kind = k
	o.cfg.Schedule.Warmup = o.warmup
	o.cfg.Seed = o.seed
	return nil
}

// settings returns the training settings the flags give: the type and
// defaults the train stage of run uses (pipeline.TrainSettings). The
// schedule, seed and weight parts are set by validate.
func (o *trainOptions) settings() pipeline.TrainSettings {
	return pipeline.TrainSettings{Cfg: o.cfg, MaxTokens: o.maxTokens, Window: o.window, Smoothing: o.smoothing, Weights: o.weightParts}
}

func (o *trainOptions) run(ctx context.Context, stdout, stderr io.Writer) error {
	if err := o.validate(); err != nil {
		return err
	}
	if _, err := parseStructures(o.structures); err != nil {
		return err
	}
	if _, err := parseKinds(o.attention); err != nil {
		return err
	}
	so, err := o.session.options("")
	if err != nil {
		return err
	}
	if err := ortrun.CheckOptions(so); err != nil {
		return err
	}
	if err := refuseInputOutputs(trainOutputs(o.out), []string{o.model, o.decoder, o.train.src, o.train.tgt(), o.dev.src, o.dev.tgt(), o.text.tokenizer}); err != nil {
		return err
	}
	dir, err := claimOutputDir(o.out, o.overwrite, o.resume)
	if err != nil {
		return err
	}
	if err := o.trainGates(ctx, so, stdout, stderr); err != nil {
		// A failure keeps the folder only when it holds a checkpoint to
		// resume from.
		dir.release(fileExists(filepath.Join(o.out, gatetrain.CheckpointFileName)))
		return err
	}
	return nil
}

// trainGates loads the model and the corpus and trains the gates.
func (o *trainOptions) trainGates(ctx context.Context, so ortrun.Options, stdout, stderr io.Writer) error {
	kinds, err := parseKinds(o.attention)
	if err != nil {
		return err
	}
	modelFiles := []string{o.model}
	if o.decoder != "" {
		modelFiles = append(modelFiles, o.decoder)
	}
	// The graph training runs on, as the train stage of run has it: the
	// file, or the encoder and decoder joined.
	joined, err := pipeline.LoadJoined(modelFiles, o.allowDirs)
	if err != nil {
		return err
	}
	defer joined.Close()
	if joined.Merged {
		fmt.Fprintf(stdout, "merged decoder %s: training its branch without past (%s=false); both branches read the same weights\n", o.decoder, gatetrain.UseCacheInput)
	}
	g, name := joined.Graph, joined.Name
	// The files the written models keep their other fields from: the
	// model file itself, or for a joined pair the joined graph's model,
	// with the trained weights written into copies of the model's files.
	lo := &onnxio.LoadOptions{AllowDirs: o.allowDirs}
	source := func() (*onnxio.Model, error) { return onnxio.Load(o.model, lo) }
	weightFiles := []string{o.model}
	var encoderNames map[string]bool
	if o.decoder != "" {
		encoderNames = map[string]bool{}
		for _, v := range joined.Parts[0].Initializers() {
			encoderNames[v.Name()] = true
		}
		source = joined.Model
		weightFiles = append(weightFiles, o.decoder)
		// The export's other decoder files (decoder_with_past, a merged
		// decoder beside) get the decoder's trained weights too.
		for _, f := range o.costFiles {
			if f != o.model && f != o.decoder {
				weightFiles = append(weightFiles, f)
			}
		}
	}
	wantBudget := o.budget.Set()
	if o.budget.TimeBatch < 1 {
		return &usageError{msg: fmt.Sprintf("--time-batch %d: want at least 1", o.budget.TimeBatch)}
	}
	if _, err := gatetrain.FindGates(g, nil); err == nil && wantBudget {
		return &usageError{msg: name + " is gated: --target-params, --target-flops and --target-time need the ungated model (what each unit saves is measured by cutting it)"}
	} else if err != nil {
		list, err := parseStructures(o.structures)
		if err != nil {
			return err
		}
		// Each file gated, then joined anew: the train stage's graph.
		if _, err := pipeline.GateJoined(joined, kinds, list); err != nil {
			return err
		}
		g = joined.Graph
	}
	tok, err := o.text.open(modelFiles, o.allowDirs)
	if err != nil {
		return err
	}
	sp, err := o.specials(joined.Metas, tok, stdout)
	if err != nil {
		return err
	}
	train, err := pipeline.ReadCorpus([2]string{o.train.src, o.train.tgt()}, tok)
	if err != nil {
		return err
	}
	var dev *gatetrain.Corpus
	if !o.dev.empty() {
		if dev, err = pipeline.ReadCorpus([2]string{o.dev.src, o.dev.tgt()}, tok); err != nil {
			return err
		}
	}
	if wantBudget {
		ts := verify.TimeSource{Model: verify.ModelOptions{Session: so, Overrides: o.text.specials, AllowDirs: o.allowDirs, Loaded: joined.Loaded(), Fallback: &sp},
			Src: pipeline.TimedSources(train)}
		if o.cfg.Budgets, err = makeBudgets(ctx, o.budget, o.costFiles, o.allowDirs, joined.Loaded(), g, kinds, verify.CorpusShape(train), ts, stdout); err != nil {
			return err
		}
	}
	roles := graphedit.IORoles{Src: o.srcInput, DecIn: o.tgtInput, SrcMask: o.mask}
	weights, ties, err := o.selectWeights(g, roles, name, encoderNames, stdout)
	if err != nil {
		return err
	}
	names := []string{""}
	if len(weightFiles) > 1 {
		names = nil
		for _, f := range weightFiles {
			names = append(names, "trained_"+filepath.Base(f))
		}
	}
	ro := o.settings().RunOptions(joined, kinds, train, dev, sp)
	ro.Source, ro.WeightFiles = source, []gatetrain.WeightFiles{pipeline.WeightFilesOf(weightFiles, names, lo)}
	ro.Roles, ro.TrainWeights, ro.Untied, ro.WeightParts, ro.Ties = roles, weights, o.weightParts.Any(), o.weightParts, ties
	ro.OutDir, ro.Resume, ro.Session = o.out, o.resume, so
	progress := newProgress(stdout, o.cfg.Steps, o.logEvery)
	var moved struct{ in, out, steps int64 }
	ro.OnStep = func(s gatetrain.StepInfo) error {
		moved.in += s.BytesIn
		moved.out += s.BytesOut
		moved.steps++
		return progress.step(s)
	}
	res, err := gatetrain.Run(ctx, ro)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "onnxprune train: %v\n", err)
		}
		return err
	}
	kept := fmt.Sprintf("%d of %d heads", res.Gates.OpenHeads, len(res.Gates.Heads))
	if res.Gates.HasStructures() {
		kept = gatetrain.OpenSummary(res.Gates)
	}
	for _, b := range res.Gates.Budgets {
		kept += fmt.Sprintf(" (%s %.4g of %.4g dense, %.1f%%; target %.4g)", b.What, b.Kept, b.Dense, 100*b.Kept/b.Dense, b.Target)
	}
	fmt.Fprintf(stdout, "\n%s open after %d steps; gates in %s/%s; %s\n", kept, res.Steps, o.out, gatetrain.GatesFileName, providerLine(so))
	if len(res.TrainedFiles) > 0 {
		var files []string
		for _, f := range res.TrainedFiles {
			files = append(files, fmt.Sprintf("%s (%d)", f.Path, f.Weights))
		}
		fmt.Fprintf(stdout, "trained weights in %s\n", strings.Join(files, ", "))
	}
	if moved.steps > 0 {
		fmt.Fprintf(stdout, "copied per step: %.1f KiB into ONNX Runtime (batch, gates, trained weights), %.1f KiB out (loss, gradients); mean of %d steps\n",
			float64(moved.in)/float64(moved.steps)/1024, float64(moved.out)/float64(moved.steps)/1024, moved.steps)
	}
	if !math.IsNaN(res.DenseLoss) {
		fmt.Fprintf(stdout, "validation loss: dense %.5f, pruned %.5f (%+.2f%%)\n", res.DenseLoss, res.FinalLoss, 100*(res.FinalLoss-res.DenseLoss)/res.DenseLoss)
	}
	return nil
}

// specials resolves the ids the batcher frames sentences with
// (verify.ResolveSpecials: the flags, then the configuration files beside
// the model, its metadata, the tokenizer) and says where they came from.
// The ids training frames with follow pipeline.TrainSpecials, as in run:
// the decoder starts with the model's decoder start id (the resolver's:
// else its BOS); without an EOS id none is appended.
func (o *trainOptions) specials(metas []verify.FileMeta, tok tokenize.Tokenizer, stdout io.Writer) (tokenize.Specials, error) {
	var fb *tokenize.Specials
	if tok != nil {
		ts := tok.Specials()
		fb = &ts
	}
	ms, err := verify.ResolveSpecials(verify.SpecialSources{Overrides: o.text.specials, Dir: filepath.Dir(o.model),
		AllowDirs: o.allowDirs, Files: metas, Fallback: fb})
	if err != nil {
		return tokenize.Specials{}, err
	}
	sp, err := pipeline.TrainSpecials(ms.Specials)
	if err != nil {
		return sp, &usageError{msg: err.Error()}
	}
	fmt.Fprintf(stdout, "special ids: pad=%d decoder-start=%d eos=%d (from %s)\n", sp.Pad, sp.DecoderStart, sp.Eos, orDefaults(ms.From))
	return sp, nil
}

// progress prints a bar on a terminal and log lines otherwise.
type progress struct {
	w        io.Writer
	tty      bool
	total    int
	every    int
	start    time.Time
	tokens   int
	lastStep int
}

func newProgress(w io.Writer, total, every int) *progress {
	p := &progress{w: w, total: total, every: max(1, every), start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	return p
}

// step shows one step. Rates and the ETA count from the end of the first
// step shown, so the graph build, the session start and ONNX Runtime's
// first-run allocations do not enter them (and a resumed run starts fresh).
func (p *progress) step(s gatetrain.StepInfo) error {
	if p.lastStep == 0 {
		p.lastStep, p.start, p.tokens = s.Step, time.Now(), 0
	} else {
		p.tokens += s.Tokens
	}
	el := time.Since(p.start).Seconds()
	done := s.Step - p.lastStep
	tps := 0.0
	if done > 0 {
		tps = float64(p.tokens) / math.Max(el, 1e-9)
	}
	eta := time.Duration(float64(p.total-s.Step) * el / float64(max(1, done)) * float64(time.Second)).Round(time.Second)
	open := fmt.Sprint(s.Open)
	if len(s.OpenBy) > 0 {
		open = gatetrain.FormatCounts(s.OpenBy)
	}
	if s.Cost > 0 {
		open += fmt.Sprintf(" expected_cost %.4g", s.Cost)
	}
	if s.KL != 0 {
		open += fmt.Sprintf(" kl %.4f", s.KL)
	}
	val := ""
	if s.ValidLoss != nil {
		val = fmt.Sprintf(" valid %.4f", *s.ValidLoss)
	}
	if p.tty {
		const width = 24
		fill := width * s.Step / max(1, p.total)
		fmt.Fprintf(p.w, "\r[%s%s] %d/%d %.0f tok/s loss %.4f ce %.4f L0 %.2f open %s ETA %s%s   ",
			strings.Repeat("#", fill), strings.Repeat(".", width-fill), s.Step, p.total, tps, s.Loss, s.CE, s.L0, open, eta, val)
		return nil
	}
	if s.Step%p.every == 0 || s.Step == p.total || s.ValidLoss != nil {
		fmt.Fprintf(p.w, "step %d/%d tokens/s %.0f loss %.4f ce %.4f expected_l0 %.2f open %s eta %s%s\n",
			s.Step, p.total, tps, s.Loss, s.CE, s.L0, open, eta, val)
	}
	return nil
}

// selectWeights resolves the shared weights for --train-weights and lists
// the weights that train (gatetrain.SelectWeights), saying what it did with
// each shared one. For a joined pair training both parts, decoder weights
// equal to encoder weights (embeddings the source model ties, copied into
// both files) become one parameter (gatetrain.TieEqualWeights); training
// one part, such a copy is reported and the other part's stays frozen.
func (o *trainOptions) selectWeights(g *graphedit.Graph, given graphedit.IORoles, name string, encoderNames map[string]bool, stdout io.Writer) ([]string, []gatetrain.Tie, error) {
	p := o.weightParts
	if !p.Any() {
		return nil, nil, nil
	}
	sel, err := pipeline.SelectWeights(g, given, p, encoderNames)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, t := range sel.Ties {
		fmt.Fprintf(stdout, "shared weight %s of %s equals %s of %s: trained as one tied parameter, written into both files\n", t.Decoder, o.decoder, t.Encoder, o.model)
	}
	for _, sw := range sel.Shared {
		fmt.Fprintf(stdout, "shared weight %s\n", sw)
	}
	what := p.String()
	if what == "all" {
		what = "encoder and decoder"
	}
	fmt.Fprintf(stdout, "training %d %s weights jointly with the gates\n", len(sel.Weights), what)
	return sel.Weights, sel.Ties, nil
}
