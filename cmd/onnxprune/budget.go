package main

import (
	"fmt"
	"io"
	"time"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/pipeline"
	"onnxprune/verify"
)

// The one help text of --target-params and of --target-flops (train, run).
const (
	targetParamsHelp = "end training with at most this many parameters, a count or a percentage of the dense model's (50%): a learned Lagrangian, each unit costed by cutting it from the ungated model"
	targetFLOPsHelp  = "end training with at most this many FLOPs per generated token, a count or a percentage of the dense model's (50%): a learned Lagrangian, each unit costed by cutting it from the ungated model"
)

// makeBudget measures what closing each gate unit of g saves
// (pipeline.MeasureBudget on the ungated model files, those in loaded read
// in memory) and says so.
func makeBudget(bt verify.BudgetTarget, files, allowDirs []string, loaded map[string]*verify.LoadedFile, g *graphedit.Graph, kinds []heads.Kind, shape verify.FLOPShape, stdout io.Writer) (*gatetrain.Budget, error) {
	start := time.Now()
	b, err := pipeline.MeasureBudget(bt, files, allowDirs, loaded, g, kinds, shape)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stdout, "budget: %s %.4g of %.4g dense (%.1f%%); FLOPs counted per generated token at batch 1, source %d, target %d tokens (the corpus's medians); what each of %d units saves measured by cutting it in %.1fs\n",
		b.What, b.Target, b.Dense, 100*b.Target/b.Dense, shape.SrcLen, shape.TgtLen, len(b.Saved), time.Since(start).Seconds())
	return b, nil
}
