package heads_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// fsmtAttention builds one self-attention block as FSMT's export has it:
// scores of [B·H, T, S] from bmm, viewed as [B, H, T, S] for an additive
// mask, viewed back, viewed again for a padding Where(mask, min, scores)
// and back, then Softmax: seven ops between Q·Kᵀ and the Softmax. With
// transposed, the scores are transposed twice on the way, which the scores
// walk does not follow.
func fsmtAttention(t *testing.T, H, dh int64, seed uint64, transposed bool) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	D := H * dh
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", "seq", D)
	pad := b.Input("pad", onnxpb.TensorProto_BOOL, "batch", "seq")
	bias := b.Input("attn_bias", onnxpb.TensorProto_FLOAT, 1, 1, "seq", "seq")
	mat := func(name string, n int64, shape ...int64) *graphedit.Value {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(rng.NormFloat64() * 0.3)
		}
		return b.Float32(name, shape, v)
	}
	ax0 := b.Int64("ax0", []int64{1}, []int64{0})
	dim := func(i int64) *graphedit.Value {
		idx := b.Int64(b.Op("Shape", x).Name()+"_i", nil, []int64{i})
		return b.Op("Unsqueeze", b.Op("Gather", b.Op("Shape", x), idx, graphedit.IntAttr("axis", 0)), ax0)
	}
	lit := func(name string, v int64) *graphedit.Value { return b.Int64(name, []int64{1}, []int64{v}) }
	cat := func(vs ...*graphedit.Value) *graphedit.Value {
		args := make([]any, 0, len(vs)+1)
		for _, v := range vs {
			args = append(args, v)
		}
		return b.Op("Concat", append(args, graphedit.IntAttr("axis", 0))...)
	}
	proj := func(name string) *graphedit.Value {
		return b.Op("Add", b.Op("MatMul", x, mat(name+"_w", D*D, D, D)), mat(name+"_b", D, D))
	}
	// [B,S,D] -> [B,S,H,dh] -> [B,H,S,dh] -> [B*H,S,dh]
	split := func(v *graphedit.Value, name string) *graphedit.Value {
		v = b.Op("Reshape", v, cat(dim(0), dim(1), lit(name+"_H", H), lit(name+"_dh", dh)))
		v = b.Op("Transpose", v, graphedit.IntsAttr("perm", 0, 2, 1, 3))
		return b.Op("Reshape", v, cat(lit(name+"_m1", -1), dim(1), lit(name+"_dh2", dh)))
	}
	q, k, v := split(proj("q"), "q"), split(proj("k"), "k"), split(proj("v"), "v")
	s := b.Op("MatMul", q, b.Op("Transpose", k, graphedit.IntsAttr("perm", 0, 2, 1)))
	four := func(v *graphedit.Value, name string) *graphedit.Value {
		return b.Op("Reshape", v, cat(dim(0), lit(name, H), dim(1), dim(1)))
	}
	three := func(v *graphedit.Value, name string) *graphedit.Value {
		return b.Op("Reshape", v, cat(lit(name, -1), dim(1), dim(1)))
	}
	s = three(b.Op("Add", four(s, "v1"), bias), "v2")
	if transposed {
		s = b.Op("Transpose", b.Op("Transpose", s, graphedit.IntsAttr("perm", 0, 2, 1)), graphedit.IntsAttr("perm", 0, 2, 1))
	}
	padMask := b.Op("Unsqueeze", pad, b.Int64("ax12", []int64{2}, []int64{1, 2}))
	s = three(b.Op("Where", padMask, b.Float32("min", nil, []float32{-1e9}), four(s, "v3")), "v4")
	p := b.Op("Softmax", s, graphedit.IntAttr("axis", -1))
	ctx := b.Op("Reshape", b.Op("MatMul", p, v), cat(dim(0), lit("c_H", H), dim(1), lit("c_dh", dh)))
	merged := b.Op("Reshape", b.Op("Transpose", ctx, graphedit.IntsAttr("perm", 0, 2, 1, 3)), cat(dim(0), dim(1), lit("c_D", D)))
	y := b.Op("Add", b.Op("MatMul", merged, mat("o_w", D*D, D, D)), mat("o_b", D, D))
	b.Output(y)
	m, err := b.Model()
	if err != nil {
		t.Fatal(err)
	}
	out, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func graphOf(t *testing.T, model []byte) (*onnxpb.ModelProto, *graphedit.Graph) {
	t.Helper()
	m := &onnxpb.ModelProto{}
	if err := proto.Unmarshal(model, m); err != nil {
		t.Fatal(err)
	}
	g, err := graphedit.FromProto(m.GetGraph(), m.GetOpsetImport(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return m, g
}

// TestWhereBeforeSoftmax finds FSMT's attention, whose scores reach the
// Softmax through seven ops including a padding Where (the walk used to
// stop after six and drop the block silently), and checks the surgery
// oracle on it with padded rows: pruning equals gating with 0/1 gates.
func TestWhereBeforeSoftmax(t *testing.T) {
	const (
		H, dh = 4, 2
		seed  = 5
	)
	_, g := graphOf(t, fsmtAttention(t, H, dh, seed, false))
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 || blocks[0].NumHeads != H || blocks[0].HeadDim != dh {
		t.Fatalf("found %d blocks, want one of %d heads of %d", len(blocks), H, dh)
	}
	if n := len(blocks[0].HeadOperands); n != 0 {
		t.Errorf("%d head operands, want none: the bias and the padding mask broadcast over the heads", n)
	}
	build := func() []byte { return fsmtAttention(t, H, dh, seed, false) }
	oracleOnModel(t, build, map[string][]bool{blocks[0].Name(): {true, false, false, true}}, func(rng *rand.Rand, B, S int64) map[string]*ortrun.Tensor {
		pads := make([]bool, B*S)
		pads[B*S-1], pads[B*S-2] = true, true // the last row ends in two pads
		return map[string]*ortrun.Tensor{
			"x":         randF32(rng, B, S, H*dh),
			"pad":       ortrun.NewBool([]int64{B, S}, pads),
			"attn_bias": randF32(rng, 1, 1, S, S),
		}
	})
}

// randF32 is a normal random float tensor of the given shape.
func randF32(rng *rand.Rand, shape ...int64) *ortrun.Tensor {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(rng.NormFloat64())
	}
	return ortrun.NewF32(shape, v)
}

// oracleOnModel checks the surgery oracle on a built model: build makes
// it (twice: one copy is gated, one pruned), keep gives the heads kept
// per block, feeds the inputs for a batch and length; outputs of the
// pruned model equal the gated model's with 0/1 gates. Inputs and outputs
// that carry heads (caches) are fed and compared without the removed ones.
func oracleOnModel(t *testing.T, build func() []byte, keep map[string][]bool, feeds func(rng *rand.Rand, B, S int64) map[string]*ortrun.Tensor) {
	t.Helper()
	m, g := graphOf(t, build())
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	_, gg := graphOf(t, build())
	gblocks, err := heads.FindHeads(gg)
	if err != nil {
		t.Fatal(err)
	}
	gates, err := heads.InsertGates(gg, gblocks, nil)
	if err != nil {
		t.Fatal(err)
	}
	kept := headsAxes(blocks, keep)
	if _, err := heads.RemoveHeads(g, blocks, keep); err != nil {
		t.Fatal(err)
	}
	gated := graphtest.NewSession(t, mustMarshal(t, gg.ModelProto(m)), graphtest.ExactOpts)
	pruned := graphtest.NewSession(t, mustMarshal(t, g.ModelProto(m)), graphtest.ExactOpts)
	rng := rand.New(rand.NewPCG(3, 11))
	for _, sz := range [][2]int64{{1, 3}, {3, 5}} {
		in := feeds(rng, sz[0], sz[1])
		pin := map[string]*ortrun.Tensor{}
		for name, v := range in {
			pin[name] = kept.take(name, v)
		}
		got, err := pruned.Run(pin, graphtest.OutputNames(pruned))
		if err != nil {
			t.Fatal(err)
		}
		for _, gt := range gates {
			vals := make([]float32, gt.Heads)
			for h := range vals {
				if k, ok := keep[gt.Block]; !ok || k[h] {
					vals[h] = 1
				}
			}
			in[gt.Name] = ortrun.NewF32([]int64{int64(gt.Heads)}, vals)
		}
		want, err := gated.Run(in, graphtest.OutputNames(pruned))
		if err != nil {
			t.Fatal(err)
		}
		for name, w := range want {
			d, err := maxAbsDiff(got[name], kept.take(name, w))
			if err != nil || d > oracleTol {
				t.Errorf("size %v: output %q differs by %g (%v)", sz, name, d, err)
			}
		}
	}
}

// TestSoftmaxNotUnderstoodIsReported: a Softmax over Q·Kᵀ that the scores
// walk cannot follow (here through two Transposes) is reported by Discover
// and fails FindHeads, naming the Softmax; it is never skipped.
func TestSoftmaxNotUnderstoodIsReported(t *testing.T) {
	_, g := graphOf(t, fsmtAttention(t, 2, 2, 7, true))
	d, err := heads.Discover(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Blocks) != 0 || len(d.NotUnderstood) != 1 {
		t.Fatalf("Discover: %d blocks, %d not understood; want 0 and 1", len(d.Blocks), len(d.NotUnderstood))
	}
	nu := d.NotUnderstood[0]
	if !strings.HasPrefix(nu.Softmax, "Softmax") || !strings.Contains(nu.Missing, "MatMul") {
		t.Errorf("not understood: %+v", nu)
	}
	if _, err := heads.FindHeads(g); err == nil || !strings.Contains(err.Error(), nu.Softmax) {
		t.Errorf("FindHeads: err = %v, want one naming %s", err, nu.Softmax)
	}
}

func mustMarshal(t *testing.T, m *onnxpb.ModelProto) []byte {
	t.Helper()
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
