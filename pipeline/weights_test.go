package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// writeIDPairs writes n random sentence pairs of token ids in [3, vocab)
// as NAME.src and NAME.tgt in dir.
func writeIDPairs(t *testing.T, dir, name string, n, vocab int, seed uint64) [2]string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
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
	p := [2]string{filepath.Join(dir, name+".src"), filepath.Join(dir, name+".tgt")}
	for i, text := range []string{src.String(), tgt.String()} {
		if err := os.WriteFile(p[i], []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// floatWeight reads one float initializer of a model file.
func floatWeight(t *testing.T, path, name string) []float32 {
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
	v := g.Value(name)
	c, ok := g.ConstValue(v)
	if v == nil || !v.IsInitializer() || !ok {
		t.Fatalf("%s has no initializer %s", path, name)
	}
	f, err := c.AsFloat32()
	if err != nil {
		t.Fatal(err)
	}
	return slices.Clone(f)
}

// train.weights in run: the train stage writes the trained weights into
// the original's files and the gated ones (the decoder with past
// included), prune cuts the trained files, and verify finds the pruned
// model equivalent to the trained gated one, with and without the cache.
func TestRunTrainsWeights(t *testing.T) {
	dir := t.TempDir()
	c := Default()
	c.Model = []string{filepath.Join("..", "models", "fixtures", "marian")}
	c.Out, c.IDs, c.Specials, c.Threads, c.Analyze, c.NoBench = filepath.Join(dir, "out"), true, "pad=1,eos=0,decoder-start=1", 1, false, true
	c.Train, c.Test = writeIDPairs(t, dir, "train", 8, 128, 1), writeIDPairs(t, dir, "test", 3, 128, 2)
	c.Steps, c.TargetHeads, c.MaxTokens = 3, 12, 256
	for _, kv := range [][2]string{{"train-weights", "all"}, {"weight-lr", "1e-2"}} {
		f, ok := FieldByFlag(kv[0])
		if !ok {
			t.Fatalf("run has no flag --%s", kv[0])
		}
		if err := f.Set(&c, kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	var log bytes.Buffer
	s, err := Run(context.Background(), c, &log)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, log.String())
	}
	t.Log(log.String())
	files := []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"}
	for _, d := range []string{TrainedDir, TrainedGatedDir} {
		for _, f := range files {
			if p := filepath.Join(c.Out, TrainDir, d, f); !fileExists(p) {
				t.Errorf("%s not written", p)
			}
		}
	}
	if !strings.Contains(log.String(), filepath.Join(TrainDir, TrainedDir, "decoder_with_past_model.onnx")+" -> ") {
		t.Errorf("prune did not cut the trained decoder with past:\n%s", log.String())
	}
	// A weight head pruning leaves alone: trained, and as trained in the
	// pruned decoder with past.
	const fc1 = "model.decoder.layers.0.fc1.bias"
	orig := floatWeight(t, filepath.Join(c.Model[0], "decoder_with_past_model.onnx"), fc1)
	pruned := floatWeight(t, filepath.Join(c.Out, PrunedDir, "decoder_with_past_model.onnx"), fc1)
	trained := floatWeight(t, filepath.Join(c.Out, TrainDir, TrainedDir, "decoder_model.onnx"), fc1)
	if slices.Equal(pruned, orig) || !slices.Equal(pruned, trained) {
		t.Errorf("pruned decoder with past: %s is not the trained decoder's", fc1)
	}
	if s.EquivalenceMaxDiff == nil || *s.EquivalenceMaxDiff > 1e-5 || len(s.Failures) > 0 {
		t.Errorf("verify: equivalence %v, failures %v\n%s", s.EquivalenceMaxDiff, s.Failures, log.String())
	}
}
