package main

import (
	"fmt"
	"io"
	"time"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/verify"
)

// makeBudget measures what closing each gate unit of g saves
// (verify.MeasureBudget on the ungated model files) and says so.
func makeBudget(bt verify.BudgetTarget, files, allowDirs []string, g *graphedit.Graph, kinds []heads.Kind, shape verify.FLOPShape, stdout io.Writer) (*gatetrain.Budget, error) {
	gates, err := gatetrain.FindGates(g, kinds)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	b, err := verify.MeasureBudget(bt, files, allowDirs, gates, shape)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stdout, "budget: %s %.4g of %.4g dense (%.1f%%); FLOPs counted per generated token at batch 1, source %d, target %d tokens (the corpus's medians); what each of %d units saves measured by cutting it in %.1fs\n",
		b.What, b.Target, b.Dense, 100*b.Target/b.Dense, shape.SrcLen, shape.TgtLen, len(b.Saved), time.Since(start).Seconds())
	return b, nil
}
