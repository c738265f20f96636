package autodiff

import (
	"math"

	"onnxprune/graphedit"
)

func onnxAttentionRules() []Rule {
	// Q, K, V, a float attn_mask, past_key and past_value carry gradients;
	// a bool attn_mask and nonpad_kv_seqlen (6) do not.
	return []Rule{{Op: "Attention", MinOpset: 23, Diff: []int{0, 1, 2, 3, 4, 5}, Grad: gradONNXAttention}}
}

// gradONNXAttention differentiates ONNX's Attention (opset 23/24) through
// its definition, recomputed from standard ops: Q, K, V in heads layout
// (3-D inputs [B,S,H·h] split by q_num_heads/kv_num_heads), K and V
// appended to past_key/past_value, S = scale·Q·Kᵀ (scale attribute, else
// 1/√h), softcap c·tanh(S/c) when set, plus attn_mask (additive float, or
// bool: false adds −∞) and the causal bias (key j is seen by query i when
// j ≤ i + past length), P = softmax with fully masked rows set to 0,
// Y = P·V. Then dV = Pᵀ·dY, dZ = P⊙(dP − Σ dP⊙P) with dP = dY·Vᵀ (the
// float mask's gradient, unbroadcast), dS = dZ⊙(1 − tanh²) under softcap,
// dQ = scale·dS·K, dK = scale·dSᵀ·Q, the cache's part of dK and dV going
// to past_key/past_value. Refused with an error: grouped-query attention
// (fewer K/V heads than Q heads), nonpad_kv_seqlen, and gradients flowing
// into present_key, present_value or qk_matmul_output.
func gradONNXAttention(c *Context) {
	e := c.e
	n := c.node
	for i := 1; i <= 3; i++ {
		if c.GY(i) != nil {
			c.Fail("Attention: gradients through present_key, present_value or qk_matmul_output are not supported")
			return
		}
	}
	if c.X(6) != nil {
		c.Fail("Attention: nonpad_kv_seqlen is not supported")
		return
	}
	q, k, v := c.X(0), c.X(1), c.X(2)
	rank := q.Rank()
	if (rank != 3 && rank != 4) || k.Rank() != rank || v.Rank() != rank {
		c.Fail("Attention: want Q, K and V all 3-D or all 4-D (ranks %d, %d, %d)", rank, k.Rank(), v.Rank())
		return
	}
	qH, kvH := n.AttrInt("q_num_heads", 0), n.AttrInt("kv_num_heads", 0)
	if rank == 4 {
		qH, _ = dimAt(q, 1)
		kvH, _ = dimAt(k, 1)
	} else if qH <= 0 || kvH <= 0 {
		c.Fail("Attention: 3-D inputs need q_num_heads and kv_num_heads (have %d, %d)", qH, kvH)
		return
	}
	if qH > 0 && kvH > 0 && qH != kvH {
		c.Fail("Attention: grouped-query attention (%d query heads, %d key/value heads) is not supported", qH, kvH)
		return
	}
	pastK, pastV := c.X(4), c.X(5)
	if (pastK == nil) != (pastV == nil) {
		c.Fail("Attention: past_key and past_value must come together")
		return
	}
	t := e.elem(q)
	perm := []int64{0, 2, 1, 3}
	heads := func(x *graphedit.Value, h int64) *graphedit.Value {
		if rank == 4 {
			return x
		}
		return e.transpose(e.reshape(x, e.ints(0, 0, h, -1)), perm)
	}
	merge := func(x *graphedit.Value) *graphedit.Value {
		if rank == 4 || x == nil {
			return x
		}
		return e.reshape(e.transpose(x, perm), e.ints(0, 0, -1))
	}
	Q, K, V := heads(q, qH), heads(k, kvH), heads(v, kvH)
	if pastK != nil {
		K = e.op("Concat", in(pastK, K), attrInt("axis", 2))
		V = e.op("Concat", in(pastV, V), attrInt("axis", 2))
	}
	var scale *graphedit.Value
	if a := n.Attr("scale"); a != nil {
		scale = e.scalar(t, float64(a.GetF()))
	} else if d, ok := dimAt(q, -1); ok && (rank == 4 || d%qH == 0) {
		h := d
		if rank == 3 {
			h = d / qH
		}
		scale = e.scalar(t, 1/math.Sqrt(float64(h)))
	} else {
		h := e.cast(e.reshape(e.op("Gather", in(e.shape(Q), e.ints(3)), attrInt("axis", 0)), e.ints()), t)
		scale = e.op("Reciprocal", in(e.op("Sqrt", in(h))))
	}
	trans := []int64{0, 1, 3, 2}
	S := e.mul(e.op("MatMul", in(Q, e.transpose(K, trans))), scale) // [B,H,Sq,L]
	softcap := float64(n.AttrFloat("softcap", 0))
	var th *graphedit.Value
	Z := S
	if softcap > 0 {
		th = e.op("Tanh", in(e.div(S, e.scalar(t, softcap))))
		Z = e.mul(th, e.scalar(t, softcap))
	}
	zero, negInf := e.scalar(t, 0), e.scalar(t, math.Inf(-1))
	var bias *graphedit.Value
	mask := c.X(3)
	if mask != nil {
		if e.elem(mask) == elemBool {
			bias = e.op("Where", in(mask, zero, negInf))
		} else {
			bias = mask
		}
	}
	if n.AttrInt("is_causal", 0) != 0 {
		dim := func(x *graphedit.Value) *graphedit.Value {
			return e.reshape(e.op("Gather", in(e.shape(x), e.ints(2)), attrInt("axis", 0)), e.ints())
		}
		offset := e.int0(0)
		if pastK != nil {
			offset = dim(pastK)
		}
		i := e.unsqueeze(e.op("Range", in(e.int0(0), dim(Q), e.int0(1))), 1)
		j := e.op("Range", in(e.int0(0), dim(K), e.int0(1)))
		future := e.op("Greater", in(j, e.add(i, offset))) // [Sq,L]
		causal := e.op("Where", in(future, negInf, zero))
		if bias == nil {
			bias = causal
		} else {
			bias = e.add(bias, causal)
		}
	}
	if bias != nil {
		Z = e.add(Z, bias)
	}
	P := e.op("Softmax", in(Z), attrInt("axis", -1))
	if bias != nil {
		// A row the bias masks entirely attends to nothing: Y = 0 there.
		dead := e.op("Equal", in(e.reduce("ReduceMax", 18, bias, []int64{-1}, true), negInf))
		P = e.op("Where", in(dead, zero, P))
	}
	dY := heads(c.GY(0), qH)
	needQ, needK, needV := c.Need(0), c.Need(1) || c.Need(4), c.Need(2) || c.Need(5)
	var gQ, gK, gV *graphedit.Value
	if needV {
		gV = e.op("MatMul", in(e.transpose(P, trans), dY))
	}
	if needQ || needK || c.Need(3) {
		dP := e.op("MatMul", in(dY, e.transpose(V, trans)))
		dZ := e.mul(P, e.sub(dP, e.reduceSum(e.mul(dP, P), []int64{-1}, true)))
		if c.Need(3) {
			c.SetGrad(3, e.unbroadcast(dZ, nil, mask))
		}
		dS := dZ
		if th != nil {
			dS = e.mul(dZ, e.sub(e.scalar(t, 1), e.mul(th, th)))
		}
		dS = e.mul(dS, scale)
		if needQ {
			gQ = e.op("MatMul", in(dS, K))
		}
		if needK {
			gK = e.op("MatMul", in(e.transpose(dS, trans), Q))
		}
	}
	if e.err != nil {
		return
	}
	if pastK != nil {
		p := e.op("Gather", in(e.shape(pastK), e.ints(2)), attrInt("axis", 0))
		split := func(g *graphedit.Value, slot int) *graphedit.Value {
			if g == nil {
				return nil
			}
			if c.Need(slot) {
				c.SetGrad(slot, e.op("Slice", in(g, e.ints(0), p, e.ints(2))))
			}
			return e.op("Slice", in(g, p, e.ints(math.MaxInt64), e.ints(2)))
		}
		gK, gV = split(gK, 4), split(gV, 5)
	}
	if c.Need(0) {
		c.SetGrad(0, merge(gQ))
	}
	if c.Need(1) {
		c.SetGrad(1, merge(gK))
	}
	if c.Need(2) {
		c.SetGrad(2, merge(gV))
	}
}
