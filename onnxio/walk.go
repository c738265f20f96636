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
	// Node is the node whose attribute holds the tensor (nil for
	// initializers and for function attribute defaults).
	Node *onnxpb.NodeProto
	// SparseIndices is true for the indices tensor of a sparse tensor.
	SparseIndices bool
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
	var attrs func(as []*onnxpb.AttributeProto, where string, node *onnxpb.NodeProto)
	attrs = func(as []*onnxpb.AttributeProto, where string, node *onnxpb.NodeProto) {
		for _, a := range as {
			aw := fmt.Sprintf("%s attribute %q", where, a.GetName())
			if a.T != nil {
				fn(TensorRef{Tensor: a.T, Where: aw, Constant: true, Node: node})
			}
			for i, t := range a.Tensors {
				fn(TensorRef{Tensor: t, Where: fmt.Sprintf("%s[%d]", aw, i), Constant: true, Node: node})
			}
			sparse(a.SparseTensor, TensorRef{Where: aw, Constant: true, Node: node}, fn)
			for i, s := range a.SparseTensors {
				sparse(s, TensorRef{Where: fmt.Sprintf("%s[%d]", aw, i), Constant: true, Node: node}, fn)
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
			attrs(n.Attribute, where+" "+nodeLabel(n, i), n)
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
			sparse(s, TensorRef{Where: fmt.Sprintf("%s sparse initializer %d", gw, i)}, fn)
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
		attrs(f.AttributeProto, fw, nil)
		nodes(f.Node, fw)
	}
}

// sparse calls fn for the values and indices of s, described by base.
func sparse(s *onnxpb.SparseTensorProto, base TensorRef, fn func(TensorRef)) {
	if s == nil {
		return
	}
	if s.Values != nil {
		r := base
		r.Tensor, r.Where = s.Values, base.Where+" values"
		fn(r)
	}
	if s.Indices != nil {
		r := base
		r.Tensor, r.Where, r.SparseIndices = s.Indices, base.Where+" indices", true
		fn(r)
	}
}

// nodeLabel names a node for messages: its name, or its op type and index.
func nodeLabel(n *onnxpb.NodeProto, i int) string {
	if n.GetName() != "" {
		return fmt.Sprintf("node %q", n.GetName())
	}
	return fmt.Sprintf("node #%d (%s)", i, n.GetOpType())
}
