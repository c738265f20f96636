package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/pipeline"
	"onnxprune/verify"
)

// The one help text of each budget flag (train, run).
const (
	targetParamsHelp = "end training with at most this many parameters, a count or a percentage of the dense model's (50%): a learned Lagrangian, each unit costed by cutting it from the ungated model"
	targetFLOPsHelp  = "end training with at most this many FLOPs per generated token, a count or a percentage of the dense model's (50%): a learned Lagrangian, each unit costed by cutting it from the ungated model"
	targetTimeHelp   = "end training with at most this much decoding time per generated token, milliseconds or a percentage of the dense model's (66.7%: ×1.5), each unit priced by a time model measured at --time-batch on the dense model and two copies cut in memory"
	timeBatchHelp    = "batch size the dense model's decoding is timed at for --target-time"
)

// makeBudgets measures what closing each gate unit of g saves
// (pipeline.MeasureBudgets on the ungated model files, those in loaded
// read in memory, the dense model timed with ts for a time budget) and
// says so.
func makeBudgets(ctx context.Context, bt verify.BudgetTarget, files, allowDirs []string, loaded map[string]*verify.LoadedFile, g *graphedit.Graph, kinds []heads.Kind, shape verify.FLOPShape, ts verify.TimeSource, stdout io.Writer) ([]*gatetrain.Budget, error) {
	start := time.Now()
	bs, tm, err := pipeline.MeasureBudgets(ctx, bt, files, allowDirs, loaded, g, kinds, shape, ts)
	if err != nil {
		return nil, err
	}
	if tm != nil {
		fmt.Fprintf(stdout, "budget: %s\n", pipeline.TimeModelLine(tm))
	}
	for _, b := range bs {
		fmt.Fprintf(stdout, "budget: %s %.4g of %.4g dense (%.1f%%)\n", b.What, b.Target, b.Dense, 100*b.Target/b.Dense)
	}
	fmt.Fprintf(stdout, "budget: counted per generated token, source %d, target %d tokens (the corpus's medians); what each of %d units saves measured by cutting it in %.1fs\n",
		shape.SrcLen, shape.TgtLen, len(bs[0].Saved), time.Since(start).Seconds())
	return bs, nil
}
