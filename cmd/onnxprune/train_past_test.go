package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"onnxprune/ortrun"
	"onnxprune/verify"
)

// Training weights of a model given as its folder writes the trained
// decoder weights into every decoder file of the export: the decoder with
// past (whose exporter-named weights are numbered apart from the decoder
// file's) and the merged decoder hold the trained values of the decoder
// file's weights they read, so greedy decoding with the key/value cache
// gives what decoding without it gives.
func TestTrainWeightsReachDecoderWithPast(t *testing.T) {
	dir := t.TempDir()
	train := writeIDCorpus(t, dir, "train", 8, 128, 5)
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"train", marianDir, "--ids", "--specials", "pad=1,eos=0,decoder-start=1",
		"--train", train, "--train-weights", "all", "--weight-lr", "3e-2", "--max-steps", "2", "--threads", "1", "-o", out}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	trained := func(name string) string { return filepath.Join(out, "trained_"+name) }
	t.Log(stdout.String())
	for _, name := range []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"} {
		if !strings.Contains(stdout.String(), trained(name)+" (") {
			t.Errorf("train does not report %s:\n%s", trained(name), stdout.String())
		}
	}

	// Each weight of the decoder with past whose original values are those
	// of exactly one decoder weight now holds that weight's trained values.
	decBefore, decAfter := floatInitializers(t, filepath.Join(marianDir, "decoder_model.onnx")), floatInitializers(t, trained("decoder_model.onnx"))
	pastBefore, pastAfter := floatInitializers(t, filepath.Join(marianDir, "decoder_with_past_model.onnx")), floatInitializers(t, trained("decoder_with_past_model.onnx"))
	matched, renamed := 0, 0
	for p, before := range pastBefore {
		if len(before) < 2 {
			continue
		}
		var same []string
		for d, v := range decBefore {
			if slices.Equal(v, before) {
				same = append(same, d)
			}
		}
		if len(same) != 1 {
			continue
		}
		d := same[0]
		matched++
		if d != p {
			renamed++
		}
		if slices.Equal(decAfter[d], decBefore[d]) {
			t.Errorf("decoder weight %s did not train", d)
		}
		if !slices.Equal(pastAfter[p], decAfter[d]) {
			t.Errorf("decoder with past: %s does not hold the trained values of the decoder's %s", p, d)
		}
	}
	// The fixture's export names 17 of the shared weights apart.
	if matched < 40 || renamed == 0 {
		t.Errorf("%d weights of the decoder with past matched, %d of them renamed: the fixture does not test the match", matched, renamed)
	}

	// Greedy decoding with and without the cache agrees, on sentences long
	// enough for the cache to be read.
	files := []string{trained("encoder_model.onnx"), trained("decoder_model.onnx"), trained("decoder_with_past_model.onnx")}
	src := [][]int64{{5, 6, 7, 8, 0}, {20, 30, 40, 0}, {9, 10, 11, 12, 13, 14, 0}, {100, 3, 77, 0}}
	var outputs [2][]string
	longest := 0
	for i, noCache := range []bool{false, true} {
		m, err := verify.OpenModel(files, verify.ModelOptions{Session: ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1}, Overrides: "pad=1,eos=0,decoder-start=1"})
		if err != nil {
			t.Fatal(err)
		}
		if !m.Cached() {
			t.Fatalf("%v: the model does not decode with its cache", files)
		}
		hyps, err := m.Translate(context.Background(), src, verify.SearchOptions{Beam: 1, MaxLen: 12, Batch: 2, NoCache: noCache})
		m.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hyps {
			outputs[i] = append(outputs[i], fmt.Sprint(h.Tokens))
			longest = max(longest, len(h.Tokens))
		}
	}
	if !slices.Equal(outputs[0], outputs[1]) {
		t.Errorf("greedy decoding of the trained model: with cache %v, without %v", outputs[0], outputs[1])
	}
	if longest < 3 {
		t.Errorf("the longest output has %d tokens: too short to read the cache", longest)
	}
	// The merged decoder's branch with past computes with the trained
	// weights too.
	checkPastStepMatches(t, trained("encoder_model.onnx"), trained("decoder_model_merged.onnx"))
}
