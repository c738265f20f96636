package pipeline

import (
	"fmt"
	"path/filepath"
	"slices"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
	"onnxprune/verify"
)

// ModelFile is one file of a model loaded once, with its graph and
// attention blocks: what LoadModel returns and every stage of run reads.
type ModelFile struct {
	Path   string
	Model  *onnxio.Model
	Graph  *graphedit.Graph
	Blocks []*heads.Block
	// NotUnderstood are the anchors (Softmax or attention nodes) head
	// discovery could not explain; only a lenient load keeps them.
	NotUnderstood []*heads.MatchError
}

// LoadModel loads each file of a model once and finds its attention heads
// once (heads.Discover), as the stages of run do: the inspect, gate and
// prune commands read a model through it. External data may also lie in
// allowDirs. An anchor discovery cannot explain fails the load unless
// lenient. The caller closes each file's Model.
func LoadModel(paths, allowDirs []string, lenient bool) ([]*ModelFile, error) {
	return loadModel(paths, &onnxio.LoadOptions{AllowDirs: allowDirs}, lenient)
}

// DiscoverStructures finds the FFNs and sublayers of each file of a model
// with the attention blocks found when the file was loaded
// (structures.DiscoverWith: no second head discovery), and the model the
// files make together: the prune stage and the inspect and prune commands
// alike.
func DiscoverStructures(files []*ModelFile) ([]*structures.Discovery, *structures.Model, error) {
	var ds []*structures.Discovery
	m := &structures.Model{}
	for _, f := range files {
		d, err := structures.DiscoverWith(f.Graph, &heads.Discovery{Blocks: f.Blocks, NotUnderstood: f.NotUnderstood})
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f.Path, err)
		}
		ds = append(ds, d)
		m.Add(d)
	}
	return ds, m, nil
}

// loadModel loads every file of the model once and finds its heads: the
// graphs and blocks every stage of the run reads. A stage that edits a
// graph edits its own copy (editable), so that the files stay as loaded
// for verify. An anchor head discovery cannot explain is an error unless
// lenient.
func loadModel(paths []string, opts *onnxio.LoadOptions, lenient bool) ([]*ModelFile, error) {
	var out []*ModelFile
	for _, p := range paths {
		m, err := onnxio.Load(p, opts)
		if err != nil {
			closeModel(out)
			return nil, err
		}
		l := &ModelFile{Path: p, Model: m}
		out = append(out, l)
		if l.Graph, err = graphedit.Load(m); err != nil {
			closeModel(out)
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		d, err := heads.Discover(l.Graph)
		if err == nil && !lenient && len(d.NotUnderstood) > 0 {
			err = d.NotUnderstood[0]
		}
		if err != nil {
			closeModel(out)
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		l.Blocks, l.NotUnderstood = d.Blocks, d.NotUnderstood
	}
	return out, nil
}

// LoadedFiles hands loaded files to verify by path, to be read in memory
// (verify.LoadedFile): their graphs must be the files' as loaded (stages
// edit copies, editable).
func LoadedFiles(files []*ModelFile) map[string]*verify.LoadedFile {
	out := map[string]*verify.LoadedFile{}
	for _, l := range files {
		out[l.Path] = &verify.LoadedFile{Model: l.Model, Graph: l.Graph, Blocks: l.Blocks}
	}
	return out
}

// closeModel releases the files of a loaded model.
func closeModel(files []*ModelFile) {
	for _, l := range files {
		l.Model.Close()
	}
}

// editable returns a copy of a loaded file for a stage that edits its
// graph: the same path and model, the graph cloned with the attention
// blocks carried onto it (heads.CarryBlocks: no second discovery). The
// loaded file stays as loaded, for the stages after it and verify.
func (l *ModelFile) editable() (*ModelFile, error) {
	g, err := l.Graph.Clone()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", l.Path, err)
	}
	blocks, err := heads.CarryBlocks(l.Blocks, l.Graph, g)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", l.Path, err)
	}
	return &ModelFile{Path: l.Path, Model: l.Model, Graph: g, Blocks: blocks}, nil
}

// save writes the file, with its graph as it is now, to out; the model
// keeps the graph it had (a copy from editable shares its model with the
// loaded file). A graph whose types an edit left inconsistent is an error
// and nothing is written.
func (l *ModelFile) save(out string) error {
	if err := l.Graph.CheckTypes(); err != nil {
		return fmt.Errorf("%s: not writing %s: %w", l.Path, out, err)
	}
	original := l.Model.Proto
	l.Graph.Store(l.Model)
	err := l.Model.Save(out, nil)
	l.Model.Proto = original
	return err
}

