package gpulib_test

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"onnxprune/ortrun"
)

// EnvGPUCheck turns on the checks that need an NVIDIA GPU
// (scripts/gpu-check.sh sets it).
const EnvGPUCheck = "ONNXPRUNE_GPU_CHECK"

// TestCUDAMatchesCPU runs the reference model on a padded batch on the CUDA
// and the CPU provider of the same library and compares the logits (issue
// bound 1e-3). It needs a GPU: without ONNXPRUNE_GPU_CHECK=1 it is skipped.
func TestCUDAMatchesCPU(t *testing.T) {
	if os.Getenv(EnvGPUCheck) != "1" {
		t.Skip("needs an NVIDIA GPU; scripts/gpu-check.sh runs it with " + EnvGPUCheck + "=1")
	}
	const model = "../../models/reference/model.onnx"
	if err := ortrun.InitFor("", ortrun.CUDA); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const b, s, tl = 4, 23, 17
	ids := make([]int64, b*s)
	mask := make([]int64, b*s)
	dec := make([]int64, b*tl)
	for r := 0; r < b; r++ {
		n := s - 5*r // ragged rows, right-padded with 0
		for i := 0; i < s; i++ {
			if i < n {
				ids[r*s+i], mask[r*s+i] = 4+rng.Int64N(7996), 1
			}
		}
		dec[r*tl] = 2
		for i := 1; i < tl; i++ {
			dec[r*tl+i] = 4 + rng.Int64N(7996)
		}
	}
	feeds := map[string]*ortrun.Tensor{
		"input_ids":         ortrun.NewI64([]int64{b, s}, ids),
		"attention_mask":    ortrun.NewI64([]int64{b, s}, mask),
		"decoder_input_ids": ortrun.NewI64([]int64{b, tl}, dec),
	}
	logits := map[ortrun.Provider][]float32{}
	for _, p := range []ortrun.Provider{ortrun.CPU, ortrun.CUDA} {
		sess, err := ortrun.NewSession(model, ortrun.Options{Provider: p})
		if err != nil {
			t.Fatal(err)
		}
		out, err := sess.Run(feeds, []string{"logits"})
		sess.Close()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		logits[p] = out["logits"].F32
	}
	worst := 0.0
	for i, v := range logits[ortrun.CPU] {
		worst = math.Max(worst, math.Abs(float64(v-logits[ortrun.CUDA][i])))
	}
	t.Logf("max |logits cuda − cpu| = %.3g over %d values", worst, len(logits[ortrun.CPU]))
	if worst > 1e-3 {
		t.Errorf("max |logits cuda − cpu| = %.3g > 1e-3", worst)
	}
}
