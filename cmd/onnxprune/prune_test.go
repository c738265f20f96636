package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/gatesfile"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

var marianFiles = []string{
	"../../models/fixtures/marian/encoder_model.onnx",
	"../../models/fixtures/marian/decoder_model.onnx",
	"../../models/fixtures/marian/decoder_with_past_model.onnx",
}

func runPrune(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func fileHashes(t *testing.T, paths []string) map[string][32]byte {
	t.Helper()
	m := map[string][32]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m[p] = sha256.Sum256(data)
	}
	return m
}

// headsOf loads a file and returns its blocks by name.
func headsOf(t *testing.T, path string) map[string]*heads.Block {
	t.Helper()
	m, err := onnxio.Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := heads.FindHeads(g)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]*heads.Block{}
	for _, b := range bs {
		out[b.Name()] = b
	}
	return out
}

func TestInspectHeadsSplitFilesAsOneModel(t *testing.T) {
	code, out, errs := runPrune(append([]string{"inspect", "--heads", "--json"}, marianFiles...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Blocks []struct {
			Kind     string   `json:"kind"`
			Layer    int      `json:"layer"`
			NumHeads int      `json:"num_heads"`
			HeadDim  int      `json:"head_dim"`
			Files    []string `json:"files"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, b := range doc.Blocks {
		count[b.Kind]++
		if b.NumHeads != 4 || b.HeadDim != 8 {
			t.Errorf("%s:%d: H=%d dh=%d", b.Kind, b.Layer, b.NumHeads, b.HeadDim)
		}
		if b.Kind != "encoder" && len(b.Files) != 2 {
			t.Errorf("%s:%d found in %v, want both decoder files", b.Kind, b.Layer, b.Files)
		}
	}
	if count["encoder"] != 2 || count["decoder"] != 2 || count["cross"] != 2 {
		t.Errorf("kinds %v, want 2 of each", count)
	}
	code, out, _ = runPrune("inspect", "--heads", marianFiles[0])
	if code != 0 || !strings.Contains(out, "encoder:1") || !strings.Contains(out, "2 blocks (encoder 2, decoder 0, cross 0), 8 heads") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
}

func TestPruneSplitFiles(t *testing.T) {
	before := fileHashes(t, marianFiles)
	dir := t.TempDir()
	code, out, errs := runPrune(append(append([]string{"prune"}, marianFiles...),
		"--remove", "encoder:0:1,encoder:0:3,cross:1:*,decoder:0:2", "-o", dir)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "cross:1 4->0 (sublayer removed)") {
		t.Errorf("report:\n%s", out)
	}
	want := map[string]map[string]int{
		"encoder_model.onnx":           {"encoder:0": 2, "encoder:1": 4},
		"decoder_model.onnx":           {"decoder:0": 3, "decoder:1": 4, "cross:0": 4},
		"decoder_with_past_model.onnx": {"decoder:0": 3, "decoder:1": 4, "cross:0": 4},
	}
	for file, blocks := range want {
		got := headsOf(t, filepath.Join(dir, file))
		for name, h := range blocks {
			if got[name] == nil || got[name].NumHeads != h {
				t.Errorf("%s: %s: got %v, want %d heads", file, name, got[name], h)
			}
		}
		if got["cross:1"] != nil {
			t.Errorf("%s: cross:1 still present", file)
		}
	}
	after := fileHashes(t, marianFiles)
	for p, h := range before {
		if after[p] != h {
			t.Errorf("input %s changed", p)
		}
	}
	// Existing outputs need --overwrite.
	code, _, errs = runPrune(append(append([]string{"prune"}, marianFiles...), "--keep", "encoder:0:0", "-o", dir)...)
	if code != 2 || !strings.Contains(errs, "--overwrite") {
		t.Errorf("existing output: exit %d: %s", code, errs)
	}
}

func TestPruneErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "p.onnx")
	enc := marianFiles[0]
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no layer", []string{"prune", enc, "--remove", "encoder:2:0", "-o", out}, "no encoder layer 2"},
		{"no head", []string{"prune", enc, "--remove", "encoder:0:4", "-o", out}, "has 4 heads"},
		{"no kind", []string{"prune", enc, "--remove", "cross:0:1", "-o", out}, "no cross attention"},
		{"bad kind", []string{"prune", enc, "--remove", "self:0:1", "-o", out}, "unknown attention kind"},
		{"malformed", []string{"prune", enc, "--remove", "encoder:0", "-o", out}, "KIND:LAYER:HEAD"},
		{"empty item", []string{"prune", enc, "--remove", "encoder:0:1,", "-o", out}, "empty item"},
		{"two modes", []string{"prune", enc, "--remove", "encoder:0:1", "--keep", "encoder:0:2", "-o", out}, "exactly one"},
		{"no output", []string{"prune", enc, "--remove", "encoder:0:1"}, "-o OUT"},
		{"input as output", []string{"prune", enc, "--remove", "encoder:0:1", "-o", enc}, "use --overwrite"},
	}
	before := fileHashes(t, []string{enc})
	for _, c := range cases {
		code, _, errs := runPrune(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q, want 2 and %q", c.name, code, errs, c.want)
		}
	}
	if fileHashes(t, []string{enc})[enc] != before[enc] {
		t.Error("input changed")
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output was written despite the errors")
	}
}

// TestPruneInPlace: -o equal to the input replaces it only with --overwrite;
// the pruned file is renamed over the input, which then has the fewer heads.
func TestPruneInPlace(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "encoder_model.onnx")
	b, err := os.ReadFile(marianFiles[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(model, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runPrune("prune", model, "--remove", "encoder:0:1", "-o", model); code != 2 || !strings.Contains(errs, "--overwrite") {
		t.Fatalf("in place without --overwrite: exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(model); string(got) != string(b) {
		t.Fatal("refused in-place prune changed the input")
	}
	if code, _, errs := runPrune("prune", model, "--remove", "encoder:0:1", "-o", model, "--overwrite"); code != 0 {
		t.Fatalf("in place with --overwrite: exit %d: %s", code, errs)
	}
	if got := headsOf(t, model); got["encoder:0"].NumHeads != 3 || got["encoder:1"].NumHeads != 4 {
		t.Errorf("after in-place prune: encoder:0 %d heads, encoder:1 %d", got["encoder:0"].NumHeads, got["encoder:1"].NumHeads)
	}
}

func TestPruneGatesFile(t *testing.T) {
	dir := t.TempDir()
	gf := gatesfile.File{Version: gatesfile.Version}
	for h := range 4 {
		gf.Heads = append(gf.Heads, heads.GateRecord{Name: heads.HeadName("encoder", 1, h), Kind: "encoder", Layer: 1, Head: h, Keep: h == 2, POpen: 0.5})
	}
	data, _ := json.Marshal(gf)
	gpath := filepath.Join(dir, "gates.json")
	if err := os.WriteFile(gpath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "p.onnx")
	code, _, errs := runPrune("prune", marianFiles[0], "--gates", gpath, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := headsOf(t, out)
	if got["encoder:1"].NumHeads != 1 || got["encoder:0"].NumHeads != 4 {
		t.Errorf("heads: encoder:0 %d, encoder:1 %d", got["encoder:0"].NumHeads, got["encoder:1"].NumHeads)
	}
	gf.Heads[0].Name = "encoder:1:3"
	data, _ = json.Marshal(gf)
	os.WriteFile(gpath, data, 0o644)
	code, _, errs = runPrune("prune", marianFiles[0], "--gates", gpath, "-o", out, "--overwrite")
	if code != 2 || !strings.Contains(errs, gpath) || !strings.Contains(errs, "kind, layer, head and name disagree") {
		t.Errorf("bad gates file: exit %d: %s", code, errs)
	}
}

func TestGateCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "g.onnx")
	path := "../../models/fixtures/torch_transformer/ts_opset17.onnx"
	before := fileHashes(t, []string{path})
	code, stdout, errs := runPrune("gate", path, "--attention", "encoder,cross", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "4 gate inputs") {
		t.Errorf("stdout: %s", stdout)
	}
	m, err := onnxio.Load(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	inputs := map[string]bool{}
	for _, in := range m.Proto.GetGraph().GetInput() {
		inputs[in.GetName()] = true
	}
	for _, n := range []string{"gate/encoder.0", "gate/encoder.1", "gate/cross.0", "gate/cross.1"} {
		if !inputs[n] {
			t.Errorf("no gate input %s", n)
		}
	}
	if inputs["gate/decoder.0"] {
		t.Error("decoder gated though not asked for")
	}
	if fileHashes(t, []string{path})[path] != before[path] {
		t.Error("input changed")
	}
	if code, _, errs := runPrune("gate", path, "--attention", "self", "-o", out, "--overwrite"); code != 2 || !strings.Contains(errs, "unknown attention kind") {
		t.Errorf("bad --attention: exit %d: %s", code, errs)
	}
}

// TestPruneNeverWritesMistypedModel is issue 16's fp16 case: removing a
// whole cross-attention layer of the fp16 Marian decoder replaces the
// sublayer by float16 zeros and its float16 bias, and writes a file ONNX
// Runtime loads (the surgery's constants take the type of the tensor they
// join; the type check would refuse a float32 zero before writing).
func TestPruneNeverWritesMistypedModel(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.onnx")
	code, _, errs := runPrune("prune", "../../models/fixtures/quant/marian_fp16/decoder_model.onnx",
		"--remove", "cross:1:*", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	s, err := ortrun.NewSession(out, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatalf("prune exited 0 but ONNX Runtime refuses its output: %v", err)
	}
	s.Close()
}
