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
