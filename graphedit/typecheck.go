package graphedit

import (
	"fmt"
	"strings"

	"onnxprune/onnxio/onnxpb"
)

// sameTypeInputs lists, per op of the default domain, the input indices that
// the ONNX schema binds to one type parameter: ONNX Runtime refuses a model
// in which they differ ("Type parameter (T) of Optype (Add) bound to
// different types"). -1 stands for every input from the previous index on
// (variadic ops). Pow is absent: its exponent has a type parameter of its
// own (T1), so float16 ** float32 is valid.
var sameTypeInputs = map[string][]int{
	"Add": {0, 1}, "Sub": {0, 1}, "Mul": {0, 1}, "Div": {0, 1}, "Mod": {0, 1},
	"PRelu": {0, 1}, "BitShift": {0, 1},
	"And": {0, 1}, "Or": {0, 1}, "Xor": {0, 1},
	"Equal": {0, 1}, "Less": {0, 1}, "Greater": {0, 1},
	"LessOrEqual": {0, 1}, "GreaterOrEqual": {0, 1},
	"Where": {1, 2},
	"Sum":   {0, -1}, "Max": {0, -1}, "Min": {0, -1}, "Mean": {0, -1},
	"Concat": {0, -1},
	"MatMul": {0, 1}, "Gemm": {0, 1, 2},
	"LayerNormalization": {0, 1, 2},
}

// CheckTypes checks that the inputs the ONNX schema binds to one type
// parameter have one element type: both operands of the elementwise and
// comparison ops (Add, Sub, Mul, Div, Mod, PRelu, And, Or, Xor, Equal, Less,
// Greater, …), Where's two branches, every input of Sum, Max, Min, Mean and
// Concat, MatMul's and Gemm's operands and LayerNormalization's input, scale
// and bias. Element types come from InferShapes (declared types where it
// has no rule); an input whose type is unknown is not compared. If, Loop and
// Scan bodies are checked too. The error names the first offending node,
// its inputs and their types; a rewrite that inserts a constant of the
// wrong precision (a float32 zero next to a float16 bias) is caught before
// the model is written.
func (g *Graph) CheckTypes() error {
	g.ensureAnalysis()
	for _, n := range g.nodes {
		if err := checkNodeTypes(n); err != nil {
			return fmt.Errorf("graphedit: type check: graph %q: %w", g.Name(), err)
		}
		if !n.HasSubgraphs() {
			continue
		}
		for _, a := range n.Attributes() {
			if a.GetType() != onnxpb.AttributeProto_GRAPH {
				continue
			}
			sub, err := g.Subgraph(n, a.GetName())
			if err != nil {
				return fmt.Errorf("graphedit: type check: %w", err)
			}
			if err := sub.CheckTypes(); err != nil {
				return fmt.Errorf("node %s attribute %q: %w", n, a.GetName(), err)
			}
		}
	}
	return nil
}

// checkNodeTypes compares the element types of the inputs of n that share
// a type parameter.
func checkNodeTypes(n *Node) error {
	if d := n.Domain(); d != "" && d != "ai.onnx" {
		return nil
	}
	idx, ok := sameTypeInputs[n.OpType()]
	if !ok {
		return nil
	}
	var group []int
	for k, i := range idx {
		if i >= 0 {
			group = append(group, i)
			continue
		}
		for j := idx[k-1] + 1; j < n.NumInputs(); j++ {
			group = append(group, j)
		}
	}
	first := -1
	for _, i := range group {
		v := n.Input(i)
		if v == nil || v.ElemType() == 0 {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		if w := n.Input(first); v.ElemType() != w.ElemType() {
			return fmt.Errorf("node %s: input %d %q is %s but input %d %q is %s (ONNX binds them to one type)",
				n, first, w.Name(), elemTypeName(w.ElemType()), i, v.Name(), elemTypeName(v.ElemType()))
		}
	}
	return nil
}

// elemTypeName gives the lower-case ONNX name of an element type
// ("float16"), or "type N" outside the enum.
func elemTypeName(elem int32) string {
	if s, ok := onnxpb.TensorProto_DataType_name[elem]; ok {
		return strings.ToLower(s)
	}
	return fmt.Sprintf("type %d", elem)
}

// TypeCheckPass runs CheckTypes as a pass that changes nothing: put it last
// in RunPasses to refuse a rewrite that leaves operands of mixed precision.
var TypeCheckPass Pass = PassFunc{PassName: "type-check", Fn: func(g *Graph) (bool, error) {
	return false, g.CheckTypes()
}}
