package gatetrain

import (
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
)

// TestFindGatesRefusesStructureGates: a model whose FFNs and sublayers
// were gated too (gate --structures heads,ffn,sublayers) is refused in one
// line naming an FFN gate input, not misread as an attention kind.
func TestFindGatesRefusesStructureGates(t *testing.T) {
	m, err := onnxio.Load("../models/fixtures/marian/encoder_model.onnx", nil)
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
	if _, err := structures.InsertGates(g, d, true, false); err != nil {
		t.Fatal(err)
	}
	_, err = FindGates(g, nil)
	if err == nil || !strings.Contains(err.Error(), `"gate/ffn.encoder.0" gates an FFN or a sublayer`) {
		t.Errorf("err = %v", err)
	}
}
