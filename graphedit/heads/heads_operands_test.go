package heads_test

import (
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// attnBuilder builds small attention layers over x [batch, seq, H·dh] for
// the operand tests: weights are seeded normal draws.
type attnBuilder struct {
	b      *graphedit.Builder
	rng    *rand.Rand
	x      *graphedit.Value
	H, dh  int64
	ax0    *graphedit.Value
	nNames int
}

func newAttnBuilder(opset, H, dh int64, seed uint64) *attnBuilder {
	b := graphedit.NewBuilder(opset)
	a := &attnBuilder{b: b, rng: rand.New(rand.NewPCG(seed, 1)), H: H, dh: dh}
	a.x = b.Input("x", onnxpb.TensorProto_FLOAT, "batch", "seq", H*dh)
	a.ax0 = b.Int64("ax0", []int64{1}, []int64{0})
	return a
}

func (a *attnBuilder) name(p string) string {
	a.nNames++
	return p + "_" + itoa(a.nNames)
}

func (a *attnBuilder) mat(p string, shape ...int64) *graphedit.Value {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(a.rng.NormFloat64() * 0.3)
	}
	return a.b.Float32(a.name(p), shape, v)
}

func (a *attnBuilder) dim(i int64) *graphedit.Value {
	idx := a.b.Int64(a.name("i"), nil, []int64{i})
	return a.b.Op("Unsqueeze", a.b.Op("Gather", a.b.Op("Shape", a.x), idx, graphedit.IntAttr("axis", 0)), a.ax0)
}

func (a *attnBuilder) lit(v int64) *graphedit.Value {
	return a.b.Int64(a.name("c"), []int64{1}, []int64{v})
}

func (a *attnBuilder) cat(vs ...*graphedit.Value) *graphedit.Value {
	args := make([]any, 0, len(vs)+1)
	for _, v := range vs {
		args = append(args, v)
	}
	return a.b.Op("Concat", append(args, graphedit.IntAttr("axis", 0))...)
}

func (a *attnBuilder) model(t *testing.T, y *graphedit.Value) []byte {
	t.Helper()
	a.b.Output(y)
	m, err := a.b.Model()
	if err != nil {
		t.Fatal(err)
	}
	out, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// torchLayer is nn.MultiheadAttention's computation on in [B,S,D], heads
// folded into the batch ([B·H, S, dh]), with the key padding mask expanded
// over the heads and reshaped to [B·H, 1, S] (mask [B,1,1,S] float, added
// to the scores); qBias, when given, is the query bias read through an
// Identity (torch 1.13's deduplicated zero biases).
func (a *attnBuilder) torchLayer(in, mask, qBias *graphedit.Value) *graphedit.Value {
	b, H, dh := a.b, a.H, a.dh
	D := H * dh
	proj := func(bias *graphedit.Value) *graphedit.Value {
		if bias == nil {
			bias = a.mat("b", D)
		} else {
			bias = b.Op("Identity", bias)
		}
		return b.Op("Add", b.Op("MatMul", in, a.mat("w", D, D)), bias)
	}
	fold := func(v *graphedit.Value) *graphedit.Value {
		v = b.Op("Reshape", v, a.cat(a.dim(0), a.dim(1), a.lit(H), a.lit(dh)))
		v = b.Op("Transpose", v, graphedit.IntsAttr("perm", 0, 2, 1, 3))
		return b.Op("Reshape", v, a.cat(a.lit(-1), a.dim(1), a.lit(dh)))
	}
	q, k, v := fold(proj(qBias)), fold(proj(nil)), fold(proj(nil))
	s := b.Op("MatMul", q, b.Op("Transpose", k, graphedit.IntsAttr("perm", 0, 2, 1)))
	if mask != nil {
		m := b.Op("Expand", mask, a.cat(a.dim(0), a.lit(H), a.lit(1), a.dim(1)))
		m = b.Op("Reshape", m, a.cat(a.lit(-1), a.lit(1), a.dim(1)))
		s = b.Op("Add", s, m)
	}
	p := b.Op("Softmax", s, graphedit.IntAttr("axis", -1))
	ctx := b.Op("Reshape", b.Op("MatMul", p, v), a.cat(a.dim(0), a.lit(H), a.dim(1), a.lit(dh)))
	merged := b.Op("Reshape", b.Op("Transpose", ctx, graphedit.IntsAttr("perm", 0, 2, 1, 3)), a.cat(a.dim(0), a.dim(1), a.lit(D)))
	return b.Op("Add", b.Op("MatMul", merged, a.mat("o", D, D)), a.mat("ob", D))
}

// padMask is a float mask [B,1,1,S]: -1e9 at the last two positions of
// the last row, 0 elsewhere.
func padMask(B, S int64) *ortrun.Tensor {
	v := make([]float32, B*S)
	v[B*S-1], v[B*S-2] = -1e9, -1e9
	return ortrun.NewF32([]int64{B, 1, 1, S}, v)
}

// TestTorchKeyPaddingMask: torch's key padding mask, expanded over the
// heads and reshaped to [B·H, 1, S], is explained as shared by the heads
// (an Expand of a tensor without them, for this block alone), so surgery
// rescales the Expand's target and the Reshape after it; pruning equals
// gating.
func TestTorchKeyPaddingMask(t *testing.T) {
	const H, dh = 4, 2
	build := func() []byte {
		a := newAttnBuilder(17, H, dh, 21)
		mask := a.b.Input("mask", onnxpb.TensorProto_FLOAT, "batch", 1, 1, "seq")
		return a.model(t, a.torchLayer(a.x, mask, nil))
	}
	_, g := graphOf(t, build())
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 || len(blocks[0].HeadOperands) != 0 {
		t.Fatalf("want one block whose mask needs no selection, got %d blocks", len(blocks))
	}
	expands := 0
	for _, hc := range blocks[0].HeadConsts {
		if hc.What == "expand shape" {
			expands++
		}
	}
	if expands != 1 {
		t.Errorf("%d expand shapes among the head constants, want the mask's one", expands)
	}
	oracleOnModel(t, build, map[string][]bool{blocks[0].Name(): {false, true, true, false}}, func(rng *rand.Rand, B, S int64) map[string]*ortrun.Tensor {
		return map[string]*ortrun.Tensor{"x": randF32(rng, B, S, H*dh), "mask": padMask(B, S)}
	})
}

// TestSharedBiasCopied: two layers read one query bias initializer through
// Identity nodes (torch 1.13 stores equal zero biases once); each block is
// analysed along its own uses, and pruning different heads in the two gives
// the first its own sliced copy, after which the second is the bias's only
// reader and cuts it in place.
func TestSharedBiasCopied(t *testing.T) {
	const H, dh = 4, 2
	build := func() []byte {
		a := newAttnBuilder(17, H, dh, 23)
		shared := a.b.Float32("shared_zero_bias", []int64{H * dh}, make([]float32, H*dh))
		y := a.torchLayer(a.x, nil, shared)
		return a.model(t, a.torchLayer(y, nil, shared))
	}
	_, g := graphOf(t, build())
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 {
		t.Fatalf("%d blocks, want 2", len(blocks))
	}
	keep := map[string][]bool{blocks[0].Name(): {false, true, true, true}, blocks[1].Name(): {true, true, false, false}}
	rep, err := heads.RemoveHeads(g, blocks, keep)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Copies) != 1 {
		t.Errorf("copies %q, want one", rep.Copies)
	}
	if v := g.Value("shared_zero_bias"); v == nil || graphedit.ShapeString(v.Shape()) != "[4]" || v.NumUses() != 1 {
		t.Errorf("the shared bias after surgery: %v, want [4] read once (two heads of 2 kept in place)", v)
	}
	oracleOnModel(t, build, keep, func(rng *rand.Rand, B, S int64) map[string]*ortrun.Tensor {
		return map[string]*ortrun.Tensor{"x": randF32(rng, B, S, H*dh)}
	})
}

