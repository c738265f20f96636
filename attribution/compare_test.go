package attribution

import (
	"strings"
	"testing"
)

// compareReport is a report of four encoder and two decoder heads ranked by
// relevance over the whole model, the decoder heads in between.
func compareReport() *Report {
	heads := []HeadReport{
		{Name: "encoder:0:0", Relevance: 0.9, Importance: 0.8},
		{Name: "decoder:0:0", Relevance: 0.8, Importance: 0.9},
		{Name: "encoder:0:1", Relevance: 0.7, Importance: 0.1},
		{Name: "decoder:0:1", Relevance: 0.6, Importance: 0.2},
		{Name: "encoder:1:0", Relevance: 0.5, Importance: 0.3},
		{Name: "encoder:1:1", Relevance: 0.1, Importance: 0.4},
	}
	for i := range heads {
		heads[i].Rank = i + 1
	}
	return &Report{Heads: heads}
}

func TestCompareKeepCoversOneKind(t *testing.T) {
	rep := compareReport()
	keep := map[string]bool{"encoder:0:0": true, "encoder:0:1": true, "encoder:1:0": false, "encoder:1:1": false}
	c, err := CompareKeep(rep, keep)
	if err != nil {
		t.Fatal(err)
	}
	// Among the four encoder heads the kept ones rank 1 and 2.
	if c.Kept != 2 || c.Removed != 2 || c.MeanRankKept != 1.5 || c.MeanRankRemoved != 3.5 {
		t.Errorf("got %+v, want 2 kept at mean rank 1.5, 2 removed at 3.5", *c)
	}
	if c.AUCRelevance != 1 {
		t.Errorf("relevance AUC %g, want 1", c.AUCRelevance)
	}
	// Importance: kept 0.8, 0.1 against removed 0.3, 0.4: two of four pairs.
	if c.AUCImportance != 0.5 {
		t.Errorf("importance AUC %g, want 0.5", c.AUCImportance)
	}
	for _, h := range rep.Heads {
		_, covered := keep[h.Name]
		if covered != (h.Kept != nil) {
			t.Errorf("%s: marked %v, covered by the decision %v", h.Name, h.Kept != nil, covered)
		}
		if h.Kept != nil && *h.Kept != keep[h.Name] {
			t.Errorf("%s: kept %v, want %v", h.Name, *h.Kept, keep[h.Name])
		}
	}
}

func TestCompareKeepRefusesForeignDecision(t *testing.T) {
	for _, tc := range []struct {
		keep map[string]bool
		want string
	}{
		{map[string]bool{"encoder:0:0": true, "encoder:9:0": false}, "encoder:9:0"},
		{map[string]bool{"cross:0:0": true}, "cross:0:0"},
		{map[string]bool{}, "covers none"},
	} {
		_, err := CompareKeep(compareReport(), tc.keep)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("decision %v: error %v, want one naming %q", tc.keep, err, tc.want)
		}
	}
}
