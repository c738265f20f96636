package ortrun_test

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/internal/testset"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// halfFixtureTol bounds the difference from the committed reference (ONNX
// Runtime 1.30 through Python, same kernels; measured: 0, bit-identical):
// two half-precision ulps at |x| < 4, room for another build's summation
// order.
const halfFixtureTol = 4e-3

// TestFloat16Fixture runs the fp16 Marian decoder with float16 graph inputs
// and outputs (models/fixtures/quant/marian_fp16_io) on its reference data
// set, from the file and, with its weights moved to external data, from a
// copy (the widened model then reads them from the copy's folder).
func TestFloat16Fixture(t *testing.T) {
	const model = "../models/fixtures/quant/marian_fp16_io/decoder_model.onnx"
	set, err := testset.Read(filepath.Join(strings.TrimSuffix(model, ".onnx"), "test_data_set_0"))
	if err != nil {
		t.Fatal(err)
	}
	if set.Inputs["encoder_hidden_states"].DType() != ortrun.Float16 {
		t.Fatalf("fixture input is %s, want float16", set.Inputs["encoder_hidden_states"].DType())
	}
	m, err := onnxio.Load(model, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	external := filepath.Join(t.TempDir(), "decoder_model.onnx")
	if err := m.Save(external, &onnxio.SaveOptions{ExternalData: true, Threshold: 256}); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{model, external} {
		s, err := ortrun.NewSession(path, ortrun.Options{IntraOpThreads: 1})
		if err != nil {
			t.Fatal(err)
		}
		names := set.OutputNames()
		out, err := s.Run(set.Inputs, names)
		s.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, n := range names {
			got, ref := out[n], set.Outputs[n]
			if got.DType() != ortrun.Float16 || fmt.Sprint(got.Shape) != fmt.Sprint(ref.Shape) {
				t.Fatalf("%s: output %s is %v, reference %v", path, n, got, ref)
			}
			g, r := got.Float32s(), ref.Float32s()
			worst := 0.0
			for i := range r {
				worst = math.Max(worst, math.Abs(float64(g[i])-float64(r[i])))
			}
			t.Logf("%s: output %s: max-abs %g from the reference", filepath.Base(filepath.Dir(path)), n, worst)
			if worst > halfFixtureTol || math.IsNaN(worst) {
				t.Errorf("%s: output %s differs from the reference by %g (> %g)", path, n, worst, halfFixtureTol)
			}
		}
	}
}
