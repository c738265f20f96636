package gradcheck

import (
	"math"
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
