package main

import (
	"fmt"
	"io"
	"slices"
	"time"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/verify"
)

// budgetTarget is a --target-params or --target-flops request.
type budgetTarget struct {
	params, flops string
}

// set reports whether a target was given; both is a usage error.
func (b budgetTarget) set() (bool, error) {
	if b.params != "" && b.flops != "" {
		return false, &usageError{msg: "--target-params and --target-flops exclude each other"}
	}
	return b.params != "" || b.flops != "", nil
}

// budgetShape is the call FLOPs are counted at: one sentence of the
// corpus's median source and target lengths.
func budgetShape(c *gatetrain.Corpus) verify.FLOPShape {
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
	return verify.FLOPShape{Batch: 1, SrcLen: med(src), TgtLen: med(tgt)}
}

// makeBudget measures what closing each gate unit of g saves by cutting
// it from the ungated model files (verify.CostMeter) and returns the
// budget of the target.
func makeBudget(bt budgetTarget, files, allowDirs []string, g *graphedit.Graph, kinds []heads.Kind, shape verify.FLOPShape, stdout io.Writer) (*gatetrain.Budget, error) {
	gates, err := gatetrain.FindGates(g, kinds)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	meter, err := verify.NewCostMeter(files, allowDirs, shape, true)
	if err != nil {
		return nil, err
	}
	defer meter.Close()
	b := &gatetrain.Budget{What: "params", Dense: float64(meter.Dense.Params)}
	target := bt.params
	if bt.flops != "" {
		b.What, b.Dense, target = "FLOPs/token", meter.Dense.FLOPs, bt.flops
	}
	if b.Target, err = gatetrain.ParseBudget(target, b.Dense); err != nil {
		return nil, &usageError{msg: "--target-" + map[string]string{"params": "params", "FLOPs/token": "flops"}[b.What] + ": " + err.Error()}
	}
	sublayer := map[string]int{}
	var names []string
	for _, gi := range gates {
		for h := 0; h < gi.Heads; h++ {
			n := gi.Head(h)
			if gi.Structure == structures.GateSublayer {
				sublayer[n] = len(names)
			}
			names = append(names, n)
		}
	}
	for _, gi := range gates {
		for h := 0; h < gi.Heads; h++ {
			n := gi.Head(h)
			c, err := meter.UnitCost(n)
			if err != nil {
				return nil, err
			}
			saved := float64(c.Params)
			if bt.flops != "" {
				saved = c.FLOPs
			}
			parent := -1
			switch gi.Structure {
			case "":
				parent = parentOf(sublayer, "sublayer:"+structures.BlockSublayer(gi.Kind, gi.Layer))
			case structures.GateFFN:
				parent = parentOf(sublayer, "sublayer:"+gi.Key+":"+string(structures.PartFFN))
			}
			b.Saved = append(b.Saved, saved)
			b.Parent = append(b.Parent, parent)
		}
	}
	if floor := b.Kept(make([]float64, len(b.Saved)), nil); floor > b.Target {
		return nil, fmt.Errorf("the %s target %.4g is out of reach: closing every gated unit leaves %.4g of %.4g (gate more structures with --structures)", b.What, b.Target, floor, b.Dense)
	}
	fmt.Fprintf(stdout, "budget: %s %.4g of %.4g dense (%.1f%%); FLOPs counted per generated token at batch 1, source %d, target %d tokens (the corpus's medians); what each of %d units saves measured by cutting it in %.1fs\n",
		b.What, b.Target, b.Dense, 100*b.Target/b.Dense, shape.SrcLen, shape.TgtLen, len(names), time.Since(start).Seconds())
	return b, nil
}

// parentOf is the index of a gated sublayer unit, -1 when not gated.
func parentOf(sublayer map[string]int, name string) int {
	if i, ok := sublayer[name]; ok {
		return i
	}
	return -1
}
