package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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

// startE2E starts the binary in the background, its stderr going to a file.
func startE2E(t *testing.T, env []string, args ...string) (cmd *exec.Cmd, stderrPath string) {
	t.Helper()
	stderrPath = filepath.Join(t.TempDir(), "stderr")
	f, err := os.Create(stderrPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd = exec.Command(testBinary(t), args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = io.Discard, f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stderrPath
}

// waitFor polls until ready reports true or the deadline passes.
func waitFor(t *testing.T, what string, limit time.Duration, ready func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !ready(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v", what, limit)
		}
	}
}

// TestSignalsEndToEnd sends real SIGINT and SIGTERM to running train,
// verify, analyze and translate processes: each stops with 128+signal and
// leaves its checkpoint or partial report (train: checkpoint.gob; verify:
// verify.json marked interrupted; analyze: heads.json marked partial with
// the sentences done; translate: no partial output file). No input file is
// opened for writing or changed.
func TestSignalsEndToEnd(t *testing.T) {
	env := ortEnv(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "src.txt")
	var lines strings.Builder
	for i := 0; i < 400; i++ {
		fmt.Fprintf(&lines, "%d %d %d %d %d %d\n", 5+i%50, 6+i%40, 7+i%30, 8, 9+i%20, 10)
	}
	if err := os.WriteFile(src, []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// translate gets a source far longer than the pause before its signal,
	// so it is still running on a fast, idle machine (400 lines take ~1.3 s).
	bigSrc := filepath.Join(dir, "big-src.txt")
	if err := os.WriteFile(bigSrc, []byte(strings.Repeat(lines.String(), 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	started := func(path string) func() bool { // a file exists and is not empty
		return func() bool { st, err := os.Stat(path); return err == nil && st.Size() > 0 }
	}
	aSrc, aTgt := writeIDData(t, dir, 3000, 5)
	inputs := append([]string{src, bigSrc, aSrc, aTgt, analyzeFixture, filepath.Join(plantedDir, "planted.onnx"),
		filepath.Join(plantedDir, "train.src"), filepath.Join(plantedDir, "train.tgt")}, marianPaths...)
	done := guard(t, inputs...)
	defer done("interrupted commands")
	for _, tc := range []struct {
		name string
		sig  syscall.Signal
		args func(out string) []string
		// ready says when the command is well under way (nil: after a pause).
		ready func(out, stderr string) func() bool
		check func(t *testing.T, out string)
	}{
		{"train", syscall.SIGTERM,
			func(out string) []string { return plantedArgs(out, "100000") },
			func(out, _ string) func() bool { return started(filepath.Join(out, "train.jsonl")) },
			func(t *testing.T, out string) {
				if _, err := os.Stat(filepath.Join(out, "checkpoint.gob")); err != nil {
					t.Fatalf("no checkpoint after the signal: %v", err)
				}
			}},
		{"verify", syscall.SIGINT,
			func(out string) []string {
				return []string{"verify", "--original", marianDir, "--pruned", marianDir, "--test", src, "--ids",
					"--specials", marianSpecials, "--repeats", "100000", "--threads", "1", "-o", out}
			},
			nil,
			func(t *testing.T, out string) {
				data, err := os.ReadFile(filepath.Join(out, "verify.json"))
				if err != nil {
					t.Fatalf("no partial report: %v", err)
				}
				var r struct{ Interrupted bool }
				if err := json.Unmarshal(data, &r); err != nil || !r.Interrupted {
					t.Errorf("verify.json: interrupted %v (%v)", r.Interrupted, err)
				}
			}},
		{"analyze", syscall.SIGINT,
			func(out string) []string {
				return []string{"analyze", analyzeFixture, "--ids", "--specials", "pad=0,bos=1,eos=2,decoder-start=1",
					"--threads", "1", "--dev", aSrc + "," + aTgt, "-o", out}
			},
			func(_, stderr string) func() bool {
				return func() bool { b, _ := os.ReadFile(stderr); return strings.Contains(string(b), "analyzed 50/") }
			},
			func(t *testing.T, out string) {
				data, err := os.ReadFile(filepath.Join(out, "heads.json"))
				if err != nil {
					t.Fatalf("no partial report: %v", err)
				}
				var r struct {
					Partial  bool
					Examples int
				}
				if err := json.Unmarshal(data, &r); err != nil || !r.Partial || r.Examples < 50 || r.Examples >= 3000 {
					t.Errorf("heads.json: partial %v, %d sentences (%v)", r.Partial, r.Examples, err)
				}
				noTempFiles(t, out)
			}},
		{"translate", syscall.SIGTERM,
			func(out string) []string {
				return []string{"translate", marianDir, "--ids", "--specials", marianSpecials, "--src", bigSrc,
					"--beam", "4", "--max-len", "64", "--threads", "1", "-o", filepath.Join(out, "hyp.txt")}
			},
			nil,
			func(t *testing.T, out string) {
				if _, err := os.Stat(filepath.Join(out, "hyp.txt")); err == nil {
					t.Errorf("an interrupted translate left hyp.txt")
				}
				noTempFiles(t, out)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			cmd, errPath := startE2E(t, env, tc.args(out)...)
			if tc.ready != nil {
				waitFor(t, tc.name+" under way", 2*time.Minute, tc.ready(out, errPath))
			} else {
				time.Sleep(1500 * time.Millisecond)
			}
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			cmd.Wait()
			errb, _ := os.ReadFile(errPath)
			if got, want := cmd.ProcessState.ExitCode(), 128+int(tc.sig); got != want {
				t.Fatalf("exit %d after %v, want %d\n%s", got, tc.sig, want, errb)
			}
			if !strings.Contains(string(errb), "interrupted") {
				t.Errorf("stderr does not say it was interrupted: %s", errb)
			}
			tc.check(t, out)
		})
	}
}
