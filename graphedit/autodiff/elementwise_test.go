package autodiff_test

import (
	"fmt"
	"testing"

	"onnxprune/graphedit"
)

type vals = map[string]*graphedit.Value

func binary(op string) func(b *graphedit.Builder, x vals) []*graphedit.Value {
	return func(b *graphedit.Builder, x vals) []*graphedit.Value {
		return []*graphedit.Value{b.Op(op, x["a"], x["b"])}
	}
}

func unaryOp(op string, attrs ...any) func(b *graphedit.Builder, x vals) []*graphedit.Value {
	return func(b *graphedit.Builder, x vals) []*graphedit.Value {
		return []*graphedit.Value{b.Op(op, append([]any{x["x"]}, attrs...)...)}
	}
}

// Broadcasting layouts for binary ops: static shapes, symbolic dims that
// match, and symbolic dims that only run time resolves (b's "m" is 1).
var broadcasts = []struct {
	name         string
	adims, bdims []any
	ashape       []int64
	bshape       []int64
}{
	{"same", []any{2, 3}, []any{2, 3}, []int64{2, 3}, []int64{2, 3}},
	{"row", []any{2, 3, 4}, []any{4}, []int64{2, 3, 4}, []int64{4}},
	{"col", []any{2, 3, 4}, []any{3, 1}, []int64{2, 3, 4}, []int64{3, 1}},
	{"both", []any{2, 1, 4}, []any{3, 1}, []int64{2, 1, 4}, []int64{3, 1}},
	{"scalar", []any{2, 3}, []any{}, []int64{2, 3}, nil},
	{"symbolic", []any{"n", 3}, []any{"n", 3}, []int64{2, 3}, []int64{2, 3}},
	{"runtime", []any{"n", 3}, []any{"m", 3}, []int64{2, 3}, []int64{1, 3}},
	{"runtime-rank", []any{"n", "k", 3}, []any{"m", 1}, []int64{2, 4, 3}, []int64{4, 1}},
}

func TestElementwiseBinary(t *testing.T) {
	ops := []struct {
		op     string
		a, b   gen
		f32    bool
		opsets []int64
	}{
		{"Add", normal, normal, false, []int64{11, 13}},
		{"Sub", normal, normal, false, []int64{13}},
		{"Mul", normal, normal, false, []int64{11, 13}},
		{"Div", normal, positive, false, []int64{13}},
		{"Pow", positive, normal, false, []int64{13}},
		{"Max", normal, normal, false, []int64{13}},
		{"Min", normal, normal, false, []int64{13}},
	}
	seed := int64(100)
	for _, o := range ops {
		for _, bc := range broadcasts {
			for _, opset := range o.opsets {
				seed++
				// Symbolic dims that match take the static path; a
				// symbol that is 1 only at run time needs run-time axes.
				// Before opset 13 (no axes input) a Where on the run-time
				// size replaces the computed axes.
				runtimeAxes := bc.name == "runtime" || bc.name == "runtime-rank"
				marker := "NonZero"
				if opset < 13 {
					marker = "Where"
				}
				c := opCase{
					after: func(t *testing.T, g *graphedit.Graph) {
						if got := countOps(g, marker) > 0; got != runtimeAxes {
							t.Errorf("run-time broadcast undo (%s) emitted: %v, want %v", marker, got, runtimeAxes)
						}
					},
					name:  fmt.Sprintf("%s/opset%d/%s", o.op, opset, bc.name),
					opset: opset,
					f32:   o.f32,
					ins:   []in{{"a", bc.adims, bc.ashape, o.a, 0}, {"b", bc.bdims, bc.bshape, o.b, 0}},
					wrt:   []string{"a", "b"},
					build: binary(o.op),
				}
				t.Run(c.name, func(t *testing.T) { c.run(t, seed) })
			}
		}
	}
}

func TestElementwiseUnary(t *testing.T) {
	cases := []struct {
		op   string
		draw gen
		f32  bool
	}{
		{"Neg", normal, false},
		{"Identity", normal, false},
		{"Sqrt", positive, false},
		{"Reciprocal", awayZero, false},
		{"Exp", normal, false},
		{"Log", positive, false},
		{"Tanh", normal, false},
		{"Sigmoid", normal, false},
		{"Relu", awayZero, false},
		{"Abs", awayZero, false},
		{"Erf", normal, true},
	}
	for k, uc := range cases {
		c := opCase{
			name:  uc.op,
			opset: 13,
			f32:   uc.f32,
			ins:   []in{{"x", []any{"n", 3, 4}, []int64{2, 3, 4}, uc.draw, 0}},
			wrt:   []string{"x"},
			build: unaryOp(uc.op),
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(200+k)) })
	}
}
