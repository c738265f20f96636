package structures_test

import (
	"bytes"
	"fmt"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
)

// TestDiscoverWithHeadsFound: on every fixture, structures found with the
// heads found before (DiscoverWith) gate and cut the graph to the bytes
// that structures found with a head discovery of their own (Discover) do:
// on the graph as loaded, and after its heads were gated with those
// blocks (the gate stage's order).
func TestDiscoverWithHeadsFound(t *testing.T) {
	files, err := graphtest.Fixtures(fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	checked, edited := 0, 0
	for _, f := range files {
		m, g := graphtest.LoadFixture(t, f)
		hd, err := heads.Discover(g)
		if err != nil || len(hd.Blocks) == 0 {
			m.Close()
			continue
		}
		for _, headGates := range []bool{false, true} {
			var out [2][]byte
			var errs [2]error
			for i, with := range []bool{false, true} {
				c, err := g.Clone()
				if err != nil {
					t.Fatal(err)
				}
				blocks, err := heads.CarryBlocks(hd.Blocks, g, c)
				if err != nil {
					t.Fatal(err)
				}
				if headGates {
					if _, err := heads.InsertGates(c, blocks, nil); err != nil {
						t.Fatalf("%s: %v", f, err)
					}
				}
				var d *structures.Discovery
				if with {
					d, err = structures.DiscoverWith(c, &heads.Discovery{Blocks: blocks, NotUnderstood: hd.NotUnderstood})
				} else {
					d, err = structures.Discover(c)
				}
				if err != nil {
					t.Fatal(err)
				}
				out[i], errs[i] = gateAndCut(t, c, m, d, headGates)
			}
			if errs[0] == nil {
				edited++
			}
			if fmt.Sprint(errs[0]) != fmt.Sprint(errs[1]) || !bytes.Equal(out[0], out[1]) {
				t.Errorf("%s (heads gated %v): with the heads found before: %d bytes, error %v; found again: %d bytes, error %v",
					f, headGates, len(out[1]), errs[1], len(out[0]), errs[0])
			}
		}
		checked++
		m.Close()
	}
	if checked < 10 || edited < checked {
		t.Errorf("checked %d fixtures, %d edits of their %d succeeded; want every fixture with attention (10 or more), most edits succeeding", checked, edited, 2*checked)
	}
}

// gateAndCut gates every FFN neuron and sublayer of g found by d, or, on
// a graph whose heads are not gated, cuts the first neuron of each FFN
// and the first sublayer; it returns the graph's bytes.
func gateAndCut(t *testing.T, g *graphedit.Graph, m *onnxio.Model, d *structures.Discovery, gate bool) ([]byte, error) {
	t.Helper()
	if gate {
		if _, err := structures.InsertGates(g, d, 1, true); err != nil {
			return nil, err
		}
	} else {
		dec := structures.Decision{Neurons: map[string][]bool{}, Sublayers: map[string]bool{}}
		for _, f := range d.FFNs {
			keep := make([]bool, f.Width)
			for i := 1; i < len(keep); i++ {
				keep[i] = true
			}
			dec.Neurons[f.Key()] = keep
		}
		if len(d.Sublayers) > 0 {
			dec.Sublayers[d.Sublayers[0].Key()] = true
		}
		if _, err := structures.Remove(g, d, dec); err != nil {
			return nil, err
		}
	}
	return graphtest.MarshalGraph(t, g, m), nil
}
