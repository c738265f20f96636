package ortrun

import (
	"fmt"
	"os"
	"path/filepath"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Fetching float16 and bfloat16 outputs.
//
// onnxruntime_go v1.27 copies an output that ONNX Runtime allocated into Go
// memory by its element count, not its byte count, for element types it has
// no Go type for: a float16 output loses half its bytes and the run fails.
// Outputs cannot be preallocated either when their shape is known only at
// run time. So a session on a model with half-precision outputs runs a
// widened copy of the model: each such output also goes through a
// Cast(to=FLOAT) into an extra graph output, which ONNX Runtime allocates
// as float32; Run fetches that one and hands back the original element type
// (the cast is exact both ways). The model file is not changed; Outputs
// lists the model's own outputs.

// externalFolderKey is ONNX Runtime's session option telling where the
// external data of a model loaded from memory lives.
const externalFolderKey = "session.model_external_initializers_file_folder_path"

// halfOutput is a half-precision output and the float32 output that carries
// it in the widened model.
type halfOutput struct {
	dtype DType
	wide  string
}

// widenHalfOutputs switches s to the widened model when the model has
// float16 or bfloat16 outputs.
func (s *Session) widenHalfOutputs() error {
	var halves []ValueInfo
	for _, o := range s.outputs {
		if o.DType == Float16 || o.DType == BFloat16 {
			halves = append(halves, o)
		}
	}
	if len(halves) == 0 {
		return nil
	}
	raw := s.data
	if s.path != "" {
		var err error
		if raw, err = os.ReadFile(s.path); err != nil {
			return fmt.Errorf("ortrun: %s: %w", s.name, err)
		}
	}
	var m onnxpb.ModelProto
	if err := proto.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("ortrun: %s: reading the model to widen its %s outputs: %w", s.name, halves[0].DType, err)
	}
	g := m.GetGraph()
	taken := map[string]bool{}
	for _, v := range g.GetInput() {
		taken[v.GetName()] = true
	}
	for _, t := range g.GetInitializer() {
		taken[t.GetName()] = true
	}
	for _, n := range g.GetNode() {
		taken[n.GetName()] = true
		for _, o := range n.GetOutput() {
			taken[o] = true
		}
	}
	fresh := func(base string) string {
		name := base
		for i := 1; taken[name]; i++ {
			name = fmt.Sprintf("%s_%d", base, i)
		}
		taken[name] = true
		return name
	}
	s.half = map[string]halfOutput{}
	for _, o := range halves {
		wide := fresh("ortrun/float32/" + o.Name)
		g.Node = append(g.Node, &onnxpb.NodeProto{
			Name: proto.String(wide), OpType: proto.String("Cast"),
			Input: []string{o.Name}, Output: []string{wide},
			Attribute: []*onnxpb.AttributeProto{{Name: proto.String("to"), Type: onnxpb.AttributeProto_INT.Enum(),
				I: proto.Int64(int64(onnxpb.TensorProto_FLOAT))}},
		})
		g.Output = append(g.Output, &onnxpb.ValueInfoProto{Name: proto.String(wide), Type: &onnxpb.TypeProto{
			Value: &onnxpb.TypeProto_TensorType{TensorType: &onnxpb.TypeProto_Tensor{
				ElemType: proto.Int32(int32(onnxpb.TensorProto_FLOAT))}}}})
		s.half[o.Name] = halfOutput{dtype: o.DType, wide: wide}
	}
	data, err := proto.Marshal(&m)
	if err != nil {
		return fmt.Errorf("ortrun: %s: widening %s outputs: %w", s.name, halves[0].DType, err)
	}
	if s.path != "" {
		// External data stays where the model file's references point.
		if err := s.sopts.AddSessionConfigEntry(externalFolderKey, filepath.Dir(s.path)); err != nil {
			return fmt.Errorf("ortrun: %s: %w", s.name, err)
		}
		s.path = ""
	}
	s.data = data
	return nil
}

// ortOutputs maps output names as callers give them to the names ONNX
// Runtime runs (the widened float32 output of a half-precision one).
func (s *Session) ortOutputs(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		if h, ok := s.half[n]; ok {
			n = h.wide
		}
		out[i] = n
	}
	return out
}

// narrow turns the float32 tensor fetched for half-precision output h back
// into h's element type.
func narrow(t *Tensor, h halfOutput) (*Tensor, error) {
	if t.F32 == nil {
		return nil, fmt.Errorf("widened output %q came back as %s, not float32", h.wide, t.DType())
	}
	bits := make([]uint16, len(t.F32))
	if h.dtype == BFloat16 {
		for i, f := range t.F32 {
			bits[i] = onnxio.Float32ToBFloat16(f)
		}
		return NewBF16(t.Shape, bits), nil
	}
	for i, f := range t.F32 {
		bits[i] = onnxio.Float32ToFloat16(f)
	}
	return NewF16(t.Shape, bits), nil
}
