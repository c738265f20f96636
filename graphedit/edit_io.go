package graphedit

// Edits of the graph's interface: inputs, outputs and initializers.

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// AddInput appends a graph input with the given element type and shape
// (nil dims: unknown rank). The name must be unused.
func (g *Graph) AddInput(name string, elem int32, dims []Dim) (*Value, error) {
	if name == "" || g.nameTaken(name) {
		return nil, fmt.Errorf("graphedit: add graph input %q: name empty or already in use", name)
	}
	g.gen++
	v := g.newValue(name)
	v.input = true
	info := ValueInfo(name, elem, dims)
	v.typ = info.Type
	v.setShape(elem, dims)
	g.inputs = append(g.inputs, &port{v: v, info: info})
	return v, nil
}

// RemoveInput removes a graph input. An input that also has initializer
// data stays as an initializer; otherwise it must be unused.
func (g *Graph) RemoveInput(v *Value) error {
	if v == nil || v.g != g || !v.input {
		return fmt.Errorf("graphedit: remove graph input %s: not a graph input", v)
	}
	if v.init == nil && (len(v.uses) > 0 || v.IsGraphOutput()) {
		return fmt.Errorf("graphedit: remove graph input %q: still used (%d uses)", v.name, len(v.uses))
	}
	g.gen++
	for i, p := range g.inputs {
		if p.v == v {
			g.inputs = append(g.inputs[:i], g.inputs[i+1:]...)
			break
		}
	}
	v.input = false
	if v.init == nil {
		delete(g.values, v.name)
		v.g = nil
	}
	return nil
}

// AddOutput appends v to the graph outputs, declared with v's known type.
func (g *Graph) AddOutput(v *Value) error {
	if v == nil || v.g != g {
		return fmt.Errorf("graphedit: add graph output %s: not a value of this graph", v)
	}
	g.gen++
	info := &onnxpb.ValueInfoProto{Name: proto.String(v.name), Type: v.typ}
	if info.Type == nil && v.elem != 0 {
		info.Type = tensorType(v.elem, v.Shape())
	}
	g.outputs = append(g.outputs, &port{v: v, info: info})
	return nil
}

// RemoveOutput removes v from the graph outputs (every slot holding it).
func (g *Graph) RemoveOutput(v *Value) error {
	if v == nil || v.g != g || !v.IsGraphOutput() {
		return fmt.Errorf("graphedit: remove graph output %s: not a graph output", v)
	}
	g.gen++
	kept := g.outputs[:0]
	for _, p := range g.outputs {
		if p.v != v {
			kept = append(kept, p)
		}
	}
	g.outputs = kept
	return nil
}

// AddInitializer adds a constant; its name (t.Name) must be unused.
func (g *Graph) AddInitializer(t *onnxpb.TensorProto) (*Value, error) {
	name := t.GetName()
	if name == "" || g.nameTaken(name) {
		return nil, fmt.Errorf("graphedit: add initializer %q: name empty or already in use", name)
	}
	g.gen++
	v := g.newValue(name)
	v.init = t
	g.inits = append(g.inits, v)
	g.initShape(v)
	return v, nil
}

// SetInitializer replaces the data of initializer v (t's name is ignored;
// the value keeps its name). Readers keep reading v. Declarations that may
// no longer match are updated: a value_info entry for v is dropped, and when
// v is also a graph input its input declaration takes t's type and shape.
func (g *Graph) SetInitializer(v *Value, t *onnxpb.TensorProto) error {
	if v == nil || v.g != g || v.init == nil {
		return fmt.Errorf("graphedit: set initializer %s: not an initializer of this graph", v)
	}
	if t == nil {
		return fmt.Errorf("graphedit: set initializer %q: nil tensor", v.name)
	}
	g.gen++
	if t.GetName() != v.name {
		t = shallowTensor(t)
		t.Name = proto.String(v.name)
	}
	v.init = t
	v.info = nil
	if v.input {
		dims := intDims(t.GetDims())
		for _, p := range g.inputs {
			if p.v == v {
				p.info = shallowValueInfo(p.info)
				p.info.Type = tensorType(t.GetDataType(), dims)
				v.typ = p.info.Type
			}
		}
	} else {
		v.typ = nil
	}
	g.initShape(v)
	return nil
}

// RemoveInitializer removes an initializer. It must be unused unless it is
// also a graph input (then only its default data goes).
func (g *Graph) RemoveInitializer(v *Value) error {
	if v == nil || v.g != g || v.init == nil {
		return fmt.Errorf("graphedit: remove initializer %s: not an initializer of this graph", v)
	}
	if !v.input && (len(v.uses) > 0 || v.IsGraphOutput()) {
		return fmt.Errorf("graphedit: remove initializer %q: still used (%d uses)", v.name, len(v.uses))
	}
	g.gen++
	g.dropInit(v)
	return nil
}

func (g *Graph) dropInit(v *Value) {
	for i, x := range g.inits {
		if x == v {
			g.inits = append(g.inits[:i], g.inits[i+1:]...)
			break
		}
	}
	v.init = nil
	if !v.input {
		delete(g.values, v.name)
		v.g = nil
	}
}

// ExposeInitializer lists initializer v among the graph inputs as well, so
// its data becomes an overridable default: a run may feed it by name, and
// one that does not uses the stored data. The input is declared with the
// tensor's type and shape. A value already listed is left as it is.
func (g *Graph) ExposeInitializer(v *Value) error {
	if v == nil || v.g != g || v.init == nil {
		return fmt.Errorf("graphedit: expose initializer %s: not an initializer of this graph", v)
	}
	if v.input {
		return nil
	}
	g.gen++
	info := ValueInfo(v.name, v.init.GetDataType(), intDims(v.init.GetDims()))
	if v.typ == nil {
		v.typ = info.Type
	}
	v.input = true
	g.inputs = append(g.inputs, &port{v: v, info: info})
	return nil
}
