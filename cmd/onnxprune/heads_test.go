package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"onnxprune/graphedit/heads"
)

// headsDoc is the JSON of inspect --heads.
type headsDoc struct {
	Blocks []struct {
		Name     string   `json:"name"`
		Kind     string   `json:"kind"`
		Layer    int      `json:"layer"`
		NumHeads int      `json:"num_heads"`
		HeadDim  int      `json:"head_dim"`
		Files    []string `json:"files"`
		Gated    *bool    `json:"gated"`
		Gate     string   `json:"gate_input"`
	} `json:"blocks"`
}

// inspectHeads runs inspect --heads --json on the files read as one model.
func inspectHeads(t *testing.T, files ...string) headsDoc {
	t.Helper()
	code, out, errs := runPrune(append([]string{"inspect", "--heads", "--json"}, files...)...)
	if code != 0 {
		t.Fatalf("inspect --heads %s: exit %d: %s", strings.Join(files, " "), code, errs)
	}
	var doc headsDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("inspect --heads --json: %v\n%s", err, out)
	}
	return doc
}

// TestInspectHeadsGated: inspect --heads finds every head of a model gated
// by `onnxprune gate` (all kinds, or only some) and of the planted model,
// whose gates came with its PyTorch export, and reports each block's gate
// input in the JSON and the table. The layouts cover a per-head tensor
// [B,H,T,dh] (Marian), heads folded into the batch (torch's
// nn.MultiheadAttention: the gate multiplies the merged heads), a merged
// decoder (the gate read inside both If branches) and fused com.microsoft
// attention (Whisper).
func TestInspectHeadsGated(t *testing.T) {
	fx := func(p string) string { return filepath.Join("..", "..", "models", "fixtures", p) }
	for _, tc := range []struct {
		name      string
		files     []string
		attention string // gate --attention; "" all
	}{
		{"marian split", marianFiles, ""},
		{"marian split, cross only", marianFiles, "cross"},
		{"torch batch heads", []string{fx("torch_transformer/ts_opset17.onnx")}, ""},
		{"torch batch heads, encoder only", []string{fx("torch_transformer/ts_opset17.onnx")}, "encoder"},
		{"marian merged decoder", []string{fx("marian/decoder_model_merged.onnx")}, ""},
		{"whisper fused", []string{fx("fused/whisper_decoder_model.onnx")}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := inspectHeads(t, tc.files...)
			if len(before.Blocks) == 0 {
				t.Fatal("no blocks in the ungated model")
			}
			for _, b := range before.Blocks {
				if b.Gated == nil || *b.Gated || b.Gate != "" {
					t.Errorf("ungated %s: gated %v, gate input %q", b.Name, b.Gated, b.Gate)
				}
			}
			dir := t.TempDir()
			out := dir
			if len(tc.files) == 1 {
				out = filepath.Join(dir, filepath.Base(tc.files[0]))
			}
			args := append([]string{"gate"}, tc.files...)
			args = append(args, "-o", out)
			if tc.attention != "" {
				args = append(args, "--attention", tc.attention)
			}
			if code, _, errs := runPrune(args...); code != 0 {
				t.Fatalf("gate: exit %d: %s", code, errs)
			}
			var gated []string
			for _, f := range tc.files {
				gated = append(gated, filepath.Join(dir, filepath.Base(f)))
			}
			after := inspectHeads(t, gated...)
			if len(after.Blocks) != len(before.Blocks) {
				t.Fatalf("gated model: %d blocks, the original %d", len(after.Blocks), len(before.Blocks))
			}
			nGated := 0
			for i, b := range after.Blocks {
				o := before.Blocks[i]
				if b.Name != o.Name || b.NumHeads != o.NumHeads || b.HeadDim != o.HeadDim || len(b.Files) != len(o.Files) {
					t.Errorf("gated block %s H=%d dh=%d in %d files; original %s H=%d dh=%d in %d files",
						b.Name, b.NumHeads, b.HeadDim, len(b.Files), o.Name, o.NumHeads, o.HeadDim, len(o.Files))
				}
				want := tc.attention == "" || tc.attention == b.Kind
				wantGate := ""
				if want {
					wantGate = heads.GateName(heads.Kind(b.Kind), b.Layer)
					nGated++
				}
				if b.Gated == nil || *b.Gated != want || b.Gate != wantGate {
					t.Errorf("%s: gated %v, gate input %q; want %v, %q", b.Name, b.Gated, b.Gate, want, wantGate)
				}
			}
			if nGated == 0 {
				t.Fatal("no block was gated")
			}
			// The table has a GATE column: each gate input on its block's line.
			code, table, errs := runPrune(append([]string{"inspect", "--heads"}, gated...)...)
			if code != 0 {
				t.Fatalf("inspect --heads: exit %d: %s", code, errs)
			}
			lines := strings.Split(table, "\n")
			if !strings.Contains(lines[0], "GATE") {
				t.Errorf("table header has no GATE column: %q", lines[0])
			}
			for _, b := range after.Blocks {
				found := false
				for _, l := range lines[1:] {
					f := strings.Fields(l)
					if len(f) > 0 && f[0] == b.Name {
						found = true
						if b.Gate != "" && !strings.Contains(l, " "+b.Gate+" ") {
							t.Errorf("table line of %s lacks its gate %s: %q", b.Name, b.Gate, l)
						}
					}
				}
				if !found {
					t.Errorf("table lacks block %s:\n%s", b.Name, table)
				}
			}
		})
	}
	t.Run("planted (gates from PyTorch)", func(t *testing.T) {
		doc := inspectHeads(t, filepath.Join(plantedDir, "planted.onnx"))
		ungated := inspectHeads(t, filepath.Join(plantedDir, "planted_ungated.onnx"))
		if len(doc.Blocks) == 0 || len(doc.Blocks) != len(ungated.Blocks) {
			t.Fatalf("planted.onnx: %d blocks, planted_ungated.onnx %d", len(doc.Blocks), len(ungated.Blocks))
		}
		for i, b := range doc.Blocks {
			want := heads.GateName(heads.Kind(b.Kind), b.Layer)
			if b.Gated == nil || !*b.Gated || b.Gate != want || b.NumHeads != ungated.Blocks[i].NumHeads {
				t.Errorf("%s: H=%d gated %v input %q; want H=%d gated by %q", b.Name, b.NumHeads, b.Gated, b.Gate, ungated.Blocks[i].NumHeads, want)
			}
		}
	})
}

