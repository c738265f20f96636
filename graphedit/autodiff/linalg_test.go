package autodiff_test

import (
	"fmt"
	"testing"

	"onnxprune/graphedit"
)

func TestMatMul(t *testing.T) {
	cases := []struct {
		name         string
		adims, bdims []any
		ashape       []int64
		bshape       []int64
	}{
		{"2d", []any{3, 4}, []any{4, 5}, []int64{3, 4}, []int64{4, 5}},
		{"batched-weight", []any{2, 3, 4}, []any{4, 5}, []int64{2, 3, 4}, []int64{4, 5}},
		{"symbolic-weight", []any{"b", "t", 4}, []any{4, 5}, []int64{2, 3, 4}, []int64{4, 5}},
		{"broadcast-a", []any{3, 4}, []any{2, 4, 5}, []int64{3, 4}, []int64{2, 4, 5}},
		{"broadcast-both", []any{2, 1, 3, 4}, []any{5, 4, 2}, []int64{2, 1, 3, 4}, []int64{5, 4, 2}},
		{"batched-both", []any{"b", 2, 3, 4}, []any{"b", 2, 4, 3}, []int64{2, 2, 3, 4}, []int64{2, 2, 4, 3}},
		{"runtime-broadcast", []any{"b", 3, 4}, []any{"c", 4, 2}, []int64{2, 3, 4}, []int64{1, 4, 2}},
		{"vec-mat", []any{4}, []any{2, 4, 5}, []int64{4}, []int64{2, 4, 5}},
		{"mat-vec", []any{2, 3, 4}, []any{4}, []int64{2, 3, 4}, []int64{4}},
		{"dot", []any{4}, []any{4}, []int64{4}, []int64{4}},
	}
	for k, mc := range cases {
		c := opCase{
			name:  mc.name,
			opset: 13,
			ins:   []in{{"a", mc.adims, mc.ashape, normal, 0}, {"b", mc.bdims, mc.bshape, normal, 0}},
			wrt:   []string{"a", "b"},
			build: binary("MatMul"),
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(300+k)) })
	}
}

func TestGemm(t *testing.T) {
	k := 0
	for _, ta := range []int64{0, 1} {
		for _, tb := range []int64{0, 1} {
			for _, cdims := range [][]any{{5}, {3, 5}, {1, 1}} {
				ashape := []int64{3, 4}
				if ta == 1 {
					ashape = []int64{4, 3}
				}
				bshape := []int64{4, 5}
				if tb == 1 {
					bshape = []int64{5, 4}
				}
				cshape := make([]int64, len(cdims))
				for i, d := range cdims {
					cshape[i] = int64(d.(int))
				}
				c := opCase{
					name:  fmt.Sprintf("transA=%d,transB=%d,C%v", ta, tb, cshape),
					opset: 13,
					ins: []in{
						{"a", []any{int(ashape[0]), int(ashape[1])}, ashape, normal, 0},
						{"b", []any{int(bshape[0]), int(bshape[1])}, bshape, normal, 0},
						{"c", cdims, cshape, normal, 0},
					},
					wrt: []string{"a", "b", "c"},
					build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
						return []*graphedit.Value{b.Op("Gemm", x["a"], x["b"], x["c"],
							ia("transA", ta), ia("transB", tb), fa("alpha", 0.7), fa("beta", 1.3))}
					},
				}
				k++
				seed := int64(400 + k)
				t.Run(c.name, func(t *testing.T) { c.run(t, seed) })
			}
		}
	}
}
