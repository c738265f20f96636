package gatetrain

import (
	"fmt"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/structures"
)

// checkStructureTarget refuses a head target when FFN or sublayer gates
// are trained too: the target counts heads, the penalty would count every
// gate.
func checkStructureTarget(cfg Config, gates []GateInput) error {
	if cfg.TargetHeads == 0 {
		return nil
	}
	for _, gi := range gates {
		if gi.Structure != "" {
			return fmt.Errorf("gatetrain: a head target (%d heads) with FFN or sublayer gates (%s) is not supported: use the L0 penalty or a parameter or FLOP budget", cfg.TargetHeads, gi.Name)
		}
	}
	return nil
}

// addStructure appends to f the records of a structure gate's units: one
// per FFN neuron, or the sublayer's.
func addStructure(f *gatesfile.File, t *Trainer, gi GateInput, open []bool) {
	c := t.Cfg.Concrete
	for h := 0; h < gi.Heads; h++ {
		i := gi.Offset + h
		la := t.State.LogAlpha[i]
		p, _ := c.POpen(la)
		r := structures.GateRecord{Name: gi.Head(h), LogAlpha: la, POpen: p, Gate: c.TestGate(la), Keep: open[i]}
		if !open[i] {
			s := t.State.ClosedAt[i]
			if s < 0 {
				s = t.State.Step
			}
			r.ClosedAtStep = &s
		}
		if gi.Structure == structures.GateFFN {
			f.FFN = append(f.FFN, r)
		} else {
			f.Sublayers = append(f.Sublayers, r)
		}
	}
}
