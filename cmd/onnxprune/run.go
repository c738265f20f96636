package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

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

Settings come from a YAML file (--config) and from flags, flags winning. Paths in
the file are relative to the file's folder. The file is a small YAML subset: mappings
two deep, scalars, [a, b] and "- a" lists, # comments; an unknown key or a bad value
is an error naming the line. Keys (flag in brackets):

` + fieldHelp() + `
A rerun with the same output folder reuses every stage whose inputs and settings are
unchanged (stages.json records them); a changed setting reruns its stage and the
stages after it. An interrupted gate training resumes from its checkpoint.
SIGINT/SIGTERM stop the run, keep the finished stages and exit with 130/143. Exit
code 1 when verify.max-bleu-drop is missed.`,
		example: `  onnxprune run --config models/demo/pipeline.yaml
  onnxprune run --config models/demo/pipeline.yaml --out demo-out --max-steps 300 --l0-lambda 0.1
  onnxprune run --model models/planted/planted_ungated.onnx --ids --specials pad=0,bos=1,eos=2,decoder-start=1 \
      --train models/planted/train.src,models/planted/train.tgt --dev models/planted/dev.src,models/planted/dev.tgt \
      --test models/planted/dev.src,models/planted/dev.tgt --max-steps 200 --out run-out`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		fs := newFlagSet(c, stdout)
		var config string
		fs.StringVar(&config, "config", "", "pipeline configuration file (YAML)")
		vals := map[string]*string{}
		// --allow-dir may be repeated, as on the other commands; its values
		// are joined into the list the key takes.
		var allowDirs []string
		for _, f := range pipeline.Fields {
			v := new(string)
			vals[f.Flag] = v
			if f.Flag == "allow-dir" {
				fs.StringArrayVar(&allowDirs, f.Flag, nil, f.Help+" ("+f.Key+")")
				continue
			}
			fs.StringVar(v, f.Flag, "", f.Help+" ("+f.Key+")")
			if f.Kind == "bool" {
				fs.Lookup(f.Flag).NoOptDefVal = "true"
			}
		}
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		*vals["allow-dir"] = strings.Join(allowDirs, ",")
		if fs.NArg() > 0 {
			return &usageError{msg: fmt.Sprintf("run takes no arguments, got %q (use --config or --model)", fs.Args())}
		}
		cfg := pipeline.Default()
		if config != "" {
			if err := pipeline.ParseFile(&cfg, config); err != nil {
				return err
			}
		}
		for _, f := range pipeline.Fields {
			if !fs.Changed(f.Flag) {
				continue
			}
			if err := f.Set(&cfg, *vals[f.Flag]); err != nil {
				return &usageError{msg: err.Error()}
			}
		}
		if err := cfg.Validate(); err != nil {
			return &usageError{msg: err.Error()}
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
		if errors.Is(err, pipeline.ErrThreshold) {
			return &exitError{code: 1, err: err}
		}
		return err
	}
	return c
}

// fieldHelp lists the configuration keys for the long help.
func fieldHelp() string {
	var b strings.Builder
	for _, f := range pipeline.Fields {
		fmt.Fprintf(&b, "  %-22s %-6s %s [--%s]\n", f.Key, f.Kind, f.Help, f.Flag)
	}
	return b.String()
}
