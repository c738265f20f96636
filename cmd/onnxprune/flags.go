package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"
)

// errHelp is returned by parseFlags when --help was asked for; the command
// then returns nil so the exit code is 0.
var errHelp = errors.New("help requested")

// newFlagSet makes the flag set of a subcommand; its usage text prints the
// command's long description, its flags and its examples to out.
func newFlagSet(c command, out io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SetOutput(out)
	fs.SortFlags = false
	setUsage(fs, c, out)
	return fs
}

// setUsage makes fs's usage text print c's long description, the flags
// and c's examples to out.
func setUsage(fs *pflag.FlagSet, c command, out io.Writer) {
	fs.Usage = func() {
		fmt.Fprintf(out, "%s\n\nUsage:\n  onnxprune %s\n\nFlags:\n%s", c.long, c.usage, fs.FlagUsages())
		if c.example != "" {
			fmt.Fprintf(out, "\nExamples:\n%s\n", c.example)
		}
	}
}

// flagSetSink, when set, receives every command's complete flag set in
// place of parsing (parseFlags then returns errHelp): how the reference of
// every flag, docs/cli.md, is made from the flag sets themselves.
var flagSetSink func(fs *pflag.FlagSet)

// parseFlags parses args into fs. It returns errHelp for --help and a
// *usageError for anything the flag set rejects.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	if flagSetSink != nil {
		flagSetSink(fs)
		return errHelp
	}
	err := fs.Parse(args)
	if errors.Is(err, pflag.ErrHelp) {
		return errHelp
	}
	if err != nil {
		return &usageError{msg: err.Error()}
	}
	return nil
}

// allowDirHelp is the help of --allow-dir, which every command that loads a
// model has.
const allowDirHelp = "also allow external data in this directory (repeatable; by default only the model's own folder)"
