package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/ortrun"
)

// TestPruneAndGateDynamicInt8 runs the commands on the dynamically
// quantized Marian export as a user would: inspect lists every block (not
// "0 blocks"), prune of a mixed decision over the folder writes files ONNX
// Runtime loads, each smaller where heads went, and gate writes loadable
// gated files with one gate per block.
func TestPruneAndGateDynamicInt8(t *testing.T) {
	const dir = "../../models/fixtures/quant/marian_int8_dynamic"
	code, out, errs := runPrune("inspect", "--heads", filepath.Join(dir, "decoder_model_merged.onnx"))
	if code != 0 || !strings.Contains(out, "4 blocks (encoder 0, decoder 2, cross 2), 16 heads") || strings.Contains(out, "not understood") {
		t.Fatalf("inspect: exit %d: %s%s", code, out, errs)
	}
	pruned := filepath.Join(t.TempDir(), "pruned")
	if code, _, errs := runPrune("prune", dir, "--remove", "decoder:0:2,cross:1:*", "-o", pruned); code != 0 {
		t.Fatalf("prune: exit %d: %s", code, errs)
	}
	for _, stem := range []string{"decoder_model", "decoder_with_past_model", "decoder_model_merged"} {
		checkLoadsSmaller(t, filepath.Join(dir, stem+".onnx"), filepath.Join(pruned, stem+".onnx"))
	}
	gated := filepath.Join(t.TempDir(), "gated")
	code, out, errs = runPrune("gate", dir, "-o", gated)
	if code != 0 || !strings.Contains(out, "4 gate inputs") {
		t.Fatalf("gate: exit %d: %s%s", code, out, errs)
	}
	s, err := ortrun.NewSession(filepath.Join(gated, "decoder_model_merged.onnx"), ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatalf("the gated merged decoder: %v", err)
	}
	s.Close()
}

// checkLoadsSmaller checks that ONNX Runtime opens pruned and that it is
// smaller than orig.
func checkLoadsSmaller(t *testing.T, orig, pruned string) {
	t.Helper()
	a, err := os.Stat(orig)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.Stat(pruned)
	if err != nil {
		t.Fatal(err)
	}
	if b.Size() >= a.Size() {
		t.Errorf("%s: %d bytes, the original %d", pruned, b.Size(), a.Size())
	}
	s, err := ortrun.NewSession(pruned, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatalf("%s: %v", pruned, err)
	}
	s.Close()
}
