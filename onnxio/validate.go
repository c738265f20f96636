package onnxio

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

// validate checks, without reading tensor data, that the model respects the
// resource limits and that every tensor's data matches its shape.
func (m *Model) validate(opts *LoadOptions) error {
	maxDepth, maxAttrs, maxList := opts.limits()
	var graph func(g *onnxpb.GraphProto, where string, depth int) error
	var nodes func(ns []*onnxpb.NodeProto, where string, depth int) error
	nodes = func(ns []*onnxpb.NodeProto, where string, depth int) error {
		for i, n := range ns {
			nw := where + " " + nodeLabel(n, i)
			if len(n.Attribute) > maxAttrs {
				return fmt.Errorf("%s has %d attributes (limit %d)", nw, len(n.Attribute), maxAttrs)
			}
			for _, a := range n.Attribute {
				aw := fmt.Sprintf("%s attribute %q", nw, a.GetName())
				for _, l := range []int{len(a.Floats), len(a.Ints), len(a.Strings), len(a.Tensors), len(a.Graphs), len(a.SparseTensors), len(a.TypeProtos)} {
					if l > maxList {
						return fmt.Errorf("%s holds a list of %d values (limit %d)", aw, l, maxList)
					}
				}
				if a.G != nil {
					if err := graph(a.G, aw+" graph", depth+1); err != nil {
						return err
					}
				}
				for j, g := range a.Graphs {
					if err := graph(g, fmt.Sprintf("%s graph[%d]", aw, j), depth+1); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	graph = func(g *onnxpb.GraphProto, where string, depth int) error {
		if depth > maxDepth {
			return fmt.Errorf("%s: subgraphs nested more than %d deep", where, maxDepth)
		}
		if g == nil {
			return nil
		}
		for _, vis := range [][]*onnxpb.ValueInfoProto{g.Input, g.Output, g.ValueInfo} {
			for _, vi := range vis {
				if err := checkType(vi.Type, 0); err != nil {
					return fmt.Errorf("%s value %q: %w", where, vi.GetName(), err)
				}
			}
		}
		return nodes(g.Node, fmt.Sprintf("%s %q", where, g.GetName()), depth)
	}
	if err := graph(m.Proto.Graph, "graph", 0); err != nil {
		return err
	}
	for i, ti := range m.Proto.TrainingInfo {
		if err := graph(ti.Initialization, fmt.Sprintf("training_info[%d] initialization", i), 0); err != nil {
			return err
		}
		if err := graph(ti.Algorithm, fmt.Sprintf("training_info[%d] algorithm", i), 0); err != nil {
			return err
		}
	}
	for _, f := range m.Proto.Functions {
		if err := nodes(f.Node, fmt.Sprintf("function %q", f.GetName()), 0); err != nil {
			return err
		}
	}
	var err error
	forEachTensor(m.Proto, func(r TensorRef) {
		if err == nil {
			if e := m.checkTensor(r.Tensor); e != nil {
				err = fmt.Errorf("%s: %w", r.Where, e)
			}
		}
	})
	return err
}

// checkType rejects negative dimensions in a value's declared shape and
// absurdly nested types.
func checkType(t *onnxpb.TypeProto, depth int) error {
	if t == nil {
		return nil
	}
	if depth > 16 {
		return fmt.Errorf("type nested more than 16 deep")
	}
	var sub *onnxpb.TypeProto
	switch v := t.Value.(type) {
	case *onnxpb.TypeProto_TensorType:
		return checkShape(v.TensorType.GetShape())
	case *onnxpb.TypeProto_SparseTensorType:
		return checkShape(v.SparseTensorType.GetShape())
	case *onnxpb.TypeProto_SequenceType:
		sub = v.SequenceType.GetElemType()
	case *onnxpb.TypeProto_OptionalType:
		sub = v.OptionalType.GetElemType()
	case *onnxpb.TypeProto_MapType:
		sub = v.MapType.GetValueType()
	}
	return checkType(sub, depth+1)
}

func checkShape(s *onnxpb.TensorShapeProto) error {
	for _, d := range s.GetDim() {
		if v, ok := d.Value.(*onnxpb.TensorShapeProto_Dimension_DimValue); ok && v.DimValue < 0 {
			return fmt.Errorf("negative dimension %d in declared shape", v.DimValue)
		}
	}
	return nil
}

// checkTensor verifies that a tensor's stored data matches its dims and
// type, and that external data is where it says, before anything is
// allocated for it.
func (m *Model) checkTensor(t *onnxpb.TensorProto) error {
	dt := onnxpb.TensorProto_DataType(t.GetDataType())
	if _, known := onnxpb.TensorProto_DataType_name[int32(dt)]; !known || dt == onnxpb.TensorProto_UNDEFINED {
		return fmt.Errorf("unknown data type %d", t.GetDataType())
	}
	if t.Segment != nil {
		return fmt.Errorf("segmented tensors are not supported")
	}
	n, err := numElements(t.GetDims())
	if err != nil {
		return err
	}
	if dt == onnxpb.TensorProto_STRING {
		if t.GetDataLocation() == onnxpb.TensorProto_EXTERNAL || t.RawData != nil {
			return fmt.Errorf("STRING tensor must store its values in string_data")
		}
		if int64(len(t.StringData)) != n {
			return fmt.Errorf("shape %v needs %d strings, string_data has %d", t.GetDims(), n, len(t.StringData))
		}
		return nil
	}
	want, ok := ByteSize(dt, n)
	if !ok || want > 1<<50 {
		return fmt.Errorf("shape %v of %s is too large", t.GetDims(), dtypeName(dt))
	}
	if t.GetDataLocation() == onnxpb.TensorProto_EXTERNAL {
		ref, err := parseExternal(t)
		if err != nil {
			return err
		}
		if ref.length != want {
			return fmt.Errorf("shape %v of %s needs %d bytes, external_data length is %d", t.GetDims(), dtypeName(dt), want, ref.length)
		}
		_, err = m.ReadExternal(ref.location, ref.offset, ref.length)
		return err
	}
	if t.RawData != nil {
		if int64(len(t.RawData)) != want {
			return fmt.Errorf("shape %v of %s needs %d bytes, raw_data has %d", t.GetDims(), dtypeName(dt), want, len(t.RawData))
		}
		return nil
	}
	field, have, need := typedCount(t, dt, n)
	if have != need {
		return fmt.Errorf("shape %v of %s needs %d values in %s, found %d", t.GetDims(), dtypeName(dt), need, field, have)
	}
	return nil
}

// typedCount returns the typed field ONNX uses for dt, the number of values
// it holds and the number n elements need.
func typedCount(t *onnxpb.TensorProto, dt onnxpb.TensorProto_DataType, n int64) (field string, have, need int64) {
	switch dt {
	case onnxpb.TensorProto_FLOAT:
		return "float_data", int64(len(t.FloatData)), n
	case onnxpb.TensorProto_COMPLEX64:
		return "float_data", int64(len(t.FloatData)), 2 * n
	case onnxpb.TensorProto_DOUBLE:
		return "double_data", int64(len(t.DoubleData)), n
	case onnxpb.TensorProto_COMPLEX128:
		return "double_data", int64(len(t.DoubleData)), 2 * n
	case onnxpb.TensorProto_INT64:
		return "int64_data", int64(len(t.Int64Data)), n
	case onnxpb.TensorProto_UINT32, onnxpb.TensorProto_UINT64:
		return "uint64_data", int64(len(t.Uint64Data)), n
	}
	switch DataTypeBits(dt) {
	case 4:
		return "int32_data", int64(len(t.Int32Data)), (n + 1) / 2
	case 2:
		return "int32_data", int64(len(t.Int32Data)), (n + 3) / 4
	}
	return "int32_data", int64(len(t.Int32Data)), n
}
