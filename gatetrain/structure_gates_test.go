package gatetrain

import (
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
)

// TestFindGatesStructures: a model whose FFNs and sublayers were gated
// besides its heads (gate --structures heads,ffn,sublayers) lists the head
// gates first, then the FFN gates (a unit per neuron) and the sublayer
// gates (one unit each), encoder before decoder, with consecutive offsets;
// the attention-kind filter keeps every structure gate.
func TestFindGatesStructures(t *testing.T) {
	m, err := onnxio.Load("../models/fixtures/torch_transformer/ts_opset17.onnx", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := heads.InsertGates(g, blocks, nil); err != nil {
		t.Fatal(err)
	}
	d, err := structures.Discover(g)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := structures.InsertGates(g, d, 1, true); err != nil {
		t.Fatal(err)
	}
	gates, err := FindGates(g, []heads.Kind{heads.KindCross})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	off := 0
	for _, gi := range gates {
		names = append(names, gi.Name)
		if gi.Offset != off {
			t.Errorf("%s: offset %d, want %d", gi.Name, gi.Offset, off)
		}
		off += gi.Heads
	}
	want := "gate/cross.0 gate/cross.1 gate/ffn.encoder.0 gate/ffn.encoder.1 gate/ffn.decoder.0 gate/ffn.decoder.1 " +
		"gate/sublayer.encoder.0.attn gate/sublayer.encoder.0.ffn gate/sublayer.encoder.1.attn gate/sublayer.encoder.1.ffn " +
		"gate/sublayer.decoder.0.attn gate/sublayer.decoder.0.cross gate/sublayer.decoder.0.ffn " +
		"gate/sublayer.decoder.1.attn gate/sublayer.decoder.1.cross gate/sublayer.decoder.1.ffn"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("gates %s\nwant  %s", got, want)
	}
	if off != 2*4+4*64+10 {
		t.Errorf("%d units", off)
	}
	if n := gates[2].Head(17); n != "ffn:encoder:0:17" {
		t.Errorf("unit name %s", n)
	}
	if n := gates[len(gates)-1].Head(0); n != "sublayer:decoder:1:ffn" {
		t.Errorf("unit name %s", n)
	}
}
