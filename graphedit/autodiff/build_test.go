package autodiff_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/graphedit/autodiff/gradcheck"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

func randF32(rng *rand.Rand, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(rng.NormFloat64())
	}
	return out
}

// mlp builds loss = Σ ((relu(x·W1) · gate) · W2) with W1, W2 initializers
// and x, gate graph inputs.
func mlp(t *testing.T, seed int64) (*graphedit.Graph, *graphedit.Value) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "b", 4)
	gate := b.Input("gate", onnxpb.TensorProto_FLOAT, 1)
	w1 := b.Float32("W1", []int64{4, 6}, randF32(rng, 24))
	w2 := b.Float32("W2", []int64{6, 3}, randF32(rng, 18))
	h := b.Op("Relu", b.Op("MatMul", x, w1))
	y := b.Op("MatMul", b.Op("Mul", h, gate), w2)
	loss := b.Op("ReduceSum", y, ia("keepdims", 0))
	b.Output(loss)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	return g, loss
}

// newNodes returns the nodes Build added (names start with the prefix).
func newNodes(g *graphedit.Graph, prefix string) []*graphedit.Node {
	var out []*graphedit.Node
	for _, n := range g.Nodes() {
		if strings.HasPrefix(n.Name(), prefix) {
			out = append(out, n)
		}
	}
	return out
}

func reads(n *graphedit.Node, v *graphedit.Value) bool {
	for _, x := range n.Inputs() {
		if x == v {
			return true
		}
	}
	return false
}

