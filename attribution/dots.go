package attribution

import (
	"fmt"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// dotTerm is one scalar the analysis graph reports: scale·Σ a⊙s over all
// elements, where s (a relevance signal) is shaped like the forward value
// like, and a is either shaped like it too (a cut value) or a vector along
// its last axis (a bias).
type dotTerm struct {
	a, s  *graphedit.Value
	like  *graphedit.Value
	scale float64
}

// dotRef says where a term's scalar is: element index of graph output name.
type dotRef struct {
	name  string
	index int
}

// emitDots adds the nodes computing every term and makes their results
// graph outputs. Terms whose signals share all but the last dimension (the
// residual stream of one side, an FFN's inner layer) are computed together:
// the signals are concatenated along the last axis, multiplied by the
// concatenated a's, summed down to the last axis, and a MatMul with a
// constant matrix of 0s and scales adds up each term's segment. A group is
// five nodes whatever its size, where one Mul and one ReduceSum per term
// would be two nodes each (the reference model has about seventy terms).
// Other terms get a Mul and a ReduceSum of their own.
func emitDots(g *graphedit.Graph, terms []dotTerm) ([]dotRef, error) {
	refs := make([]dotRef, len(terms))
	type group struct {
		vec     bool
		members []int
		widths  []int64
	}
	var groups []*group
	byKey := map[string]*group{}
	grouped := g.Opset("") >= 13 // ReduceSum takes its axes as an input
	for i, t := range terms {
		key, vec, width, ok := dotKey(t)
		if !ok || !grouped {
			name, err := singleDot(g, t)
			if err != nil {
				return nil, err
			}
			refs[i] = dotRef{name: name}
			continue
		}
		gr := byKey[key]
		if gr == nil {
			gr = &group{vec: vec}
			byKey[key] = gr
			groups = append(groups, gr)
		}
		gr.members = append(gr.members, i)
		gr.widths = append(gr.widths, width)
	}
	for _, gr := range groups {
		if len(gr.members) == 1 {
			i := gr.members[0]
			name, err := singleDot(g, terms[i])
			if err != nil {
				return nil, err
			}
			refs[i] = dotRef{name: name}
			continue
		}
		var as, ss []*graphedit.Value
		var total int64
		for k, i := range gr.members {
			as, ss = append(as, terms[i].a), append(ss, terms[i].s)
			total += gr.widths[k]
		}
		rank := terms[gr.members[0]].like.Rank()
		last := graphedit.IntAttr("axis", -1)
		sig, err := node(g, "Concat", g.FreshName("attr/dots/signals"), ss, last)
		if err != nil {
			return nil, err
		}
		lead := make([]int64, rank-1)
		for k := range lead {
			lead[k] = int64(k)
		}
		axes, err := g.AddInitializer(onnxio.NewInt64(g.FreshName("attr/dots/axes"), []int64{int64(len(lead))}, lead))
		if err != nil {
			return nil, fmt.Errorf("attribution: %w", err)
		}
		cat, err := node(g, "Concat", g.FreshName("attr/dots/values"), as, last)
		if err != nil {
			return nil, err
		}
		var sum *graphedit.Value
		if gr.vec {
			// Σ_t a_d·s_td = a_d·Σ_t s_td: sum the signals first.
			if sum, err = node(g, "ReduceSum", g.FreshName("attr/dots/sum"), []*graphedit.Value{sig, axes}, graphedit.IntAttr("keepdims", 0)); err != nil {
				return nil, err
			}
			if sum, err = node(g, "Mul", g.FreshName("attr/dots/mul"), []*graphedit.Value{sum, cat}); err != nil {
				return nil, err
			}
		} else {
			prod, err := node(g, "Mul", g.FreshName("attr/dots/mul"), []*graphedit.Value{cat, sig})
			if err != nil {
				return nil, err
			}
			if sum, err = node(g, "ReduceSum", g.FreshName("attr/dots/sum"), []*graphedit.Value{prod, axes}, graphedit.IntAttr("keepdims", 0)); err != nil {
				return nil, err
			}
		}
		n := int64(len(gr.members))
		seg := make([]float32, total*n)
		var off int64
		for k, i := range gr.members {
			for d := off; d < off+gr.widths[k]; d++ {
				seg[d*n+int64(k)] = float32(terms[i].scale)
			}
			off += gr.widths[k]
		}
		mt, err := graphedit.FloatConst(g.FreshName("attr/dots/segments"), terms[gr.members[0]].a, []int64{total, n}, seg)
		if err != nil {
			return nil, fmt.Errorf("attribution: %w", err)
		}
		m, err := g.AddInitializer(mt)
		if err != nil {
			return nil, fmt.Errorf("attribution: %w", err)
		}
		out, err := node(g, "MatMul", g.FreshName("attr/dots/terms"), []*graphedit.Value{sum, m})
		if err != nil {
			return nil, err
		}
		if err := g.AddOutput(out); err != nil {
			return nil, fmt.Errorf("attribution: %w", err)
		}
		for k, i := range gr.members {
			refs[i] = dotRef{name: out.Name(), index: k}
		}
	}
	return refs, nil
}

// dotKey groups a term with those it can be computed with: float values,
// a rank of at least 2, a known last dimension, a the same shape as the
// signal or a vector along its last axis. ok is false for a term that
// must be computed on its own.
func dotKey(t dotTerm) (key string, vec bool, width int64, ok bool) {
	if !isFloat(t.a) || !isFloat(t.like) || t.s == nil {
		return "", false, 0, false
	}
	sh := t.like.Shape()
	if len(sh) < 2 || !sh[len(sh)-1].Known() {
		return "", false, 0, false
	}
	width = sh[len(sh)-1].Value
	as := t.a.Shape()
	switch {
	case len(as) == 1 && as[0].Known() && as[0].Value == width:
		vec = true
	case sameDims(as, sh):
	default:
		return "", false, 0, false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%v|", vec)
	for _, d := range sh[:len(sh)-1] {
		b.WriteString(d.String())
		b.WriteByte(',')
	}
	return b.String(), vec, width, true
}

func sameDims(a, b []graphedit.Dim) bool {
	if a == nil || b == nil || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// singleDot emits scale·ReduceSum(a⊙s) of one term and makes it a graph
// output.
func singleDot(g *graphedit.Graph, t dotTerm) (string, error) {
	m, err := node(g, "Mul", g.FreshName("attr/dots/mul"), []*graphedit.Value{t.a, t.s})
	if err != nil {
		return "", err
	}
	s, err := node(g, "ReduceSum", g.FreshName("attr/dots/sum"), []*graphedit.Value{m}, graphedit.IntAttr("keepdims", 0))
	if err != nil {
		return "", err
	}
	if t.scale != 1 {
		kt, err := graphedit.FloatConst(g.FreshName("attr/dots/scale"), t.a, nil, []float32{float32(t.scale)})
		if err != nil {
			return "", fmt.Errorf("attribution: %w", err)
		}
		k, err := g.AddInitializer(kt)
		if err != nil {
			return "", fmt.Errorf("attribution: %w", err)
		}
		if s, err = node(g, "Mul", g.FreshName("attr/dots/scaled"), []*graphedit.Value{s, k}); err != nil {
			return "", err
		}
	}
	if err := g.AddOutput(s); err != nil {
		return "", fmt.Errorf("attribution: %w", err)
	}
	return s.Name(), nil
}
