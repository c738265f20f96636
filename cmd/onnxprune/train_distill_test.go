package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// writeIDCorpus writes n random sentence pairs of token ids in [3, vocab)
// as NAME.src and NAME.tgt in dir and returns "SRC,TGT".
func writeIDCorpus(t *testing.T, dir, name string, n int, vocab int, seed uint64) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 2))
	var src, tgt strings.Builder
	for range n {
		for _, b := range []*strings.Builder{&src, &tgt} {
			for j := range 3 + r.IntN(5) {
				if j > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprint(b, 3+r.IntN(vocab-3))
			}
			b.WriteByte('\n')
		}
	}
	s, g := filepath.Join(dir, name+".src"), filepath.Join(dir, name+".tgt")
	for p, text := range map[string]string{s: src.String(), g: tgt.String()} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return s + "," + g
}

// initializers reads the float initializers of a model's main graph.
func floatInitializers(t *testing.T, path string) map[string][]float32 {
	t.Helper()
	m, err := onnxio.Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]float32{}
	for _, v := range g.Initializers() {
		if c, ok := g.ConstValue(v); ok {
			if f, err := c.AsFloat32(); err == nil {
				out[v.Name()] = append([]float32(nil), f...)
			}
		}
	}
	return out
}

// The tolerance of a decoder step with past keys and values against the
// step computed from the whole prefix: float32 attention over a few
// positions (the fixture reproduces its references within 1e-5).
const pastStepTol = 1e-4

// Decoder fine-tuning on a merged decoder: training runs its branch
// without past, and the written merged file holds the trained weights once,
// in its main graph, so that both branches compute with them: a step with
// past keys and values gives the logits of the whole prefix run.
func TestTrainDecoderWeightsMergedDecoderDistill(t *testing.T) {
	dir := t.TempDir()
	train := writeIDCorpus(t, dir, "train", 12, 128, 1)
	dev := writeIDCorpus(t, dir, "dev", 4, 128, 2)
	out := filepath.Join(dir, "out")
	merged := filepath.Join(marianDir, "decoder_model_merged.onnx")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"train", filepath.Join(marianDir, "encoder_model.onnx"), merged,
		"--ids", "--specials", "pad=1,eos=0,decoder-start=1", "--train", train, "--dev", dev,
		"--train-weights", "decoder", "--weight-lr", "1e-2", "--distill", "0.5", "--distill-temperature", "2",
		"--max-steps", "3", "--threads", "1", "-o", out}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "merged decoder") || !strings.Contains(stdout.String(), "training 56 decoder weights") {
		t.Errorf("output does not say what trains:\n%s", stdout.String())
	}
	// The KL term is logged every step.
	f, err := os.Open(filepath.Join(out, gatetrain.LogFileName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	steps := 0
	for sc := bufio.NewScanner(f); sc.Scan(); steps++ {
		var s struct {
			KL *float64 `json:"distill_kl"`
		}
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil || s.KL == nil || math.IsNaN(*s.KL) {
			t.Fatalf("log line %d has no distill_kl: %s", steps+1, sc.Text())
		}
	}
	if steps != 3 {
		t.Errorf("%d log lines, want 3", steps)
	}
	// The encoder file is not written (its weights did not train).
	if fileExists(filepath.Join(out, "trained_encoder_model.onnx")) {
		t.Error("trained_encoder_model.onnx written for --train-weights decoder")
	}
	trainedPath := filepath.Join(out, "trained_decoder_model_merged.onnx")
	before, after := floatInitializers(t, merged), floatInitializers(t, trainedPath)
	changed := 0
	for name, b := range before {
		a, ok := after[name]
		if !ok {
			t.Fatalf("%s lost initializer %s", trainedPath, name)
		}
		for i := range b {
			if a[i] != b[i] {
				changed++
				break
			}
		}
	}
	if changed != 56 {
		t.Errorf("%d of %d initializers changed, want 56", changed, len(before))
	}
	checkPastStepMatches(t, filepath.Join(marianDir, "encoder_model.onnx"), trainedPath)
}

// checkPastStepMatches runs a merged decoder on a prefix without past and
// one more token with the past it returned, and compares that step's
// logits with the whole sequence's run.
func checkPastStepMatches(t *testing.T, encPath, decPath string) {
	t.Helper()
	so := ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1}
	enc, err := ortrun.NewSession(encPath, so)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	dec, err := ortrun.NewSession(decPath, so)
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	src := ortrun.NewI64([]int64{1, 5}, []int64{5, 6, 7, 8, 0})
	mask := ortrun.NewI64([]int64{1, 5}, []int64{1, 1, 1, 1, 1})
	h, err := enc.Run(map[string]*ortrun.Tensor{"input_ids": src, "attention_mask": mask}, []string{"last_hidden_state"})
	if err != nil {
		t.Fatal(err)
	}
	var presents []string
	for _, o := range dec.Outputs() {
		if strings.HasPrefix(o.Name, "present.") {
			presents = append(presents, o.Name)
		}
	}
	feeds := func(ids []int64, past map[string]*ortrun.Tensor, useCache bool) map[string]*ortrun.Tensor {
		in := map[string]*ortrun.Tensor{
			"input_ids":              ortrun.NewI64([]int64{1, int64(len(ids))}, ids),
			"encoder_attention_mask": mask, "encoder_hidden_states": h["last_hidden_state"],
			gatetrain.UseCacheInput: ortrun.NewBool([]int64{1}, []bool{useCache}),
		}
		for _, p := range presents {
			name := "past_key_values." + strings.TrimPrefix(p, "present.")
			if past == nil {
				in[name] = ortrun.NewF32([]int64{1, 4, 0, 8}, nil)
			} else {
				in[name] = past[p]
			}
		}
		return in
	}
	ids := []int64{1, 9, 10, 11}
	full, err := dec.Run(feeds(ids, nil, false), []string{"logits"})
	if err != nil {
		t.Fatal(err)
	}
	prefix, err := dec.Run(feeds(ids[:3], nil, false), presents)
	if err != nil {
		t.Fatal(err)
	}
	step, err := dec.Run(feeds(ids[3:], prefix, true), []string{"logits"})
	if err != nil {
		t.Fatal(err)
	}
	v := int(full["logits"].Shape[2])
	last := full["logits"].F32[3*v : 4*v]
	worst := 0.0
	for i, x := range step["logits"].F32 {
		worst = math.Max(worst, math.Abs(float64(x-last[i])))
	}
	if worst > pastStepTol {
		t.Errorf("%s: the step with past differs from the whole-prefix run by %g (max abs)", decPath, worst)
	}
}

