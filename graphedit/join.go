package graphedit

import (
	"fmt"
	"sort"

	"onnxprune/onnxio/onnxpb"

	"google.golang.org/protobuf/proto"
)

// JoinSpec says how Join connects two graphs.
type JoinSpec struct {
	// Connect maps inputs of the second graph to values of the first that
	// feed them (for a split translation model: the decoder's
	// encoder_hidden_states ← the encoder's last_hidden_state, and its
	// encoder_attention_mask ← the encoder's attention_mask input).
	Connect map[string]string
	// Rename gives new names to inputs of the second graph that stay inputs
	// (the decoder's input_ids → decoder_input_ids).
	Rename map[string]string
	// Prefix starts the new name of every other name of the second graph
	// that the first graph also uses (values and nodes); "" means "dec/".
	Prefix string
}

// Join returns one graph computing the second graph fed by the first: the
// inputs of the first, then the inputs of the second that Connect does not
// feed; the nodes and initializers of both; the outputs of the second.
// Names of the second graph that the first also uses get Prefix (inside
// subgraphs too), so the two graphs can come from files exported apart.
// Both graphs must use the same version of each opset they share. Neither
// graph is changed; the result shares external data sources with them
// through ext (the first graph's, which may be nil for inline data).
//
// renamed maps each name of the second graph (values and nodes, inside
// subgraphs too) that the joined graph spells otherwise to its spelling
// there: a connected input to the first graph's value feeding it, a
// renamed input to its new name, a clashing name to its prefixed one. The
// first graph's names are the joined graph's. With it, what was found in
// either graph can be looked up in the joined one by name.
func Join(first, second *Graph, spec JoinSpec) (joined *Graph, renamed map[string]string, err error) {
	prefix := spec.Prefix
	if prefix == "" {
		prefix = "dec/"
	}
	p1, p2 := first.ToProto(), proto.Clone(second.ToProto()).(*onnxpb.GraphProto)
	used := map[string]bool{}
	joinNames(p1, used)
	names2 := map[string]bool{}
	joinNames(p2, names2)

	inputs2 := map[string]bool{}
	for _, in := range p2.Input {
		inputs2[in.GetName()] = true
	}
	ren := map[string]string{}
	for in, from := range spec.Connect {
		if !inputs2[in] {
			return nil, nil, fmt.Errorf("graphedit: join: the second graph has no input %q to connect", in)
		}
		if first.Value(from) == nil {
			return nil, nil, fmt.Errorf("graphedit: join: the first graph has no value %q to feed %q", from, in)
		}
		ren[in] = from
	}
	taken := map[string]bool{}
	for in, to := range spec.Rename {
		if !inputs2[in] {
			return nil, nil, fmt.Errorf("graphedit: join: the second graph has no input %q to rename", in)
		}
		if _, ok := spec.Connect[in]; ok {
			return nil, nil, fmt.Errorf("graphedit: join: input %q is both connected and renamed", in)
		}
		if used[to] || taken[to] || (names2[to] && to != in) {
			return nil, nil, fmt.Errorf("graphedit: join: new name %q of input %q is already in use", to, in)
		}
		taken[to] = true
		ren[in] = to
	}
	var clash []string
	for n := range names2 {
		if _, done := ren[n]; !done && (used[n] || taken[n]) {
			clash = append(clash, n)
		}
	}
	sort.Strings(clash)
	for _, n := range clash {
		nn := prefix + n
		for k := 2; used[nn] || names2[nn] || taken[nn]; k++ {
			nn = fmt.Sprintf("%s%s_%d", prefix, n, k)
		}
		taken[nn] = true
		ren[n] = nn
	}
	joinRename(p2, ren)

	// Opsets: the union, equal versions where both import a domain.
	ops := map[string]int64{}
	var opsets []*onnxpb.OperatorSetIdProto
	for _, g := range []*Graph{first, second} {
		for _, o := range g.Opsets() {
			if v, ok := ops[o.GetDomain()]; ok {
				if v != o.GetVersion() {
					return nil, nil, fmt.Errorf("graphedit: join: opset %q version %d in the first graph, %d in the second", o.GetDomain(), v, o.GetVersion())
				}
				continue
			}
			ops[o.GetDomain()] = o.GetVersion()
			opsets = append(opsets, proto.Clone(o).(*onnxpb.OperatorSetIdProto))
		}
	}

	out := &onnxpb.GraphProto{Name: proto.String(p1.GetName() + "+" + second.Name()), DocString: p1.DocString}
	out.Input = append(out.Input, p1.Input...)
	// The second graph's inputs were renamed above: a connected one now
	// carries the name of the first graph's value and is not declared again.
	fed := map[string]bool{}
	for _, from := range spec.Connect {
		fed[from] = true
	}
	for _, in := range p2.Input {
		if !fed[in.GetName()] {
			out.Input = append(out.Input, in)
		}
	}
	out.Initializer = append(append(out.Initializer, p1.Initializer...), p2.Initializer...)
	out.SparseInitializer = append(append(out.SparseInitializer, p1.SparseInitializer...), p2.SparseInitializer...)
	out.Node = append(append(out.Node, p1.Node...), p2.Node...)
	out.ValueInfo = append(append(out.ValueInfo, p1.ValueInfo...), p2.ValueInfo...)
	out.Output = p2.Output
	g, err := FromProto(out, opsets, &Options{External: first.External()})
	if err != nil {
		return nil, nil, fmt.Errorf("graphedit: join: %w", err)
	}
	return g, ren, nil
}

// joinNames adds every value and node name of gp (and its subgraphs).
func joinNames(gp *onnxpb.GraphProto, into map[string]bool) {
	add := func(s string) {
		if s != "" {
			into[s] = true
		}
	}
	for _, v := range gp.Input {
		add(v.GetName())
	}
	for _, v := range gp.Output {
		add(v.GetName())
	}
	for _, v := range gp.ValueInfo {
		add(v.GetName())
	}
	for _, t := range gp.Initializer {
		add(t.GetName())
	}
	for _, n := range gp.Node {
		add(n.GetName())
		for _, s := range n.Input {
			add(s)
		}
		for _, s := range n.Output {
			add(s)
		}
		for _, a := range n.Attribute {
			if a.G != nil {
				joinNames(a.G, into)
			}
			for _, sg := range a.Graphs {
				joinNames(sg, into)
			}
		}
	}
}

// joinRename applies ren to every name in gp and its subgraphs.
func joinRename(gp *onnxpb.GraphProto, ren map[string]string) {
	r := func(s string) string {
		if n, ok := ren[s]; ok {
			return n
		}
		return s
	}
	for _, v := range gp.Input {
		v.Name = proto.String(r(v.GetName()))
	}
	for _, v := range gp.Output {
		v.Name = proto.String(r(v.GetName()))
	}
	for _, v := range gp.ValueInfo {
		v.Name = proto.String(r(v.GetName()))
	}
	for _, t := range gp.Initializer {
		t.Name = proto.String(r(t.GetName()))
	}
	for _, n := range gp.Node {
		if n.Name != nil {
			n.Name = proto.String(r(n.GetName()))
		}
		for i, s := range n.Input {
			if s != "" {
				n.Input[i] = r(s)
			}
		}
		for i, s := range n.Output {
			if s != "" {
				n.Output[i] = r(s)
			}
		}
		for _, a := range n.Attribute {
			if a.G != nil {
				joinRename(a.G, ren)
			}
			for _, sg := range a.Graphs {
				joinRename(sg, ren)
			}
		}
	}
}
