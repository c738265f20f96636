package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// run is one finished child process: its wall time, its peak resident set
// size (getrusage of the child, Linux ru_maxrss in KiB) and its output.
type run struct {
	Wall    time.Duration
	PeakRSS int64 // bytes
	Stdout  []byte
	Stderr  []byte
}

// childTimeout bounds every child process.
const childTimeout = 6 * time.Minute

// runChild runs a command with the harness environment and returns its
// measurements; a non-zero exit is an error quoting the end of its stderr.
func (h *harness) runChild(name string, args ...string) (*run, error) {
	ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = h.root
	cmd.Env = h.env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	h.logf("+ %s %s", name, strings.Join(args, " "))
	t0 := time.Now()
	err := cmd.Run()
	r := &run{Wall: time.Since(t0), Stdout: out.Bytes(), Stderr: errb.Bytes()}
	if ps := cmd.ProcessState; ps != nil {
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			r.PeakRSS = ru.Maxrss * 1024
		}
	}
	if ctx.Err() != nil {
		return r, fmt.Errorf("%s: timed out after %s", name, childTimeout)
	}
	if err != nil {
		return r, fmt.Errorf("%s: %v: %s", name, err, lastLine(errb.String()))
	}
	return r, nil
}

// runJSON runs a child and decodes the last non-empty line of its stdout
// into v.
func (h *harness) runJSON(v any, name string, args ...string) (*run, error) {
	r, err := h.runChild(name, args...)
	if err != nil {
		return r, err
	}
	line := lastLine(string(r.Stdout))
	if err := json.Unmarshal([]byte(line), v); err != nil {
		return r, fmt.Errorf("%s: output is not JSON (%v): %q", name, err, truncate(line, 200))
	}
	return r, nil
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// fileSize is the size of a file, 0 when it is missing.
func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
