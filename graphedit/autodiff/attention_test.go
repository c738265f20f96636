package autodiff_test

import (
	"math/rand"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio/onnxpb"
)

// com.microsoft MultiHeadAttention has float32 kernels only.
func TestMultiHeadAttention(t *testing.T) {
	const B, S, L, N, H = 2, 3, 4, 2, 3
	D := N * H
	cases := []struct {
		name                   string
		bias, mask, ab, causal bool
		scale                  float32
		selfAttn               bool
	}{
		{name: "plain"},
		{name: "bias", bias: true},
		{name: "mask+bias", bias: true, mask: true},
		{name: "attention-bias", ab: true, scale: 0.3},
		{name: "causal-self", bias: true, causal: true, selfAttn: true},
	}
	for k, mc := range cases {
		lk := L
		if mc.selfAttn {
			lk = S
		}
		ins := []in{
			{"q", []any{"b", "s", D}, []int64{B, S, int64(D)}, normal, 0},
			{"k", []any{"b", "l", D}, []int64{B, int64(lk), int64(D)}, normal, 0},
			{"v", []any{"b", "l", D}, []int64{B, int64(lk), int64(D)}, normal, 0},
		}
		wrt := []string{"q", "k", "v"}
		if mc.bias {
			ins = append(ins, in{"bias", []any{3 * D}, []int64{int64(3 * D)}, normal, 0})
			wrt = append(wrt, "bias")
		}
		if mc.mask {
			// Mostly ones, a few zeros.
			ins = append(ins, in{"mask", []any{"b", "l"}, []int64{B, int64(lk)}, func(r *rand.Rand) float64 {
				if r.Intn(4) == 0 {
					return 0
				}
				return 1
			}, onnxpb.TensorProto_INT32})
		}
		if mc.ab {
			ins = append(ins, in{"ab", []any{1, N, "s", "l"}, []int64{1, N, S, int64(lk)}, normal, 0})
			wrt = append(wrt, "ab")
		}
		mc := mc
		c := opCase{
			name:    mc.name,
			opset:   17,
			f32:     true,
			domains: map[string]int64{"com.microsoft": 1},
			ins:     ins,
			wrt:     wrt,
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				args := []any{x["q"], x["k"], x["v"], x["bias"], x["mask"], x["ab"]}
				// Trailing absent inputs are dropped.
				for len(args) > 3 && args[len(args)-1].(*graphedit.Value) == nil {
					args = args[:len(args)-1]
				}
				args = append(args, ia("num_heads", N))
				if mc.causal {
					args = append(args, ia("unidirectional", 1))
				}
				if mc.scale != 0 {
					args = append(args, fa("scale", mc.scale))
				}
				return b.OpN("com.microsoft", "MultiHeadAttention", 1, args...)
			},
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(4000+k)) })
	}
}

// A KV cache on the path is refused with a clear error.
func TestMultiHeadAttentionPastRefused(t *testing.T) {
	b := graphedit.NewBuilder(17).Opset("com.microsoft", 1)
	q := b.Input("q", onnxpb.TensorProto_FLOAT, 1, 2, 4)
	pk := b.Input("past_key", onnxpb.TensorProto_FLOAT, 1, 2, 3, 2)
	pv := b.Input("past_value", onnxpb.TensorProto_FLOAT, 1, 2, 3, 2)
	var none *graphedit.Value
	out := b.OpN("com.microsoft", "MultiHeadAttention", 3, q, q, q, none, none, none, pk, pv, ia("num_heads", 2))
	loss := b.Op("ReduceSum", out[0], ia("keepdims", 0))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	_, err = autodiff.Build(g, loss, []*graphedit.Value{q}, nil)
	if err == nil || !strings.Contains(err.Error(), "KV cache") || !strings.Contains(err.Error(), "MultiHeadAttention") {
		t.Errorf("Build through MultiHeadAttention with a cache: %v", err)
	}
}
