package autodiff

import (
	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

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
// axis (default −1) on. With x̂ = (x−μ)·r, r = 1/√(σ²+ε), g = dy·scale and
// means over the normalized axes:
//
//	dx     = r · (g − mean(g) − x̂ · mean(g·x̂))
//	dscale = unbroadcast(dy · x̂, scale)
//	dbias  = unbroadcast(dy, bias)
//
// μ and r are recomputed from x, so the optional Mean and InvStdDev
// outputs are not needed; a gradient flowing into them is unsupported. For
// a known rank (and not float64) x̂ and r come from one more
// LayerNormalization node; otherwise from ReduceMean on the 2-D view.
func gradLayerNorm(c *Context) {
	e := c.e
	if c.GY(1) != nil || c.GY(2) != nil {
		c.Fail("LayerNormalization: gradients through the Mean/InvStdDev outputs are not supported")
		return
	}
	x, dy := c.X(0), c.GY(0)
	axis := c.node.AttrInt("axis", -1)
	// The fused path reads InvStdDev, which ONNX Runtime computes in float;
	// float64 graphs take the exact path below.
	if r := x.Rank(); r > 0 && c.e.elem(x) != elemDouble {
		a := axis
		if a < 0 {
			a += int64(r)
		}
		if a >= 0 && a < int64(r) {
			gradLayerNormAxes(c, a, int64(r))
			return
		}
	}
	t := c.e.elem(x)
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

// gradLayerNormAxes is gradLayerNorm for a known rank.
func gradLayerNormAxes(c *Context, axis, rank int64) {
	dx, dscale := c.e.layerNormBackward(c.X(0), c.GY(0), c.X(1), axis, rank,
		c.node.AttrFloat("epsilon", 1e-5), c.node.Attr("stash_type"), c.Need(0), c.Need(1))
	c.SetGrad(0, dx)
	if dscale != nil {
		c.setUnbroadcast(1, dscale)
	}
	if c.Need(2) && c.X(2) != nil {
		c.setUnbroadcast(2, c.GY(0))
	}
}

// layerNormBackward returns dx and dy·x̂ (the scale's gradient before
// unbroadcasting) of y = LayerNorm(x)·scale + bias over the axes [axis,
// rank). x̂ and r = 1/σ come from one LayerNormalization node with unit
// scale (its InvStdDev output broadcasts over the normalized axes).
func (e *emitter) layerNormBackward(x, dy, scale *graphedit.Value, axis, rank int64, eps float32, stash *onnxpb.AttributeProto, needX, needScale bool) (dx, dyXhat *graphedit.Value) {
	t := e.elem(x)
	var ones *graphedit.Value
	if s, ok := staticShape(scale); ok {
		ones = e.constant(scalarTensor(floatOr(t), 1, s))
	} else {
		ones = e.op("ConstantOfShape", in(e.shape(scale)), attrTensor("value", scalarTensor(floatOr(t), 1, []int64{1})))
	}
	if floatOr(t) != t {
		ones = e.cast(ones, t)
	}
	attrs := []*onnxpb.AttributeProto{attrInt("axis", axis), attrFloat("epsilon", eps)}
	if stash != nil {
		attrs = append(attrs, stash)
	}
	outs := reuseLayerNorm(x, axis, eps, stash)
	if outs == nil {
		outs = e.opN("LayerNormalization", 3, in(x, ones), attrs...)
	}
	xhat, r := outs[0], outs[2]
	if t != elemFloat {
		r = e.cast(r, t) // InvStdDev has the stash type (float)
	}
	axes := make([]int64, 0, rank-axis)
	for i := axis; i < rank; i++ {
		axes = append(axes, i)
	}
	if needX {
		g := e.mul(dy, scale)
		mg := e.reduceMean(g, axes, true)
		mgx := e.reduceMean(e.mul(g, xhat), axes, true)
		dx = e.mul(r, e.sub(e.sub(g, mg), e.mul(xhat, mgx)))
	}
	if needScale {
		dyXhat = e.mul(dy, xhat)
	}
	return dx, dyXhat
}

// reuseLayerNorm returns the outputs (x̂, mean, InvStdDev) of a
// LayerNormalization of x with unit scale, no bias and the same axis, ε and
// stash type that the graph already holds (one an earlier Build emitted:
// the loss gradient and the LRP pass of one analysis graph both need the
// statistics of every normalized value), or nil.
func reuseLayerNorm(x *graphedit.Value, axis int64, eps float32, stash *onnxpb.AttributeProto) []*graphedit.Value {
	for _, u := range x.Uses() {
		n := u.Node
		if n == nil || u.Input != 0 || n.OpType() != "LayerNormalization" || n.Domain() != "" || n.NumInputs() != 2 || n.NumOutputs() != 3 {
			continue
		}
		if n.Output(0) == nil || n.Output(2) == nil || n.AttrInt("axis", -1) != axis || n.AttrFloat("epsilon", 1e-5) != eps {
			continue
		}
		if a, b := n.Attr("stash_type"), stash; (a == nil) != (b == nil) || (a != nil && a.GetI() != b.GetI()) {
			continue
		}
		p, _ := n.Input(1).Producer()
		if p == nil || p.OpType() != "Constant" || p.Domain() != "" || p.AttrTensor("value") == nil {
			continue
		}
		t, err := onnxio.DecodeTensor(p.AttrTensor("value"), nil)
		if err != nil || len(t.F32) == 0 {
			continue
		}
		unit := true
		for _, v := range t.F32 {
			if v != 1 {
				unit = false
				break
			}
		}
		if unit {
			return n.Outputs()
		}
	}
	return nil
}

// LayerNormStats returns x̂ = (x − μ)/√(σ²+ε) and r = 1/√(σ²+ε) (shaped to
// broadcast over x) of the LayerNormalization being differentiated, from one
// LayerNormalization node with unit scale: the one this Build or an earlier
// one on the same graph emitted for x where there is one (rules that need
// the statistics share them), a new one otherwise. ok is false when x is not
// float or its rank or the scale's shape is unknown.
func (c *Context) LayerNormStats() (xhat, r *graphedit.Value, ok bool) {
	x, scale := c.X(0), c.X(1)
	if x == nil || scale == nil || c.e.elem(x) != elemFloat || x.Rank() <= 0 {
		return nil, nil, false
	}
	s, known := staticShape(scale)
	if !known {
		return nil, nil, false
	}
	rank := int64(x.Rank())
	axis := c.node.AttrInt("axis", -1)
	if axis < 0 {
		axis += rank
	}
	if axis < 0 || axis >= rank {
		return nil, nil, false
	}
	eps, stash := c.node.AttrFloat("epsilon", 1e-5), c.node.Attr("stash_type")
	outs := reuseLayerNorm(x, axis, eps, stash)
	if outs == nil {
		attrs := []*onnxpb.AttributeProto{attrInt("axis", axis), attrFloat("epsilon", eps)}
		if stash != nil {
			attrs = append(attrs, stash)
		}
		outs = c.e.opN("LayerNormalization", 3, in(x, c.e.constant(scalarTensor(elemFloat, 1, s))), attrs...)
	}
	return outs[0], outs[2], true
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
