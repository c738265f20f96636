package pipeline

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"onnxprune/gatetrain"
	"onnxprune/ortrun"

	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/internal/safefile"
	"onnxprune/verify"
)

// Config is a pipeline run: the model, the data and each stage's settings.
// The YAML keys and the `onnxprune run` flags are listed in Fields.
type Config struct {
	// Model is the model: one ONNX file, an encoder and a decoder file
	// (Optimum's encoder_model.onnx, decoder_model.onnx), or a folder
	// holding either (encoder_model.onnx + decoder_model.onnx, else
	// model.onnx).
	Model []string
	// Out is the output folder.
	Out string
	// Tokenizer is a SentencePiece .model, vocab.json or vocabulary; empty
	// with IDs (the data are token ids) or to take the model's metadata.
	Tokenizer string
	// IDs says the data files hold space-separated token ids.
	IDs bool
	// Specials override the model's special ids ("pad=0,eos=2,...").
	Specials string
	// Attention are the kinds gated, trained and pruned (nil: all).
	Attention []heads.Kind
	// Structures says what gets gates besides (or instead of) the heads:
	// FFN neurons or groups, sublayers (train --structures).
	Structures structures.List
	// Threads is ONNX Runtime's intra-op thread count (0: its default).
	Threads int
	// ORTLib is the ONNX Runtime library ("" : the usual search).
	ORTLib string
	// Provider is the execution provider of every stage (cpu, cuda,
	// tensorrt); DeviceID the GPU; CUDA the CUDA provider's settings.
	Provider ortrun.Provider
	DeviceID int
	CUDA     ortrun.CUDAOptions
	// Seed seeds gate noise and data order.
	Seed uint64
	// AllowDirs are extra directories the model's external data may live in
	// (by default only the model's own folder; onnxio.LoadOptions.AllowDirs).
	AllowDirs []string

	// Train, Dev and Test are (source, target) file pairs. Train feeds gate
	// training, Dev its validation loss and the analysis, Test the
	// before/after BLEU of verify.
	Train, Dev, Test [2]string

	// Gate training (Steps 0: no training; Prune.By must then be a rank).
	Steps       int
	Lambda      float64
	TargetHeads int
	// Budget holds the parameter, FLOP and time targets (train
	// --target-params, --target-flops, --target-time, --time-batch).
	Budget verify.BudgetTarget
	LR     float64
	// LagrangeLR is the ascent rate of the Lagrange multipliers of a head
	// target or a budget (train --lagrange-lr).
	LagrangeLR float64
	MaxTokens  int
	// CheckpointEvery is how often training checkpoints (steps).
	CheckpointEvery int
	// Distill adds the KL divergence from the dense model's distribution
	// to the training loss (train --distill, --distill-temperature).
	Distill gatetrain.Distill
	// TrainWeights are the parts whose weights train with the gates
	// (train --train-weights), at the learning rate WeightLR; the prune
	// stage then cuts the model with the trained weights.
	TrainWeights gatetrain.WeightParts
	WeightLR     float64

	// Analysis.
	Analyze          bool
	AnalyzeSentences int
	CoNLLU           string

	// Pruning: By is "gates" (the trained gates' keep decisions) or a rank
	// ("relevance", "importance", "confidence") keeping the KeepHeads
	// best heads of the gated kinds.
	PruneBy   string
	KeepHeads int

	// Verification.
	Beam       int
	MaxLen     int
	BenchBatch []int
	Repeats    int
	Rounds     int
	// BenchSentences is the least number of sentences a timed run covers
	// (verify.BenchOptions.Sentences).
	BenchSentences int
	NoBench        bool
	MaxBLEUDrop    *float64
	// BenchRunner runs each model's benchmark job of verify
	// (verify.Config.BenchRunner); nil times them in this process, where
	// peak memory includes the earlier stages and is not compared. Set by
	// the command line, not by the configuration file.
	BenchRunner func(ctx context.Context, job verify.BenchJob) (*verify.Bench, error)
}

