package main

import (
	"os"

	"onnxprune/internal/modelpath"
)

// expandModelArgs resolves the MODEL arguments of inspect, gate and prune
// to their files (modelpath.Resolve: a folder stands for every Optimum file
// in it, else its model.onnx); a path it refuses is an error naming it.
// No arguments give none (each command says what it wants).
func expandModelArgs(args []string) ([]string, error) {
	if len(args) == 0 {
		return nil, nil
	}
	return modelpath.Resolve(args)
}

// expandJoinArgs resolves the MODEL | ENCODER DECODER arguments of train,
// analyze and loss: modelpath.Resolve, then the files joined into one graph
// (modelpath.JoinPair; merged: a merged decoder given as the second file is
// taken, for train).
func expandJoinArgs(args []string, merged bool) ([]string, error) {
	files, err := expandModelArgs(args)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, nil
	}
	if files, err = modelpath.JoinPair(files, merged); err != nil {
		return nil, &usageError{msg: err.Error()}
	}
	return files, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