// Only the nodes a requested gradient needs are emitted: with the gate
// alone, nothing computes dW1 or dW2 (no new node reads W1 or x, and W2 is
// read once, for dY·W2ᵀ); asking for W2 too adds its product.
func TestOnlyRequestedGradients(t *testing.T) {
	cases := []struct {
		wrt      []string
		products int // MatMul/Gemm nodes emitted
	}{
		{wrt: []string{"gate"}, products: 1},
		{wrt: []string{"gate", "W2"}, products: 2},
		{wrt: []string{"W1"}, products: 2},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.wrt, "+"), func(t *testing.T) {
			g, loss := mlp(t, 1)
			before := g.NumNodes()
			var wrt []*graphedit.Value
			for _, name := range c.wrt {
				wrt = append(wrt, g.Value(name))
			}
			grads, err := autodiff.Build(g, loss, wrt, nil)
			if err != nil {
				t.Fatal(err)
			}
			added := newNodes(g, autodiff.DefaultPrefix)
			if len(added) != g.NumNodes()-before {
				t.Errorf("%d nodes added, %d named with the prefix", g.NumNodes()-before, len(added))
			}
			products := 0
			for _, n := range added {
				if n.OpType() == "MatMul" || n.OpType() == "Gemm" {
					products++
				}
				if !contains(c.wrt, "W1") && (reads(n, g.Value("W1")) || reads(n, g.Value("x"))) {
					t.Errorf("node %s reads W1 or x, which no requested gradient needs", n)
				}
			}
			if products != c.products {
				t.Errorf("%d MatMul/Gemm nodes emitted, want %d", products, c.products)
			}
			for _, name := range c.wrt {
				gv := grads[name]
				if gv == nil || gv.Name() != "grad/"+name || !gv.IsGraphOutput() {
					t.Errorf("gradient of %s: %v, want graph output grad/%s", name, gv, name)
				}
			}
		})
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// Three contributions to one gradient (x·x reads x twice, exp(x) once) are
// summed by one Sum node, and the sum is right.
func TestContributionsSummedOnce(t *testing.T) {
	b := graphedit.NewBuilder(13)
	x := b.Input("x", onnxpb.TensorProto_DOUBLE, 2, 3)
	y := b.Op("Add", b.Op("Mul", x, x), b.Op("Exp", x))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(3))
	xs := make([]float64, 6)
	for i := range xs {
		xs[i] = rng.NormFloat64()
	}
	feeds := map[string]*ortrun.Tensor{"x": ortrun.NewF64([]int64{2, 3}, xs)}
	loss, err := gradcheck.ProjectionLoss(g, []*graphedit.Value{y}, feeds, 4)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gradcheck.Check(g, nil, loss, []string{"x"}, feeds, gradcheck.Options{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if !res[0].OK() {
		t.Errorf("%v", res[0])
	}
	var sums []*graphedit.Node
	for _, n := range newNodes(g, autodiff.DefaultPrefix) {
		if n.OpType() == "Sum" {
			sums = append(sums, n)
		}
	}
	if len(sums) != 1 || sums[0].NumInputs() != 3 {
		t.Fatalf("want one Sum node with 3 inputs, got %d (%v)", len(sums), sums)
	}
}

func TestUnsupportedOpOnPath(t *testing.T) {
	b := graphedit.NewBuilder(13)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, 3)
	w := b.Input("w", onnxpb.TensorProto_FLOAT, 3)
	s, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	_ = s
	node, err := s.AddNode(graphedit.NodeSpec{Name: "the_sine", OpType: "Sin", Inputs: []*graphedit.Value{x}, Outputs: []string{"sin_x"}})
	if err != nil {
		t.Fatal(err)
	}
	y := b.Op("Mul", node.Output(0), w)
	loss := b.Op("ReduceSum", y, ia("keepdims", 0))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	before, outs := g.NumNodes(), len(g.Outputs())

	// Through x, the Sin node is on the path: an error naming it.
	_, err = autodiff.Build(g, loss, []*graphedit.Value{x}, nil)
	if err == nil {
		t.Fatal("Build through Sin succeeded")
	}
	for _, want := range []string{"Sin", "the_sine", `"x"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
	if g.NumNodes() != before || len(g.Outputs()) != outs {
		t.Errorf("failed Build changed the graph: %d→%d nodes, %d→%d outputs", before, g.NumNodes(), outs, len(g.Outputs()))
	}
	// Through w, Sin is off the path: fine.
	if _, err := autodiff.Build(g, loss, []*graphedit.Value{w}, nil); err != nil {
		t.Errorf("Build w.r.t. w: %v", err)
	}
}

// Fused attention without a rule, or in a form its rule refuses, is an
// error naming the op, the node and the requested value.
func TestFusedAttentionRefused(t *testing.T) {
	cases := []struct {
		name, op string
		mask     bool
		want     []string
	}{
		{"no rule", "DecoderMaskedMultiHeadAttention", false, []string{"com.microsoft:DecoderMaskedMultiHeadAttention", "no backward rule", `"w"`}},
		{"mask_index", "Attention", true, []string{"Attention", "mask_index", "the_attention", `"w"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := graphedit.NewBuilder(17).Opset("com.microsoft", 1)
			x := b.Input("x", onnxpb.TensorProto_FLOAT, 1, 4, 8)
			w := b.Input("w", onnxpb.TensorProto_FLOAT, 8, 24)
			bias := b.Input("bias", onnxpb.TensorProto_FLOAT, 24)
			ins := []*graphedit.Value{x, w, bias}
			if c.mask {
				ins = append(ins, b.Input("mask", onnxpb.TensorProto_INT32, 1, 4))
			}
			g, err := b.Graph()
			if err != nil {
				t.Fatal(err)
			}
			n, err := g.AddNode(graphedit.NodeSpec{Name: "the_attention", OpType: c.op, Domain: "com.microsoft", Inputs: ins,
				Outputs: []string{"att"}, Attrs: []*onnxpb.AttributeProto{ia("num_heads", 2)}})
			if err != nil {
				t.Fatal(err)
			}
			loss := b.Op("ReduceSum", n.Output(0), ia("keepdims", 0))
			if _, err := b.Graph(); err != nil {
				t.Fatal(err)
			}
			before, outs := g.NumNodes(), len(g.Outputs())
			_, err = autodiff.Build(g, loss, []*graphedit.Value{w}, nil)
			if err == nil {
				t.Fatal("Build succeeded")
			}
			if g.NumNodes() != before || len(g.Outputs()) != outs || len(newNodes(g, autodiff.DefaultPrefix)) != 0 {
				t.Errorf("failed Build left changes: %d→%d nodes, %d→%d outputs", before, g.NumNodes(), outs, len(g.Outputs()))
			}
			for _, want := range c.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not name %s", err, want)
				}
			}
		})
	}
}

