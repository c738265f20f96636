package gatetrain

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Budget is a cost target for the kept model (--target-params,
// --target-flops, --target-time): the expected cost under the gates' open
// probabilities is driven to Target with the learned Lagrangian of
// TargetHeads, and the final decision costs at most Target.
//
// The cost of a decision is Dense minus what its closed units save:
//
//	saved = Σ_s (1−z_s)·Saved_s + Σ_u z_parent(u)·(1−z_u)·Saved_u
//
// over sublayer units s and the other units u (heads, FFN neurons), z the
// 0/1 open flags and z_parent(u) that of the gated sublayer holding u (1
// when none): a removed sublayer takes its heads and neurons with it. The
// expected cost puts P(open) in place of z (the gates are independent).
type Budget struct {
	// What names the cost in logs ("params", "FLOPs/token").
	What string `json:"what"`
	// Dense is the cost of the uncut model and Target the cost to reach.
	Dense  float64 `json:"dense"`
	Target float64 `json:"target"`
	// Saved is what closing each unit saves, in parameter order (a
	// sublayer's: the whole sublayer, with what it holds).
	Saved []float64 `json:"-"`
	// Parent is the index of the gated sublayer unit holding each unit
	// (-1: none).
	Parent []int `json:"-"`
}

// Validate checks the budget against n units.
func (b *Budget) Validate(n int) error {
	switch {
	case len(b.Saved) != n || len(b.Parent) != n:
		return fmt.Errorf("gatetrain: the %s budget has costs for %d units, the model has %d gated units", b.What, len(b.Saved), n)
	case !(b.Dense > 0) || !(b.Target > 0) || b.Target > b.Dense:
		return fmt.Errorf("gatetrain: %s target %g outside (0, %g] (the dense model's)", b.What, b.Target, b.Dense)
	}
	for i, p := range b.Parent {
		if p >= n || p == i || (p >= 0 && b.Parent[p] >= 0) {
			return fmt.Errorf("gatetrain: unit %d has parent %d", i, p)
		}
	}
	return nil
}

// Kept returns the cost of the kept model when unit i is open with
// probability open[i] (0 or 1 for a decision), and its derivative with
// respect to each open[i] in grad (grad may be nil).
func (b *Budget) Kept(open, grad []float64) float64 {
	saved := 0.0
	for i := range grad {
		grad[i] = 0
	}
	for i, c := range b.Saved {
		q := 1.0
		if p := b.Parent[i]; p >= 0 {
			q = open[p]
			if grad != nil {
				grad[p] -= (1 - open[i]) * c
			}
		}
		saved += q * (1 - open[i]) * c
		if grad != nil {
			grad[i] += q * c
		}
	}
	return b.Dense - saved
}

// Fit makes the decision cost at most Target and fill it as far as units
// allow (FitAll with b alone); it returns the decision's cost.
func (b *Budget) Fit(logAlpha []float64, open []bool) float64 {
	return FitAll([]*Budget{b}, logAlpha, open)[0]
}

// FitAll makes the decision cost at most every budget's Target and fill
// them as far as units allow; the budgets cost the same units (Parent is
// the first's). First, largest log α first, it reopens each closed unit
// whose reopening keeps every cost at or below its target; then, smallest
// log α first, it closes open units that lower a cost still above its
// target, each whose closing leaves every such cost at or above its
// target, and, if some cost is still above, the next ones until none is.
// Units inside a closed sublayer are passed over (they change nothing).
// It returns the decision's costs, each at most its target and one of
// them in (Target − s, Target], s the largest saving of one unit in that
// budget, unless every unit stays open.
func FitAll(bs []*Budget, logAlpha []float64, open []bool) []float64 {
	z := make([]float64, len(open))
	for i, o := range open {
		if o {
			z[i] = 1
		}
	}
	idx := make([]int, len(open))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, c int) bool { return logAlpha[idx[a]] < logAlpha[idx[c]] })
	parent := bs[0].Parent
	moot := func(i int) bool { return parent[i] >= 0 && !open[parent[i]] }
	costs := func() []float64 {
		k := make([]float64, len(bs))
		for j, b := range bs {
			k[j] = b.Kept(z, nil)
		}
		return k
	}
	within := func(k []float64) bool {
		for j, b := range bs {
			if k[j] > b.Target {
				return false
			}
		}
		return true
	}
	kept := costs()
	for j := len(idx) - 1; j >= 0; j-- {
		i := idx[j]
		if open[i] || moot(i) {
			continue
		}
		z[i] = 1
		if k := costs(); within(k) {
			open[i], kept = true, k
		} else {
			z[i] = 0
		}
	}
	for pass := 0; pass < 2; pass++ {
		for _, i := range idx {
			if within(kept) {
				return kept
			}
			if !open[i] || moot(i) {
				continue
			}
			z[i] = 0
			k := costs()
			helps, overshoots := false, false
			for j, b := range bs {
				if kept[j] > b.Target {
					helps = helps || k[j] < kept[j]
					overshoots = overshoots || k[j] < b.Target
				}
			}
			if !helps || pass == 0 && overshoots {
				z[i] = 1
				continue
			}
			open[i], kept = false, k
		}
	}
	return kept
}

// budgetTerms adds the Lagrangian terms of the budgets to grad (d/dlog α)
// and returns their sum with each budget's expected kept fraction.
func (t *Trainer) budgetTerms(grad []float64) (term float64, fracs []float64) {
	st, c := t.State, t.Cfg.Concrete
	p := make([]float64, len(st.LogAlpha))
	dp := make([]float64, len(p))
	for i, la := range st.LogAlpha {
		p[i], dp[i] = c.POpen(la)
	}
	dk := make([]float64, len(p))
	for j, b := range t.Cfg.Budgets {
		frac := b.Kept(p, dk) / b.Dense
		tj, dF := st.BudgetLags[j].Term(frac, st.Step)
		for i := range grad {
			grad[i] += dF * dk[i] / b.Dense * dp[i]
		}
		term += tj
		fracs = append(fracs, frac)
	}
	return term, fracs
}

// startFraction is the expected kept fraction with every gate at log α la.
func (b *Budget) startFraction(c Concrete, la float64) float64 {
	p, _ := c.POpen(la)
	z := make([]float64, len(b.Saved))
	for i := range z {
		z[i] = p
	}
	return b.Kept(z, nil) / b.Dense
}

// ParseBudget reads a target given as a count (1.5e6, 12000000) or as a
// percentage of dense ("50%").
func ParseBudget(s string, dense float64) (float64, error) {
	v, pct, err := parseBudgetText(s)
	if err != nil {
		return 0, err
	}
	if pct {
		v = dense * v / 100
	}
	if !(v > 0) || math.IsInf(v, 0) || v > dense {
		return 0, fmt.Errorf("gatetrain: target %q is outside (0, %.6g] (the dense model's)", s, dense)
	}
	return v, nil
}

// CheckBudgetText reports a target that is neither a number nor a
// percentage, before the dense cost it is read against is known.
func CheckBudgetText(s string) error {
	_, _, err := parseBudgetText(s)
	return err
}

// parseBudgetText reads the number of a target and whether it is a
// percentage.
func parseBudgetText(s string) (v float64, pct bool, err error) {
	num, pct := strings.CutSuffix(strings.TrimSpace(s), "%")
	if v, err = strconv.ParseFloat(num, 64); err != nil {
		return 0, false, fmt.Errorf("gatetrain: target %q: want a number or a percentage (50%%)", s)
	}
	return v, pct, nil
}
