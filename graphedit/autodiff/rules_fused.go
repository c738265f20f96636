package autodiff

import (
	"math"

	"onnxprune/graphedit"
)

// Rules for the com.microsoft fused ops ONNX Runtime's transformer
// optimizer writes. Each recomputes what it needs from standard ops.
func fusedRules() []Rule {
	return []Rule{
		{Domain: "com.microsoft", Op: "BiasGelu", Grad: gradBiasGelu},
		// input, skip, gamma, beta, bias.
		{Domain: "com.microsoft", Op: "SkipLayerNormalization", Diff: []int{0, 1, 2, 3, 4}, Grad: gradSkipLayerNorm},
		// word, position and segment embeddings, gamma, beta (ids and mask
		// have no gradient).
		{Domain: "com.microsoft", Op: "EmbedLayerNormalization", Diff: []int{2, 3, 4, 5, 6}, Grad: gradEmbedLayerNorm},
		// input, weights, bias, attention_bias.
		{Domain: "com.microsoft", Op: "Attention", Diff: []int{0, 1, 2, 5}, Grad: gradAttention},
	}
}

// gradBiasGelu: com.microsoft BiasGelu(x, bias) is the erf Gelu of x+bias.
func gradBiasGelu(c *Context) {
	e := c.e
	x := e.add(c.X(0), c.X(1))
	g := e.mul(c.GY(0), geluDeriv(e, x, e.elem(c.X(0)), false))
	if c.Need(0) {
		c.setUnbroadcast(0, g)
	}
	if c.Need(1) {
		c.setUnbroadcast(1, g)
	}
}

// gradSkipLayerNorm: com.microsoft SkipLayerNormalization computes
// s = input + skip (+ bias), y = LayerNorm(s)·gamma + beta over the last
// axis, and optionally outputs s itself (output 3, the residual stream the
// next layer reads). ds = layer-norm backward of dy + the gradient of
// output 3; input, skip and bias get ds summed to their shapes. Gradients
// into the Mean/InvStdDev outputs are refused.
func gradSkipLayerNorm(c *Context) {
	e := c.e
	if c.GY(1) != nil || c.GY(2) != nil {
		c.Fail("SkipLayerNormalization: gradients through the mean/inv_std_var outputs are not supported")
		return
	}
	in0 := c.X(0)
	r := int64(in0.Rank())
	if r <= 0 {
		c.Fail("SkipLayerNormalization: the input rank must be known")
		return
	}
	s := e.add(in0, c.X(1))
	if b := c.X(4); b != nil {
		s = e.add(s, b)
	}
	e.elems[s] = e.elem(in0)
	var ds *graphedit.Value
	needS := c.Need(0) || c.Need(1) || c.Need(4)
	if dy := c.GY(0); dy != nil {
		dx, dg := e.layerNormBackward(s, dy, c.X(2), r-1, r, c.node.AttrFloat("epsilon", 1e-12), nil, needS, c.Need(2))
		ds = dx
		if dg != nil {
			c.SetGrad(2, e.unbroadcast(dg, c.Y(0).Shape(), c.X(2)))
		}
		if c.Need(3) && c.X(3) != nil {
			c.SetGrad(3, e.unbroadcast(dy, c.Y(0).Shape(), c.X(3)))
		}
	}
	if g3 := c.GY(3); g3 != nil && needS {
		if ds == nil {
			ds = g3
		} else {
			ds = e.add(ds, g3)
		}
	}
	if ds == nil {
		return
	}
	for _, i := range []int{0, 1, 4} {
		if c.Need(i) && c.X(i) != nil {
			c.SetGrad(i, e.unbroadcast(ds, in0.Shape(), c.X(i)))
		}
	}
}

