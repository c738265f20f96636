package autodiff_test

import (
	"fmt"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

func TestShapeOps(t *testing.T) {
	x234 := []in{{"x", []any{"b", 3, 4}, []int64{2, 3, 4}, normal, 0}}
	cases := []opCase{
		{name: "Reshape", opset: 13, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Reshape", x["x"], constI64(b, "s", 0, -1, 2))}
			}},
		{name: "Reshape/from-shape", opset: 13, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				s := b.Op("Concat", b.Op("Slice", b.Op("Shape", x["x"]), constI64(b, "z", 0), constI64(b, "o", 1)), constI64(b, "r", 12), ia("axis", 0))
				return []*graphedit.Value{b.Op("Reshape", x["x"], s)}
			}},
		{name: "Flatten", opset: 13, ins: x234, wrt: []string{"x"}, build: unaryOp("Flatten", ia("axis", 2))},
		{name: "Transpose", opset: 13, ins: x234, wrt: []string{"x"}, build: unaryOp("Transpose", ias("perm", 1, 2, 0))},
		{name: "Transpose/default", opset: 13, ins: x234, wrt: []string{"x"}, build: unaryOp("Transpose")},
		{name: "Unsqueeze/11", opset: 11, ins: x234, wrt: []string{"x"}, build: unaryOp("Unsqueeze", ias("axes", 0, -1))},
		{name: "Unsqueeze/13", opset: 13, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Unsqueeze", x["x"], constI64(b, "a", 1))}
			}},
		{name: "Squeeze/11", opset: 11, ins: []in{{"x", []any{"b", 1, 4}, []int64{2, 1, 4}, normal, 0}}, wrt: []string{"x"},
			build: unaryOp("Squeeze", ias("axes", 1))},
		{name: "Squeeze/13", opset: 13, ins: []in{{"x", []any{"b", 1, 4}, []int64{2, 1, 4}, normal, 0}}, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Squeeze", x["x"], constI64(b, "a", -2))}
			}},
		{name: "Expand", opset: 13, ins: []in{{"x", []any{3, 1}, []int64{3, 1}, normal, 0}}, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Expand", x["x"], constI64(b, "s", 2, 3, 4))}
			}},
		{name: "Expand/runtime", opset: 13, ins: []in{{"x", []any{"m", 1}, []int64{3, 1}, normal, 0}, {"y", []any{"n", "m", 4}, []int64{2, 3, 4}, normal, 0}},
			wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Expand", x["x"], b.Op("Shape", x["y"]))}
			}},
		{name: "Concat", opset: 13, ins: []in{{"a", []any{2, 3}, []int64{2, 3}, normal, 0}, {"c", []any{2, 1}, []int64{2, 1}, normal, 0}, {"d", []any{2, 2}, []int64{2, 2}, normal, 0}},
			wrt: []string{"a", "d"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Concat", x["a"], x["c"], x["d"], ia("axis", -1))}
			}},
		{name: "Concat/symbolic", opset: 13, ins: []in{{"a", []any{"n", 3}, []int64{2, 3}, normal, 0}, {"c", []any{"m", 3}, []int64{4, 3}, normal, 0}},
			wrt: []string{"a", "c"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Concat", x["a"], x["c"], ia("axis", 0))}
			}},
		{name: "Concat/same-input", opset: 13, ins: []in{{"a", []any{"n", 3}, []int64{2, 3}, normal, 0}},
			wrt: []string{"a"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Concat", x["a"], x["a"], ia("axis", 1))}
			}},
		{name: "Split/11", opset: 11, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				outs := b.OpN("", "Split", 2, x["x"], ia("axis", 2), ias("split", 1, 3))
				return outs
			}},
		{name: "Split/13-one-output-used", opset: 13, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				outs := b.OpN("", "Split", 3, x["x"], constI64(b, "sp", 1, 1, 1), ia("axis", 1))
				return outs[1:2]
			}},
		{name: "Split/18-equal", opset: 18, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return b.OpN("", "Split", 2, x["x"], ia("axis", -1), ia("num_outputs", 2))
			}},
		{name: "Slice", opset: 13, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Slice", x["x"], constI64(b, "s", 1, -1), constI64(b, "e", 3, -100), constI64(b, "a", 1, 2), constI64(b, "st", 1, -2))}
			}},
		// float32 → float64 → float32: the check runs at float32 precision.
		{name: "Cast", opset: 13, f32: true, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				f := b.Op("Cast", x["x"], ia("to", int64(onnxpb.TensorProto_DOUBLE)))
				return []*graphedit.Value{b.Op("Cast", b.Op("Mul", f, f), ia("to", int64(onnxpb.TensorProto_FLOAT)))}
			}},
		{name: "Dropout/inference", opset: 13, ins: x234, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return b.OpN("", "Dropout", 1, x["x"])
			}},
		{name: "Where", opset: 13, ins: []in{{"c", []any{3, 1}, []int64{3, 1}, normal, onnxpb.TensorProto_BOOL}, {"a", []any{"b", 3, 4}, []int64{2, 3, 4}, normal, 0}, {"d", []any{4}, []int64{4}, normal, 0}},
			wrt: []string{"a", "d"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Where", x["c"], x["a"], x["d"])}
			}},
		{name: "Sum", opset: 13, ins: []in{{"a", []any{2, 3}, []int64{2, 3}, normal, 0}, {"c", []any{3}, []int64{3}, normal, 0}, {"d", []any{2, 1}, []int64{2, 1}, normal, 0}},
			wrt: []string{"a", "c", "d"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Sum", x["a"], x["c"], x["d"])}
			}},
		{name: "Mean", opset: 13, f32: true, ins: []in{{"a", []any{2, 3}, []int64{2, 3}, normal, 0}, {"c", []any{3}, []int64{3}, normal, 0}},
			wrt: []string{"a", "c"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Mean", x["a"], x["c"])}
			}},
		{name: "Clip", opset: 13, ins: []in{{"x", []any{3, 4}, []int64{3, 4}, awayZero, 0}}, wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("Clip", x["x"], scalarF(b, "lo", false, -1.0), scalarF(b, "hi", false, 1.0))}
			}},
		{name: "Trilu", opset: 14, ins: []in{{"x", []any{"b", 3, 4}, []int64{2, 3, 4}, normal, 0}}, wrt: []string{"x"},
			build: unaryOp("Trilu", ia("upper", 0))},
	}
	for k, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(900+k)) })
	}
}

