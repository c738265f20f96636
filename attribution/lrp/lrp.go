// Package lrp is the rule set that turns the autodiff gradient builder into
// layer-wise relevance propagation (LRP) for Transformers.
//
// # Overview
//
// LRP is written here in its "gradient × input" form: a modified backward
// pass computes a signal ∂̃R/∂v for every value v, and the relevance of v is
// v ⊙ ∂̃R/∂v. The backward pass is the autodiff engine's, with the rules of a
// few operators replaced (Rules). Every rule that is left alone is linear in
// the inputs that carry relevance, so for it gradient × input is the ε-rule
// with ε = 0 (LRP-0): relevance is redistributed in proportion to each
// input's contribution x_i·w_ij.
//
// # The rules
//
//   - Linear maps (MatMul, Gemm, Add, Sub, Sum, Mul by a constant, the
//     shape ops): the plain gradient, i.e. the ε-rule with ε = 0. A bias
//     or any other constant addend keeps its share of the relevance: this
//     is the one place where relevance leaks (it is absorbed, not lost).
//   - Attention (Ali et al. 2022, "XAI for Transformers: better explanations
//     through conservative propagation", the AH rule): the attention
//     probabilities are treated as constants. Softmax passes no relevance to
//     its scores, so the query and key paths carry none and relevance flows
//     only through the values: context = A·V is then linear in V and
//     conserves relevance exactly.
//   - LayerNorm (the LN rule of the same paper): the normalisation
//     1/√(σ²+ε) is treated as a constant. What remains, (x − μ)·γ/σ + β,
//     is linear in x; β absorbs its share like any bias. The same holds for
//     decomposed layer norms: the denominator of a Div and the outputs of
//     Sqrt and Reciprocal are constants.
//   - Gating nonlinearities (Erf, Tanh, Sigmoid) pass no relevance: in
//     x·Φ(x) (Gelu written out), x·σ(x) (SiLU) the gate Φ is a constant
//     factor and relevance flows through x alone, so the product conserves.
//   - Gelu, com.microsoft Gelu and FastGelu (the identity rule of AttnLRP,
//     Achtibat et al. 2024): the backward signal is dy·Gelu(x)/x = dy·Φ(x),
//     so the relevance of x equals the relevance of the output.
//   - Relu: the plain gradient already conserves (Relu(x) = x·[x>0]).
//   - com.microsoft MultiHeadAttention hides its probabilities in the
//     kernel, so the attention rule cannot be applied: it is refused.
//
// A gate g multiplying a head's output (Mul with two relevance-carrying
// inputs) keeps the plain product rule: at g = 1, g·∂̃R/∂g is the relevance
// that flows through the head's output, and the head's output passes that
// same relevance on. The gate is an observer, not a share.
//
// With these rules and no biases, relevance is conserved: summed over any
// cut of the network (the input embeddings, a layer's output), it equals the
// target (the top-1 logit). With biases, the figure at a cut is the target
// minus the relevance the biases behind the cut absorbed.
package lrp

import (
	"math"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio"
)

// Rules returns the default autodiff rules with the LRP rules in place of
// those of Softmax, LogSoftmax, LayerNormalization, Div, Sqrt, Reciprocal,
// Erf, Tanh, Sigmoid, Gelu, com.microsoft Gelu, FastGelu and
// MultiHeadAttention (see the package documentation).
func Rules() *autodiff.Registry {
	r := autodiff.DefaultRules()
	none := []int{}
	for _, op := range []string{"Softmax", "LogSoftmax", "Sqrt", "Reciprocal", "Erf", "Tanh", "Sigmoid"} {
		// Treated as constants: no input carries relevance.
		r.Override(autodiff.Rule{Op: op, Diff: none})
	}
	r.Override(autodiff.Rule{Op: "Div", Diff: []int{0}, Grad: divNumerator})
	r.Override(autodiff.Rule{Op: "LayerNormalization", Diff: []int{0}, Grad: layerNormConstScale})
	r.Override(autodiff.Rule{Op: "Gelu", MinOpset: 20, Diff: []int{0}, Grad: geluIdentity})
	r.Override(autodiff.Rule{Domain: "com.microsoft", Op: "Gelu", Diff: []int{0}, Grad: geluIdentity})
	r.Override(autodiff.Rule{Domain: "com.microsoft", Op: "FastGelu", Diff: []int{0, 1}, Grad: fastGeluIdentity})
	r.Override(autodiff.Rule{Domain: "com.microsoft", Op: "MultiHeadAttention", Grad: func(c *autodiff.Context) {
		c.Fail("LRP: com.microsoft MultiHeadAttention hides its attention probabilities; analyze an unfused export")
	}})
	return r
}

// divNumerator: y = a / b with b a constant: da = dy / b.
func divNumerator(c *autodiff.Context) {
	if c.Need(0) {
		c.SetGrad(0, c.Unbroadcast(c.Op("Div", c.GY(0), c.X(1)), 0))
	}
}