// Source says what a configuration file set: where each key was set
// ("pipeline.yaml:12"), so that a flag that overrides one can say so, and
// notices for the command line to print (deprecated keys).
type Source struct {
	Keys    map[string]string
	Notices []string
}

// Default returns the settings of a run before the configuration file and
// flags are applied.
func Default() Config {
	ts := DefaultTrainSettings()
	tc := ts.Cfg
	search, bench := verify.DefaultSearch(), verify.DefaultBench()
	return Config{
		Seed: tc.Seed, Structures: structures.List{Heads: true}, Steps: tc.Steps, Lambda: tc.Lambda, LR: tc.Schedule.Base, LagrangeLR: tc.LagrangeLR, MaxTokens: ts.MaxTokens,
		CheckpointEvery: tc.CheckpointEvery, Distill: tc.Distill, WeightLR: tc.WeightLR,
		Budget:  verify.BudgetTarget{TimeBatch: 1},
		Analyze: true, PruneBy: "gates",
		Beam: search.Beam, MaxLen: search.MaxLen,
		BenchBatch: bench.Batches, Repeats: bench.Repeats, Rounds: bench.Rounds, BenchSentences: bench.Sentences,
	}
}

// Field is one setting: its YAML key, its `onnxprune run` flag and how a
// text value is applied to a Config. Paths in a file are relative to the
// file's folder; paths on the command line to the working directory.
type Field struct {
	Key  string // YAML key, sections dotted: "train.l0-lambda"
	Flag string // flag name without dashes
	// Kind is "string", "bool", "int", "uint", "float", "list" (of
	// strings), "ints" (a list of integers) or "pair".
	Kind string
	Help string
	set  func(c *Config, v []string, rel func(string) string) error
}

