package structures_test

import (
	"fmt"
	"strings"
	"testing"

	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
)

// marianModel is the Marian export's encoder and decoder read as one model.
func marianModel(t *testing.T) *structures.Model {
	t.Helper()
	m := &structures.Model{}
	for _, f := range []string{"encoder_model.onnx", "decoder_model.onnx"} {
		d, err := structures.Discover(graphtest.LoadGraph(t, fixturesDir+"/marian/"+f))
		if err != nil {
			t.Fatal(err)
		}
		m.Add(d)
	}
	return m
}

// TestParseSpec reads FFN neurons, sublayers and heads in one list, and
// names what is wrong in a bad item.
func TestParseSpec(t *testing.T) {
	m := marianModel(t)
	if len(m.FFNs) != 4 || len(m.Sublayers) != 10 || len(m.Blocks) != 6 {
		t.Fatalf("model: %d FFNs, %d sublayers, %d blocks", len(m.FFNs), len(m.Sublayers), len(m.Blocks))
	}
	sel, err := structures.ParseSpec("ffn:encoder:1:17-20,ffn:encoder:1:3, sublayer:decoder:*:cross,cross:1:2,ffn:decoder:*:63,sublayer:encoder:0:*,ffn:encoder:1:18", m)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(sel.Neurons, sel.Sublayers, sel.Heads)
	want := "map[decoder:0:[63] decoder:1:[63] encoder:1:[3 17 18 19 20]] [decoder:0:cross decoder:1:cross encoder:0:attn encoder:0:ffn] map[cross:1:[2]]"
	if got != want {
		t.Errorf("selection %s\nwant      %s", got, want)
	}
	dec := structures.RemoveDecision(sel, m)
	if keep := dec.Neurons["encoder:1"]; len(keep) != 64 || keep[17] || !keep[16] || keep[3] {
		t.Errorf("remove decision encoder:1 %v", keep)
	}
	if keep := dec.Heads["cross:1"]; keep[2] || !keep[1] || len(dec.Heads) != 6 {
		t.Errorf("remove decision heads %v", dec.Heads)
	}
	sel, err = structures.ParseSpec("ffn:decoder:0:0-7", m)
	if err != nil {
		t.Fatal(err)
	}
	kd, err := structures.KeepDecision(sel, m)
	if err != nil {
		t.Fatal(err)
	}
	if keep := kd.Neurons["decoder:0"]; !keep[7] || keep[8] || kd.Neurons["encoder:0"][0] || kd.Heads != nil {
		t.Errorf("keep decision %v", kd)
	}
	if _, err := structures.KeepDecision(&structures.Selection{Sublayers: []string{"encoder:0:ffn"}}, m); err == nil {
		t.Error("keeping sublayers by name: no error")
	}
	for _, tc := range []struct{ spec, want string }{
		{"ffn:encoder:1", "is not ffn:KIND:LAYER:NEURONS"},
		{"ffn:encoder:x:1", `layer "x" is not a number or *`},
		{"ffn:decoder:2:0", "decoder FFN layers are 0..1"},
		{"ffn:encoder:0:70", "it has 64 neurons (0..63)"},
		{"ffn:encoder:0:9-3", "are not N, A-B (A ≤ B) or *"},
		{"ffn:encoder:0:a", "are not N, A-B or *"},
		{"sublayer:encoder:0", "is not sublayer:STACK:LAYER:PART"},
		{"sublayer:cross:0:attn", `stack "cross" is not encoder or decoder`},
		{"sublayer:encoder:0:mlp", `part "mlp" is not attn, cross, ffn or *`},
		{"sublayer:encoder:3:attn", "no such sublayer (it has encoder:0:attn"},
		{"encoder:0:9", "encoder:0 has 4 heads"},
	} {
		if _, err := structures.ParseSpec(tc.spec, m); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", tc.spec, err, tc.want)
		}
	}
}

// TestDecisionGateRecords: a remove decision's gate records name each run
// of removed neurons and each removed sublayer once, and GatesDecision
// reads them back as the same neurons and sublayers.
func TestDecisionGateRecords(t *testing.T) {
	m := marianModel(t)
	sel, err := structures.ParseSpec("ffn:encoder:1:17-20,ffn:encoder:1:3,ffn:encoder:1:63,ffn:decoder:*:0-1,sublayer:decoder:1:*,encoder:0:1", m)
	if err != nil {
		t.Fatal(err)
	}
	dec := structures.RemoveDecision(sel, m)
	ffn, subs := dec.GateRecords()
	var names []string
	for _, r := range append(ffn, subs...) {
		if r.Keep {
			t.Errorf("%s kept", r.Name)
		}
		names = append(names, r.Name)
	}
	want := "ffn:decoder:0:0-1 ffn:decoder:1:0-1 ffn:encoder:1:3 ffn:encoder:1:17-20 ffn:encoder:1:63 sublayer:decoder:1:attn sublayer:decoder:1:cross sublayer:decoder:1:ffn"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("records %s\nwant    %s", got, want)
	}
	back, err := structures.GatesDecision(ffn, subs, m)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(back.Neurons, back.Sublayers), fmt.Sprint(dec.Neurons, dec.Sublayers); got != want {
		t.Errorf("read back %s\nwant      %s", got, want)
	}
	if ffn, subs := structures.RemoveDecision(&structures.Selection{}, m).GateRecords(); len(ffn)+len(subs) != 0 {
		t.Errorf("nothing removed: records %v %v", ffn, subs)
	}
}
