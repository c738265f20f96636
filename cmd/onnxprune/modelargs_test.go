package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/internal/modelpath"
)

// TestModelFolderArgs: inspect, gate and prune read a folder as the model
// files in it, exactly as if the files had been named.
func TestModelFolderArgs(t *testing.T) {
	optimumFiles := []string{modelpath.Encoder, modelpath.Decoder, modelpath.DecoderWithPast, modelpath.DecoderMerged}
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

// TestJoinFolderArgs: train and analyze read a folder as its encoder and
// decoder files (joined into one graph); a folder without them is refused.
func TestJoinFolderArgs(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runCLI("train", marianDir, "--train", filepath.Join(plantedDir, "train.src")+","+filepath.Join(plantedDir, "train.tgt"),
		"--ids", "--specials", "pad=0,decoder-start=0,eos=1", "--max-steps", "2", "--threads", "1", "--log-every", "100", "-o", out)
	if code != 0 {
		t.Fatalf("train %s: exit %d: %s%s", marianDir, code, stdout, stderr)
	}
	b, err := os.ReadFile(filepath.Join(out, "gates.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The Marian fixture has 2 layers of 4 heads in each kind: the joined
	// graph's gates cover encoder, decoder and cross heads.
	for _, h := range []string{"encoder:1:3", "decoder:1:3", "cross:1:3"} {
		if !strings.Contains(string(b), `"`+h+`"`) {
			t.Errorf("gates.json of the folder's training has no head %s", h)
		}
	}
	empty := t.TempDir()
	src, tgt := filepath.Join(plantedDir, "dev.src"), filepath.Join(plantedDir, "dev.tgt")
	for _, args := range [][]string{
		{"train", empty, "--train", src + "," + tgt, "--ids", "--specials", "pad=0", "-o", t.TempDir()},
		{"analyze", empty, "--dev", src + "," + tgt, "--ids", "--specials", "pad=0,bos=1,eos=2,decoder-start=1", "-o", t.TempDir()},
	} {
		code, _, stderr := runCLI(args...)
		if code != 2 || !strings.Contains(stderr, empty+" is a folder without") {
			t.Errorf("%s of a folder without a model: exit %d, stderr %q; want 2 naming the folder", args[0], code, stderr)
		}
	}
}
