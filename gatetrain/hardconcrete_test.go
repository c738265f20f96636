package gatetrain

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fdTol bounds |analytic − central difference| relative to max(1, |grad|):
// the functions are smooth away from the clip kinks and h = 1e-6 in float64
// leaves errors near 1e-8.
const (
	fdStep = 1e-6
	fdTol  = 1e-5
)

func TestGateDerivativeMatchesFiniteDifferences(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range []Concrete{DefaultConcrete(), {Beta: 0.66, Gamma: -0.2, Zeta: 1.3}, {Beta: 1, Gamma: -0.05, Zeta: 1.05}} {
		checked := 0
		for k := 0; k < 2000; k++ {
			la := r.Float64()*10 - 5
			u := 0.001 + 0.998*r.Float64()
			g, dg := c.Gate(la, u)
			gp, _ := c.Gate(la+fdStep, u)
			gm, _ := c.Gate(la-fdStep, u)
			if (gp == 0 || gp == 1) != (gm == 0 || gm == 1) || (g == 0 || g == 1) != (gp == 0 || gp == 1) {
				continue // a kink of the clip lies inside the difference
			}
			fd := (gp - gm) / (2 * fdStep)
			if math.Abs(fd-dg) > fdTol*math.Max(1, math.Abs(dg)) {
				t.Fatalf("%+v logα=%g u=%g: dg=%g, finite difference %g", c, la, u, dg, fd)
			}
			if g < 0 || g > 1 {
				t.Fatalf("gate %g outside [0,1]", g)
			}
			checked++
		}
		if checked < 1000 {
			t.Fatalf("%+v: only %d points away from the kinks", c, checked)
		}
	}
}

func TestPenaltyGradientMatchesFiniteDifferences(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	la := make([]float64, 12)
	for i := range la {
		la[i] = r.NormFloat64() * 3
	}
	for _, perLayer := range []bool{false, true} {
		p := Penalty{Concrete: DefaultConcrete(), PerLayer: perLayer, Blocks: 3}
		const w = 0.7
		grad := make([]float64, len(la))
		p.Value(la, w, grad)
		for i := range la {
			x := append([]float64(nil), la...)
			x[i] += fdStep
			vp := p.Value(x, 0, nil)
			x[i] -= 2 * fdStep
			vm := p.Value(x, 0, nil)
			fd := w * (vp - vm) / (2 * fdStep)
			if math.Abs(fd-grad[i]) > fdTol {
				t.Fatalf("perLayer=%v head %d: grad %g, finite difference %g", perLayer, i, grad[i], fd)
			}
		}
	}
}

// The expected L0 is the probability that a sampled gate is nonzero: check
// it against the frequency over many samples.
func TestPOpenIsTheProbabilityOfANonzeroGate(t *testing.T) {
	const n = 200000
	// 4.5 standard deviations of a binomial frequency at p(1-p) ≤ 1/4.
	tol := 4.5 * 0.5 / math.Sqrt(n)
	c := DefaultConcrete()
	s := NewSampler(42)
	for _, la := range []float64{-3, -1, 0, 0.5, 2} {
		nz := 0
		for k := 0; k < n; k++ {
			if g, _ := c.Gate(la, s.Uniform()); g > 0 {
				nz++
			}
		}
		p, _ := c.POpen(la)
		if f := float64(nz) / n; math.Abs(f-p) > tol {
			t.Errorf("logα=%g: P(open)=%g, frequency %g", la, p, f)
		}
	}
}

func TestTestGateAndDecision(t *testing.T) {
	c := DefaultConcrete()
	tests := []struct {
		la   float64
		open bool
	}{{-10, false}, {-0.01, false}, {0.01, true}, {10, true}}
	for _, tc := range tests {
		if got := c.Open(tc.la); got != tc.open {
			t.Errorf("Open(%g) = %v", tc.la, got)
		}
	}
	if g := c.TestGate(-10); g != 0 {
		t.Errorf("TestGate(-10) = %g, want 0 (clipped)", g)
	}
	if g := c.TestGate(10); g != 1 {
		t.Errorf("TestGate(10) = %g, want 1 (clipped)", g)
	}
	if g, want := c.TestGate(0), 0.5*(c.Zeta-c.Gamma)+c.Gamma; math.Abs(g-want) > 1e-15 {
		t.Errorf("TestGate(0) = %g, want %g", g, want)
	}
}

func TestSamplerStateRoundTrip(t *testing.T) {
	a := NewSampler(9)
	for i := 0; i < 17; i++ {
		a.Uniform()
	}
	st, err := a.State()
	if err != nil {
		t.Fatal(err)
	}
	b := NewSampler(12345)
	if err := b.SetState(st); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if x, y := a.Uniform(), b.Uniform(); x != y {
			t.Fatalf("draw %d: %g vs %g after restoring the state", i, x, y)
		}
	}
}

func TestAdamAndLagrangian(t *testing.T) {
	// Adam minimizes a quadratic.
	x := []float64{3, -2}
	a := NewAdam(2)
	for i := 0; i < 2000; i++ {
		g := []float64{2 * (x[0] - 1), 2 * (x[1] + 0.5)}
		a.Step(x, g, 0.01)
	}
	if math.Abs(x[0]-1) > 1e-3 || math.Abs(x[1]+0.5) > 1e-3 {
		t.Fatalf("Adam ended at %v, want [1 -0.5]", x)
	}
	// The multipliers grow while the constraint is violated.
	l := Lagrangian{Target: 3, LR: 0.1}
	l.Ascend(5, 0)
	if l.Lambda1 <= 0 || l.Lambda2 <= 0 {
		t.Fatalf("multipliers %g %g after a violation", l.Lambda1, l.Lambda2)
	}
	if _, d := l.Term(5, 0); d <= 0 {
		t.Fatalf("dTerm/dE = %g, want > 0 above the target", d)
	}
	w := Lagrangian{Target: 0.2, Start: 1, Warmup: 10}
	if got := w.TargetAt(5); math.Abs(got-0.6) > 1e-12 || w.TargetAt(10) != 0.2 {
		t.Fatalf("target warmup: %g at 5, %g at 10", got, w.TargetAt(10))
	}
	g := []float64{3, 4}
	if n := ClipNorm(g, 1); n != 5 || math.Abs(math.Hypot(g[0], g[1])-1) > 1e-12 {
		t.Fatalf("ClipNorm: norm %g, clipped %v", n, g)
	}
}

func TestSchedule(t *testing.T) {
	tests := []struct {
		s    Schedule
		step int
		want float64
	}{
		{Schedule{Kind: "constant", Base: 1, Warmup: 10, Total: 100}, 0, 1},
		{Schedule{Kind: "warmup", Base: 1, Warmup: 10, Total: 100}, 4, 0.5},
		{Schedule{Kind: "warmup", Base: 1, Warmup: 10, Total: 100}, 50, 1},
		{Schedule{Kind: "linear", Base: 1, Warmup: 10, Total: 110}, 60, 0.5},
		{Schedule{Kind: "linear", Base: 1, Warmup: 0, Total: 100}, 100, 0},
	}
	for _, tc := range tests {
		if got := tc.s.At(tc.step); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%+v at %d: %g, want %g", tc.s, tc.step, got, tc.want)
		}
	}
}
