package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"onnxprune/graphedit/heads"
	"onnxprune/pipeline"
)

// modelSet is the files of one model (a single file, or the encoder and
// decoder files of a split export) read together. A block name
// (`KIND:LAYER`) that occurs in several files (decoder_model.onnx and
// decoder_with_past_model.onnx) is one block of the model.
type modelSet struct {
	files []*pipeline.ModelFile
}

// loadModelSet reads the files of one model and finds their attention
// blocks. A Softmax over attention scores that the analysis cannot explain
// fails the load, unless lenient (inspect and prune, which report such
// nodes and work on the blocks that were understood).
func loadModelSet(paths []string, allowDirs []string, lenient bool) (*modelSet, error) {
	ms := &modelSet{}
	seen := map[string]bool{}
	for _, p := range paths {
		base := filepath.Base(p)
		if len(paths) > 1 && seen[base] {
			return nil, fmt.Errorf("%s: two model files named %s (an output folder holds the same file names)", p, base)
		}
		seen[base] = true
	}
	files, err := pipeline.LoadModel(paths, allowDirs, lenient)
	if err != nil {
		return nil, err
	}
	ms.files = files
	if _, err := ms.inventory(); err != nil {
		ms.close()
		return nil, err
	}
	return ms, nil
}

func (ms *modelSet) close() {
	for _, f := range ms.files {
		f.Model.Close()
	}
}

// blockInfo is one attention block of a model set, as inspect --heads
// reports it (also its JSON form).
type blockInfo struct {
	Name     string   `json:"name"`
	Kind     string   `json:"kind"`
	Layer    int      `json:"layer"`
	NumHeads int      `json:"num_heads"`
	HeadDim  int      `json:"head_dim"`
	Files    []string `json:"files"`
	Graph    string   `json:"graph"`
	Anchor   string   `json:"anchor"`
	PerHead  string   `json:"per_head_tensor,omitempty"`
	// Gated says the heads are multiplied by a gate vector before the
	// output projection (as onnxprune gate inserts); Gate names its graph
	// input (gate/KIND.LAYER).
	Gated      bool              `json:"gated"`
	Gate       string            `json:"gate_input,omitempty"`
	Weights    map[string]weight `json:"weights"`
	HeadConsts []headConst       `json:"head_constants"`
	// Operands are the tensors carrying the heads from outside the
	// projections (masks, position biases, caches), as the analysis
	// explained them.
	Operands []headOperand `json:"head_operands,omitempty"`
}

type headOperand struct {
	Node   string `json:"node"`
	Input  int    `json:"input"`
	Class  string `json:"class"`
	Source string `json:"source"`
}

type weight struct {
	Initializer string `json:"initializer"`
	// Transposed: true for the MatMul layout [in,out], false for [out,in].
	Transposed bool  `json:"transposed"`
	Offset     int64 `json:"offset"`
	Width      int64 `json:"width"`
}

type headConst struct {
	What  string `json:"what"`
	Node  string `json:"node,omitempty"`
	Value string `json:"value,omitempty"`
	Axis  int    `json:"axis"`
}

// inventory merges the blocks of every file by name, in kind order then
// layer; a name with different head counts in two files is an error.
func (ms *modelSet) inventory() ([]*blockInfo, error) {
	byName := map[string]*blockInfo{}
	var out []*blockInfo
	for _, f := range ms.files {
		for _, b := range f.Blocks {
			bi := byName[b.Name()]
			if bi == nil {
				bi = describeBlock(b)
				byName[b.Name()] = bi
				out = append(out, bi)
			} else if bi.NumHeads != b.NumHeads || bi.HeadDim != b.HeadDim {
				return nil, fmt.Errorf("%s: block %s has H=%d dh=%d, but %d and %d in %s", f.Path, b.Name(), b.NumHeads, b.HeadDim, bi.NumHeads, bi.HeadDim, strings.Join(bi.Files, ", "))
			}
			if bi.Gate != "" && b.Gate != nil && b.Gate.Name() != bi.Gate {
				return nil, fmt.Errorf("%s: block %s is gated by %s, but by %s in %s", f.Path, b.Name(), b.Gate.Name(), bi.Gate, strings.Join(bi.Files, ", "))
			}
			bi.Files = append(bi.Files, f.Path)
		}
	}
	order := map[string]int{}
	for i, k := range heads.Kinds {
		order[string(k)] = i
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return order[out[i].Kind] < order[out[j].Kind]
		}
		return out[i].Layer < out[j].Layer
	})
	return out, nil
}

