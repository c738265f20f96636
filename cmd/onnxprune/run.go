package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"onnxprune/pipeline"
)

func runCommand() command {
	c := command{
		name:  "run",
		short: "the whole pipeline: inspect, gate, train gates, analyze, prune, verify, with a summary",
		usage: "run [--config pipeline.yaml] [flags]",
		long: `Run the pipeline end to end on one model: inspect (find the heads) → gate (insert
head gates) → train (Hard Concrete gates, L0 penalty or head-count target) → analyze
(LRP relevance, importance, confidence, roles) → prune (cut the heads out of the
weights and graph) → verify (BLEU before and after, equivalence with the gated model,
file size, speed). Everything goes into one output folder:

  inspect.json  gated/  train/  analysis/  pruned/  verify/
  summary.json  summary.md  stages.json

Settings come from a YAML file (--config) and from flags. A flag beats the file: when
it contradicts another key the file sets (--l0-lambda against train.target-heads,
--ids against tokenizer, --tokenizer against ids), the flag is applied, the file's key
is switched off and a line on stderr says so; a flag the file's settings would make
ineffective (--keep-heads when pruning by gates) is a usage error, as are two flags
that exclude each other. Paths in the file are relative to the file's folder. The
file is a small YAML subset: mappings two deep, scalars, [a, b] and "- a" lists, #
comments; an unknown key or a bad value is an error naming the line. Keys, their
types and their flags (the flags' defaults are the keys' defaults):

{{keys}}
The output folder (-o, key output) must be new or empty, or hold an earlier run of
this command (its stages.json), or be named with --overwrite. A rerun with the same
output folder reuses every stage whose inputs and settings are unchanged (stages.json
records them); a changed setting reruns its stage and the stages after it. An
interrupted gate training resumes from its checkpoint. SIGINT/SIGTERM stop the run,
keep the finished stages and exit with 130/143. Exit code 1 when verify.max-bleu-drop
is missed.`,
		example: `  bin/onnxprune run --config models/demo/planted.yaml -o /tmp/onnxprune-ex/planted-run --overwrite --max-steps 20 --max-sentences 10 --no-bench
  bin/onnxprune run --config models/demo/planted.yaml -o /tmp/onnxprune-ex/planted-l0 --overwrite \
      --max-steps 20 --max-sentences 10 --target-heads 6 --no-bench
  bin/onnxprune run --model models/planted/planted_ungated.onnx --ids --specials pad=0,bos=1,eos=2,decoder-start=1 \
      --train models/planted/train.src,models/planted/train.tgt --dev models/planted/dev.src,models/planted/dev.tgt \
      --test models/demo/slice/planted-test.src,models/demo/slice/planted-test.tgt --max-steps 20 --max-sentences 10 --no-bench \
      -o /tmp/onnxprune-ex/run-flags --overwrite`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		fs := newFlagSet(c, stdout)
		dep := newDeprecations(fs, stderr)
		var config string
		var overwrite bool
		fs.StringVar(&config, "config", "", "pipeline configuration file (YAML)")
		fs.BoolVar(&overwrite, "overwrite", false, overwriteHelp)
		bound := bindFields(fs, dep)
		c.long = strings.Replace(c.long, "{{keys}}", fieldHelp(fs), 1)
		setUsage(fs, c, stdout)
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return &usageError{msg: fmt.Sprintf("run takes no arguments, got %q (use --config or --model)", fs.Args())}
		}
		cfg := pipeline.Default()
		var file map[string]string
		if config != "" {
			src, err := pipeline.ReadFile(&cfg, config)
			if err != nil {
				return err
			}
			for _, n := range src.Notices {
				fmt.Fprintf(stderr, "onnxprune run: %s\n", n)
			}
			file = src.Keys
		}
		for _, f := range pipeline.Fields {
			if !fs.Changed(f.Flag) {
				continue
			}
			if err := f.Set(&cfg, bound[f.Flag]()); err != nil {
				return &usageError{msg: err.Error()}
			}
		}
		if err := resolveConflicts(&cfg, fs.Changed, file, stderr); err != nil {
			return err
		}
		if err := cfg.Validate(); err != nil {
			return &usageError{msg: err.Error()}
		}
		_, statErr := os.Stat(filepath.Join(cfg.Out, pipeline.StateFile))
		dir, err := claimOutputDir(cfg.Out, overwrite, statErr == nil)
		if err != nil {
			return err
		}
		if !cfg.NoBench {
			// Each model is timed in a process of its own, as verify does,
			// so that their peak memory can be compared.
			exe, err := os.Executable()
			if err != nil {
				return fmt.Errorf("benchmark processes: %w", err)
			}
			cfg.BenchRunner = childBenchRunner(exe)
		}
		sum, err := pipeline.Run(ctx, cfg, stderr)
		if sum != nil {
			fmt.Fprintln(stdout)
			sum.WriteText(stdout)
		}
		if err != nil {
			// Finished stages are kept for the rerun; a run that failed
			// before its first stage leaves nothing.
			dir.release(fileExists(filepath.Join(cfg.Out, pipeline.StateFile)))
		}
		if errors.Is(err, pipeline.ErrThreshold) {
			return &exitError{code: 1, err: err}
		}
		return err
	}
	return c
}

