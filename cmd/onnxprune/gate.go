package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"onnxprune/graphedit/heads"
	"onnxprune/pipeline"
)

// gateOptions holds the flags of `onnxprune gate`.
type gateOptions struct {
	out        string
	attention  string
	structures string
	overwrite  bool
	allowDirs  []string
	models     []string
}

func gateCommand() command {
	c := command{
		name:  "gate",
		short: "insert a gate on every attention head (graph inputs, default 1)",
		usage: "gate [flags] MODEL... -o OUT",
		long: `Insert, in every attention block of the chosen kinds, a multiplication of each head's
output by its gate, before the output projection: Concat(g_1·head_1, …, g_H·head_H)·W_O.
Each block gets one gate vector, a float graph input named gate/KIND.LAYER of shape [H]
(head h at index h, as in the head name KIND:LAYER:HEAD), whose stored default is all
ones: a run that does not feed the gates computes what the original model computes.

Several files of one model (encoder_model.onnx decoder_model.onnx ...) are gated
together; OUT is then a folder that receives the same file names. A folder given as
MODEL stands for the Optimum export's files in it (else its model.onnx). The input
files are never changed. In a merged decoder both If branches are gated and read the same
gate inputs.

--structures heads,ffn,sublayers also gates each FFN's neurons (gate/ffn.KIND.LAYER of
shape [F], multiplying the activation entering the second projection) and each
residual sublayer (gate/sublayer.STACK.LAYER.PART of shape [1], multiplying the branch
before it is added to the residual stream); heads alone is the default. ffn:G gates
groups of G neurons (gate/ffn.KIND.LAYER.gG of shape [F/G]): fewer gates to train.`,
		example: `  bin/onnxprune gate models/planted/planted_ungated.onnx -o /tmp/onnxprune-ex/gated.onnx --overwrite
  bin/onnxprune gate --attention encoder,cross models/reference/encoder_model.onnx models/reference/decoder_model.onnx \
      -o /tmp/onnxprune-ex/gated/ --overwrite
  bin/onnxprune gate --structures heads,ffn,sublayers models/reference -o /tmp/onnxprune-ex/gated-all/ --overwrite`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o gateOptions
		fs := newFlagSet(c, stdout)
		dep := newDeprecations(fs, stderr)
		bindOutput(fs, dep, &o.out, "output file (one MODEL file) or folder (several, or a name ending in /)")
		fs.StringVar(&o.attention, "attention", "all", attentionHelp)
		fs.StringVar(&o.structures, "structures", "heads", structuresHelp)
		fs.BoolVar(&o.overwrite, "overwrite", false, overwriteHelp)
		fs.StringArrayVar(&o.allowDirs, "allow-dir", nil, allowDirHelp)
		models, err := parseModelFlags(fs, args, "gate")
		if err != nil {
			return err
		}
		o.models = models
		return o.run(ctx, stdout)
	}
	return c
}

// structuresHelp is the one help text of --structures.
const structuresHelp = "what to gate: a comma list of heads, ffn (a gate per FFN neuron), ffn:G (a gate per group of G neurons) and sublayers (a gate per residual branch)"

// attentionHelp is the one help text of --attention.
const attentionHelp = "attention kinds gated (and pruned): a comma list of encoder, decoder, cross, or all"

// parseKinds reads --attention.
func parseKinds(s string) ([]heads.Kind, error) {
	if s == "all" || s == "" {
		return nil, nil
	}
	var out []heads.Kind
	for _, p := range strings.Split(s, ",") {
		k, err := heads.ParseKind(strings.TrimSpace(p))
		if err != nil {
			return nil, &usageError{msg: "--attention: " + err.Error()}
		}
		out = append(out, k)
	}
	return out, nil
}

// run gates every file in memory, checks the result, and only then writes
// the outputs, all or nothing (writeModelSet): a refusal writes nothing.
func (o *gateOptions) run(ctx context.Context, stdout io.Writer) error {
	kinds, err := parseKinds(o.attention)
	if err != nil {
		return err
	}
	list, err := parseStructures(o.structures)
	if err != nil {
		return err
	}
	outs, err := outputPaths(o.models, o.out, o.overwrite)
	if err != nil {
		return err
	}
	ms, err := loadModelSet(o.models, o.allowDirs, false)
	if err != nil {
		return err
	}
	defer ms.close()
	if err := checkDataFiles(outs, ms); err != nil {
		return err
	}
	total := 0
	var lines []string
	for i, f := range ms.files {
		if err := ctx.Err(); err != nil {
			return err
		}
		names, err := pipeline.GateGraph(f.Graph, f.Blocks, kinds, list)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Path, err)
		}
		if err := f.Graph.CheckTypes(); err != nil {
			return fmt.Errorf("%s: not writing %s: %w", f.Path, outs[i], err)
		}
		f.Graph.Store(f.Model)
		lines = append(lines, fmt.Sprintf("%s: %d gate inputs %s -> %s", f.Path, len(names), strings.Join(names, " "), outs[i]))
		total += len(names)
	}
	if total == 0 {
		return fmt.Errorf("no attention block of kinds %q in %s", o.attention, strings.Join(o.models, ", "))
	}
	if err := writeModelSet(ctx, ms, outs); err != nil {
		return err
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	return nil
}
