package graphedit

// Shape rules for matrix products, normalization and fused attention ops.

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

func inferMatMul(c *ictx) error {
	out, err := matMulDims(c, c.shape(0), c.shape(1))
	if err != nil {
		return err
	}
	c.set(0, c.elem(0), out)
	return nil
}

// matMulDims is the shape of MatMul(a, b) (numpy matmul broadcasting); nil
// when either shape is unknown.
func matMulDims(c *ictx, a, b []Dim) ([]Dim, error) {
	if a == nil || b == nil {
		return nil, nil
	}
	if len(a) == 0 || len(b) == 0 {
		return nil, fmt.Errorf("MatMul of a scalar")
	}
	aa, bb := a, b
	if len(a) == 1 {
		aa = []Dim{IntDim(1), a[0]}
	}
	if len(b) == 1 {
		bb = []Dim{b[0], IntDim(1)}
	}
	k1, k2 := aa[len(aa)-1], bb[len(bb)-2]
	if k1.Known() && k2.Known() && k1.Value != k2.Value {
		return nil, fmt.Errorf("MatMul inner sizes differ: %s and %s", ShapeString(a), ShapeString(b))
	}
	batch, err := c.broadcast(aa[:len(aa)-2], bb[:len(bb)-2])
	if err != nil {
		return nil, err
	}
	out := append([]Dim{}, batch...)
	if len(a) > 1 {
		out = append(out, aa[len(aa)-2])
	}
	if len(b) > 1 {
		out = append(out, bb[len(bb)-1])
	}
	return out, nil
}

func inferGemm(c *ictx) error {
	a, b := c.shape(0), c.shape(1)
	if len(a) != 2 || len(b) != 2 {
		c.set(0, c.elem(0), nil)
		return nil
	}
	m, k1 := a[0], a[1]
	if c.n.AttrInt("transA", 0) != 0 {
		m, k1 = a[1], a[0]
	}
	k2, n := b[0], b[1]
	if c.n.AttrInt("transB", 0) != 0 {
		k2, n = b[1], b[0]
	}
	if k1.Known() && k2.Known() && k1.Value != k2.Value {
		return fmt.Errorf("Gemm inner sizes differ: %s and %s", ShapeString(a), ShapeString(b))
	}
	c.set(0, c.elem(0), []Dim{m, n})
	return nil
}

func inferLayerNorm(c *ictx) error {
	x := c.shape(0)
	c.set(0, c.elem(0), x)
	if x == nil {
		return nil
	}
	axis, err := normAxis(c.n.AttrInt("axis", -1), len(x))
	if err != nil {
		return err
	}
	stat := append([]Dim{}, x[:axis]...)
	for range x[axis:] {
		stat = append(stat, IntDim(1))
	}
	st := int32(c.n.AttrInt("stash_type", 1))
	c.set(1, st, stat)
	c.set(2, st, stat)
	return nil
}

// inferMSAttention handles com.microsoft Attention: input [B,S,hidden],
// weights [hidden, q+k+v] give output [B,S,v]; the present state is
// [2,B,N,P+S,k/N] with P the past length (input 4, [2,B,N,P,H]).
func inferMSAttention(c *ictx) error { return inferAttentionLike(c, 4, c.elem(0)) }

// inferAttentionLike is the rule of Attention and QAttention: input 0 is
// [B,S,D], input 1 the packed QKV weight, input pastInput (if given) the cache
// [2,B,N,P,H]; outputs take element type elem.
func inferAttentionLike(c *ictx, pastInput int, elem int32) error {
	x, w := c.shape(0), c.shape(1)
	if len(x) != 3 {
		c.set(0, elem, nil)
		return nil
	}
	var k, v Dim
	if q, ok := c.n.AttrInts("qkv_hidden_sizes"); ok && len(q) == 3 {
		k, v = IntDim(q[1]), IntDim(q[2])
	} else if len(w) == 2 {
		var ok bool
		if v, ok = dimOp('/', w[1], IntDim(3)); !ok {
			v = c.g.freshDim()
		}
		k = v
	} else {
		k, v = c.g.freshDim(), c.g.freshDim()
	}
	c.set(0, elem, []Dim{x[0], x[1], v})
	if c.n.Output(1) == nil {
		return nil
	}
	heads := IntDim(c.n.AttrInt("num_heads", 0))
	hs, ok := dimOp('/', k, heads)
	if !ok || heads.Value <= 0 {
		hs = c.g.freshDim()
	}
	total := x[1]
	if past := c.shape(pastInput); len(past) == 5 {
		if total, ok = dimOp('+', past[3], x[1]); !ok {
			total = c.g.freshDim()
		}
	}
	c.set(1, elem, []Dim{IntDim(2), x[0], heads, total, hs})
	return nil
}