// Integer and index inputs carry no gradient by design: a graph whose only
// link from the requested value to the loss runs through Gather's indices
// (or a Shape) gives a zero gradient, not an error.
func TestNoGradientByDesign(t *testing.T) {
	b := graphedit.NewBuilder(13)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, 2, 3)
	table := b.Input("table", onnxpb.TensorProto_FLOAT, 4, 3)
	shapeDim := b.Op("Gather", b.Op("Shape", x), constI64(b, "one", 1), ia("axis", 0))
	rows := b.Op("Gather", table, shapeDim, ia("axis", 0)) // row 3 of table, index from x's shape
	loss := b.Op("ReduceSum", rows, ia("keepdims", 0))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	grads, err := autodiff.Build(g, loss, []*graphedit.Value{x, table}, nil)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ortrun.NewSessionFromBytes(bs, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rng := rand.New(rand.NewSource(6))
	out, err := s.Run(map[string]*ortrun.Tensor{
		"x":     ortrun.NewF32([]int64{2, 3}, randF32(rng, 6)),
		"table": ortrun.NewF32([]int64{4, 3}, randF32(rng, 12)),
	}, []string{grads["x"].Name(), grads["table"].Name()})
	if err != nil {
		t.Fatal(err)
	}
	gx, gt := out[grads["x"].Name()], out[grads["table"].Name()]
	if len(gx.F32) != 6 {
		t.Fatalf("grad x has shape %v", gx.Shape)
	}
	for _, v := range gx.F32 {
		if v != 0 {
			t.Errorf("grad x = %v, want zeros", gx.F32)
			break
		}
	}
	// d/dtable: ones in row 3 (the gathered row), zeros elsewhere.
	for i, v := range gt.F32 {
		want := float32(0)
		if i/3 == 3 {
			want = 1
		}
		if v != want {
			t.Errorf("grad table[%d] = %v, want %v", i, v, want)
		}
	}
}

