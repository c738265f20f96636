package attribution

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
)

// UnitGate is one FFN or sublayer gate of the analysis graph: a vector of
// Size units (an FFN's neurons or groups of Group neurons; one for a
// sublayer).
type UnitGate struct {
	// Gate is the graph input, Structure `ffn:KIND:LAYER` or
	// `sublayer:STACK:LAYER:PART`.
	Gate      string
	Structure string
	Kind      structures.GateKind
	Key       string
	Group     int64
	Size      int
}

// Unit returns the name of unit i (structures.UnitName).
func (u UnitGate) Unit(i int) string { return structures.UnitName(u.Kind, u.Key, i, u.Group) }

// gateStructures gates g's FFNs and sublayers as l asks; blocks are g's
// attention blocks (its heads already gated), which the structure
// discovery takes instead of finding them again.
func gateStructures(g *graphedit.Graph, blocks []*heads.Block, l structures.List) ([]UnitGate, error) {
	if l.HeadsOnly() {
		return nil, nil
	}
	d, err := structures.DiscoverWith(g, &heads.Discovery{Blocks: blocks})
	if err != nil {
		return nil, fmt.Errorf("attribution: %w", err)
	}
	for _, nu := range d.NotUnderstood {
		if nu.Structure != "attention" {
			return nil, fmt.Errorf("attribution: %w", nu)
		}
	}
	gates, err := structures.InsertGates(g, d, l.FFNGroup, l.Sublayers)
	if err != nil {
		return nil, fmt.Errorf("attribution: %w", err)
	}
	var out []UnitGate
	for _, gt := range gates {
		kind, key, group, ok := structures.ParseGateName(gt.Name)
		if !ok {
			return nil, fmt.Errorf("attribution: gate input %q not understood", gt.Name)
		}
		out = append(out, UnitGate{Gate: gt.Name, Structure: gt.Structure, Kind: kind, Key: key, Group: group, Size: int(gt.Size)})
	}
	return out, nil
}

// UnitReport is the importance and relevance of one FFN neuron (or group)
// or sublayer.
type UnitReport struct {
	// Name is the unit (`ffn:KIND:LAYER:N`, `ffn:KIND:LAYER:A-B`,
	// `sublayer:STACK:LAYER:PART`), Structure the FFN or sublayer.
	Name      string `json:"name"`
	Structure string `json:"structure"`
	// Importance is Michel et al.'s mean |∂L/∂g| at g = 1 divided by the
	// L2 norm over the units of its FFN (over all sublayers for a
	// sublayer); ImportanceRaw before normalising.
	Importance    float64 `json:"importance"`
	ImportanceRaw float64 `json:"importance_raw"`
	// Relevance is the mean g·∂R/∂g (LRP of the top-1 logit, the heads'
	// rules) divided by the sum of its absolute values over the same
	// units; RelevanceRaw before normalising.
	Relevance    float64 `json:"relevance"`
	RelevanceRaw float64 `json:"relevance_raw"`
}

// unitAcc sums the per-example measures of the units.
type unitAcc struct {
	grad, rel [][]float64 // per UnitGate, per unit
}

func newUnitAcc(units []UnitGate) *unitAcc {
	a := &unitAcc{}
	for _, u := range units {
		a.grad = append(a.grad, make([]float64, u.Size))
		a.rel = append(a.rel, make([]float64, u.Size))
	}
	return a
}

func (a *unitAcc) add(r *Result) error {
	if len(r.UnitGrad) != len(a.grad) {
		return fmt.Errorf("attribution: %d unit gradients for %d gates", len(r.UnitGrad), len(a.grad))
	}
	for i := range a.grad {
		if len(r.UnitGrad[i]) != len(a.grad[i]) || len(r.UnitRel[i]) != len(a.rel[i]) {
			return fmt.Errorf("attribution: gate %d: %d gradients for %d units", i, len(r.UnitGrad[i]), len(a.grad[i]))
		}
		for j, v := range r.UnitGrad[i] {
			a.grad[i][j] += math.Abs(v)
			a.rel[i][j] += r.UnitRel[i][j]
		}
	}
	return nil
}

// report averages over n examples and normalises per FFN and over the
// sublayers.
func (a *unitAcc) report(units []UnitGate, n int) []UnitReport {
	var out []UnitReport
	type norm struct{ l2, l1 float64 }
	norms := map[string]*norm{}
	group := func(u UnitGate) string {
		if u.Kind == structures.GateSublayer {
			return "sublayers"
		}
		return u.Structure
	}
	d := math.Max(1, float64(n))
	for i, u := range units {
		nm := norms[group(u)]
		if nm == nil {
			nm = &norm{}
			norms[group(u)] = nm
		}
		for j := range a.grad[i] {
			nm.l2 += (a.grad[i][j] / d) * (a.grad[i][j] / d)
			nm.l1 += math.Abs(a.rel[i][j] / d)
		}
	}
	for i, u := range units {
		nm := norms[group(u)]
		for j := range a.grad[i] {
			r := UnitReport{Name: u.Unit(j), Structure: u.Structure, ImportanceRaw: a.grad[i][j] / d, RelevanceRaw: a.rel[i][j] / d}
			if nm.l2 > 0 {
				r.Importance = r.ImportanceRaw / math.Sqrt(nm.l2)
			}
			if nm.l1 > 0 {
				r.Relevance = r.RelevanceRaw / nm.l1
			}
			out = append(out, r)
		}
	}
	return out
}

// UnitLines summarizes the units in text: for each FFN its k most and k
// least important units, then every sublayer, most important first, each
// with importance and relevance.
func UnitLines(units []UnitReport, k int) []string {
	var order []string
	by := map[string][]UnitReport{}
	for _, u := range units {
		g := u.Structure
		if strings.HasPrefix(g, "sublayer:") {
			g = "sublayers"
		}
		if by[g] == nil {
			order = append(order, g)
		}
		by[g] = append(by[g], u)
	}
	f := func(us []UnitReport) string {
		var parts []string
		for _, u := range us {
			parts = append(parts, fmt.Sprintf("%s %.3f/%.3f", u.Name, u.Importance, u.Relevance))
		}
		return strings.Join(parts, ", ")
	}
	var out []string
	for _, g := range order {
		us := append([]UnitReport(nil), by[g]...)
		sort.SliceStable(us, func(i, j int) bool { return us[i].Importance > us[j].Importance })
		if g == "sublayers" || len(us) <= 2*k {
			out = append(out, fmt.Sprintf("%s (importance/relevance): %s", g, f(us)))
			continue
		}
		out = append(out, fmt.Sprintf("%s (importance/relevance of %d units): most %s; least %s", g, len(us), f(us[:k]), f(us[len(us)-k:])))
	}
	return out
}
