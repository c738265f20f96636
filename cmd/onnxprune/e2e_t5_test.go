package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/verify"
)

var (
	t5Dir      = filepath.Join("..", "..", "models", "fixtures", "t5")
	whisperDir = filepath.Join("..", "..", "models", "fixtures", "whisper")
	fsmtDir    = filepath.Join("..", "..", "models", "fixtures", "fsmt")
)

// fsmtRefusal is what train, analyze and verify say of the FSMT export,
// whose decoder returns the logits of the last position only.
const fsmtRefusal = `[batch_size,1,64] have one position for decoder input ids`

// The whole pipeline on the T5 fixture (Optimum's four files, 64-id
// vocabulary) with token-id input from testdata/t5, and no special-id flags:
// the ids come from the generation_config.json beside the export. gate
// writes every file gated; train runs 3 steps with finite losses and writes
// gates.json; analyze writes its report; prune removes a mixed set of heads;
// verify finds the pruned model equal to the original with those heads gated
// to 0.
func TestT5Pipeline(t *testing.T) {
	dir := t.TempDir()
	src, tgt := filepath.Join("testdata", "t5", "src.ids"), filepath.Join("testdata", "t5", "tgt.ids")
	files := []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"}
	cli := func(args ...string) string {
		t.Helper()
		stdout, stderr, code := runVerifyCLI(t, context.Background(), args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", args[0], code, stderr)
		}
		return stdout
	}

	cli("gate", t5Dir, "-o", filepath.Join(dir, "gated"))
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, "gated", f)); err != nil {
			t.Errorf("gate: %v", err)
		}
	}

	train := filepath.Join(dir, "train")
	out := cli("train", t5Dir, "--ids", "--train", src+","+tgt, "-o", train, "--max-steps", "3")
	if want := "special ids: pad=0 decoder-start=0 eos=1 (from " + filepath.Join(t5Dir, "generation_config.json") + ")"; !strings.Contains(out, want) {
		t.Errorf("train output lacks %q:\n%s", want, out)
	}
	g := readGatesFile(t, train)
	if len(g.Heads) != 24 {
		t.Errorf("train: gates.json has %d heads, want 24 (6 blocks of 4)", len(g.Heads))
	}
	checkTrainLosses(t, train, 3)

	analyze := filepath.Join(dir, "analyze")
	cli("analyze", t5Dir, "--dev", src+","+tgt, "--ids", "-o", analyze)
	checkAllHeadsRanked(t, analyze, 24)

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

	vout := filepath.Join(dir, "verify")
	cli("verify", "--original", strings.Join(paths[:2], ","), "--pruned", filepath.Join(pruned, files[0])+","+filepath.Join(pruned, files[1]),
		"--test", src+","+tgt, "--ids", "--max-len", "8", "--remove", spec, "--no-bench", "-o", vout)
	r := readVerifyReport(t, vout)
	if r.Equivalence == nil || !r.Equivalence.Passed || r.Sentences != 8 {
		t.Errorf("verify: equivalence %+v, %d sentences", r.Equivalence, r.Sentences)
	}
	if want := filepath.Join(t5Dir, "generation_config.json"); r.Original.SpecialsFrom != want || r.Original.Specials != "pad=0,bos=-1,eos=1,unk=-1,decoder-start=0" {
		t.Errorf("verify: original specials %s from %q, want pad=0, eos=1, decoder-start=0 from %s", r.Original.Specials, r.Original.SpecialsFrom, want)
	}
}

