package autodiff

import (
	"math"

	"onnxprune/graphedit"
)

// Elementwise rules. Binary ops broadcast, so each input gradient is summed
// back to the input's shape by unbroadcast; the output gradient has the
// output's shape.

func elementwiseRules() []Rule {
	return []Rule{
		{Op: "Add", Grad: gradAdd},
		{Op: "Sub", Grad: gradSub},
		{Op: "Mul", Grad: gradMul},
		{Op: "Div", Grad: gradDiv},
		{Op: "Pow", Grad: gradPow},
		{Op: "Sum", Grad: gradSum},
		{Op: "Mean", Grad: gradMean},
		{Op: "Neg", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value { return e.neg(dy) })},
		{Op: "Identity", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value { return dy })},
		// Sqrt: dx = dy · 0.5 / y.
		{Op: "Sqrt", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value {
			return e.div(e.mul(dy, e.scalar(e.elem(x), 0.5)), y)
		})},
		// Reciprocal: dx = −dy · y².
		{Op: "Reciprocal", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value {
			return e.neg(e.mul(dy, e.mul(y, y)))
		})},
		// Exp: dx = dy · y.
		{Op: "Exp", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value { return e.mul(dy, y) })},
		// Log: dx = dy / x.
		{Op: "Log", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value { return e.div(dy, x) })},
		// Tanh: dx = dy · (1 − y²).
		{Op: "Tanh", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value {
			return e.mul(dy, e.sub(e.scalar(e.elem(x), 1), e.mul(y, y)))
		})},
		// Sigmoid: dx = dy · y · (1 − y).
		{Op: "Sigmoid", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value {
			return e.mul(dy, e.mul(y, e.sub(e.scalar(e.elem(x), 1), y)))
		})},
		// Relu: dx = dy where x > 0, else 0, i.e. dy · sign(y) since
		// y = max(x, 0) is 0 exactly where x ≤ 0. Sign reads only the
		// forward output, so two gradient passes over one graph (loss and
		// relevance) share one Sign node.
		{Op: "Relu", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value {
			return e.mul(dy, e.shared("Sign", y))
		})},
		// Abs: dx = dy · sign(x).
		{Op: "Abs", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value {
			return e.mul(dy, e.op("Sign", in(x)))
		})},
		// Erf: dx = dy · 2/√π · exp(−x²).
		{Op: "Erf", Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value {
			t := e.elem(x)
			ex := e.op("Exp", in(e.neg(e.mul(x, x))))
			return e.mul(dy, e.mul(ex, e.scalar(t, 2/math.Sqrt(math.Pi))))
		})},
		// Clip (min and max as inputs from opset 11, attributes before):
		// the gradient passes where the value was not clipped.
		{Op: "Clip", Diff: []int{0}, Grad: unary(func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value {
			return e.op("Where", in(e.op("Equal", in(x, y)), dy, e.scalar(e.elem(x), 0)))
		})},
		{Op: "Gelu", MinOpset: 20, Grad: gradGelu},
		{Domain: "com.microsoft", Op: "Gelu", Grad: gradGelu},
		{Domain: "com.microsoft", Op: "FastGelu", Diff: []int{0, 1}, Grad: gradFastGelu},
		{Op: "Where", Diff: []int{1, 2}, Grad: gradWhere},
		{Op: "Max", Grad: gradSelect},
		{Op: "Min", Grad: gradSelect},
	}
}

// unary adapts a formula dx = f(x, y, dy) for single-input ops.
func unary(f func(e *emitter, x, y, dy *graphedit.Value) *graphedit.Value) GradFunc {
	return func(c *Context) {
		if c.Need(0) {
			c.SetGrad(0, f(c.e, c.X(0), c.Y(0), c.GY(0)))
		}
	}
}

// setUnbroadcast records input i's gradient g (shaped like output 0),
// summed down to input i's shape.
func (c *Context) setUnbroadcast(i int, g *graphedit.Value) {
	c.SetGrad(i, c.e.unbroadcast(g, c.Y(0).Shape(), c.X(i)))
}

func gradAdd(c *Context) {
	dy := c.GY(0)
	for i := 0; i < 2; i++ {
		if c.Need(i) {
			c.setUnbroadcast(i, dy)
		}
	}
}

func gradSub(c *Context) {
	dy := c.GY(0)
	if c.Need(0) {
		c.setUnbroadcast(0, dy)
	}
	if c.Need(1) {
		c.setUnbroadcast(1, c.e.neg(dy))
	}
}

func gradMul(c *Context) {
	e, dy := c.e, c.GY(0)
	if c.Need(0) {
		c.setUnbroadcast(0, e.mul(dy, c.X(1)))
	}
	if c.Need(1) {
		c.setUnbroadcast(1, e.mul(dy, c.X(0)))
	}
}

// gradDiv: y = a/b; da = dy/b, db = −dy·y/b.
func gradDiv(c *Context) {
	e, dy, b := c.e, c.GY(0), c.X(1)
	if c.Need(0) {
		c.setUnbroadcast(0, e.div(dy, b))
	}
	if c.Need(1) {
		c.setUnbroadcast(1, e.neg(e.div(e.mul(dy, c.Y(0)), b)))
	}
}

