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
		bnsh, past             bool
	}{
		{name: "plain"},
		{name: "bias", bias: true},
		{name: "mask+bias", bias: true, mask: true},
		{name: "attention-bias", ab: true, scale: 0.3},
		{name: "causal-self", bias: true, causal: true, selfAttn: true},
		{name: "bnsh-key-value", bnsh: true, mask: true},
		{name: "cache", bias: true, past: true},
		{name: "cache-causal-self", bias: true, past: true, causal: true, selfAttn: true},
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
		if mc.bnsh {
			ins[1] = in{"k", []any{"b", N, "l", H}, []int64{B, N, int64(lk), H}, normal, 0}
			ins[2] = in{"v", []any{"b", N, "l", H}, []int64{B, N, int64(lk), H}, normal, 0}
		}
		wrt := []string{"q", "k", "v"}
		const P = 2 // cached positions
		total := int64(lk)
		if mc.past {
			ins = append(ins, in{"pk", []any{"b", N, "p", H}, []int64{B, N, P, H}, normal, 0},
				in{"pv", []any{"b", N, "p", H}, []int64{B, N, P, H}, normal, 0})
			wrt = append(wrt, "pk", "pv")
			total += P
		}
		if mc.bias {
			ins = append(ins, in{"bias", []any{3 * D}, []int64{int64(3 * D)}, normal, 0})
			wrt = append(wrt, "bias")
		}
		if mc.mask {
			// Mostly ones, a few zeros.
			ins = append(ins, in{"mask", []any{"b", "t"}, []int64{B, total}, func(r *rand.Rand) float64 {
				if r.Intn(4) == 0 {
					return 0
				}
				return 1
			}, onnxpb.TensorProto_INT32})
		}
		if mc.ab {
			ins = append(ins, in{"ab", []any{1, N, "s", "t"}, []int64{1, N, S, total}, normal, 0})
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
				args := []any{x["q"], x["k"], x["v"], x["bias"], x["mask"], x["ab"], x["pk"], x["pv"]}
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
				nOut := 1
				if mc.past {
					nOut = 3 // present_key, present_value
				}
				return b.OpN("com.microsoft", "MultiHeadAttention", nOut, args...)[:1]
			},
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(4000+k)) })
	}
}

// Packed QKV (no key input) is refused with a clear error.
func TestMultiHeadAttentionPackedRefused(t *testing.T) {
	b := graphedit.NewBuilder(17).Opset("com.microsoft", 1)
	qkv := b.Input("qkv", onnxpb.TensorProto_FLOAT, 1, 2, 2, 3, 2)
	out := b.OpN("com.microsoft", "MultiHeadAttention", 1, qkv, ia("num_heads", 2))
	loss := b.Op("ReduceSum", out[0], ia("keepdims", 0))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	_, err = autodiff.Build(g, loss, []*graphedit.Value{qkv}, nil)
	if err == nil || !strings.Contains(err.Error(), "packed QKV") || !strings.Contains(err.Error(), "MultiHeadAttention") {
		t.Errorf("Build through packed MultiHeadAttention: %v", err)
	}
}
