package gatetrain

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// gradTol bounds the difference between Budget.Kept's derivative and
// central finite differences (Kept is a polynomial of degree 2 in the
// probabilities, so only rounding separates them).
const gradTol = 1e-6

// testBudget: units 0–2 are heads in sublayer 5, 3–4 neurons in sublayer
// 6, 7 a head outside any gated sublayer.
func testBudget() *Budget {
	return &Budget{What: "params", Dense: 100, Target: 60,
		Saved:  []float64{3, 3, 3, 2, 2, 20, 15, 4},
		Parent: []int{5, 5, 5, 6, 6, -1, -1, -1}}
}

func TestBudgetKept(t *testing.T) {
	b := testBudget()
	if err := b.Validate(8); err != nil {
		t.Fatal(err)
	}
	// A decision: a removed sublayer takes its heads with it.
	z := []float64{0, 1, 1, 0, 1, 0, 1, 0}
	if got, want := b.Kept(z, nil), 100-20.0-2-4; got != want {
		t.Errorf("kept %g, want %g", got, want)
	}
	r := rand.New(rand.NewPCG(3, 4))
	p := make([]float64, 8)
	for i := range p {
		p[i] = r.Float64()
	}
	grad := make([]float64, 8)
	b.Kept(p, grad)
	const h = 1e-4
	for i := range p {
		q := append([]float64(nil), p...)
		q[i] += h
		up := b.Kept(q, nil)
		q[i] -= 2 * h
		fd := (up - b.Kept(q, nil)) / (2 * h)
		if math.Abs(fd-grad[i]) > gradTol {
			t.Errorf("d kept/d p[%d] = %g, finite differences %g", i, grad[i], fd)
		}
	}
}

// TestBudgetFit: from any decision, Fit ends at most at the target and
// less than the largest unit's saving below it (every target here can be
// reached: closing everything leaves 61).
func TestBudgetFit(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 200; trial++ {
		b := testBudget()
		b.Target = 61 + 39*r.Float64() // 61: everything closed
		la := make([]float64, 8)
		open := make([]bool, 8)
		for i := range la {
			la[i] = r.NormFloat64()
			open[i] = r.IntN(2) == 0
		}
		kept := b.Fit(la, open)
		z := make([]float64, 8)
		for i, o := range open {
			if o {
				z[i] = 1
			}
		}
		if k := b.Kept(z, nil); k != kept || kept > b.Target || (kept < b.Target-20 && kept != 100) {
			t.Fatalf("trial %d: target %g, Fit says %g, decision %v costs %g", trial, b.Target, kept, open, k)
		}
	}
}

// TestFitAll: with two budgets over the same units (one pricing
// sublayers high, one heads and neurons), FitAll ends within both targets
// from any decision, one of them less than its largest unit's saving
// below its target; with one budget it decides as Fit.
func TestFitAll(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 300; trial++ {
		a := testBudget()
		b := &Budget{What: "ms", Dense: 50, Saved: []float64{4, 4, 4, 3, 3, 5, 2, 6}, Parent: a.Parent}
		a.Target = 61 + 39*r.Float64()
		b.Target = 50 - 30*r.Float64() // closing everything leaves 50 − 5 − 2 − 6 = 37
		if b.Target < 37 {
			b.Target = 37
		}
		la := make([]float64, 8)
		open := make([]bool, 8)
		for i := range la {
			la[i] = r.NormFloat64()
			open[i] = r.IntN(2) == 0
		}
		single := append([]bool(nil), open...)
		kept := FitAll([]*Budget{a, b}, la, open)
		z := make([]float64, 8)
		for i, o := range open {
			if o {
				z[i] = 1
			}
		}
		if kept[0] != a.Kept(z, nil) || kept[1] != b.Kept(z, nil) || kept[0] > a.Target || kept[1] > b.Target {
			t.Fatalf("trial %d: targets %g, %g; FitAll says %v, decision %v", trial, a.Target, b.Target, kept, open)
		}
		// One target binds: its cost lies less than its largest unit's
		// saving below it (20 and 6), unless every unit is open.
		if !(kept[0] > a.Target-20 || kept[1] > b.Target-6 || !slices.Contains(open, false)) {
			t.Errorf("trial %d: targets %g, %g; decision %v costs %v, neither target binds", trial, a.Target, b.Target, open, kept)
		}
		alone := append([]bool(nil), single...)
		if k1, k2 := a.Fit(la, single), FitAll([]*Budget{a}, la, alone); k1 != k2[0] || !slices.Equal(single, alone) {
			t.Fatalf("trial %d: Fit %g %v, FitAll alone %g %v", trial, k1, single, k2[0], alone)
		}
	}
}

func TestParseBudget(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want float64
		ok   bool
	}{{"50%", 500, true}, {"250", 250, true}, {"1e3", 1000, true}, {"0", 0, false}, {"120%", 0, false}, {"x%", 0, false}, {"5 0", 0, false}} {
		got, err := ParseBudget(tc.s, 1000)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseBudget(%q) = %g, %v", tc.s, got, err)
		}
	}
}