// gradPow: y = a^b; da = dy·b·a^(b−1), db = dy·y·ln a. The exponent may
// have another element type (an integer exponent from opset 12); it is
// cast to the base's type.
func gradPow(c *Context) {
	e, dy, a, b := c.e, c.GY(0), c.X(0), c.X(1)
	t := c.e.elem(a)
	bt := b
	if c.e.elem(b) != t {
		bt = e.cast(b, t)
	}
	if c.Need(0) {
		pa := e.op("Pow", in(a, e.sub(bt, e.scalar(t, 1))))
		c.setUnbroadcast(0, e.mul(dy, e.mul(bt, pa)))
	}
	if c.Need(1) {
		g := e.mul(dy, e.mul(c.Y(0), e.op("Log", in(a))))
		if c.e.elem(b) != t {
			g = e.cast(g, c.e.elem(b))
		}
		c.setUnbroadcast(1, g)
	}
}

func gradSum(c *Context) {
	for i := 0; i < c.node.NumInputs(); i++ {
		if c.Need(i) {
			c.setUnbroadcast(i, c.GY(0))
		}
	}
}

func gradMean(c *Context) {
	n := c.node.NumInputs()
	g := c.e.div(c.GY(0), c.e.scalar(c.e.elem(c.Y(0)), float64(n)))
	for i := 0; i < n; i++ {
		if c.Need(i) {
			c.setUnbroadcast(i, g)
		}
	}
}

// gradWhere: y = where(cond, a, b); da = where(cond, dy, 0), db = where(cond, 0, dy).
func gradWhere(c *Context) {
	e, dy, cond := c.e, c.GY(0), c.X(0)
	zero := e.scalar(c.e.elem(c.Y(0)), 0)
	if c.Need(1) {
		c.setUnbroadcast(1, e.op("Where", in(cond, dy, zero)))
	}
	if c.Need(2) {
		c.setUnbroadcast(2, e.op("Where", in(cond, zero, dy)))
	}
}

// geluDeriv emits d/dx gelu(x): with erf, Φ(x) + x·φ(x); with the tanh
// approximation u = √(2/π)(x + 0.044715x³), t = tanh u:
// 0.5(1+t) + 0.5x(1−t²)·√(2/π)(1 + 3·0.044715x²).
func geluDeriv(e *emitter, x *graphedit.Value, t int32, approxTanh bool) *graphedit.Value {
	k := func(v float64) *graphedit.Value { return e.scalar(t, v) }
	if approxTanh {
		x2 := e.mul(x, x)
		c := math.Sqrt(2 / math.Pi)
		u := e.mul(k(c), e.mul(x, e.add(k(1), e.mul(k(0.044715), x2))))
		th := e.op("Tanh", in(u))
		left := e.mul(k(0.5), e.add(k(1), th))
		du := e.mul(k(c), e.add(k(1), e.mul(k(3*0.044715), x2)))
		right := e.mul(e.mul(k(0.5), x), e.mul(e.sub(k(1), e.mul(th, th)), du))
		return e.add(left, right)
	}
	cdf := e.mul(k(0.5), e.add(k(1), e.op("Erf", in(e.mul(x, k(1/math.Sqrt2))))))
	pdf := e.mul(k(1/math.Sqrt(2*math.Pi)), e.op("Exp", in(e.mul(k(-0.5), e.mul(x, x)))))
	return e.add(cdf, e.mul(x, pdf))
}

func gradGelu(c *Context) {
	if c.Need(0) {
		approx := c.node.AttrString("approximate", "none") == "tanh"
		c.SetGrad(0, c.e.mul(c.GY(0), geluDeriv(c.e, c.X(0), c.e.elem(c.X(0)), approx)))
	}
}

// gradFastGelu: com.microsoft FastGelu(x [, bias]) is the tanh-approximated
// Gelu of x + bias.
func gradFastGelu(c *Context) {
	e := c.e
	x := c.X(0)
	if b := c.X(1); b != nil {
		x = e.add(x, b)
	}
	g := e.mul(c.GY(0), geluDeriv(e, x, c.e.elem(c.X(0)), true))
	if c.Need(0) {
		c.SetGrad(0, e.unbroadcast(g, c.Y(0).Shape(), c.X(0)))
	}
	if c.Need(1) {
		c.SetGrad(1, e.unbroadcast(g, c.Y(0).Shape(), c.X(1)))
	}
}

// gradSelect: elementwise Max and Min pass dy to the inputs that equal the
// output (all of them at a tie, a subgradient).
func gradSelect(c *Context) {
	e, dy, y := c.e, c.GY(0), c.Y(0)
	zero := e.scalar(e.elem(y), 0)
	for i := 0; i < c.node.NumInputs(); i++ {
		if c.Need(i) {
			c.setUnbroadcast(i, e.op("Where", in(e.op("Equal", in(c.X(i), y)), dy, zero)))
		}
	}
}