// Fields lists every setting, in the order documentation prints them.
var Fields = []Field{
	{"model", "model", "list", "model: a file, ENCODER,DECODER files, or a folder", func(c *Config, v []string, rel func(string) string) error {
		c.Model = nil
		for _, p := range v {
			c.Model = append(c.Model, rel(p))
		}
		return nil
	}},
	{"output", "output", "string", "output folder (an existing one is continued when it holds a run's stages.json, else used only with --overwrite)", func(c *Config, v []string, rel func(string) string) error { c.Out = rel(v[0]); return nil }},
	{"tokenizer", "tokenizer", "string", "SentencePiece .model / vocab.json / vocabulary (empty: ids or the model's metadata)", func(c *Config, v []string, rel func(string) string) error {
		c.Tokenizer = ""
		if v[0] != "" {
			c.Tokenizer = rel(v[0])
		}
		return nil
	}},
	{"ids", "ids", "bool", "the data files hold space-separated token ids", func(c *Config, v []string, _ func(string) string) error { return parseBool(v[0], &c.IDs) }},
	{"specials", "specials", "string", "special ids overriding the model's: pad=0,bos=1,eos=2,decoder-start=1", func(c *Config, v []string, _ func(string) string) error { c.Specials = v[0]; return nil }},
	{"structures", "structures", "list", "what gets gates: heads, ffn (a gate per FFN neuron), ffn:G (per group of G neurons), sublayers", func(c *Config, v []string, _ func(string) string) error {
		l, err := structures.ParseList(strings.Join(v, ","))
		c.Structures = l
		return err
	}},
	{"attention", "attention", "list", "attention kinds gated and pruned: encoder, decoder, cross (empty or all: every kind)", func(c *Config, v []string, _ func(string) string) error {
		c.Attention = nil
		for _, s := range v {
			s = strings.TrimSpace(s)
			if s == "all" || s == "" {
				c.Attention = nil
				return nil
			}
			k, err := heads.ParseKind(s)
			if err != nil {
				return err
			}
			c.Attention = append(c.Attention, k)
		}
		return nil
	}},
	{"threads", "threads", "int", "ONNX Runtime intra-op threads (0: its default)", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.Threads, 0) }},
	{"ort-lib", "ort-lib", "string", "ONNX Runtime shared library", func(c *Config, v []string, rel func(string) string) error {
		c.ORTLib = ""
		if v[0] != "" {
			c.ORTLib = rel(v[0])
		}
		return nil
	}},
	{"provider", "provider", "string", "ONNX Runtime execution provider of every stage: cpu, cuda or tensorrt (a GPU provider loads the CUDA build that make ort-gpu installs)", func(c *Config, v []string, _ func(string) string) error {
		p, err := ortrun.ParseProvider(v[0])
		c.Provider = p
		return err
	}},
	{"device-id", "device-id", "int", "GPU of the cuda and tensorrt providers", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.DeviceID, 0) }},
	{"cuda-mem-limit", "cuda-mem-limit", "string", "cap of the CUDA provider's memory arena, e.g. 8GiB (0: none)", func(c *Config, v []string, _ func(string) string) error {
		n, err := ortrun.ParseByteSize(v[0])
		c.CUDA.MemLimit = n
		return err
	}},
	{"cudnn-conv-algo-search", "cudnn-conv-algo-search", "string", "cuDNN convolution algorithm search: exhaustive (ONNX Runtime's default), heuristic, or default (off)", func(c *Config, v []string, _ func(string) string) error {
		c.CUDA.ConvAlgoSearch = v[0]
		return c.CUDA.Validate()
	}},
	{"seed", "seed", "uint", "seed of the gate noise and the data order", func(c *Config, v []string, _ func(string) string) error {
		n, err := strconv.ParseUint(v[0], 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a non-negative integer", v[0])
		}
		c.Seed = n
		return nil
	}},
	{"allow-dir", "allow-dir", "list", "also allow the model's external data in these directories (repeat the flag or separate with commas)", func(c *Config, v []string, rel func(string) string) error {
		c.AllowDirs = nil
		for _, p := range v {
			if p != "" {
				c.AllowDirs = append(c.AllowDirs, rel(p))
			}
		}
		return nil
	}},
	{"data.train", "train", "pair", "training pair SRC,TGT for gate training", pairSetter(func(c *Config) *[2]string { return &c.Train })},
	{"data.dev", "dev", "pair", "validation pair SRC,TGT (training's validation loss, the analysis)", pairSetter(func(c *Config) *[2]string { return &c.Dev })},
	{"data.test", "test", "pair", "test pair SRC,TGT (BLEU before and after)", pairSetter(func(c *Config) *[2]string { return &c.Test })},
	{"train.max-steps", "max-steps", "int", "gate training steps (0: no training; prune by a rank)", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.Steps, 0) }},
	{"train.target-params", "target-params", "string", "end training with at most this many parameters, a count or a percentage of the dense model's (50%)", func(c *Config, v []string, _ func(string) string) error {
		c.Budget.Params = v[0]
		return nil
	}},
	{"train.target-flops", "target-flops", "string", "end training with at most this many FLOPs per generated token, a count or a percentage of the dense model's", func(c *Config, v []string, _ func(string) string) error {
		c.Budget.FLOPs = v[0]
		return nil
	}},
	{"train.target-time", "target-time", "string", "end training with at most this much measured decoding time per generated token, milliseconds or a percentage of the dense model's (66.7%: ×1.5)", func(c *Config, v []string, _ func(string) string) error {
		c.Budget.Time = v[0]
		return nil
	}},
	{"train.time-batch", "time-batch", "int", "batch size the time budget is measured at", func(c *Config, v []string, _ func(string) string) error {
		return parseInt(v[0], &c.Budget.TimeBatch, 1)
	}},
	{"train.l0-lambda", "l0-lambda", "float", "weight λ of the expected-L0 penalty", func(c *Config, v []string, _ func(string) string) error { return parseFloat(v[0], &c.Lambda) }},
	{"train.target-heads", "target-heads", "int", "end training with exactly this many open heads, the largest log α (0: train with --l0-lambda)", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.TargetHeads, 0) }},
	{"train.lr", "lr", "float", "learning rate of log α (Adam)", func(c *Config, v []string, _ func(string) string) error { return parseFloat(v[0], &c.LR) }},
	{"train.distill", "distill", "float", "weight α of the distillation term α·T²·KL(p_dense ‖ p_student) (0: none)", func(c *Config, v []string, _ func(string) string) error {
		return parseFloat(v[0], &c.Distill.Alpha)
	}},
	{"train.distill-temperature", "distill-temperature", "float", "temperature T of the distillation term (--distill)", func(c *Config, v []string, _ func(string) string) error {
		return parseFloat(v[0], &c.Distill.Temperature)
	}},
	{"train.weights", "train-weights", "string", "also train weights: encoder, decoder, all, or a comma list", func(c *Config, v []string, _ func(string) string) error {
		p, err := gatetrain.ParseWeightParts(v[0])
		if err != nil {
			return fmt.Errorf("%q: want encoder, decoder, all or a comma list of them", v[0])
		}
		c.TrainWeights = p
		return nil
	}},
	{"train.weight-lr", "weight-lr", "float", "learning rate of trained weights (--train-weights)", func(c *Config, v []string, _ func(string) string) error { return parseFloat(v[0], &c.WeightLR) }},
	{"train.lagrange-lr", "lagrange-lr", "float", "ascent rate of the Lagrange multipliers", func(c *Config, v []string, _ func(string) string) error { return parseFloat(v[0], &c.LagrangeLR) }},
	{"train.max-tokens", "max-tokens", "int", "padded tokens per batch (rows × longest sentence)", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.MaxTokens, 1) }},
	{"train.checkpoint-every", "checkpoint-every", "int", "checkpoint every N steps", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.CheckpointEvery, 1) }},
	{"analyze.enabled", "analyze", "bool", "run the analysis stage (needed by prune.by other than gates)", func(c *Config, v []string, _ func(string) string) error { return parseBool(v[0], &c.Analyze) }},
	{"analyze.max-sentences", "max-sentences", "int", "analyze at most this many sentences of the set (0: all)", func(c *Config, v []string, _ func(string) string) error {
		return parseInt(v[0], &c.AnalyzeSentences, 0)
	}},
	{"analyze.conllu", "conllu", "string", "CoNLL-U dependency trees of the analyzed sources, one per sentence (enables syntactic roles)", func(c *Config, v []string, rel func(string) string) error {
		c.CoNLLU = ""
		if v[0] != "" {
			c.CoNLLU = rel(v[0])
		}
		return nil
	}},
	{"prune.by", "prune-by", "string", "gates (trained keep decisions), relevance, importance or confidence", func(c *Config, v []string, _ func(string) string) error {
		switch v[0] {
		case "gates", "relevance", "importance", "confidence":
			c.PruneBy = v[0]
			return nil
		}
		return fmt.Errorf("%q is not one of gates, relevance, importance, confidence", v[0])
	}},
	{"prune.keep-heads", "keep-heads", "int", "heads kept when pruning by a rank", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.KeepHeads, 0) }},
	{"verify.beam", "beam", "int", "beam size of the test translations (1: greedy)", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.Beam, 1) }},
	{"verify.max-len", "max-len", "int", "most generated tokens per sentence, EOS included (0: no fixed cap)", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.MaxLen, 0) }},
	{"verify.bench-batch", "bench-batch", "ints", "batch sizes timed", func(c *Config, v []string, _ func(string) string) error {
		c.BenchBatch = nil
		for _, s := range v {
			var n int
			if err := parseInt(s, &n, 1); err != nil {
				return err
			}
			c.BenchBatch = append(c.BenchBatch, n)
		}
		return nil
	}},
	{"verify.repeats", "repeats", "int", "timed runs per speed measurement", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.Repeats, 1) }},
	{"verify.rounds", "rounds", "int", "interleaved rounds the timed runs are split into, original and pruned alternately", func(c *Config, v []string, _ func(string) string) error { return parseInt(v[0], &c.Rounds, 1) }},
	{"verify.bench-sentences", "bench-sentences", "int", "sentences each timed run covers at least: ceil(N/batch) batches translated one after the other", func(c *Config, v []string, _ func(string) string) error {
		return parseInt(v[0], &c.BenchSentences, 1)
	}},
	{"verify.no-bench", "no-bench", "bool", "skip the speed measurements", func(c *Config, v []string, _ func(string) string) error { return parseBool(v[0], &c.NoBench) }},
	{"verify.max-bleu-drop", "max-bleu-drop", "float", "fail (exit 1) when test BLEU drops by more than this", func(c *Config, v []string, _ func(string) string) error {
		if v[0] == "" {
			c.MaxBLEUDrop = nil
			return nil
		}
		var f float64
		if err := parseFloat(v[0], &f); err != nil {
			return err
		}
		c.MaxBLEUDrop = &f
		return nil
	}},
}

