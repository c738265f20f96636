// Command onnxprune finds the attention heads of a Transformer ONNX model that
// matter and removes the rest from the ONNX file itself.
//
// Exit codes: 0 success, 1 a verification found a difference or a quality
// threshold was missed, 2 usage or runtime error, 130/143 interrupted.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// command is one subcommand. Each lives in its own file and is listed in
// commands below; there is no hidden registry.
type command struct {
	name    string
	short   string
	usage   string // e.g. "inspect [flags] MODEL..."
	long    string
	example string
	// run parses args (everything after the subcommand name) and does the work.
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// commands lists every subcommand, in the order help prints them.
func commands() []command {
	return []command{
		inspectCommand(),
		scoreCommand(),
		trainCommand(),
		gateCommand(),
		pruneCommand(),
		translateCommand(),
		verifyCommand(),
		analyzeCommand(),
		lossCommand(),
		runCommand(),
		versionCommand(),
	}
}

// exitError carries an exit code other than the default 2 for errors.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageError marks a command-line mistake; it exits with code 2 like other errors
// but also prints a hint to use --help.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// interrupted is the cause of the context's cancellation when a signal
// arrives; the exit code is 128 plus the signal number (130 for SIGINT, 143
// for SIGTERM).
type interrupted struct{ sig syscall.Signal }

func (e interrupted) Error() string { return "interrupted by " + e.sig.String() }

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sigs
		// A second signal gets the default action: the process ends at once.
		signal.Stop(sigs)
		if ss, ok := s.(syscall.Signal); ok {
			cancel(interrupted{ss})
		} else {
			cancel(interrupted{syscall.SIGINT})
		}
	}()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	os.Exit(code)
}

// signalCode returns 128 + the signal number when ctx was cancelled by a
// signal, else 0.
func signalCode(ctx context.Context) int {
	var in interrupted
	if ctx.Err() != nil && errors.As(context.Cause(ctx), &in) {
		return 128 + int(in.sig)
	}
	return 0
}

// run executes the CLI and returns the process exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return dispatch(ctx, commands(), args, stdout, stderr)
}

// dispatch runs the command of cmds that args name and picks the exit code.
func dispatch(ctx context.Context, cmds []command, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "--version" {
		args = append([]string{"version"}, args[1:]...)
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(stdout, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range cmds {
		if c.name != args[0] {
			continue
		}
		out := &checkedWriter{w: stdout}
		err := c.run(ctx, args[1:], out, stderr)
		if errors.Is(err, errHelp) {
			return 0
		}
		if err == nil && out.err != nil {
			// Output that could not be written is a failure, whatever
			// the command thought of it.
			err = fmt.Errorf("writing standard output: %w", out.err)
		}
		// A signal decides the exit code even when the command stopped
		// cleanly (nil after writing a checkpoint or partial report) or
		// failed with an error of its own while stopping.
		if code := signalCode(ctx); code != 0 {
			if err != nil && !errors.Is(err, context.Canceled) {
				reportError(stderr, c.name, err)
			}
			fmt.Fprintf(stderr, "onnxprune %s: %s\n", c.name, context.Cause(ctx))
			return code
		}
		if err == nil {
			return 0
		}
		return reportError(stderr, c.name, err)
	}
	fmt.Fprintf(stderr, "onnxprune: unknown command %q (see onnxprune --help)\n", args[0])
	return 2
}

// reportError prints err as one line, control characters escaped, and
// picks the exit code.
func reportError(stderr io.Writer, name string, err error) int {
	msg := printable(strings.ReplaceAll(err.Error(), "\n", " "))
	fmt.Fprintf(stderr, "onnxprune %s: %s\n", name, msg)
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "see 'onnxprune %s --help'\n", name)
	}
	return 2
}

func printUsage(w io.Writer, cmds []command) {
	fmt.Fprintln(w, "onnxprune: find the attention heads of a Transformer ONNX model that matter and cut out the rest.")
	fmt.Fprintln(w, "\nUsage: onnxprune COMMAND [flags] [args]\n\nCommands:")
	for _, c := range cmds {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.short)
	}
	fmt.Fprintln(w, "\nRun 'onnxprune COMMAND --help' for a command's flags and examples.")
}
