package pipeline

import (
	"fmt"
	"path/filepath"
	"slices"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
)

// loaded is one model file with its graph and attention blocks.
type loaded struct {
	path   string
	m      *onnxio.Model
	g      *graphedit.Graph
	blocks []*heads.Block
}

// workCount counts, per file, the model loads and head discoveries of a
// run (tests check that each happens once).
type workCount struct {
	loads, discoveries map[string]int
}

func newWorkCount() *workCount {
	return &workCount{loads: map[string]int{}, discoveries: map[string]int{}}
}

// loadModel loads every file of the model once and finds its heads: the
// graphs and blocks every stage of the run reads. Stages that edit a graph
// edit their own copy (copyGraph), except prune, the last to read them.
// count, when set, records the work.
func loadModel(paths []string, opts *onnxio.LoadOptions, count *workCount) ([]*loaded, error) {
	var out []*loaded
	for _, p := range paths {
		m, err := onnxio.Load(p, opts)
		if err != nil {
			closeModel(out)
			return nil, err
		}
		l := &loaded{path: p, m: m}
		out = append(out, l)
		if l.g, err = graphedit.Load(m); err != nil {
			closeModel(out)
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if l.blocks, err = findHeads(p, l.g, count); err != nil {
			closeModel(out)
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if count != nil {
			count.loads[p]++
		}
	}
	return out, nil
}

// findHeads runs head discovery on g, a graph of file path.
func findHeads(path string, g *graphedit.Graph, count *workCount) ([]*heads.Block, error) {
	if count != nil {
		count.discoveries[path]++
	}
	return heads.FindHeads(g)
}

// closeModel releases the files of a loaded model.
func closeModel(files []*loaded) {
	for _, l := range files {
		l.m.Close()
	}
}

// editable returns a copy of a loaded file's graph with its own attention
// blocks, for a stage that edits it.
func (l *loaded) editable(count *workCount) (*graphedit.Graph, []*heads.Block, error) {
	g, err := l.g.Clone()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", l.path, err)
	}
	blocks, err := findHeads(l.path, g, count)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", l.path, err)
	}
	return g, blocks, nil
}

// joined returns the graph training and analysis run on, from graphs
// already in memory (of files, which label it): the one graph of a
// single-file model, or the encoder and decoder (the first two files)
// joined by gatetrain.JoinSplit, a new graph either way (the callers edit
// it). src gives a model holding the graph,
// reading external data as the original files do.
func (r *runner) joined(graphs []*graphedit.Graph, files []string) (g *graphedit.Graph, name string, src func() (*onnxio.Model, error), err error) {
	if len(files) > 2 {
		files, graphs = files[:2], graphs[:2]
	}
	name = files[0]
	if len(files) == 1 {
		// Training and analysis edit the graph: they get a copy.
		if g, err = graphs[0].Clone(); err != nil {
			return nil, "", nil, fmt.Errorf("%s: %w", name, err)
		}
	} else {
		name = files[0] + " + " + files[1]
		if g, err = gatetrain.JoinSplit(graphs[0], graphs[1]); err != nil {
			return nil, "", nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	// The graphs read external data through the original files' handles;
	// a model made from them reads it relative to the first file's folder.
	opts := r.loadOptions()
	opts.BaseDir = filepath.Dir(r.files[0])
	src = func() (*onnxio.Model, error) { return gatetrain.JoinedModel(g, name, opts) }
	return g, name, src, nil
}

// allBlocks merges the blocks of the loaded files (AllBlocks).
func allBlocks(files []*loaded) ([]*heads.Block, error) {
	var paths []string
	var blocks [][]*heads.Block
	for _, f := range files {
		paths, blocks = append(paths, f.path), append(blocks, f.blocks)
	}
	return AllBlocks(paths, blocks)
}

// AllBlocks merges the blocks of a model's files (perFile[i] are those of
// paths[i]) by name, in file order: decoder_model.onnx and
// decoder_with_past_model.onnx share theirs. A head decision is made
// against them and applied to each file (CutHeads). A block with another
// head count than its namesake is an error naming the file.
func AllBlocks(paths []string, perFile [][]*heads.Block) ([]*heads.Block, error) {
	var out []*heads.Block
	seen := map[string]*heads.Block{}
	for i, blocks := range perFile {
		for _, b := range blocks {
			if o, ok := seen[b.Name()]; ok {
				if o.NumHeads != b.NumHeads {
					return nil, fmt.Errorf("%s: block %s has %d heads, %d elsewhere", paths[i], b.Name(), b.NumHeads, o.NumHeads)
				}
				continue
			}
			seen[b.Name()] = b
			out = append(out, b)
		}
	}
	return out, nil
}

// CutHeads removes from one file's graph g, with blocks its attention
// blocks, the heads dec (made against AllBlocks) removes: the prune stage
// and the prune command alike. A gated block that would lose a head is an
// error (surgery does not shrink the gate vector).
func CutHeads(g *graphedit.Graph, blocks []*heads.Block, dec heads.Decision) (*heads.SurgeryReport, error) {
	fd := heads.Decision{}
	for _, b := range blocks {
		d, ok := dec[b.Name()]
		if !ok {
			continue
		}
		fd[b.Name()] = d
		if b.Gate != nil && slices.Contains(d, false) {
			return nil, fmt.Errorf("block %s is gated (input %s): prune the ungated model instead (its gates.json goes to --gates)", b.Name(), b.Gate.Name())
		}
	}
	return heads.RemoveHeads(g, blocks, fd)
}
