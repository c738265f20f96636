package verify

import (
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
)

// TestSetGates: the gate stage's model (encoder heads gated) gets its
// gates set to a decision; a removed head without a gate is an error.
func TestSetGates(t *testing.T) {
	m, err := onnxio.Load("../models/planted/planted_ungated.onnx", nil)
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
	if _, err := heads.InsertGates(g, blocks, []heads.Kind{heads.KindEncoder}); err != nil {
		t.Fatal(err)
	}
	g.Store(m)
	gated := filepath.Join(t.TempDir(), "planted.onnx")
	if err := m.Save(gated, nil); err != nil {
		t.Fatal(err)
	}
	dec := HeadDecision{Heads: heads.Decision{"encoder:0": {true, false, true, false}}}
	out, closed, tol, err := setGates([]string{gated}, dec, t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if closed != 2 || tol != DefaultEquivalenceTol || len(out) != 1 {
		t.Errorf("closed %d heads, tolerance %g, files %v; want 2, %g, one file", closed, tol, out, DefaultEquivalenceTol)
	}
	om, err := onnxio.Load(out[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer om.Close()
	og, err := graphedit.Load(om)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range og.Inputs() {
		if strings.HasPrefix(v.Name(), "gate/") && !v.IsInitializer() {
			t.Errorf("gate %s is still a required input", v.Name())
		}
	}
	_, _, _, err = setGates([]string{gated}, HeadDecision{Heads: heads.Decision{"decoder:0": {true, false, true, true}}}, t.TempDir(), nil)
	if err == nil || !strings.Contains(err.Error(), "decoder:0:1") || !strings.Contains(err.Error(), "no gate") {
		t.Errorf("a removed head without a gate: %v", err)
	}
}
