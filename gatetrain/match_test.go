package gatetrain

import "testing"

// MatchWeights on the Marian fixture's decoder and decoder with past: a
// weight the exporter named differently in each file is found by its
// values; one whose name the other file gives to another weight is not
// matched by that name; the cross-attention key projection, which the
// decoder with past reads from its cache instead, is left out; a weight
// both files name alike matches itself.
func TestMatchWeightsMarianPast(t *testing.T) {
	dec := loadFixture(t, "../models/fixtures/marian/decoder_model.onnx")
	past := loadFixture(t, "../models/fixtures/marian/decoder_with_past_model.onnx")
	var names []string
	for _, v := range dec.Initializers() {
		if _, ok := weightKey(dec, v.Name()); ok {
			names = append(names, v.Name())
		}
	}
	match, err := MatchWeights(dec, past, names)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ from, to string }{
		{"onnx::MatMul_725", "onnx::MatMul_680"},                               // renamed
		{"onnx::MatMul_746", ""},                                               // cross-attention key projection
		{"model.decoder.layers.0.encoder_attn.k_proj.bias", ""},                // and its bias
		{"model.decoder.layers.0.fc1.bias", "model.decoder.layers.0.fc1.bias"}, // same name
	} {
		if got := match[tc.from]; got != tc.to {
			t.Errorf("%s matched %q, want %q", tc.from, got, tc.to)
		}
	}
	if got := match["onnx::MatMul_742"]; got == "onnx::MatMul_742" {
		t.Error("onnx::MatMul_742 matched the other file's weight of that name, which holds other values")
	}
	seen := map[string]string{}
	for f, to := range match {
		if o, dup := seen[to]; dup {
			t.Errorf("%s and %s both matched %s", f, o, to)
		}
		seen[to] = f
	}
	if len(match) < 40 {
		t.Errorf("%d of %d weights matched", len(match), len(names))
	}
}
