package main

import (
	"bytes"
	"strings"
	"testing"

	"onnxprune/graphedit/heads"
)

func TestHalfSpec(t *testing.T) {
	spec, removed, total := halfSpec([]headBlock{{Name: "encoder:0", Kind: heads.KindEncoder, Heads: 4}, {Name: "cross:1", Kind: heads.KindCross, Layer: 1, Heads: 3}})
	if want := "encoder:0:2,encoder:0:3,cross:1:1,cross:1:2"; spec != want {
		t.Errorf("spec %q, want %q", spec, want)
	}
	if removed != 4 || total != 7 {
		t.Errorf("removed %d of %d, want 4 of 7", removed, total)
	}
}

func TestSetRatio(t *testing.T) {
	for _, c := range []struct {
		v, target float64
		atLeast   bool
		met       bool
	}{
		{2.5, 2, true, true}, {1.5, 2, true, false}, {2.9, 3, false, true}, {3.1, 3, false, false},
	} {
		var r Row
		r.setRatio(c.v, "x", c.target, c.atLeast)
		if r.Met == nil || *r.Met != c.met {
			t.Errorf("%+v: met %v", c, r.Met)
		}
	}
	var r Row
	r.setRatio(1.2, "x", 0, true)
	if r.Met != nil || r.Target != "" {
		t.Errorf("no target: met %v target %q", r.Met, r.Target)
	}
}

func TestTableCutsLongCells(t *testing.T) {
	long := "not available: " + strings.Repeat("why ", 30)
	res := &results{Machine: machine{CPU: "cpu", Cores: 2, Threads: 2}, Repeats: 5, Warmup: 2,
		Rows: []Row{unavailable("9", "figure", strings.TrimPrefix(long, "not available: "))}}
	var b bytes.Buffer
	(&harness{}).printTable(&b, res)
	out := b.String()
	var tableLine string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "9 ") {
			tableLine = l
		}
	}
	if strings.Contains(tableLine, long) || !strings.Contains(tableLine, "…") {
		t.Errorf("table line not cut: %q", tableLine)
	}
	if !strings.Contains(out, strings.TrimSpace(long)) {
		t.Error("the whole reason is not printed under the table")
	}
}
