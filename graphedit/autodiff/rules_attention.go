package autodiff

import (
	"math"

	"onnxprune/graphedit"
)

func attentionRules() []Rule {
	return []Rule{
		// query, key, value, bias, attention_bias, past_key and past_value
		// carry gradients; key_padding_mask (4) does not.
		{Domain: "com.microsoft", Op: "MultiHeadAttention", Diff: []int{0, 1, 2, 3, 5, 6, 7}, Grad: gradMultiHeadAttention},
	}
}

// defaultMaskFilter is the additive value ONNX Runtime gives masked-out
// attention scores (attribute mask_filter_value).
const defaultMaskFilter = -10000

// gradMultiHeadAttention differentiates com.microsoft MultiHeadAttention
// with a 3-D query [B,S,D]; key and value either 3-D ([B,L,D], [B,L,Dv],
// split into heads here) or 4-D ([B,N,L,h], already split, as cached
// cross-attention keys are); an optional packed bias [D+D+Dv] (3-D key and
// value only); a KV cache past_key/past_value [B,N,P,h] that the new keys
// and values are appended to; key_padding_mask ([B,L] or [B,S,L], 1 =
// attend); attention_bias (broadcast to [B,N,S,L]); unidirectional (causal)
// masking and scale. The forward attention is recomputed from standard ops:
//
//	Q,K,V = heads(query+b_q), [past_k; heads(key+b_k)], [past_v; heads(value+b_v)]
//	P = softmax(scale·Q·Kᵀ + attention_bias + mask), out = merge(P·V)
//
// then dV = Pᵀ·dO, dP = dO·Vᵀ, dS = P⊙(dP − Σ dP⊙P), dQ = scale·dS·K,
// dK = scale·dSᵀ·Q, with the cache's part of dK and dV going to
// past_key/past_value. Packed QKV layouts (no key input) and 1-D mask
// lengths are refused with an error, as are gradients flowing into
// present_key/present_value.
func gradMultiHeadAttention(c *Context) {
	e := c.e
	if c.GY(1) != nil || c.GY(2) != nil {
		c.Fail("MultiHeadAttention: gradients through present_key/present_value are not supported")
		return
	}
	q, k, v := c.X(0), c.X(1), c.X(2)
	if k == nil || v == nil || q.Rank() != 3 || k.Rank() != v.Rank() || (k.Rank() != 3 && k.Rank() != 4) {
		c.Fail("MultiHeadAttention: want a 3-D query and 3-D or 4-D key and value (ranks %d, %d, %d); packed QKV is not supported", q.Rank(), rankOf(k), rankOf(v))
		return
	}
	split := k.Rank() == 3 // key/value still [B,L,D]
	pastK, pastV := c.X(6), c.X(7)
	if (pastK == nil) != (pastV == nil) {
		c.Fail("MultiHeadAttention: past_key and past_value must come together")
		return
	}
	if pastK != nil && !split {
		c.Fail("MultiHeadAttention: a KV cache with 4-D key/value is not supported")
		return
	}
	nh := c.node.AttrInt("num_heads", 0)
	if nh <= 0 {
		c.Fail("MultiHeadAttention: num_heads %d", nh)
		return
	}
	t := e.elem(q)
	heads := func(x *graphedit.Value, perm []int64) *graphedit.Value {
		return e.transpose(e.reshape(x, e.ints(0, 0, nh, -1)), perm)
	}
	merge := func(x *graphedit.Value) *graphedit.Value {
		return e.reshape(e.transpose(x, []int64{0, 2, 1, 3}), e.ints(0, 0, -1))
	}
	// Bias slices [0,D), [D,2D), [2D,2D+Dv).
	dq := e.dimOf(q, -1)
	qb, kb, vb := q, k, v
	if bias := c.X(3); bias != nil {
		if !split {
			c.Fail("MultiHeadAttention: a bias with 4-D key/value is not supported")
			return
		}
		end2 := e.add(dq, e.dimOf(k, -1))
		qb = e.add(q, e.op("Slice", in(bias, e.ints(0), dq)))
		kb = e.add(k, e.op("Slice", in(bias, dq, end2)))
		vb = e.add(v, e.op("Slice", in(bias, end2, e.ints(math.MaxInt64))))
	}
	Q := heads(qb, []int64{0, 2, 1, 3}) // [B,N,S,h]
	K, V := kb, vb                      // [B,N,L,h], [B,N,L,hv]
	if split {
		K, V = heads(kb, []int64{0, 2, 1, 3}), heads(vb, []int64{0, 2, 1, 3})
	}
	if pastK != nil {
		K = e.op("Concat", in(pastK, K), attrInt("axis", 2))
		V = e.op("Concat", in(pastV, V), attrInt("axis", 2))
	}
	var scale *graphedit.Value
	if a := c.node.Attr("scale"); a != nil && a.GetF() != 0 {
		scale = e.scalar(t, float64(a.GetF()))
	} else if d, ok := dimAt(q, -1); ok && d%nh == 0 {
		scale = e.scalar(t, 1/math.Sqrt(float64(d/nh)))
	} else {
		h := e.div(e.cast(e.reshape(dq, e.ints()), t), e.scalar(t, float64(nh)))
		scale = e.op("Reciprocal", in(e.op("Sqrt", in(h))))
	}
	scores := e.mul(e.op("MatMul", in(Q, e.transpose(K, []int64{0, 1, 3, 2}))), scale) // [B,N,S,L]
	if ab := c.X(5); ab != nil {
		scores = e.add(scores, ab)
	}
	filter := float64(c.node.AttrFloat("mask_filter_value", defaultMaskFilter))
	if m := c.X(4); m != nil {
		var m4 *graphedit.Value
		switch m.Rank() {
		case 2:
			m4 = e.unsqueeze(m, 1, 2)
		case 3:
			m4 = e.unsqueeze(m, 1)
		default:
			c.Fail("MultiHeadAttention: key_padding_mask of rank %d is not supported (want [B,L] or [B,S,L])", m.Rank())
			return
		}
		keep := e.cast(m4, t)
		scores = e.add(scores, e.mul(e.sub(e.scalar(t, 1), keep), e.scalar(t, filter)))
	}
	if c.node.AttrInt("unidirectional", 0) != 0 {
		// Query i (of S) sees keys j ≤ i + L − S (L counts the cache).
		sLen := e.reshape(e.dimOf(q, 1), e.ints())
		lLen := e.reshape(e.op("Gather", in(e.shape(K), e.ints(2)), attrInt("axis", 0)), e.ints())
		i := e.unsqueeze(e.op("Range", in(e.int0(0), sLen, e.int0(1))), 1)
		j := e.op("Range", in(e.int0(0), lLen, e.int0(1)))
		future := e.op("Greater", in(j, e.add(i, e.sub(lLen, sLen)))) // [S,L]
		scores = e.add(scores, e.mul(e.cast(future, t), e.scalar(t, filter)))
	}
	P := e.op("Softmax", in(scores), attrInt("axis", -1))
	dO := heads(c.GY(0), []int64{0, 2, 1, 3}) // [B,N,S,hv]
	need := func(i int) bool { return c.Need(i) }
	var gq, gK, gV *graphedit.Value // gK, gV in heads layout [B,N,L,·]
	if need(2) || need(3) || need(7) {
		gV = e.op("MatMul", in(e.transpose(P, []int64{0, 1, 3, 2}), dO))
	}
	if need(0) || need(1) || need(3) || need(5) || need(6) {
		dP := e.op("MatMul", in(dO, e.transpose(V, []int64{0, 1, 3, 2})))
		dS := e.mul(P, e.sub(dP, e.reduceSum(e.mul(dP, P), []int64{-1}, true)))
		if need(5) {
			c.SetGrad(5, e.unbroadcast(dS, nil, c.X(5)))
		}
		dSs := e.mul(dS, scale)
		if need(0) || need(3) {
			gq = merge(e.op("MatMul", in(dSs, K)))
		}
		if need(1) || need(3) || need(6) {
			gK = e.op("MatMul", in(e.transpose(dSs, []int64{0, 1, 3, 2}), Q))
		}
	}
	// Split the cache's part off; new keys and values back to [B,L,D].
	var gk, gv *graphedit.Value
	part := func(g *graphedit.Value, past *graphedit.Value, cache bool) *graphedit.Value {
		if g == nil {
			return nil
		}
		p := e.op("Gather", in(e.shape(past), e.ints(2)), attrInt("axis", 0))
		if cache {
			return e.op("Slice", in(g, e.ints(0), p, e.ints(2)))
		}
		return e.op("Slice", in(g, p, e.ints(math.MaxInt64), e.ints(2)))
	}
	if pastK != nil {
		if need(6) {
			c.SetGrad(6, part(gK, pastK, true))
		}
		if need(7) {
			c.SetGrad(7, part(gV, pastV, true))
		}
		gK, gV = part(gK, pastK, false), part(gV, pastV, false)
	}
	gk, gv = gK, gV
	if split {
		if gK != nil {
			gk = merge(gK)
		}
		if gV != nil {
			gv = merge(gV)
		}
	}
	c.SetGrad(0, gq)
	c.SetGrad(1, gk)
	c.SetGrad(2, gv)
	if need(3) {
		sum := func(g *graphedit.Value) *graphedit.Value { return e.reduceSum(g, []int64{0, 1}, false) }
		c.SetGrad(3, e.op("Concat", in(sum(gq), sum(gk), sum(gv)), attrInt("axis", 0)))
	}
}

func rankOf(v *graphedit.Value) int {
	if v == nil {
		return -1
	}
	return v.Rank()
}
