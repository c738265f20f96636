package ortrun

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
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

// halfFixtureTol bounds the difference from the committed reference (ONNX
// Runtime 1.30 through Python, same kernels; measured: 0, bit-identical):
// two half-precision ulps at |x| < 4, room for another build's summation
// order.
const halfFixtureTol = 4e-3

// TestFloat16Fixture runs the fp16 Marian decoder with float16 graph inputs
// and outputs (models/fixtures/quant/marian_fp16_io) on its reference data
// set, from the file and, with its weights moved to external data, from a
// copy (the widened model then reads them from the copy's folder).
func TestFloat16Fixture(t *testing.T) {
	const model = "../models/fixtures/quant/marian_fp16_io/decoder_model.onnx"
	inputs, want := readHalfSet(t, filepath.Join(strings.TrimSuffix(model, ".onnx"), "test_data_set_0"))
	if inputs["encoder_hidden_states"].DType() != Float16 {
		t.Fatalf("fixture input is %s, want float16", inputs["encoder_hidden_states"].DType())
	}
	m, err := onnxio.Load(model, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	external := filepath.Join(t.TempDir(), "decoder_model.onnx")
	if err := m.Save(external, &onnxio.SaveOptions{ExternalData: true, Threshold: 256}); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{model, external} {
		s, err := NewSession(path, Options{IntraOpThreads: 1})
		if err != nil {
			t.Fatal(err)
		}
		names := make([]string, 0, len(want))
		for n := range want {
			names = append(names, n)
		}
		sort.Strings(names)
		out, err := s.Run(inputs, names)
		s.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, n := range names {
			got, ref := out[n], want[n]
			if got.DType() != Float16 || fmt.Sprint(got.Shape) != fmt.Sprint(ref.Shape) {
				t.Fatalf("%s: output %s is %v, reference %v", path, n, got, ref)
			}
			g, r := got.Float32s(), ref.Float32s()
			worst := 0.0
			for i := range r {
				worst = math.Max(worst, math.Abs(float64(g[i])-float64(r[i])))
			}
			t.Logf("%s: output %s: max-abs %g from the reference", filepath.Base(filepath.Dir(path)), n, worst)
			if worst > halfFixtureTol || math.IsNaN(worst) {
				t.Errorf("%s: output %s differs from the reference by %g (> %g)", path, n, worst, halfFixtureTol)
			}
		}
	}
}

// readHalfSet reads one test_data_set folder (inputs, outputs) into tensors.
func readHalfSet(t *testing.T, dir string) (inputs, outputs map[string]*Tensor) {
	t.Helper()
	inputs, outputs = map[string]*Tensor{}, map[string]*Tensor{}
	for _, kind := range []string{"input", "output"} {
		files, _ := filepath.Glob(filepath.Join(dir, kind+"_*.pb"))
		if len(files) == 0 {
			t.Fatalf("%s: no %s_*.pb", dir, kind)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var tp onnxpb.TensorProto
			if err := proto.Unmarshal(b, &tp); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			d, err := onnxio.DecodeTensor(&tp, nil)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			var ten *Tensor
			switch d.DataType {
			case onnxpb.TensorProto_FLOAT16:
				ten = NewF16(d.Dims, d.U16)
			case onnxpb.TensorProto_INT64:
				ten = NewI64(d.Dims, d.I64)
			default:
				t.Fatalf("%s: element type %v not in this fixture", f, d.DataType)
			}
			if kind == "input" {
				inputs[tp.GetName()] = ten
			} else {
				outputs[tp.GetName()] = ten
			}
		}
	}
	return inputs, outputs
}
