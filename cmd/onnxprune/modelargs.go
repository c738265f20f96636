package main

import (
	"fmt"
	"os"
	"path/filepath"

	"onnxprune/pipeline"
)

// optimumFiles are the file names of a Hugging Face Optimum export, in the
// order the commands read them (encoder first).
var optimumFiles = []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"}

// expandModelArgs replaces each folder among the MODEL arguments of
// inspect, gate and prune by the model files in it: the Optimum export's
// files present (encoder_model.onnx, decoder_model.onnx,
// decoder_with_past_model.onnx, decoder_model_merged.onnx, in that order),
// else its model.onnx. A folder holding neither is a usage error naming it;
// files pass through unchanged (a missing one is reported when loaded).
func expandModelArgs(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		for _, n := range optimumFiles {
			if fileExists(filepath.Join(a, n)) {
				found = append(found, filepath.Join(a, n))
			}
		}
		if len(found) == 0 && fileExists(filepath.Join(a, "model.onnx")) {
			found = []string{filepath.Join(a, "model.onnx")}
		}
		if len(found) == 0 {
			return nil, &usageError{msg: fmt.Sprintf("%s is a folder without a model: no %s nor model.onnx in it", a, optimumFiles[0])}
		}
		out = append(out, found...)
	}
	return out, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// expandJoinArgs resolves the MODEL | ENCODER DECODER arguments of train
// and analyze: a single folder stands for its encoder_model.onnx and
// decoder_model.onnx (the pair that is joined into one graph), else its
// model.onnx (pipeline.ModelFiles); anything else passes through unchanged.
// all is every file of the model: for a folder also its
// decoder_with_past_model.onnx, when it has one.
func expandJoinArgs(args []string) (join, all []string, err error) {
	if len(args) != 1 {
		return args, args, nil
	}
	if st, err := os.Stat(args[0]); err != nil || !st.IsDir() {
		return args, args, nil
	}
	files, err := pipeline.ModelFiles(args)
	if err != nil {
		return nil, nil, &usageError{msg: fmt.Sprintf("%s is a folder without encoder_model.onnx + decoder_model.onnx or model.onnx: name the model file (or ENCODER DECODER)", args[0])}
	}
	return files[:min(2, len(files))], files, nil
}
