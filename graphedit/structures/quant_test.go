package structures_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
	"onnxprune/ortrun"
)

// Tolerances of the surgery oracle on the quantized and half-precision
// fixtures (gated with 0/1 against pruned, same precision): oracleTol for
// bf16 (stored bf16, computed in fp32), halfTol for fp16 (an fp16 ulp or
// two on hidden states, 0.00195 at values in [2,4), a few more after the
// output projection), and for int8:
const (
	// int8OracleTol: the QDQ pairs and the weights' DequantizeLinear are
	// the same in both models, and a gated neuron's 0 quantizes to the
	// zero point and back to 0 exactly; DynamicQuantizeLinear's range
	// always includes 0, so zeros added to its input (gated neurons)
	// change neither its scale nor its zero point, and the integer product
	// of a zero point minus itself is 0. What is left is fp32 summation
	// order, as for fp32 models.
	int8OracleTol = oracleTol
)

// storage says how a quantized or half-precision variant stores an FFN's
// weights: bytes per weight and per bias element, and per up projection
// the bytes of the per-channel scale (fp32) and zero point (int8) one
// output column has.
type storage struct {
	weight, bias, perChannel int64
}

// quantStorage is the storage of each variant folder of quant/.
var quantStorage = map[string]storage{
	"marian_int8_qdq":                            {1, 4, 0},
	"marian_int8_qdq_per_channel":                {1, 4, 5},
	"marian_int8_dynamic":                        {1, 4, 0},
	"marian_int8_dynamic_per_channel":            {1, 4, 5},
	"marian_int8_dynamic_ortopt":                 {1, 4, 0},
	"marian_fp16":                                {2, 2, 0},
	"marian_fp16_io":                             {2, 2, 0},
	"marian_bf16":                                {2, 2, 0},
	"torch_transformer_int8_qdq":                 {1, 4, 0},
	"torch_transformer_int8_qdq_per_channel":     {1, 4, 5},
	"torch_transformer_int8_dynamic":             {1, 4, 0},
	"torch_transformer_int8_dynamic_per_channel": {1, 4, 5},
	"torch_transformer_fp16":                     {2, 2, 0},
	"torch_transformer_bf16":                     {2, 2, 0},
	"fused_int8_dynamic":                         {1, 4, 0},
	"fused_int8_dynamic_per_channel":             {1, 4, 5},
}

// TestQuantDiscovery: every quantized and half-precision fixture has its
// FFNs found (two per Marian or Whisper file, four in the nn.Transformer
// export) with a sublayer for each and for each attention block, and
// nothing not understood: a quantized file never reads as having no FFNs.
func TestQuantDiscovery(t *testing.T) {
	files, err := graphtest.AllFixtures(fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, path := range files {
		name := strings.TrimPrefix(path, fixturesDir+"/")
		if !strings.HasPrefix(name, graphtest.QuantDir+"/") {
			continue
		}
		checked++
		g := graphtest.LoadGraph(t, path)
		d, err := structures.Discover(g)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := 2
		if strings.Contains(name, "torch_transformer") {
			want = 4
		}
		if len(d.FFNs) != want || len(d.Sublayers) != len(d.FFNs)+len(d.Heads.Blocks) || len(d.NotUnderstood) > 0 {
			t.Errorf("%s: %d FFNs (want %d), %d sublayers for %d attention blocks, not understood %v", name, len(d.FFNs), want, len(d.Sublayers), len(d.Heads.Blocks), d.NotUnderstood)
		}
	}
	if checked == 0 {
		t.Fatal("no quantized fixture")
	}
}

// decoderInMerged reports whether the file at path is a decoder without
// or with past whose folder has the merged decoder, which holds both as
// its If branches (the test checks each file family once, cheaply).
func decoderInMerged(path string) bool {
	base := filepath.Base(path)
	if base != "decoder_model.onnx" && base != "decoder_with_past_model.onnx" {
		return false
	}
	_, err := os.Stat(filepath.Join(filepath.Dir(path), "decoder_model_merged.onnx"))
	return err == nil
}

// TestQuantSurgeryOracleOnORT checks the surgery oracle for FFN neurons
// and sublayers (with heads, as TestSurgeryOracleOnORT does) on every
// quantized and half-precision fixture (the decoders of a folder with a
// merged decoder through its two branches): the pruned file loads in ONNX
// Runtime, passes CheckTypes, equals the gated model within the
// precision's tolerance, and is smaller by exactly the bytes the cut
// neurons held in the file's storage types (int8 weights, fp32 biases,
// per-channel scales and zero points; fp16 and bf16 weights and biases).
func TestQuantSurgeryOracleOnORT(t *testing.T) {
	files, err := graphtest.AllFixtures(fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, path := range files {
		name := strings.TrimPrefix(path, fixturesDir+"/")
		if !strings.HasPrefix(name, graphtest.QuantDir+"/") || decoderInMerged(path) {
			continue
		}
		variant := filepath.Base(filepath.Dir(path))
		st, ok := quantStorage[variant]
		if !ok {
			t.Errorf("%s: variant %q has no storage in the table", name, variant)
			continue
		}
		c := oracleCheck{opts: graphtest.ExactOpts, tol: int8OracleTol, quantParams: st.weight == 1}
		if st.weight == 2 {
			c.tol = oracleTol // bf16 computes in fp32
		}
		if strings.Contains(variant, "fp16") {
			c.tol = halfTol
		}
		if variant == "torch_transformer_fp16" {
			// With every optimization off, ONNX Runtime's CPU fp16 cast
			// insertion refuses the TorchScript fp16 export.
			c.opts = ortrun.Options{IntraOpThreads: 1}
		}
		c.neuronBytes = func(f *structures.FFN) int64 {
			nb := int64(len(f.Biases))
			return (f.NeuronParams()-nb)*st.weight + nb*st.bias + int64(len(f.Up))*st.perChannel
		}
		checked++
		t.Run(name, func(t *testing.T) {
			worst := checkSurgeryOracle(t, path, name, c)
			t.Logf("largest pruned-vs-gated difference %.3g (tolerance %g)", worst, c.tol)
		})
	}
	if checked == 0 {
		t.Fatal("no quantized fixture")
	}
}
