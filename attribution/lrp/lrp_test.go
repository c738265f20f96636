package lrp

import (
	"math"
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// relTol bounds the relative difference of float32 relevance sums from the
// target (sums of a few hundred products of numbers of order one).
const relTol = 1e-4

func randVals(r *rand.Rand, n int, scale float64) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(r.NormFloat64() * scale)
	}
	return v
}

// run builds the LRP signals of target with respect to wrt and runs the
// graph on ONNX Runtime, returning every output.
func run(t *testing.T, b *graphedit.Builder, target *graphedit.Value, wrt []string, feeds map[string]*ortrun.Tensor, rules *autodiff.Registry) map[string]*ortrun.Tensor {
	t.Helper()
	b.Output(target)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	var vs []*graphedit.Value
	for _, n := range wrt {
		vs = append(vs, g.Value(n))
	}
	target = g.Value(target.Name())
	if _, err := autodiff.Build(g, target, vs, &autodiff.Options{Rules: rules}); err != nil {
		t.Fatal(err)
	}
	data, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ortrun.NewSessionFromBytes(data, ortrun.Options{IntraOpThreads: 1, Name: t.Name()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	out, err := s.Run(feeds, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLinearClosedForm: on y = (x·W1 ⊙ g)·W2 the relevance of the top-1
// output is x_i·(W1·diag(g)·W2)[i, j*] for the inputs and
// (x·W1)_k·g_k·W2[k, j*] for the gates.
func TestLinearClosedForm(t *testing.T) {
	const D, K, V = 5, 6, 7
	r := rand.New(rand.NewPCG(1, 2))
	w1, w2 := randVals(r, D*K, 1), randVals(r, K*V, 1)
	x, gate := randVals(r, D, 1), randVals(r, K, 1)
	b := graphedit.NewBuilder(17)
	xv := b.Input("x", onnxpb.TensorProto_FLOAT, 1, D)
	gv := b.Input("g", onnxpb.TensorProto_FLOAT, K)
	h := b.Op("MatMul", xv, b.Float32("W1", []int64{D, K}, w1))
	y := b.Op("MatMul", b.Op("Mul", h, gv), b.Float32("W2", []int64{K, V}, w2))
	top := b.Op("ReduceMax", y, graphedit.IntsAttr("axes", -1), graphedit.IntAttr("keepdims", 0))
	target := b.Op("ReduceSum", top, graphedit.IntAttr("keepdims", 0))
	out := run(t, b, target, []string{"x", "g"}, map[string]*ortrun.Tensor{
		"x": ortrun.NewF32([]int64{1, D}, x), "g": ortrun.NewF32([]int64{K}, gate),
	}, Rules())
	// Closed form in float64.
	hk := make([]float64, K)
	for k := range K {
		for i := range D {
			hk[k] += float64(x[i]) * float64(w1[i*K+k])
		}
	}
	yv := make([]float64, V)
	for j := range V {
		for k := range K {
			yv[j] += hk[k] * float64(gate[k]) * float64(w2[k*V+j])
		}
	}
	js := 0
	for j := range V {
		if yv[j] > yv[js] {
			js = j
		}
	}
	var sum float64
	for i := range D {
		var m float64
		for k := range K {
			m += float64(w1[i*K+k]) * float64(gate[k]) * float64(w2[k*V+js])
		}
		want := float64(x[i]) * m
		got := float64(x[i]) * float64(out["grad/x"].F32[i])
		sum += got
		if math.Abs(got-want) > relTol*(1+math.Abs(want)) {
			t.Errorf("R(x_%d) = %g, closed form %g", i, got, want)
		}
	}
	for k := range K {
		want := hk[k] * float64(gate[k]) * float64(w2[k*V+js])
		got := float64(gate[k]) * float64(out["grad/g"].F32[k])
		if math.Abs(got-want) > relTol*(1+math.Abs(want)) {
			t.Errorf("R(g_%d) = %g, closed form %g", k, got, want)
		}
	}
	if math.Abs(sum-yv[js]) > relTol*(1+math.Abs(yv[js])) {
		t.Errorf("ΣR(x) = %g, top-1 output %g", sum, yv[js])
	}
}

// TestConservation: a bias-free attention layer with a residual, a layer
// norm (β = 0), a Gelu feed-forward written out as x·Φ(x) and a Gelu op
// conserves relevance: Σ x·∂̃R/∂x equals the target. The plain gradient
// (DefaultRules) does not, which shows the rules matter.
func TestConservation(t *testing.T) {
	const T, D, F, V = 4, 8, 12, 9
	r := rand.New(rand.NewPCG(3, 4))
	build := func() (*graphedit.Builder, *graphedit.Value) {
		b := graphedit.NewBuilder(20)
		x := b.Input("x", onnxpb.TensorProto_FLOAT, T, D)
		w := func(name string, m, n int) *graphedit.Value {
			rr := rand.New(rand.NewPCG(uint64(len(name)*31+m), uint64(n)))
			return b.Float32(name, []int64{int64(m), int64(n)}, randVals(rr, m*n, 1/math.Sqrt(float64(m))))
		}
		q := b.Op("MatMul", x, w("Wq", D, D))
		k := b.Op("MatMul", x, w("Wkk", D, D))
		v := b.Op("MatMul", x, w("Wvvv", D, D))
		s := b.Op("Div", b.Op("MatMul", q, b.Op("Transpose", k, graphedit.IntsAttr("perm", 1, 0))), b.Float32("scale", nil, []float32{float32(math.Sqrt(D))}))
		a := b.Op("Softmax", s, graphedit.IntAttr("axis", -1))
		h := b.Op("Add", x, b.Op("MatMul", b.Op("MatMul", a, v), w("Wo", D, D)))
		ones := make([]float32, D)
		for i := range ones {
			ones[i] = 1 + 0.1*float32(i)
		}
		ln := b.Op("LayerNormalization", h, b.Float32("gamma", []int64{D}, ones), graphedit.IntAttr("axis", -1))
		f := b.Op("MatMul", ln, w("W1", D, F))
		half := b.Float32("half", nil, []float32{0.5})
		one := b.Float32("one", nil, []float32{1})
		rt2 := b.Float32("rt2", nil, []float32{float32(math.Sqrt2)})
		gelu := b.Op("Mul", f, b.Op("Mul", half, b.Op("Add", one, b.Op("Erf", b.Op("Div", f, rt2)))))
		f2 := b.Op("Gelu", b.Op("MatMul", gelu, w("W2", F, D)))
		y := b.Op("MatMul", b.Op("Add", ln, f2), w("Wout", D, V))
		top := b.Op("ReduceMax", y, b.Int64("ax", []int64{1}, []int64{-1}), graphedit.IntAttr("keepdims", 0))
		return b, b.Op("ReduceSum", top, graphedit.IntAttr("keepdims", 0))
	}
	x := randVals(r, T*D, 1)
	feeds := map[string]*ortrun.Tensor{"x": ortrun.NewF32([]int64{T, D}, x)}
	relSum := func(rules *autodiff.Registry) (sum, want float64) {
		b, target := build()
		out := run(t, b, target, []string{"x"}, feeds, rules)
		for i, g := range out["grad/x"].F32 {
			sum += float64(x[i]) * float64(g)
		}
		return sum, float64(out[target.Name()].F32[0])
	}
	sum, want := relSum(Rules())
	if math.Abs(sum-want) > relTol*(1+math.Abs(want)) {
		t.Errorf("ΣR(x) = %g, target %g (ratio %g)", sum, want, sum/want)
	}
	plain, _ := relSum(autodiff.DefaultRules())
	if math.Abs(plain-want) < 100*relTol*(1+math.Abs(want)) {
		t.Errorf("plain gradient × input also conserves (%g vs %g): the test cannot tell the rules apart", plain, want)
	}
	t.Logf("target %g, ΣR(x) %g with LRP rules, %g with plain gradients", want, sum, plain)
}
