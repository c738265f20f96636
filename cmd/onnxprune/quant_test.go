package main

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"onnxprune/gatesfile"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/testset"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify"
)

// mixed5 is the five-head decision of the quantized fixtures' masked
// references (models/fixtures/README.md: encoder:0:1, encoder:1:3,
// decoder:0:2, decoder:1:0, cross:0:3).
var mixed5 = []string{"encoder:0:1", "encoder:1:3", "decoder:0:2", "decoder:1:0", "cross:0:3"}

// Tolerances of a pruned quantized or half-precision file against its
// masked reference (the same file with the removed heads' output
// projection rows zeroed), as graphedit/heads' masked test measures them:
// QDQ files differ by float32 summation order only (measured 7.2e-7),
// float16 ones by a float16 rounding flip at most (measured 3.8e-6).
const (
	transferQDQTol  = 1e-5
	transferHalfTol = 1e-3
	// Dynamic int8 quantizes the merged heads with a scale from their
	// range, which the masked file computes with the removed heads' values
	// in it: the kept heads round to another grid (graphedit/heads'
	// dynamicInt8Tol, measured up to 0.077).
	transferDynamicTol = 0.1
)

// decisionTransfers are the quantized and half-precision versions of the
// fp32 fixtures that a decision made on the fp32 model is applied to: the
// fp32 model (a folder or file under models/fixtures), its other version
// under models/fixtures/quant, and the files of that version checked
// against their masked references. A precision more is one line.
var decisionTransfers = []struct {
	fp32, other string
	files       []string
	tol         float64
}{
	{"marian", "quant/marian_int8_qdq", []string{"encoder_model.onnx", "decoder_model.onnx"}, transferQDQTol},
	{"marian", "quant/marian_int8_qdq_per_channel", []string{"encoder_model.onnx", "decoder_model.onnx"}, transferQDQTol},
	{"marian", "quant/marian_fp16", []string{"encoder_model.onnx", "decoder_model.onnx"}, transferHalfTol},
	{"marian", "quant/marian_int8_dynamic", []string{"encoder_model.onnx", "decoder_model.onnx"}, transferDynamicTol},
	{"torch_transformer/ts_opset17.onnx", "quant/torch_transformer_int8_qdq/ts_opset17.onnx", []string{"ts_opset17.onnx"}, transferQDQTol},
	{"torch_transformer/ts_opset17.onnx", "quant/torch_transformer_int8_qdq_per_channel/ts_opset17.onnx", []string{"ts_opset17.onnx"}, transferQDQTol},
	{"torch_transformer/ts_opset17.onnx", "quant/torch_transformer_fp16/ts_opset17.onnx", []string{"ts_opset17.onnx"}, transferHalfTol},
	{"torch_transformer/ts_opset17.onnx", "quant/torch_transformer_int8_dynamic/ts_opset17.onnx", []string{"ts_opset17.onnx"}, transferDynamicTol},
}

// TestGatesFromFP32AppliedToQuantized is the path for models that cannot
// be trained in their own precision: a gates.json naming the fp32 model's
// heads (keep=false for mixed5) is applied with 'prune --gates' to the
// int8 (static QDQ, dynamic) and float16 versions of the model, and each
// pruned file computes the masked reference of its own precision (first
// output: the encoder's states, the logits).
func TestGatesFromFP32AppliedToQuantized(t *testing.T) {
	const fixtures = "../../models/fixtures"
	for _, tr := range decisionTransfers {
		t.Run(tr.other, func(t *testing.T) {
			dir := t.TempDir()
			gates := writeGatesFor(t, filepath.Join(fixtures, tr.fp32), mixed5, filepath.Join(dir, "gates.json"))
			out := filepath.Join(dir, "pruned")
			if !strings.HasSuffix(tr.other, ".onnx") {
				out += "/"
			} else {
				out += ".onnx"
			}
			code, _, errs := runCLI("prune", filepath.Join(fixtures, tr.other), "--gates", gates, "-o", out)
			if code != 0 {
				t.Fatalf("prune --gates: exit %d: %s", code, errs)
			}
			for _, f := range tr.files {
				pruned := out
				if strings.HasSuffix(out, "/") {
					pruned = filepath.Join(out, f)
				}
				ref := filepath.Join(fixtures, tr.other)
				if !strings.HasSuffix(ref, ".onnx") {
					ref = filepath.Join(ref, f)
				}
				refDir := filepath.Join(strings.TrimSuffix(ref, ".onnx"), "masked_mixed5", "test_data_set_0")
				d := firstOutputDiff(t, pruned, refDir)
				t.Logf("%s: first output within %.3g of the masked reference", f, d)
				if d > tr.tol || math.IsNaN(d) {
					t.Errorf("%s: first output differs from the masked reference by %.3g (tolerance %g)", f, d, tr.tol)
				}
			}
		})
	}
}

