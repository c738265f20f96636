package pipeline

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
)

// TestGateJoinedAsRun: the train command's graph (LoadJoined, GateJoined)
// is the train stage's (the gate stage's gated files joined): the same
// bytes, for a single file and for an encoder and a decoder, heads alone
// and with FFN neurons and sublayers; the loaded files stay ungated, their
// heads found once and handed to verify with them (Loaded).
func TestGateJoinedAsRun(t *testing.T) {
	for _, tc := range []struct {
		files      []string
		structures string
	}{
		{[]string{"../models/planted/planted_ungated.onnx"}, "heads"},
		{[]string{"../models/planted/planted_ungated.onnx"}, "heads,ffn:8,sublayers"},
		{[]string{"../models/fixtures/marian/encoder_model.onnx", "../models/fixtures/marian/decoder_model.onnx"}, "heads"},
		{[]string{"../models/fixtures/marian/encoder_model.onnx", "../models/fixtures/marian/decoder_model.onnx"}, "heads,ffn,sublayers"},
	} {
		name := tc.files[len(tc.files)-1] + " " + tc.structures
		list, err := structures.ParseList(tc.structures)
		if err != nil {
			t.Fatal(err)
		}
		kinds := []heads.Kind{heads.KindEncoder, heads.KindCross}

		// The train stage's graph: the gate stage's copies, joined.
		c := Default()
		c.Out, c.Attention, c.Structures = t.TempDir(), kinds, list
		model, err := loadModel(tc.files, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		r := &runner{c: c, files: tc.files, model: model, log: io.Discard}
		if err := r.gate(context.Background()); err != nil {
			t.Fatalf("%s: gate stage: %v", name, err)
		}
		stage, err := r.gatedGraph()
		if err != nil {
			t.Fatal(err)
		}

		// The train command's graph.
		j, err := LoadJoined(tc.files, nil)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		stop := heads.ObserveDiscoveries(func(*graphedit.Graph) { found++ })
		_, err = GateJoined(j, kinds, list)
		stop()
		if err != nil {
			t.Fatalf("%s: GateJoined: %v", name, err)
		}
		if found != len(tc.files) {
			t.Errorf("%s: GateJoined found heads %d times; want once per file", name, found)
		}
		for p, l := range j.Loaded() {
			if len(l.Blocks) == 0 {
				t.Errorf("%s: %s goes to verify without the blocks GateJoined found", name, p)
			}
		}
		if a, b := graphBytes(t, stage.Graph), graphBytes(t, j.Graph); !bytes.Equal(a, b) {
			t.Errorf("%s: the train command gates another graph than the train stage (%d and %d bytes)", name, len(b), len(a))
		}
		for i, part := range j.Parts {
			if graphHasGates(part) || graphHasGates(model[i].Graph) {
				t.Errorf("%s: %s was gated in place", name, tc.files[i])
			}
		}
		j.Close()
		closeModel(model)
	}
}

// graphBytes is g's proto, deterministically marshalled.
func graphBytes(t *testing.T, g *graphedit.Graph) []byte {
	t.Helper()
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(g.ToProto())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// graphHasGates reports whether a graph input is a gate.
func graphHasGates(g *graphedit.Graph) bool {
	for _, v := range g.Inputs() {
		if strings.HasPrefix(v.Name(), gatetrain.GatePrefix) {
			return true
		}
	}
	return false
}
