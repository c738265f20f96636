package gatetrain

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Concrete holds the Hard Concrete constants of Louizos et al. (2018) as used
// by Voita et al. (2019): temperature Beta and the stretch interval
// (Gamma, Zeta) with Gamma < 0 < 1 < Zeta.
type Concrete struct {
	Beta  float64
	Gamma float64
	Zeta  float64
}

// DefaultConcrete returns the constants of the paper's code: β = 0.33,
// γ = −0.1, ζ = 1.1.
func DefaultConcrete() Concrete { return Concrete{Beta: 0.33, Gamma: -0.1, Zeta: 1.1} }

// Validate checks β > 0 and γ < 0 < 1 < ζ.
func (c Concrete) Validate() error {
	if !(c.Beta > 0) || math.IsInf(c.Beta, 0) {
		return fmt.Errorf("gatetrain: hard concrete: beta %g must be positive", c.Beta)
	}
	if !(c.Gamma < 0) || !(c.Zeta > 1) || math.IsInf(c.Gamma, 0) || math.IsInf(c.Zeta, 0) {
		return fmt.Errorf("gatetrain: hard concrete: need gamma < 0 and zeta > 1, have gamma %g zeta %g", c.Gamma, c.Zeta)
	}
	return nil
}

func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// Gate computes the sampled gate for noise u in (0, 1):
//
//	s = σ((log u − log(1−u) + logα)/β),  s̄ = s(ζ−γ)+γ,  g = clip(s̄, 0, 1)
//
// and its derivative dg/dlogα = (ζ−γ)·s(1−s)/β where 0 < s̄ < 1, and 0
// where the clip is active.
func (c Concrete) Gate(logAlpha, u float64) (g, dg float64) {
	s := sigmoid((math.Log(u) - math.Log1p(-u) + logAlpha) / c.Beta)
	sb := s*(c.Zeta-c.Gamma) + c.Gamma
	switch {
	case sb <= 0:
		return 0, 0
	case sb >= 1:
		return 1, 0
	}
	return sb, (c.Zeta - c.Gamma) * s * (1 - s) / c.Beta
}

// POpen returns the probability that a sampled gate is nonzero,
// σ(logα − β·log(−γ/ζ)) (the expected L0 norm of one gate), and its
// derivative with respect to logα, p(1−p).
func (c Concrete) POpen(logAlpha float64) (p, dp float64) {
	p = sigmoid(logAlpha - c.Beta*math.Log(-c.Gamma/c.Zeta))
	return p, p * (1 - p)
}

// TestGate returns the deterministic gate used after training,
// clip(σ(logα)(ζ−γ)+γ, 0, 1).
func (c Concrete) TestGate(logAlpha float64) float64 {
	return math.Min(1, math.Max(0, sigmoid(logAlpha)*(c.Zeta-c.Gamma)+c.Gamma))
}

// Open is the final 0/1 decision: a head stays when its test-time gate
// exceeds one half (with the defaults, γ = 1 − ζ, that is logα > 0).
func (c Concrete) Open(logAlpha float64) bool {
	return c.TestGate(logAlpha) > 0.5
}

// Sampler draws the uniform noise of the gates from a seeded PCG generator
// whose state can be saved and restored, so a resumed run draws the same
// noise as an uninterrupted one.
type Sampler struct {
	pcg *rand.PCG
	r   *rand.Rand
}

// NewSampler returns a sampler seeded with seed.
func NewSampler(seed uint64) *Sampler {
	p := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &Sampler{pcg: p, r: rand.New(p)}
}

// Uniform returns a number in the open interval (0, 1).
func (s *Sampler) Uniform() float64 {
	for {
		u := s.r.Float64()
		if u > 0 {
			return u
		}
	}
}

// Rand returns the generator (for shuffling with the same stream).
func (s *Sampler) Rand() *rand.Rand { return s.r }

// State returns the generator state.
func (s *Sampler) State() ([]byte, error) { return s.pcg.MarshalBinary() }

// SetState restores a state returned by State.
func (s *Sampler) SetState(b []byte) error {
	if err := s.pcg.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("gatetrain: sampler state: %w", err)
	}
	return nil
}

// Penalty is the expected-L0 term over a set of gates grouped in blocks
// (one block per attention layer): Σ_i P(open_i), divided by the number of
// blocks when PerLayer is set (the paper's code averages over layers).
type Penalty struct {
	Concrete Concrete
	PerLayer bool
	Blocks   int
}

// Value returns the penalty for the given log α and adds d(penalty)/dlogα
// scaled by weight into grad (grad may be nil).
func (p Penalty) Value(logAlpha []float64, weight float64, grad []float64) float64 {
	scale := 1.0
	if p.PerLayer && p.Blocks > 0 {
		scale = 1 / float64(p.Blocks)
	}
	var sum float64
	for i, la := range logAlpha {
		q, dq := p.Concrete.POpen(la)
		sum += q
		if grad != nil {
			grad[i] += weight * scale * dq
		}
	}
	return sum * scale
}
