package onnxio

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// checkSameTensors loads path and checks that its tensors, decoded, have the
// same bytes as m's.
func checkSameTensors(t *testing.T, m *Model, path string) {
	t.Helper()
	m2, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	a, b := m.Tensors(), m2.Tensors()
	if len(a) != len(b) {
		t.Fatalf("%s: %d tensors, want %d", path, len(b), len(a))
	}
	for i := range a {
		ra, err := m.RawBytes(a[i].Tensor)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := m2.RawBytes(b[i].Tensor)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ra, rb) {
			t.Errorf("%s: tensor %s differs after the round trip", path, a[i].Where)
		}
	}
}

// str returns a pointer to s (for proto2 optional fields).
func str(s string) *string { return &s }

func i64(v int64) *int64 { return &v }

// tinyModel builds y = x·W + b with W 4×3 and b 3 as float32 initializers
// (W large enough to be moved to an external file with a small threshold).
func tinyModel() *onnxpb.ModelProto {
	w := make([]float32, 12)
	for i := range w {
		w[i] = float32(i) - 5.5
	}
	vi := func(name string, dims ...any) *onnxpb.ValueInfoProto {
		shape := &onnxpb.TensorShapeProto{}
		for _, d := range dims {
			switch d := d.(type) {
			case int:
				shape.Dim = append(shape.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimValue{DimValue: int64(d)}})
			case string:
				shape.Dim = append(shape.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimParam{DimParam: d}})
			}
		}
		return &onnxpb.ValueInfoProto{Name: str(name), Type: &onnxpb.TypeProto{Value: &onnxpb.TypeProto_TensorType{
			TensorType: &onnxpb.TypeProto_Tensor{ElemType: int32Ptr(1), Shape: shape}}}}
	}
	return &onnxpb.ModelProto{
		IrVersion:    i64(8),
		ProducerName: str("onnxio-test"),
		OpsetImport:  []*onnxpb.OperatorSetIdProto{{Domain: str(""), Version: i64(17)}},
		Graph: &onnxpb.GraphProto{
			Name: str("tiny"),
			Node: []*onnxpb.NodeProto{
				{Name: str("mm"), OpType: str("MatMul"), Input: []string{"x", "W"}, Output: []string{"xw"}},
				{Name: str("add"), OpType: str("Add"), Input: []string{"xw", "b"}, Output: []string{"y"}},
			},
			Initializer: []*onnxpb.TensorProto{
				NewFloat32("W", []int64{4, 3}, w),
				NewFloat32("b", []int64{3}, []float32{0.5, -1, 2}),
			},
			Input:  []*onnxpb.ValueInfoProto{vi("x", "batch", 4)},
			Output: []*onnxpb.ValueInfoProto{vi("y", "batch", 3)},
		},
	}
}

// writeModel marshals p into dir/name and returns the path.
func writeModel(t *testing.T, dir, name string, p *onnxpb.ModelProto) string {
	t.Helper()
	b, err := proto.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// listDir returns the names in dir, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}
