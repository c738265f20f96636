// Command resultsgen turns the outputs of models/reference/results.sh into
// RESULTS.md's tables, so that no number there is typed by hand.
//
//	resultsgen keep --heads an-dev/heads.json --by relevance --n 10 [--seed 1]
//	resultsgen record --model DIR [--dense HYP --original HYP] -o model.json
//	resultsgen record --model DIR --expect model.json
//	resultsgen collect CACHE
//	resultsgen collect --structures CACHE
//	resultsgen render --results OUT/results.json --template RESULTS.md -o OUT/RESULTS.md --svg OUT/bleu-vs-heads.svg
//	resultsgen render --structures CACHE/structures.json --template RESULTS.md -o OUT/RESULTS.md
//
// keep prints the encoder heads to keep when pruning by a ranking of the
// dense model (or by a seeded random choice), as onnxprune prune --keep
// reads them. record writes an experiment's model.json (the sizes and
// SHA-256 of a model folder's encoder and decoder files, and for a gate run
// how many of its own dense translations differ from the dense model's),
// so that the folder can be deleted; with --expect it checks instead that
// a regenerated folder holds the recorded files. collect reads the cache
// folder results.sh fills (test.hyp, loss.json and model.json of every
// system, summary.json and gates.json of the gate runs, heads.json of the
// analyses, verify.json of the speed runs and the paired bootstrap tests of
// onnxprune score --paired-bs --json) into one results.json. render replaces
// each generated block of the template, the text between
// "<!-- results:NAME -->" and "<!-- /results:NAME -->", with its table, and
// draws the BLEU-vs-heads-kept chart; every block must be in the template
// exactly once. collect --structures and render --structures do the same
// for the structures block alone (issue 21's FLOP-budget runs), so that it
// can be filled while other experiments are still missing.
//
// Exit status: 0 on success, 2 on a usage or input error (one line on
// standard error naming the file).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "resultsgen:", err)
		os.Exit(2)
	}
}

// run dispatches a subcommand.
func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: resultsgen keep|record|collect|render [flags] (see the package documentation)")
	}
	fs := flag.NewFlagSet("resultsgen "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	switch args[0] {
	case "keep":
		heads := fs.String("heads", "", "heads.json of the dense model's analysis")
		by := fs.String("by", "", "relevance, importance, confidence or random")
		n := fs.Int("n", 0, "encoder heads to keep")
		seed := fs.Uint64("seed", 1, "seed of the random choice")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		names, err := keepHeads(*heads, *by, *n, *seed)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, joinNames(names))
		return err
	case "record":
		model := fs.String("model", "", "model folder (encoder_model.onnx, decoder_model.onnx)")
		dense := fs.String("dense", "", "the dense model's test translations")
		original := fs.String("original", "", "a gate run's own test translations by the dense model")
		out := fs.String("o", "", "model.json to write")
		expect := fs.String("expect", "", "model.json the folder's files must match")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		switch {
		case *model == "" || (*out == "") == (*expect == ""):
			return fmt.Errorf("usage: resultsgen record --model DIR [--dense HYP --original HYP] -o FILE | --expect FILE")
		case *expect != "":
			return checkModel(*model, *expect)
		}
		return recordModel(*model, *dense, *original, *out)
	case "collect":
		only := fs.Bool("structures", false, "gather only the dense model and the FLOP-budget runs into CACHE/structures.json")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if fs.NArg() != 1 {
			return fmt.Errorf("usage: resultsgen collect [--structures] CACHE")
		}
		if *only {
			return collectStructures(fs.Arg(0))
		}
		return collectFolder(fs.Arg(0))
	case "render":
		results := fs.String("results", "", "results.json written by collect")
		structures := fs.String("structures", "", "structures.json written by collect --structures: render its block alone")
		template := fs.String("template", "RESULTS.md", "markdown file with the generated blocks' markers")
		out := fs.String("o", "", "markdown file to write")
		svg := fs.String("svg", "", "SVG file of the BLEU-vs-heads-kept chart to write")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *structures != "" && *results == "" && *svg == "" && *out != "" {
			return renderStructures(*structures, *template, *out)
		}
		if *results == "" || *out == "" || *svg == "" {
			return fmt.Errorf("usage: resultsgen render --results FILE --template FILE -o FILE --svg FILE")
		}
		return renderFiles(*results, *template, *out, *svg)
	}
	return fmt.Errorf("unknown subcommand %q (keep, record, collect or render)", args[0])
}
