package graphedit

import (
	"fmt"

	"onnxprune/onnxio"
)

// FoldShapes replaces nodes whose every output shape analysis knows in full
// (integer and bool tensors: shape arithmetic such as Shape→Gather→Concat on
// static dims) by initializers of the same names, then runs Cleanup so the
// nodes that only fed them go too. Graph outputs and Constant nodes are
// left alone. It returns how many nodes were replaced.
func (g *Graph) FoldShapes() (int, error) {
	if err := g.InferShapes(); err != nil {
		return 0, err
	}
	order, err := g.TopoOrder()
	if err != nil {
		return 0, err
	}
	type fold struct {
		n       *Node
		tensors []*onnxio.Tensor
	}
	var folds []fold
	for _, n := range order {
		if n.OpType() == "Constant" || n.HasSubgraphs() || n.NumOutputs() == 0 {
			continue
		}
		var ts []*onnxio.Tensor
		ok := true
		for _, v := range n.outputs {
			if v == nil {
				ts = append(ts, nil)
				continue
			}
			if v.IsGraphOutput() {
				ok = false
				break
			}
			t, known := g.ConstValue(v)
			if !known {
				ok = false
				break
			}
			ts = append(ts, t)
		}
		if ok {
			folds = append(folds, fold{n, ts})
		}
	}
	// Encode everything before changing anything.
	type repl struct {
		v *Value
		t *onnxio.Tensor
	}
	var repls []repl
	for _, f := range folds {
		for i, t := range f.tensors {
			if t == nil {
				continue
			}
			c := *t
			c.Name = f.n.outputs[i].name
			if _, err := onnxio.EncodeTensor(&c); err != nil {
				return 0, fmt.Errorf("graphedit: fold node %s: %w", f.n, err)
			}
			repls = append(repls, repl{f.n.outputs[i], &c})
		}
	}
	if len(folds) == 0 {
		return 0, nil
	}
	g.gen++
	for _, f := range folds {
		// Detach the node but keep its outputs, which become initializers.
		for i, v := range f.n.inputs {
			if v != nil {
				v.removeUse(f.n, i)
			}
		}
		for _, v := range f.n.captures {
			v.removeUse(f.n, CapturedInput)
		}
		if name := f.n.Name(); name != "" {
			if g.nodeName[name]--; g.nodeName[name] <= 0 {
				delete(g.nodeName, name)
			}
		}
		f.n.g = nil
	}
	for _, r := range repls {
		tp, _ := onnxio.EncodeTensor(r.t)
		r.v.producer, r.v.outIndex = nil, 0
		r.v.init = tp
		g.inits = append(g.inits, r.v)
	}
	removed := map[*Node]bool{}
	for _, f := range folds {
		removed[f.n] = true
	}
	kept := g.nodes[:0]
	for _, n := range g.nodes {
		if !removed[n] {
			kept = append(kept, n)
		}
	}
	g.nodes = kept
	g.Cleanup()
	return len(folds), nil
}

// FoldShapesPass runs FoldShapes as a Pass.
type FoldShapesPass struct{}

// Name returns "fold-shapes".
func (FoldShapesPass) Name() string { return "fold-shapes" }

// Run folds shape arithmetic into initializers.
func (FoldShapesPass) Run(g *Graph) (bool, error) {
	n, err := g.FoldShapes()
	return n > 0, err
}
