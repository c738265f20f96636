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
		// Packed layouts omit key and value.
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
		qb = e.add(q, e.op("Slice", in(bias, e.ints(0), dq)))
		if split {
			// With 4-D (already projected, cached) key and value only the
			// query part of the bias applies.
			end2 := e.add(dq, e.dimOf(k, -1))
			kb = e.add(k, e.op("Slice", in(bias, dq, end2)))
			vb = e.add(v, e.op("Slice", in(bias, end2, e.ints(math.MaxInt64))))
		}
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
	scale := attnScale(c, q, nh)
	spec := attnSpec{Q: Q, K: K, V: V, query: q, scale: scale, nh: nh, t: t,
		bias: c.X(5), mask: c.X(4), causal: c.node.AttrInt("unidirectional", 0) != 0,
		filter: float64(c.node.AttrFloat("mask_filter_value", defaultMaskFilter))}
	needQ := c.Need(0) || c.Need(3)
	needK := c.Need(1) || c.Need(3) || c.Need(6)
	needV := c.Need(2) || c.Need(3) || c.Need(7)
	gq, gK, gV, gAB := e.attention(c, spec, c.GY(0), needQ, needK, needV, c.Need(5))
	if e.err != nil {
		return
	}
	c.SetGrad(5, gAB)
	need := c.Need
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
		if split {
			c.SetGrad(3, e.op("Concat", in(sum(gq), sum(gk), sum(gv)), attrInt("axis", 0)))
		} else {
			// The key/value parts of the bias are unused: zero gradient.
			rest := e.sub(e.dimOf(c.X(3), 0), dq)
			zeros := e.op("ConstantOfShape", in(rest), attrTensor("value", scalarTensor(floatOr(t), 0, []int64{1})))
			if floatOr(t) != t {
				zeros = e.cast(zeros, t)
			}
			c.SetGrad(3, e.op("Concat", in(sum(gq), zeros), attrInt("axis", 0)))
		}
	}
}

func rankOf(v *graphedit.Value) int {
	if v == nil {
		return -1
	}
	return v.Rank()
}

// attnSpec is one scaled dot-product attention in heads layout, as the
// fused attention ops compute it.
type attnSpec struct {
	Q, K, V *graphedit.Value // [B,N,S,h], [B,N,L,h], [B,N,L,hv]
	query   *graphedit.Value // the op's 3-D query input (for S)
	scale   *graphedit.Value
	nh      int64
	t       int32
	bias    *graphedit.Value // additive attention_bias, broadcast to [B,N,S,L]
	mask    *graphedit.Value // key padding mask [B,L] or [B,S,L], 1 = attend
	causal  bool
	filter  float64 // added to masked scores
}

// attnScale is the op's scale attribute, or 1/√h with h = D/num_heads.
func attnScale(c *Context, q *graphedit.Value, nh int64) *graphedit.Value {
	e := c.e
	t := e.elem(q)
	if a := c.node.Attr("scale"); a != nil && a.GetF() != 0 {
		return e.scalar(t, float64(a.GetF()))
	}
	if d, ok := dimAt(q, -1); ok && d%nh == 0 {
		return e.scalar(t, 1/math.Sqrt(float64(d/nh)))
	}
	h := e.div(e.cast(e.reshape(e.dimOf(q, -1), e.ints()), t), e.scalar(t, float64(nh)))
	return e.op("Reciprocal", in(e.op("Sqrt", in(h))))
}

// attention recomputes P = softmax(scale·Q·Kᵀ + bias + masks) and returns
// the gradients for an output gradient dOut [B,S,N·hv]: dQ merged to
// [B,S,D], dK and dV in heads layout, and the attention bias's gradient;
// each only when asked for.
func (e *emitter) attention(c *Context, s attnSpec, dOut *graphedit.Value, needQ, needK, needV, needBias bool) (gq, gK, gV, gBias *graphedit.Value) {
	t := s.t
	heads := func(x *graphedit.Value) *graphedit.Value {
		return e.transpose(e.reshape(x, e.ints(0, 0, s.nh, -1)), []int64{0, 2, 1, 3})
	}
	scores := e.mul(e.op("MatMul", in(s.Q, e.transpose(s.K, []int64{0, 1, 3, 2}))), s.scale) // [B,N,S,L]
	if s.bias != nil {
		scores = e.add(scores, s.bias)
	}
	if m := s.mask; m != nil {
		var m4 *graphedit.Value
		switch m.Rank() {
		case 2:
			m4 = e.unsqueeze(m, 1, 2)
		case 3:
			m4 = e.unsqueeze(m, 1)
		default:
			c.Fail("%s: a mask of rank %d is not supported (want [B,L] or [B,S,L])", c.node.OpType(), m.Rank())
			return
		}
		keep := e.cast(m4, t)
		scores = e.add(scores, e.mul(e.sub(e.scalar(t, 1), keep), e.scalar(t, s.filter)))
	}
	if s.causal {
		// Query i (of S) sees keys j ≤ i + L − S (L counts a cache).
		sLen := e.reshape(e.dimOf(s.query, 1), e.ints())
		lLen := e.reshape(e.op("Gather", in(e.shape(s.K), e.ints(2)), attrInt("axis", 0)), e.ints())
		i := e.unsqueeze(e.op("Range", in(e.int0(0), sLen, e.int0(1))), 1)
		j := e.op("Range", in(e.int0(0), lLen, e.int0(1)))
		future := e.op("Greater", in(j, e.add(i, e.sub(lLen, sLen)))) // [S,L]
		scores = e.add(scores, e.mul(e.cast(future, t), e.scalar(t, s.filter)))
	}
	P := e.op("Softmax", in(scores), attrInt("axis", -1))
	dO := heads(dOut) // [B,N,S,hv]
	if needV {
		gV = e.op("MatMul", in(e.transpose(P, []int64{0, 1, 3, 2}), dO))
	}
	if needQ || needK || needBias {
		dP := e.op("MatMul", in(dO, e.transpose(s.V, []int64{0, 1, 3, 2})))
		dS := e.mul(P, e.sub(dP, e.reduceSum(e.mul(dP, P), []int64{-1}, true)))
		if needBias {
			gBias = e.unbroadcast(dS, nil, s.bias)
		}
		dSs := e.mul(dS, s.scale)
		if needQ {
			gq = e.reshape(e.transpose(e.op("MatMul", in(dSs, s.K)), []int64{0, 2, 1, 3}), e.ints(0, 0, -1))
		}
		if needK {
			gK = e.op("MatMul", in(e.transpose(dSs, []int64{0, 1, 3, 2}), s.Q))
		}
	}
	return gq, gK, gV, gBias
}
