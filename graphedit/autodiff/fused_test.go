package autodiff_test

import (
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// The com.microsoft fused ops have float32 kernels only.
func TestFusedOps(t *testing.T) {
	const B, S, D, N = 2, 3, 8, 2
	ms := map[string]int64{"com.microsoft": 1}
	cases := []opCase{
		{name: "BiasGelu", ins: []in{{"x", []any{"b", "s", D}, []int64{B, S, D}, normal, 0}, {"bias", []any{D}, []int64{D}, normal, 0}},
			wrt: []string{"x", "bias"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return b.OpN("com.microsoft", "BiasGelu", 1, x["x"], x["bias"])
			}},
		{name: "SkipLayerNormalization", ins: []in{{"x", []any{"b", "s", D}, []int64{B, S, D}, normal, 0}, {"skip", []any{"b", "s", D}, []int64{B, S, D}, normal, 0},
			{"gamma", []any{D}, []int64{D}, normal, 0}, {"beta", []any{D}, []int64{D}, normal, 0}, {"bias", []any{D}, []int64{D}, normal, 0}},
			wrt: []string{"x", "skip", "gamma", "beta", "bias"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				// Both the normalized output and the residual sum feed the loss.
				outs := b.OpN("com.microsoft", "SkipLayerNormalization", 4, x["x"], x["skip"], x["gamma"], x["beta"], x["bias"], fa("epsilon", 1e-5))
				return []*graphedit.Value{outs[0], outs[3]}
			}},
		{name: "EmbedLayerNormalization", ins: []in{{"ids", []any{"b", "s"}, []int64{B, S}, ints(0, 5), onnxpb.TensorProto_INT32},
			{"word", []any{5, D}, []int64{5, D}, normal, 0}, {"pos", []any{6, D}, []int64{6, D}, normal, 0},
			{"gamma", []any{D}, []int64{D}, normal, 0}, {"beta", []any{D}, []int64{D}, normal, 0}},
			wrt: []string{"word", "pos", "gamma", "beta"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				var none *graphedit.Value
				outs := b.OpN("com.microsoft", "EmbedLayerNormalization", 3, x["ids"], none, x["word"], x["pos"], none, x["gamma"], x["beta"], fa("epsilon", 1e-5))
				return []*graphedit.Value{outs[0], outs[2]}
			}},
		{name: "Attention/causal", ins: []in{{"x", []any{"b", "s", D}, []int64{B, S, D}, normal, 0},
			{"w", []any{D, 3 * D}, []int64{D, 3 * D}, normal, 0}, {"bias", []any{3 * D}, []int64{3 * D}, normal, 0}},
			wrt: []string{"x", "w", "bias"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return b.OpN("com.microsoft", "Attention", 1, x["x"], x["w"], x["bias"], ia("num_heads", N), ia("unidirectional", 1))
			}},
		{name: "Attention/bias", ins: []in{{"x", []any{"b", "s", D}, []int64{B, S, D}, normal, 0},
			{"w", []any{D, 3 * D}, []int64{D, 3 * D}, normal, 0}, {"bias", []any{3 * D}, []int64{3 * D}, normal, 0},
			{"ab", []any{1, N, "s", "s"}, []int64{1, N, S, S}, normal, 0}},
			wrt: []string{"x", "w", "bias", "ab"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				var none *graphedit.Value
				return b.OpN("com.microsoft", "Attention", 1, x["x"], x["w"], x["bias"], none, none, x["ab"], ia("num_heads", N))
			}},
		{name: "MultiHeadAttention/bnsh-bias", ins: []in{{"q", []any{"b", "s", D}, []int64{B, S, D}, normal, 0},
			{"k", []any{"b", N, "l", D / N}, []int64{B, N, 4, D / N}, normal, 0}, {"v", []any{"b", N, "l", D / N}, []int64{B, N, 4, D / N}, normal, 0},
			{"bias", []any{3 * D}, []int64{3 * D}, normal, 0}},
			wrt: []string{"q", "k", "v", "bias"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				return b.OpN("com.microsoft", "MultiHeadAttention", 1, x["q"], x["k"], x["v"], x["bias"], ia("num_heads", N))
			}},
	}
	for k, c := range cases {
		c.opset, c.f32, c.domains = 17, true, ms
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(4100+k)) })
	}
}

func TestTile(t *testing.T) {
	c := opCase{name: "Tile", opset: 13, ins: []in{{"x", []any{"b", 3}, []int64{2, 3}, normal, 0}}, wrt: []string{"x"},
		build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
			return []*graphedit.Value{b.Op("Tile", x["x"], constI64(b, "reps", 3, 2))}
		}}
	c.run(t, 4200)
}
