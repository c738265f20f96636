package heads_test

import (
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// countOps counts the nodes of each op type in a graph and its subgraphs.
func countOps(g *onnxpb.GraphProto, into map[string]int) {
	for _, n := range g.GetNode() {
		into[n.GetOpType()]++
		for _, a := range n.GetAttribute() {
			if a.GetG() != nil {
				countOps(a.GetG(), into)
			}
			for _, sg := range a.GetGraphs() {
				countOps(sg, into)
			}
		}
	}
}

// literalTargetAttention builds one self-attention block in the form of
// the reference model's export: x [batch, seq, H·dh]; the split and merge
// Reshape targets are Concat(Unsqueeze(Gather(Shape(x))) for batch and
// seq, then literal H and dh, or literal H·dh). When zeroOut is set the
// output projection's rows of the heads not in keep are zero, which is
// what removing those heads computes.
func literalTargetAttention(t *testing.T, H, dh int64, keep []bool, zeroOut bool, seed uint64) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	D := H * dh
	mat := func(name string, rows, cols int64) *onnxpb.TensorProto {
		v := make([]float32, rows*cols)
		for i := range v {
			v[i] = float32(rng.NormFloat64() * 0.3)
		}
		return &onnxpb.TensorProto{Name: proto.String(name), Dims: []int64{rows, cols},
			DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT)), FloatData: v}
	}
	vec := func(name string, n int64) *onnxpb.TensorProto {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(rng.NormFloat64() * 0.1)
		}
		return &onnxpb.TensorProto{Name: proto.String(name), Dims: []int64{n},
			DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT)), FloatData: v}
	}
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", "seq", D)
	ax0 := b.Int64("ax0", []int64{1}, []int64{0})
	dim := func(i int64) *graphedit.Value {
		sh := b.Op("Shape", x)
		idx := b.Int64("idx"+itoa(int(i))+"_"+itoa(rng.IntN(1<<30)), nil, []int64{i})
		return b.Op("Unsqueeze", b.Op("Gather", sh, idx, graphedit.IntAttr("axis", 0)), ax0)
	}
	lit := func(name string, v int64) *graphedit.Value { return b.Int64(name, []int64{1}, []int64{v}) }
	split := func(v *graphedit.Value, name string) *graphedit.Value {
		tgt := b.Op("Concat", dim(0), dim(1), lit(name+"_H", H), lit(name+"_dh", dh), graphedit.IntAttr("axis", 0))
		return b.Op("Transpose", b.Op("Reshape", v, tgt), graphedit.IntsAttr("perm", 0, 2, 1, 3))
	}
	proj := func(name string) *graphedit.Value {
		return b.Op("Add", b.Op("MatMul", x, b.Tensor(mat(name+"_w", D, D))), b.Tensor(vec(name+"_b", D)))
	}
	q := b.Op("Mul", proj("q"), b.Float32("scale", nil, []float32{float32(1 / float64(dh))}))
	qh, kh, vh := split(q, "q"), split(proj("k"), "k"), split(proj("v"), "v")
	kt := b.Op("Transpose", kh, graphedit.IntsAttr("perm", 0, 1, 3, 2))
	p := b.Op("Softmax", b.Op("MatMul", qh, kt), graphedit.IntAttr("axis", -1))
	ctx := b.Op("Transpose", b.Op("MatMul", p, vh), graphedit.IntsAttr("perm", 0, 2, 1, 3))
	merged := b.Op("Reshape", ctx, b.Op("Concat", dim(0), dim(1), lit("D", D), graphedit.IntAttr("axis", 0)))
	ow := mat("o_w", D, D)
	if zeroOut {
		for h := int64(0); h < H; h++ {
			if keep[h] {
				continue
			}
			for r := h * dh; r < (h+1)*dh; r++ {
				for c := int64(0); c < D; c++ {
					ow.FloatData[r*D+c] = 0
				}
			}
		}
	}
	y := b.Op("Add", b.Op("MatMul", merged, b.Tensor(ow)), b.Tensor(vec("o_b", D)))
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

// TestSurgeryRescalesLiteralTargetPieces is the regression test for the
// pruned reference decoder: Reshape targets built by a Concat of
// Shape-derived dims and literal H, dh (or H·dh) used to be rescaled as a
// whole by Mul and Div nodes, which kept ONNX Runtime from folding and
// merging their Shape nodes (384 nodes after its optimizations against
// 228 for the dense decoder). Surgery must instead give the Reshape a
// Concat with the literal rescaled: no Mul or Div node is added, every
// split/merge target is still a Concat, and the pruned block computes
// what the original computes with the removed heads' output rows zeroed.
func TestSurgeryRescalesLiteralTargetPieces(t *testing.T) {
	const (
		H, dh = 4, 8
		seed  = 41
		tol   = 1e-5
	)
	keep := []bool{false, true, false, true}
	orig := literalTargetAttention(t, H, dh, keep, false, seed)
	m := &onnxpb.ModelProto{}
	if err := proto.Unmarshal(orig, m); err != nil {
		t.Fatal(err)
	}
	g, err := graphedit.FromProto(m.GetGraph(), m.GetOpsetImport(), nil)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 || blocks[0].NumHeads != H {
		t.Fatalf("found %d blocks, want one of %d heads", len(blocks), H)
	}
	before := map[string]int{}
	countOps(m.GetGraph(), before)
	if _, err := heads.RemoveHeads(g, blocks, heads.Decision{blocks[0].Name(): keep}); err != nil {
		t.Fatal(err)
	}
	pm := g.ModelProto(m)
	after := map[string]int{}
	countOps(pm.GetGraph(), after)
	for _, op := range []string{"Mul", "Div"} {
		if after[op] > before[op] {
			t.Errorf("%s nodes: %d before pruning, %d after", op, before[op], after[op])
		}
	}
	prod := map[string]string{}
	for _, n := range pm.GetGraph().GetNode() {
		for _, o := range n.GetOutput() {
			prod[o] = n.GetOpType()
		}
	}
	for _, n := range pm.GetGraph().GetNode() {
		if n.GetOpType() == "Reshape" && prod[n.GetInput()[1]] != "Concat" {
			t.Errorf("Reshape %q: target %q is made by %q, want a Concat", n.GetName(), n.GetInput()[1], prod[n.GetInput()[1]])
		}
	}

	pruned, err := proto.Marshal(pm)
	if err != nil {
		t.Fatal(err)
	}
	want := graphtest.NewSession(t, literalTargetAttention(t, H, dh, keep, true, seed), graphtest.ExactOpts)
	got := graphtest.NewSession(t, pruned, graphtest.ExactOpts)
	rng := rand.New(rand.NewPCG(seed, 9))
	for _, sz := range [][2]int64{{1, 3}, {2, 5}} {
		xs := make([]float32, sz[0]*sz[1]*H*dh)
		for i := range xs {
			xs[i] = float32(rng.NormFloat64())
		}
		feeds := map[string]*ortrun.Tensor{"x": ortrun.NewF32([]int64{sz[0], sz[1], H * dh}, xs)}
		a, err := want.Run(feeds, graphtest.OutputNames(want))
		if err != nil {
			t.Fatal(err)
		}
		c, err := got.Run(feeds, graphtest.OutputNames(got))
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range a {
			d, err := maxAbsDiff(v, c[name])
			if err != nil {
				t.Fatalf("size %v: output %q: %v", sz, name, err)
			}
			if d > tol {
				t.Errorf("size %v: output %q differs by %g", sz, name, d)
			}
		}
	}
}