// A requested initializer becomes an overridable input: the session runs
// without feeding it (stored default) and with a new value fed by name.
func TestRequestedInitializerBecomesInput(t *testing.T) {
	g, loss := mlp(t, 7)
	w2 := g.Value("W2")
	grads, err := autodiff.Build(g, loss, []*graphedit.Value{w2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !w2.IsGraphInput() || !w2.IsInitializer() {
		t.Fatalf("W2: graph input %v, initializer %v; want both", w2.IsGraphInput(), w2.IsInitializer())
	}
	if g.Value("W1").IsGraphInput() {
		t.Error("W1, not requested, became a graph input")
	}
	bs, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ortrun.NewSessionFromBytes(bs, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rng := rand.New(rand.NewSource(8))
	feeds := map[string]*ortrun.Tensor{
		"x":    ortrun.NewF32([]int64{2, 4}, randF32(rng, 8)),
		"gate": ortrun.NewF32([]int64{1}, []float32{1}),
	}
	a, err := s.Run(feeds, []string{loss.Name(), grads["W2"].Name()})
	if err != nil {
		t.Fatal(err)
	}
	feeds["W2"] = ortrun.NewF32([]int64{6, 3}, make([]float32, 18))
	z, err := s.Run(feeds, []string{loss.Name()})
	if err != nil {
		t.Fatal(err)
	}
	if a[loss.Name()].F32[0] == 0 || z[loss.Name()].F32[0] != 0 {
		t.Errorf("loss with stored W2 %v, with W2 = 0 fed %v; want nonzero and zero", a[loss.Name()].F32, z[loss.Name()].F32)
	}
}

func TestIntegerRequestRefused(t *testing.T) {
	b := graphedit.NewBuilder(13)
	ids := b.Input("ids", onnxpb.TensorProto_INT64, 2)
	table := b.Input("table", onnxpb.TensorProto_FLOAT, 4, 3)
	loss := b.Op("ReduceSum", b.Op("Gather", table, ids), ia("keepdims", 0))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	_, err = autodiff.Build(g, loss, []*graphedit.Value{ids}, nil)
	if err == nil || !strings.Contains(err.Error(), `"ids"`) || !strings.Contains(err.Error(), "INT64") {
		t.Errorf("gradient of an int64 input: %v", err)
	}
}

// TestQuantizerOnPathRefused: a QuantizeLinear/DequantizeLinear pair (static
// QDQ) between the requested value and the loss carries the float values
// on as integers but no gradient: Build fails naming the QuantizeLinear and
// saying why, rather than returning a gradient cut at the integers.
func TestQuantizerOnPathRefused(t *testing.T) {
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, 2, 3)
	gate := b.Input("gate", onnxpb.TensorProto_FLOAT, 3)
	scale := scalarF(b, "scale", true, 0.05)
	zp := b.Tensor(&onnxpb.TensorProto{Name: proto.String("zp"), DataType: proto.Int32(int32(onnxpb.TensorProto_INT8)), RawData: []byte{0}})
	gated := b.Op("Mul", x, gate)
	q := b.Op("QuantizeLinear", gated, scale, zp)
	dq := b.Op("DequantizeLinear", q, scale, zp)
	loss := b.Op("ReduceSum", dq, ia("keepdims", 0))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	_, err = autodiff.Build(g, loss, []*graphedit.Value{gate}, nil)
	if err == nil {
		t.Fatal("Build through QuantizeLinear succeeded")
	}
	for _, want := range []string{"QuantizeLinear", `"gate"`, "integer quantization"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
}

// The input gradient of a product with a weight, dY·Wᵀ, reads W as it is
// stored, through Gemm's transB: no Transpose of the weight is emitted (ONNX
// Runtime would fold it into a second, transposed copy of the weight), for
// 2-D and for batched inputs with symbolic dims (TestMatMul checks the
// values of both).
func TestWeightInputGradTransposesInPlace(t *testing.T) {
	for _, dims := range [][]any{{"b", 4}, {"b", "t", 4}} {
		t.Run(fmt.Sprint(dims), func(t *testing.T) {
			b := graphedit.NewBuilder(17)
			x := b.Input("x", onnxpb.TensorProto_FLOAT, dims...)
			gate := b.Input("gate", onnxpb.TensorProto_FLOAT, 1)
			w := b.Float32("W", []int64{4, 3}, randF32(rand.New(rand.NewSource(1)), 12))
			loss := b.Op("ReduceSum", b.Op("MatMul", b.Op("Mul", x, gate), w), ia("keepdims", 0))
			b.Output(loss)
			g, err := b.Graph()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := autodiff.Build(g, loss, []*graphedit.Value{g.Value("gate")}, nil); err != nil {
				t.Fatal(err)
			}
			readers := 0
			for _, n := range newNodes(g, autodiff.DefaultPrefix) {
				if n.OpType() == "Transpose" {
					t.Errorf("node %s transposes a tensor", n)
				}
				if reads(n, g.Value("W")) {
					readers++
					if n.OpType() != "Gemm" || n.AttrInt("transB", 0) != 1 || n.Input(1) != g.Value("W") {
						t.Errorf("W is read by %s (%s), want a Gemm with transB=1 taking it as B", n, n.OpType())
					}
				}
			}
			if readers != 1 {
				t.Errorf("W is read by %d new nodes, want 1", readers)
			}
		})
	}
}
