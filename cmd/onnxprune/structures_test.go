package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/structures"
	"onnxprune/ortrun"
)

// structureListing is inspect --ffn --json.
type structureListing struct {
	FFNs []struct {
		Name    string   `json:"name"`
		Neurons int64    `json:"neurons"`
		Files   []string `json:"files"`
	} `json:"ffns"`
	Sublayers []struct {
		Name string `json:"name"`
	} `json:"sublayers"`
	NotUnderstood []json.RawMessage `json:"not_understood"`
}

func inspectStructures(t *testing.T, dir string) structureListing {
	t.Helper()
	code, out, stderr := runCLI("inspect", "--ffn", "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var l structureListing
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestInspectStructures: the Marian export's four files read as one model
// list 4 FFNs of 64 neurons (the decoder's in all three decoder files) and
// 10 sublayers, in text and JSON.
func TestInspectStructures(t *testing.T) {
	l := inspectStructures(t, marianDir)
	if len(l.FFNs) != 4 || len(l.Sublayers) != 10 || len(l.NotUnderstood) != 0 {
		t.Fatalf("%d FFNs, %d sublayers, not understood %s", len(l.FFNs), len(l.Sublayers), l.NotUnderstood)
	}
	if f := l.FFNs[2]; f.Name != "ffn:decoder:0" || f.Neurons != 64 || len(f.Files) != 3 {
		t.Errorf("FFN %+v", f)
	}
	code, out, stderr := runCLI("inspect", "--ffn", marianDir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"4 FFNs, 256 neurons, 16640 parameters in their neurons\n", "10 sublayers\n", "sublayer:decoder:1:cross ", "ffn:encoder:1 "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestPruneStructures: prune --remove with FFN neurons, whole sublayers and
// a head cuts every file, which shrinks, and the pruned model lists what is
// left; a name the model lacks is a usage error naming it.
func TestPruneStructures(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pruned")
	code, stdout, stderr := runCLI("prune", marianDir, "--remove", "ffn:encoder:1:16-63,ffn:decoder:1:0-31,sublayer:decoder:0:cross,encoder:0:1", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"ffn:encoder:1 64->16", "encoder:0 4->3", "ffn:decoder:1 64->32, sublayer:decoder:0:cross removed"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, name := range []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"} {
		a, err := os.Stat(filepath.Join(marianDir, name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.Stat(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if b.Size() >= a.Size() {
			t.Errorf("%s: %d bytes, original %d", name, b.Size(), a.Size())
		}
	}
	l := inspectStructures(t, out)
	neurons := map[string]int64{}
	for _, f := range l.FFNs {
		neurons[f.Name] = f.Neurons
	}
	if neurons["ffn:encoder:1"] != 16 || neurons["ffn:decoder:1"] != 32 || neurons["ffn:encoder:0"] != 64 || len(l.Sublayers) != 9 {
		t.Errorf("pruned: neurons %v, %d sublayers", neurons, len(l.Sublayers))
	}
	for _, tc := range []struct{ spec, want string }{
		{"ffn:encoder:2:0", "no such FFN (encoder FFN layers are 0..1)"},
		{"ffn:encoder:0:60-64", "has 64 neurons"},
		{"sublayer:encoder:0:cross", "no such sublayer"},
		{"ffn:cross:0:1", `FFN kind "cross" is not encoder or decoder`},
	} {
		code, _, stderr := runCLI("prune", marianDir, "--remove", tc.spec, "-o", filepath.Join(t.TempDir(), "x"))
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", tc.spec, code, stderr, tc.want)
		}
	}
}

// TestGateStructures: gate --structures adds a neuron gate per FFN and a
// gate per sublayer, besides the head gates; the gated model lists its
// structures as gated; an unknown structure is a usage error.
func TestGateStructures(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gated.onnx")
	enc := filepath.Join(marianDir, "encoder_model.onnx")
	code, stdout, stderr := runCLI("gate", "--structures", "heads,ffn,sublayers", enc, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "8 gate inputs gate/encoder.0[4] gate/encoder.1[4] gate/ffn.encoder.0[64] gate/ffn.encoder.1[64] gate/sublayer.encoder.0.attn[1]") {
		t.Errorf("output %q", stdout)
	}
	code, text, stderr := runCLI("inspect", "--ffn", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"gate/ffn.encoder.1", "gate/sublayer.encoder.1.ffn"} {
		if !strings.Contains(text, want) {
			t.Errorf("inspect of the gated model lacks %q:\n%s", want, text)
		}
	}
	if code, _, stderr := runCLI("gate", "--structures", "heads,neurons", enc, "-o", out+"2"); code != 2 || !strings.Contains(stderr, `"neurons" is not heads, ffn, ffn:GROUP or sublayers`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestTrainPruneStructures: train --structures heads,ffn,sublayers on the
// ungated planted model gates and trains every head, FFN neuron and
// sublayer, and writes their records to gates.json; prune --gates cuts what
// they closed; the pruned model computes what the model gated by gate
// --structures heads,ffn,sublayers computes with those 0/1 gates (within
// 1e-5, on ONNX Runtime).
func TestTrainPruneStructures(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(plantedDir, n) }
	code, _, stderr := runCLI("train", p("planted_ungated.onnx"), "--train", p("train.src")+","+p("train.tgt"),
		"--ids", "--specials", "pad=0,decoder-start=1,eos=2", "-o", filepath.Join(dir, "run"), "--max-steps", "30",
		"--l0-lambda", "0.05", "--max-tokens", "512", "--threads", "1", "--seed", "11", "--log-every", "100",
		"--structures", "heads,ffn,sublayers")
	if code != 0 {
		t.Fatalf("train: exit %d: %s", code, stderr)
	}
	gatesPath := filepath.Join(dir, "run", "gates.json")
	gf, err := gatesfile.Read(gatesPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(gf.Heads) != 12 || len(gf.FFN) != 128 || len(gf.Sublayers) != 5 {
		t.Fatalf("gates.json: %d heads, %d neurons, %d sublayers", len(gf.Heads), len(gf.FFN), len(gf.Sublayers))
	}
	closed := 0
	for _, r := range gf.FFN {
		if !r.Keep {
			closed++
		}
	}
	if closed == 0 {
		t.Fatal("training closed no neuron: nothing to check")
	}
	pruned := filepath.Join(dir, "pruned.onnx")
	if code, _, stderr := runCLI("prune", p("planted_ungated.onnx"), "--gates", gatesPath, "-o", pruned); code != 0 {
		t.Fatalf("prune: exit %d: %s", code, stderr)
	}
	gated := filepath.Join(dir, "gated.onnx")
	if code, _, stderr := runCLI("gate", "--structures", "heads,ffn,sublayers", p("planted_ungated.onnx"), "-o", gated); code != 0 {
		t.Fatalf("gate: exit %d: %s", code, stderr)
	}
	// The gates from the decisions.
	vecs := map[string][]float32{}
	set := func(name string, size, i int, keep bool) {
		if vecs[name] == nil {
			vecs[name] = make([]float32, size)
			for j := range vecs[name] {
				vecs[name][j] = 1
			}
		}
		if !keep {
			vecs[name][i] = 0
		}
	}
	for _, r := range gf.Heads {
		set(fmt.Sprintf("gate/%s.%d", r.Kind, r.Layer), 4, r.Head, r.Keep)
	}
	for _, r := range gf.FFN {
		parts := strings.Split(r.Name, ":")
		n, _ := strconv.Atoi(parts[3])
		set("gate/ffn."+parts[1]+"."+parts[2], 64, n, r.Keep)
	}
	for _, r := range gf.Sublayers {
		set("gate/sublayer."+strings.ReplaceAll(strings.TrimPrefix(r.Name, "sublayer:"), ":", "."), 1, 0, r.Keep)
	}
	ids := func(rows, cols int64, seed int64) *ortrun.Tensor {
		v := make([]int64, rows*cols)
		for i := range v {
			v[i] = 3 + (seed*7+int64(i)*5)%20
		}
		return ortrun.NewI64([]int64{rows, cols}, v)
	}
	in := map[string]*ortrun.Tensor{"src_ids": ids(2, 6, 1), "tgt_ids": ids(2, 5, 2)}
	sp, err := ortrun.NewSession(pruned, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	want, err := sp.Run(in, []string{"logits"})
	if err != nil {
		t.Fatal(err)
	}
	sg, err := ortrun.NewSession(gated, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer sg.Close()
	for name, v := range vecs {
		in[name] = ortrun.NewF32([]int64{int64(len(v))}, v)
	}
	got, err := sg.Run(in, []string{"logits"})
	if err != nil {
		t.Fatal(err)
	}
	var diff float64
	for i := range got["logits"].F32 {
		diff = max(diff, math.Abs(float64(got["logits"].F32[i]-want["logits"].F32[i])))
	}
	if diff > 1e-5 || len(vecs) != 3+2+5 {
		t.Errorf("pruned and gated logits differ by %g (%d gate inputs fed)", diff, len(vecs))
	}
}

// TestVerifyStructureGates: verify --gates with FFN neuron and sublayer
// records gates the original's FFN neurons and sublayers as well as its
// heads, so the pruned model passes the gated-versus-pruned check (it
// would differ by about 11.7 in the logits with head gates alone).
func TestVerifyStructureGates(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(plantedDir, n) }
	gf := gatesfile.File{Version: gatesfile.Version}
	for n := range 32 {
		gf.FFN = append(gf.FFN, structures.GateRecord{Name: fmt.Sprintf("ffn:encoder:0:%d", n)})
	}
	gf.Sublayers = []structures.GateRecord{{Name: "sublayer:decoder:0:cross"}, {Name: "sublayer:decoder:0:ffn", Keep: true}}
	gatesPath := filepath.Join(dir, "gates.json")
	if err := gatesfile.Write(gatesPath, &gf); err != nil {
		t.Fatal(err)
	}
	pruned := filepath.Join(dir, "pruned.onnx")
	code, stdout, stderr := runCLI("prune", p("planted_ungated.onnx"), "--gates", gatesPath, "-o", pruned)
	if code != 0 || !strings.Contains(stdout, "ffn:encoder:0 64->32, sublayer:decoder:0:cross removed;") {
		t.Fatalf("prune: exit %d: %s%s", code, stdout, stderr)
	}
	src, ref := filepath.Join(dir, "src"), filepath.Join(dir, "ref")
	for f, text := range map[string]string{src: "3 12 3\n4 15 3 8\n", ref: "3 12 3\n8 3 15 4\n"} {
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "verify")
	code, _, stderr = runCLI("verify", "--original", p("planted_ungated.onnx"), "--pruned", pruned, "--gates", gatesPath,
		"--test", src+","+ref, "--ids", "--specials", "pad=0,bos=1,eos=2,decoder-start=1", "--max-len", "8",
		"--bench-batch", "1", "--warmup", "1", "--repeats", "1", "--bench-in-process", "-o", out)
	if code != 0 {
		t.Fatalf("verify: exit %d: %s", code, stderr)
	}
	var r struct {
		Equivalence struct {
			Gated      string  `json:"gated"`
			MaxAbsDiff float64 `json:"max_abs_diff"`
			Passed     bool    `json:"passed"`
		} `json:"equivalence"`
	}
	data, err := os.ReadFile(filepath.Join(out, "verify.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	if !r.Equivalence.Passed || r.Equivalence.MaxAbsDiff > 1e-5 || !strings.HasPrefix(r.Equivalence.Gated, "original with 0 heads, 32 FFN neurons and 1 sublayer gated to 0") {
		t.Errorf("equivalence %+v", r.Equivalence)
	}
}

// verifyEquivalence is the equivalence check of a verify.json.
type verifyEquivalence struct {
	Gated      string  `json:"gated"`
	MaxAbsDiff float64 `json:"max_abs_diff"`
	Tolerance  float64 `json:"tolerance"`
	Passed     bool    `json:"passed"`
}

// verifyRemove runs verify --remove spec without timings into out and
// returns its exit code, its stderr and the equivalence check of its
// verify.json (zero when it wrote none).
func verifyRemove(t *testing.T, original, pruned, spec, out string, args ...string) (int, string, verifyEquivalence) {
	t.Helper()
	args = append([]string{"verify", "--original", original, "--pruned", pruned, "--remove", spec, "--no-bench", "-o", out}, args...)
	code, _, stderr := runCLI(args...)
	var r struct {
		Equivalence verifyEquivalence `json:"equivalence"`
	}
	if data, err := os.ReadFile(filepath.Join(out, "verify.json")); err == nil {
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
	}
	return code, stderr, r.Equivalence
}

// TestVerifyRemoveStructures: verify --remove takes the structure spec
// prune took (FFN neurons, a sublayer and a head) and gates the original
// the same way, so the pruned model passes the gated-versus-pruned check,
// for one file and for the Marian export's files (the cached decoding
// path included); a spec naming another sublayer than the one cut fails
// it (exit 1), and a spec naming an FFN the model lacks is a one-line
// usage error (exit 2) that leaves no output folder.
func TestVerifyRemoveStructures(t *testing.T) {
	dir := t.TempDir()
	original := filepath.Join(plantedDir, "planted_ungated.onnx")
	const spec = "ffn:encoder:0:0-31,sublayer:decoder:0:cross,encoder:0:1"
	pruned := filepath.Join(dir, "pruned.onnx")
	code, stdout, stderr := runCLI("prune", original, "--remove", spec, "-o", pruned)
	if code != 0 || !strings.Contains(stdout, "ffn:encoder:0 64->32, sublayer:decoder:0:cross removed") {
		t.Fatalf("prune: exit %d: %s%s", code, stdout, stderr)
	}
	src := writeText(t, dir, "src", "3 12 3\n4 15 3 8\n")
	ref := writeText(t, dir, "ref", "3 12 3\n8 3 15 4\n")
	planted := []string{"--test", src + "," + ref, "--ids", "--specials", "pad=0,bos=1,eos=2,decoder-start=1", "--max-len", "8"}
	code, stderr, e := verifyRemove(t, original, pruned, spec, filepath.Join(dir, "same"), planted...)
	if code != 0 || !e.Passed || e.MaxAbsDiff > e.Tolerance || e.Tolerance != 1e-4 ||
		e.Gated != "original with 1 heads, 32 FFN neurons and 1 sublayer gated to 0 (encoder:0:1, ffn:encoder:0:0-31, sublayer:decoder:0:cross)" {
		t.Errorf("same spec: exit %d, equivalence %+v: %s", code, e, stderr)
	}
	code, stderr, e = verifyRemove(t, original, pruned, "ffn:encoder:0:0-31,sublayer:decoder:0:ffn,encoder:0:1", filepath.Join(dir, "other"), planted...)
	if code != 1 || e.Passed || e.MaxAbsDiff <= e.Tolerance || !strings.Contains(stderr, "threshold missed") {
		t.Errorf("another sublayer: exit %d, equivalence %+v: %s", code, e, stderr)
	}
	out := filepath.Join(dir, "bad")
	code, stderr, _ = verifyRemove(t, original, pruned, "ffn:encoder:99:0", out, planted...)
	// The error's one line, then the usage errors' pointer to the help.
	want := `onnxprune verify: --remove: structure spec: "ffn:encoder:99:0": the model has no such FFN (encoder FFN layers are 0..0)` +
		"\nsee 'onnxprune verify --help'\n"
	if code != 2 || stderr != want {
		t.Errorf("bad spec: exit %d, stderr %q, want %q", code, stderr, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("bad spec left %s: %v", out, err)
	}

	const marianSpec = "ffn:decoder:*:0-15,ffn:encoder:1:40,sublayer:decoder:1:ffn"
	marianPruned := filepath.Join(dir, "marian-pruned")
	if code, stdout, stderr := runCLI("prune", marianDir, "--remove", marianSpec, "-o", marianPruned); code != 0 {
		t.Fatalf("prune %s: exit %d: %s%s", marianDir, code, stdout, stderr)
	}
	marian := []string{"--test", writeText(t, dir, "marian-src", idSource), "--ids", "--specials", marianSpecials}
	code, stderr, e = verifyRemove(t, marianDir, marianPruned, marianSpec, filepath.Join(dir, "marian-same"), marian...)
	if code != 0 || !e.Passed || e.MaxAbsDiff > e.Tolerance || !strings.HasPrefix(e.Gated, "original with 0 heads, 33 FFN neurons and 1 sublayer gated to 0") {
		t.Errorf("Marian, same spec: exit %d, equivalence %+v: %s", code, e, stderr)
	}
	code, stderr, e = verifyRemove(t, marianDir, marianPruned, "ffn:decoder:*:0-15,ffn:encoder:1:40,sublayer:decoder:0:ffn", filepath.Join(dir, "marian-other"), marian...)
	if code != 1 || e.Passed || e.MaxAbsDiff <= e.Tolerance {
		t.Errorf("Marian, another sublayer: exit %d, equivalence %+v: %s", code, e, stderr)
	}
}
