package autodiff

import "onnxprune/graphedit"

// unbroadcast sums a gradient g, whose shape is gdims (nil when unknown),
// down to the shape of x, undoing NumPy-style broadcasting of x. When the
// shapes are known well enough to tell which axes were broadcast (equal
// dims, or x's dim is a literal 1) the reduction axes are constants; any
// other case falls back to computing the axes at run time:
//
//	padded = Concat(ones(rank(g)-rank(x)), Shape(x))
//	axes   = Reshape(NonZero(Equal(padded, 1)), [-1])
//	dx     = Reshape(ReduceSum(g, axes, keepdims=1, noop_with_empty_axes=1), Shape(x))
//
// Summing over an axis where g's size is also 1 is harmless, so testing x's
// dims alone is enough.
func (e *emitter) unbroadcast(g *graphedit.Value, gdims []graphedit.Dim, x *graphedit.Value) *graphedit.Value {
	if e.err != nil {
		return nil
	}
	xdims := x.Shape()
	if xdims != nil && len(xdims) == 0 {
		// Scalar target: sum everything.
		if gdims != nil && len(gdims) == 0 {
			return g
		}
		// No axes (attribute or input) reduces every axis at any opset.
		return e.op("ReduceSum", in(g), attrInt("keepdims", 0))
	}
	if axes, lead, ok := staticBroadcastAxes(gdims, xdims); ok {
		switch {
		case len(axes) == 0:
			return g
		case lead == len(axes):
			// Only leading axes: dropping them gives x's shape.
			return e.reduceSum(g, axes, false)
		default:
			r := e.reduceSum(g, axes, true)
			if lead > 0 {
				r = e.reshapeLike(r, x)
			}
			return r
		}
	}
	if e.opset < 13 {
		return e.unbroadcastNoAxesInput(g, gdims, x)
	}
	// Run-time axes.
	sx := e.shape(x)
	var padded *graphedit.Value
	switch {
	case gdims != nil && xdims != nil && len(gdims) == len(xdims):
		padded = sx
	case gdims != nil && xdims != nil && len(gdims) > len(xdims):
		ones := make([]int64, len(gdims)-len(xdims))
		for i := range ones {
			ones[i] = 1
		}
		padded = e.op("Concat", in(e.ints(ones...), sx), attrInt("axis", 0))
	default:
		rankG := e.shape(e.shape(g))
		rankX := e.shape(sx)
		pad := e.op("ConstantOfShape", in(e.sub(rankG, rankX)), attrTensor("value", scalarTensor(elemInt64, 1, []int64{1})))
		padded = e.op("Concat", in(pad, sx), attrInt("axis", 0))
	}
	mask := e.op("Equal", in(padded, e.ints(1)))
	axes := e.reshape(e.op("NonZero", in(mask)), e.ints(-1))
	return e.reshape(e.reduceSumDyn(g, axes), sx)
}

// staticBroadcastAxes returns the axes of g (rank len(gdims)) to sum over to
// reach xdims, how many of them are leading axes x lacks, and whether the
// shapes decide it.
func staticBroadcastAxes(gdims, xdims []graphedit.Dim) (axes []int64, lead int, ok bool) {
	if gdims == nil || xdims == nil || len(xdims) > len(gdims) {
		return nil, 0, false
	}
	lead = len(gdims) - len(xdims)
	for i := 0; i < lead; i++ {
		axes = append(axes, int64(i))
	}
	for i, xd := range xdims {
		gd := gdims[lead+i]
		switch {
		case sameDim(xd, gd):
		case xd.Known() && xd.Value == 1:
			axes = append(axes, int64(lead+i))
		default:
			return nil, 0, false
		}
	}
	return axes, lead, true
}

// sameDim reports whether two dims are provably equal.
func sameDim(a, b graphedit.Dim) bool {
	if a.Known() != b.Known() {
		return false
	}
	if a.Known() {
		return a.Value == b.Value
	}
	return a.Param == b.Param
}

// broadcastDims computes the NumPy broadcast of two shapes where it can be
// decided statically; nil when a rank is unknown or a pair of dims is
// undecidable.
func broadcastDims(a, b []graphedit.Dim) []graphedit.Dim {
	if a == nil || b == nil {
		return nil
	}
	n := len(a)
	if len(b) > n {
		n = len(b)
	}
	out := make([]graphedit.Dim, n)
	for i := 0; i < n; i++ {
		var da, db graphedit.Dim
		ha, hb := false, false
		if j := i - (n - len(a)); j >= 0 {
			da, ha = a[j], true
		}
		if j := i - (n - len(b)); j >= 0 {
			db, hb = b[j], true
		}
		switch {
		case !ha:
			out[i] = db
		case !hb:
			out[i] = da
		case sameDim(da, db):
			out[i] = da
		case da.Known() && da.Value == 1:
			out[i] = db
		case db.Known() && db.Value == 1:
			out[i] = da
		default:
			return nil
		}
	}
	return out
}

// unbroadcastNoAxesInput undoes broadcasting before opset 13, where
// ReduceSum's axes are an attribute. Ranks must be known. Axes the shapes
// decide are summed directly; for each undecided axis i the sum over i,
// expanded back, replaces g where x's size on i is 1 at run time
// (Where on a scalar condition); a final Slice to x's padded shape keeps
// one copy:
//
//	r = Where(Shape(x)[i] == 1, Expand(ReduceSum(r, [i], keepdims=1), Shape(r)), r)
//	dx = Reshape(Slice(r, 0, Concat(ones, Shape(x))), Shape(x))
func (e *emitter) unbroadcastNoAxesInput(g *graphedit.Value, gdims []graphedit.Dim, x *graphedit.Value) *graphedit.Value {
	xdims := x.Shape()
	if gdims == nil || xdims == nil || len(xdims) > len(gdims) {
		e.failf("undoing broadcasting of %q with ranks unknown needs opset 13 or later (graph has %d)", x.Name(), e.opset)
		return nil
	}
	if e.opset < 10 {
		e.failf("undoing broadcasting of %q that only run time decides needs opset 10 or later (graph has %d)", x.Name(), e.opset)
		return nil
	}
	lead := len(gdims) - len(xdims)
	var fixed, open []int64
	for i := 0; i < lead; i++ {
		fixed = append(fixed, int64(i))
	}
	for i, xd := range xdims {
		gd := gdims[lead+i]
		switch {
		case sameDim(xd, gd):
		case xd.Known() && xd.Value == 1:
			fixed = append(fixed, int64(lead+i))
		default:
			open = append(open, int64(i))
		}
	}
	r := g
	if len(fixed) > 0 {
		r = e.reduceSum(r, fixed, true)
	}
	sx := e.shape(x)
	for _, i := range open {
		summed := e.op("Expand", in(e.reduceSum(r, []int64{int64(lead) + i}, true), e.shape(r)))
		isOne := e.op("Equal", in(e.op("Gather", in(sx, e.int0(i)), attrInt("axis", 0)), e.int0(1)))
		r = e.op("Where", in(isOne, summed, r))
	}
	ends := sx
	if lead > 0 {
		ones := make([]int64, lead)
		for i := range ones {
			ones[i] = 1
		}
		ends = e.op("Concat", in(e.ints(ones...), sx), attrInt("axis", 0))
	}
	starts := make([]int64, len(gdims))
	r = e.op("Slice", in(r, e.ints(starts...), ends))
	if lead > 0 {
		r = e.reshape(r, sx)
	}
	return r
}
