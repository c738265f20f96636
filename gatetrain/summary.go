package gatetrain

import (
	"fmt"
	"strings"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/structures"
)

// plotRow is one row of the P(open) record (State.POpen, StepInfo.POpen)
// and heatmap: a head or a sublayer (one unit), or an FFN (its units
// [First, First+N), neurons or groups, shown by their mean), so that
// thousands of neuron gates make a row per layer, not a row each.
type plotRow struct {
	Name     string
	First, N int
}

// plotRows lists the rows in parameter order.
func (t *Trainer) plotRows() []plotRow {
	var rows []plotRow
	for _, gi := range t.TG.Gates {
		if gi.Structure == structures.GateFFN {
			rows = append(rows, plotRow{Name: "ffn:" + gi.Key, First: gi.Offset, N: gi.Heads})
			continue
		}
		for h := 0; h < gi.Heads; h++ {
			rows = append(rows, plotRow{Name: gi.Head(h), First: gi.Offset + h, N: 1})
		}
	}
	return rows
}

// RowNames names the rows of StepInfo.POpen and of the heatmap: each head
// and sublayer (`KIND:LAYER:HEAD`, `sublayer:…`) and each FFN
// (`ffn:KIND:LAYER`, the mean over its neurons or groups).
func (t *Trainer) RowNames() []string {
	var s []string
	for _, r := range t.plotRows() {
		s = append(s, r.Name)
	}
	return s
}

// rowMeans averages per-unit values over the rows.
func rowMeans(rows []plotRow, unit []float64) []float64 {
	out := make([]float64, len(rows))
	for i, r := range rows {
		var sum float64
		for _, v := range unit[r.First : r.First+r.N] {
			sum += v
		}
		out[i] = sum / float64(r.N)
	}
	return out
}

// OpenCount is the number of open units of one kind of structure.
type OpenCount struct {
	// Structure is "heads", "neurons" (FFN neurons or groups) or
	// "sublayers".
	Structure string `json:"structure"`
	Open      int    `json:"open"`
	Units     int    `json:"units"`
}

// openCounts counts the open units per kind of structure, in the order
// heads, neurons, sublayers (kinds without gates left out).
func (t *Trainer) openCounts(open func(i int) bool) []OpenCount {
	idx := map[structures.GateKind]int{"": 0, structures.GateFFN: 1, structures.GateSublayer: 2}
	counts := []OpenCount{{Structure: "heads"}, {Structure: "neurons"}, {Structure: "sublayers"}}
	for _, gi := range t.TG.Gates {
		c := &counts[idx[gi.Structure]]
		for h := 0; h < gi.Heads; h++ {
			c.Units++
			if open(gi.Offset + h) {
				c.Open++
			}
		}
	}
	var out []OpenCount
	for _, c := range counts {
		if c.Units > 0 {
			out = append(out, c)
		}
	}
	return out
}

// FormatCounts writes counts as "66/96 heads 4100/4608 neurons 14/21
// sublayers".
func FormatCounts(counts []OpenCount) string {
	var parts []string
	for _, c := range counts {
		parts = append(parts, fmt.Sprintf("%d/%d %s", c.Open, c.Units, c.Structure))
	}
	return strings.Join(parts, " ")
}

// traceEvery is the drop in open units between two trace snapshots: every
// drop for heads and sublayers alone, one percent of the units with FFN
// gates (thousands of neurons would write thousands of files).
func (t *Trainer) traceEvery() int {
	for _, gi := range t.TG.Gates {
		if gi.Structure == structures.GateFFN {
			return max(1, len(t.State.LogAlpha)/100)
		}
	}
	return 1
}

// rowFinal labels each row's final decision: kept or cut, or for an FFN
// row the units kept of all.
func rowFinal(rows []plotRow, final []bool) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		k := 0
		for _, f := range final[r.First : r.First+r.N] {
			if f {
				k++
			}
		}
		switch {
		case r.N > 1:
			out[i] = fmt.Sprintf("%d/%d", k, r.N)
		case k == 1:
			out[i] = "kept"
		default:
			out[i] = "cut"
		}
	}
	return out
}

// OpenSummary counts the kept units of a gates file per kind of structure,
// as FormatCounts writes them.
func OpenSummary(f *gatesfile.File) string {
	count := func(name string, keep []bool) OpenCount {
		c := OpenCount{Structure: name, Units: len(keep)}
		for _, k := range keep {
			if k {
				c.Open++
			}
		}
		return c
	}
	var hk, fk, sk []bool
	for _, r := range f.Heads {
		hk = append(hk, r.Keep)
	}
	for _, r := range f.FFN {
		fk = append(fk, r.Keep)
	}
	for _, r := range f.Sublayers {
		sk = append(sk, r.Keep)
	}
	var out []OpenCount
	for _, c := range []OpenCount{count("heads", hk), count("neurons", fk), count("sublayers", sk)} {
		if c.Units > 0 {
			out = append(out, c)
		}
	}
	return FormatCounts(out)
}