// TestPruneRefusesGated: removing heads of a gated block is refused (the
// gate vector would keep H entries), naming the block and its gate input,
// and writes nothing.
func TestPruneRefusesGated(t *testing.T) {
	dir := t.TempDir()
	gated := filepath.Join(dir, "gated.onnx")
	if code, _, errs := runPrune("gate", marianFiles[0], "-o", gated); code != 0 {
		t.Fatalf("gate: exit %d: %s", code, errs)
	}
	out := filepath.Join(dir, "pruned.onnx")
	code, _, errs := runPrune("prune", gated, "--remove", "encoder:1:2", "-o", out)
	if code != 2 || !strings.Contains(errs, "encoder:1") || !strings.Contains(errs, "gate/encoder.1") || !strings.Contains(errs, gated) {
		t.Errorf("prune of a gated block: exit %d, want 2 naming the file, block and gate input: %s", code, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("prune wrote %s for a refused input", out)
	}
}

// TestInspectHeadsPruned: inspect --heads on prune's output shows each
// block's head count less the heads removed, and no block whose heads were
// all removed (the last cross-attention layer, so that the layers before it
// keep their numbers).
func TestInspectHeadsPruned(t *testing.T) {
	const spec = "encoder:0:1,encoder:0:3,decoder:1:0,cross:1:*"
	removed := map[string]int{"encoder:0": 2, "decoder:1": 1}
	gone := "cross:1"
	before := inspectHeads(t, marianFiles...)
	dir := t.TempDir()
	if code, _, errs := runPrune(append(append([]string{"prune"}, marianFiles...), "--remove", spec, "-o", dir)...); code != 0 {
		t.Fatalf("prune: exit %d: %s", code, errs)
	}
	var pruned []string
	for _, f := range marianFiles {
		pruned = append(pruned, filepath.Join(dir, filepath.Base(f)))
	}
	after := inspectHeads(t, pruned...)
	got := map[string]int{}
	for _, b := range after.Blocks {
		got[b.Name] = b.NumHeads
	}
	for _, b := range before.Blocks {
		h, ok := got[b.Name]
		switch {
		case b.Name == gone && ok:
			t.Errorf("%s: all heads removed, but inspect --heads lists it with %d", b.Name, h)
		case b.Name == gone:
		case !ok:
			t.Errorf("%s missing after pruning", b.Name)
		case h != b.NumHeads-removed[b.Name]:
			t.Errorf("%s: %d heads after pruning, want %d - %d", b.Name, h, b.NumHeads, removed[b.Name])
		}
	}
	code, table, errs := runPrune(append([]string{"inspect", "--heads"}, pruned...)...)
	total := 0
	for _, b := range after.Blocks {
		total += b.NumHeads
	}
	if code != 0 || !strings.Contains(table, " "+strconv.Itoa(total)+" heads") {
		t.Errorf("table: exit %d, want a total of %d heads\n%s%s", code, total, table, errs)
	}
}
