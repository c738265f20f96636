package verify

import (
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
)

// removeDecision makes the decision that removes the heads of spec from
// the model of files, with the blocks of every file verify opens of it, as
// a caller of Run hands them over.
func removeDecision(t *testing.T, files []string, spec string) *HeadDecision {
	t.Helper()
	expanded, err := expandPaths(files, true)
	if err != nil {
		t.Fatal(err)
	}
	d := &HeadDecision{Blocks: map[string][]*heads.Block{}}
	var all []*heads.Block
	seen := map[string]bool{}
	for _, p := range expanded {
		m, err := onnxio.Load(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		g, err := graphedit.Load(m)
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := heads.FindHeads(g)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		d.Blocks[p] = blocks
		for _, b := range blocks {
			if !seen[b.Name()] {
				seen[b.Name()] = true
				all = append(all, b)
			}
		}
	}
	if d.Heads, err = heads.ParseDecision(spec, all); err != nil {
		t.Fatal(err)
	}
	return d
}
