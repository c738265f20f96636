package autodiff_test

import (
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio/onnxpb"
)

// Conv gradients of the input, weight and bias, 1-D and 2-D, with strides
// (and sizes a stride does not divide), pads, dilations and groups, on
// symbolic batch and length. ONNX Runtime's CPU provider has no float64
// Conv or ConvTranspose kernel, so these run in float32 (extrapolated
// differences, float32 tolerance).
func TestConv(t *testing.T) {
	cases := []struct {
		name  string
		x, w  []int64
		xdims []any
		attrs []*onnxpb.AttributeProto
		bias  bool
	}{
		{"1d", []int64{2, 3, 7}, []int64{4, 3, 3}, []any{"n", 3, "t"}, nil, true},
		{"1d-whisper-stride2", []int64{2, 4, 8}, []int64{4, 4, 3}, []any{"n", 4, "t"}, []*onnxpb.AttributeProto{ias("strides", 2), ias("pads", 1, 1)}, true},
		{"1d-stride2-odd", []int64{1, 2, 9}, []int64{3, 2, 3}, []any{"n", 2, "t"}, []*onnxpb.AttributeProto{ias("strides", 2), ias("pads", 1, 0)}, false},
		{"1d-dilation-groups", []int64{2, 4, 9}, []int64{6, 2, 2}, []any{"n", 4, "t"}, []*onnxpb.AttributeProto{ias("dilations", 3), ia("group", 2), ias("pads", 2, 1)}, true},
		{"2d", []int64{2, 2, 5, 4}, []int64{3, 2, 2, 3}, []any{"n", 2, "h", "w"}, []*onnxpb.AttributeProto{ias("pads", 1, 0, 0, 1)}, true},
		{"2d-stride-dilation-groups", []int64{1, 4, 7, 6}, []int64{4, 1, 3, 2}, []any{"n", 4, 7, 6}, []*onnxpb.AttributeProto{ias("strides", 2, 1), ias("dilations", 1, 2), ia("group", 4), ias("pads", 1, 1, 0, 1)}, true},
	}
	for k, tc := range cases {
		ins := []in{{"x", tc.xdims, tc.x, normal, 0}, {"w", []any{tc.w[0], tc.w[1], tc.w[2]}, tc.w, normal, 0}}
		if len(tc.w) == 4 {
			ins[1].dims = append(ins[1].dims, tc.w[3])
		}
		wrt := []string{"x", "w"}
		if tc.bias {
			ins = append(ins, in{"b", []any{tc.w[0]}, []int64{tc.w[0]}, normal, 0})
			wrt = append(wrt, "b")
		}
		attrs := tc.attrs
		c := opCase{
			name: tc.name, opset: 18, f32: true, ins: ins, wrt: wrt,
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				args := []any{x["x"], x["w"]}
				if x["b"] != nil {
					args = append(args, x["b"])
				}
				for _, a := range attrs {
					args = append(args, a)
				}
				return []*graphedit.Value{b.Op("Conv", args...)}
			},
		}
		seed := int64(4100 + k)
		t.Run(tc.name, func(t *testing.T) { c.run(t, seed) })
	}
}

// auto_pad SAME_* is refused with an error naming the node.
func TestConvAutoPadRefused(t *testing.T) {
	b := graphedit.NewBuilder(18)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, 1, 2, 5)
	w := b.Float32("w", []int64{2, 2, 3}, make([]float32, 12))
	y := b.Op("ReduceSum", b.Op("Conv", x, w, graphedit.StringAttr("auto_pad", "SAME_UPPER")), graphedit.IntAttr("keepdims", 0))
	b.Output(y)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	_ = g.InferShapes()
	_, err = autodiff.Build(g, y, []*graphedit.Value{x}, nil)
	if err == nil || !strings.Contains(err.Error(), "auto_pad SAME_UPPER is not supported") || !strings.Contains(err.Error(), "Conv") {
		t.Fatalf("error %v, want auto_pad SAME_UPPER refused", err)
	}
}
