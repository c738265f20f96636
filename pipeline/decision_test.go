package pipeline

import (
	"reflect"
	"testing"

	"onnxprune/graphedit/heads"
	"onnxprune/internal/modelpath"
)

// TestDecisionReadBack: a resumed run whose prune stage is reused reads
// the decision back from decision.json (readDecision, the one reader, and
// PruneDecision.HeadDecision): it is the decision the stage made in
// memory, for a split model whose decoder files share blocks, and for a
// decision that removes nothing.
func TestDecisionReadBack(t *testing.T) {
	files, err := modelpath.Resolve([]string{"../models/fixtures/marian"})
	if err != nil {
		t.Fatal(err)
	}
	model, err := loadModel(files, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer closeModel(model)
	blocks, err := allBlocks(model)
	if err != nil {
		t.Fatal(err)
	}
	remove := map[string][]int{}
	for i, b := range blocks {
		if i%2 == 0 {
			remove[b.Name()] = []int{0, b.NumHeads - 1}
		}
	}
	r := &runner{c: Config{Out: t.TempDir()}, files: files, model: model}
	for _, made := range []heads.Decision{heads.RemoveDecision(blocks, remove), heads.RemoveDecision(blocks, nil)} {
		pd := PruneDecision{By: "gates", Removed: append([]string{}, made.Removed(blocks)...)}
		if err := writeJSON(r.path(PrunedDir, DecisionFile), pd); err != nil {
			t.Fatal(err)
		}
		back, err := r.readDecision()
		if err != nil {
			t.Fatal(err)
		}
		got, err := back.HeadDecision(blocks)
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != made.String() || !reflect.DeepEqual(got, made) {
			t.Errorf("decision read back %q, made %q", got, made)
		}
		if vd := r.verifyDecision(back, got); (vd == nil) != (len(pd.Removed) == 0) {
			t.Errorf("verify's decision %v for %d removed heads", vd, len(pd.Removed))
		}
	}
}