func pairSetter(get func(*Config) *[2]string) func(c *Config, v []string, rel func(string) string) error {
	return func(c *Config, v []string, rel func(string) string) error {
		p := get(c)
		if len(v) == 1 && v[0] == "" {
			*p = [2]string{}
			return nil
		}
		if len(v) != 2 || v[0] == "" || v[1] == "" {
			return fmt.Errorf("want two files [SOURCE, TARGET], got %d", len(v))
		}
		*p = [2]string{rel(v[0]), rel(v[1])}
		return nil
	}
}

func parseInt(s string, dst *int, min int) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not an integer", s)
	}
	if n < min {
		return fmt.Errorf("%d is below %d", n, min)
	}
	*dst = n
	return nil
}

// parseFloat reads a finite number: NaN and infinities are refused here,
// where the error can name the line, not later where they break the state
// file ("json: unsupported value").
func parseFloat(s string, dst *float64) error {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("%q is not a number", s)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("%q is not a finite number", s)
	}
	*dst = f
	return nil
}

func parseBool(s string, dst *bool) error {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "1":
		*dst = true
	case "false", "no", "off", "0", "":
		*dst = false
	default:
		return fmt.Errorf("%q is not true or false", s)
	}
	return nil
}

// FieldByFlag returns the field of a flag name.
func FieldByFlag(flag string) (Field, bool) {
	for _, f := range Fields {
		if f.Flag == flag {
			return f, true
		}
	}
	return Field{}, false
}

