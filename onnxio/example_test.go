package onnxio_test

import (
	"fmt"
	"os"
	"path/filepath"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// A tensor built in Go is stored as little-endian raw_data and decodes back
// to the same values.
func ExampleDecodeTensor() {
	p := onnxio.NewFloat32("w", []int64{2, 2}, []float32{1, -2, 0.5, 4})
	t, err := onnxio.DecodeTensor(p, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Name, t.Dims, t.F32, len(p.RawData))
	// Output: w [2 2] [1 -2 0.5 4] 16
}

// FLOAT16 values are kept as their bits and converted on demand.
func ExampleTensor_AsFloat32() {
	t := &onnxio.Tensor{DataType: onnxpb.TensorProto_FLOAT16, Dims: []int64{3},
		U16: []uint16{onnxio.Float32ToFloat16(1.5), onnxio.Float32ToFloat16(0.1), 0x7c00}}
	f, _ := t.AsFloat32()
	fmt.Println(f)
	// Output: [1.5 0.099975586 +Inf]
}

// Saving with external data puts large tensors into one file next to the
// model; loading reads them back on demand.
func ExampleModel_Save() {
	dir, _ := os.MkdirTemp("", "onnxio-example")
	defer os.RemoveAll(dir)
	name := "W"
	model := &onnxpb.ModelProto{
		IrVersion: new(int64),
		Graph: &onnxpb.GraphProto{
			Initializer: []*onnxpb.TensorProto{onnxio.NewFloat32(name, []int64{1024}, make([]float32, 1024))},
			Output:      []*onnxpb.ValueInfoProto{{Name: &name}},
		},
	}
	path := filepath.Join(dir, "model.onnx")
	if err := (&onnxio.Model{Proto: model}).Save(path, &onnxio.SaveOptions{ExternalData: true}); err != nil {
		panic(err)
	}
	m, err := onnxio.Load(path, nil)
	if err != nil {
		panic(err)
	}
	defer m.Close()
	w := m.Proto.Graph.Initializer[0]
	t, _ := m.Tensor(w)
	fmt.Println(w.GetDataLocation(), w.ExternalData[0].GetValue(), t.NumElements())
	// Output: EXTERNAL model.onnx.data 1024
}
