package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"onnxprune/gatesfile"
	"onnxprune/gatetrain"
	"onnxprune/ortrun"
	"onnxprune/pipeline"
	"onnxprune/verify/tokenize"
)

const plantedDir = "../../models/planted"

func plantedArgs(out string, steps string) []string {
	p := func(n string) string { return filepath.Join(plantedDir, n) }
	return []string{"train", p("planted.onnx"), "--train", p("train.src") + "," + p("train.tgt"),
		"--ids", "--specials", "pad=0,decoder-start=1,eos=2", "-o", out, "--max-steps", steps,
		"--l0-lambda", "0.05", "--init-log-alpha", "2", "--max-tokens", "512", "--threads", "1",
		"--checkpoint-every", "20", "--seed", "11", "--log-every", "100"}
}

func readGatesFile(t *testing.T, dir string) *gatesfile.File {
	t.Helper()
	f, err := gatesfile.Read(filepath.Join(dir, gatetrain.GatesFileName))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func countLines(path string) int {
	b, _ := os.ReadFile(path)
	return bytes.Count(b, []byte("\n"))
}

// A run killed with SIGKILL and resumed ends with the gates of an
// uninterrupted run with the same seed.
func TestTrainSIGKILLThenResume(t *testing.T) {
	bin := testBinary(t)
	const steps = "1000"
	full := t.TempDir()
	if out, err := exec.Command(bin, plantedArgs(full, steps)...).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	want := readGatesFile(t, full)

	dir := t.TempDir()
	cmd := exec.Command(bin, plantedArgs(dir, steps)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, gatetrain.LogFileName)
	deadline := time.Now().Add(2 * time.Minute)
	for countLines(log) < 300 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the run never reached step 300:\n%s", out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	killedAt := countLines(log)
	if killedAt >= 1000 {
		t.Fatalf("the run finished (%d steps) before it was killed", killedAt)
	}
	if _, err := os.Stat(filepath.Join(dir, gatetrain.GatesFileName)); err == nil {
		t.Fatal("a killed run left gates.json")
	}
	res, err := exec.Command(bin, append(plantedArgs(dir, steps), "--resume")...).CombinedOutput()
	if err != nil {
		t.Fatalf("resumed run: %v\n%s", err, res)
	}
	got := readGatesFile(t, dir)
	for i, h := range want.Heads {
		g := got.Heads[i]
		if h.LogAlpha != g.LogAlpha || h.Keep != g.Keep || !sameStep(h.ClosedAtStep, g.ClosedAtStep) {
			t.Errorf("%s: uninterrupted log α %v open %v closed %v; killed at step %d and resumed: %v %v %v",
				h.Name, h.LogAlpha, h.Keep, h.ClosedAtStep, killedAt, g.LogAlpha, g.Keep, g.ClosedAtStep)
		}
	}
	if n := countLines(log); n != 1000 {
		t.Errorf("log has %d lines, want 1000", n)
	}
}

func sameStep(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// SIGINT stops the run with a checkpoint and exit code 130.
func TestTrainSIGINTSavesCheckpoint(t *testing.T) {
	bin := testBinary(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, plantedArgs(dir, "100000")...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, gatetrain.LogFileName)
	for countLines(log) < 30 {
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want code 130\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "--resume") {
		t.Errorf("output does not say how to resume:\n%s", out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, gatetrain.CheckpointFileName)); err != nil {
		t.Fatal(err)
	}
}

func TestTrainBadInputNamesFileAndLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	model := filepath.Join(plantedDir, "planted.onnx")
	tests := []struct {
		name, src, tgt string
		want           []string
	}{
		{"id outside the model vocabulary", "3 4\n5 6 7\n", "4 3\n7 6 500\n", []string{"bad.tgt:2", "id 500", "[0, 24)"}},
		{"mismatched line counts", "3 4\n5 6\n", "4 3\n", []string{"bad.src has 2 lines", "bad.tgt has 1"}},
		{"empty corpus", "", "", []string{"bad.src", "empty corpus"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, g := write("bad.src", tc.src), write("bad.tgt", tc.tgt)
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), []string{"train", model, "--train", s + "," + g,
				"--ids", "--specials", "pad=0,decoder-start=1,eos=2", "-o", filepath.Join(dir, "out"), "--max-steps", "3"}, &stdout, &stderr)
			if code != 2 {
				t.Fatalf("exit code %d, want 2\n%s", code, stderr.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr %q does not mention %q", stderr.String(), w)
				}
			}
		})
	}
}

