package graphedit

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

const f16 = onnxpb.TensorProto_FLOAT16

func TestCheckTypesBuilt(t *testing.T) {
	half := func(b *Builder, name string) *Value { return b.Input(name, f16, "batch", 4) }
	full := func(b *Builder, name string) *Value { return b.Input(name, f32, "batch", 4) }
	cases := []struct {
		name  string
		build func(b *Builder) *Value
		// want is "" when the graph is well typed, else words of the error.
		want []string
	}{
		{"Add fp16+fp16", func(b *Builder) *Value { return b.Op("Add", half(b, "x"), half(b, "y")) }, nil},
		{"Add fp16+fp32 initializer", func(b *Builder) *Value {
			return b.Op("Add", half(b, "x"), b.Float32("zero", []int64{4}, make([]float32, 4)))
		}, []string{"(Add)", `input 0 "x" is float16`, `input 1 "zero" is float`}},
		{"Mul of a Cast result", func(b *Builder) *Value {
			return b.Op("Mul", b.Op("Cast", full(b, "x"), IntAttr("to", int64(f16))), full(b, "y"))
		}, []string{"(Mul)", "is float16", `input 1 "y" is float`}},
		{"Where condition is bool, branches agree", func(b *Builder) *Value {
			return b.Op("Where", b.Input("c", onnxpb.TensorProto_BOOL, "batch", 4), half(b, "x"), half(b, "y"))
		}, nil},
		{"Where branches differ", func(b *Builder) *Value {
			return b.Op("Where", b.Input("c", onnxpb.TensorProto_BOOL, "batch", 4), half(b, "x"), full(b, "y"))
		}, []string{"(Where)", "input 1", "input 2"}},
		{"Sum, third input differs", func(b *Builder) *Value {
			return b.Op("Sum", half(b, "x"), half(b, "y"), full(b, "z"))
		}, []string{"(Sum)", `input 2 "z" is float`}},
		{"Pow exponent has its own type", func(b *Builder) *Value {
			return b.Op("Pow", half(b, "x"), b.Float32("two", nil, []float32{2}))
		}, nil},
		{"Concat of int64 and int32 shape pieces", func(b *Builder) *Value {
			return b.Op("Concat", b.Int64("a", []int64{1}, []int64{1}),
				b.Tensor(&onnxpb.TensorProto{Name: proto.String("b"), Dims: []int64{1},
					DataType: proto.Int32(int32(onnxpb.TensorProto_INT32)), Int32Data: []int32{2}}),
				IntAttr("axis", 0))
		}, []string{"(Concat)", "int64", "int32"}},
		{"MatMul fp16 by fp32 weight", func(b *Builder) *Value {
			return b.Op("MatMul", half(b, "x"), b.Float32("w", []int64{4, 4}, make([]float32, 16)))
		}, []string{"(MatMul)", `input 1 "w" is float`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBuilder(17)
			b.Output(tc.build(b))
			g, err := b.Graph()
			if err != nil {
				t.Fatal(err)
			}
			err = g.CheckTypes()
			if tc.want == nil {
				if err != nil {
					t.Fatalf("CheckTypes: %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("CheckTypes accepted a mismatch, want an error with %q", tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
		})
	}
}

// TestCheckTypesIfBranch finds a mismatch inside an If branch that reads an
// outer fp16 value, and names the branch.
func TestCheckTypesIfBranch(t *testing.T) {
	m := richModel()
	for _, in := range m.Graph.Input {
		if in.GetName() == "x" {
			in.Type.GetTensorType().ElemType = proto.Int32(int32(f16))
		}
	}
	g, err := FromModel(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The branches compute Add(h, w) and Mul(h, w): h = Relu(x) is float16
	// now, w is float32.
	err = g.CheckTypes()
	if err == nil || !strings.Contains(err.Error(), `attribute "then_branch"`) || !strings.Contains(err.Error(), "then_n") {
		t.Fatalf("CheckTypes = %v, want the then branch's Add named", err)
	}
	if _, err := RunPasses(g, false, TypeCheckPass); err == nil || !strings.Contains(err.Error(), "pass type-check") {
		t.Errorf("RunPasses(TypeCheckPass) = %v, want the pass named", err)
	}
}

// TestCheckTypesFixtures: every committed fixture, in every precision, is
// well typed (no false alarm on what the exporters and converters write).
func TestCheckTypesFixtures(t *testing.T) {
	for _, path := range allFixtureFiles(t) {
		m, err := onnxio.Load(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Load(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.CheckTypes(); err != nil {
			t.Errorf("%s: %v", path, err)
		}
		m.Close()
	}
}
