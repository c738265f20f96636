package heads

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// selectOperand makes node op.Node read only the kept heads of its operand
// op.Input: a Gather of the kept indices on the head axis when the axis has
// a known size, else (a merged [B·H, ...] axis) a Reshape that splits the
// axis into [-1, H, inner], a Gather on H and a Reshape back. The operand
// itself is left alone, so its other readers (other layers, other blocks)
// see every head.
func selectOperand(g *graphedit.Graph, op HeadOperand, keep []bool, block string) error {
	v := op.Node.Input(op.Input)
	prefix := "prune/" + block + "/heads"
	dims := v.Shape()
	ax := op.ax
	if ax.axis >= len(dims) {
		return fmt.Errorf("operand %q of %s: heads on axis %d of %s", v.Name(), op.Node, ax.axis, graphedit.ShapeString(dims))
	}
	int64s := func(name string, vals ...int64) (*graphedit.Value, error) {
		return g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/"+name), []int64{int64(len(vals))}, vals))
	}
	add := func(opType string, attrs []*onnxpb.AttributeProto, ins ...*graphedit.Value) (*graphedit.Value, error) {
		n, err := g.AddNode(graphedit.NodeSpec{OpType: opType, Inputs: ins, Outputs: []string{g.FreshName(prefix)}, Attrs: attrs})
		if err != nil {
			return nil, err
		}
		return n.Output(0), nil
	}
	axisAttr := func(a int) []*onnxpb.AttributeProto {
		return []*onnxpb.AttributeProto{graphedit.IntAttr("axis", int64(a))}
	}
	if d := dims[ax.axis]; d.Known() {
		if d.Value != ax.outer*int64(len(keep))*ax.inner {
			return fmt.Errorf("operand %q of %s: axis %d has size %d, want %d*%d*%d", v.Name(), op.Node, ax.axis, d.Value, ax.outer, len(keep), ax.inner)
		}
		idx, err := int64s("kept", keptIndices(ax, keep)...)
		if err != nil {
			return err
		}
		sel, err := add("Gather", axisAttr(ax.axis), v, idx)
		if err != nil {
			return err
		}
		return g.SetInput(op.Node, op.Input, sel)
	}
	// Merged axis of symbolic size outer*H*inner.
	rank := int64(len(dims))
	shape, err := add("Shape", nil, v)
	if err != nil {
		return err
	}
	piece := func(start, end int64) (*graphedit.Value, error) {
		s, err := int64s("start", start)
		if err != nil {
			return nil, err
		}
		e, err := int64s("end", end)
		if err != nil {
			return nil, err
		}
		return add("Slice", nil, shape, s, e)
	}
	before, err := piece(0, int64(ax.axis))
	if err != nil {
		return err
	}
	after, err := piece(int64(ax.axis)+1, rank)
	if err != nil {
		return err
	}
	split, err := int64s("split", -1, int64(len(keep)), ax.inner)
	if err != nil {
		return err
	}
	merged, err := int64s("merged", -1)
	if err != nil {
		return err
	}
	t1, err := add("Concat", axisAttr(0), before, split, after)
	if err != nil {
		return err
	}
	t2, err := add("Concat", axisAttr(0), before, merged, after)
	if err != nil {
		return err
	}
	x, err := add("Reshape", nil, v, t1)
	if err != nil {
		return err
	}
	var kept []int64
	for h, k := range keep {
		if k {
			kept = append(kept, int64(h))
		}
	}
	idx, err := int64s("kept", kept...)
	if err != nil {
		return err
	}
	x, err = add("Gather", axisAttr(ax.axis+1), x, idx)
	if err != nil {
		return err
	}
	x, err = add("Reshape", nil, x, t2)
	if err != nil {
		return err
	}
	return g.SetInput(op.Node, op.Input, x)
}

// readerUses returns the uses of initializer w that belong to block b (a
// node whose output carries b's heads, the output projection, or a chain
// of weight-side ops leading to one) and whether w has other readers.
func readerUses(b *Block, w *graphedit.Value) (own []graphedit.Use, shared bool) {
	var belongs func(n *graphedit.Node, depth int) bool
	belongs = func(n *graphedit.Node, depth int) bool {
		if n == b.OutNode || n == b.Softmax {
			return true
		}
		for _, o := range n.Outputs() {
			if o == nil {
				continue
			}
			if _, ok := b.region.ann[o]; ok {
				return true
			}
		}
		if depth > 4 || n.NumOutputs() != 1 || n.Output(0) == nil {
			return false
		}
		switch n.OpType() {
		case "Transpose", "Identity", "Cast", "Slice", "Gather", "Split", "QuantizeLinear", "DequantizeLinear":
		default:
			return false
		}
		uses := n.Output(0).Uses()
		if len(uses) == 0 {
			return false
		}
		for _, u := range uses {
			if !belongs(u.Node, depth+1) {
				return false
			}
		}
		return true
	}
	for _, u := range w.Uses() {
		if !u.Captured() && belongs(u.Node, 0) {
			own = append(own, u)
		} else {
			shared = true
		}
	}
	return own, shared
}

// copyForReaders gives block b's readers of initializer w their own copy
// of it (named after w), so that slicing the copy leaves the other readers'
// weight whole. It returns the copy.
func copyForReaders(g *graphedit.Graph, w *graphedit.Value, own []graphedit.Use) (*graphedit.Value, error) {
	t := proto.Clone(w.Initializer()).(*onnxpb.TensorProto)
	t.Name = proto.String(g.FreshName(w.Name() + "/pruned"))
	c, err := g.AddInitializer(t)
	if err != nil {
		return nil, err
	}
	for _, u := range own {
		if err := g.SetInput(u.Node, u.Input, c); err != nil {
			return nil, err
		}
	}
	return c, nil
}
