package autodiff_test

import (
	"math/rand"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// mostlyTrue draws bool mask entries true (attend) three times in four.
var mostlyTrue gen = func(r *rand.Rand) float64 {
	if r.Intn(4) == 0 {
		return -1
	}
	return 1
}

// ONNX Attention (opset 23) differentiated through its definition, against
// ONNX Runtime's own Attention kernel in float64: 4-D and 3-D Q/K/V, float
// and bool masks, is_causal with and without a KV cache, scale, softcap,
// a float mask with a cache. (is_causal with a float mask and a cache
// together does not load in ONNX Runtime 1.30 in float64: its Attention
// function body binds float and double to one Add.)
func TestONNXAttention(t *testing.T) {
	type tc struct {
		name  string
		ins   []in
		wrt   []string
		attrs []*onnxpb.AttributeProto
	}
	q4 := in{"q", []any{"b", 2, "s", 4}, []int64{2, 2, 3, 4}, normal, 0}
	k4 := in{"k", []any{"b", 2, "l", 4}, []int64{2, 2, 5, 4}, normal, 0}
	v4 := in{"v", []any{"b", 2, "l", 3}, []int64{2, 2, 5, 3}, normal, 0}
	self4 := func(name string) in { return in{name, []any{"b", 2, "s", 4}, []int64{2, 2, 3, 4}, normal, 0} }
	pastK := in{"past_key", []any{"b", 2, "p", 4}, []int64{2, 2, 2, 4}, normal, 0}
	pastV := in{"past_value", []any{"b", 2, "p", 4}, []int64{2, 2, 2, 4}, normal, 0}
	cases := []tc{
		{"4d", []in{q4, k4, v4}, []string{"q", "k", "v"}, nil},
		{"3d-heads", []in{
			{"q", []any{"b", "s", 8}, []int64{2, 3, 8}, normal, 0},
			{"k", []any{"b", "l", 8}, []int64{2, 5, 8}, normal, 0},
			{"v", []any{"b", "l", 6}, []int64{2, 5, 6}, normal, 0}},
			[]string{"q", "k", "v"}, []*onnxpb.AttributeProto{ia("q_num_heads", 2), ia("kv_num_heads", 2)}},
		{"float-mask", []in{q4, k4, v4, {"mask", []any{"b", 1, "s", "l"}, []int64{2, 1, 3, 5}, normal, 0}}, []string{"q", "k", "v", "mask"}, nil},
		{"bool-mask", []in{q4, k4, v4, {"mask", []any{"s", "l"}, []int64{3, 5}, mostlyTrue, onnxpb.TensorProto_BOOL}}, []string{"q", "k", "v"}, nil},
		{"causal-scale-softcap", []in{self4("q"), self4("k"), self4("v")}, []string{"q", "k", "v"}, []*onnxpb.AttributeProto{ia("is_causal", 1), fa("scale", 0.7), fa("softcap", 2.5)}},
		{"causal-past", []in{self4("q"), self4("k"), self4("v"), pastK, pastV}, []string{"q", "k", "v", "past_key", "past_value"}, []*onnxpb.AttributeProto{ia("is_causal", 1)}},
		{"mask-past", []in{self4("q"), self4("k"), self4("v"), {"mask", []any{"s", "t"}, []int64{3, 5}, normal, 0}, pastK, pastV}, []string{"q", "k", "v", "mask", "past_key", "past_value"}, nil},
	}
	for k, c := range cases {
		attrs := c.attrs
		oc := opCase{
			name: c.name, opset: 23, ins: c.ins, wrt: c.wrt,
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				args := []any{x["q"], x["k"], x["v"]}
				if x["mask"] != nil || x["past_key"] != nil {
					args = append(args, x["mask"])
				}
				if x["past_key"] != nil {
					args = append(args, x["past_key"], x["past_value"])
				}
				for _, a := range attrs {
					args = append(args, a)
				}
				return []*graphedit.Value{b.Op("Attention", args...)}
			},
		}
		seed := int64(4300 + k)
		t.Run(c.name, func(t *testing.T) { oc.run(t, seed) })
	}
}