// Bad values of the weight and distillation flags are usage errors of one
// line that names the flag (and the pointer to --help every usage error
// ends with).
func TestTrainDistillBadFlags(t *testing.T) {
	p := func(n string) string { return filepath.Join(plantedDir, n) }
	for _, tc := range []struct{ flag, value string }{
		{"--train-weights", "encoder,bogus"},
		{"--distill", "-1"},
		{"--distill", "NaN"},
		{"--distill-temperature", "0"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"train", p("planted.onnx"), "--ids", "--train", p("train.src") + "," + p("train.tgt"),
			"-o", filepath.Join(t.TempDir(), "out"), tc.flag, tc.value}, &stdout, &stderr)
		// The error's line, then the usual pointer to --help.
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		if code != 2 || len(lines) != 2 || !strings.Contains(lines[0], tc.flag) || !strings.Contains(lines[1], "--help") {
			t.Errorf("%s %s: exit %d, stderr %q: want exit 2 and one line naming the flag", tc.flag, tc.value, code, stderr.String())
		}
	}
}

// Training both parts of a split export keeps the embedding that the source
// model ties (a copy in each file, equal values) one parameter: both
// written files hold the same trained values.
func TestTrainAllWeightsTiesSplitEmbedding(t *testing.T) {
	dir := t.TempDir()
	train := writeIDCorpus(t, dir, "train", 8, 128, 3)
	out := filepath.Join(dir, "out")
	enc, dec := filepath.Join(marianDir, "encoder_model.onnx"), filepath.Join(marianDir, "decoder_model.onnx")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"train", enc, dec, "--ids", "--specials", "pad=1,eos=0,decoder-start=1",
		"--train", train, "--train-weights", "encoder,decoder", "--weight-lr", "1e-2", "--max-steps", "2", "--threads", "1", "-o", out}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "shared weight model.shared.weight of "+dec+" equals embed_tokens.weight") {
		t.Errorf("the tie is not reported:\n%s", stdout.String())
	}
	orig := floatInitializers(t, enc)["embed_tokens.weight"]
	e := floatInitializers(t, filepath.Join(out, "trained_encoder_model.onnx"))["embed_tokens.weight"]
	d := floatInitializers(t, filepath.Join(out, "trained_decoder_model.onnx"))["model.shared.weight"]
	same, moved := len(e) == len(d) && len(e) == len(orig), false
	for i := range e {
		if !same {
			break
		}
		same = same && e[i] == d[i]
		moved = moved || e[i] != orig[i]
	}
	if !same || !moved {
		t.Errorf("trained embeddings: equal in both files %v, changed by training %v; want both", same, moved)
	}
}
