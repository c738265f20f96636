// Command mksynth writes a synthetic Transformer-like ONNX model with
// external data (see package synth), for scripts/kill-trials.sh and manual
// runs:
//
//	go run ./tests/large/mksynth -o DIR [-name model.onnx] [-size-mb 400 | -vocab N]
package main

import (
	"flag"
	"fmt"
	"os"

	"onnxprune/tests/large/synth"
)

func main() {
	var c synth.Config
	out := flag.String("o", "", "output folder (made if missing)")
	name := flag.String("name", "model.onnx", "model file name; the data file is NAME.data")
	sizeMB := flag.Int64("size-mb", 0, "pick the vocabulary for a model of about this many MiB")
	flag.IntVar(&c.Layers, "layers", 2, "attention blocks")
	flag.IntVar(&c.Heads, "heads", 8, "heads per block")
	flag.IntVar(&c.HeadDim, "head-dim", 32, "size of one head")
	flag.IntVar(&c.Vocab, "vocab", 1000, "vocabulary (ignored with -size-mb)")
	flag.Uint64Var(&c.Seed, "seed", 1, "weight seed")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "mksynth: -o DIR is required")
		os.Exit(2)
	}
	if *sizeMB > 0 {
		c.Vocab = synth.VocabFor(c, *sizeMB<<20)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "mksynth:", err)
		os.Exit(2)
	}
	path, err := synth.Write(*out, *name, c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mksynth:", err)
		os.Exit(2)
	}
	fmt.Printf("%s: %d layers, %d heads of %d, vocab %d, %d weight bytes\n", path, c.Layers, c.Heads, c.HeadDim, c.Vocab, c.Bytes())
}
