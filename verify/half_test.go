package verify

import (
	"context"
	"testing"

	"onnxprune/ortrun"
)

// halfLogitTol bounds the logit difference between the fp16 Marian export
// and its fp32 original: ONNX Runtime's fp16 kernels and the fp16 rounding
// of the encoder states and logits (measured 0.0033; fp16 with float32 I/O
// versus float16 I/O: 0.00095).
const halfLogitTol = 0.02

// TestCompareFloat16Models runs the fp16 Marian folder with float16 graph
// inputs and outputs (encoder states and logits cross as float16) against
// the fp32 export and against the fp16 export with float32 I/O: teacher
// forced logits agree within halfLogitTol, and greedy translation runs.
func TestCompareFloat16Models(t *testing.T) {
	ctx := context.Background()
	opts := ModelOptions{Overrides: "pad=0,eos=1,decoder-start=0", NoCache: true,
		Session: ortrun.Options{IntraOpThreads: 1}}
	open := func(dir string) *Model {
		m, err := OpenModel([]string{dir}, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		return m
	}
	half := open("../models/fixtures/quant/marian_fp16_io")
	src := [][]int64{{17, 23, 5, 1}, {40, 41, 42, 43, 44, 1}, {90, 1}}
	tgt := [][]int64{{7, 8, 9, 1}, {11, 12, 1}, {13, 14, 15, 16, 1}}
	for _, other := range []string{"../models/fixtures/marian", "../models/fixtures/quant/marian_fp16"} {
		for _, batch := range []int{1, 3} {
			d, err := CompareLogits(ctx, half, open(other), src, tgt, batch)
			if err != nil {
				t.Fatalf("%s, batch %d: %v", other, batch, err)
			}
			t.Logf("%s, batch %d: max-abs %.4g, argmax agree %.2f over %d positions", other, batch, d.Max, d.ArgmaxAgree, d.Positions)
			if d.Max > halfLogitTol || d.NonFinite > 0 || d.Positions != 12 {
				t.Errorf("%s, batch %d: %+v, want max-abs <= %g over 12 positions", other, batch, d, halfLogitTol)
			}
		}
	}
	o := DefaultSearch()
	o.Beam, o.MaxLen = 1, 5
	hyps, err := half.Translate(ctx, src, o)
	if err != nil || len(hyps) != len(src) {
		t.Fatalf("Translate: %d hypotheses, %v", len(hyps), err)
	}
}

// TestEquivalenceTolByPrecision: the equivalence check's default
// tolerance follows the original's precision: HalfEquivalenceTol for the
// float16 Marian export (float32 graph I/O, float16 MatMuls; its merged
// decoder's MatMuls are in If branches), QuantEquivalenceTol for the int8
// ones (static QDQ, dynamic), DefaultEquivalenceTol for fp32 and bfloat16
// weights (computed in float32).
func TestEquivalenceTolByPrecision(t *testing.T) {
	for _, c := range []struct {
		file, removed string
		tol           float64
	}{
		{"quant/marian_fp16/encoder_model.onnx", "encoder:0:1", HalfEquivalenceTol},
		{"quant/marian_fp16/decoder_model_merged.onnx", "decoder:0:1", HalfEquivalenceTol},
		{"marian/encoder_model.onnx", "encoder:0:1", DefaultEquivalenceTol},
		{"quant/marian_bf16/encoder_model.onnx", "encoder:0:1", DefaultEquivalenceTol},
		{"quant/marian_int8_qdq/encoder_model.onnx", "encoder:0:1", QuantEquivalenceTol},
		{"quant/marian_int8_dynamic/encoder_model.onnx", "encoder:0:1", QuantEquivalenceTol},
	} {
		files := []string{"../models/fixtures/" + c.file}
		_, _, tol, err := buildGated(files, *removeDecision(t, files, c.removed), t.TempDir(), nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if tol != c.tol {
			t.Errorf("%s: default equivalence tolerance %g, want %g", c.file, tol, c.tol)
		}
	}
}
