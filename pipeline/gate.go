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

// GateJoined gates a joined graph (LoadJoined) as GateGraph gates one
// file: with its carried blocks, or those found on it (heads.FindHeads)
// when it has none. The train command gates an ungated model so.
func GateJoined(j *JoinedGraph, kinds []heads.Kind, l structures.List) ([]string, error) {
	blocks := j.Blocks
	if blocks == nil {
		var err error
		if blocks, err = heads.FindHeads(j.Graph); err != nil {
			return nil, fmt.Errorf("%s: %w", j.Name, err)
		}
	}
	names, err := GateGraph(j.Graph, blocks, kinds, l)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", j.Name, err)
	}
	return names, nil
}
