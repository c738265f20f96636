// Command resultsgen turns the outputs of models/reference/results.sh into
// RESULTS.md's tables, so that no number there is typed by hand.
//
//	resultsgen keep --heads an-dev/heads.json --by relevance --n 10 [--seed 1]
//	resultsgen collect OUT
//	resultsgen render --results OUT/results.json --template RESULTS.md -o OUT/RESULTS.md --svg OUT/bleu-vs-heads.svg
//
// keep prints the encoder heads to keep when pruning by a ranking of the
// dense model (or by a seeded random choice), as onnxprune prune --keep
// reads them. collect reads the run folders results.sh wrote (summary.json,
// gates.json, heads.json, verify.json and the paired bootstrap tests of
// onnxprune score --paired-bs --json) into one results.json. render replaces
// each generated block of the template, the text between
// "<!-- results:NAME -->" and "<!-- /results:NAME -->", with its table, and
// draws the BLEU-vs-heads-kept chart; every block must be in the template
// exactly once.
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
		return fmt.Errorf("usage: resultsgen keep|collect|render [flags] (see the package documentation)")
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
	case "collect":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if fs.NArg() != 1 {
			return fmt.Errorf("usage: resultsgen collect OUT")
		}
		return collectFolder(fs.Arg(0))
	case "render":
		results := fs.String("results", "", "results.json written by collect")
		template := fs.String("template", "RESULTS.md", "markdown file with the generated blocks' markers")
		out := fs.String("o", "", "markdown file to write")
		svg := fs.String("svg", "", "SVG file of the BLEU-vs-heads-kept chart to write")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *results == "" || *out == "" || *svg == "" {
			return fmt.Errorf("usage: resultsgen render --results FILE --template FILE -o FILE --svg FILE")
		}
		return renderFiles(*results, *template, *out, *svg)
	}
	return fmt.Errorf("unknown subcommand %q (keep, collect or render)", args[0])
}