// writeGatesFor writes a gates.json over the heads of the fp32 model at
// path (a file, or an Optimum folder's encoder and decoder), as gate
// training writes it, closing the named heads.
func writeGatesFor(t *testing.T, path string, closed []string, out string) string {
	t.Helper()
	files := []string{path}
	if !strings.HasSuffix(path, ".onnx") {
		files = []string{filepath.Join(path, "encoder_model.onnx"), filepath.Join(path, "decoder_model.onnx")}
	}
	shut := map[string]bool{}
	for _, h := range closed {
		shut[h] = true
	}
	gf := gatesfile.File{Version: gatesfile.Version}
	seen := map[string]bool{}
	for _, f := range files {
		for _, b := range headsOf(t, f) {
			if seen[b.Name()] {
				continue
			}
			seen[b.Name()] = true
			for h, name := range b.HeadNames() {
				rec := heads.GateRecord{Name: name, Kind: string(b.Kind), Layer: b.Layer, Head: h, LogAlpha: 3, POpen: 1, Gate: 1, Keep: !shut[name]}
				if !rec.Keep {
					rec.LogAlpha, rec.POpen, rec.Gate = -3, 0, 0
				}
				gf.Heads = append(gf.Heads, rec)
			}
		}
	}
	sort.Slice(gf.Heads, func(i, j int) bool { return gf.Heads[i].Name < gf.Heads[j].Name })
	data, err := json.MarshalIndent(gf, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// firstOutputDiff runs model on the inputs of the test set in dir and
// returns the largest difference of its first graph output from the set's.
func firstOutputDiff(t *testing.T, model, dir string) float64 {
	t.Helper()
	m, err := onnxio.Load(model, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graphedit.Load(m)
	m.Close()
	if err != nil {
		t.Fatal(err)
	}
	first := g.Outputs()[0].Name()
	set, err := testset.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	inputs, outputs := set.Inputs, set.Outputs
	want, ok := outputs[first]
	if !ok {
		t.Fatalf("%s: no reference for output %s", dir, first)
	}
	s, err := ortrun.NewSession(model, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Run(inputs, []string{first})
	if err != nil {
		t.Fatalf("%s: %v", model, err)
	}
	a, b := got[first].Float32s(), want.Float32s()
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%s: output %s has %d values, the reference %d", model, first, len(a), len(b))
	}
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(float64(a[i])-float64(b[i])))
	}
	return d
}

// TestTrainAnalyzeQuantizedRefused: gate training and analysis refuse an
// int8 QDQ model in one line that says to work on the fp32 model and apply
// its gates.json with prune --gates; the model is left unread for
// training (no output folder content).
func TestTrainAnalyzeQuantizedRefused(t *testing.T) {
	model := "../../models/fixtures/quant/torch_transformer_int8_qdq/ts_opset17.onnx"
	dir := t.TempDir()
	src, tgt := writeIDData(t, dir, 4, 3)
	for _, args := range [][]string{
		{"train", model, "--ids", "--train", src + "," + tgt, "--specials", "pad=0,eos=1,decoder-start=0", "--max-steps", "2", "--threads", "1", "-o", filepath.Join(dir, "train")},
		{"analyze", model, "--dev", src + "," + tgt, "--ids", "--specials", "pad=0,eos=1,decoder-start=0", "--threads", "1", "-o", filepath.Join(dir, "analyze")},
	} {
		code, _, errs := runCLI(args...)
		if code == 0 {
			t.Fatalf("%s on an int8 model: exit 0", args[0])
		}
		lines := strings.Split(strings.TrimSpace(errs), "\n")
		if !strings.Contains(errs, "QuantizeLinear") || !strings.Contains(errs, "fp32") || !strings.Contains(errs, "prune --gates") || len(lines) > 2 {
			t.Errorf("%s on an int8 model: %q, want one line naming the QuantizeLinear, the fp32 model and prune --gates", args[0], errs)
		}
	}
}

// fp16GateTol bounds the difference of the gates' log α after a few
// training steps on the float16 model and on its fp32 original, from the
// same seed: the gradients differ by float16 rounding of the forward pass
// (measured 6.3e-5 after these 4 steps).
const fp16GateTol = 1e-3

// TestTrainFloat16MatchesFP32 trains the gates of the float16 nn.Transformer
// fixture (ONNX Runtime's CPU kernels run float16; Gather's gradient is a
// one-hot product there) and of its fp32 original for a few steps from one
// seed: the gates end within fp16GateTol of each other.
func TestTrainFloat16MatchesFP32(t *testing.T) {
	dir := t.TempDir()
	src, tgt := writeIDData(t, dir, 8, 5)
	logAlpha := map[string]map[string]float64{}
	for _, m := range []string{"torch_transformer/ts_opset17.onnx", "quant/torch_transformer_fp16/ts_opset17.onnx"} {
		out := filepath.Join(dir, strings.ReplaceAll(m, "/", "_"))
		code, _, errs := runCLI("train", "../../models/fixtures/"+m, "--ids", "--train", src+","+tgt,
			"--specials", "pad=0,eos=1,decoder-start=0", "--max-steps", "4", "--valid-every", "0", "--threads", "1", "-o", out)
		if code != 0 {
			t.Fatalf("train %s: exit %d: %s", m, code, errs)
		}
		data, err := os.ReadFile(filepath.Join(out, "gates.json"))
		if err != nil {
			t.Fatal(err)
		}
		var gf gatesfile.File
		if err := json.Unmarshal(data, &gf); err != nil {
			t.Fatal(err)
		}
		logAlpha[m] = map[string]float64{}
		for _, h := range gf.Heads {
			logAlpha[m][h.Name] = h.LogAlpha
		}
	}
	a, b := logAlpha["torch_transformer/ts_opset17.onnx"], logAlpha["quant/torch_transformer_fp16/ts_opset17.onnx"]
	if len(a) != 24 || len(b) != 24 {
		t.Fatalf("%d and %d gates, want 24", len(a), len(b))
	}
	worst := 0.0
	for name, x := range a {
		worst = math.Max(worst, math.Abs(x-b[name]))
	}
	t.Logf("largest log α difference fp16 vs fp32: %.3g", worst)
	if worst > fp16GateTol {
		t.Errorf("float16 gates differ from fp32 ones by %.3g > %g", worst, fp16GateTol)
	}
}

// TestVerifyInt8Pruned verifies an int8 QDQ Marian model with five heads
// cut out against its int8 original, on token ids: the report has BLEU and
// chrF of both, the teacher-forced logit difference, the gated-original
// check (passed: the gates close the same heads in the int8 graph) and the
// speed of both models; the pruned files are smaller.
func TestVerifyInt8Pruned(t *testing.T) {
	const orig = "../../models/fixtures/quant/marian_int8_qdq"
	dir := t.TempDir()
	spec := strings.Join(mixed5, ",")
	pruned := filepath.Join(dir, "pruned") + "/"
	if code, _, errs := runCLI("prune", orig, "--remove", spec, "-o", pruned); code != 0 {
		t.Fatalf("prune: exit %d: %s", code, errs)
	}
	src := writeText(t, dir, "src.txt", idSource)
	ref := writeText(t, dir, "ref.txt", "5 6 7\n9 9 9\n20\n31 32\n")
	out := filepath.Join(dir, "verify")
	_, stderr, code := runVerifyCLI(t, context.Background(), "verify", "--original", orig, "--pruned", pruned, "--test", src+","+ref,
		"--ids", "--specials", marianSpecials, "--max-len", "8", "--bench-batch", "1", "--warmup", "1", "--repeats", "2", "--rounds", "1",
		"--remove", spec, "--bench-in-process", "--threads", "1", "-o", out)
	if code != 0 {
		t.Fatalf("verify: exit %d: %s", code, stderr)
	}
	var r verify.Report
	data, err := os.ReadFile(filepath.Join(out, verify.ReportJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	switch {
	case r.Original.Scores == nil || r.Pruned.Scores == nil || r.BLEUDrop == nil:
		t.Errorf("no BLEU in the report")
	case r.Logits == nil || r.Logits.Positions == 0:
		t.Errorf("no logit comparison in the report: %+v", r.Logits)
	case r.Equivalence == nil || !r.Equivalence.Passed:
		t.Errorf("gated original check: %+v", r.Equivalence)
	case len(r.Speedups) != 1:
		t.Errorf("%d speedups, want 1 (cpu, batch 1)", len(r.Speedups))
	case r.Pruned.FileBytes >= r.Original.FileBytes:
		t.Errorf("pruned files have %d bytes, the original %d", r.Pruned.FileBytes, r.Original.FileBytes)
	default:
		t.Logf("BLEU %.2f -> %.2f, max logit diff %.3g, gated check %.3g, %d -> %d bytes",
			r.Original.Scores.BLEU.Score, r.Pruned.Scores.BLEU.Score, r.Logits.Max, r.Equivalence.MaxAbsDiff, r.Original.FileBytes, r.Pruned.FileBytes)
	}
}

// fp16RelevanceTol bounds the difference of a head's normalized relevance
// and importance (values up to 0.6) between the float16 nn.Transformer
// fixture and its fp32 original on the same sentences: float16 rounding of
// the forward and backward passes, a float16 ulp of a logit near 8 being
// 4e-3 (measured 8.9e-3 on these 6 sentences, 2.2e-3 on 20).
const fp16RelevanceTol = 2e-2

// TestAnalyzeFloat16MatchesFP32 analyzes the float16 nn.Transformer
// fixture and its fp32 original on the same token ids: every head's
// relevance and importance agree within fp16RelevanceTol.
func TestAnalyzeFloat16MatchesFP32(t *testing.T) {
	dir := t.TempDir()
	src, tgt := writeIDData(t, dir, 6, 7)
	type scores struct{ rel, imp float64 }
	got := map[string]map[string]scores{}
	for _, m := range []string{"torch_transformer/ts_opset17.onnx", "quant/torch_transformer_fp16/ts_opset17.onnx"} {
		out := filepath.Join(dir, strings.ReplaceAll(m, "/", "_"))
		code, _, errs := runAnalyzeModel(context.Background(), []string{"../../models/fixtures/" + m}, marianSpecials, "--dev", src+","+tgt, "-o", out)
		if code != 0 {
			t.Fatalf("analyze %s: exit %d: %s", m, code, errs)
		}
		data, err := os.ReadFile(filepath.Join(out, "heads.json"))
		if err != nil {
			t.Fatal(err)
		}
		var h struct {
			Heads []struct {
				Name       string  `json:"name"`
				Relevance  float64 `json:"relevance"`
				Importance float64 `json:"importance"`
			} `json:"heads"`
		}
		if err := json.Unmarshal(data, &h); err != nil {
			t.Fatal(err)
		}
		got[m] = map[string]scores{}
		for _, x := range h.Heads {
			got[m][x.Name] = scores{x.Relevance, x.Importance}
		}
	}
	a, b := got["torch_transformer/ts_opset17.onnx"], got["quant/torch_transformer_fp16/ts_opset17.onnx"]
	if len(a) != 24 || len(b) != 24 {
		t.Fatalf("%d and %d heads, want 24", len(a), len(b))
	}
	worst := 0.0
	for name, x := range a {
		worst = math.Max(worst, math.Max(math.Abs(x.rel-b[name].rel), math.Abs(x.imp-b[name].imp)))
	}
	t.Logf("largest relevance or importance difference fp16 vs fp32: %.3g", worst)
	if worst > fp16RelevanceTol {
		t.Errorf("float16 relevance or importance differs from fp32 by %.3g > %g", worst, fp16RelevanceTol)
	}
}