func describeBlock(b *heads.Block) *blockInfo {
	bi := &blockInfo{Name: b.Name(), Kind: string(b.Kind), Layer: b.Layer, NumHeads: b.NumHeads, HeadDim: b.HeadDim,
		Graph: b.Graph, Anchor: b.Softmax.String(), Weights: map[string]weight{}}
	if b.PerHead != nil {
		bi.PerHead = b.PerHead.Name()
	}
	if b.Gate != nil {
		bi.Gated, bi.Gate = true, b.Gate.Name()
	}
	add := func(role string, p heads.Projection) {
		if p.Weight != nil {
			bi.Weights[role+"_weight"] = weight{Initializer: p.Weight.Name(), Transposed: p.Transposed, Offset: p.Offset, Width: p.Width}
		}
		if p.Bias != nil {
			bi.Weights[role+"_bias"] = weight{Initializer: p.Bias.Name(), Offset: p.BiasOffset, Width: p.Width}
		}
	}
	add("q", b.Q)
	add("k", b.K)
	add("v", b.V)
	add("out", b.Out)
	for _, op := range b.HeadOperands {
		bi.Operands = append(bi.Operands, headOperand{Node: op.Node.String(), Input: op.Input, Class: string(op.Class), Source: op.Source})
	}
	for _, hc := range b.HeadConsts {
		c := headConst{What: hc.What, Axis: hc.Axis}
		if hc.Node != nil {
			c.Node = hc.Node.String()
		}
		if hc.Value != nil {
			c.Value = hc.Value.Name()
		}
		bi.HeadConsts = append(bi.HeadConsts, c)
	}
	return bi
}

// notUnderstood is a Softmax (or attention node) the head analysis could
// not explain, as inspect --heads reports it (also its JSON form).
type notUnderstood struct {
	File    string `json:"file"`
	Graph   string `json:"graph"`
	Softmax string `json:"softmax"`
	Reason  string `json:"reason"`
}

// notUnderstood lists the anchors of every file that were not understood.
func (ms *modelSet) notUnderstood() []notUnderstood {
	var out []notUnderstood
	for _, f := range ms.files {
		for _, e := range f.NotUnderstood {
			out = append(out, notUnderstood{File: f.Path, Graph: e.Graph, Softmax: e.Softmax, Reason: e.Missing})
		}
	}
	return out
}

// writeNotUnderstood prints the anchors that were not understood and what
// that means for them (consequence: "not listed above", "left whole").
func writeNotUnderstood(w io.Writer, nu []notUnderstood, consequence string) {
	if len(nu) == 0 {
		return
	}
	fmt.Fprintf(w, "%d attention nodes not understood (their heads are %s):\n", len(nu), consequence)
	for _, n := range nu {
		where := filepath.Base(n.File)
		if n.Graph != "" && n.Graph != "main" {
			where += " " + n.Graph
		}
		fmt.Fprintf(w, "  %s: Softmax %q: %s\n", where, n.Softmax, n.Reason)
	}
}

// explainMissing adds, to an error about a block the model lacks, the
// attention nodes that were not understood (the block may be one of them).
func (ms *modelSet) explainMissing(err error) error {
	nu := ms.notUnderstood()
	if len(nu) == 0 {
		return err
	}
	var parts []string
	for _, n := range nu {
		parts = append(parts, fmt.Sprintf("%s: Softmax %q: %s", filepath.Base(n.File), n.Softmax, n.Reason))
	}
	return fmt.Errorf("%w; the analysis failed on %d attention nodes, whose blocks are not known: %s", err, len(nu), strings.Join(parts, "; "))
}

// writeHeadTable prints the inventory as a table; strings from the model go
// through printable.
func writeHeadTable(w io.Writer, blocks []*blockInfo) {
	fmt.Fprintf(w, "%-10s %5s %5s %-28s %-28s %-28s %-28s %-16s %s\n", "BLOCK", "HEADS", "DIM", "Q", "K", "V", "OUT", "GATE", "FILES")
	short := func(bi *blockInfo, role string) string {
		wt, ok := bi.Weights[role+"_weight"]
		if !ok {
			return "-"
		}
		s := printable(wt.Initializer)
		if len(s) > 22 {
			s = "…" + s[len(s)-21:]
		}
		if wt.Width > 0 && wt.Offset > 0 {
			s += fmt.Sprintf("[%d:]", wt.Offset)
		}
		return s
	}
	for _, bi := range blocks {
		var files []string
		for _, f := range bi.Files {
			files = append(files, printable(filepath.Base(f)))
		}
		gate := "-"
		if bi.Gated {
			gate = printable(bi.Gate)
		}
		fmt.Fprintf(w, "%-10s %5d %5d %-28s %-28s %-28s %-28s %-16s %s\n", bi.Name, bi.NumHeads, bi.HeadDim,
			short(bi, "q"), short(bi, "k"), short(bi, "v"), short(bi, "out"), gate, strings.Join(files, ","))
	}
	count := map[string]int{}
	heads, gated := 0, 0
	for _, bi := range blocks {
		count[bi.Kind]++
		heads += bi.NumHeads
		if bi.Gated {
			gated++
		}
	}
	fmt.Fprintf(w, "%d blocks (encoder %d, decoder %d, cross %d), %d heads", len(blocks), count["encoder"], count["decoder"], count["cross"], heads)
	if gated > 0 {
		fmt.Fprintf(w, "; %d blocks gated", gated)
	}
	fmt.Fprintln(w)
}
