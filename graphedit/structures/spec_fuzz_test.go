package structures_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
)

// FuzzParseStructureSpec: any string gives a selection or an error, never
// a panic; a selection names only existing FFNs with neurons in range and
// existing sublayers, sorted and without duplicates, and writing its FFN
// and sublayer parts back as a spec parses to the same parts. Decisions
// built from it have one flag per neuron.
func FuzzParseStructureSpec(f *testing.F) {
	m := &structures.Model{}
	for _, name := range []string{"encoder_model.onnx", "decoder_model.onnx"} {
		d, err := structures.Discover(graphtest.LoadGraph(f, fixturesDir+"/marian/"+name))
		if err != nil {
			f.Fatal(err)
		}
		m.Add(d)
	}
	for _, s := range []string{
		"ffn:encoder:0:1", "ffn:encoder:*:0-63", "ffn:decoder:1:*,ffn:decoder:1:3", "sublayer:decoder:*:*",
		"sublayer:encoder:0:attn,encoder:0:1", "ffn:encoder:0:5-", "ffn:encoder:0:-5", "ffn:encoder:0:1-2-3",
		"ffn:encoder:0:99999999999999999999", "sublayer:encoder::attn", "ffn:::", "ffn:encoder:0:+1",
		"", ",", "ffn:encoder:0:1,", "sublayer:decoder:1:cross:x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		sel, err := structures.ParseSpec(spec, m)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		var items []string
		for key, ns := range sel.Neurons {
			ffn := m.FFNs[slices.IndexFunc(m.FFNs, func(x *structures.FFN) bool { return x.Key() == key })]
			if !slices.IsSorted(ns) || len(slices.Compact(slices.Clone(ns))) != len(ns) || ns[0] < 0 || int64(ns[len(ns)-1]) >= ffn.Width {
				t.Fatalf("%q: neurons of %s: %v", spec, key, ns)
			}
			for _, n := range ns {
				items = append(items, fmt.Sprintf("ffn:%s:%d", key, n))
			}
		}
		for _, s := range sel.Sublayers {
			if !slices.ContainsFunc(m.Sublayers, func(x *structures.Sublayer) bool { return x.Key() == s }) {
				t.Fatalf("%q: no sublayer %s", spec, s)
			}
			items = append(items, "sublayer:"+s)
		}
		if !slices.IsSorted(sel.Sublayers) || len(slices.Compact(slices.Clone(sel.Sublayers))) != len(sel.Sublayers) {
			t.Fatalf("%q: sublayers %v", spec, sel.Sublayers)
		}
		dec := structures.RemoveDecision(sel, m)
		for key, keep := range dec.Neurons {
			if int64(len(keep)) != m.FFNs[slices.IndexFunc(m.FFNs, func(x *structures.FFN) bool { return x.Key() == key })].Width {
				t.Fatalf("%q: %s has %d flags", spec, key, len(keep))
			}
		}
		if len(items) == 0 {
			return
		}
		again, err := structures.ParseSpec(strings.Join(items, ","), m)
		if err != nil {
			t.Fatalf("%q: written back as %q: %v", spec, strings.Join(items, ","), err)
		}
		if fmt.Sprint(again.Neurons, again.Sublayers) != fmt.Sprint(sel.Neurons, sel.Sublayers) {
			t.Fatalf("%q: round trip %v %v, want %v %v", spec, again.Neurons, again.Sublayers, sel.Neurons, sel.Sublayers)
		}
	})
}
