package pipeline

import (
	"fmt"

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

// loadFiles loads every file (with opts, nil: the defaults) and finds its
// heads; close releases them.
func loadFiles(paths []string, opts *onnxio.LoadOptions) ([]*loaded, func(), error) {
	var out []*loaded
	closeAll := func() {
		for _, l := range out {
			l.m.Close()
		}
	}
	for _, p := range paths {
		m, err := onnxio.Load(p, opts)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		g, err := graphedit.Load(m)
		if err != nil {
			m.Close()
			closeAll()
			return nil, nil, fmt.Errorf("%s: %w", p, err)
		}
		blocks, err := heads.FindHeads(g)
		if err != nil {
			m.Close()
			closeAll()
			return nil, nil, fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, &loaded{path: p, m: m, g: g, blocks: blocks})
	}
	return out, closeAll, nil
}

// allBlocks merges the blocks of every file by name (decoder_model.onnx and
// decoder_with_past_model.onnx share theirs), in file order.
func allBlocks(files []*loaded) ([]*heads.Block, error) {
	var out []*heads.Block
	seen := map[string]*heads.Block{}
	for _, f := range files {
		for _, b := range f.blocks {
			if o, ok := seen[b.Name()]; ok {
				if o.NumHeads != b.NumHeads {
					return nil, fmt.Errorf("%s: block %s has %d heads, %d elsewhere", f.path, b.Name(), b.NumHeads, o.NumHeads)
				}
				continue
			}
			seen[b.Name()] = b
			out = append(out, b)
		}
	}
	return out, nil
}