// gradEmbedLayerNorm: com.microsoft EmbedLayerNormalization computes
// s = word[input_ids] + position[position_ids or 0..S−1] (+ segment[segment_ids]),
// y = LayerNorm(s)·gamma + beta over the last axis, and outputs s as
// embedding_sum (output 2). The embeddings' gradients scatter-add ds back
// to the looked-up rows, as Gather's gradient does.
func gradEmbedLayerNorm(c *Context) {
	e := c.e
	if c.GY(1) != nil {
		c.Fail("EmbedLayerNormalization: the mask index output has no gradient")
		return
	}
	ids, word, pos := c.X(0), c.X(2), c.X(3)
	t := e.elem(word)
	toI64 := func(v *graphedit.Value) *graphedit.Value {
		if e.elem(v) != elemInt64 {
			return e.cast(v, elemInt64)
		}
		return v
	}
	ids64 := toI64(ids)
	var posIDs *graphedit.Value // [B,S] or [1,S]
	if p := c.X(8); p != nil {
		posIDs = toI64(p)
	} else {
		sLen := e.reshape(e.dimOf(ids, 1), e.ints())
		posIDs = e.unsqueeze(e.op("Range", in(e.int0(0), sLen, e.int0(1))), 0)
	}
	s := e.add(e.op("Gather", in(word, ids64), attrInt("axis", 0)), e.op("Gather", in(pos, posIDs), attrInt("axis", 0)))
	var segIDs *graphedit.Value
	if seg := c.X(4); seg != nil && c.X(1) != nil {
		segIDs = toI64(c.X(1))
		s = e.add(s, e.op("Gather", in(seg, segIDs), attrInt("axis", 0)))
	}
	e.elems[s] = t
	needS := c.Need(2) || c.Need(3) || c.Need(4)
	var ds *graphedit.Value
	if dy := c.GY(0); dy != nil {
		dx, dg := e.layerNormBackward(s, dy, c.X(5), 2, 3, c.node.AttrFloat("epsilon", 1e-12), nil, needS, c.Need(5))
		ds = dx
		if dg != nil {
			c.SetGrad(5, e.reduceSum(dg, []int64{0, 1}, false))
		}
		if c.Need(6) && c.X(6) != nil {
			c.SetGrad(6, e.reduceSum(dy, []int64{0, 1}, false))
		}
	}
	if g2 := c.GY(2); g2 != nil && needS {
		if ds == nil {
			ds = g2
		} else {
			ds = e.add(ds, g2)
		}
	}
	if ds == nil {
		return
	}
	if c.Need(2) {
		c.SetGrad(2, e.gatherRowsGrad(word, ids64, ds, t))
	}
	if c.Need(3) {
		// Position ids of shape [1,S] broadcast over the batch.
		dpos := ds
		if c.X(8) == nil {
			dpos = e.reduceSum(ds, []int64{0}, true)
		}
		c.SetGrad(3, e.gatherRowsGrad(pos, posIDs, dpos, t))
	}
	if c.Need(4) && segIDs != nil {
		c.SetGrad(4, e.gatherRowsGrad(c.X(4), segIDs, ds, t))
	}
}

// gatherRowsGrad returns zeros shaped like table with the rows of upd
// ([idx..., D]) added at rows idx (int64, non-negative).
func (e *emitter) gatherRowsGrad(table, idx, upd *graphedit.Value, t int32) *graphedit.Value {
	if e.opset >= 16 {
		return e.op("ScatterND", in(e.zerosLike(table), e.unsqueeze(idx, -1), upd), attrString("reduction", "add"))
	}
	rows := e.reshape(idx, e.ints(-1))
	nrows := e.reshape(e.op("Size", in(idx)), e.ints(1))
	u := e.reshape(upd, e.op("Concat", in(nrows, e.ints(-1)), attrInt("axis", 0)))
	return e.reshapeLike(e.oneHotSum(rows, e.dimOf(table, 0), u, t), table)
}

