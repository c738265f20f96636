package main

import (
	"fmt"
	"path/filepath"

	"onnxprune/gatetrain"
)

// refuseInputOutputs returns an error when one of outs is the same file as
// one of inputs (empty names are skipped): writing the output, even by
// renaming a finished temporary file over it, would replace that input.
func refuseInputOutputs(outs, inputs []string) error {
	for _, out := range outs {
		for _, in := range inputs {
			if in == "" {
				continue
			}
			if same, err := samePath(out, in); err == nil && same {
				return fmt.Errorf("output %s is the input %s; inputs are never overwritten (choose another output)", out, in)
			}
		}
	}
	return nil
}

// trainOutputs lists the files `onnxprune train` writes into dir.
func trainOutputs(dir string) []string {
	var out []string
	for _, name := range []string{gatetrain.GatesFileName, gatetrain.LogFileName, gatetrain.PlotFileName,
		gatetrain.CheckpointFileName, gatetrain.TrainGraphFileName, gatetrain.TrainedModelName} {
		out = append(out, filepath.Join(dir, name))
	}
	for _, name := range []string{gatetrain.TrainGraphFileName, gatetrain.TrainedModelName} {
		out = append(out, filepath.Join(dir, name+".data"))
	}
	return out
}
