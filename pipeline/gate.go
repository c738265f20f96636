package pipeline

import (
	"fmt"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
)

// GateGraph adds to one ungated graph the gates of the gate stage and of
// the gate and train commands: a gate per head of the blocks of kinds (nil:
// every kind) when l.Heads, and a gate per FFN neuron group and per
// residual sublayer as l asks. It returns the gate inputs added, written
// NAME[SIZE], in order. A structure other than attention that
// structures.DiscoverWith (with blocks: no second head discovery) does
// not understand is an error.
func GateGraph(g *graphedit.Graph, blocks []*heads.Block, kinds []heads.Kind, l structures.List) ([]string, error) {
	wanted := false
	for _, b := range blocks {
		wanted = wanted || len(kinds) == 0 || kindIn(b.Kind, kinds)
	}
	var names []string
	if l.Heads && wanted {
		gates, err := heads.InsertGates(g, blocks, kinds)
		if err != nil {
			return nil, err
		}
		for _, gt := range gates {
			names = append(names, fmt.Sprintf("%s[%d]", gt.Name, gt.Heads))
		}
	}
	if l.HeadsOnly() {
		return names, nil
	}
	// The blocks, their heads gated now, are the structure discovery's.
	d, err := structures.DiscoverWith(g, &heads.Discovery{Blocks: blocks})
	if err != nil {
		return nil, err
	}
	for _, nu := range d.NotUnderstood {
		if nu.Structure != "attention" {
			return nil, nu
		}
	}
	gates, err := structures.InsertGates(g, d, l.FFNGroup, l.Sublayers)
	if err != nil {
		return nil, err
	}
	for _, gt := range gates {
		names = append(names, fmt.Sprintf("%s[%d]", gt.Name, gt.Size))
	}
	return names, nil
}

// kindIn reports whether k is among kinds.
func kindIn(k heads.Kind, kinds []heads.Kind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// gated returns a copy of the file (editable: its blocks carried, the file
// left as loaded) gated by GateGraph, with the gate inputs added: the gate
// stage gates each file of the model so, and GateJoined each file of a
// joined graph.
func (l *ModelFile) gated(kinds []heads.Kind, list structures.List) (*ModelFile, []string, error) {
	c, err := l.editable()
	if err != nil {
		return nil, nil, err
	}
	names, err := GateGraph(c.Graph, c.Blocks, kinds, list)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", l.Path, err)
	}
	return c, names, nil
}

// GateJoined gates a joined graph (LoadJoined) as the train stage of run
// has it: each file gated as the gate stage gates it (a copy, its heads
// found once on the file's graph), then the gated copies joined anew into
// j.Graph. j.Parts stay as loaded, and their blocks go to verify with them
// (Loaded). The train command gates an ungated model so. It returns the
// gate inputs added, file by file.
func GateJoined(j *JoinedGraph, kinds []heads.Kind, l structures.List) ([]string, error) {
	var gated []*graphedit.Graph
	var names []string
	j.partBlocks = make([][]*heads.Block, len(j.Parts))
	for i, part := range j.Parts {
		blocks, err := heads.FindHeads(part)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", j.Files[i], err)
		}
		j.partBlocks[i] = blocks
		c, n, err := (&ModelFile{Path: j.Files[i], Graph: part, Blocks: blocks}).gated(kinds, l)
		if err != nil {
			return nil, err
		}
		gated, names = append(gated, c.Graph), append(names, n...)
	}
	joined, err := joinGraphs(gated, nil, j.Files, nil)
	if err != nil {
		return nil, err
	}
	j.Graph, j.Blocks = joined.Graph, nil
	return names, nil
}
