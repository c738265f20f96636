package heads

import (
	"fmt"

	"onnxprune/graphedit"
)

// isFusedAttention reports whether n is ONNX Runtime's fused attention
// (com.microsoft Attention or MultiHeadAttention, or QAttention: Attention
// on a dynamically quantized input with an int8 weight).
func isFusedAttention(n *graphedit.Node) bool {
	return n.Domain() == "com.microsoft" && (n.OpType() == "Attention" || n.OpType() == "MultiHeadAttention" || n.OpType() == "QAttention")
}

// matchFused matches a com.microsoft Attention (packed QKV weight [E,3*H*dh]
// and bias, num_heads attribute) or MultiHeadAttention (Q, K, V computed
// outside, packed QKV bias, keys and values possibly read from caches).
// The block's Softmax field holds the fused node; it has no per-head tensor.
func matchFused(g *graphedit.Graph, n *graphedit.Node) (*Block, error) {
	fail := func(format string, args ...any) (*Block, error) {
		return nil, &MatchError{Softmax: nodeLabel(n), Missing: fmt.Sprintf(format, args...)}
	}
	H := n.AttrInt("num_heads", 0)
	if H <= 0 {
		return fail("%s has no num_heads attribute", n)
	}
	b := &Block{Softmax: n, NumHeads: int(H)}
	var qIn, kIn, vIn *graphedit.Value
	var kv []*graphedit.Value
	var err error
	switch n.OpType() {
	case "Attention", "QAttention":
		w := n.Input(1)
		root := graphedit.ConstRoot(w)
		if root == nil {
			return fail("%s: packed QKV weight %q is not a constant", n, w.Name())
		}
		d := root.Shape()
		if len(d) != 2 || !d[1].Known() || d[1].Value%3 != 0 {
			return fail("%s: packed QKV weight %q has shape %s", n, root.Name(), graphedit.ShapeString(d))
		}
		if sz, ok := n.AttrInts("qkv_hidden_sizes"); ok && !(len(sz) == 3 && sz[0] == sz[1] && sz[1] == sz[2]) {
			return fail("%s: unequal qkv_hidden_sizes %v", n, sz)
		}
		width := d[1].Value / 3
		bias := n.Input(2)
		for i, p := range []*Projection{&b.Q, &b.K, &b.V} {
			*p = Projection{Weight: root, Transposed: true, Offset: int64(i) * width, Width: width}
			if bias != nil {
				p.Bias, p.BiasOffset = graphedit.ConstRoot(bias), int64(i)*width
			}
		}
		if isQAttention(n) {
			// Per-column scales and zero points go with the packed
			// weight (sliced once, as the weight is).
			pc := qAttentionWeightParams(n, d[1].Value)
			b.Q.PerColumn, b.K.PerColumn, b.V.PerColumn = pc, pc, pc
		}
		in := graphedit.DequantizedSource(n.Input(0))
		qIn, kIn, vIn = in, in, in
		if n.AttrInt("unidirectional", 0) == 1 {
			b.Kind = KindDecoder
		}
	case "MultiHeadAttention":
		b.Q, qIn, kv, err = findInProjection(g, n.Input(0), kv)
		if err != nil || b.Q.Weight == nil {
			return fail("query projection: %v", err)
		}
		if n.Input(1) == nil || n.Input(2) == nil {
			return fail("%s: packed Q/K/V inputs are not supported", n)
		}
		if b.K, kIn, kv, err = findInProjection(g, n.Input(1), kv); err != nil {
			return fail("key projection: %v", err)
		}
		if b.V, vIn, kv, err = findInProjection(g, n.Input(2), kv); err != nil {
			return fail("value projection: %v", err)
		}
		for _, i := range []int{6, 7} { // past key, past value
			if in := n.Input(i); in != nil {
				kv = appendUnique(kv, in)
			}
		}
		if bias := n.Input(3); bias != nil {
			w := b.Q.Width
			for i, p := range []*Projection{&b.Q, &b.K, &b.V} {
				p.Bias, p.BiasOffset = graphedit.ConstRoot(bias), int64(i)*w
			}
		}
		cross := false
		for _, in := range []*graphedit.Value{kIn, vIn} {
			if in != nil && in != qIn {
				cross = true
			}
		}
		for _, in := range kv {
			if kIn == nil && hasWord(in.Name(), "encoder") {
				cross = true
			}
		}
		switch {
		case cross:
			b.Kind = KindCross
		case n.AttrInt("unidirectional", 0) == 1:
			b.Kind = KindDecoder
		}
	}
	if b.Q.Width%H != 0 {
		return fail("%s: query width %d is not a multiple of num_heads %d", n, b.Q.Width, H)
	}
	b.HeadDim = int(b.Q.Width / H)
	out, outNode, factor, err := findOutProjection(g, n.Output(0), 8)
	if err != nil {
		return fail("%v", err)
	}
	if out.Width != b.Q.Width {
		return fail("output projection %q takes %d features, want %d", out.Weight.Name(), out.Width, b.Q.Width)
	}
	b.Out, b.OutNode = out, outNode
	b.setGate(factor)
	if err := b.checkGate(); err != nil {
		return fail("%v", err)
	}
	b.QueryInput, b.KVInputs, b.keyInput = qIn, kv, kIn
	b.HeadConsts = append(b.HeadConsts, HeadConst{Node: n, What: "num_heads attribute"})
	for _, o := range n.Outputs()[1:] {
		if o == nil {
			continue
		}
		if n.OpType() == "MultiHeadAttention" {
			b.HeadConsts = append(b.HeadConsts, HeadConst{Node: n, Value: o, What: "graph output", Axis: 1})
			continue
		}
		// Attention's present is [2,B,H,T,dh]; Gathers split keys and values.
		for _, u := range o.Uses() {
			if u.Node.OpType() == "Gather" && u.Input == 0 && u.Node.AttrInt("axis", 0) == 0 {
				b.HeadConsts = append(b.HeadConsts, HeadConst{Node: n, Value: u.Node.Output(0), What: "graph output", Axis: 1})
			}
		}
		b.HeadConsts = append(b.HeadConsts, HeadConst{Node: n, Value: o, What: "present output", Axis: 2})
	}
	for _, in := range kv {
		b.HeadConsts = append(b.HeadConsts, HeadConst{Value: in, What: "graph input", Axis: 1})
	}
	return b, nil
}

func hasWord(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i:i+len(w)] == w {
			return true
		}
	}
	return false
}