// inferMSMultiHeadAttention handles com.microsoft MultiHeadAttention.
// query is [B,S,D] (or packed [B,S,N,3,H]); key is [B,L,D], [B,N,L,H]
// (already projected, as in cross attention over cached keys) or packed
// [B,L,N,2,H]; value is [B,L,Dv] or [B,N,L,Hv]; past_key/past_value
// (inputs 6, 7) are [B,N,P,H]. Outputs: [B,S,Dv], present key [B,N,P+L,H]
// and present value [B,N,P+L,Hv].
func inferMSMultiHeadAttention(c *ictx) error {
	q, key, val := c.shape(0), c.shape(1), c.shape(2)
	heads := IntDim(c.n.AttrInt("num_heads", 0))
	div := func(d Dim) Dim {
		if r, ok := dimOp('/', d, heads); ok && heads.Value > 0 {
			return r
		}
		return c.g.freshDim()
	}
	mul := func(d Dim) Dim {
		if r, ok := dimOp('*', d, heads); ok {
			return r
		}
		return c.g.freshDim()
	}
	if len(q) != 3 && len(q) != 5 {
		c.set(0, c.elem(0), nil)
		return nil
	}
	var l, h, hv, dv Dim
	cached := false // key and value already hold the whole sequence
	switch {
	case len(q) == 5: // packed QKV
		l, h, hv = q[1], q[4], q[4]
	case len(key) == 3:
		l, h = key[1], div(key[2])
	case len(key) == 4:
		l, h, cached = key[2], key[3], true
	case len(key) == 5: // packed KV
		l, h, hv = key[1], key[4], key[4]
	default:
		l, h = c.g.freshDim(), div(q[2])
	}
	switch {
	case len(val) == 3:
		dv, hv = val[2], div(val[2])
	case len(val) == 4:
		hv, dv = val[3], mul(val[3])
	case hv != Dim{}:
		dv = mul(hv)
	default:
		dv, hv = q[len(q)-1], div(q[len(q)-1])
	}
	c.set(0, c.elem(0), []Dim{q[0], q[1], dv})
	total := l
	if past := c.shape(6); len(past) == 4 && !cached {
		var ok bool
		if total, ok = dimOp('+', past[2], l); !ok {
			total = c.g.freshDim()
		}
	}
	c.set(1, c.elem(0), []Dim{q[0], heads, total, h})
	c.set(2, c.elem(0), []Dim{q[0], heads, total, hv})
	return nil
}

// inferSkipLayerNorm handles com.microsoft SkipLayerNormalization: output 0
// and the optional sum (output 3) have the input's shape; mean and inverse
// std deviation (outputs 1, 2) have its leading dims and trailing 1.
func inferSkipLayerNorm(c *ictx) error {
	x := c.shape(0)
	c.set(0, c.elem(0), x)
	c.set(3, c.elem(0), x)
	if x != nil && len(x) > 0 {
		stat := append(append([]Dim{}, x[:len(x)-1]...), IntDim(1))
		c.set(1, elemFloat, stat)
		c.set(2, elemFloat, stat)
	}
	return nil
}

// inferEmbedLayerNorm handles com.microsoft EmbedLayerNormalization:
// input_ids [B,S] and word embeddings [V,H] give [B,S,H] and a mask index [B].
func inferEmbedLayerNorm(c *ictx) error {
	ids, emb := c.shape(0), c.shape(2)
	if len(ids) != 2 || len(emb) != 2 {
		return nil
	}
	c.set(0, c.elem(2), []Dim{ids[0], ids[1], emb[1]})
	c.set(1, int32(onnxpb.TensorProto_INT32), []Dim{ids[0]})
	c.set(2, c.elem(2), []Dim{ids[0], ids[1], emb[1]})
	return nil
}

