package autodiff

import (
	"fmt"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// ExposeInitializers lists the named initializers of m's main graph among
// its inputs, keeping their data as the default value (ONNX Runtime then
// lets a run feed a new value by name and uses the stored one otherwise).
// Names already listed as inputs are left alone; a name that is not an
// initializer is an error, and m is unchanged.
//
// Build records gradients of initializers without changing how they are
// declared (the graph IR has no edit that turns an existing initializer
// into an input); a training loop that feeds updated weights calls this on
// the model it writes.
func ExposeInitializers(m *onnxpb.ModelProto, names ...string) error {
	gp := m.GetGraph()
	if gp == nil {
		return fmt.Errorf("autodiff: expose initializers: model has no graph")
	}
	inits := map[string]*onnxpb.TensorProto{}
	for _, t := range gp.GetInitializer() {
		inits[t.GetName()] = t
	}
	listed := map[string]bool{}
	for _, x := range gp.GetInput() {
		listed[x.GetName()] = true
	}
	var add []*onnxpb.ValueInfoProto
	for _, name := range names {
		t := inits[name]
		if t == nil {
			return fmt.Errorf("autodiff: expose initializers: %q is not an initializer of graph %q", name, gp.GetName())
		}
		if listed[name] {
			continue
		}
		listed[name] = true
		dims := make([]graphedit.Dim, len(t.GetDims()))
		for i, d := range t.GetDims() {
			dims[i] = graphedit.IntDim(d)
		}
		add = append(add, graphedit.ValueInfo(name, t.GetDataType(), dims))
	}
	if len(add) > 0 {
		gp.Input = append(append([]*onnxpb.ValueInfoProto{}, gp.Input...), add...)
	}
	return nil
}