// bindFields binds a flag for every configuration key (pipeline.Fields),
// typed and with the key's default, and returns, per flag name, how to
// read its value as text for pipeline.Field.Set. The flags that other
// commands have too are bound by the same binders as there (sessionFlags,
// -o/--output, --allow-dir, --max-sentences), so that name, type, default
// and help agree.
func bindFields(fs *pflag.FlagSet, dep *deprecations) map[string]func() string {
	def := pipeline.Default()
	bound := map[string]func() string{}
	var session sessionFlags
	session.bind(fs)
	for _, name := range []string{"provider", "device-id", "cuda-mem-limit", "cudnn-conv-algo-search", "threads", "ort-lib"} {
		v := fs.Lookup(name).Value
		bound[name] = v.String
	}
	var out string
	bindOutput(fs, dep, &out, "")
	attention := def.Value("attention")
	fs.StringVar(&attention, "attention", attention, attentionHelp)
	bound["attention"] = func() string { return attention }
	structs := def.Value("structures")
	fs.StringVar(&structs, "structures", structs, structuresHelp)
	bound["structures"] = func() string { return structs }
	var allowDirs []string
	fs.StringArrayVar(&allowDirs, "allow-dir", nil, allowDirHelp)
	bound["allow-dir"] = func() string { return strings.Join(allowDirs, ",") }
	for _, f := range pipeline.Fields {
		if bound[f.Flag] != nil {
			continue
		}
		help := f.Help
		if h, ok := sharedHelp[f.Flag]; ok {
			help = h
		}
		if f.Flag == "output" {
			fs.Lookup("output").Usage = help
			bound["output"] = func() string { return out }
			continue
		}
		v := &fieldValue{field: f, text: def.Value(f.Key)}
		fs.Var(v, f.Flag, help)
		fl := fs.Lookup(f.Flag)
		fl.DefValue = v.text
		if f.Kind == "bool" {
			fl.NoOptDefVal = "true"
		}
		bound[f.Flag] = v.String
	}
	dep.rename("analyze-sentences", "max-sentences")
	return bound
}

// sharedHelp holds the help texts of run's flags that other commands also
// have, bound there by other binders.
var sharedHelp = map[string]string{
	"tokenizer":     tokenizerHelp,
	"specials":      specialsHelp,
	"ids":           idsHelp,
	"attention":     attentionHelp,
	"max-sentences": maxSentHelp,
	"target-params": targetParamsHelp,
	"target-flops":  targetFLOPsHelp,
	"target-time":   targetTimeHelp,
	"time-batch":    timeBatchHelp,
}

// fieldValue is the flag of one configuration key: typed as the key is
// (a value the key would refuse is a usage error at once), its text passed
// to pipeline.Field.Set.
type fieldValue struct {
	field pipeline.Field
	text  string
}

func (v *fieldValue) String() string { return v.text }

// Type names the value's type as --help shows it.
func (v *fieldValue) Type() string {
	switch v.field.Kind {
	case "float":
		return "float64"
	case "uint":
		return "uint64"
	case "list":
		return "strings"
	case "ints":
		return "intSlice"
	case "pair":
		return dataSetType
	}
	return v.field.Kind
}

