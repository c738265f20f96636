package structures_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
	"onnxprune/ortrun"
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
				if x.Gate == nil || x.Gate.Name() != structures.FFNGateName(x, 1) {
					t.Errorf("%s: gate %v", x.Name(), x.Gate)
				}
			}
			for _, x := range d.Sublayers {
				if x.Gate == nil || x.Gate.Name() != structures.SublayerGateName(x) {
					t.Errorf("%s: gate %v", x.Name(), x.Gate)
				}
			}
			if _, err := structures.InsertGates(gg, d, 1, false); err == nil || !strings.Contains(err.Error(), "already gated") {
				t.Errorf("gating twice: %v", err)
			}
			s := d.Sublayers[0]
			if _, err := structures.Remove(gg, d, structures.Decision{Sublayers: map[string]bool{s.Key(): true}}); err == nil || !strings.Contains(err.Error(), "is gated") {
				t.Errorf("removing gated %s: %v", s.Name(), err)
			}
		})
	}
}

// TestGroupGatesOnORT: with a gate per group of 16 neurons, the Marian
// encoder's FFNs get gate/ffn.encoder.L.g16 of 4 elements, discovery finds
// them through their expansion, their units are named by neuron ranges,
// and closing groups 1 and 3 of ffn:encoder:1 computes what removing
// neurons 16-31 and 48-63 computes (within oracleTol).
func TestGroupGatesOnORT(t *testing.T) {
	m, g := graphtest.LoadFixture(t, fixturesDir+"/marian/encoder_model.onnx")
	gg, err := g.Clone()
	if err != nil {
		t.Fatal(err)
	}
	d, err := structures.Discover(gg)
	if err != nil {
		t.Fatal(err)
	}
	gates, err := structures.InsertGates(gg, d, 16, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(gates) != 2 || gates[1].Name != "gate/ffn.encoder.1.g16" || gates[1].Size != 4 || gates[1].Group != 16 {
		t.Fatalf("gates %+v", gates)
	}
	kind, key, group, ok := structures.ParseGateName(gates[1].Name)
	if !ok || kind != structures.GateFFN || key != "encoder:1" || group != 16 || structures.UnitName(kind, key, 3, group) != "ffn:encoder:1:48-63" {
		t.Errorf("ParseGateName: %v %q %d %v", kind, key, group, ok)
	}
	d2, err := structures.Discover(gg)
	if err != nil {
		t.Fatal(err)
	}
	if f := d2.FFN("encoder:1"); f == nil || f.Gate == nil || f.Gate.Name() != gates[1].Name || len(d2.NotUnderstood) > 0 {
		t.Fatalf("gated discovery: %v, not understood %v", f, d2.NotUnderstood)
	}
	if _, err := structures.InsertGates(gg, d2, 6, false); err == nil || !strings.Contains(err.Error(), "already gated") {
		t.Errorf("gating twice: %v", err)
	}
	model := &structures.Model{}
	model.Add(d)
	ffnRecords := []structures.GateRecord{{Name: "ffn:encoder:1:16-31"}, {Name: "ffn:encoder:1:48-63"}, {Name: "ffn:encoder:1:0-15", Keep: true}}
	dec, err := structures.GatesDecision(ffnRecords, nil, model)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := g.Clone()
	if err != nil {
		t.Fatal(err)
	}
	pd, err := structures.Discover(pg)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := structures.Remove(pg, pd, dec)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.FFNs) != 1 || rep.FFNs[0].To != 32 {
		t.Fatalf("report %+v", rep.FFNs)
	}
	gated := graphtest.NewSession(t, graphtest.MarshalGraph(t, gg, m), graphtest.ExactOpts)
	pruned := graphtest.NewSession(t, graphtest.MarshalGraph(t, pg, m), graphtest.ExactOpts)
	in := graphtest.RandomFeeds(pruned.Inputs(), [2]int64{2, 5}, rand.New(rand.NewPCG(2, 3)))
	names := graphtest.OutputNames(pruned)
	want, err := pruned.Run(in, names)
	if err != nil {
		t.Fatal(err)
	}
	in[gates[1].Name] = ortrun.NewF32([]int64{4}, []float32{1, 0, 1, 0})
	got, err := gated.Run(in, names)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if diff, err := maxAbsDiff(got[n], want[n]); err != nil || diff > oracleTol {
			t.Errorf("output %s differs by %g (%v)", n, diff, err)
		}
	}
	if _, err := structures.GatesDecision([]structures.GateRecord{{Name: "ffn:encoder:1:60-64"}}, nil, model); err == nil {
		t.Error("a range past the FFN's width: no error")
	}
}
