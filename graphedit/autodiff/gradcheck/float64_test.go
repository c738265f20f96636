package gradcheck

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// erfTol bounds the float64 Erf rebuilt from float64 ops against math.Erf.
const erfTol = 1e-14

func TestFloat64Erf(t *testing.T) {
	for _, opset := range []int64{11, 13, 18} {
		b := graphedit.NewBuilder(opset)
		x := b.Input("x", onnxpb.TensorProto_FLOAT, 13)
		b.Output(b.Op("Erf", x))
		m, err := b.Model()
		if err != nil {
			t.Fatal(err)
		}
		m64, kept, err := Float64Model(m, nil)
		if err != nil {
			t.Fatal(err)
		}
		if kept != 0 {
			t.Errorf("opset %d: %d ops kept in float32", opset, kept)
		}
		bs, err := proto.Marshal(m64)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ortrun.NewSessionFromBytes(bs, ortrun.Options{IntraOpThreads: 1})
		if err != nil {
			t.Fatal(err)
		}
		xs := []float64{-7, -5.5, -3.2, -1, -0.3, -1e-9, 0, 1e-7, 0.25, 0.9, 2.5, 4.4, 30}
		out, err := s.Run(map[string]*ortrun.Tensor{"x": ortrun.NewF64([]int64{13}, xs)}, nil)
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			for i, v := range o.F64 {
				if d := math.Abs(v - math.Erf(xs[i])); d > erfTol {
					t.Errorf("opset %d: erf(%v) = %.17g, math.Erf %.17g (diff %.3g)", opset, xs[i], v, math.Erf(xs[i]), d)
				}
			}
		}
	}
}

// A float32 computation that ends in an integer (T5's relative position
// bucket: a float32 log truncated to int64) stays float32 in the float64
// model, so both models pick the same bucket: log(8/4)/log(16/4)·4 is 2
// exactly but 1.9999999 in float32, which truncates to 1. Only the values
// that depend on the float input x become float64.
func TestFloat64KeepsIntegerDecisions(t *testing.T) {
	b := graphedit.NewBuilder(18)
	ids := b.Input("ids", onnxpb.TensorProto_INT64, 4)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, 4)
	toFloat := graphedit.IntAttr("to", int64(onnxpb.TensorProto_FLOAT))
	ratio := b.Op("Div", b.Op("Cast", ids, toFloat), b.Float32("max_exact", nil, []float32{4}))
	scaled := b.Op("Div", b.Op("Log", ratio), b.Float32("log_range", nil, []float32{float32(math.Log(4))}))
	bucket := b.Op("Cast", b.Op("Mul", scaled, b.Float32("buckets", nil, []float32{4})), graphedit.IntAttr("to", int64(onnxpb.TensorProto_INT64)))
	b.Output(b.Op("Add", x, b.Op("Cast", bucket, toFloat)))
	m, err := b.Model()
	if err != nil {
		t.Fatal(err)
	}
	m64, kept, err := Float64Model(m, nil)
	if err != nil || kept != 0 {
		t.Fatalf("float64 model: %d kept, %v", kept, err)
	}
	idv := []int64{4, 6, 8, 15}
	xs := []float32{0.5, -1.25, 2, 0}
	run := func(m *onnxpb.ModelProto, x *ortrun.Tensor) []float64 {
		bs, err := proto.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ortrun.NewSessionFromBytes(bs, ortrun.Options{IntraOpThreads: 1})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		out, err := s.Run(map[string]*ortrun.Tensor{"ids": ortrun.NewI64([]int64{4}, idv), "x": x}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			if o.F64 != nil {
				return o.F64
			}
			var r []float64
			for _, v := range o.F32 {
				r = append(r, float64(v))
			}
			return r
		}
		return nil
	}
	x64 := make([]float64, len(xs))
	for i, v := range xs {
		x64[i] = float64(v)
	}
	want := run(m, ortrun.NewF32([]int64{4}, xs))
	got := run(m64, ortrun.NewF64([]int64{4}, x64))
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("id %d: float64 model %v, float32 model %v", idv[i], got[i], want[i])
		}
	}
}

