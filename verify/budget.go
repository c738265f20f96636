package verify

import (
	"fmt"
	"slices"

	"onnxprune/gatetrain"
	"onnxprune/graphedit/structures"
)

// CorpusShape is the call a budget's FLOPs are counted at: one sentence of
// the corpus's median source and target lengths.
func CorpusShape(c *gatetrain.Corpus) FLOPShape {
	var src, tgt []int
	for _, p := range c.Pairs {
		src = append(src, len(p.Src))
		tgt = append(tgt, len(p.Tgt))
	}
	med := func(x []int) int {
		if len(x) == 0 {
			return 1
		}
		slices.Sort(x)
		return max(1, x[len(x)/2])
	}
	return FLOPShape{Batch: 1, SrcLen: med(src), TgtLen: med(tgt)}
}

// BudgetTarget asks for a parameter or FLOP budget: Params or FLOPs (not
// both) is a count or a percentage of the dense model's ("50%").
type BudgetTarget struct {
	Params, FLOPs string
}

// Set reports whether a target is given; both at once is an error.
func (b BudgetTarget) Set() (bool, error) {
	if b.Params != "" && b.FLOPs != "" {
		return false, fmt.Errorf("target-params and target-flops exclude each other")
	}
	return b.Params != "" || b.FLOPs != "", nil
}

// MeasureBudget makes the budget of bt for the gate units of gates (as
// gatetrain.FindGates lists them): what closing each saves is measured by
// cutting it from the ungated model files (CostMeter at shape), and each
// head and FFN unit is tied to the gated sublayer holding it. A target
// that closing every unit cannot reach is an error. loaded are the files
// the caller has in memory (NewCostMeter).
func MeasureBudget(bt BudgetTarget, paths, allowDirs []string, loaded map[string]*LoadedFile, gates []gatetrain.GateInput, shape FLOPShape) (*gatetrain.Budget, error) {
	meter, err := NewCostMeter(paths, allowDirs, shape, true, loaded)
	if err != nil {
		return nil, err
	}
	defer meter.Close()
	b := &gatetrain.Budget{What: "params", Dense: float64(meter.Dense.Params)}
	target, flag := bt.Params, "target-params"
	if bt.FLOPs != "" {
		b.What, b.Dense, target, flag = "FLOPs/token", meter.Dense.FLOPs, bt.FLOPs, "target-flops"
	}
	if b.Target, err = gatetrain.ParseBudget(target, b.Dense); err != nil {
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	sublayer := map[string]int{}
	n := 0
	for _, gi := range gates {
		for h := 0; h < gi.Heads; h++ {
			if gi.Structure == structures.GateSublayer {
				sublayer[gi.Head(h)] = n
			}
			n++
		}
	}
	parentOf := func(name string) int {
		if i, ok := sublayer[name]; ok {
			return i
		}
		return -1
	}
	for _, gi := range gates {
		for h := 0; h < gi.Heads; h++ {
			c, err := meter.UnitCost(gi.Head(h))
			if err != nil {
				return nil, err
			}
			saved := float64(c.Params)
			if bt.FLOPs != "" {
				saved = c.FLOPs
			}
			parent := -1
			switch gi.Structure {
			case "":
				parent = parentOf("sublayer:" + structures.BlockSublayer(gi.Kind, gi.Layer))
			case structures.GateFFN:
				parent = parentOf("sublayer:" + gi.Key + ":" + string(structures.PartFFN))
			}
			b.Saved = append(b.Saved, saved)
			b.Parent = append(b.Parent, parent)
		}
	}
	if floor := b.Kept(make([]float64, len(b.Saved)), nil); floor > b.Target {
		return nil, fmt.Errorf("the %s target %.4g is out of reach: closing every gated unit leaves %.4g of %.4g (gate more structures)", b.What, b.Target, floor, b.Dense)
	}
	return b, nil
}