// IsBoolFlag lets a bool key's flag be given without a value (--ids).
func (v *fieldValue) IsBoolFlag() bool { return v.field.Kind == "bool" }

func (v *fieldValue) Set(s string) error {
	scratch := pipeline.Default()
	if err := v.field.Set(&scratch, s); err != nil {
		// Field.Set names the flag; pflag names it again.
		return errors.New(strings.TrimPrefix(err.Error(), "--"+v.field.Flag+": "))
	}
	v.text = s
	return nil
}

// resolveConflicts applies the rule that a flag beats the file: a flag that
// contradicts a key the file set switches that key off and says so on
// stderr; two flags that exclude each other, or a flag the file makes
// ineffective, are usage errors. changed says which flags were given; file
// where the file set each key.
func resolveConflicts(cfg *pipeline.Config, changed func(string) bool, file map[string]string, stderr io.Writer) error {
	inFile := func(key string) (string, bool) {
		at, ok := file[key]
		return at, ok
	}
	switch {
	case changed("l0-lambda") && changed("target-heads") && cfg.TargetHeads > 0:
		return &usageError{msg: fmt.Sprintf("--l0-lambda %g and --target-heads %d exclude each other: the head target replaces the penalty weight", cfg.Lambda, cfg.TargetHeads)}
	case changed("l0-lambda") && cfg.TargetHeads > 0:
		at, _ := inFile("train.target-heads")
		fmt.Fprintf(stderr, "onnxprune run: --l0-lambda %g replaces train.target-heads: %d (%s): training uses the penalty weight λ\n", cfg.Lambda, cfg.TargetHeads, at)
		cfg.TargetHeads = 0
	case changed("target-heads") && cfg.TargetHeads > 0:
		if at, ok := inFile("train.l0-lambda"); ok {
			fmt.Fprintf(stderr, "onnxprune run: --target-heads %d replaces train.l0-lambda: %g (%s): training drives the open heads to %d\n", cfg.TargetHeads, cfg.Lambda, at, cfg.TargetHeads)
		}
	default:
		la, lok := inFile("train.l0-lambda")
		ta, tok := inFile("train.target-heads")
		if lok && tok && cfg.TargetHeads > 0 {
			return &usageError{msg: fmt.Sprintf("train.l0-lambda (%s) and train.target-heads (%s) exclude each other: the head target replaces the penalty weight", la, ta)}
		}
	}
	switch {
	case changed("ids") && changed("tokenizer") && cfg.IDs && cfg.Tokenizer != "":
		return &usageError{msg: "--ids and --tokenizer exclude each other"}
	case changed("ids") && cfg.IDs && cfg.Tokenizer != "":
		at, _ := inFile("tokenizer")
		fmt.Fprintf(stderr, "onnxprune run: --ids replaces tokenizer: %s (%s): the data are token ids\n", cfg.Tokenizer, at)
		cfg.Tokenizer = ""
	case changed("tokenizer") && cfg.Tokenizer != "" && cfg.IDs:
		at, _ := inFile("ids")
		fmt.Fprintf(stderr, "onnxprune run: --tokenizer replaces ids: true (%s): the data are text\n", at)
		cfg.IDs = false
	}
	if changed("keep-heads") && cfg.PruneBy == "gates" {
		at := "the default"
		if a, ok := inFile("prune.by"); ok {
			at = a
		}
		return &usageError{msg: fmt.Sprintf("--keep-heads applies when pruning by a ranking, but prune.by is gates (%s): add --prune-by relevance, importance or confidence", at)}
	}
	return nil
}

// fieldHelp lists the configuration keys for the long help: key, type and
// flag, with the flag's help.
func fieldHelp(fs *pflag.FlagSet) string {
	var b strings.Builder
	for _, f := range pipeline.Fields {
		fl := fs.Lookup(f.Flag)
		fmt.Fprintf(&b, "  %-22s %-8s --%-22s %s\n", f.Key, fl.Value.Type(), f.Flag, fl.Usage)
	}
	return b.String()
}