// convF32Tol bounds float32 Conv against the float64 rebuild: sums of up
// to 24 products of values near 1 in float32.
const convF32Tol = 1e-5

// Float64Model rebuilds Conv (no float64 kernel in ONNX Runtime) from
// float64 Slice and MatMul nodes: it matches ONNX Runtime's float32 Conv
// for 1-D and 2-D kernels with strides, pads, dilations and groups, and no
// op is kept in float32.
func TestFloat64Conv(t *testing.T) {
	cases := []struct {
		name  string
		x, w  []int64
		attrs []*onnxpb.AttributeProto
	}{
		{"1d-stride2-pads", []int64{2, 4, 9}, []int64{4, 4, 3}, []*onnxpb.AttributeProto{graphedit.IntsAttr("strides", 2), graphedit.IntsAttr("pads", 1, 1)}},
		{"1d-dilation-groups", []int64{1, 4, 10}, []int64{6, 2, 2}, []*onnxpb.AttributeProto{graphedit.IntsAttr("dilations", 3), graphedit.IntAttr("group", 2), graphedit.IntsAttr("pads", 2, 1)}},
		{"2d", []int64{2, 4, 7, 6}, []int64{4, 1, 3, 2}, []*onnxpb.AttributeProto{graphedit.IntsAttr("strides", 2, 1), graphedit.IntsAttr("dilations", 1, 2), graphedit.IntAttr("group", 4), graphedit.IntsAttr("pads", 1, 1, 0, 1)}},
	}
	rng := rand.New(rand.NewSource(7))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := graphedit.NewBuilder(18)
			xdims := []any{"n", tc.x[1]}
			for range tc.x[2:] {
				xdims = append(xdims, "s")
			}
			x := b.Input("x", onnxpb.TensorProto_FLOAT, xdims...)
			nw := int64(1)
			for _, d := range tc.w {
				nw *= d
			}
			wv := make([]float32, nw)
			for i := range wv {
				wv[i] = float32(rng.NormFloat64())
			}
			args := []any{x, b.Float32("w", tc.w, wv), b.Float32("b", []int64{tc.w[0]}, wv[:tc.w[0]])}
			for _, a := range tc.attrs {
				args = append(args, a)
			}
			b.Output(b.Op("Conv", args...))
			m, err := b.Model()
			if err != nil {
				t.Fatal(err)
			}
			m64, kept, err := Float64Model(m, nil)
			if err != nil || kept != 0 {
				t.Fatalf("float64 model: %d kept, %v", kept, err)
			}
			nx := int64(1)
			for _, d := range tc.x {
				nx *= d
			}
			xs := make([]float32, nx)
			x64 := make([]float64, nx)
			for i := range xs {
				xs[i] = float32(rng.NormFloat64())
				x64[i] = float64(xs[i])
			}
			run := func(m *onnxpb.ModelProto, x *ortrun.Tensor) *ortrun.Tensor {
				bs, err := proto.Marshal(m)
				if err != nil {
					t.Fatal(err)
				}
				s, err := ortrun.NewSessionFromBytes(bs, ortrun.Options{IntraOpThreads: 1})
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				out, err := s.Run(map[string]*ortrun.Tensor{"x": x}, nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, o := range out {
					return o
				}
				return nil
			}
			want := run(m, ortrun.NewF32(tc.x, xs))
			got := run(m64, ortrun.NewF64(tc.x, x64))
			if fmt.Sprint(got.Shape) != fmt.Sprint(want.Shape) {
				t.Fatalf("shape %v, float32 Conv %v", got.Shape, want.Shape)
			}
			worst := 0.0
			for i, v := range want.F32 {
				worst = math.Max(worst, math.Abs(got.F64[i]-float64(v)))
			}
			if worst > convF32Tol {
				t.Errorf("max difference %.3g from float32 Conv (tol %.1g)", worst, convF32Tol)
			}
		})
	}
}
