package graphedit_test

import (
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/internal/graphtest"
)

// Every nn.Transformer export with padding-mask inputs pairs src_pad_mask
// with the source ids and tgt_pad_mask with the decoder ids by their length
// axes, and reads from the graph (Where(mask, -inf, 0), whichever exporter
// and layout) that they are bool, true at padding. The export with
// sequence-first ids ([src_len, batch] beside src_pad_mask [batch, src_len])
// is read as such, its tgt_mask [tgt_len, tgt_len] as an additive float
// causal mask. Optimum's Marian encoder keeps Hugging Face's
// attention_mask, 1 on tokens.
func TestGuessIORolesFixtureMasks(t *testing.T) {
	padTrue := graphedit.MaskFormat{Bool: true, TrueMasks: true}
	files := []string{
		"torch113_masks/opset13.onnx", "torch113_masks/opset14.onnx",
	}
	for _, e := range []string{"ts_opset14", "ts_opset17", "dynamo_opset18", "dynamo_opset23"} {
		for _, l := range []string{"batch_first", "seq_first"} {
			files = append(files, "torch_masks/"+e+"_"+l+".onnx")
		}
	}
	for _, f := range files {
		g := graphtest.LoadGraph(t, "../models/fixtures/"+f)
		r, err := graphedit.GuessIORoles(g, graphedit.IORoles{})
		want := graphedit.IORoles{Src: "src_ids", SrcMask: "src_pad_mask", DecIn: "tgt_ids", DecMask: "tgt_pad_mask", Logits: "logits",
			SrcMaskFormat: padTrue, DecMaskFormat: padTrue}
		if err != nil || r != want {
			t.Errorf("%s: %+v, %v; want %+v", f, r, err, want)
		}
	}
	g := graphtest.LoadGraph(t, "../models/fixtures/torch_seqio/ts_opset17.onnx")
	r, err := graphedit.GuessIORoles(g, graphedit.IORoles{})
	want := graphedit.IORoles{Src: "src_ids", SrcMask: "src_pad_mask", DecIn: "tgt_ids", DecMask: "tgt_pad_mask", Logits: "logits",
		SrcMaskFormat: padTrue, DecMaskFormat: padTrue, CausalMask: "tgt_mask", CausalFormat: graphedit.MaskFormat{Float: true}, SeqFirst: true}
	if err != nil || r != want {
		t.Errorf("torch_seqio: %+v, %v; want %+v", r, err, want)
	}
	g = graphtest.LoadGraph(t, "../models/fixtures/marian/encoder_model.onnx")
	r, err = graphedit.GuessIORoles(g, graphedit.IORoles{})
	if err != nil || r.SrcMask != "attention_mask" || r.SrcMaskFormat != (graphedit.MaskFormat{}) {
		t.Errorf("marian encoder: %+v, %v; want attention_mask, int64 1 on tokens", r, err)
	}
}

// FSMT's Optimum decoder returns the logits of its last position only,
// which shape inference shows ([batch_size, 1, 64]), in its merged decoder's
// If branches too; M2M100's, from the same exporter config, returns one per
// position.
func TestCheckLogitsPerPosition(t *testing.T) {
	for _, c := range []struct {
		file string
		want string
	}{
		{"fsmt/decoder_model.onnx", `the logits "logits" [batch_size,1,64] have one position for decoder input ids "input_ids" [batch_size,decoder_sequence_length]`},
		{"fsmt/decoder_model_merged.onnx", `the logits "logits" [batch_size,1,64] have one position`},
		{"m2m100/decoder_model.onnx", ""},
		{"m2m100/decoder_model_merged.onnx", ""},
	} {
		g := graphtest.LoadGraph(t, "../models/fixtures/"+c.file)
		err := graphedit.CheckLogitsPerPosition(g, graphedit.IORoles{DecIn: "input_ids", Logits: "logits"})
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v; want %q", c.file, err, c.want)
		}
	}
}