// i64 emits an int64 vector constant.
func i64(c *autodiff.Context, vals ...int64) *graphedit.Value {
	t := onnxio.NewInt64("value", []int64{int64(len(vals))}, vals)
	return c.Op("Constant", graphedit.TensorAttr("value", t))
}

// reduceMean emits ReduceMean over axes with keepdims=1, as an attribute
// before opset 18 and an input from 18.
func reduceMean(c *autodiff.Context, x *graphedit.Value, axes []int64) *graphedit.Value {
	if c.Opset() >= 18 {
		return c.Op("ReduceMean", x, i64(c, axes...), graphedit.IntAttr("keepdims", 1))
	}
	return c.Op("ReduceMean", x, graphedit.IntsAttr("axes", axes...), graphedit.IntAttr("keepdims", 1))
}

// layerNormConstScale: y = (x − μ)·r·γ + β with r = 1/√(σ²+ε) a constant:
// dx = r·(g − mean(g)), g = dy·γ, means over the normalized axes.
func layerNormConstScale(c *autodiff.Context) {
	if !c.Need(0) {
		return
	}
	if c.GY(1) != nil || c.GY(2) != nil {
		c.Fail("LRP: LayerNormalization: relevance through the Mean/InvStdDev outputs is not supported")
		return
	}
	x, dy := c.X(0), c.GY(0)
	rank := int64(x.Rank())
	if rank <= 0 {
		c.Fail("LRP: LayerNormalization: the rank of %q is unknown", x.Name())
		return
	}
	axis := c.Node().AttrInt("axis", -1)
	if axis < 0 {
		axis += rank
	}
	if axis < 0 || axis >= rank {
		c.Fail("LRP: LayerNormalization: axis %d out of range for rank %d", axis, rank)
		return
	}
	var axes []int64
	for a := axis; a < rank; a++ {
		axes = append(axes, a)
	}
	r := invStdDev(c, x, axis)
	g := dy
	if s := c.X(1); s != nil {
		g = c.Op("Mul", dy, s)
	}
	c.SetGrad(0, c.Op("Mul", r, c.Op("Sub", g, reduceMean(c, g, axes))))
}

// invStdDev emits r = 1/√(σ²+ε) of the LayerNormalization node being
// differentiated, broadcastable over x: for float x and a scale of known
// shape the InvStdDev output of a unit-scale LayerNormalization of x (the
// one the loss gradient's LayerNorm rule emits, when it ran first on the
// same graph: autodiff.Context.LayerNormStats), otherwise from ReduceMean.
func invStdDev(c *autodiff.Context, x *graphedit.Value, axis int64) *graphedit.Value {
	if _, r, ok := c.LayerNormStats(); ok {
		return r
	}
	eps := c.Node().AttrFloat("epsilon", 1e-5)
	rank := int64(x.Rank())
	var axes []int64
	for a := axis; a < rank; a++ {
		axes = append(axes, a)
	}
	xc := c.Op("Sub", x, reduceMean(c, x, axes))
	v := reduceMean(c, c.Op("Mul", xc, xc), axes)
	return c.Op("Reciprocal", c.Op("Sqrt", c.Op("Add", v, c.Scalar(x, float64(eps)))))
}

// phi emits Gelu(u)/u: 0.5·(1+erf(u/√2)), or with the tanh approximation
// 0.5·(1+tanh(√(2/π)·(u + 0.044715·u³))).
func phi(c *autodiff.Context, u *graphedit.Value, tanh bool) *graphedit.Value {
	k := func(v float64) *graphedit.Value { return c.Scalar(u, v) }
	var inner *graphedit.Value
	if tanh {
		u3 := c.Op("Mul", u, c.Op("Mul", u, u))
		arg := c.Op("Mul", k(math.Sqrt(2/math.Pi)), c.Op("Add", u, c.Op("Mul", k(0.044715), u3)))
		inner = c.Op("Tanh", arg)
	} else {
		inner = c.Op("Erf", c.Op("Mul", u, k(1/math.Sqrt2)))
	}
	return c.Op("Mul", k(0.5), c.Op("Add", k(1), inner))
}

func geluIdentity(c *autodiff.Context) {
	if c.Need(0) {
		tanh := c.Node().AttrString("approximate", "none") == "tanh"
		c.SetGrad(0, c.Op("Mul", c.GY(0), phi(c, c.X(0), tanh)))
	}
}

// fastGeluIdentity: FastGelu(x [, bias]) = Gelu_tanh(x + bias); the signal
// dy·Φ(x+bias) goes to x and, summed down, to the bias.
func fastGeluIdentity(c *autodiff.Context) {
	u := c.X(0)
	if b := c.X(1); b != nil {
		u = c.Op("Add", u, b)
	}
	g := c.Op("Mul", c.GY(0), phi(c, u, true))
	if c.Need(0) {
		c.SetGrad(0, c.Unbroadcast(g, 0))
	}
	if c.Need(1) {
		c.SetGrad(1, c.Unbroadcast(g, 1))
	}
}
