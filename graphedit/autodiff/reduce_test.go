package autodiff_test

import (
	"fmt"
	"testing"

	"onnxprune/graphedit"
)

func TestReduce(t *testing.T) {
	type rc struct {
		op       string
		opset    int64
		axes     []int64 // nil: no axes (reduce all)
		keepdims int64
		asInput  bool
	}
	var cases []rc
	for _, op := range []string{"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin"} {
		inputFrom := int64(18)
		if op == "ReduceSum" {
			inputFrom = 13
		}
		for _, axes := range [][]int64{{-1}, {0, 2}, {1}, nil} {
			for _, kd := range []int64{0, 1} {
				cases = append(cases, rc{op, inputFrom - 1, axes, kd, false})
				cases = append(cases, rc{op, inputFrom, axes, kd, true})
			}
		}
	}
	for k, r := range cases {
		r := r
		c := opCase{
			name:  fmt.Sprintf("%s/opset%d/axes%v/keepdims%d", r.op, r.opset, r.axes, r.keepdims),
			opset: r.opset,
			ins:   []in{{"x", []any{"b", 3, 4}, []int64{2, 3, 4}, normal, 0}},
			wrt:   []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				args := []any{x["x"]}
				if r.axes != nil {
					if r.asInput {
						args = append(args, constI64(b, "axes", r.axes...))
					} else {
						args = append(args, ias("axes", r.axes...))
					}
				}
				args = append(args, ia("keepdims", r.keepdims))
				return []*graphedit.Value{b.Op(r.op, args...)}
			},
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(800+k)) })
	}
	// Axes computed at run time (not a constant), keepdims=0.
	c := opCase{
		name:  "ReduceSum/runtime-axes",
		opset: 13,
		ins:   []in{{"x", []any{"b", 3, 4}, []int64{2, 3, 4}, normal, 0}},
		wrt:   []string{"x"},
		build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
			axes := b.Op("Sub", b.Op("Shape", b.Op("Shape", x["x"])), constI64(b, "two", 2)) // [rank-2] = [1]
			return []*graphedit.Value{b.Op("ReduceSum", x["x"], axes, ia("keepdims", 0))}
		},
	}
	t.Run(c.name, func(t *testing.T) { c.run(t, 899) })
}
