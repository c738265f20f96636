package heads_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio/onnxpb"
)

// dynamicInt8Fixtures lists the dynamically quantized fixtures under dir
// (quant/*int8_dynamic*/): quantize_dynamic's MatMulInteger files, the
// session-optimized encoder (MatMulIntegerToFloat, DynamicQuantizeMatMul,
// FusedMatMul) and Whisper's decoder with QAttention.
func dynamicInt8Fixtures(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, graphtest.QuantDir, "*int8_dynamic*", "*.onnx"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no dynamically quantized fixtures under %s (%v)", dir, err)
	}
	sort.Strings(files)
	return files
}

// TestDynamicInt8Discovery: every attention block of the dynamically
// quantized files is found, with int8 projection weights, and the
// per-channel files' Q/K/V scales and zero points go with them; the
// session-optimized encoder, whose scores are a com.microsoft FusedMatMul,
// is not read as having no heads.
func TestDynamicInt8Discovery(t *testing.T) {
	want := map[string]string{
		"marian_int8_dynamic/encoder_model.onnx":                     "encoder:0 encoder:1",
		"marian_int8_dynamic/decoder_model.onnx":                     "decoder:0 decoder:1 cross:0 cross:1",
		"marian_int8_dynamic/decoder_with_past_model.onnx":           "decoder:0 decoder:1 cross:0 cross:1",
		"marian_int8_dynamic/decoder_model_merged.onnx":              "decoder:0 decoder:1 cross:0 cross:1",
		"marian_int8_dynamic_ortopt/encoder_model.onnx":              "encoder:0 encoder:1",
		"torch_transformer_int8_dynamic/ts_opset17.onnx":             "encoder:0 encoder:1 decoder:0 decoder:1 cross:0 cross:1",
		"fused_int8_dynamic/whisper_decoder_model.onnx":              "decoder:0 decoder:1 cross:0 cross:1",
		"fused_int8_dynamic_per_channel/whisper_decoder_model.onnx":  "decoder:0 decoder:1 cross:0 cross:1",
		"marian_int8_dynamic_per_channel/encoder_model.onnx":         "encoder:0 encoder:1",
		"torch_transformer_int8_dynamic_per_channel/ts_opset17.onnx": "encoder:0 encoder:1 decoder:0 decoder:1 cross:0 cross:1",
	}
	files := dynamicInt8Fixtures(t, "../../models/fixtures")
	if len(files) != len(want) {
		t.Errorf("%d dynamically quantized fixtures, the test knows %d", len(files), len(want))
	}
	for _, path := range files {
		name := strings.TrimPrefix(path, "../../models/fixtures/quant/")
		t.Run(name, func(t *testing.T) {
			blocks, err := heads.FindHeads(graphtest.LoadGraph(t, path))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, b := range blocks {
				got = append(got, b.Name())
				if b.NumHeads != 4 || b.HeadDim != 8 {
					t.Errorf("%s: %d heads of %d", b.Name(), b.NumHeads, b.HeadDim)
				}
				if pc := strings.Contains(name, "per_channel"); pc != (len(b.Q.PerColumn) == 2) && b.Q.Weight.ElemType() == int32(onnxpb.TensorProto_INT8) {
					t.Errorf("%s: query projection has %d per-column parameters (per channel: %v)", b.Name(), len(b.Q.PerColumn), pc)
				}
				if et := b.Out.Weight.ElemType(); et != int32(onnxpb.TensorProto_INT8) && et != int32(onnxpb.TensorProto_UINT8) {
					t.Errorf("%s: output projection %q has element type %d, want int8", b.Name(), b.Out.Weight.Name(), et)
				}
			}
			sort.Strings(got)
			w := strings.Fields(want[name])
			sort.Strings(w)
			if strings.Join(got, " ") != strings.Join(w, " ") {
				t.Errorf("blocks %v, want %s", got, want[name])
			}
		})
	}
}

// TestUnknownAttentionReported: a com.microsoft attention op the analysis
// does not know (here GroupQueryAttention) is reported as not understood,
// naming the node, never read as a graph without heads.
func TestUnknownAttentionReported(t *testing.T) {
	b := graphedit.NewBuilder(17).Opset("com.microsoft", 1)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", "seq", 8)
	out := b.OpN("com.microsoft", "GroupQueryAttention", 1, x, x, x, graphedit.IntAttr("num_heads", 2), graphedit.IntAttr("kv_num_heads", 2))
	b.Output(out[0])
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	d, err := heads.Discover(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Blocks) != 0 || len(d.NotUnderstood) != 1 || !strings.Contains(d.NotUnderstood[0].Error(), "GroupQueryAttention") {
		t.Errorf("blocks %d, not understood %v", len(d.Blocks), d.NotUnderstood)
	}
	if _, err := heads.FindHeads(g); err == nil {
		t.Error("FindHeads found the heads of an unknown attention op")
	}
}
