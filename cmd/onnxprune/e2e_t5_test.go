package main

import (
	"bufio"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/verify"
)

// T5's special ids: the decoder starts from pad (0), sentences end with 1.
const t5Specials = "pad=0,eos=1,decoder-start=0"

var t5Dir = filepath.Join("..", "..", "models", "fixtures", "t5")

// The whole pipeline on the T5 fixture (Optimum's four files, 64-id
// vocabulary) with token-id input from testdata/t5: gate writes every file
// gated; train runs 3 steps with finite losses and writes gates.json; analyze
// writes its report; prune removes a mixed set of heads; verify finds the
// pruned model equal to the original with those heads gated to 0.
func TestT5Pipeline(t *testing.T) {
	dir := t.TempDir()
	src, tgt := filepath.Join("testdata", "t5", "src.ids"), filepath.Join("testdata", "t5", "tgt.ids")
	files := []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"}
	cli := func(args ...string) {
		t.Helper()
		if _, stderr, code := runVerifyCLI(t, context.Background(), args...); code != 0 {
			t.Fatalf("%s: exit %d: %s", args[0], code, stderr)
		}
	}

	cli("gate", t5Dir, "-o", filepath.Join(dir, "gated"))
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, "gated", f)); err != nil {
			t.Errorf("gate: %v", err)
		}
	}

	train := filepath.Join(dir, "train")
	cli("train", t5Dir, "--train", src+","+tgt, "-o", train, "--max-steps", "3",
		"--ids", "--specials", "pad=0,decoder-start=0,eos=1")
	g := readGatesFile(t, train)
	if len(g.Heads) != 24 {
		t.Errorf("train: gates.json has %d heads, want 24 (6 blocks of 4)", len(g.Heads))
	}
	steps := 0
	jl, err := os.Open(filepath.Join(train, "train.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer jl.Close()
	sc := bufio.NewScanner(jl)
	for sc.Scan() {
		var rec struct {
			Loss *float64 `json:"loss"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Loss != nil {
			steps++
			if math.IsNaN(*rec.Loss) || math.IsInf(*rec.Loss, 0) || *rec.Loss <= 0 {
				t.Errorf("train: loss %v", *rec.Loss)
			}
		}
	}
	if steps != 3 {
		t.Errorf("train: %d steps with a loss in train.jsonl, want 3", steps)
	}

	analyze := filepath.Join(dir, "analyze")
	cli("analyze", t5Dir, "--dev", src+","+tgt, "--ids", "--specials", t5Specials, "-o", analyze)
	if entries, err := os.ReadDir(analyze); err != nil || len(entries) == 0 {
		t.Errorf("analyze wrote nothing (%v)", err)
	}

	const spec = "encoder:0:1,cross:1:*,decoder:0:2"
	pruned := filepath.Join(dir, "pruned")
	var paths []string
	for _, f := range files {
		paths = append(paths, filepath.Join(t5Dir, f))
	}
	cli(append(append([]string{"prune"}, paths...), "--remove", spec, "-o", pruned)...)
	for _, f := range files {
		a, errA := os.Stat(filepath.Join(t5Dir, f))
		b, errB := os.Stat(filepath.Join(pruned, f))
		if errA != nil || errB != nil || b.Size() >= a.Size() {
			t.Errorf("prune: %s not written smaller (%v, %v)", f, errA, errB)
		}
	}

	out := filepath.Join(dir, "verify")
	cli("verify", "--original", strings.Join(paths[:2], ","), "--pruned", filepath.Join(pruned, files[0])+","+filepath.Join(pruned, files[1]),
		"--test", src+","+tgt, "--ids", "--specials", t5Specials, "--max-len", "8", "--remove", spec, "--no-bench", "-o", out)
	var r verify.Report
	data, err := os.ReadFile(filepath.Join(out, verify.ReportJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	if r.Equivalence == nil || !r.Equivalence.Passed || r.Sentences != 8 {
		t.Errorf("verify: equivalence %+v, %d sentences", r.Equivalence, r.Sentences)
	}
}

// Whisper's encoder reads float features, not token ids: gate works on
// the export, and train refuses it in one line naming input_features.
func TestWhisperTrainRefusesFeatures(t *testing.T) {
	dir := t.TempDir()
	whisper := filepath.Join("..", "..", "models", "fixtures", "whisper")
	if _, stderr, code := runVerifyCLI(t, context.Background(), "gate", whisper, "-o", filepath.Join(dir, "gated")); code != 0 {
		t.Fatalf("gate: exit %d: %s", code, stderr)
	}
	src, tgt := filepath.Join("testdata", "t5", "src.ids"), filepath.Join("testdata", "t5", "tgt.ids")
	_, stderr, code := runVerifyCLI(t, context.Background(), "train", whisper, "--train", src+","+tgt,
		"-o", filepath.Join(dir, "train"), "--max-steps", "1", "--ids", "--specials", "pad=0,decoder-start=0,eos=1")
	if code != 2 || !strings.Contains(stderr, `"input_features" is float features`) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("train: exit %d, stderr %q; want exit 2 and one line naming input_features", code, stderr)
	}
}
