package autodiff_test

import (
	"fmt"
	"math"
	"testing"

	"onnxprune/graphedit"
)

func TestSoftmax(t *testing.T) {
	k := 0
	for _, op := range []string{"Softmax", "LogSoftmax"} {
		for _, opset := range []int64{11, 13} {
			for _, axis := range []int64{-1, 1, 0} {
				c := opCase{
					name:  fmt.Sprintf("%s/opset%d/axis%d", op, opset, axis),
					opset: opset,
					ins:   []in{{"x", []any{"n", 3, 4}, []int64{2, 3, 4}, normal, 0}},
					wrt:   []string{"x"},
					build: unaryOp(op, ia("axis", axis)),
				}
				k++
				seed := int64(500 + k)
				t.Run(c.name, func(t *testing.T) { c.run(t, seed) })
			}
		}
		// Default axis: 1 before opset 13 (coerced to 2-D), −1 from 13.
		for _, opset := range []int64{11, 13} {
			c := opCase{
				name:  fmt.Sprintf("%s/opset%d/default-axis", op, opset),
				opset: opset,
				ins:   []in{{"x", []any{2, 3, 4}, []int64{2, 3, 4}, normal, 0}},
				wrt:   []string{"x"},
				build: unaryOp(op),
			}
			k++
			seed := int64(500 + k)
			t.Run(c.name, func(t *testing.T) { c.run(t, seed) })
		}
	}
}

func TestLayerNormalization(t *testing.T) {
	cases := []struct {
		name   string
		axis   int64
		sdims  []any
		sshape []int64
		bias   bool
		xdims  []any
		xshape []int64
		opset  int64
		f32    bool
	}{
		{"last-axis", -1, []any{4}, []int64{4}, true, []any{"b", "t", 4}, []int64{2, 3, 4}, 17, false},
		{"axis1", 1, []any{3, 4}, []int64{3, 4}, true, []any{2, 3, 4}, []int64{2, 3, 4}, 17, false},
		{"no-bias", -1, []any{4}, []int64{4}, false, []any{2, 3, 4}, []int64{2, 3, 4}, 17, false},
		{"float32", -1, []any{4}, []int64{4}, true, []any{"b", "t", 4}, []int64{2, 3, 4}, 17, true},
		{"opset18", -1, []any{4}, []int64{4}, true, []any{"b", "t", 4}, []int64{2, 3, 4}, 18, false},
	}
	for k, lc := range cases {
		ins := []in{{"x", lc.xdims, lc.xshape, normal, 0}, {"scale", lc.sdims, lc.sshape, normal, 0}}
		wrt := []string{"x", "scale"}
		if lc.bias {
			ins = append(ins, in{"bias", lc.sdims, lc.sshape, normal, 0})
			wrt = append(wrt, "bias")
		}
		axis, bias := lc.axis, lc.bias
		c := opCase{
			name:  lc.name,
			opset: lc.opset,
			f32:   lc.f32,
			ins:   ins,
			wrt:   wrt,
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				args := []any{x["x"], x["scale"]}
				if bias {
					args = append(args, x["bias"])
				}
				args = append(args, ia("axis", axis), fa("epsilon", 1e-3))
				return []*graphedit.Value{b.Op("LayerNormalization", args...)}
			},
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(600+k)) })
	}
}

// The decomposed layer norm older exporters write (ReduceMean, Sub, Pow,
// Add, Sqrt, Div, Mul, Add) is differentiated through its parts.
func TestDecomposedLayerNorm(t *testing.T) {
	for k, opset := range []int64{13, 18} {
		c := opCase{
			name:  fmt.Sprintf("opset%d", opset),
			opset: opset,
			ins: []in{{"x", []any{"b", "t", 8}, []int64{2, 3, 8}, normal, 0},
				{"g", []any{8}, []int64{8}, normal, 0}, {"beta", []any{8}, []int64{8}, normal, 0}},
			wrt: []string{"x", "g", "beta"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				nAxes := 0
				mean := func(v *graphedit.Value) *graphedit.Value {
					if opset >= 18 {
						nAxes++
						return b.Op("ReduceMean", v, constI64(b, fmt.Sprintf("axes%d", nAxes), -1))
					}
					return b.Op("ReduceMean", v, ias("axes", -1))
				}
				mu := mean(x["x"])
				xc := b.Op("Sub", x["x"], mu)
				v := mean(b.Op("Pow", xc, scalarF(b, "two", false, 2)))
				sd := b.Op("Sqrt", b.Op("Add", v, scalarF(b, "eps", false, 1e-5)))
				y := b.Op("Add", b.Op("Mul", b.Op("Div", xc, sd), x["g"]), x["beta"])
				return []*graphedit.Value{y}
			},
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(650+k)) })
	}
}

// Gelu as exported before opset 20: x · 0.5 · (1 + erf(x/√2)). Erf has no
// float64 kernel, so this runs in float32.
func TestGeluPattern(t *testing.T) {
	c := opCase{
		name:  "erf-gelu",
		opset: 13,
		f32:   true,
		ins:   []in{{"x", []any{"b", 6}, []int64{3, 6}, normal, 0}},
		wrt:   []string{"x"},
		build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
			s := b.Op("Div", x["x"], scalarF(b, "sqrt2", true, math.Sqrt2))
			e := b.Op("Add", b.Op("Erf", s), scalarF(b, "one", true, 1))
			return []*graphedit.Value{b.Op("Mul", b.Op("Mul", x["x"], e), scalarF(b, "half", true, 0.5))}
		},
	}
	c.run(t, 700)
}

func TestGelu(t *testing.T) {
	for k, approx := range []string{"none", "tanh"} {
		c := opCase{
			name:  "opset20/" + approx,
			opset: 20,
			f32:   true,
			ins:   []in{{"x", []any{"b", 6}, []int64{3, 6}, normal, 0}},
			wrt:   []string{"x"},
			build: unaryOp("Gelu", sa("approximate", approx)),
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(710+k)) })
	}
	c := opCase{
		name:    "com.microsoft",
		opset:   17,
		f32:     true,
		domains: map[string]int64{"com.microsoft": 1},
		ins:     []in{{"x", []any{"b", 6}, []int64{3, 6}, normal, 0}},
		wrt:     []string{"x"},
		build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
			return b.OpN("com.microsoft", "Gelu", 1, x["x"])
		},
	}
	t.Run(c.name, func(t *testing.T) { c.run(t, 720) })
}