func TestGather(t *testing.T) {
	k := 0
	for _, opset := range []int64{13, 16} {
		for _, gc := range []struct {
			name   string
			axis   int64
			idims  []any
			ishape []int64
		}{
			{"axis0", 0, []any{"b", "t"}, []int64{2, 5}},
			{"axis0-scalar-index", 0, []any{}, nil},
			{"axis1", 1, []any{"t"}, []int64{5}},
			{"axis-1", -1, []any{2, 2}, []int64{2, 2}},
		} {
			k++
			gc := gc
			// Indices repeat (5 draws from 4 rows) and may be negative.
			c := opCase{
				name:  fmt.Sprintf("opset%d/%s", opset, gc.name),
				opset: opset,
				ins: []in{{"x", []any{4, 3}, []int64{4, 3}, normal, 0},
					{"i", gc.idims, gc.ishape, ints(-3, 3), onnxpb.TensorProto_INT64}},
				wrt: []string{"x"},
				build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
					return []*graphedit.Value{b.Op("Gather", x["x"], x["i"], ia("axis", gc.axis))}
				},
			}
			seed := int64(1000 + k)
			t.Run(c.name, func(t *testing.T) { c.run(t, seed) })
		}
		k++
		c := opCase{
			name:  fmt.Sprintf("opset%d/GatherElements", opset),
			opset: opset,
			ins: []in{{"x", []any{4, 3}, []int64{4, 3}, normal, 0},
				{"i", []any{5, 3}, []int64{5, 3}, ints(0, 4), onnxpb.TensorProto_INT64}},
			wrt: []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return []*graphedit.Value{b.Op("GatherElements", x["x"], x["i"], ia("axis", 0))}
			},
		}
		seed := int64(1000 + k)
		t.Run(c.name, func(t *testing.T) { c.run(t, seed) })
	}
}
