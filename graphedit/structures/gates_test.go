package structures_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
)

// TestGatesDefaultIsOriginalOnORT: a model with every head, FFN and
// sublayer gated, run without feeding the gates, computes what the
// original computes (one file of each family, within oracleTol); its
// structures are found again, each naming its gate, and neither surgery
// nor a second gating accepts them.
func TestGatesDefaultIsOriginalOnORT(t *testing.T) {
	for _, f := range []string{
		"marian/decoder_model_merged.onnx", "bart/encoder_model.onnx", "t5/decoder_with_past_model.onnx",
		"whisper/decoder_model.onnx", "m2m100/encoder_model.onnx", "fsmt/decoder_model.onnx",
		"fused/whisper_decoder_with_past_model.onnx", "torch_transformer/dynamo.onnx",
		"torch113/model.onnx", "torch_masks/ts_opset17_seq_first.onnx", "torch113_masks/opset13.onnx",
	} {
		t.Run(f, func(t *testing.T) {
			m, g := graphtest.LoadFixture(t, fixturesDir+"/"+f)
			orig, err := m.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			gg, _, sg := gatedGraph(t, g)
			s1 := graphtest.NewSession(t, orig, graphtest.ExactOpts)
			s2 := graphtest.NewSession(t, graphtest.MarshalGraph(t, gg, m), graphtest.ExactOpts)
			names := graphtest.OutputNames(s1)
			in := graphtest.RandomFeeds(s1.Inputs(), [2]int64{2, 4}, rand.New(rand.NewPCG(5, 0)))
			o1, err := s1.Run(in, names)
			if err != nil {
				t.Fatal(err)
			}
			o2, err := s2.Run(in, names)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range names {
				if d, err := maxAbsDiff(o1[n], o2[n]); err != nil || d > oracleTol {
					t.Errorf("output %s differs by %g (%v)", n, d, err)
				}
			}
			d, err := structures.Discover(gg)
			if err != nil {
				t.Fatal(err)
			}
			if len(sg) != len(d.FFNs)+len(d.Sublayers) || len(d.NotUnderstood) > 0 {
				t.Fatalf("%d gates, %d FFNs, %d sublayers, not understood %v", len(sg), len(d.FFNs), len(d.Sublayers), d.NotUnderstood)
			}
			for _, x := range d.FFNs {
				if x.Gate == nil || x.Gate.Name() != structures.FFNGateName(x) {
					t.Errorf("%s: gate %v", x.Name(), x.Gate)
				}
			}
			for _, x := range d.Sublayers {
				if x.Gate == nil || x.Gate.Name() != structures.SublayerGateName(x) {
					t.Errorf("%s: gate %v", x.Name(), x.Gate)
				}
			}
			if _, err := structures.InsertGates(gg, d, true, false); err == nil || !strings.Contains(err.Error(), "already gated") {
				t.Errorf("gating twice: %v", err)
			}
			s := d.Sublayers[0]
			if _, err := structures.Remove(gg, d, structures.Decision{Sublayers: map[string]bool{s.Key(): true}}); err == nil || !strings.Contains(err.Error(), "is gated") {
				t.Errorf("removing gated %s: %v", s.Name(), err)
			}
		})
	}
}
