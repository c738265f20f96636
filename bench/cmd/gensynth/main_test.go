package main

import (
	"path/filepath"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// The generated model is what the surgery figure needs: every attention
// block found with its head count, and as many parameters as params says,
// after a save and load with external data.
func TestSmallModel(t *testing.T) {
	for _, s := range []shape{
		{encLayers: 2, decLayers: 1, dModel: 32, heads: 4, ffn: 48, vocab: 20},
		{encLayers: 1, decLayers: 2, dModel: 48, heads: 6, ffn: 16, vocab: 9},
	} {
		path := filepath.Join(t.TempDir(), "model.onnx")
		if err := (&onnxio.Model{Proto: build(s, 3)}).Save(path, &onnxio.SaveOptions{ExternalData: true}); err != nil {
			t.Fatal(err)
		}
		m, err := onnxio.Load(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !m.HasExternalData() {
			t.Error("saved without external data")
		}
		var n int64
		for _, init := range m.Proto.GetGraph().GetInitializer() {
			if init.GetDataType() != int32(onnxpb.TensorProto_FLOAT) {
				continue
			}
			k := int64(1)
			for _, d := range init.GetDims() {
				k *= d
			}
			n += k
		}
		// The attention scale constants are float scalars, one per block.
		blocksWant := s.encLayers + 2*s.decLayers
		if n-int64(blocksWant) != s.params() {
			t.Errorf("%+v: %d float parameters, params() says %d", s, n-int64(blocksWant), s.params())
		}
		g, err := graphedit.Load(m)
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := heads.FindHeads(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(blocks) != blocksWant {
			t.Fatalf("%+v: %d blocks, want %d", s, len(blocks), blocksWant)
		}
		for _, b := range blocks {
			if b.NumHeads != s.heads {
				t.Errorf("%+v: block %s has %d heads", s, b.Name(), b.NumHeads)
			}
		}
		m.Close()
	}
}
