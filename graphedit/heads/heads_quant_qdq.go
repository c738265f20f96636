package heads

import "onnxprune/graphedit"

// Static QDQ quantization (ONNX Runtime's quantize_static, QuantFormat.QDQ)
// puts a QuantizeLinear/DequantizeLinear pair after activations and reads
// every weight as DequantizeLinear(int8 initializer, scale, zero point):
// per tensor (scalar scale and zero point) or per channel (vectors along
// the node's axis). The discovery walks step over the pairs on activations
// (graphedit.IsQDQ) and take a dequantized weight for its int8 initializer
// (graphedit.ConstQDQ); the head analysis slices a per-channel scale and
// zero point together with the weight they dequantize (quantParams).

// perAxisParam reports whether input j (the scale or zero point) of a
// QuantizeLinear or DequantizeLinear n holds one value per index of the
// data's head axis a: a vector longer than one along the node's axis.
func (r *headRegion) perAxisParam(n *graphedit.Node, j int, a headAx) bool {
	in := n.Input(j)
	if in == nil || in.Rank() != 1 {
		return false
	}
	if d := in.Shape(); len(d) == 1 && d[0].Known() && d[0].Value == 1 {
		return false
	}
	axis := int(n.AttrInt("axis", 1))
	if axis < 0 {
		axis += n.Input(0).Rank()
	}
	return axis == a.axis
}

// quantParams adds to the constants surgery slices the per-channel scale
// and zero point of every DequantizeLinear that reads weight w (a
// constant of the region, heads on a) along the head axis: they lose the
// removed heads' entries with the weight, and fwdQDQ, finding them there,
// does not ask for them as operands.
func (r *headRegion) quantParams(w *graphedit.Value, a headAx) {
	if w == nil {
		return
	}
	for _, u := range w.Uses() {
		n := u.Node
		if u.Input != 0 || n.OpType() != "DequantizeLinear" || !graphedit.ConstQDQ(n) {
			continue
		}
		for j := 1; j < n.NumInputs(); j++ {
			p := n.Input(j)
			if !r.perAxisParam(n, j, a) || graphedit.ConstRoot(p) != p {
				continue
			}
			if !r.hasConst(p) {
				r.consts = append(r.consts, regionTensor{p, headAx{0, a.outer, a.inner}})
			}
			if r.paramUses == nil {
				r.paramUses = map[*graphedit.Value][]graphedit.Use{}
			}
			r.paramUses[p] = append(r.paramUses[p], graphedit.Use{Node: n, Input: j})
		}
	}
}

// hasConst reports whether v is already among the constants to slice.
func (r *headRegion) hasConst(v *graphedit.Value) bool {
	for _, c := range r.consts {
		if c.v == v {
			return true
		}
	}
	return false
}

// headReaders returns the uses of initializer w that read it along block b's
// heads, and whether w has other readers. A per-channel scale or zero point
// is read along the heads only by the DequantizeLinear nodes quantParams
// found (the quantizer may share one zero point between every weight of a
// model, read along other axes elsewhere); any other constant by the nodes
// readerUses attributes to the block.
func (b *Block) headReaders(w *graphedit.Value) (own []graphedit.Use, shared bool) {
	if uses, ok := b.region.paramUses[w]; ok {
		return uses, w.NumUses() > len(uses)
	}
	return readerUses(b, w)
}