// Set applies one text value to c, as the flag of f reads it: a list or
// pair is comma-separated. Paths are used as given.
func (f Field) Set(c *Config, value string) error {
	v := []string{value}
	if f.Kind == "list" || f.Kind == "ints" || f.Kind == "pair" {
		v = nil
		if value != "" {
			for _, p := range strings.Split(value, ",") {
				v = append(v, strings.TrimSpace(p))
			}
		} else {
			v = []string{""}
		}
	}
	if err := f.set(c, v, func(p string) string { return p }); err != nil {
		return fmt.Errorf("--%s: %w", f.Flag, err)
	}
	return nil
}

// DeprecatedKeys maps old configuration keys to the keys that replace
// them; an old key is applied as its new one, with a notice in
// Config.Notices.
var DeprecatedKeys = map[string]string{"out": "output"}

// ParseFile applies a configuration file to c. Errors name the file and
// line: an unknown key, a value of the wrong type, a malformed line.
func ParseFile(c *Config, path string) error {
	_, err := ReadFile(c, path)
	return err
}

// ReadFile applies a configuration file to c, as ParseFile, and says what
// it set.
func ReadFile(c *Config, path string) (*Source, error) {
	b, err := safefile.ReadInput(path, safefile.DocumentLimit, "a configuration file")
	if err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	return parse(c, path, string(b), filepath.Dir(path))
}

// Parse applies configuration text to c; name is used in errors and
// relative paths are resolved against dir. A UTF-8 byte order mark at the
// start (as some Windows editors write) is skipped.
func Parse(c *Config, name, text, dir string) error {
	_, err := parse(c, name, text, dir)
	return err
}