// The pipeline on the Whisper fixture, whose encoder reads input_features
// [batch, 8 mel bins, 32 frames]: the source side of every command is the
// features file models/fixtures/whisper/features.npy (8 utterances), the
// target side targets.ids; special ids come from its
// generation_config.json. gate gates all four files; train runs 3 steps on
// the features with finite losses that change; analyze ranks all 24 heads;
// prune removes a mixed set; verify translates the features with both
// models and finds the pruned model equal to the gated original.
func TestWhisperPipeline(t *testing.T) {
	dir := t.TempDir()
	feats, tgt := filepath.Join(whisperDir, "features.npy"), filepath.Join(whisperDir, "targets.ids")
	cli := func(args ...string) string {
		t.Helper()
		stdout, stderr, code := runVerifyCLI(t, context.Background(), args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", args[0], code, stderr)
		}
		return stdout
	}

	out := cli("gate", whisperDir, "-o", filepath.Join(dir, "gated"))
	if n := strings.Count(out, "gate inputs"); n != 4 {
		t.Errorf("gate: %d files gated, want 4:\n%s", n, out)
	}

	train := filepath.Join(dir, "train")
	out = cli("train", whisperDir, "--ids", "--train", feats+","+tgt, "--dev", feats+","+tgt,
		"-o", train, "--max-steps", "3", "--max-tokens", "16")
	if want := "special ids: pad=0 decoder-start=2 eos=1 (from " + filepath.Join(whisperDir, "generation_config.json") + ")"; !strings.Contains(out, want) {
		t.Errorf("train output lacks %q:\n%s", want, out)
	}
	if !strings.Contains(out, "validation loss: dense ") {
		t.Errorf("train: no validation loss on the features:\n%s", out)
	}
	if g := readGatesFile(t, train); len(g.Heads) != 24 {
		t.Errorf("train: gates.json has %d heads, want 24", len(g.Heads))
	}
	checkTrainLosses(t, train, 3)

	analyze := filepath.Join(dir, "analyze")
	cli("analyze", whisperDir, "--dev", feats+","+tgt, "--ids", "-o", analyze)
	checkAllHeadsRanked(t, analyze, 24)

	const spec = "encoder:0:1,cross:1:*,decoder:0:2"
	pruned := filepath.Join(dir, "pruned")
	cli("prune", whisperDir, "--remove", spec, "-o", pruned)
	vout := filepath.Join(dir, "verify")
	cli("verify", "--original", whisperDir, "--pruned", pruned, "--test", feats+","+tgt, "--ids",
		"--remove", spec, "--no-bench", "--max-len", "8", "-o", vout)
	r := readVerifyReport(t, vout)
	if r.Equivalence == nil || !r.Equivalence.Passed || r.Sentences != 8 {
		t.Errorf("verify: equivalence %+v, %d sentences", r.Equivalence, r.Sentences)
	}
	if r.Logits == nil || !(r.Logits.Max > 0) || r.Original.Tokens == 0 {
		t.Errorf("verify: logits %+v, %d tokens: the pruned model should translate the features differently", r.Logits, r.Original.Tokens)
	}
	// prune wrote the export's generation_config.json beside the pruned
	// files: their special ids are the original's.
	if want := filepath.Join(pruned, "generation_config.json"); r.Pruned.SpecialsFrom != want || r.Pruned.Specials != r.Original.Specials {
		t.Errorf("verify: pruned specials %s from %q, want the original's %s from %s", r.Pruned.Specials, r.Pruned.SpecialsFrom, r.Original.Specials, want)
	}
}

// A features source that does not fit the model, or token ids for a
// features model, is refused in one line before any training; a decoder
// that returns fewer logits than it reads ids is refused by train, analyze
// and verify before they run it.
func TestWhisperSourceRefused(t *testing.T) {
	dir := t.TempDir()
	tgt := filepath.Join(whisperDir, "targets.ids")
	wide := filepath.Join(dir, "wide.npy")
	writeNPY(t, wide, 8, 80, 32)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"train mel bins", []string{"train", whisperDir, "--ids", "--train", wide + "," + tgt, "-o", filepath.Join(dir, "t1")},
			wide + `: 80 mel bins per frame, but the model's input input_features takes 8`},
		{"train ids", []string{"train", whisperDir, "--ids", "--train", filepath.Join("testdata", "t5", "src.ids") + "," + filepath.Join("testdata", "t5", "tgt.ids"), "-o", filepath.Join(dir, "t2")},
			`"input_features" is float features [?, 8, 32]`},
		{"verify mel bins", []string{"verify", "--original", whisperDir, "--pruned", whisperDir, "--test", wide, "--ids", "--no-bench", "-o", filepath.Join(dir, "v")},
			wide + ": 80 mel bins per frame"},
		{"analyze ids model", []string{"analyze", t5Dir, "--dev", filepath.Join(whisperDir, "features.npy") + "," + tgt, "--ids", "-o", filepath.Join(dir, "a")},
			"takes token ids, not features"},
		// FSMT's export keeps the decoder's last position only: the loss
		// would compare it with every label, and teacher-forced logits
		// have one position. Its graph says so before any run.
		{"train fsmt", []string{"train", fsmtDir, "--ids", "--train", filepath.Join("testdata", "t5", "src.ids") + "," + filepath.Join("testdata", "t5", "tgt.ids"),
			"-o", filepath.Join(dir, "t3"), "--max-steps", "1"},
			fsmtRefusal},
		{"analyze fsmt", []string{"analyze", fsmtDir, "--dev", filepath.Join("testdata", "t5", "src.ids") + "," + filepath.Join("testdata", "t5", "tgt.ids"),
			"--ids", "-o", filepath.Join(dir, "a2")}, fsmtRefusal},
		{"verify fsmt", []string{"verify", "--original", fsmtDir, "--pruned", fsmtDir, "--test", filepath.Join("testdata", "t5", "src.ids"), "--ids", "--no-bench",
			"-o", filepath.Join(dir, "v2")}, fsmtRefusal},
		{"verify fsmt merged", []string{"verify", "--original", filepath.Join(fsmtDir, "encoder_model.onnx") + "," + filepath.Join(fsmtDir, "decoder_model_merged.onnx"), "--pruned", filepath.Join(fsmtDir, "encoder_model.onnx") + "," + filepath.Join(fsmtDir, "decoder_model_merged.onnx"),
			"--test", filepath.Join("testdata", "t5", "src.ids"), "--ids", "--no-bench", "-o", filepath.Join(dir, "v3")}, fsmtRefusal},
	} {
		// The error is the last line; progress lines (the special ids
		// read) may come before it.
		_, stderr, code := runVerifyCLI(t, context.Background(), c.args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		last := lines[len(lines)-1]
		if code != 2 || !strings.Contains(last, c.want) || !strings.HasPrefix(last, "onnxprune "+c.args[0]+": ") ||
			strings.Contains(stderr, "step 1") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and a last line onnxprune %s: … containing %q", c.name, code, stderr, c.args[0], c.want)
		}
		if _, err := os.Stat(filepath.Join(dir, "t1", "train_graph.onnx")); err == nil {
			t.Errorf("%s: the training graph was written before the data was checked", c.name)
		}
	}
}

