package heads_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio"
)

// TestCarryBlocks: on every fixture, gating and cutting a copy of a graph
// with the blocks carried from the original (CarryBlocks) writes the same
// bytes as with the blocks found again on the copy, and leaves the
// original untouched.
func TestCarryBlocks(t *testing.T) {
	files, err := graphtest.AllFixtures(filepath.Join("..", "..", "models", "fixtures"))
	if err != nil {
		t.Fatal(err)
	}
	carried := 0
	for _, f := range files {
		m, g := graphtest.LoadFixture(t, f)
		d, err := heads.Discover(g)
		if err != nil || len(d.Blocks) == 0 {
			m.Close()
			continue
		}
		before := graphtest.MarshalGraph(t, g, m)
		remove := heads.Decision{}
		for _, b := range d.Blocks {
			keep := make([]bool, b.NumHeads)
			for h := 1; h < len(keep); h++ {
				keep[h] = true
			}
			remove[b.Name()] = keep
		}
		edits := map[string]func(*graphedit.Graph, []*heads.Block) error{
			"gates": func(c *graphedit.Graph, bs []*heads.Block) error { _, err := heads.InsertGates(c, bs, nil); return err },
			"cut": func(c *graphedit.Graph, bs []*heads.Block) error {
				_, err := heads.RemoveHeads(c, bs, remove)
				return err
			},
		}
		for what, edit := range edits {
			want, wantErr := editCopy(t, g, m, edit, func(c *graphedit.Graph) ([]*heads.Block, error) {
				dc, err := heads.Discover(c)
				if err != nil {
					return nil, err
				}
				return dc.Blocks, nil
			})
			got, gotErr := editCopy(t, g, m, edit, func(c *graphedit.Graph) ([]*heads.Block, error) {
				return heads.CarryBlocks(d.Blocks, g, c)
			})
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !bytes.Equal(got, want) {
				t.Errorf("%s: %s with carried blocks: %d bytes, error %v; found again: %d bytes, error %v", f, what, len(got), gotErr, len(want), wantErr)
			}
		}
		if !bytes.Equal(graphtest.MarshalGraph(t, g, m), before) {
			t.Errorf("%s: editing the copies changed the original", f)
		}
		carried++
		m.Close()
	}
	if carried < 10 {
		t.Errorf("blocks carried on %d fixtures, want every fixture with attention (10 or more)", carried)
	}
}

// editCopy clones g, binds blocks to the copy with blocksOf and edits it,
// returning the copy's bytes.
func editCopy(t *testing.T, g *graphedit.Graph, m *onnxio.Model, edit func(*graphedit.Graph, []*heads.Block) error, blocksOf func(*graphedit.Graph) ([]*heads.Block, error)) ([]byte, error) {
	t.Helper()
	c, err := g.Clone()
	if err != nil {
		t.Fatal(err)
	}
	bs, err := blocksOf(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := edit(c, bs); err != nil {
		return nil, err
	}
	return graphtest.MarshalGraph(t, c, m), nil
}