// TestNativeAttention3D: ONNX's Attention (opset 23) on 3-D Q, K, V takes
// its heads from q_num_heads/kv_num_heads; surgery rewrites them with the
// weights, and pruning equals gating.
func TestNativeAttention3D(t *testing.T) {
	const H, dh = 4, 2
	build := func() []byte {
		a := newAttnBuilder(23, H, dh, 29)
		D := int64(H * dh)
		proj := func() *graphedit.Value {
			return a.b.Op("Add", a.b.Op("MatMul", a.x, a.mat("w", D, D)), a.mat("b", D))
		}
		att := a.b.Op("Attention", proj(), proj(), proj(), graphedit.IntAttr("q_num_heads", H), graphedit.IntAttr("kv_num_heads", H))
		return a.model(t, a.b.Op("Add", a.b.Op("MatMul", att, a.mat("o", D, D)), a.mat("ob", D)))
	}
	_, g := graphOf(t, build())
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 || blocks[0].NumHeads != H || blocks[0].HeadDim != dh {
		t.Fatalf("want one block of %d heads of %d, got %d blocks", H, dh, len(blocks))
	}
	keep := map[string][]bool{blocks[0].Name(): {true, false, true, false}}
	oracleOnModel(t, build, keep, func(rng *rand.Rand, B, S int64) map[string]*ortrun.Tensor {
		return map[string]*ortrun.Tensor{"x": randF32(rng, B, S, H*dh)}
	})
	if _, err := heads.RemoveHeads(g, blocks, keep); err != nil {
		t.Fatal(err)
	}
	for _, n := range g.Nodes() {
		if n.OpType() == "Attention" && (n.AttrInt("q_num_heads", 0) != 2 || n.AttrInt("kv_num_heads", 0) != 2) {
			t.Errorf("%s keeps q_num_heads %d, kv_num_heads %d; want 2", n, n.AttrInt("q_num_heads", 0), n.AttrInt("kv_num_heads", 0))
		}
	}
}

