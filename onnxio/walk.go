package onnxio

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

// TensorRef is one TensorProto found in a model, with a description of
// where it sits ("graph \"main\" initializer \"W\"") for error messages.
type TensorRef struct {
	Tensor *onnxpb.TensorProto
	Where  string
	// Constant is true for tensors held by a node attribute (Constant
	// nodes' values and other tensor attributes), false for initializers.
	Constant bool
}

// Tensors lists every TensorProto of the model: initializers (dense and the
// values/indices of sparse ones) and tensor-valued node attributes, in the
// main graph, in subgraphs at any depth, in training-info graphs and in
// model-local functions. The order is deterministic.
func (m *Model) Tensors() []TensorRef {
	var out []TensorRef
	forEachTensor(m.Proto, func(r TensorRef) { out = append(out, r) })
	return out
}

// forEachTensor calls fn for every tensor in p (see Model.Tensors).
func forEachTensor(p *onnxpb.ModelProto, fn func(TensorRef)) {
	var graph func(g *onnxpb.GraphProto, where string)
	var nodes func(ns []*onnxpb.NodeProto, where string)
	var attrs func(as []*onnxpb.AttributeProto, where string)
	attrs = func(as []*onnxpb.AttributeProto, where string) {
		for _, a := range as {
			aw := fmt.Sprintf("%s attribute %q", where, a.GetName())
			if a.T != nil {
				fn(TensorRef{Tensor: a.T, Where: aw, Constant: true})
			}
			for i, t := range a.Tensors {
				fn(TensorRef{Tensor: t, Where: fmt.Sprintf("%s[%d]", aw, i), Constant: true})
			}
			sparse(a.SparseTensor, aw, true, fn)
			for i, s := range a.SparseTensors {
				sparse(s, fmt.Sprintf("%s[%d]", aw, i), true, fn)
			}
			if a.G != nil {
				graph(a.G, aw+" graph")
			}
			for i, g := range a.Graphs {
				graph(g, fmt.Sprintf("%s graph[%d]", aw, i))
			}
		}
	}
	nodes = func(ns []*onnxpb.NodeProto, where string) {
		for i, n := range ns {
			attrs(n.Attribute, where+" "+nodeLabel(n, i))
		}
	}
	graph = func(g *onnxpb.GraphProto, where string) {
		if g == nil {
			return
		}
		gw := fmt.Sprintf("%s %q", where, g.GetName())
		for _, t := range g.Initializer {
			fn(TensorRef{Tensor: t, Where: fmt.Sprintf("%s initializer %q", gw, t.GetName())})
		}
		for i, s := range g.SparseInitializer {
			sparse(s, fmt.Sprintf("%s sparse initializer %d", gw, i), false, fn)
		}
		nodes(g.Node, gw)
	}
	graph(p.Graph, "graph")
	for i, ti := range p.TrainingInfo {
		graph(ti.Initialization, fmt.Sprintf("training_info[%d] initialization", i))
		graph(ti.Algorithm, fmt.Sprintf("training_info[%d] algorithm", i))
	}
	for _, f := range p.Functions {
		fw := fmt.Sprintf("function %q", f.GetName())
		attrs(f.AttributeProto, fw)
		nodes(f.Node, fw)
	}
}

func sparse(s *onnxpb.SparseTensorProto, where string, constant bool, fn func(TensorRef)) {
	if s == nil {
		return
	}
	if s.Values != nil {
		fn(TensorRef{Tensor: s.Values, Where: where + " values", Constant: constant})
	}
	if s.Indices != nil {
		fn(TensorRef{Tensor: s.Indices, Where: where + " indices", Constant: constant})
	}
}

// nodeLabel names a node for messages: its name, or its op type and index.
func nodeLabel(n *onnxpb.NodeProto, i int) string {
	if n.GetName() != "" {
		return fmt.Sprintf("node %q", n.GetName())
	}
	return fmt.Sprintf("node #%d (%s)", i, n.GetOpType())
}