// inferConv gives Conv's output [N, M, spatial...]: M is the weight's first
// dim, each spatial size (in + pads - dilation*(k-1) - 1) / stride + 1 (or
// the auto_pad sizes). A symbolic size with stride 1 stays symbolic; one
// that would need a floor division of a symbol gets a fresh dim.
func inferConv(c *ictx) error {
	x, w := c.shape(0), c.shape(1)
	if x == nil || w == nil || len(x) < 3 || len(w) != len(x) {
		c.set(0, c.elem(0), nil)
		return nil
	}
	nsp := len(x) - 2
	attr := func(name string, def int64) []int64 {
		v, ok := c.n.AttrInts(name)
		if !ok || len(v) == 0 {
			v = make([]int64, 0, 2*nsp)
			for range nsp {
				v = append(v, def)
			}
			if name == "pads" {
				v = append(v, v...)
			}
		}
		return v
	}
	strides, dil, pads := attr("strides", 1), attr("dilations", 1), attr("pads", 0)
	kernel, hasKernel := c.n.AttrInts("kernel_shape")
	autoPad := c.n.AttrString("auto_pad", "NOTSET")
	if len(strides) != nsp || len(dil) != nsp || len(pads) != 2*nsp {
		return fmt.Errorf("Conv: strides, dilations or pads do not match %d spatial axes", nsp)
	}
	out := []Dim{x[0], w[0]}
	for i := range nsp {
		k := w[2+i]
		if hasKernel && i < len(kernel) {
			k = IntDim(kernel[i])
		}
		in := x[2+i]
		var d Dim
		ok := false
		switch {
		case !k.Known():
		case autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER":
			if in.Known() {
				d, ok = IntDim((in.Value+strides[i]-1)/strides[i]), true
			} else if strides[i] == 1 {
				d, ok = in, true
			}
		default:
			p := pads[i] + pads[nsp+i]
			if autoPad == "VALID" {
				p = 0
			}
			span := dil[i]*(k.Value-1) + 1
			if in.Known() {
				d, ok = IntDim((in.Value+p-span)/strides[i]+1), true
			} else if strides[i] == 1 {
				d, ok = dimOp('+', in, IntDim(p-span+1))
			}
		}
		if !ok {
			d = c.g.freshDim()
		}
		out = append(out, d)
	}
	c.set(0, c.elem(0), out)
	return nil
}

// inferAttention gives ONNX's Attention (opset 23): Y has Q's shape with
// V's head size (4-D [B,H,T,dv]; 3-D [B,T,q_num_heads*dv]); present key
// and value are the past ones concatenated with K and V on the sequence
// axis ([B,kv_heads,P+S,d]).
func inferAttention(c *ictx) error {
	q, k, v := c.shape(0), c.shape(1), c.shape(2)
	if q == nil || v == nil {
		c.set(0, c.elem(0), nil)
		return nil
	}
	switch {
	case len(q) == 4 && len(v) == 4:
		c.set(0, c.elem(0), []Dim{q[0], q[1], q[2], v[3]})
	case len(q) == 3 && len(v) == 3:
		qh, kvh := c.n.AttrInt("q_num_heads", 0), c.n.AttrInt("kv_num_heads", 0)
		d := c.g.freshDim()
		if qh > 0 && kvh > 0 {
			if dv, ok := dimOp('/', v[2], IntDim(kvh)); ok {
				if w, ok := dimOp('*', dv, IntDim(qh)); ok {
					d = w
				}
			}
		}
		c.set(0, c.elem(0), []Dim{q[0], q[1], d})
	default:
		c.set(0, c.elem(0), c.fresh(len(q)))
	}
	for i, cur := range []struct {
		past, now []Dim
	}{{c.shape(4), k}, {c.shape(5), v}} {
		if c.n.NumOutputs() <= i+1 || c.n.Output(i+1) == nil {
			continue
		}
		var out []Dim
		if len(cur.past) == 4 && len(cur.now) == 4 {
			total, ok := dimOp('+', cur.past[2], cur.now[2])
			if !ok {
				total = c.g.freshDim()
			}
			out = []Dim{cur.past[0], cur.past[1], total, cur.past[3]}
		} else if cur.past == nil && len(cur.now) == 4 {
			out = cur.now
		}
		c.set(i+1, c.elem(0), out)
	}
	return nil
}
