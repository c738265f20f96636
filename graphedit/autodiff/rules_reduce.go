package autodiff

import "onnxprune/graphedit"

func reduceRules() []Rule {
	return []Rule{
		{Op: "ReduceSum", Diff: []int{0}, Grad: gradReduce("ReduceSum", 13)},
		{Op: "ReduceMean", Diff: []int{0}, Grad: gradReduce("ReduceMean", 18)},
		{Op: "ReduceMax", Diff: []int{0}, Grad: gradReduce("ReduceMax", 18)},
		{Op: "ReduceMin", Diff: []int{0}, Grad: gradReduce("ReduceMin", 18)},
	}
}

// reduceAxes reads a Reduce node's axes: the attribute before the opset
// where axes became an input, the constant input from it on. ok is false
// when the axes input is not a constant; all is true when no axes are given
// (every axis is reduced, unless noop_with_empty_axes makes it identity).
func reduceAxes(c *Context, inputFrom int64) (axes []int64, all, ok bool) {
	if c.opset < inputFrom {
		a, present := c.node.AttrInts("axes")
		return a, !present || len(a) == 0, true
	}
	v := c.X(1)
	if v == nil {
		return nil, true, true
	}
	a, isConst := constInts(v)
	if !isConst {
		return nil, false, false
	}
	return a, len(a) == 0, true
}

// gradReduce: the output gradient, with the reduced axes restored as
// size-1 axes, is expanded back over x:
//
//	ReduceSum:  dx = expand(dy)
//	ReduceMean: dx = expand(dy) · |y| / |x|
//	ReduceMax/Min: dx = expand(dy) where x equals expand(y), else 0
//
// With keepdims=0 the axes are restored by Unsqueeze (constant axes) or by
// reshaping to the shape of the same reduction with keepdims=1.
func gradReduce(opType string, inputFrom int64) GradFunc {
	return func(c *Context) {
		if !c.Need(0) {
			return
		}
		e, x, y, dy := c.e, c.X(0), c.Y(0), c.GY(0)
		keep := c.node.AttrInt("keepdims", 1) != 0
		noop := c.node.AttrInt("noop_with_empty_axes", 0) != 0
		axes, all, ok := reduceAxes(c, inputFrom)
		if ok && all && noop && c.opset >= inputFrom {
			c.SetGrad(0, dy) // identity
			return
		}
		restore := func(v *graphedit.Value) *graphedit.Value {
			switch {
			case keep || (ok && all):
				// Kept axes, or a full reduction: broadcasting does it.
				return v
			case ok:
				return e.unsqueeze(v, axes...)
			default:
				// Same reduction with keepdims=1 gives the restored shape.
				ins := c.node.Inputs()
				kept := e.op(opType, ins, attrInt("keepdims", 1), attrInt("noop_with_empty_axes", boolInt(noop)))
				return e.reshape(v, e.shape(kept))
			}
		}
		sx := e.shape(x)
		dx := e.op("Expand", in(restore(dy), sx))
		switch opType {
		case "ReduceMean":
			dx = e.mul(dx, meanScale(e, x, y))
		case "ReduceMax", "ReduceMin":
			yb := e.op("Expand", in(restore(y), sx))
			dx = e.op("Where", in(e.op("Equal", in(x, yb)), dx, e.scalar(c.e.elem(x), 0)))
		}
		c.SetGrad(0, dx)
	}
}

// meanScale emits |y|/|x|, the reciprocal of the number of elements each
// mean averages: a constant when both shapes are known.
func meanScale(e *emitter, x, y *graphedit.Value) *graphedit.Value {
	t := e.elem(x)
	if xs, ok := staticShape(x); ok {
		if ys, ok := staticShape(y); ok {
			nx, ny := int64(1), int64(1)
			for _, d := range xs {
				nx *= d
			}
			for _, d := range ys {
				ny *= d
			}
			if nx > 0 {
				return e.scalar(t, float64(ny)/float64(nx))
			}
		}
	}
	ny := e.cast(e.op("Size", in(y)), t)
	nx := e.cast(e.op("Size", in(x)), t)
	return e.div(ny, nx)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