// writeNPY writes a .npy file of n×mel×frames float32 values (i·0.001).
func writeNPY(t *testing.T, path string, n, mel, frames int) {
	t.Helper()
	h := fmt.Sprintf("{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d, %d), }", n, mel, frames)
	for (10+len(h)+1)%64 != 0 {
		h += " "
	}
	h += "\n"
	b := append([]byte("\x93NUMPY\x01\x00"), byte(len(h)), byte(len(h)>>8))
	b = append(b, h...)
	for i := 0; i < n*mel*frames; i++ {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(i)*0.001))
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkTrainLosses checks that train.jsonl in dir holds steps losses, all
// finite and positive, and not all equal.
func checkTrainLosses(t *testing.T, dir string, steps int) {
	t.Helper()
	jl, err := os.Open(filepath.Join(dir, "train.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer jl.Close()
	var losses []float64
	sc := bufio.NewScanner(jl)
	for sc.Scan() {
		var rec struct {
			Loss *float64 `json:"loss"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Loss != nil {
			losses = append(losses, *rec.Loss)
			if math.IsNaN(*rec.Loss) || math.IsInf(*rec.Loss, 0) || *rec.Loss <= 0 {
				t.Errorf("train: loss %v", *rec.Loss)
			}
		}
	}
	if len(losses) != steps {
		t.Errorf("train: %d steps with a loss in train.jsonl, want %d", len(losses), steps)
	}
	for _, l := range losses[1:] {
		if l != losses[0] {
			return
		}
	}
	t.Errorf("train: every loss is %v: the steps changed nothing", losses)
}

// checkAllHeadsRanked checks that heads.json in dir ranks n heads 1..n,
// each with a finite relevance.
func checkAllHeadsRanked(t *testing.T, dir string, n int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "heads.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Heads []struct {
			Name      string  `json:"name"`
			Rank      int     `json:"rank"`
			Relevance float64 `json:"relevance"`
		} `json:"heads"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	ranks := map[int]bool{}
	for _, h := range rep.Heads {
		ranks[h.Rank] = true
		if math.IsNaN(h.Relevance) || math.IsInf(h.Relevance, 0) {
			t.Errorf("analyze: %s relevance %v", h.Name, h.Relevance)
		}
	}
	if len(rep.Heads) != n || len(ranks) != n || !ranks[1] || !ranks[n] {
		t.Errorf("analyze: %d heads with %d distinct ranks, want %d ranked 1..%d", len(rep.Heads), len(ranks), n, n)
	}
}

func readVerifyReport(t *testing.T, dir string) *verify.Report {
	t.Helper()
	var r verify.Report
	data, err := os.ReadFile(filepath.Join(dir, verify.ReportJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// gate and prune copy the generation_config.json beside an export into a
// new output folder, as a file named from inside a model: a symlink out of
// the model's folder is refused, naming it, and nothing is written.
func TestGenerationConfigCopy(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "model")
	if err := os.Mkdir(model, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"encoder_model.onnx", "decoder_model.onnx"} {
		data, err := os.ReadFile(filepath.Join(t5Dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(model, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outside := writeText(t, dir, "outside.json", `{"pad_token_id": 0}`)
	if err := os.Symlink(outside, filepath.Join(model, "generation_config.json")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "pruned")
	_, stderr, code := runVerifyCLI(t, context.Background(), "prune", model, "--remove", "encoder:0:1", "-o", out)
	if code != 2 || !strings.Contains(stderr, "generation_config.json") || !strings.Contains(stderr, "outside the model's folder") {
		t.Errorf("prune: exit %d, stderr %q; want exit 2 naming generation_config.json outside the model's folder", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("prune wrote %s", out)
	}
}
