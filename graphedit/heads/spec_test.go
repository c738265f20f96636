package heads_test

import (
	"reflect"
	"strings"
	"testing"

	"onnxprune/graphedit/heads"
)

func specBlocks() []*heads.Block {
	return []*heads.Block{
		{Kind: heads.KindEncoder, Layer: 0, NumHeads: 4},
		{Kind: heads.KindEncoder, Layer: 1, NumHeads: 4},
		{Kind: heads.KindCross, Layer: 0, NumHeads: 2},
	}
}

func TestParseSpec(t *testing.T) {
	cases := []struct {
		spec string
		want map[string][]int
		err  string
	}{
		{"encoder:0:1,encoder:0:3", map[string][]int{"encoder:0": {1, 3}}, ""},
		{"cross:0:*, encoder:1:0", map[string][]int{"cross:0": {0, 1}, "encoder:1": {0}}, ""},
		{"encoder:0:1,encoder:0:1", map[string][]int{"encoder:0": {1}}, ""},
		{"encoder:2:0", nil, "no encoder layer 2 (encoder layers are 0..1)"},
		{"decoder:0:0", nil, "it has no decoder attention"},
		{"encoder:0:4", nil, "encoder:0 has 4 heads (0..3)"},
		{"encoder:0:-1", nil, "is not a number"},
		{"encoder:x:1", nil, "layer \"x\" is not a number"},
		{"encoder:*:*", map[string][]int{"encoder:0": {0, 1, 2, 3}, "encoder:1": {0, 1, 2, 3}}, ""},
		{"encoder:*:2,cross:*:*", map[string][]int{"encoder:0": {2}, "encoder:1": {2}, "cross:0": {0, 1}}, ""},
		{"encoder:*:4", nil, "encoder:0 has 4 heads (0..3)"},
		{"decoder:*:*", nil, "the model has no decoder layers"},
		{"self:0:1", nil, "unknown attention kind"},
		{"encoder:0", nil, "is not KIND:LAYER:HEAD"},
		{"encoder:0:1,,cross:0:0", nil, "empty item"},
		{"", nil, "empty item"},
	}
	for _, c := range cases {
		got, err := heads.ParseSpec(c.spec, specBlocks())
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: err %v, want %q", c.spec, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %v, %v; want %v", c.spec, got, err, c.want)
		}
	}
}

func TestDecisions(t *testing.T) {
	bs := specBlocks()
	sel := map[string][]int{"encoder:0": {1, 3}, "cross:0": {0}}
	rm := heads.RemoveDecision(bs, sel)
	want := heads.Decision{"encoder:0": {true, false, true, false}, "encoder:1": {true, true, true, true}, "cross:0": {false, true}}
	if !reflect.DeepEqual(rm, want) {
		t.Errorf("remove: %v", rm)
	}
	kp := heads.KeepDecision(bs, sel)
	want = heads.Decision{"encoder:0": {false, true, false, true}, "encoder:1": {false, false, false, false}, "cross:0": {true, false}}
	if !reflect.DeepEqual(kp, want) {
		t.Errorf("keep: %v", kp)
	}
}

func TestGatesDecision(t *testing.T) {
	rec := func(kind string, layer, head int, keep bool) heads.GateRecord {
		return heads.GateRecord{Name: heads.HeadName(heads.Kind(kind), layer, head), Kind: kind, Layer: layer, Head: head, Keep: keep}
	}
	d, err := heads.GatesDecision([]heads.GateRecord{rec("encoder", 1, 2, false), rec("cross", 0, 0, false), rec("cross", 0, 1, true)}, specBlocks())
	if err != nil {
		t.Fatal(err)
	}
	want := heads.Decision{"encoder:0": {true, true, true, true}, "encoder:1": {true, true, false, true}, "cross:0": {false, true}}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("got %v", d)
	}
	bad := []struct {
		rec heads.GateRecord
		err string
	}{
		{rec("encoder", 0, 4, false), "does not exist"},
		{rec("decoder", 0, 0, false), "does not exist"},
		{heads.GateRecord{Name: "encoder:0:1", Kind: "encoder", Layer: 0, Head: 2}, "does not match"},
	}
	for _, b := range bad {
		if _, err := heads.GatesDecision([]heads.GateRecord{b.rec}, specBlocks()); err == nil || !strings.Contains(err.Error(), b.err) {
			t.Errorf("%+v: err %v, want %q", b.rec, err, b.err)
		}
	}
	dup := []heads.GateRecord{rec("encoder", 0, 1, false), rec("encoder", 0, 1, true)}
	if _, err := heads.GatesDecision(dup, specBlocks()); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("duplicate: %v", err)
	}
}

// TestDecisionString: a decision written as a spec (String, in kind then
// layer order) reads back as the same decision (ParseDecision); Removed
// lists the removed heads in the order of the blocks given.
func TestDecisionString(t *testing.T) {
	blocks := []*heads.Block{
		{Kind: heads.KindEncoder, Layer: 0, NumHeads: 4},
		{Kind: heads.KindCross, Layer: 0, NumHeads: 2},
		{Kind: heads.KindDecoder, Layer: 0, NumHeads: 2},
		{Kind: heads.KindEncoder, Layer: 10, NumHeads: 4},
		{Kind: heads.KindEncoder, Layer: 2, NumHeads: 4},
	}
	d, err := heads.ParseDecision("cross:0:*,encoder:10:3,encoder:0:1,decoder:0:0,encoder:2:0", blocks)
	if err != nil {
		t.Fatal(err)
	}
	const want = "encoder:0:1,encoder:2:0,encoder:10:3,decoder:0:0,cross:0:0,cross:0:1"
	if got := d.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	again, err := heads.ParseDecision(d.String(), blocks)
	if err != nil || !reflect.DeepEqual(again, d) {
		t.Errorf("read back: %v (%v), want %v", again, err, d)
	}
	if got := strings.Join(d.Removed(blocks), ","); got != "encoder:0:1,cross:0:0,cross:0:1,decoder:0:0,encoder:10:3,encoder:2:0" {
		t.Errorf("Removed in block order: %s", got)
	}
	if got := heads.RemoveDecision(blocks, nil).String(); got != "" {
		t.Errorf("a decision removing nothing writes %q", got)
	}
	if _, err := heads.ParseDecision("encoder:3:0", blocks); err == nil || !strings.Contains(err.Error(), "no encoder layer 3") {
		t.Errorf("a layer the blocks lack: %v", err)
	}
}
