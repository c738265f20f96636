package graphedit

import (
	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// Builder makes small graphs by hand, for tests and examples:
//
//	b := graphedit.NewBuilder(17)
//	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", 4)
//	y := b.Op("Relu", x)
//	b.Output(y)
//	g, err := b.Graph()
//
// The first error is kept and returned by Graph or Model; later calls on a
// failed builder do nothing.
type Builder struct {
	g   *Graph
	err error
}

// NewBuilder starts an empty graph named "main" importing the default
// domain at the given opset.
func NewBuilder(opset int64) *Builder {
	g := newGraph()
	g.shell.Name = proto.String("main")
	g.opsets = []*onnxpb.OperatorSetIdProto{{Domain: proto.String(""), Version: proto.Int64(opset)}}
	return &Builder{g: g}
}

// Opset imports another domain (for example "com.microsoft", 1).
func (b *Builder) Opset(domain string, version int64) *Builder {
	b.g.SetOpset(domain, version)
	return b
}

// Err returns the first error met so far.
func (b *Builder) Err() error { return b.err }

func (b *Builder) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

// Input adds a graph input; dims are ints (sizes) and strings (symbols);
// no dims declares a scalar.
func (b *Builder) Input(name string, elem onnxpb.TensorProto_DataType, dims ...any) *Value {
	v, err := b.g.AddInput(name, int32(elem), Dims(dims...))
	if err != nil {
		b.fail(err)
		return nil
	}
	return v
}

// InputUnknownRank adds a graph input whose shape is not declared.
func (b *Builder) InputUnknownRank(name string, elem onnxpb.TensorProto_DataType) *Value {
	v, err := b.g.AddInput(name, int32(elem), nil)
	if err != nil {
		b.fail(err)
		return nil
	}
	return v
}

// Float32 adds a float32 initializer.
func (b *Builder) Float32(name string, dims []int64, vals []float32) *Value {
	return b.Tensor(&onnxpb.TensorProto{Name: proto.String(name), Dims: dims,
		DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT)), FloatData: vals})
}

// Int64 adds an int64 initializer.
func (b *Builder) Int64(name string, dims []int64, vals []int64) *Value {
	return b.Tensor(&onnxpb.TensorProto{Name: proto.String(name), Dims: dims,
		DataType: proto.Int32(int32(onnxpb.TensorProto_INT64)), Int64Data: vals})
}

// Tensor adds an initializer.
func (b *Builder) Tensor(t *onnxpb.TensorProto) *Value {
	if b.err != nil {
		return nil
	}
	v, err := b.g.AddInitializer(t)
	if err != nil {
		b.fail(err)
		return nil
	}
	return v
}

// Op adds a single-output node of the default domain reading inputs and
// returns its output (named by FreshName from the op type). Attributes
// follow the inputs: Op("Softmax", x, IntAttr("axis", -1)).
func (b *Builder) Op(opType string, args ...any) *Value {
	outs := b.OpN("", opType, 1, args...)
	if outs == nil {
		return nil
	}
	return outs[0]
}

// OpN adds a node with n outputs in the given domain. args are *Value
// (inputs; nil is an omitted input) and *onnxpb.AttributeProto.
func (b *Builder) OpN(domain, opType string, n int, args ...any) []*Value {
	if b.err != nil {
		return nil
	}
	spec := NodeSpec{OpType: opType, Domain: domain}
	for _, a := range args {
		switch t := a.(type) {
		case nil:
			spec.Inputs = append(spec.Inputs, nil)
		case *Value:
			spec.Inputs = append(spec.Inputs, t)
		case *onnxpb.AttributeProto:
			spec.Attrs = append(spec.Attrs, t)
		default:
			panic("graphedit.Builder: arguments must be *Value or *onnxpb.AttributeProto")
		}
	}
	for i := 0; i < n; i++ {
		spec.Outputs = append(spec.Outputs, b.g.FreshName(opType+"_out"))
	}
	node, err := b.g.AddNode(spec)
	if err != nil {
		b.fail(err)
		return nil
	}
	return node.Outputs()
}

// Output marks values as graph outputs.
func (b *Builder) Output(vs ...*Value) *Builder {
	for _, v := range vs {
		if b.err != nil {
			return b
		}
		if err := b.g.AddOutput(v); err != nil {
			b.fail(err)
		}
	}
	return b
}

// Graph returns the graph (nil and the first error if any step failed).
func (b *Builder) Graph() (*Graph, error) {
	if b.err != nil {
		return nil, b.err
	}
	return b.g, nil
}

// Model returns the graph wrapped in a ModelProto (IR version 10).
func (b *Builder) Model() (*onnxpb.ModelProto, error) {
	g, err := b.Graph()
	if err != nil {
		return nil, err
	}
	return g.ModelProto(nil), nil
}

// IntAttr makes an INT attribute.
func IntAttr(name string, v int64) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(v)}
}

// IntsAttr makes an INTS attribute.
func IntsAttr(name string, v ...int64) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INTS.Enum(), Ints: v}
}

// FloatAttr makes a FLOAT attribute.
func FloatAttr(name string, v float32) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_FLOAT.Enum(), F: proto.Float32(v)}
}

// StringAttr makes a STRING attribute.
func StringAttr(name, v string) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_STRING.Enum(), S: []byte(v)}
}

// TensorAttr makes a TENSOR attribute.
func TensorAttr(name string, t *onnxpb.TensorProto) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_TENSOR.Enum(), T: t}
}

// GraphAttr makes a GRAPH attribute (an If branch or a Loop body).
func GraphAttr(name string, sg *onnxpb.GraphProto) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_GRAPH.Enum(), G: sg}
}
