package pipeline

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/modelpath"
)

// fixtureFamilies returns, per folder of models/fixtures holding ONNX
// files, the files a run joins: an Optimum export's encoder and decoder
// without past, else the folder's first file.
func fixtureFamilies(t *testing.T) map[string][]string {
	t.Helper()
	root := filepath.Join("..", "models", "fixtures")
	byDir := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".onnx" {
			byDir[filepath.Dir(p)] = append(byDir[filepath.Dir(p)], p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for dir, files := range byDir {
		if _, err := os.Stat(filepath.Join(dir, modelpath.Encoder)); err == nil {
			if _, err := os.Stat(filepath.Join(dir, modelpath.Decoder)); err == nil {
				out[dir] = []string{filepath.Join(dir, modelpath.Encoder), filepath.Join(dir, modelpath.Decoder)}
				continue
			}
		}
		sort.Strings(files)
		out[dir] = files[:1]
	}
	return out
}

// TestJoinedBlocksCarried: on every fixture family, the files' blocks
// carried onto their joined graph (joinGraphs, heads.CarryJoined) gate and
// cut the joined graph to the same bytes as the blocks found again on it,
// with the same errors: the analysis needs no second discovery.
func TestJoinedBlocksCarried(t *testing.T) {
	families := fixtureFamilies(t)
	joined := 0
	for dir, files := range families {
		ls, err := loadModel(files, nil, true)
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		var graphs []*graphedit.Graph
		var blocks [][]*heads.Block
		n := 0
		for _, l := range ls {
			graphs, blocks = append(graphs, l.Graph), append(blocks, l.Blocks)
			n += len(l.Blocks)
		}
		if n == 0 {
			closeModel(ls)
			continue
		}
		remove := heads.Decision{}
		for _, bs := range blocks {
			for _, b := range bs {
				keep := make([]bool, b.NumHeads)
				for h := 1; h < len(keep); h++ {
					keep[h] = true
				}
				remove[b.Name()] = keep
			}
		}
		edits := map[string]func(*graphedit.Graph, []*heads.Block) error{
			"gates": func(g *graphedit.Graph, bs []*heads.Block) error { _, err := heads.InsertGates(g, bs, nil); return err },
			"cut": func(g *graphedit.Graph, bs []*heads.Block) error {
				_, err := heads.RemoveHeads(g, bs, remove)
				return err
			},
		}
		for what, edit := range edits {
			carried, err := joinGraphs(graphs, blocks, files, nil)
			if err != nil {
				t.Fatalf("%s: %v", dir, err)
			}
			fresh, err := joinGraphs(graphs, nil, files, nil)
			if err != nil {
				t.Fatal(err)
			}
			d, err := heads.Discover(fresh.Graph)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Blocks) != len(carried.Blocks) {
				t.Errorf("%s: %d blocks carried, %d found on the joined graph", dir, len(carried.Blocks), len(d.Blocks))
				continue
			}
			got, gotErr := editBytes(carried.Graph, carried.Blocks, edit)
			want, wantErr := editBytes(fresh.Graph, d.Blocks, edit)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !bytes.Equal(got, want) {
				t.Errorf("%s: %s with carried blocks: %d bytes, error %v; found again: %d bytes, error %v", dir, what, len(got), gotErr, len(want), wantErr)
			}
		}
		if len(files) == 2 {
			joined++
		}
		closeModel(ls)
	}
	if joined < 6 {
		t.Errorf("blocks carried onto %d joined encoder–decoder pairs, want every split family (6 or more)", joined)
	}
}

// editBytes edits g with blocks and returns its serialized graph.
func editBytes(g *graphedit.Graph, blocks []*heads.Block, edit func(*graphedit.Graph, []*heads.Block) error) ([]byte, error) {
	if err := edit(g, blocks); err != nil {
		return nil, err
	}
	return proto.Marshal(g.ModelProto(nil))
}
