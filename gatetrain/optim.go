package gatetrain

import (
	"fmt"
	"math"
	"strings"
)

// Adam is the Adam optimizer (Kingma & Ba) over one flat parameter vector,
// with bias correction. Its moments and step count are part of a
// checkpoint.
type Adam struct {
	Beta1, Beta2, Eps float64
	M, V              []float64
	T                 int
}

// NewAdam returns Adam for n parameters with β1 = 0.9, β2 = 0.999, ε = 1e-8.
func NewAdam(n int) *Adam {
	return &Adam{Beta1: 0.9, Beta2: 0.999, Eps: 1e-8, M: make([]float64, n), V: make([]float64, n)}
}

// Step applies one update x −= lr·m̂/(√v̂+ε) with gradient g.
func (a *Adam) Step(x, g []float64, lr float64) {
	a.T++
	c1 := 1 - math.Pow(a.Beta1, float64(a.T))
	c2 := 1 - math.Pow(a.Beta2, float64(a.T))
	for i := range x {
		a.M[i] = a.Beta1*a.M[i] + (1-a.Beta1)*g[i]
		a.V[i] = a.Beta2*a.V[i] + (1-a.Beta2)*g[i]*g[i]
		x[i] -= lr * (a.M[i] / c1) / (math.Sqrt(a.V[i]/c2) + a.Eps)
	}
}

// ClipNorm scales g so that its Euclidean norm is at most max (no-op for
// max ≤ 0) and returns the norm before clipping.
func ClipNorm(g []float64, max float64) float64 {
	var s float64
	for _, x := range g {
		s += x * x
	}
	n := math.Sqrt(s)
	if max > 0 && n > max {
		f := max / n
		for i := range g {
			g[i] *= f
		}
	}
	return n
}

// Schedule is a learning-rate schedule: Kind "constant", "linear" (warmup,
// then linear decay to zero at Total) or "warmup" (warmup, then constant).
type Schedule struct {
	Kind   string
	Base   float64
	Warmup int
	Total  int
}

// ParseScheduleKind checks a schedule name.
func ParseScheduleKind(s string) (string, error) {
	switch k := strings.ToLower(s); k {
	case "constant", "linear", "warmup":
		return k, nil
	}
	return "", fmt.Errorf("gatetrain: unknown learning-rate schedule %q (want constant, warmup or linear)", s)
}

// At returns the learning rate of step (counted from 0).
func (s Schedule) At(step int) float64 {
	lr := s.Base
	if s.Kind != "constant" && s.Warmup > 0 && step < s.Warmup {
		return lr * float64(step+1) / float64(s.Warmup)
	}
	if s.Kind == "linear" && s.Total > s.Warmup {
		left := float64(s.Total-step) / float64(s.Total-s.Warmup)
		return lr * math.Max(0, left)
	}
	return lr
}

// Lagrangian is the learned constraint of CoFi (Xia et al. 2022) that drives
// the expected fraction of open heads E to a target T: the objective gets
// λ1·(E−T) + λ2·(E−T)², minimized over the gates and maximized over λ1, λ2
// (gradient ascent with rate LR). As in CoFi the target moves linearly from
// Start to Target over the first Warmup steps, so the multipliers do not
// build up while the gates cannot yet follow.
type Lagrangian struct {
	Target  float64
	Start   float64
	Warmup  int
	LR      float64
	Lambda1 float64
	Lambda2 float64
}

// TargetAt returns the target at a step.
func (l *Lagrangian) TargetAt(step int) float64 {
	if l.Warmup <= 0 || step >= l.Warmup {
		return l.Target
	}
	return l.Start + (l.Target-l.Start)*float64(step)/float64(l.Warmup)
}

// Term returns the constraint term and dTerm/dE at a step for the current
// multipliers.
func (l *Lagrangian) Term(e float64, step int) (val, dE float64) {
	d := e - l.TargetAt(step)
	return l.Lambda1*d + l.Lambda2*d*d, l.Lambda1 + 2*l.Lambda2*d
}

// Ascend updates the multipliers by gradient ascent on the term at e.
func (l *Lagrangian) Ascend(e float64, step int) {
	d := e - l.TargetAt(step)
	l.Lambda1 += l.LR * d
	l.Lambda2 += l.LR * d * d
}