// JoinedGraph is the one graph that gate training, analysis and the loss
// command run on: a single-file model's graph, or its encoder and decoder
// joined by gatetrain.JoinSplit.
type JoinedGraph struct {
	Graph *graphedit.Graph
	// Blocks are Graph's attention blocks carried from the discovery of
	// its files (heads.CarryJoined) when the caller had them; nil
	// otherwise (LoadJoined finds none).
	Blocks []*heads.Block
	// Name labels it in messages and outputs ("enc.onnx + dec.onnx" for a
	// joined pair).
	Name string
	// Model returns a model holding the graph as it is then, for writing
	// it or handing it to ONNX Runtime: a joined graph has no file of its
	// own, and its external data is read relative to the first file's
	// folder (and the allowed directories). The caller closes it.
	Model func() (*onnxio.Model, error)
	// Files are the files joined (one, or an encoder and a decoder), Parts
	// their graphs before the join (a merged decoder's branch without
	// past) and Metas their metadata (LoadJoined).
	Files []string
	Parts []*graphedit.Graph
	Metas []verify.FileMeta
	// Merged says that the decoder is a merged decoder (Optimum's
	// decoder_model_merged.onnx), joined as its branch without past
	// (gatetrain.LoadDecoder).
	Merged bool

	files []*onnxio.Model // the loaded files (LoadJoined), closed by Close
	// partBlocks are the attention blocks of each of Parts when found
	// (GateJoined), handed to verify with them (Loaded).
	partBlocks [][]*heads.Block
}

// Close releases the files LoadJoined loaded.
func (j *JoinedGraph) Close() {
	for _, m := range j.files {
		m.Close()
	}
}

// joinGraphs makes the joined graph of graphs already in memory, those of
// files (one, or the first two: the encoder and the decoder without past).
// blocks, when set, are each graph's attention blocks, carried onto the
// joined graph (JoinedGraph.Blocks: no second discovery). The result is a
// new graph either way: callers edit it.
func joinGraphs(graphs []*graphedit.Graph, blocks [][]*heads.Block, files []string, allowDirs []string) (*JoinedGraph, error) {
	if len(files) > 2 {
		files, graphs = files[:2], graphs[:2]
	}
	j := &JoinedGraph{Name: files[0], Files: files, Parts: graphs}
	parts := []heads.JoinedPart{{Graph: graphs[0]}}
	var err error
	if len(files) == 1 {
		j.Graph, err = graphs[0].Clone()
	} else {
		j.Name = files[0] + " + " + files[1]
		var decNames map[string]string
		j.Graph, decNames, err = gatetrain.JoinSplit(graphs[0], graphs[1])
		parts = append(parts, heads.JoinedPart{Graph: graphs[1], Renamed: decNames})
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", j.Name, err)
	}
	if blocks != nil {
		for i := range parts {
			parts[i].Blocks = blocks[i]
		}
		if j.Blocks, err = heads.CarryJoined(parts, j.Graph); err != nil {
			return nil, fmt.Errorf("%s: %w", j.Name, err)
		}
	}
	opts := &onnxio.LoadOptions{BaseDir: filepath.Dir(files[0]), AllowDirs: allowDirs}
	j.Model = func() (*onnxio.Model, error) { return gatetrain.JoinedModel(j.Graph, j.Name, opts) }
	return j, nil
}

// LoadJoined loads the joined graph of a model's files: one file, or an
// encoder and a decoder without past (modelpath.JoinPair; a merged decoder
// joins as its branch without past); external data may also lie in
// allowDirs. Each file is loaded once, its metadata kept (Metas). Close
// releases it.
func LoadJoined(files []string, allowDirs []string) (*JoinedGraph, error) {
	if len(files) > 2 {
		files = files[:2]
	}
	var models []*onnxio.Model
	var graphs []*graphedit.Graph
	var metas []verify.FileMeta
	merged := false
	for i, p := range files {
		m, err := onnxio.Load(p, &onnxio.LoadOptions{AllowDirs: allowDirs})
		if err != nil {
			(&JoinedGraph{files: models}).Close()
			return nil, err
		}
		models = append(models, m)
		metas = append(metas, fileMeta(p, m))
		var g *graphedit.Graph
		if i == 0 {
			g, err = graphedit.Load(m)
		} else {
			g, merged, err = gatetrain.LoadDecoder(m)
		}
		if err != nil {
			(&JoinedGraph{files: models}).Close()
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		graphs = append(graphs, g)
	}
	j, err := joinGraphs(graphs, nil, files, allowDirs)
	if err != nil {
		(&JoinedGraph{files: models}).Close()
		return nil, err
	}
	j.files, j.Metas, j.Merged = models, metas, merged
	return j, nil
}

// Loaded hands the files LoadJoined loaded to verify by path, to be read
// in memory (verify.LoadedFile); a merged decoder, joined as one of its
// branches, is left out.
func (j *JoinedGraph) Loaded() map[string]*verify.LoadedFile {
	out := map[string]*verify.LoadedFile{}
	for i, m := range j.files {
		if i == 1 && j.Merged {
			continue
		}
		lf := &verify.LoadedFile{Model: m, Graph: j.Parts[i]}
		if i < len(j.partBlocks) {
			lf.Blocks = j.partBlocks[i]
		}
		out[j.Files[i]] = lf
	}
	return out
}

// fileMeta is the metadata of a loaded model file.
func fileMeta(path string, m *onnxio.Model) verify.FileMeta {
	props := map[string]string{}
	for _, p := range m.Proto.GetMetadataProps() {
		props[p.GetKey()] = p.GetValue()
	}
	return verify.FileMeta{Path: path, Props: props}
}

// allBlocks merges the blocks of the loaded files (AllBlocks).
func allBlocks(files []*ModelFile) ([]*heads.Block, error) {
	var paths []string
	var blocks [][]*heads.Block
	for _, f := range files {
		paths, blocks = append(paths, f.Path), append(blocks, f.Blocks)
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
