package main

import (
	"os"

	"github.com/spf13/pflag"

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

// parseModelFlags parses the flags of a command that takes one or more
// MODEL arguments (inspect, gate, prune) and returns the model's files
// (expandModelArgs); no MODEL is a usage error naming the command.
func parseModelFlags(fs *pflag.FlagSet, args []string, command string) ([]string, error) {
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() == 0 {
		return nil, &usageError{msg: command + " needs at least one MODEL"}
	}
	return expandModelArgs(fs.Args())
}

// expandJoinArgs resolves the MODEL | ENCODER DECODER arguments of train,
// analyze and loss: modelpath.Resolve gives all of the model's files (for a
// folder, also its decoder with past, which counts in a FLOP budget), and
// join the ones joined into one graph (modelpath.JoinPair; merged: a merged
// decoder given as the second file is taken, for train).
func expandJoinArgs(args []string, merged bool) (join, all []string, err error) {
	all, err = expandModelArgs(args)
	if err != nil || len(all) == 0 {
		return nil, nil, err
	}
	if join, err = modelpath.JoinPair(all, merged); err != nil {
		return nil, nil, &usageError{msg: err.Error()}
	}
	return join, all, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
