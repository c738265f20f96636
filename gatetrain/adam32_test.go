package gatetrain

import (
	"bytes"
	"encoding/gob"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// adam32Tol bounds |float32 in-place Adam − float64 Adam| on weights of
// size about 1 after a few steps of lr 1e-3: the update is computed in
// float32 (relative error ~1e-7 of a step) and the weights rounded to
// float32 either way.
const adam32Tol = 1e-6

// Sizes that split unevenly over several workers (minSpan 32768), with an
// empty tensor and a scalar-sized one.
var adamSizes = []int{70001, 1, 0, 40000, 333}

func randTensors(rng *rand.Rand, sizes []int, scale float64) [][]float32 {
	out := make([][]float32, len(sizes))
	for i, n := range sizes {
		out[i] = make([]float32, n)
		for j := range out[i] {
			out[i][j] = float32(scale * (2*rng.Float64() - 1))
		}
	}
	return out
}

// WeightAdam gives the update of the float64 Adam with ClipNorm over the
// flattened weights (the update gatetrain used before), step after step,
// with clipping on and off, whatever the number of workers.
func TestWeightAdamMatchesFloat64Adam(t *testing.T) {
	for _, procs := range []int{1, 3} {
		old := runtime.GOMAXPROCS(procs)
		rng := rand.New(rand.NewPCG(5, uint64(procs)))
		x := randTensors(rng, adamSizes, 1)
		var flat []float64
		for _, w := range x {
			for _, v := range w {
				flat = append(flat, float64(v))
			}
		}
		a := NewWeightAdam(adamSizes)
		ref := NewAdam(len(flat))
		for step := 0; step < 6; step++ {
			g := randTensors(rng, adamSizes, 0.01*float64(step+1))
			clip := 5.0
			if step%2 == 1 {
				clip = 0.5 // below the norm: clipping acts
			}
			var gf []float64
			for _, w := range g {
				for _, v := range w {
					gf = append(gf, float64(v))
				}
			}
			wantNorm := ClipNorm(gf, clip)
			ref.Step(flat, gf, 1e-3)
			norm, err := a.Step(x, g, 1e-3, clip)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(norm-wantNorm) > 1e-9*wantNorm {
				t.Fatalf("procs %d step %d: norm %v, want %v", procs, step, norm, wantNorm)
			}
			k := 0
			for i, w := range x {
				for j, v := range w {
					if d := math.Abs(float64(v) - flat[k]); d > adam32Tol {
						t.Fatalf("procs %d step %d: tensor %d [%d] = %v, float64 Adam %v (|diff| %.3g)", procs, step, i, j, v, flat[k], d)
					}
					k++
				}
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

// A step allocates nothing: the moments are updated in place and the
// workers are reused.
func TestWeightAdamStepAllocatesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	x := randTensors(rng, adamSizes, 1)
	g := randTensors(rng, adamSizes, 0.1)
	a := NewWeightAdam(adamSizes)
	if _, err := a.Step(x, g, 1e-3, 1); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := a.Step(x, g, 1e-3, 1); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per step, want 0", allocs)
	}
}

// A checkpoint (gob) of the optimizer continues exactly as the optimizer
// it was saved from.
func TestWeightAdamCheckpointContinues(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	x := randTensors(rng, adamSizes, 1)
	a := NewWeightAdam(adamSizes)
	for i := 0; i < 2; i++ {
		if _, err := a.Step(x, randTensors(rng, adamSizes, 0.1), 1e-3, 1); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(a); err != nil {
		t.Fatal(err)
	}
	var b WeightAdam
	if err := gob.NewDecoder(&buf).Decode(&b); err != nil {
		t.Fatal(err)
	}
	y := make([][]float32, len(x))
	for i := range x {
		y[i] = slices.Clone(x[i])
	}
	g := randTensors(rng, adamSizes, 0.1)
	if _, err := a.Step(x, g, 1e-3, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Step(y, g, 1e-3, 1); err != nil {
		t.Fatal(err)
	}
	for i := range x {
		if !slices.Equal(x[i], y[i]) {
			t.Fatalf("tensor %d differs after a step from the decoded optimizer", i)
		}
	}
}

func TestWeightAdamRefusesOtherSizes(t *testing.T) {
	a := NewWeightAdam([]int{3, 4})
	x := [][]float32{make([]float32, 3), make([]float32, 5)}
	if _, err := a.Step(x, x, 1e-3, 1); err == nil {
		t.Error("weights of other sizes: no error")
	}
}

func BenchmarkWeightAdamStep(b *testing.B) {
	// The encoder of a Transformer-base model: 6 layers of 3.15M values.
	sizes := make([]int, 0, 36)
	for l := 0; l < 6; l++ {
		sizes = append(sizes, 512*512, 512*512, 512*512, 512*512, 512*2048, 2048*512)
	}
	rng := rand.New(rand.NewPCG(7, 1))
	x := randTensors(rng, sizes, 1)
	g := randTensors(rng, sizes, 0.1)
	a := NewWeightAdam(sizes)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := a.Step(x, g, 1e-4, 5); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFloat64AdamStep(b *testing.B) {
	const n = 6 * (4*512*512 + 2*512*2048)
	rng := rand.New(rand.NewPCG(7, 1))
	w := randTensors(rng, []int{n}, 1)[0]
	gw := randTensors(rng, []int{n}, 0.1)[0]
	a := NewAdam(n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// The update as gatetrain did it before: copies into new float64
		// slices, one thread, copied back.
		var x, g []float64
		for j, v := range w {
			x = append(x, float64(v))
			g = append(g, float64(gw[j]))
		}
		ClipNorm(g, 5)
		a.Step(x, g, 1e-4)
		for j := range w {
			w[j] = float32(x[j])
		}
	}
}