// gradAttention: com.microsoft Attention projects input [B,S,Din] with
// weights [Din, D+D+Dv] (+ bias) into query, key and value (split by
// qkv_hidden_sizes, else in equal thirds) and attends like
// MultiHeadAttention. dqkv = [dQ, dK, dV] gives dinput = dqkv·Wᵀ,
// dW = inputᵀ·dqkv and dbias = Σ dqkv. A mask_index, past state or
// past_sequence_length on the node is refused.
func gradAttention(c *Context) {
	e := c.e
	if c.GY(1) != nil {
		c.Fail("Attention: gradients through the present output are not supported")
		return
	}
	for _, i := range []int{3, 4, 6} {
		if c.X(i) != nil {
			c.Fail("Attention: input %d (mask_index, past or past_sequence_length) is not supported", i)
			return
		}
	}
	x, w := c.X(0), c.X(1)
	nh := c.node.AttrInt("num_heads", 0)
	if nh <= 0 || x.Rank() != 3 {
		c.Fail("Attention: want num_heads > 0 and a 3-D input (num_heads %d, rank %d)", nh, x.Rank())
		return
	}
	ws, ok := staticShape(w)
	if !ok || len(ws) != 2 {
		c.Fail("Attention: the weights' shape must be known")
		return
	}
	t := e.elem(x)
	qkv := e.op("MatMul", in(x, w))
	if b := c.X(2); b != nil {
		qkv = e.add(qkv, b)
	}
	sizes, ok := c.node.AttrInts("qkv_hidden_sizes")
	if !ok || len(sizes) != 3 {
		if ws[1]%3 != 0 {
			c.Fail("Attention: weights width %d is not three equal parts", ws[1])
			return
		}
		sizes = []int64{ws[1] / 3, ws[1] / 3, ws[1] / 3}
	}
	var parts []*graphedit.Value
	if e.opset >= 13 {
		parts = e.opN("Split", 3, in(qkv, e.ints(sizes...)), attrInt("axis", -1))
	} else {
		parts = e.opN("Split", 3, in(qkv), attrInt("axis", -1), attrInts("split", sizes...))
	}
	heads := func(v *graphedit.Value) *graphedit.Value {
		return e.transpose(e.reshape(v, e.ints(0, 0, nh, -1)), []int64{0, 2, 1, 3})
	}
	merge := func(v *graphedit.Value) *graphedit.Value {
		return e.reshape(e.transpose(v, []int64{0, 2, 1, 3}), e.ints(0, 0, -1))
	}
	var scale *graphedit.Value
	if a := c.node.Attr("scale"); a != nil && a.GetF() != 0 {
		scale = e.scalar(t, float64(a.GetF()))
	} else {
		scale = e.scalar(t, 1/math.Sqrt(float64(sizes[0]/nh)))
	}
	spec := attnSpec{Q: heads(parts[0]), K: heads(parts[1]), V: heads(parts[2]), query: x, scale: scale, nh: nh, t: t,
		bias: c.X(5), causal: c.node.AttrInt("unidirectional", 0) != 0,
		filter: float64(c.node.AttrFloat("mask_filter_value", defaultMaskFilter))}
	needQKV := c.Need(0) || c.Need(1) || c.Need(2)
	gq, gK, gV, gAB := e.attention(c, spec, c.GY(0), needQKV, needQKV, needQKV, c.Need(5))
	if e.err != nil {
		return
	}
	c.SetGrad(5, gAB)
	if !needQKV {
		return
	}
	dqkv := e.op("Concat", in(gq, merge(gK), merge(gV)), attrInt("axis", -1)) // [B,S,D+D+Dv]
	if c.Need(0) {
		c.SetGrad(0, e.op("MatMul", in(dqkv, e.transpose(w, []int64{1, 0}))))
	}
	if c.Need(1) {
		x2 := e.reshape(x, e.ints(-1, ws[0]))
		d2 := e.reshape(dqkv, e.ints(-1, ws[1]))
		c.SetGrad(1, e.op("Gemm", in(x2, d2), attrInt("transA", 1)))
	}
	if c.Need(2) && c.X(2) != nil {
		c.SetGrad(2, e.reduceSum(dqkv, []int64{0, 1}, false))
	}
}
