package attribution

import (
	"context"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// groupTol bounds |∂L/∂g_group − Σ ∂L/∂g_neuron| (float32 sums of 8
// gradients about 1e-2 in size).
const groupTol = 1e-5

// analyzerOf builds the analyzer of the planted-redundancy model
// (models/planted) with opts.
func analyzerOf(t *testing.T, opts Options) *Analyzer {
	t.Helper()
	m, err := onnxio.Load("../models/planted/planted_ungated.onnx", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(g, m, graphedit.IORoles{}, ortrun.Options{IntraOpThreads: 1}, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// plantedExample reads line n of the planted dev corpus (token ids).
func plantedExample(t *testing.T, n int) Example {
	t.Helper()
	ids := func(path string) []int64 {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, f := range strings.Fields(strings.Split(string(b), "\n")[n]) {
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	src, tgt := ids("../models/planted/dev.src"), ids("../models/planted/dev.tgt")
	return Example{Src: append(src, 2), DecIn: append([]int64{1}, tgt...), Labels: append(tgt, 2)}
}

// TestStructureGates: FFN and sublayer gates in the analysis graph leave
// every head's gradient and relevance as they were, and a gate on a group
// of 8 neurons gets the sum of its neurons' gradients and relevances (the
// group gate multiplies them all), for the plain loss gradient (Michel
// importance) and the LRP signal alike; every sublayer gets a gradient.
func TestStructureGates(t *testing.T) {
	plain := analyzerOf(t, Options{})
	neurons := analyzerOf(t, Options{Structures: structures.List{FFNGroup: 1, Sublayers: true}})
	groups := analyzerOf(t, Options{Structures: structures.List{FFNGroup: 8}})
	if len(neurons.Graph.Units) != 2+5 || len(groups.Graph.Units) != 2 {
		t.Fatalf("unit gates: %d and %d, want 7 (2 FFNs, 5 sublayers) and 2", len(neurons.Graph.Units), len(groups.Graph.Units))
	}
	for n := 0; n < 3; n++ {
		ex := plantedExample(t, n)
		rp, err := plain.Run(ex)
		if err != nil {
			t.Fatal(err)
		}
		rn, err := neurons.Run(ex)
		if err != nil {
			t.Fatal(err)
		}
		rg, err := groups.Run(ex)
		if err != nil {
			t.Fatal(err)
		}
		for b := range rp.Grad {
			for h := range rp.Grad[b] {
				if rp.Grad[b][h] != rn.Grad[b][h] || rp.Rel[b][h] != rn.Rel[b][h] {
					t.Errorf("sentence %d, %s head %d: gradient %g, relevance %g without structure gates; %g, %g with", n, plain.Graph.Blocks[b].Name, h,
						rp.Grad[b][h], rp.Rel[b][h], rn.Grad[b][h], rn.Rel[b][h])
				}
			}
		}
		for i := range rg.UnitGrad {
			for k := range rg.UnitGrad[i] {
				var sg, sr float64
				for j := 8 * k; j < 8*k+8; j++ {
					sg += rn.UnitGrad[i][j]
					sr += rn.UnitRel[i][j]
				}
				if math.Abs(sg-rg.UnitGrad[i][k]) > groupTol || math.Abs(sr-rg.UnitRel[i][k]) > groupTol {
					t.Errorf("sentence %d, %s: group gradient %g, relevance %g; its neurons sum to %g, %g", n, groups.Graph.Units[i].Unit(k),
						rg.UnitGrad[i][k], rg.UnitRel[i][k], sg, sr)
				}
			}
		}
		for i, u := range neurons.Graph.Units[2:] {
			if rn.UnitGrad[2+i][0] == 0 {
				t.Errorf("sentence %d: %s has no gradient", n, u.Unit(0))
			}
		}
	}
}

// TestStructureReport: the report lists every neuron and sublayer once,
// importances L2-normalised per FFN (and over the sublayers), and the
// text summary names each FFN and the sublayers.
func TestStructureReport(t *testing.T) {
	a := analyzerOf(t, Options{Structures: structures.List{FFNGroup: 1, Sublayers: true}})
	var exs []Example
	for n := 0; n < 4; n++ {
		exs = append(exs, plantedExample(t, n))
	}
	cfg := DefaultConfig()
	cfg.EOS = 2
	rep, err := a.Analyze(context.Background(), exs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Units) != 2*64+5 {
		t.Fatalf("%d units, want 133", len(rep.Units))
	}
	sq := map[string]float64{}
	for _, u := range rep.Units {
		g := u.Structure
		if strings.HasPrefix(g, "sublayer:") {
			g = "sublayers"
		}
		sq[g] += u.Importance * u.Importance
	}
	for g, v := range sq {
		if math.Abs(v-1) > 1e-9 {
			t.Errorf("%s: squared importances sum to %g, want 1", g, v)
		}
	}
	lines := strings.Join(UnitLines(rep.Units, 3), "\n")
	for _, w := range []string{"ffn:encoder:0 (", "ffn:decoder:0 (", "sublayers (", "sublayer:decoder:0:cross"} {
		if !strings.Contains(lines, w) {
			t.Errorf("summary lacks %q:\n%s", w, lines)
		}
	}
}
