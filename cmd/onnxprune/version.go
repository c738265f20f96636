package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"onnxprune/ortrun"
)

// toolVersion is onnxprune's release version.
const toolVersion = "0.9.0"

// stampedCommit is the commit `make build` stamps into the binary
// (-ldflags -X main.stampedCommit=...), for builds whose Go build
// information holds no VCS revision (GOFLAGS=-buildvcs=false, a worktree).
var stampedCommit string

func versionCommand() command {
	c := command{
		name:  "version",
		short: "print the tool version, its VCS commit, and the ONNX Runtime version and library (also: --version)",
		usage: "version [--ort-lib FILE]",
		long: `Print onnxprune's version, the VCS commit it was built from (from the Go build
information: commit, time, and "modified" when the working tree had changes), the Go
version, and the ONNX Runtime library it loads: its version and path, found as every
command finds it (--ort-lib, $` + ortrun.EnvLibrary + `, then ` + ortrun.DefaultLibrary + `). A library
that cannot be loaded is reported on its line, and the exit code is then 2.`,
		example: `  bin/onnxprune --version
  bin/onnxprune version --ort-lib .ort/lib/libonnxruntime.so.1`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		fs := newFlagSet(c, stdout)
		var ortLib string
		fs.StringVar(&ortLib, "ort-lib", "", ortLibHelp)
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return &usageError{msg: fmt.Sprintf("version takes no arguments, got %q", fs.Args())}
		}
		fmt.Fprintf(stdout, "onnxprune %s\n", toolVersion)
		fmt.Fprintf(stdout, "commit:       %s\n", buildCommit())
		fmt.Fprintf(stdout, "go:           %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
		if err := ortrun.Init(ortLib); err != nil {
			fmt.Fprintf(stdout, "onnxruntime:  not loaded\n")
			return err
		}
		v, err := ortrun.Version()
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "onnxruntime:  %s\n", v)
		fmt.Fprintf(stdout, "library:      %s\n", ortrun.Library())
		return nil
	}
	return c
}

// buildCommit says which VCS revision the binary was built from, as the Go
// toolchain recorded it (vcs.revision, vcs.time, vcs.modified).
func buildCommit() string {
	info, _ := debug.ReadBuildInfo()
	if info == nil {
		info = &debug.BuildInfo{}
	}
	var rev, when string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		if stampedCommit != "" {
			return stampedCommit + " (stamped by make build)"
		}
		return "unknown (built without VCS information, e.g. by go test or go run)"
	}
	s := rev
	if when != "" {
		s += " (" + when + ")"
	}
	if modified {
		s += ", modified"
	}
	return s
}
