package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/structures"
	"onnxprune/ortrun"
)

// TestStructureGatesAppliedToQuantized is the path for FFN and sublayer
// decisions on models that cannot be trained in their own precision: a
// gates.json with FFN neuron records (one per neuron and one per group)
// and sublayer records, as training on the fp32 model writes it, is
// applied with 'prune --gates' to the int8 (static QDQ per channel,
// dynamic) and fp16 versions of the Marian export. Every file is written,
// smaller, and loads in ONNX Runtime, and the pruned export lists the FFN
// widths and the sublayers the decision leaves, nothing not understood.
func TestStructureGatesAppliedToQuantized(t *testing.T) {
	gf := &gatesfile.File{Version: gatesfile.Version}
	gf.FFN = append(gf.FFN, structures.GateRecord{Name: "ffn:encoder:1:0-47", LogAlpha: -3})
	for n := range 64 {
		keep := n%2 == 0
		rec := structures.GateRecord{Name: fmt.Sprintf("ffn:decoder:0:%d", n), LogAlpha: -3, Keep: keep}
		if keep {
			rec.LogAlpha, rec.POpen, rec.Gate = 3, 1, 1
		}
		gf.FFN = append(gf.FFN, rec)
	}
	gf.Sublayers = []structures.GateRecord{
		{Name: "sublayer:decoder:1:cross", LogAlpha: -3},
		{Name: "sublayer:encoder:0:attn", LogAlpha: 3, POpen: 1, Gate: 1, Keep: true},
	}
	gates := filepath.Join(t.TempDir(), "gates.json")
	if err := gatesfile.Write(gates, gf); err != nil {
		t.Fatal(err)
	}
	for _, variant := range []string{"marian_int8_qdq_per_channel", "marian_int8_dynamic", "marian_fp16"} {
		t.Run(variant, func(t *testing.T) {
			in := filepath.Join("..", "..", "models", "fixtures", "quant", variant)
			out := filepath.Join(t.TempDir(), "pruned")
			if code, _, stderr := runCLI("prune", in, "--gates", gates, "-o", out); code != 0 {
				t.Fatalf("prune --gates: exit %d: %s", code, stderr)
			}
			for _, name := range []string{"encoder_model.onnx", "decoder_model.onnx", "decoder_with_past_model.onnx", "decoder_model_merged.onnx"} {
				a, err := os.Stat(filepath.Join(in, name))
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
				s, err := ortrun.NewSession(filepath.Join(out, name), ortrun.Options{IntraOpThreads: 1})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				s.Close()
			}
			l := inspectStructures(t, out)
			neurons := map[string]int64{}
			for _, f := range l.FFNs {
				neurons[f.Name] = f.Neurons
			}
			if neurons["ffn:encoder:0"] != 64 || neurons["ffn:encoder:1"] != 16 || neurons["ffn:decoder:0"] != 32 || neurons["ffn:decoder:1"] != 64 ||
				len(l.Sublayers) != 9 || len(l.NotUnderstood) != 0 {
				t.Errorf("pruned: neurons %v, %d sublayers, not understood %v", neurons, len(l.Sublayers), l.NotUnderstood)
			}
		})
	}
}
