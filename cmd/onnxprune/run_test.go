package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"onnxprune/pipeline"
)

func runRun(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"run"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// writeIDPairs writes n random source lines of ids in [lo, hi] and their
// reversals as targets.
func writeIDPairs(t *testing.T, dir, name string, n int, seed uint64, lo, hi int) (string, string) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0))
	var src, tgt strings.Builder
	for i := 0; i < n; i++ {
		l := 3 + r.IntN(5)
		ids := make([]string, l)
		for j := range ids {
			ids[j] = fmt.Sprint(lo + r.IntN(hi-lo+1))
		}
		src.WriteString(strings.Join(ids, " ") + "\n")
		for a, b := 0, len(ids)-1; a < b; a, b = a+1, b-1 {
			ids[a], ids[b] = ids[b], ids[a]
		}
		tgt.WriteString(strings.Join(ids, " ") + "\n")
	}
	s, g := filepath.Join(dir, name+".src"), filepath.Join(dir, name+".tgt")
	if err := os.WriteFile(s, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(g, []byte(tgt.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return s, g
}

// TestRunSplitFixtureByFlags runs the pipeline from flags alone on the split
// Marian export (encoder, decoder and decoder-with-past files).
func TestRunSplitFixtureByFlags(t *testing.T) {
	dir := t.TempDir()
	ts, tt := writeIDPairs(t, dir, "train", 30, 7, 5, 100)
	ds, dt := writeIDPairs(t, dir, "dev", 12, 8, 5, 100)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runRun("--model", "../../models/fixtures/marian", "--ids", "--specials", "pad=0,eos=1,decoder-start=0",
		"--train", ts+","+tt, "--dev", ds+","+dt, "--test", ds+","+dt, "--max-steps", "20", "--l0-lambda", "1",
		"--max-sentences", "4", "--max-len", "10", "--no-bench", "--threads", "1", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"BLEU:", "heads kept:", "file size:"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	var s pipeline.Summary
	b, err := os.ReadFile(filepath.Join(out, pipeline.SummaryJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	// The folder stands for its four Optimum files, as in prune (one rule:
	// modelpath.Resolve).
	if len(s.Model) != 4 {
		t.Errorf("model files %v, want the folder's four Optimum files", s.Model)
	}
	for _, f := range []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"} {
		if _, err := os.Stat(filepath.Join(out, pipeline.PrunedDir, f)); err != nil {
			t.Errorf("pruned file missing: %v", err)
		}
	}
	if len(s.Failures) > 0 {
		t.Errorf("failures: %v", s.Failures)
	}
}

func TestRunConfigErrors(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "p.yaml")
	if err := os.WriteFile(cfg, []byte("model: m.onnx\ntrain:\n  max-stepz: 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", cfg}, "p.yaml:3: unknown key \"train.max-stepz\""},
		{[]string{"--model", "m.onnx", "-o", dir, "--test", "a,b", "--max-steps", "x"}, "--max-steps"},
		{[]string{"--model", "m.onnx", "-o", dir}, "no test data"},
		{[]string{"extra"}, "takes no arguments"},
	} {
		code, _, stderr := runRun(tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestRunThresholdExitCode: a BLEU-drop threshold that no result meets
// (the drop is never below −100 points) exits with 1 and still prints the
// summary.
func TestRunThresholdExitCode(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runRun("--config", "../../models/demo/planted.yaml", "-o", out, "--max-steps", "20",
		"--analyze=false", "--no-bench", "--threads", "1", "--max-bleu-drop", "-100")
	if code != 1 || !strings.Contains(stdout, "FAILED") || !strings.Contains(stderr, "BLEU") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
}

// TestRunSignals stops a running pipeline in its training stage with SIGINT
// and SIGTERM: it exits with 130 and 143, the finished stages are recorded
// as done and training leaves its checkpoint to resume from.
func TestRunSignals(t *testing.T) {
	env := ortEnv(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			cmd, errPath := startE2E(t, env, "run", "--config", "../../models/demo/planted.yaml", "-o", out,
				"--max-steps", "100000", "--checkpoint-every", "5", "--threads", "1")
			waitFor(t, "training under way", 2*time.Minute, func() bool {
				st, err := os.Stat(filepath.Join(out, pipeline.TrainDir, "train.jsonl"))
				return err == nil && st.Size() > 0
			})
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			cmd.Wait()
			errb, _ := os.ReadFile(errPath)
			if got, want := cmd.ProcessState.ExitCode(), 128+int(sig); got != want {
				t.Fatalf("exit %d after %v, want %d\n%s", got, sig, want, errb)
			}
			var state map[string]*pipeline.StageRecord
			b, err := os.ReadFile(filepath.Join(out, pipeline.StateFile))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &state); err != nil {
				t.Fatal(err)
			}
			if !state[pipeline.StageInspect].Done || !state[pipeline.StageGate].Done || state[pipeline.StageTrain].Done {
				t.Errorf("stages.json after %v: %s", sig, b)
			}
			if _, err := os.Stat(filepath.Join(out, pipeline.TrainDir, "checkpoint.gob")); err != nil {
				t.Errorf("no checkpoint after %v: %v", sig, err)
			}
		})
	}
}