// TestQuantizedContext: the heads' context [B,H,T,dh] goes through
// QuantizeLinear and DequantizeLinear with one scale per head (axis 1):
// the scales are per-head operands, read with the kept heads' entries, and
// pruning equals gating.
func TestQuantizedContext(t *testing.T) {
	const H, dh = 4, 2
	build := func() []byte {
		a := newAttnBuilder(17, H, dh, 31)
		b := a.b
		D := int64(H * dh)
		split := func() *graphedit.Value {
			p := b.Op("Add", b.Op("MatMul", a.x, a.mat("w", D, D)), a.mat("b", D))
			p = b.Op("Reshape", p, a.cat(a.dim(0), a.dim(1), a.lit(H), a.lit(dh)))
			return b.Op("Transpose", p, graphedit.IntsAttr("perm", 0, 2, 1, 3))
		}
		q, k, v := split(), split(), split()
		s := b.Op("MatMul", q, b.Op("Transpose", k, graphedit.IntsAttr("perm", 0, 1, 3, 2)))
		ctx := b.Op("MatMul", b.Op("Softmax", s, graphedit.IntAttr("axis", -1)), v)
		scale := b.Float32("ctx_scale", []int64{H}, []float32{0.01, 0.02, 0.015, 0.03})
		zero := b.Tensor(&onnxpb.TensorProto{Name: proto.String("ctx_zero"), Dims: []int64{H},
			DataType: proto.Int32(int32(onnxpb.TensorProto_UINT8)), RawData: []byte{128, 120, 130, 125}})
		axis := graphedit.IntAttr("axis", 1)
		ctx = b.Op("DequantizeLinear", b.Op("QuantizeLinear", ctx, scale, zero, axis), scale, zero, axis)
		merged := b.Op("Reshape", b.Op("Transpose", ctx, graphedit.IntsAttr("perm", 0, 2, 1, 3)), a.cat(a.dim(0), a.dim(1), a.lit(D)))
		return a.model(t, b.Op("Add", b.Op("MatMul", merged, a.mat("o", D, D)), a.mat("ob", D)))
	}
	_, g := graphOf(t, build())
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 || len(blocks[0].HeadOperands) != 4 {
		t.Fatalf("want one block whose four scale and zero-point operands carry heads, got %d blocks", len(blocks))
	}
	for _, op := range blocks[0].HeadOperands {
		if op.Class != heads.PerHeadOperand {
			t.Errorf("operand %d of %s classed %q, want per head", op.Input, op.Node, op.Class)
		}
	}
	oracleOnModel(t, build, map[string][]bool{blocks[0].Name(): {true, false, false, true}}, func(rng *rand.Rand, B, S int64) map[string]*ortrun.Tensor {
		return map[string]*ortrun.Tensor{"x": randF32(rng, B, S, H*dh)}
	})
}

// TestNativeAttentionCache: ONNX's Attention on 4-D Q/K/V with past keys
// and values read from graph inputs and present ones returned: the caches
// are re-declared with the kept heads, and the pruned model, fed the past
// without the removed heads, returns what the gated model returns for the
// kept heads.
func TestNativeAttentionCache(t *testing.T) {
	const H, dh = 4, 2
	build := func() []byte {
		a := newAttnBuilder(23, H, dh, 37)
		b := a.b
		D := int64(H * dh)
		pastK := b.Input("past_key", onnxpb.TensorProto_FLOAT, "batch", H, "past", dh)
		pastV := b.Input("past_value", onnxpb.TensorProto_FLOAT, "batch", H, "past", dh)
		split := func() *graphedit.Value {
			p := b.Op("Add", b.Op("MatMul", a.x, a.mat("w", D, D)), a.mat("b", D))
			p = b.Op("Reshape", p, a.cat(a.dim(0), a.dim(1), a.lit(H), a.lit(dh)))
			return b.Op("Transpose", p, graphedit.IntsAttr("perm", 0, 2, 1, 3))
		}
		outs := b.OpN("", "Attention", 3, split(), split(), split(), nil, pastK, pastV)
		merged := b.Op("Reshape", b.Op("Transpose", outs[0], graphedit.IntsAttr("perm", 0, 2, 1, 3)), a.cat(a.dim(0), a.dim(1), a.lit(D)))
		y := b.Op("Add", b.Op("MatMul", merged, a.mat("o", D, D)), a.mat("ob", D))
		b.Output(outs[1], outs[2])
		return a.model(t, y)
	}
	_, g := graphOf(t, build())
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 || blocks[0].NumHeads != H {
		t.Fatalf("want one block of %d heads, got %d blocks", H, len(blocks))
	}
	keep := []bool{false, true, true, false}
	kept := headsAxes(blocks, heads.Decision{blocks[0].Name(): keep})
	for _, name := range []string{"past_key", "past_value"} {
		if _, ok := kept[name]; !ok {
			t.Errorf("%s is not known to carry the heads", name)
		}
	}
	oracleOnModel(t, build, map[string][]bool{blocks[0].Name(): keep}, func(rng *rand.Rand, B, S int64) map[string]*ortrun.Tensor {
		return map[string]*ortrun.Tensor{"x": randF32(rng, B, S, H*dh), "past_key": randF32(rng, B, H, 2, dh), "past_value": randF32(rng, B, H, 2, dh)}
	})
}