func parse(c *Config, name, text, dir string) (*Source, error) {
	src := &Source{Keys: map[string]string{}}
	entries, err := parseYAML(name, strings.TrimPrefix(text, "\ufeff"))
	if err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	byKey := map[string]Field{}
	for _, f := range Fields {
		byKey[f.Key] = f
	}
	rel := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	sections := map[string]bool{}
	for _, f := range Fields {
		if s, _, ok := strings.Cut(f.Key, "."); ok {
			sections[s] = true
		}
	}
	for _, e := range entries {
		if nk, ok := DeprecatedKeys[e.key]; ok {
			src.Notices = append(src.Notices, fmt.Sprintf("%s:%d: key %s is deprecated and will be removed; use %s", name, e.line, e.key, nk))
			e.key = nk
		}
		f, ok := byKey[e.key]
		if !ok {
			if sections[e.key] && !e.isList && e.val == "" {
				continue // an empty section
			}
			return nil, fmt.Errorf("pipeline: %s:%d: unknown key %q (known: %s)", name, e.line, e.key, knownKeys())
		}
		v := []string{e.val}
		switch {
		case e.isList && f.Kind != "list" && f.Kind != "ints" && f.Kind != "pair":
			return nil, fmt.Errorf("pipeline: %s:%d: %s takes one value, not a list", name, e.line, e.key)
		case e.isList:
			v = e.list
			if len(v) == 0 {
				v = []string{""}
			}
		case f.Kind == "pair" && e.val != "":
			return nil, fmt.Errorf("pipeline: %s:%d: %s takes a list [SOURCE, TARGET]", name, e.line, e.key)
		}
		if err := f.set(c, v, rel); err != nil {
			return nil, fmt.Errorf("pipeline: %s:%d: %s: %w", name, e.line, e.key, err)
		}
		src.Keys[e.key] = fmt.Sprintf("%s:%d", name, e.line)
	}
	return src, nil
}

func knownKeys() string {
	var ks []string
	for _, f := range Fields {
		ks = append(ks, f.Key)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// Validate checks that the configuration can run.
func (c *Config) Validate() error {
	switch {
	case len(c.Model) == 0:
		return fmt.Errorf("pipeline: no model")
	case len(c.Model) > 2:
		return fmt.Errorf("pipeline: model: give one file, ENCODER,DECODER or a folder (got %d files)", len(c.Model))
	case c.Out == "":
		return fmt.Errorf("pipeline: no output folder (output)")
	case c.Test[0] == "":
		return fmt.Errorf("pipeline: no test data (data.test)")
	case c.Steps > 0 && c.Train[0] == "":
		return fmt.Errorf("pipeline: gate training needs data.train (or train.max-steps: 0)")
	case c.PruneBy == "gates" && c.Steps == 0:
		return fmt.Errorf("pipeline: prune.by gates needs gate training (train.max-steps > 0)")
	case c.PruneBy != "gates" && !c.Analyze:
		return fmt.Errorf("pipeline: prune.by %s needs the analysis (analyze.enabled: true)", c.PruneBy)
	case c.PruneBy != "gates" && c.KeepHeads <= 0:
		return fmt.Errorf("pipeline: prune.by %s needs prune.keep-heads > 0", c.PruneBy)
	case c.Analyze && c.Dev[0] == "":
		return fmt.Errorf("pipeline: the analysis needs data.dev (or analyze.enabled: false)")
	case c.IDs && c.Tokenizer != "":
		return fmt.Errorf("pipeline: ids and tokenizer exclude each other")
	case !c.Structures.HeadsOnly() && c.PruneBy != "gates":
		return fmt.Errorf("pipeline: structures other than heads are pruned by their gates (prune.by: gates)")
	case c.TrainWeights.Any() && c.Steps == 0:
		return fmt.Errorf("pipeline: train.weights %s needs training (train.max-steps > 0)", c.TrainWeights)
	}
	if err := c.Distill.Validate(); err != nil {
		return fmt.Errorf("pipeline: train.distill: %w", err)
	}
	return nil
}
