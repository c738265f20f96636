package testset

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// TestReadAllFixture reads the two committed data sets of the Marian
// encoder fixture and checks their names, types and shapes.
func TestReadAllFixture(t *testing.T) {
	sets, err := ReadAll("../../models/fixtures/marian/encoder_model.onnx")
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 2 {
		t.Fatalf("%d sets, want 2", len(sets))
	}
	for k, want := range [][]int64{{2, 7}, {3, 12}} {
		s := sets[k]
		if filepath.Base(s.Dir) != "test_data_set_"+strconv.Itoa(k) {
			t.Errorf("set %d is %s", k, s.Dir)
		}
		for _, name := range []string{"input_ids", "attention_mask"} {
			in := s.Inputs[name]
			if in == nil || in.DType() != ortrun.Int64 || !reflect.DeepEqual(in.Shape, want) {
				t.Errorf("%s: input %s is %v, want int64 %v", s.Dir, name, in, want)
			}
		}
		out := s.Outputs["last_hidden_state"]
		if out == nil || out.DType() != ortrun.Float32 || !reflect.DeepEqual(out.Shape, append(want, 32)) {
			t.Errorf("%s: output is %v, want float32 %v×32", s.Dir, out, want)
		}
		if got := s.OutputNames(); !reflect.DeepEqual(got, []string{"last_hidden_state"}) {
			t.Errorf("%s: OutputNames = %q", s.Dir, got)
		}
	}
}

// TestTensorTypes converts one tensor of each element type the fixtures use
// and checks its type, shape and values; a scalar keeps an empty, non-nil
// shape.
func TestTensorTypes(t *testing.T) {
	dt := func(e onnxpb.TensorProto_DataType) *int32 { return proto.Int32(int32(e)) }
	for _, tc := range []struct {
		tp   *onnxpb.TensorProto
		want *ortrun.Tensor
	}{
		{&onnxpb.TensorProto{DataType: dt(onnxpb.TensorProto_FLOAT), Dims: []int64{2}, FloatData: []float32{1.5, -2}}, ortrun.NewF32([]int64{2}, []float32{1.5, -2})},
		{&onnxpb.TensorProto{DataType: dt(onnxpb.TensorProto_FLOAT16), Dims: []int64{1}, Int32Data: []int32{0x3c00}}, ortrun.NewF16([]int64{1}, []uint16{0x3c00})},
		{&onnxpb.TensorProto{DataType: dt(onnxpb.TensorProto_BFLOAT16), Dims: []int64{1}, Int32Data: []int32{0x3f80}}, ortrun.NewBF16([]int64{1}, []uint16{0x3f80})},
		{&onnxpb.TensorProto{DataType: dt(onnxpb.TensorProto_INT64), Dims: []int64{1, 2}, Int64Data: []int64{7, -1}}, ortrun.NewI64([]int64{1, 2}, []int64{7, -1})},
		{&onnxpb.TensorProto{DataType: dt(onnxpb.TensorProto_INT32), Int32Data: []int32{3}}, ortrun.NewI32([]int64{}, []int32{3})},
		{&onnxpb.TensorProto{DataType: dt(onnxpb.TensorProto_BOOL), Dims: []int64{0}}, ortrun.NewBool([]int64{0}, nil)},
	} {
		got, err := Tensor(tc.tp)
		if err != nil {
			t.Fatalf("%v: %v", tc.tp.GetDataType(), err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v: got %+v, want %+v", tc.tp.GetDataType(), got, tc.want)
		}
	}
	if _, err := Tensor(&onnxpb.TensorProto{Name: proto.String("d"), DataType: dt(onnxpb.TensorProto_DOUBLE), DoubleData: []float64{1}, Dims: []int64{1}}); err == nil || !strings.Contains(err.Error(), `"d"`) {
		t.Errorf("double tensor: err = %v, want one naming it", err)
	}
}

// TestReadErrors: a folder without outputs and an unreadable tensor file
// are errors naming the folder or the file.
func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	in, err := proto.Marshal(&onnxpb.TensorProto{Name: proto.String("x"), DataType: proto.Int32(int32(onnxpb.TensorProto_INT64)), Dims: []int64{1}, Int64Data: []int64{1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "input_0.pb"), in, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), "no output_*.pb") {
		t.Errorf("no outputs: err = %v", err)
	}
	bad := filepath.Join(dir, "output_0.pb")
	if err := os.WriteFile(bad, []byte{0xff, 0xff}, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("corrupt output: err = %v, want one naming %s", err, bad)
	}
}
