package autodiff

import (
	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

func shapeRules() []Rule {
	reshapeBack := func(c *Context) {
		if c.Need(0) {
			c.SetGrad(0, c.e.reshapeLike(c.GY(0), c.X(0)))
		}
	}
	return []Rule{
		{Op: "Reshape", Diff: []int{0}, Grad: reshapeBack},
		{Op: "Flatten", Diff: []int{0}, Grad: reshapeBack},
		{Op: "Squeeze", Diff: []int{0}, Grad: reshapeBack},
		{Op: "Unsqueeze", Diff: []int{0}, Grad: reshapeBack},
		{Op: "Transpose", Grad: gradTranspose},
		{Op: "Expand", Diff: []int{0}, Grad: func(c *Context) {
			if c.Need(0) {
				c.setUnbroadcast(0, c.GY(0))
			}
		}},
		{Op: "Cast", Grad: func(c *Context) {
			if c.Need(0) {
				c.SetGrad(0, c.e.cast(c.GY(0), c.e.elem(c.X(0))))
			}
		}},
		{Op: "Concat", Grad: gradConcat},
		{Op: "Split", Diff: []int{0}, Grad: gradSplit},
		{Op: "Slice", Diff: []int{0}, Grad: gradSlice},
		{Op: "Gather", Diff: []int{0}, Grad: gradGather},
		{Op: "GatherElements", Diff: []int{0}, Grad: gradGatherElements},
		{Op: "Tile", Diff: []int{0}, Grad: gradTile},
		{Op: "Trilu", Diff: []int{0}, Grad: func(c *Context) {
			if c.Need(0) {
				ins := []*graphedit.Value{c.GY(0)}
				if k := c.X(1); k != nil {
					ins = append(ins, k)
				}
				c.SetGrad(0, c.e.op("Trilu", ins, attrInt("upper", c.node.AttrInt("upper", 1))))
			}
		}},
	}
}

// gradTranspose applies the inverse permutation (no perm: reversal, its
// own inverse).
func gradTranspose(c *Context) {
	if !c.Need(0) {
		return
	}
	perm, ok := c.node.AttrInts("perm")
	if !ok {
		c.SetGrad(0, c.e.transpose(c.GY(0), nil))
		return
	}
	inv := make([]int64, len(perm))
	for i, p := range perm {
		if p < 0 || p >= int64(len(perm)) {
			c.Fail("Transpose: perm %v out of range", perm)
			return
		}
		inv[p] = int64(i)
	}
	c.SetGrad(0, c.e.transpose(c.GY(0), inv))
}

// gradConcat slices each needed input's part out of dy along the axis,
// with constant bounds when the sizes are known and computed ones
// otherwise.
func gradConcat(c *Context) {
	e, dy := c.e, c.GY(0)
	axis := c.node.AttrInt("axis", 0)
	n := c.node.NumInputs()
	// Static offsets where every size up to the input is known.
	start := e.ints(0)
	var startK int64
	known := true
	for i := 0; i < n; i++ {
		x := c.X(i)
		size, sizeKnown := dimAt(x, axis)
		var end *graphedit.Value
		endK := startK + size
		if known && sizeKnown {
			end = e.ints(endK)
		} else {
			known = false
			end = e.add(start, e.dimOf(x, axis))
		}
		if c.Need(i) {
			c.SetGrad(i, e.op("Slice", in(dy, start, end, e.ints(axis))))
		}
		start, startK = end, endK
	}
}

// dimAt returns the known size of v along axis.
func dimAt(v *graphedit.Value, axis int64) (int64, bool) {
	s := v.Shape()
	if s == nil {
		return 0, false
	}
	a := axis
	if a < 0 {
		a += int64(len(s))
	}
	if a < 0 || a >= int64(len(s)) || !s[a].Known() {
		return 0, false
	}
	return s[a].Value, true
}

// gradSplit concatenates the output gradients, zeros standing in for
// outputs no gradient reaches.
func gradSplit(c *Context) {
	if !c.Need(0) {
		return
	}
	e := c.e
	axis := c.node.AttrInt("axis", 0)
	parts := make([]*graphedit.Value, c.node.NumOutputs())
	for j := range parts {
		if g := c.GY(j); g != nil {
			parts[j] = g
		} else if y := c.Y(j); y != nil {
			parts[j] = e.zerosLike(y)
		} else {
			c.Fail("Split: output %d is omitted", j)
			return
		}
	}
	c.SetGrad(0, e.op("Concat", parts, attrInt("axis", axis)))
}

// iota emits the flat positions 0..|x|−1 shaped like x (int64).
func (e *emitter) iota(x *graphedit.Value) (flatSize, positions *graphedit.Value) {
	n := e.op("Size", in(x))
	r := e.op("Range", in(e.int0(0), n, e.int0(1)))
	return n, e.reshape(r, e.shape(x))
}

// gradSlice scatters dy back into zeros shaped like x. The positions it
// came from are found by applying the same Slice (same starts, ends, axes,
// steps, inputs or attributes) to the flat positions of x, which handles
// negative, clamped and strided bounds exactly as the forward op did.
func gradSlice(c *Context) {
	if !c.Need(0) {
		return
	}
	e, x, dy := c.e, c.X(0), c.GY(0)
	n, pos := e.iota(x)
	ins := c.node.Inputs()
	ins[0] = pos
	picked := e.op("Slice", ins, c.node.Attributes()...)
	c.SetGrad(0, e.scatterFlat(x, n, picked, dy, false))
}

// scatterFlat returns a tensor shaped like x holding updates placed (and,
// when accumulate, summed) at the flat positions idx (same shape as upd).
// ScatterND's reduction="add" does the sum from opset 16; before, a one-hot
// matrix multiplication does.
func (e *emitter) scatterFlat(x, n, idx, upd *graphedit.Value, accumulate bool) *graphedit.Value {
	t := e.elem(x)
	fi := e.reshape(idx, e.ints(-1, 1))
	fu := e.reshape(upd, e.ints(-1))
	var flat *graphedit.Value
	switch {
	case !accumulate || e.scatterAdds(t):
		zeros := e.op("ConstantOfShape", in(e.reshape(n, e.ints(1))), attrTensor("value", scalarTensor(floatOr(t), 0, []int64{1})))
		if floatOr(t) != t {
			zeros = e.cast(zeros, t)
		}
		var attrs []*onnxpb.AttributeProto
		if accumulate {
			attrs = append(attrs, attrString("reduction", "add"))
		}
		flat = e.op("ScatterND", in(zeros, fi, fu), attrs...)
	default:
		flat = e.oneHotSum(e.reshape(idx, e.ints(-1)), e.reshape(n, e.ints(1)), e.reshape(upd, e.ints(-1, 1)), t)
		flat = e.reshape(flat, e.ints(-1))
	}
	return e.reshape(flat, e.shape(x))
}

// scatterAdds reports whether ScatterND with reduction="add" can sum
// gradients of element type t: from opset 16, and not in float16 or
// bfloat16, which ONNX Runtime's CPU provider does not add ("MLFloat16
// data type is not supported with ScatterND opset 16 when reduction is
// 'add'"); those take the one-hot product.
func (e *emitter) scatterAdds(t int32) bool {
	return e.opset >= 16 && t != int32(onnxpb.TensorProto_FLOAT16) && t != int32(onnxpb.TensorProto_BFLOAT16)
}

// oneHotSum returns Σ_i onehot(rows[i], depth)ᵀ · upd[i], shape [depth, R]:
// rows is [N] int64 in [0, depth), depth a [1] int64 tensor, upd [N, R].
func (e *emitter) oneHotSum(rows, depth, upd *graphedit.Value, t int32) *graphedit.Value {
	r := e.op("Range", in(e.int0(0), e.reshape(depth, e.ints()), e.int0(1)))
	hot := e.cast(e.op("Equal", in(e.unsqueeze(rows, 1), r)), t) // [N, depth]
	return e.op("Gemm", in(hot, upd), attrInt("transA", 1))
}

// floatOr returns t for float and double, float otherwise (the types a
// ConstantOfShape value is built in here).
func floatOr(t int32) int32 {
	if t == elemDouble {
		return t
	}
	return elemFloat
}

// gradGather: along axis 0 the gradient adds rows of dy into zeros shaped
// like x at the gathered indices (negative indices wrapped first):
// ScatterND with reduction="add" from opset 16, a one-hot Gemm before.
// Along another axis the flat positions of x are gathered the same way and
// dy is scattered at them.
func gradGather(c *Context) {
	if !c.Need(0) {
		return
	}
	e, x, idx, dy := c.e, c.X(0), c.X(1), c.GY(0)
	axis := c.node.AttrInt("axis", 0)
	if e.elem(idx) != elemInt64 {
		idx = e.cast(idx, elemInt64)
	}
	if axis != 0 && !(axis < 0 && x.Rank() > 0 && axis+int64(x.Rank()) == 0) {
		n, pos := e.iota(x)
		picked := e.op("Gather", in(pos, idx), attrInt("axis", axis))
		c.SetGrad(0, e.scatterFlat(x, n, picked, dy, true))
		return
	}
	d0 := e.dimOf(x, 0)
	d0s := e.reshape(d0, e.ints()) // rank 0, so wrapping keeps idx's shape
	wrapped := e.op("Where", in(e.op("Less", in(idx, e.int0(0))), e.add(idx, d0s), idx))
	if e.scatterAdds(e.elem(x)) {
		zeros := e.zerosLike(x)
		c.SetGrad(0, e.op("ScatterND", in(zeros, e.unsqueeze(wrapped, -1), dy), attrString("reduction", "add")))
		return
	}
	rows := e.reshape(wrapped, e.ints(-1))
	nrows := e.reshape(e.op("Size", in(idx)), e.ints(1))
	upd := e.reshape(dy, e.op("Concat", in(nrows, e.ints(-1)), attrInt("axis", 0)))
	c.SetGrad(0, e.reshapeLike(e.oneHotSum(rows, d0, upd, c.e.elem(x)), x))
}

// gradGatherElements scatters dy at the flat positions GatherElements
// picked from x (indices may repeat, so contributions are summed).
func gradGatherElements(c *Context) {
	if !c.Need(0) {
		return
	}
	e, x, idx := c.e, c.X(0), c.X(1)
	axis := c.node.AttrInt("axis", 0)
	if e.elem(idx) != elemInt64 {
		idx = e.cast(idx, elemInt64)
	}
	n, pos := e.iota(x)
	picked := e.op("GatherElements", in(pos, idx), attrInt("axis", axis))
	c.SetGrad(0, e.scatterFlat(x, n, picked, c.GY(0), true))
}

// gradTile: y = tile(x, repeats) repeats whole blocks, so dy reshaped to
// [r0, d0, r1, d1, …] and summed over the r axes is dx. The rank must be
// known.
func gradTile(c *Context) {
	if !c.Need(0) {
		return
	}
	e, x := c.e, c.X(0)
	r := x.Rank()
	if r < 1 {
		c.Fail("Tile: the input rank must be known")
		return
	}
	pairs := e.op("Concat", in(e.unsqueeze(c.X(1), 1), e.unsqueeze(e.shape(x), 1)), attrInt("axis", 1)) // [r, 2]
	blocks := e.reshape(c.GY(0), e.reshape(pairs, e.ints(-1)))
	axes := make([]int64, r)
	for i := range axes {
		axes[i] = int64(2 * i)
	}
	c.SetGrad(0, e.reduceSum(blocks, axes, false))
}
