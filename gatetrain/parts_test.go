package gatetrain

import (
	"slices"
	"testing"

	"onnxprune/graphedit"
)

func TestParseWeightParts(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want WeightParts
		bad  bool
	}{
		{"", WeightParts{}, false},
		{"encoder", WeightParts{Encoder: true}, false},
		{"decoder", WeightParts{Decoder: true}, false},
		{"all", WeightParts{Encoder: true, Decoder: true}, false},
		{"decoder,encoder", WeightParts{Encoder: true, Decoder: true}, false},
		{"encoder,", WeightParts{}, true},
		{"cross", WeightParts{}, true},
	} {
		got, err := ParseWeightParts(tc.in)
		if (err != nil) != tc.bad || !tc.bad && got != tc.want {
			t.Errorf("ParseWeightParts(%q) = %+v, %v", tc.in, got, err)
		}
	}
}

// The planted fixture's weight sets: the decoder's are the logits' other
// weights (the cross-attention key and value projections included, the
// positional table the decoder reads, not the encoder's copy of it); both
// parts keep that table one parameter and train every weight once.
func TestSelectWeightsOfPlanted(t *testing.T) {
	o := plantedOptions(t, plantedConfig(), t.TempDir())
	roles, err := DetectRoles(o.Graph, graphedit.IORoles{})
	if err != nil {
		t.Fatal(err)
	}
	enc, _, err := SelectWeights(o.Graph, roles, WeightParts{Encoder: true})
	if err != nil {
		t.Fatal(err)
	}
	o = plantedOptions(t, plantedConfig(), t.TempDir())
	dec, _, err := SelectWeights(o.Graph, roles, WeightParts{Decoder: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"m.crs_att.k.bias", "m.crs_att.v.bias", "m.tgt_embed.weight", "m.pe"} {
		if !slices.Contains(dec, n) {
			t.Errorf("%s is not among the decoder weights", n)
		}
	}
	for _, n := range enc {
		if slices.Contains(dec, n) {
			t.Errorf("%s is an encoder and a decoder weight", n)
		}
	}
	o = plantedOptions(t, plantedConfig(), t.TempDir())
	all, shared, err := SelectWeights(o.Graph, roles, WeightParts{Encoder: true, Decoder: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(shared) != 1 || shared[0].Name != "m.pe" || shared[0].EncoderCopy != "" || !shared[0].Tied {
		t.Errorf("shared weights %+v, want m.pe tied, without an encoder copy", shared)
	}
	// Every weight once: the encoder's and the decoder's, the positional
	// table's encoder copy (a separate parameter only when one part trains)
	// counted once.
	if len(all) != len(enc)+len(dec)-1 || slices.Contains(all, "m.pe.encoder") {
		t.Errorf("%d weights for both parts, want %d (encoder %d + decoder %d − the table's copy)", len(all), len(enc)+len(dec)-1, len(enc), len(dec))
	}
}
