package autodiff

import "onnxprune/graphedit"

func nnRules() []Rule {
	return []Rule{
		{Op: "Softmax", MinOpset: 13, Grad: gradSoftmax13},
		{Op: "Softmax", MaxOpset: 12, Grad: gradSoftmaxOld},
		{Op: "LogSoftmax", MinOpset: 13, Grad: gradLogSoftmax13},
		{Op: "LogSoftmax", MaxOpset: 12, Grad: gradLogSoftmaxOld},
		{Op: "LayerNormalization", Diff: []int{0, 1, 2}, Grad: gradLayerNorm},
		{Op: "Dropout", Diff: []int{0}, Grad: gradDropout},
	}
}

// Softmax from opset 13 normalizes along one axis (default −1):
// dx = y · (dy − Σ_axis dy·y).
func gradSoftmax13(c *Context) {
	if !c.Need(0) {
		return
	}
	e, y, dy := c.e, c.Y(0), c.GY(0)
	axis := c.node.AttrInt("axis", -1)
	s := e.reduceSum(e.mul(dy, y), []int64{axis}, true)
	c.SetGrad(0, e.mul(y, e.sub(dy, s)))
}

// LogSoftmax from opset 13: dx = dy − exp(y) · Σ_axis dy.
func gradLogSoftmax13(c *Context) {
	if !c.Need(0) {
		return
	}
	e, y, dy := c.e, c.Y(0), c.GY(0)
	axis := c.node.AttrInt("axis", -1)
	s := e.reduceSum(dy, []int64{axis}, true)
	c.SetGrad(0, e.sub(dy, e.mul(e.op("Exp", in(y)), s)))
}

// Before opset 13, Softmax and LogSoftmax coerce the input to 2-D at axis
// (default 1): rows are the dims before axis, columns all dims from axis
// on, normalized together. The gradient is computed on the same 2-D view.
func gradSoftmaxOld(c *Context) {
	if !c.Need(0) {
		return
	}
	e := c.e
	axis := c.node.AttrInt("axis", 1)
	y2 := e.op("Flatten", in(c.Y(0)), attrInt("axis", axis))
	d2 := e.op("Flatten", in(c.GY(0)), attrInt("axis", axis))
	s := e.reduceSum(e.mul(d2, y2), []int64{1}, true)
	c.SetGrad(0, e.reshapeLike(e.mul(y2, e.sub(d2, s)), c.X(0)))
}

func gradLogSoftmaxOld(c *Context) {
	if !c.Need(0) {
		return
	}
	e := c.e
	axis := c.node.AttrInt("axis", 1)
	y2 := e.op("Flatten", in(c.Y(0)), attrInt("axis", axis))
	d2 := e.op("Flatten", in(c.GY(0)), attrInt("axis", axis))
	s := e.reduceSum(d2, []int64{1}, true)
	c.SetGrad(0, e.reshapeLike(e.sub(d2, e.mul(e.op("Exp", in(y2)), s)), c.X(0)))
}

// gradLayerNorm: LayerNormalization (opset 17; ONNX Runtime also accepts
// it in the default domain at earlier opsets) normalizes over the axes from
// axis (default −1) on. On the 2-D view [rows, D] with x̂ = (x−μ)·r,
// r = 1/√(σ²+ε), and g = dy·scale:
//
//	dx     = r · (g − mean(g) − x̂ · mean(g·x̂))
//	dscale = unbroadcast(dy · x̂, scale)
//	dbias  = unbroadcast(dy, bias)
//
// μ and r are recomputed from x, so the optional Mean and InvStdDev
// outputs are not needed; a gradient flowing into them is unsupported.
func gradLayerNorm(c *Context) {
	e := c.e
	if c.GY(1) != nil || c.GY(2) != nil {
		c.Fail("LayerNormalization: gradients through the Mean/InvStdDev outputs are not supported")
		return
	}
	x, dy := c.X(0), c.GY(0)
	t := c.e.elem(x)
	axis := c.node.AttrInt("axis", -1)
	eps := float64(c.node.AttrFloat("epsilon", 1e-5))
	x2 := e.op("Flatten", in(x), attrInt("axis", axis))
	mu := e.reduceMean(x2, []int64{1}, true)
	xc := e.sub(x2, mu)
	v := e.reduceMean(e.mul(xc, xc), []int64{1}, true)
	r := e.op("Reciprocal", in(e.op("Sqrt", in(e.add(v, e.scalar(t, eps))))))
	xhat2 := e.mul(xc, r)
	if c.Need(0) {
		g := dy
		if c.X(1) != nil {
			g = e.mul(dy, c.X(1))
		}
		g2 := e.op("Flatten", in(g), attrInt("axis", axis))
		mg := e.reduceMean(g2, []int64{1}, true)
		mgx := e.reduceMean(e.mul(g2, xhat2), []int64{1}, true)
		dx2 := e.mul(r, e.sub(e.sub(g2, mg), e.mul(xhat2, mgx)))
		c.SetGrad(0, e.reshapeLike(dx2, x))
	}
	if c.Need(1) {
		xhat := e.reshapeLike(xhat2, x)
		c.setUnbroadcast(1, e.mul(dy, xhat))
	}
	if c.Need(2) && c.X(2) != nil {
		c.setUnbroadcast(2, dy)
	}
}

// gradDropout treats Dropout as inference-mode identity on its data
// output. A training_mode input that is not a constant false is refused:
// the random mask is not recomputable in the backward graph.
func gradDropout(c *Context) {
	if tm := c.X(2); tm != nil {
		vals, ok := constInts(tm)
		if !ok || len(vals) != 1 || vals[0] != 0 {
			c.Fail("Dropout in training mode is not supported (training_mode must be a constant false)")
			return
		}
	}
	if c.Need(0) {
		c.SetGrad(0, c.GY(0))
	}
}

var _ = graphedit.IntDim
