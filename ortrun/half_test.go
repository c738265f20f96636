package ortrun

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// TestHalfIdentity feeds float16 and bfloat16 tensors and fetches them back
// bit for bit, through a dynamic shape, with a rank-0 half output (a
// Constant) beside them.
func TestHalfIdentity(t *testing.T) {
	cases := []struct {
		elem  onnxpb.TensorProto_DataType
		in    *Tensor
		three uint16 // 3.0 in this format
	}{
		// 1, -2, 65504 (largest half), smallest subnormal, -0, +Inf, quiet NaN.
		{onnxpb.TensorProto_FLOAT16, NewF16([]int64{1, 7}, []uint16{0x3c00, 0xc000, 0x7bff, 0x0001, 0x8000, 0x7c00, 0x7e00}), 0x4200},
		// 1, -2, 3.3895e38 (largest bfloat16), smallest subnormal, -0, +Inf, quiet NaN.
		{onnxpb.TensorProto_BFLOAT16, NewBF16([]int64{2, 4}, []uint16{0x3f80, 0xc000, 0x7f7f, 0x0001, 0x8000, 0x7f80, 0x7fc0, 0x3f80}), 0x4040},
	}
	for _, c := range cases {
		t.Run(c.in.String(), func(t *testing.T) {
			three := &onnxpb.TensorProto{DataType: proto.Int32(int32(c.elem)), Int32Data: []int32{int32(c.three)}}
			model := marshalModel(t, graphSpec{
				nodes: []*onnxpb.NodeProto{node("Identity", []string{"A"}, []string{"B"}),
					node("Constant", nil, []string{"C"}, &onnxpb.AttributeProto{Name: proto.String("value"),
						Type: onnxpb.AttributeProto_TENSOR.Enum(), T: three})},
				inputs:  []*onnxpb.ValueInfoProto{valueInfo("A", c.elem, "rows", "cols")},
				outputs: []*onnxpb.ValueInfoProto{valueInfo("B", c.elem, "rows", "cols"), valueInfo("C", c.elem)},
			})
			s, err := NewSessionFromBytes(model, Options{IntraOpThreads: 1})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for _, o := range s.Outputs() {
				if want := c.in.DType(); o.DType != want {
					t.Errorf("output %s listed as %s, want %s (the model's type)", o.Name, o.DType, want)
				}
			}
			if len(s.Outputs()) != 2 {
				t.Errorf("outputs %v: the widened copies must not be listed", s.Outputs())
			}
			for run := 0; run < 2; run++ { // the second run reuses what the first learned
				out, err := s.Run(map[string]*Tensor{"A": c.in}, nil)
				if err != nil {
					t.Fatal(err)
				}
				got := out["B"]
				if got.DType() != c.in.DType() || fmt.Sprint(got.Shape, got.F16, got.BF16) != fmt.Sprint(c.in.Shape, c.in.F16, c.in.BF16) {
					t.Fatalf("got %v %v %v, want %v %v %v", got, got.F16, got.BF16, c.in, c.in.F16, c.in.BF16)
				}
				if k := out["C"]; k.DType() != c.in.DType() || len(k.Shape) != 0 || k.Float32s()[0] != 3 {
					t.Fatalf("constant: got %v %v, want a rank-0 %s 3", k, k.Float32s(), c.in.DType())
				}
			}
		})
	}
}

// TestHalfFeedErrors: onnxruntime_go's custom tensors need a rank and an
// element; such feeds fail with a message naming the input.
func TestHalfFeedErrors(t *testing.T) {
	model := marshalModel(t, graphSpec{
		nodes:   []*onnxpb.NodeProto{node("Identity", []string{"A"}, []string{"B"})},
		inputs:  []*onnxpb.ValueInfoProto{valueInfoNoShape("A", onnxpb.TensorProto_FLOAT16)},
		outputs: []*onnxpb.ValueInfoProto{valueInfoNoShape("B", onnxpb.TensorProto_FLOAT16)},
	})
	s, err := NewSessionFromBytes(model, Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, in := range []*Tensor{NewF16([]int64{}, []uint16{0x3c00}), NewF16([]int64{0, 3}, nil)} {
		_, err := s.Run(map[string]*Tensor{"A": in}, nil)
		if err == nil || !strings.Contains(err.Error(), `input "A"`) || !strings.Contains(err.Error(), "float16") {
			t.Errorf("feeding %v: err = %v, want one naming input A and float16", in, err)
		}
	}
	if _, err := s.Run(map[string]*Tensor{"A": NewF32([]int64{1}, []float32{1})}, nil); err == nil || !strings.Contains(err.Error(), "model wants float16, got float32") {
		t.Errorf("feeding float32: err = %v", err)
	}
}

// TestHalfTransposeCastMatMul builds the graph that makes ONNX Runtime 1.30's
// NchwcTransformer crash the process at ORT_ENABLE_ALL (a float16 Transpose
// into a Cast to float into a MatMul), which sessions must load and run
// correctly since they leave that transformer out.
func TestHalfTransposeCastMatMul(t *testing.T) {
	const rows, cols, width, outs = 2, 3, 4, 5
	w := make([]float32, width*outs)
	for i := range w {
		w[i] = float32(i%7) - 3
	}
	perm := &onnxpb.AttributeProto{Name: proto.String("perm"), Type: onnxpb.AttributeProto_INTS.Enum(), Ints: []int64{1, 0, 2}}
	model := marshalModel(t, graphSpec{
		nodes: []*onnxpb.NodeProto{
			node("Transpose", []string{"X"}, []string{"XT"}, perm),
			node("Cast", []string{"XT"}, []string{"XF"}, intAttr("to", int64(onnxpb.TensorProto_FLOAT))),
			node("MatMul", []string{"XF", "W"}, []string{"Y"}),
		},
		inputs:  []*onnxpb.ValueInfoProto{valueInfo("X", onnxpb.TensorProto_FLOAT16, "rows", "cols", width)},
		outputs: []*onnxpb.ValueInfoProto{valueInfo("Y", onnxpb.TensorProto_FLOAT, "cols", "rows", outs)},
		inits:   []*onnxpb.TensorProto{f32Init("W", []int64{width, outs}, w)},
	})
	s, err := NewSessionFromBytes(model, Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	x := make([]float32, rows*cols*width)
	for i := range x {
		x[i] = float32(i%5) - 2 // small integers: exact in float16
	}
	out, err := s.Run(map[string]*Tensor{"X": NewF16FromFloat32([]int64{rows, cols, width}, x)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []float64
	for c := range cols {
		for r := range rows {
			for o := range outs {
				var sum float64
				for k := range width {
					sum += float64(x[(r*cols+c)*width+k]) * float64(w[k*outs+o])
				}
				want = append(want, sum)
			}
		}
	}
	checkClose(t, "Y", out["Y"].F32, want, 0)
}
