package attribution

import (
	"bytes"
	"fmt"
	"testing"

	"onnxprune/graphedit/heads"
	"onnxprune/internal/svgcheck"
)

// chartReport is a report of 2 encoder layers × 4 heads and 1 cross layer
// × 4 heads; the decision keeps the even encoder heads and leaves cross
// undecided; roles on two heads when withRoles.
func chartReport(withRoles bool) *Report {
	rep := &Report{}
	for _, k := range []struct {
		kind   heads.Kind
		layers int
	}{{heads.KindEncoder, 2}, {heads.KindCross, 1}} {
		for l := 0; l < k.layers; l++ {
			for h := 0; h < 4; h++ {
				hr := HeadReport{Name: fmt.Sprintf("%s:%d:%d", k.kind, l, h), Kind: k.kind, Layer: l, Head: h, Relevance: float64(h + l)}
				if k.kind == heads.KindEncoder {
					keep := h%2 == 0
					hr.Kept = &keep
				}
				if withRoles && h == 1 {
					hr.Roles = []string{"positional(-1)"}
				}
				rep.Heads = append(rep.Heads, hr)
			}
		}
	}
	return rep
}

// TestHeatmapSVG: every layer and head column is labelled, each decided
// head is marked kept or cut, and no text leaves the viewBox.
func TestHeatmapSVG(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHeatmapSVG(&b, chartReport(false), "Relevance", MeasureRelevance); err != nil {
		t.Fatal(err)
	}
	d, err := svgcheck.Parse(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if d.Count("kept") != 4 || d.Count("cut") != 4 {
		t.Errorf("%d kept and %d cut marks, want 4 and 4 (the decided encoder heads)", d.Count("kept"), d.Count("cut"))
	}
	if d.Count("h0") != 2 || d.Count("L1") != 1 || d.Count("L0") != 2 || len(d.Titles) != 12 {
		t.Errorf("labels: h0 %d, L0 %d, L1 %d, tooltips %d", d.Count("h0"), d.Count("L0"), d.Count("L1"), len(d.Titles))
	}
	for _, o := range d.Outside() {
		t.Error(o)
	}
}

// TestRolesSVG: with roles, a labelled grid; without any, a message
// instead of an empty grid.
func TestRolesSVG(t *testing.T) {
	for _, withRoles := range []bool{true, false} {
		var b bytes.Buffer
		if err := WriteRolesSVG(&b, chartReport(withRoles)); err != nil {
			t.Fatal(err)
		}
		d, err := svgcheck.Parse(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if withRoles && (d.Count("pos-1") != 3 || d.Elements["rect"] < 12) {
			t.Errorf("roles grid: %d pos-1 cells, %d rects", d.Count("pos-1"), d.Elements["rect"])
		}
		if !withRoles && (!d.Has("No head has a role") || d.Elements["rect"] != 0) {
			t.Errorf("no roles: message %v, %d rects", d.Has("No head has a role"), d.Elements["rect"])
		}
		for _, o := range d.Outside() {
			t.Errorf("roles %v: %s", withRoles, o)
		}
	}
}
