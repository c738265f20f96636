package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestModelFolderArgs: inspect, gate and prune read a folder as the model
// files in it, exactly as if the files had been named.
func TestModelFolderArgs(t *testing.T) {
	var files []string
	for _, n := range optimumFiles {
		files = append(files, filepath.Join(marianDir, n))
	}
	code, byFolder, stderr := runCLI("inspect", "--heads", "--json", marianDir)
	if code != 0 {
		t.Fatalf("inspect --heads %s: exit %d: %s", marianDir, code, stderr)
	}
	_, byFiles, _ := runCLI(append([]string{"inspect", "--heads", "--json"}, files...)...)
	if byFolder != byFiles || !strings.Contains(byFolder, "decoder_model_merged.onnx") {
		t.Errorf("inspect --heads of the folder differs from naming its four files:\n%s\nvs\n%s", byFolder, byFiles)
	}

	out := t.TempDir()
	code, _, stderr = runCLI("prune", marianDir, "--remove", "encoder:0:1,cross:1:*", "-o", out)
	if code != 0 {
		t.Fatalf("prune %s: exit %d: %s", marianDir, code, stderr)
	}
	for _, n := range optimumFiles {
		if _, err := os.Stat(filepath.Join(out, n)); err != nil {
			t.Errorf("prune of the folder wrote no %s: %v", n, err)
		}
	}
	code, heads, stderr := runCLI("inspect", "--heads", out)
	if code != 0 || !strings.Contains(heads, "encoder:0      3") {
		t.Errorf("inspect --heads of the pruned folder: exit %d, encoder:0 not at 3 heads:\n%s%s", code, heads, stderr)
	}

	gated := t.TempDir()
	if code, _, stderr = runCLI("gate", marianDir, "--attention", "encoder", "-o", gated); code != 0 {
		t.Fatalf("gate %s: exit %d: %s", marianDir, code, stderr)
	}
	if _, err := os.Stat(filepath.Join(gated, "decoder_model_merged.onnx")); err != nil {
		t.Errorf("gate of the folder: %v", err)
	}

	empty := t.TempDir()
	for _, cmd := range []string{"inspect", "gate", "prune"} {
		args := []string{cmd, empty}
		if cmd != "inspect" {
			args = append(args, "-o", filepath.Join(t.TempDir(), "x"))
		}
		if cmd == "prune" {
			args = append(args, "--remove", "encoder:0:0")
		}
		code, _, stderr := runCLI(args...)
		if code != 2 || !strings.Contains(stderr, empty) || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
			t.Errorf("%s of a folder without a model: exit %d, stderr %q; want 2 naming the folder", cmd, code, stderr)
		}
	}
}
