package attribution

import (
	"fmt"
	"slices"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
)

// biasNode is a forward node that adds a constant to a relevance-carrying
// value: the constant keeps a share of the relevance (the ε-rule's bias
// term). out·s = (x + b)·s, so b·s is what the constant absorbed.
type biasNode struct {
	node  *graphedit.Node
	bias  *graphedit.Value
	scale float64 // −1 for Sub(x, b), Gemm's beta, else 1
}

func isFloat(v *graphedit.Value) bool {
	return v != nil && graphedit.IsFloat(v.ElemType())
}

// maybeFloat also admits a value whose element type inference left unknown,
// so that activity is not lost on the way.
func maybeFloat(v *graphedit.Value) bool {
	return v != nil && (graphedit.IsFloat(v.ElemType()) || v.ElemType() == 0)
}

// findBiasNodes lists the nodes among fwd that add a constant to a value
// carrying relevance: Add and Sub with one operand that does not depend on
// the sources (through float values and the input slots the rules call
// differentiable: a value computed from a detached gate such as Erf's
// output is a constant here), Gemm's C, LayerNormalization's β; only nodes
// whose output passes relevance on to the target (leads).
func findBiasNodes(g *graphedit.Graph, fwd map[*graphedit.Node]bool, sources []*graphedit.Value, leads map[*graphedit.Value]bool, rules *autodiff.Registry) ([]biasNode, error) {
	order, err := g.TopoOrder()
	if err != nil {
		return nil, fmt.Errorf("attribution: %w", err)
	}
	active := map[*graphedit.Value]bool{}
	for _, s := range sources {
		active[s] = true
	}
	for _, n := range order {
		if !fwd[n] {
			continue
		}
		var diff []int
		all := true
		if r, ok := rules.Lookup(n.Domain(), n.OpType(), g.Opset(n.Domain())); ok && r.Diff != nil {
			diff, all = r.Diff, false
		}
		any := false
		for i, x := range n.Inputs() {
			if x != nil && active[x] && maybeFloat(x) && (all || slices.Contains(diff, i)) {
				any = true
			}
		}
		if !any {
			continue
		}
		for _, y := range n.Outputs() {
			if maybeFloat(y) {
				active[y] = true
			}
		}
	}
	var out []biasNode
	for _, n := range order {
		if !fwd[n] || n.Domain() != "" || n.NumOutputs() < 1 || !active[n.Output(0)] || !leads[n.Output(0)] {
			continue
		}
		in := func(i int) *graphedit.Value {
			if i < n.NumInputs() {
				return n.Input(i)
			}
			return nil
		}
		constant := func(v *graphedit.Value) bool { return v != nil && maybeFloat(v) && !active[v] }
		switch n.OpType() {
		case "Add":
			if constant(in(1)) && active[in(0)] {
				out = append(out, biasNode{n, in(1), 1})
			} else if constant(in(0)) && active[in(1)] {
				out = append(out, biasNode{n, in(0), 1})
			}
		case "Sub":
			if constant(in(1)) && active[in(0)] {
				out = append(out, biasNode{n, in(1), -1})
			} else if constant(in(0)) && active[in(1)] {
				out = append(out, biasNode{n, in(0), 1})
			}
		case "Gemm":
			if constant(in(2)) {
				out = append(out, biasNode{n, in(2), float64(n.AttrFloat("beta", 1))})
			}
		case "LayerNormalization":
			if constant(in(2)) {
				out = append(out, biasNode{n, in(2), 1})
			}
		}
	}
	return out, nil
}

// leadsTo returns the values from which relevance reaches target under
// rules: a walk back from target through the input slots the rules call
// differentiable (Softmax, for one, passes none).
func leadsTo(g *graphedit.Graph, target *graphedit.Value, rules *autodiff.Registry) map[*graphedit.Value]bool {
	seen := map[*graphedit.Value]bool{target: true}
	stack := []*graphedit.Value{target}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n, _ := v.Producer()
		if n == nil {
			continue
		}
		var diff []int
		all := true
		if r, ok := rules.Lookup(n.Domain(), n.OpType(), g.Opset(n.Domain())); ok && r.Diff != nil {
			diff, all = r.Diff, false
		}
		for i, x := range n.Inputs() {
			if x == nil || seen[x] || !(all || slices.Contains(diff, i)) {
				continue
			}
			seen[x] = true
			stack = append(stack, x)
		}
	}
	return seen
}

// reach returns the nodes reachable forward from vals.
func reach(vals []*graphedit.Value) map[*graphedit.Node]bool {
	seen := map[*graphedit.Node]bool{}
	stack := append([]*graphedit.Value(nil), vals...)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, u := range v.Uses() {
			if u.Node == nil || seen[u.Node] {
				continue
			}
			seen[u.Node] = true
			for _, y := range u.Node.Outputs() {
				if y != nil {
					stack = append(stack, y)
				}
			}
		}
	}
	return seen
}
