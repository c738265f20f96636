package graphedit

import (
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"onnxprune/onnxio/onnxpb"
)

// ToProto writes the graph back. For a graph that was not edited the result
// is proto.Equal to the GraphProto it was built from. Attribute, tensor and
// value-info protos are shared with the graph (and the original model), not
// copied: treat the result as read-only or proto.Clone it. Nodes are written
// in the graph order when it is topological, otherwise in TopoOrder (a graph
// with a cycle keeps its order; Validate reports the cycle).
func (g *Graph) ToProto() *onnxpb.GraphProto {
	gp := shallowGraph(g.shell)
	for _, p := range g.inputs {
		gp.Input = append(gp.Input, renamedInfo(p.info, p.v.name))
	}
	for _, v := range g.inits {
		t := v.init
		if t.GetName() != v.name {
			t = shallowTensor(t)
			t.Name = proto.String(v.name)
		}
		gp.Initializer = append(gp.Initializer, t)
	}
	nodes := g.nodes
	if !g.isTopological() {
		if order, err := g.TopoOrder(); err == nil {
			nodes = order
		}
	}
	for _, n := range nodes {
		gp.Node = append(gp.Node, n.toProto())
	}
	for _, p := range g.outputs {
		gp.Output = append(gp.Output, renamedInfo(p.info, p.v.name))
	}
	for _, e := range g.valueInfo {
		switch {
		case e.orphan != nil:
			gp.ValueInfo = append(gp.ValueInfo, e.orphan)
		case e.v.g == g && e.v.info != nil:
			gp.ValueInfo = append(gp.ValueInfo, renamedInfo(e.v.info, e.v.name))
		}
	}
	return gp
}

// ModelProto returns a copy of base (a shallow one: fields are shared) whose
// graph is g.ToProto() and whose opset imports are g's. base may be nil, in
// which case a model with IR version 10 is made.
func (g *Graph) ModelProto(base *onnxpb.ModelProto) *onnxpb.ModelProto {
	var m *onnxpb.ModelProto
	if base == nil {
		m = &onnxpb.ModelProto{IrVersion: proto.Int64(10), ProducerName: proto.String("onnxprune")}
	} else {
		m = shallowModel(base)
	}
	m.Graph = g.ToProto()
	m.OpsetImport = g.opsets
	return m
}

func (n *Node) toProto() *onnxpb.NodeProto {
	np := shallowNode(n.proto)
	np.Input = make([]string, len(n.inputs))
	for i, v := range n.inputs {
		if v != nil {
			np.Input[i] = v.name
		}
	}
	np.Output = make([]string, len(n.outputs))
	for i, v := range n.outputs {
		if v != nil {
			np.Output[i] = v.name
		}
	}
	return np
}

func renamedInfo(info *onnxpb.ValueInfoProto, name string) *onnxpb.ValueInfoProto {
	if info.GetName() == name {
		return info
	}
	c := shallowValueInfo(info)
	c.Name = proto.String(name)
	return c
}

func copyUnknown(dst, src proto.Message) {
	if u := src.ProtoReflect().GetUnknown(); len(u) > 0 {
		dst.ProtoReflect().SetUnknown(u)
	}
}

func shallowNode(n *onnxpb.NodeProto) *onnxpb.NodeProto {
	c := &onnxpb.NodeProto{
		Input:                n.Input,
		Output:               n.Output,
		Name:                 n.Name,
		OpType:               n.OpType,
		Domain:               n.Domain,
		Overload:             n.Overload,
		Attribute:            n.Attribute,
		DocString:            n.DocString,
		MetadataProps:        n.MetadataProps,
		DeviceConfigurations: n.DeviceConfigurations,
	}
	copyUnknown(c, n)
	return c
}

func shallowValueInfo(v *onnxpb.ValueInfoProto) *onnxpb.ValueInfoProto {
	if v == nil {
		return &onnxpb.ValueInfoProto{}
	}
	c := &onnxpb.ValueInfoProto{Name: v.Name, Type: v.Type, DocString: v.DocString, MetadataProps: v.MetadataProps}
	copyUnknown(c, v)
	return c
}

func shallowGraph(s *onnxpb.GraphProto) *onnxpb.GraphProto {
	c := &onnxpb.GraphProto{
		Name:                   s.Name,
		DocString:              s.DocString,
		SparseInitializer:      s.SparseInitializer,
		QuantizationAnnotation: s.QuantizationAnnotation,
		MetadataProps:          s.MetadataProps,
	}
	copyUnknown(c, s)
	return c
}

func shallowTensor(t *onnxpb.TensorProto) *onnxpb.TensorProto {
	// TensorProto has many fields; a reflective copy keeps them all.
	c := &onnxpb.TensorProto{}
	src := t.ProtoReflect()
	dst := c.ProtoReflect()
	src.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		dst.Set(fd, v)
		return true
	})
	copyUnknown(c, t)
	return c
}

func shallowModel(m *onnxpb.ModelProto) *onnxpb.ModelProto {
	c := &onnxpb.ModelProto{}
	src := m.ProtoReflect()
	dst := c.ProtoReflect()
	src.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		dst.Set(fd, v)
		return true
	})
	copyUnknown(c, m)
	return c
}

// tensorType makes a tensor TypeProto; nil dims leave the shape out.
func tensorType(elem int32, dims []Dim) *onnxpb.TypeProto {
	tt := &onnxpb.TypeProto_Tensor{ElemType: proto.Int32(elem)}
	if dims != nil {
		sh := &onnxpb.TensorShapeProto{Dim: []*onnxpb.TensorShapeProto_Dimension{}}
		for _, d := range dims {
			if d.Known() {
				sh.Dim = append(sh.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimValue{DimValue: d.Value}})
			} else {
				sh.Dim = append(sh.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimParam{DimParam: d.Param}})
			}
		}
		tt.Shape = sh
	}
	return &onnxpb.TypeProto{Value: &onnxpb.TypeProto_TensorType{TensorType: tt}}
}

// ValueInfo makes a tensor ValueInfoProto (nil dims: unknown rank).
func ValueInfo(name string, elem int32, dims []Dim) *onnxpb.ValueInfoProto {
	return &onnxpb.ValueInfoProto{Name: proto.String(name), Type: tensorType(elem, dims)}
}

// initShape sets a value's known type from its declaration or initializer.
func (g *Graph) initShape(v *Value) {
	if v.init != nil {
		dims := make([]Dim, len(v.init.GetDims()))
		for i, d := range v.init.GetDims() {
			dims[i] = IntDim(d)
		}
		v.setShape(v.init.GetDataType(), dims)
		return
	}
	tt := v.typ.GetTensorType()
	if tt == nil {
		v.setShape(0, nil)
		return
	}
	sh := tt.GetShape()
	if sh == nil {
		v.setShape(tt.GetElemType(), nil)
		return
	}
	dims := make([]Dim, len(sh.GetDim()))
	for i, d := range sh.GetDim() {
		switch x := d.GetValue().(type) {
		case *onnxpb.TensorShapeProto_Dimension_DimValue:
			dims[i] = IntDim(x.DimValue)
		case *onnxpb.TensorShapeProto_Dimension_DimParam:
			if x.DimParam == "" {
				dims[i] = g.freshDim()
			} else {
				dims[i] = SymDim(x.DimParam)
			}
		default:
			dims[i] = g.freshDim()
		}
	}
	v.setShape(tt.GetElemType(), dims)
}
