package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/heads"
	"onnxprune/pipeline"
)

// pruneOptions holds the flags of `onnxprune prune`.
type pruneOptions struct {
	remove, keep, gates string
	out                 string
	overwrite           bool
	allowDirs           []string
	models              []string
}

func pruneCommand() command {
	c := command{
		name:  "prune",
		short: "cut attention heads, FFN neurons and sublayers out of a model's weights and graph",
		usage: "prune [flags] MODEL... (--remove SPEC | --keep SPEC | --gates gates.json) -o OUT",
		long: `Remove attention heads from the model itself: slice the Q/K/V projection columns and
biases and the output projection's rows, rewrite every constant or attribute that
encodes the number of heads, shrink past/present key-value shapes, and remove a whole
attention sublayer whose heads are all gone (its residual path and output bias stay).
The pruned model computes what the gated model computes with the removed heads' gates
at 0 (the surgery oracle).

SPEC is a comma list of head names KIND:LAYER:HEAD, KIND one of encoder, decoder
(decoder self-attention) or cross, layers and heads counted from 0 (see 'onnxprune
inspect --heads'); HEAD may be * for every head of the layer, LAYER * for every
layer of the kind (decoder:*:* is all decoder self-attention). --remove removes the
listed heads, --keep keeps only them, --gates follows the keep fields of a gates.json
written by gate training. A name that does not exist is an error.

SPEC may also name FFN neurons, ffn:KIND:LAYER:NEURONS (KIND encoder or decoder,
NEURONS N, A-B or *), cut from both projections and the first one's bias, and whole
residual sublayers, sublayer:STACK:LAYER:PART (PART attn, cross or ffn), whose branch
goes while the residual passes through (see 'onnxprune inspect --ffn').

Several files of one model (encoder_model.onnx decoder_model.onnx
decoder_with_past_model.onnx) are pruned together and stay consistent; OUT is then a
folder receiving the same file names. A folder given as MODEL stands for the
Optimum export's files in it (else its model.onnx). The input files are never changed.`,
		example: `  bin/onnxprune prune models/planted/planted_ungated.onnx --remove encoder:0:2,encoder:0:3,cross:0:* \
      -o /tmp/onnxprune-ex/planted-pruned.onnx --overwrite
  bin/onnxprune prune models/reference --keep encoder:0:*,encoder:1:0 -o /tmp/onnxprune-ex/pruned/ --overwrite
  bin/onnxprune prune models/fixtures/marian/encoder_model.onnx models/fixtures/marian/decoder_model.onnx \
      models/fixtures/marian/decoder_with_past_model.onnx --remove decoder:*:1 -o /tmp/onnxprune-ex/marian-pruned --overwrite
  bin/onnxprune prune models/reference --remove ffn:encoder:1:16-63,sublayer:decoder:0:cross -o /tmp/onnxprune-ex/ffn-pruned/ --overwrite`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o pruneOptions
		fs := newFlagSet(c, stdout)
		dep := newDeprecations(fs, stderr)
		fs.StringVar(&o.remove, "remove", "", removeHelp)
		dep.rename("removed", "remove")
		fs.StringVar(&o.keep, "keep", "", "heads kept, every other head removed: a comma list of KIND:LAYER:HEAD (HEAD or LAYER may be *)")
		fs.StringVar(&o.gates, "gates", "", "gates.json from gate training: remove heads with keep=false")
		bindOutput(fs, dep, &o.out, "output file (one MODEL file) or folder (several, or a name ending in /)")
		fs.BoolVar(&o.overwrite, "overwrite", false, overwriteHelp)
		fs.StringArrayVar(&o.allowDirs, "allow-dir", nil, allowDirHelp)
		models, err := parseModelFlags(fs, args, "prune")
		if err != nil {
			return err
		}
		o.models = models
		n := 0
		for _, s := range []string{o.remove, o.keep, o.gates} {
			if s != "" {
				n++
			}
		}
		if n != 1 {
			return &usageError{msg: "give exactly one of --remove, --keep, --gates"}
		}
		return o.run(ctx, stdout)
	}
	return c
}

func (o *pruneOptions) decision(blocks []*heads.Block) (heads.Decision, error) {
	switch {
	case o.remove != "":
		d, err := heads.ParseDecision(o.remove, blocks)
		if err != nil {
			return nil, &usageError{msg: "--remove: " + err.Error()}
		}
		return d, nil
	case o.keep != "":
		sel, err := heads.ParseSpec(o.keep, blocks)
		if err != nil {
			return nil, &usageError{msg: "--keep: " + err.Error()}
		}
		return heads.KeepDecision(blocks, sel), nil
	}
	gf, err := gatesfile.Read(o.gates)
	if err != nil {
		return nil, err
	}
	d, err := gf.HeadDecision(blocks)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.gates, err)
	}
	return d, nil
}

func (o *pruneOptions) run(ctx context.Context, stdout io.Writer) error {
	outs, err := outputPaths(o.models, o.out, o.overwrite)
	if err != nil {
		return err
	}
	ms, err := loadModelSet(o.models, o.allowDirs, true)
	if err != nil {
		return err
	}
	defer ms.close()
	if err := checkDataFiles(outs, ms); err != nil {
		return err
	}
	if structureItems(o.remove) || structureItems(o.keep) || structureGates(o.gates) {
		return o.runStructures(ctx, stdout, ms, outs)
	}
	// The decision is made against every block of the model (all files),
	// then applied to each file's blocks of the same names.
	var paths []string
	var perFile [][]*heads.Block
	for _, f := range ms.files {
		paths, perFile = append(paths, f.Path), append(perFile, f.Blocks)
	}
	all, err := pipeline.AllBlocks(paths, perFile)
	if err != nil {
		return err
	}
	dec, err := o.decision(all)
	if err != nil {
		return ms.explainMissing(err)
	}
	writeNotUnderstood(stdout, ms.notUnderstood(), "left whole")
	var lines []string
	for i, f := range ms.files {
		if err := ctx.Err(); err != nil {
			return err
		}
		rep, err := pipeline.CutHeads(f.Graph, f.Blocks, dec)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Path, err)
		}
		if err := f.Graph.CheckTypes(); err != nil {
			return fmt.Errorf("%s: not writing %s: %w", f.Path, outs[i], err)
		}
		f.Graph.Store(f.Model)
		var parts []string
		for _, c := range rep.Blocks {
			s := fmt.Sprintf("%s %d->%d", c.Block, c.From, c.To)
			if c.Removed {
				s += " (sublayer removed)"
			}
			parts = append(parts, s)
		}
		if len(parts) == 0 {
			parts = []string{"no heads removed"}
		}
		for _, c := range rep.Copies {
			parts = append(parts, "shared weight copied: "+c)
		}
		lines = append(lines, fmt.Sprintf("%s: %s; %d weight bytes removed -> %s", f.Path, strings.Join(parts, ", "), rep.RemovedBytes, outs[i]))
	}
	// Every file is cut in memory before anything is written; the outputs
	// are then written all or nothing.
	if err := writeModelSet(ctx, ms, outs); err != nil {
		return err
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	return nil
}
