package autodiff

import (
	"math"

	"onnxprune/graphedit"
)

func attentionRules() []Rule {
	return []Rule{
		// query, key, value, bias, attention_bias carry gradients;
		// key_padding_mask (4) does not; past_key/past_value (6, 7) are
		// refused when present.
		{Domain: "com.microsoft", Op: "MultiHeadAttention", Diff: []int{0, 1, 2, 3, 5}, Grad: gradMultiHeadAttention},
	}
}

// defaultMaskFilter is the additive value ONNX Runtime gives masked-out
// attention scores (attribute mask_filter_value).
const defaultMaskFilter = -10000

// gradMultiHeadAttention differentiates com.microsoft MultiHeadAttention
// with separate 3-D query [B,S,D], key [B,L,D] and value [B,L,Dv], an
// optional packed bias [D+D+Dv], key_padding_mask ([B,L] or [B,S,L], 1 =
// attend), attention_bias (broadcast to [B,N,S,L]) and unidirectional
// (causal) masking. The forward attention is recomputed from standard ops:
//
//	Q,K,V = heads(query+b_q), heads(key+b_k), heads(value+b_v)
//	P = softmax(scale·Q·Kᵀ + attention_bias + mask), out = merge(P·V)
//
// then dV = Pᵀ·dO, dP = dO·Vᵀ, dS = P⊙(dP − Σ dP⊙P), dQ = scale·dS·K,
// dK = scale·dSᵀ·Q. Packed QKV layouts, 4-D (BNSH) key/value, 1-D mask
// lengths and a KV cache (past_key/past_value) are refused with an error;
// gradients flowing into present_key/present_value are too.
func gradMultiHeadAttention(c *Context) {
	e := c.e
	if c.GY(1) != nil || c.GY(2) != nil {
		c.Fail("MultiHeadAttention: gradients through present_key/present_value are not supported")
		return
	}
	q, k, v := c.X(0), c.X(1), c.X(2)
	if k == nil || v == nil || q.Rank() != 3 || k.Rank() != 3 || v.Rank() != 3 {
		c.Fail("MultiHeadAttention: only separate 3-D query, key and value are supported (ranks %d, %d, %d)", q.Rank(), rankOf(k), rankOf(v))
		return
	}
	if c.X(6) != nil || c.X(7) != nil {
		c.Fail("MultiHeadAttention: a KV cache (past_key/past_value) is not supported")
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
	dk := e.dimOf(k, -1)
	qb, kb, vb := q, k, v
	bias := c.X(3)
	var bq, bk, bv *graphedit.Value
	if bias != nil {
		end2 := e.add(dq, dk)
		bq = e.op("Slice", in(bias, e.ints(0), dq))
		bk = e.op("Slice", in(bias, dq, end2))
		bv = e.op("Slice", in(bias, end2, e.ints(math.MaxInt64)))
		qb, kb, vb = e.add(q, bq), e.add(k, bk), e.add(v, bv)
	}
	Q := heads(qb, []int64{0, 2, 1, 3}) // [B,N,S,h]
	K := heads(kb, []int64{0, 2, 1, 3}) // [B,N,L,h]
	V := heads(vb, []int64{0, 2, 1, 3}) // [B,N,L,hv]
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
		// Query i (of S) sees keys j ≤ i + L − S.
		sLen := e.reshape(e.dimOf(q, 1), e.ints())
		lLen := e.reshape(e.dimOf(k, 1), e.ints())
		i := e.unsqueeze(e.op("Range", in(e.int0(0), sLen, e.int0(1))), 1)
		j := e.op("Range", in(e.int0(0), lLen, e.int0(1)))
		future := e.op("Greater", in(j, e.add(i, e.sub(lLen, sLen)))) // [S,L]
		scores = e.add(scores, e.mul(e.cast(future, t), e.scalar(t, filter)))
	}
	P := e.op("Softmax", in(scores), attrInt("axis", -1))
	dO := heads(c.GY(0), []int64{0, 2, 1, 3}) // [B,N,S,hv]
	need := func(i int) bool { return c.Need(i) }
	var gq, gk, gv *graphedit.Value
	if need(2) || need(3) {
		gv = merge(e.op("MatMul", in(e.transpose(P, []int64{0, 1, 3, 2}), dO)))
	}
	if need(0) || need(1) || need(3) || need(5) {
		dP := e.op("MatMul", in(dO, e.transpose(V, []int64{0, 1, 3, 2})))
		dS := e.mul(P, e.sub(dP, e.reduceSum(e.mul(dP, P), []int64{-1}, true)))
		if need(5) {
			c.SetGrad(5, e.unbroadcast(dS, nil, c.X(5)))
		}
		dSs := e.mul(dS, scale)
		if need(0) || need(3) {
			gq = merge(e.op("MatMul", in(dSs, K)))
		}
		if need(1) || need(3) {
			gk = merge(e.op("MatMul", in(e.transpose(dSs, []int64{0, 1, 3, 2}), Q)))
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