func TestTrainGatesJSONShape(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), plantedArgs(dir, "40"), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, gatetrain.GatesFileName))
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Heads []map[string]any `json:"heads"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if len(raw.Heads) != 12 {
		t.Fatalf("%d heads, want 12", len(raw.Heads))
	}
	for _, h := range raw.Heads {
		for _, k := range []string{"name", "kind", "layer", "head", "log_alpha", "p_open", "gate", "keep"} {
			if _, ok := h[k]; !ok {
				t.Errorf("gates.json head %v lacks %q", h["name"], k)
			}
		}
		if _, ok := h["closed_at_step"]; ok == h["keep"].(bool) {
			t.Errorf("head %v: keep %v but closed_at_step present %v", h["name"], h["keep"], ok)
		}
	}
	if !strings.Contains(stdout.String(), "step 40/40") {
		t.Errorf("no log line for the last step:\n%s", stdout.String())
	}
}

// devLoss is the token-weighted cross-entropy of an ungated model on the
// planted dev set, computed from its logits.
func devLoss(t *testing.T, model string) float64 {
	t.Helper()
	dev, err := gatetrain.ReadCorpus(filepath.Join(plantedDir, "dev.src"), filepath.Join(plantedDir, "dev.tgt"), 24)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ortrun.NewSession(model, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	bt := &gatetrain.Batcher{Corpus: dev, Specials: tokenize.Specials{Pad: 0, DecoderStart: 1, Eos: 2}, MaxTokens: 512}
	batches, err := bt.Epoch(0)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	var n int
	for _, idx := range batches {
		b := bt.Batch(idx)
		out, err := s.Run(map[string]*ortrun.Tensor{
			"src_ids": ortrun.NewI64([]int64{int64(b.B), int64(b.S)}, b.Src),
			"tgt_ids": ortrun.NewI64([]int64{int64(b.B), int64(b.T)}, b.DecIn),
		}, []string{"logits"})
		if err != nil {
			t.Fatal(err)
		}
		logits := out["logits"].F32
		const V = 24
		for i, l := range b.Labels {
			if l == gatetrain.LabelPad {
				continue
			}
			row := logits[i*V : (i+1)*V]
			m := math.Inf(-1)
			for _, x := range row {
				m = math.Max(m, float64(x))
			}
			var z float64
			for _, x := range row {
				z += math.Exp(float64(x) - m)
			}
			sum += m + math.Log(z) - float64(row[l])
			n++
		}
	}
	return sum / float64(n)
}

// The whole pipeline on the ungated planted model: train (heads found and
// gated by the command), prune with the gates file, and the pruned file's
// dev loss stays within 1% of the original's.
func TestTrainThenPruneKeepsLoss(t *testing.T) {
	const prunedLossTol = 0.01
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(plantedDir, n) }
	var stdout, stderr bytes.Buffer
	args := []string{"train", p("planted_ungated.onnx"), "--train", p("train.src") + "," + p("train.tgt"),
		"--ids", "--specials", "pad=0,decoder-start=1,eos=2", "-o", dir, "--max-steps", "300",
		"--l0-lambda", "0.05", "--init-log-alpha", "2", "--max-tokens", "512", "--threads", "1", "--seed", "3"}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("train: exit %d: %s", code, stderr.String())
	}
	pruned := filepath.Join(dir, "pruned.onnx")
	if code := run(context.Background(), []string{"prune", p("planted_ungated.onnx"), "--gates", filepath.Join(dir, gatetrain.GatesFileName), "-o", pruned}, &stdout, &stderr); code != 0 {
		t.Fatalf("prune: exit %d: %s", code, stderr.String())
	}
	gf := readGatesFile(t, dir)
	dense, cut := devLoss(t, p("planted_ungated.onnx")), devLoss(t, pruned)
	if math.Abs(cut-dense) > prunedLossTol*dense {
		t.Errorf("dev loss: original %.5f, pruned (%d of %d heads) %.5f", dense, gf.OpenHeads, len(gf.Heads), cut)
	}
	if gf.OpenHeads >= len(gf.Heads)/2+1 {
		t.Errorf("%d of %d heads open: the six dead heads should have closed", gf.OpenHeads, len(gf.Heads))
	}
	t.Logf("dev loss original %.5f, pruned to %d heads %.5f", dense, gf.OpenHeads, cut)
}

// Text with a tokenizer gives the same run as the token ids it encodes to:
// the planted corpus written as words w3…w23 with a plain vocabulary whose
// first entries are <pad>, <s>, </s> (the special ids 0, 1, 2).
func TestTrainTextCorpusMatchesIDs(t *testing.T) {
	dir := t.TempDir()
	vocab := []string{"<pad>", "<s>", "</s>"}
	for i := 3; i < 24; i++ {
		vocab = append(vocab, fmt.Sprintf("w%d", i))
	}
	vf := filepath.Join(dir, "vocab.txt")
	if err := os.WriteFile(vf, []byte(strings.Join(vocab, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	toText := func(name string) string {
		b, err := os.ReadFile(filepath.Join(plantedDir, name))
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			for i, f := range strings.Fields(line) {
				if i > 0 {
					out.WriteByte(' ')
				}
				out.WriteString("w" + f)
			}
			out.WriteByte('\n')
		}
		p := filepath.Join(dir, name+".txt")
		if err := os.WriteFile(p, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	src, tgt := toText("train.src"), toText("train.tgt")
	ids := filepath.Join(dir, "ids")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), plantedArgs(ids, "60"), &stdout, &stderr); code != 0 {
		t.Fatalf("ids run: exit %d: %s", code, stderr.String())
	}
	text := filepath.Join(dir, "text")
	args := []string{"train", filepath.Join(plantedDir, "planted.onnx"), "--tokenizer", vf, "--train", src + "," + tgt,
		"-o", text, "--max-steps", "60", "--l0-lambda", "0.05", "--init-log-alpha", "2", "--max-tokens", "512",
		"--threads", "1", "--checkpoint-every", "20", "--seed", "11"}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("text run: exit %d: %s", code, stderr.String())
	}
	a, b := readGatesFile(t, ids), readGatesFile(t, text)
	for i := range a.Heads {
		if a.Heads[i].LogAlpha != b.Heads[i].LogAlpha {
			t.Fatalf("%s: log α %v from ids, %v from text", a.Heads[i].Name, a.Heads[i].LogAlpha, b.Heads[i].LogAlpha)
		}
	}
	// A word outside the vocabulary is an error naming the file and line.
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("w3 w4\nw5 nope w6\n"), 0o644)
	args = []string{"train", filepath.Join(plantedDir, "planted.onnx"), "--tokenizer", vf, "--train", bad + "," + bad,
		"-o", filepath.Join(dir, "bad"), "--max-steps", "2"}
	stderr.Reset()
	if code := run(context.Background(), args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "bad.txt:2") {
		t.Errorf("unknown word: exit %d, stderr %q (want the file and line)", code, stderr.String())
	}
}

// TestTrainWithDecoderStart: train starts the decoder input with the
// model's decoder start id, as `onnxprune run`'s train stage does
// (pipeline's TestRunTrainsWithDecoderStart): another bos id trains the
// same gates, another decoder start id other gates; without a decoder
// start id the bos id is one (verify.ResolveSpecials), and without either
// train asks for one.
func TestTrainWithDecoderStart(t *testing.T) {
	train := func(specials string) []float64 {
		dir := t.TempDir()
		args := plantedArgs(dir, "20")
		for i, a := range args {
			if a == "--specials" {
				args[i+1] = specials
			}
		}
		code, out, stderr := runCLI(args...)
		if code != 0 {
			t.Fatalf("specials %s: exit %d: %s", specials, code, stderr)
		}
		if !strings.Contains(out, "special ids: pad=0 decoder-start=") {
			t.Errorf("specials %s: no special ids line:\n%s", specials, out)
		}
		var la []float64
		for _, h := range readGatesFile(t, dir).Heads {
			la = append(la, h.LogAlpha)
		}
		return la
	}
	base := train("pad=0,bos=1,eos=2,decoder-start=1")
	if got := train("pad=0,bos=3,eos=2,decoder-start=1"); !slices.Equal(got, base) {
		t.Errorf("another bos id changed the trained log α:\n%v\n%v", got, base)
	}
	if got := train("pad=0,bos=1,eos=2,decoder-start=3"); slices.Equal(got, base) {
		t.Errorf("another decoder start id trained the same log α: the decoder start is not fed")
	}
	if got := train("pad=0,bos=1,eos=2"); !slices.Equal(got, base) {
		t.Errorf("bos 1 without a decoder start did not train as decoder start 1")
	}
	args := plantedArgs(t.TempDir(), "20")
	for i, a := range args {
		if a == "--specials" {
			args[i+1] = "pad=0,eos=2"
		}
	}
	if code, _, stderr := runCLI(args...); code != 2 || !strings.Contains(stderr, "give --specials decoder-start=ID") {
		t.Errorf("no decoder start and no bos: exit %d, want 2 asking for decoder-start:\n%s", code, stderr)
	}
}

// TestTrainSettingsAsRun: `onnxprune train` and the train stage of
// `onnxprune run` resolve the same flags to the same training settings
// (pipeline.TrainSettings), defaults included.
func TestTrainSettingsAsRun(t *testing.T) {
	model := filepath.Join(plantedDir, "planted_ungated.onnx")
	for _, flags := range [][]string{
		nil,
		{"--max-steps", "50", "--l0-lambda", "0.2", "--max-tokens", "512", "--seed", "3", "--lr", "0.05", "--checkpoint-every", "7"},
		{"--target-heads", "12"},
		{"--train-weights", "all", "--weight-lr", "0.002"},
		{"--train-weights", "encoder"},
		{"--train-weights", "decoder,encoder", "--distill", "1", "--distill-temperature", "2"},
	} {
		args := append([]string{model, "--train", "a.src,a.tgt", "-o", t.TempDir()}, flags...)
		o, err := parseTrainArgs(trainCommand(), args, io.Discard, io.Discard)
		if err != nil {
			t.Fatalf("train %v: %v", flags, err)
		}
		if err := o.validate(); err != nil {
			t.Fatalf("train %v: %v", flags, err)
		}
		c := pipeline.Default()
		for i := 0; i < len(flags); i += 2 {
			f, ok := pipeline.FieldByFlag(strings.TrimPrefix(flags[i], "--"))
			if !ok {
				t.Fatalf("run has no flag %s", flags[i])
			}
			if err := f.Set(&c, flags[i+1]); err != nil {
				t.Fatalf("run %s %s: %v", flags[i], flags[i+1], err)
			}
		}
		if got, want := o.settings(), c.TrainSettings(); !reflect.DeepEqual(got, want) {
			t.Errorf("flags %v: train resolves\n%+v\nrun\n%+v", flags, got, want)
		}
	}
}
