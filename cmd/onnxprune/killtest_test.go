package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
)

// TestDispatchSignalExitCode: a context cancelled by a signal gives exit
// code 128+signal whatever the command returns: an error wrapping
// context.Canceled, nil (it stopped cleanly after writing a checkpoint or a
// partial report) or an error of its own met while stopping. Without a
// signal the same returns give 0, 2 and 2.
func TestDispatchSignalExitCode(t *testing.T) {
	returns := map[string]error{
		"canceled": fmt.Errorf("step 7: %w", context.Canceled),
		"nil":      nil,
		"other":    errors.New("ort: run failed"),
	}
	var cmds []command
	for name, err := range returns {
		cmds = append(cmds, command{name: name, run: func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			return err
		}})
	}
	for _, tc := range []struct {
		cmd  string
		sig  syscall.Signal // 0: no signal
		want int
	}{
		{"canceled", syscall.SIGINT, 130},
		{"canceled", syscall.SIGTERM, 143},
		{"nil", syscall.SIGINT, 130},
		{"nil", syscall.SIGTERM, 143},
		{"other", syscall.SIGINT, 130},
		{"other", syscall.SIGTERM, 143},
		{"nil", 0, 0},
		{"other", 0, 2},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.cmd, tc.sig), func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			if tc.sig != 0 {
				cancel(interrupted{tc.sig})
			}
			var out, errb bytes.Buffer
			got := dispatch(ctx, cmds, []string{tc.cmd}, &out, &errb)
			if got != tc.want {
				t.Fatalf("exit %d, want %d; stderr: %s", got, tc.want, errb.String())
			}
			if said := strings.Contains(errb.String(), "interrupted by"); said != (tc.sig != 0) {
				t.Errorf("stderr %q: says interrupted = %v", errb.String(), said)
			}
			if ret := returns[tc.cmd]; ret != nil && !errors.Is(ret, context.Canceled) && !strings.Contains(errb.String(), ret.Error()) {
				t.Errorf("stderr %q does not report the command's error", errb.String())
			}
		})
	}
}
