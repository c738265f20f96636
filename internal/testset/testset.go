// Package testset reads ONNX's test-data layout, the reference inputs and
// outputs the tests run committed models on: beside model.onnx, folders
// model/test_data_set_K holding input_J.pb and output_J.pb, one serialized
// TensorProto each, named by the graph input or output it belongs to.
package testset

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// Set is one test_data_set_K folder: the inputs and expected outputs by name.
type Set struct {
	Dir     string
	Inputs  map[string]*ortrun.Tensor
	Outputs map[string]*ortrun.Tensor
}

// Read reads dir/input_*.pb and dir/output_*.pb. A folder without either
// kind of file is an error, and so is a tensor of a type Tensor does not
// convert.
func Read(dir string) (*Set, error) {
	s := &Set{Dir: dir, Inputs: map[string]*ortrun.Tensor{}, Outputs: map[string]*ortrun.Tensor{}}
	for kind, tensors := range map[string]map[string]*ortrun.Tensor{"input": s.Inputs, "output": s.Outputs} {
		files, err := filepath.Glob(filepath.Join(dir, kind+"_*.pb"))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no %s_*.pb", dir, kind)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			var tp onnxpb.TensorProto
			if err := proto.Unmarshal(b, &tp); err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			t, err := Tensor(&tp)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			tensors[tp.GetName()] = t
		}
	}
	return s, nil
}

// ReadAll reads the test_data_set_* folders beside model (its path without
// ".onnx"), in name order; a model without any gives none.
func ReadAll(model string) ([]*Set, error) {
	dirs, err := filepath.Glob(filepath.Join(strings.TrimSuffix(model, ".onnx"), "test_data_set_*"))
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	sets := make([]*Set, 0, len(dirs))
	for _, dir := range dirs {
		s, err := Read(dir)
		if err != nil {
			return nil, err
		}
		sets = append(sets, s)
	}
	return sets, nil
}

// OutputNames returns the names of the expected outputs, sorted.
func (s *Set) OutputNames() []string {
	names := make([]string, 0, len(s.Outputs))
	for n := range s.Outputs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Tensor converts an inline TensorProto of the element types the fixtures
// use (float, float16, bfloat16, int64, int32, bool) to an ONNX Runtime
// tensor.
func Tensor(t *onnxpb.TensorProto) (*ortrun.Tensor, error) {
	d, err := onnxio.DecodeTensor(t, nil)
	if err != nil {
		return nil, err
	}
	shape := append([]int64{}, d.Dims...)
	switch d.DataType {
	case onnxpb.TensorProto_FLOAT:
		return ortrun.NewF32(shape, d.F32), nil
	case onnxpb.TensorProto_FLOAT16:
		return ortrun.NewF16(shape, d.U16), nil
	case onnxpb.TensorProto_BFLOAT16:
		return ortrun.NewBF16(shape, d.U16), nil
	case onnxpb.TensorProto_INT64:
		return ortrun.NewI64(shape, d.I64), nil
	case onnxpb.TensorProto_INT32:
		return ortrun.NewI32(shape, d.I32), nil
	case onnxpb.TensorProto_BOOL:
		return ortrun.NewBool(shape, d.Bool), nil
	}
	return nil, fmt.Errorf("tensor %q: element type %v not used by the fixtures", t.GetName(), d.DataType)
}
