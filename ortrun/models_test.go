package ortrun

import (
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// Small ONNX models for the tests, built from the protobuf types.

// dim is a dimension for tensorType: an int64 fixed size or a string name.
type dim any

// tensorType returns a tensor type; noShape leaves the shape out entirely.
func tensorType(elem onnxpb.TensorProto_DataType, noShape bool, dims ...dim) *onnxpb.TypeProto {
	tt := &onnxpb.TypeProto_Tensor{ElemType: proto.Int32(int32(elem))}
	if !noShape {
		shape := &onnxpb.TensorShapeProto{Dim: []*onnxpb.TensorShapeProto_Dimension{}}
		for _, d := range dims {
			switch v := d.(type) {
			case int64:
				shape.Dim = append(shape.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimValue{DimValue: v}})
			case int:
				shape.Dim = append(shape.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimValue{DimValue: int64(v)}})
			case string:
				shape.Dim = append(shape.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimParam{DimParam: v}})
			}
		}
		tt.Shape = shape
	}
	return &onnxpb.TypeProto{Value: &onnxpb.TypeProto_TensorType{TensorType: tt}}
}

func valueInfo(name string, elem onnxpb.TensorProto_DataType, dims ...dim) *onnxpb.ValueInfoProto {
	return &onnxpb.ValueInfoProto{Name: proto.String(name), Type: tensorType(elem, false, dims...)}
}

// valueInfoNoShape declares a value with an element type and no shape.
func valueInfoNoShape(name string, elem onnxpb.TensorProto_DataType) *onnxpb.ValueInfoProto {
	return &onnxpb.ValueInfoProto{Name: proto.String(name), Type: tensorType(elem, true)}
}

func node(op string, inputs, outputs []string, attrs ...*onnxpb.AttributeProto) *onnxpb.NodeProto {
	return &onnxpb.NodeProto{OpType: proto.String(op), Input: inputs, Output: outputs, Attribute: attrs, Name: proto.String(op + "_" + outputs[0])}
}

func intAttr(name string, v int64) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(v)}
}

func f32Init(name string, dims []int64, data []float32) *onnxpb.TensorProto {
	return &onnxpb.TensorProto{Name: proto.String(name), Dims: dims, DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT)), FloatData: data}
}

type graphSpec struct {
	nodes   []*onnxpb.NodeProto
	inputs  []*onnxpb.ValueInfoProto
	outputs []*onnxpb.ValueInfoProto
	inits   []*onnxpb.TensorProto
}

// marshalModel makes an opset-17 model of g.
func marshalModel(t testing.TB, g graphSpec) []byte {
	t.Helper()
	m := &onnxpb.ModelProto{
		IrVersion:    proto.Int64(8),
		ProducerName: proto.String("ortrun-test"),
		OpsetImport:  []*onnxpb.OperatorSetIdProto{{Domain: proto.String(""), Version: proto.Int64(17)}},
		Graph: &onnxpb.GraphProto{
			Name:        proto.String("test"),
			Node:        g.nodes,
			Input:       g.inputs,
			Output:      g.outputs,
			Initializer: g.inits,
		},
	}
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatalf("marshal model: %v", err)
	}
	return b
}

// writeModel writes model bytes to a file in a fresh temporary folder.
func writeModel(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Model dimensions of the affine model.
const (
	affineIn  = 4
	affineOut = 3
)

// affineModel computes Y = X·W + b for X [batch, 4]. W [4, 3] is an
// initializer that is also a graph input (an optional, overridable input); b
// [3] is a plain initializer. It also outputs S = ReduceSum(Y) (rank 0,
// keepdims 0) and P = Y > 0 (bool).
func affineModel(t testing.TB, w, b []float32) []byte {
	return marshalModel(t, graphSpec{
		nodes: []*onnxpb.NodeProto{
			node("MatMul", []string{"X", "W"}, []string{"XW"}),
			node("Add", []string{"XW", "b"}, []string{"Y"}),
			node("ReduceSum", []string{"Y"}, []string{"S"}, intAttr("keepdims", 0)),
			node("Greater", []string{"Y", "zero"}, []string{"P"}),
		},
		inputs: []*onnxpb.ValueInfoProto{
			valueInfo("X", onnxpb.TensorProto_FLOAT, "batch", affineIn),
			valueInfo("W", onnxpb.TensorProto_FLOAT, affineIn, affineOut),
		},
		outputs: []*onnxpb.ValueInfoProto{
			valueInfo("Y", onnxpb.TensorProto_FLOAT, "batch", affineOut),
			valueInfo("S", onnxpb.TensorProto_FLOAT),
			valueInfo("P", onnxpb.TensorProto_BOOL, "batch", affineOut),
		},
		inits: []*onnxpb.TensorProto{
			f32Init("W", []int64{affineIn, affineOut}, w),
			f32Init("b", []int64{affineOut}, b),
			f32Init("zero", []int64{}, []float32{0}),
		},
	})
}

// affineRef computes the affine model's outputs in Go, in float64.
func affineRef(x []float32, batch int, w, b []float32) (y []float64, s float64) {
	y = make([]float64, batch*affineOut)
	for i := 0; i < batch; i++ {
		for j := 0; j < affineOut; j++ {
			acc := float64(b[j])
			for k := 0; k < affineIn; k++ {
				acc += float64(x[i*affineIn+k]) * float64(w[k*affineOut+j])
			}
			y[i*affineOut+j] = acc
			s += acc
		}
	}
	return y, s
}

// defaultAffine is the affine model with the parameters of seed 1.
func defaultAffine(t *testing.T) []byte {
	w, b := affineParams(1)
	return affineModel(t, w, b)
}
