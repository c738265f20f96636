package gatetrain

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// The planted fixture names its modules (enc_*, dec_*, crs_*); the MatMul
// weights lost their names in the export, so the encoder's are identified
// by the ones the encoder's nodes read. Its positional table m.pe is read by
// the encoder and the decoder: the encoder gets a copy of its own.
func TestEncoderWeightsOfPlanted(t *testing.T) {
	o := plantedOptions(t, plantedConfig(), t.TempDir())
	if _, err := EncoderWeights(o.Graph, "tgt_ids"); err == nil || !strings.Contains(err.Error(), `"m.pe" is read by encoder and decoder`) {
		t.Fatalf("EncoderWeights before untying: %v, want an error naming m.pe", err)
	}
	shared, err := UntieWeights(o.Graph, "tgt_ids")
	if err != nil {
		t.Fatal(err)
	}
	if len(shared) != 1 || shared[0].Name != "m.pe" || shared[0].EncoderCopy != "m.pe.encoder" {
		t.Fatalf("shared weights %v, want m.pe with an encoder copy", shared)
	}
	w, err := EncoderWeights(o.Graph, "tgt_ids")
	if err != nil {
		t.Fatal(err)
	}
	named, matrices := 0, 0
	for _, n := range w {
		v := o.Graph.Value(n)
		switch {
		case len(n) > 2 && n[:2] == "m.":
			if !(len(n) > 6 && (n[:6] == "m.enc_" || n == "m.src_embed.weight" || n == "m.pe.encoder")) {
				t.Errorf("%s is not an encoder weight", n)
			}
			named++
		case v.Rank() == 2:
			matrices++
		}
	}
	// q, k, v, o and two feed-forward matrices; 4 biases + 2 FFN biases + 2
	// layer norms × 2 + the source embedding + the positional table's copy.
	if matrices != 6 || named != 12 {
		t.Errorf("found %d matrices and %d named encoder weights, want 6 and 12: %v", matrices, named, w)
	}
	for _, n := range []string{"m.crs_att.k.bias", "m.crs_att.v.bias", "m.tgt_embed.weight", "m.pe"} {
		if slices.Contains(w, n) {
			t.Errorf("%s counted as an encoder weight", n)
		}
	}
}

func TestTrainEncoderWeightsJointly(t *testing.T) {
	cfg := plantedConfig()
	cfg.Steps = 200
	cfg.Lambda = 0
	cfg.WeightLR = 2e-3
	cfg.ValidEvery = 0
	dir := t.TempDir()
	o := plantedOptions(t, cfg, dir)
	if _, err := UntieWeights(o.Graph, "tgt_ids"); err != nil {
		t.Fatal(err)
	}
	o.Untied = true
	w, err := EncoderWeights(o.Graph, "tgt_ids")
	if err != nil {
		t.Fatal(err)
	}
	o.TrainWeights = w
	info, _, _ := readPlanted(t)
	res, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if !(res.DenseLoss < info.DevLoss*0.98) {
		t.Errorf("dev loss %.4f after fine-tuning the encoder, %.4f before: want at least 2%% lower", res.DenseLoss, info.DevLoss)
	}
	before, err := onnxio.Load(filepath.Join(plantedDir, "planted.onnx"), nil)
	if err != nil {
		t.Fatal(err)
	}
	after, err := onnxio.Load(filepath.Join(dir, TrainedModelName), nil)
	if err != nil {
		t.Fatal(err)
	}
	gb, _ := graphedit.Load(before)
	ga, _ := graphedit.Load(after)
	changed := 0
	for _, v := range gb.Initializers() {
		if v.IsGraphInput() {
			continue // the gates: overridable inputs
		}
		tb, _ := gb.ConstValue(v)
		ta, ok := ga.ConstValue(ga.Value(v.Name()))
		if !ok {
			t.Fatalf("%s missing from the trained model", v.Name())
		}
		fb, _ := tb.AsFloat32()
		fa, _ := ta.AsFloat32()
		if tb.DataType != ta.DataType || len(fa) != len(fb) {
			t.Fatalf("%s: type or size changed", v.Name())
		}
		diff := !slices.Equal(fa, fb)
		if diff {
			changed++
		}
		if diff != slices.Contains(w, v.Name()) {
			t.Errorf("%s: changed %v, trained %v", v.Name(), diff, slices.Contains(w, v.Name()))
		}
	}
	if changed == 0 {
		t.Fatal("no weight changed")
	}
	t.Logf("dev loss %.4f → %.4f, %d weights changed", info.DevLoss, res.DenseLoss, changed)
}
