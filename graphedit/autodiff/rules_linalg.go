package autodiff

import (
	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

func linalgRules() []Rule {
	return []Rule{
		{Op: "MatMul", Grad: gradMatMul},
		{Op: "Gemm", Grad: gradGemm},
	}
}

// gradMatMul: Y = A·B with NumPy semantics (batch dims broadcast; a 1-D A
// is a row vector whose M axis is dropped, a 1-D B a column vector whose N
// axis is dropped). With 1-D operands promoted to 2-D and dY unsqueezed to
// match:
//
//	dA = unbroadcast(dY·Bᵀ, A)    dB = unbroadcast(Aᵀ·dY, B)
//
// Ranks must be known (to build the transpose permutations).
func gradMatMul(c *Context) {
	e := c.e
	a, b, dy := c.X(0), c.X(1), c.GY(0)
	ra, rb := a.Rank(), b.Rank()
	if ra < 1 || rb < 1 {
		c.Fail("MatMul gradient needs the ranks of both inputs (have %d and %d)", ra, rb)
		return
	}
	// Promote 1-D operands.
	ad, bd := a.Shape(), b.Shape()
	a2, b2 := a, b
	var dyAxes []int64
	switch {
	case ra == 1 && rb == 1:
		// Dot product: dY is a scalar.
		if c.Need(0) {
			c.SetGrad(0, e.mul(dy, b))
		}
		if c.Need(1) {
			c.SetGrad(1, e.mul(dy, a))
		}
		return
	case ra == 1:
		a2 = e.unsqueeze(a, 0)
		ad = append([]graphedit.Dim{graphedit.IntDim(1)}, ad...)
		ra = 2
		dyAxes = []int64{-2}
	case rb == 1:
		b2 = e.unsqueeze(b, 1)
		bd = append(bd, graphedit.IntDim(1))
		rb = 2
		dyAxes = []int64{-1}
	}
	dy2 := dy
	if dyAxes != nil {
		dy2 = e.unsqueeze(dy, dyAxes...)
	}
	// Static shapes of the products, where the inputs say.
	var batch []graphedit.Dim
	if ad != nil && bd != nil {
		batch = broadcastDims(ad[:ra-2], bd[:rb-2])
	}
	prodDims := func(m, n graphedit.Dim) []graphedit.Dim {
		if batch == nil {
			return nil
		}
		return append(append([]graphedit.Dim{}, batch...), m, n)
	}
	if c.Need(0) {
		if ga := e.weightInputGrad(a, b, dy, ra, bd, dyAxes); ga != nil {
			c.SetGrad(0, ga)
		} else {
			ga := e.op("MatMul", in(dy2, e.transpose(b2, lastTwo(rb))))
			var gd []graphedit.Dim
			if ad != nil {
				gd = prodDims(ad[ra-2], ad[ra-1])
			}
			ga = e.unbroadcast(ga, gd, a2)
			if a2 != a {
				ga = e.reshapeLike(ga, a)
			}
			c.SetGrad(0, ga)
		}
	}
	if c.Need(1) {
		var gb *graphedit.Value
		if k, n, ok := sharedWeightDims(ad, bd, ra, rb, dyAxes); ok && b2 == b {
			// A shared 2-D weight: fold A's batch dims into rows so the
			// whole gradient is one GEMM, [rows, K]ᵀ·[rows, N].
			a2d := e.reshape(a, e.ints(-1, k))
			d2d := e.reshape(dy, e.ints(-1, n))
			gb = e.op("Gemm", in(a2d, d2d), attrInt("transA", 1))
		}
		if gb == nil {
			gb = e.op("MatMul", in(e.transpose(a2, lastTwo(ra)), dy2))
			var gd []graphedit.Dim
			if bd != nil {
				gd = prodDims(bd[rb-2], bd[rb-1])
			}
			gb = e.unbroadcast(gb, gd, b2)
			if b2 != b {
				gb = e.reshapeLike(gb, b)
			}
		}
		c.SetGrad(1, gb)
	}
}

// weightInputGrad returns dA = dY·Bᵀ for a 2-D B (a weight) applied to A
// of rank ≥ 2, as one Gemm with transB over A's rows folded together, or
// nil when the shapes do not allow it (then the caller emits MatMul(dY,
// Bᵀ)). Gemm reads B transposed in place: a constant B is not copied into a
// transposed second constant, and ONNX Runtime can prepack it for the
// backward product as it does for the forward one. When A's shape is not
// fixed, the rows are unfolded to it from dY's leading dims, so that A
// itself need not be kept for the backward pass.
func (e *emitter) weightInputGrad(a, b, dy *graphedit.Value, ra int, bd []graphedit.Dim, dyAxes []int64) *graphedit.Value {
	// ONNX Runtime's CPU Gemm is float and double only.
	if t := e.elem(b); t != elemFloat && t != elemDouble {
		return nil
	}
	// Gemm without C needs opset 11 (and the runtime shape's Slice with
	// inputs opset 10).
	if e.opset < 11 || len(bd) != 2 || ra < 2 || dyAxes != nil || !bd[0].Known() || !bd[1].Known() {
		return nil
	}
	k, n := bd[0].Value, bd[1].Value
	if ra == 2 {
		return e.op("Gemm", in(dy, b), attrInt("transB", 1))
	}
	ga := e.op("Gemm", in(e.reshape(dy, e.ints(-1, n)), b), attrInt("transB", 1))
	if s, ok := staticShape(a); ok {
		return e.reshape(ga, e.ints(s...))
	}
	lead := e.op("Slice", in(e.shape(dy), e.ints(0), e.ints(-1)))
	return e.reshape(ga, e.op("Concat", in(lead, e.ints(k)), attrInt("axis", 0)))
}

// sharedWeightDims reports whether B is a 2-D matrix applied to a batch of
// A (rank > 2) with K and N known, and returns K and N.
func sharedWeightDims(ad, bd []graphedit.Dim, ra, rb int, dyAxes []int64) (k, n int64, ok bool) {
	if rb != 2 || ra <= 2 || dyAxes != nil || ad == nil || bd == nil {
		return 0, 0, false
	}
	if !bd[0].Known() || !bd[1].Known() {
		return 0, 0, false
	}
	return bd[0].Value, bd[1].Value, true
}

// lastTwo is the permutation swapping the last two axes of a rank-r tensor.
func lastTwo(r int) []int64 {
	p := make([]int64, r)
	for i := range p {
		p[i] = int64(i)
	}
	p[r-1], p[r-2] = p[r-2], p[r-1]
	return p
}

// gradGemm: Y = α·op(A)·op(B) + β·C with op = transpose when transA/transB.
// Each case is one Gemm:
//
//	transA=0: dA = α·dY·op(B)ᵀ     transA=1: dA = α·op(B)·dYᵀ
//	transB=0: dB = α·op(A)ᵀ·dY     transB=1: dB = α·dYᵀ·op(A)
//	dC = β·unbroadcast(dY, C)
func gradGemm(c *Context) {
	e := c.e
	a, b, dy := c.X(0), c.X(1), c.GY(0)
	alpha := c.node.AttrFloat("alpha", 1)
	beta := c.node.AttrFloat("beta", 1)
	ta := c.node.AttrInt("transA", 0) != 0
	tb := c.node.AttrInt("transB", 0) != 0
	gemm := func(p, q *graphedit.Value, tp, tq bool) *graphedit.Value {
		attrs := []*onnxpb.AttributeProto{attrFloat("alpha", alpha)}
		if tp {
			attrs = append(attrs, attrInt("transA", 1))
		}
		if tq {
			attrs = append(attrs, attrInt("transB", 1))
		}
		return e.op("Gemm", in(p, q), attrs...)
	}
	if c.Need(0) {
		if !ta {
			// dA = dY · op(B)ᵀ: op(B)ᵀ is B when transB, else Bᵀ.
			c.SetGrad(0, gemm(dy, b, false, !tb))
		} else {
			// dA = op(B) · dYᵀ.
			c.SetGrad(0, gemm(b, dy, tb, true))
		}
	}
	if c.Need(1) {
		if !tb {
			// dB = op(A)ᵀ · dY.
			c.SetGrad(1, gemm(a, dy, !ta, false))
		} else {
			// dB = dYᵀ · op(A).
			c.SetGrad(1, gemm(dy, a, true, ta))
		}
	}
	if c.Need(2) && c.X(2) != nil {
		g := dy
		if beta != 1 {
			g = e.mul(dy, e.scalar(c.e.elem(c.Y(0)), float64(beta)))
		}
		c.setUnbroadcast(2, g)
	}
}
