package autodiff_test

import (
	"math/rand"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff/gradcheck"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// gen draws one input element.
type gen func(r *rand.Rand) float64

var (
	normal gen = func(r *rand.Rand) float64 { return r.NormFloat64() }
	// positive values for Log, Sqrt, Pow bases and denominators.
	positive gen = func(r *rand.Rand) float64 { return 0.5 + 1.5*r.Float64() }
	// away from zero, for kinks at 0 (Relu, Abs).
	awayZero gen = func(r *rand.Rand) float64 {
		x := 0.3 + 1.7*r.Float64()
		if r.Intn(2) == 0 {
			return -x
		}
		return x
	}
)

// ints draws integers in [lo, hi).
func ints(lo, hi int) gen {
	return func(r *rand.Rand) float64 { return float64(lo + r.Intn(hi-lo)) }
}

// in declares one graph input: its declared dims (ints and symbols), the
// shape fed at run time, and how its elements are drawn. elem 0 means the
// case's float type.
type in struct {
	name  string
	dims  []any
	shape []int64
	draw  gen
	elem  onnxpb.TensorProto_DataType
}

// opCase is one gradient check: a small graph over declared inputs whose
// outputs are projected onto random directions to make a scalar loss.
type opCase struct {
	name  string
	opset int64
	f32   bool // no float64 kernel in ONNX Runtime's CPU provider
	ins   []in
	wrt   []string
	build func(b *graphedit.Builder, x map[string]*graphedit.Value) []*graphedit.Value
	// domains imports other opset domains (for example com.microsoft).
	domains map[string]int64
	// after, when set, inspects the graph once the gradients are built.
	after func(t *testing.T, g *graphedit.Graph)
}

func (c opCase) floatType() onnxpb.TensorProto_DataType {
	if c.f32 {
		return onnxpb.TensorProto_FLOAT
	}
	return onnxpb.TensorProto_DOUBLE
}

// run builds the case, checks its gradients and fails t on any error or a
// relative error over tolerance.
func (c opCase) run(t *testing.T, seed int64) {
	t.Helper()
	b := graphedit.NewBuilder(c.opset)
	for d, v := range c.domains {
		b.Opset(d, v)
	}
	rng := rand.New(rand.NewSource(seed))
	x := map[string]*graphedit.Value{}
	feeds := map[string]*ortrun.Tensor{}
	for _, i := range c.ins {
		elem := i.elem
		if elem == 0 {
			elem = c.floatType()
		}
		x[i.name] = b.Input(i.name, elem, i.dims...)
		n := 1
		for _, d := range i.shape {
			n *= int(d)
		}
		draw := i.draw
		if draw == nil {
			draw = normal
		}
		ft := &ortrun.Tensor{Shape: append([]int64{}, i.shape...)}
		switch elem {
		case onnxpb.TensorProto_DOUBLE:
			ft.F64 = make([]float64, n)
			for k := range ft.F64 {
				ft.F64[k] = draw(rng)
			}
		case onnxpb.TensorProto_FLOAT:
			ft.F32 = make([]float32, n)
			for k := range ft.F32 {
				ft.F32[k] = float32(draw(rng))
			}
		case onnxpb.TensorProto_INT64:
			ft.I64 = make([]int64, n)
			for k := range ft.I64 {
				ft.I64[k] = int64(draw(rng))
			}
		case onnxpb.TensorProto_INT32:
			ft.I32 = make([]int32, n)
			for k := range ft.I32 {
				ft.I32[k] = int32(draw(rng))
			}
		case onnxpb.TensorProto_BOOL:
			ft.Bool = make([]bool, n)
			for k := range ft.Bool {
				ft.Bool[k] = draw(rng) > 0
			}
		default:
			t.Fatalf("input %s: unsupported element type %s", i.name, elem)
		}
		feeds[i.name] = ft
	}
	outs := c.build(b, x)
	g, err := b.Graph()
	if err != nil {
		t.Fatalf("build graph: %v", err)
	}
	loss, err := gradcheck.ProjectionLoss(g, outs, feeds, seed+1)
	if err != nil {
		t.Fatalf("projection loss: %v", err)
	}
	res, err := gradcheck.Check(g, nil, loss, c.wrt, feeds, gradcheck.Options{Seed: seed})
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	for _, r := range res {
		if !r.OK() {
			t.Errorf("%v\n analytic %v\n numeric  %v", r, head(r.Analytic), head(r.Numeric))
		} else if testing.Verbose() {
			t.Logf("%v", r)
		}
	}
	if c.after != nil {
		c.after(t, g)
	}
}

// countOps counts the nodes Build added with the given op type.
func countOps(g *graphedit.Graph, opType string) int {
	n := 0
	for _, x := range newNodes(g, "grad/") {
		if x.OpType() == opType {
			n++
		}
	}
	return n
}

func head(xs []float64) []float64 {
	if len(xs) > 8 {
		return xs[:8]
	}
	return xs
}

// constI64 adds an int64 initializer.
func constI64(b *graphedit.Builder, name string, vals ...int64) *graphedit.Value {
	return b.Int64(name, []int64{int64(len(vals))}, vals)
}

// scalarF adds a rank-0 initializer of the case's float type.
func scalarF(b *graphedit.Builder, name string, f32 bool, v float64) *graphedit.Value {
	if f32 {
		return b.Float32(name, nil, []float32{float32(v)})
	}
	return b.Tensor(&onnxpb.TensorProto{Name: &name, DataType: int32Ptr(int32(onnxpb.TensorProto_DOUBLE)), DoubleData: []float64{v}})
}

func int32Ptr(v int32) *int32 { return &v }

func ia(name string, v int64) *onnxpb.AttributeProto     { return graphedit.IntAttr(name, v) }
func ias(name string, v ...int64) *onnxpb.AttributeProto { return graphedit.IntsAttr(name, v...) }
func fa(name string, v float32) *onnxpb.AttributeProto   { return graphedit.FloatAttr(name, v) }
func sa(name, v string) *onnxpb.AttributeProto           { return graphedit.StringAttr(name, v) }
