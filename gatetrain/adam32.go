package gatetrain

import (
	"fmt"
	"math"
	"runtime"
	"sync"
)

// WeightAdam is Adam (Kingma & Ba, with bias correction) for the weights
// trained jointly with the gates: float32 moments beside float32 weights,
// updated in place by a pool of goroutines, with the gradient-norm clipping
// of the whole set done in the same passes. A step allocates nothing. Its
// exported fields are part of a checkpoint.
type WeightAdam struct {
	Beta1, Beta2, Eps float64
	// M and V are the moments, one slice per weight tensor.
	M, V [][]float32
	T    int

	// One step's arguments, read by the workers.
	x, g         [][]float32
	lr, scale    float64
	c1, c2       float64
	parts        []span
	partial      []float64
	wg           sync.WaitGroup
	shapeChecked bool
}

// span is one worker's share of the flat parameter vector: tensors
// [t0, t1], from offset o0 of tensor t0 to offset o1 of tensor t1
// (exclusive).
type span struct{ t0, o0, t1, o1 int }

// NewWeightAdam returns Adam with β1 = 0.9, β2 = 0.999, ε = 1e-8 for
// tensors of the given sizes.
func NewWeightAdam(sizes []int) *WeightAdam {
	a := &WeightAdam{Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}
	for _, n := range sizes {
		a.M = append(a.M, make([]float32, n))
		a.V = append(a.V, make([]float32, n))
	}
	return a
}

// minSpan is the fewest values a worker gets: below it, handing work to
// another goroutine costs more than it saves.
const minSpan = 1 << 15

// split divides the tensors into up to GOMAXPROCS spans of equal size.
func (a *WeightAdam) split() {
	total := 0
	for _, m := range a.M {
		total += len(m)
	}
	n := min(runtime.GOMAXPROCS(0), max(1, total/minSpan))
	a.parts = a.parts[:0]
	t, o := 0, 0
	for p := 0; p < n; p++ {
		want := total * (p + 1) / n
		done := total * p / n
		s := span{t0: t, o0: o}
		for done < want {
			left := len(a.M[t]) - o
			if take := want - done; take < left {
				o += take
				done += take
				break
			}
			done += left
			t++
			o = 0
		}
		s.t1, s.o1 = t, o
		a.parts = append(a.parts, s)
	}
	a.partial = make([]float64, n)
}

// Step applies one update x −= lr·m̂/(√v̂+ε) to the tensors x with gradients
// g, after scaling g so that the norm over all tensors is at most clip (no
// clipping for clip ≤ 0); g is left as given. It returns the gradient norm
// before clipping. x and g must have the sizes the optimizer was made for.
func (a *WeightAdam) Step(x, g [][]float32, lr, clip float64) (float64, error) {
	if !a.shapeChecked {
		if len(x) != len(a.M) || len(g) != len(a.M) {
			return 0, fmt.Errorf("gatetrain: weight optimizer holds %d tensors, got %d weights and %d gradients", len(a.M), len(x), len(g))
		}
		for i := range a.M {
			if len(x[i]) != len(a.M[i]) || len(g[i]) != len(a.M[i]) {
				return 0, fmt.Errorf("gatetrain: weight optimizer: tensor %d holds %d values, got %d weights and %d gradients", i, len(a.M[i]), len(x[i]), len(g[i]))
			}
		}
		a.split()
		a.shapeChecked = true
	}
	a.x, a.g = x, g
	a.run(phaseNorm)
	var s float64
	for _, p := range a.partial {
		s += p
	}
	norm := math.Sqrt(s)
	a.scale = 1
	if clip > 0 && norm > clip {
		a.scale = clip / norm
	}
	a.T++
	a.lr = lr
	a.c1 = 1 - math.Pow(a.Beta1, float64(a.T))
	a.c2 = 1 - math.Pow(a.Beta2, float64(a.T))
	a.run(phaseUpdate)
	a.x, a.g = nil, nil
	return norm, nil
}

const (
	phaseNorm = iota
	phaseUpdate
)

// run does one phase over all spans: the first on this goroutine, the
// others on the package's workers.
func (a *WeightAdam) run(phase int) {
	if len(a.parts) > 1 {
		startWorkers()
		a.wg.Add(len(a.parts) - 1)
		for p := 1; p < len(a.parts); p++ {
			jobs <- job{a: a, phase: phase, part: p}
		}
	}
	a.do(phase, 0)
	a.wg.Wait()
}

func (a *WeightAdam) do(phase, part int) {
	s := a.parts[part]
	if phase == phaseNorm {
		a.partial[part] = 0
	}
	for t := s.t0; t <= s.t1 && t < len(a.M); t++ {
		lo, hi := 0, len(a.M[t])
		if t == s.t0 {
			lo = s.o0
		}
		if t == s.t1 {
			hi = s.o1
		}
		if lo >= hi {
			continue
		}
		if phase == phaseNorm {
			a.partial[part] += sumSquares(a.g[t][lo:hi])
		} else {
			a.update(a.x[t][lo:hi], a.g[t][lo:hi], a.M[t][lo:hi], a.V[t][lo:hi])
		}
	}
}

func sumSquares(g []float32) float64 {
	// Four float64 accumulators over float32 values: exact enough for a
	// norm and independent of how the vector is split.
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(g); i += 4 {
		a, b, c, d := float64(g[i]), float64(g[i+1]), float64(g[i+2]), float64(g[i+3])
		s0 += a * a
		s1 += b * b
		s2 += c * c
		s3 += d * d
	}
	for ; i < len(g); i++ {
		s0 += float64(g[i]) * float64(g[i])
	}
	return s0 + s1 + s2 + s3
}

// update is Adam on one stretch, in float32.
func (a *WeightAdam) update(x, g, m, v []float32) {
	b1, b2 := float32(a.Beta1), float32(a.Beta2)
	k1, k2 := 1-b1, 1-b2
	scale := float32(a.scale)
	step := float32(a.lr / a.c1)
	rc2 := float32(1 / a.c2)
	eps := float32(a.Eps)
	g = g[:len(x)]
	m = m[:len(x)]
	v = v[:len(x)]
	for i := range x {
		gi := g[i] * scale
		mi := b1*m[i] + k1*gi
		vi := b2*v[i] + k2*gi*gi
		m[i], v[i] = mi, vi
		x[i] -= step * mi / (float32(math.Sqrt(float64(vi*rc2))) + eps)
	}
}

// job is one span of one optimizer's phase.
type job struct {
	a           *WeightAdam
	phase, part int
}

var (
	jobs        chan job
	workersOnce sync.Once
)

// startWorkers starts the package's pool: one goroutine per CPU, alive for
// the life of the process, idle (blocked on the channel) between steps.
func startWorkers() {
	workersOnce.Do(func() {
		n := runtime.GOMAXPROCS(0)
		jobs = make(chan job, n)
		for i := 0; i < n; i++ {
			go func() {
				for j := range jobs {
					j.a.do(j.phase, j.part)
					j.a.wg.Done()
				}
			}()
		}
	})
}
