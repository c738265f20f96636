package gatetrain

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// WeightParts says which weights train jointly with the gates: the
// encoder's, the decoder's, or both.
type WeightParts struct {
	Encoder, Decoder bool
}

// ParseWeightParts reads "encoder", "decoder", "all" or a comma list of
// them ("" trains none).
func ParseWeightParts(s string) (WeightParts, error) {
	var p WeightParts
	if s == "" {
		return p, nil
	}
	for _, f := range strings.Split(s, ",") {
		switch strings.TrimSpace(f) {
		case "encoder":
			p.Encoder = true
		case "decoder":
			p.Decoder = true
		case "all":
			p.Encoder, p.Decoder = true, true
		default:
			return p, fmt.Errorf("gatetrain: train weights %q: want encoder, decoder, all or a comma list of them", s)
		}
	}
	return p, nil
}

// Any reports whether some weights train.
func (p WeightParts) Any() bool { return p.Encoder || p.Decoder }

// String names the parts as ParseWeightParts reads them.
func (p WeightParts) String() string {
	switch {
	case p.Encoder && p.Decoder:
		return "all"
	case p.Encoder:
		return "encoder"
	case p.Decoder:
		return "decoder"
	}
	return ""
}

// untieInput is the decoder input UntieWeights separates the parts by:
// training one part gives the encoder's readers of a shared weight a copy
// of their own (the other part's stays frozen); training both keeps it one
// tied parameter.
func (p WeightParts) untieInput(decIn string) string {
	if p.Encoder && p.Decoder {
		return ""
	}
	return decIn
}

// SelectWeights resolves the shared weights of g for the parts (UntieWeights)
// and returns the float initializers that train: EncoderWeights for the
// encoder; for the decoder, every other weight the logits depend on (the
// cross-attention key and value projections included); for both, every
// weight the logits depend on, a weight that encoder and decoder share
// (tied embeddings) staying one parameter.
func SelectWeights(g *graphedit.Graph, roles graphedit.IORoles, parts WeightParts) ([]string, []SharedWeight, error) {
	shared, err := UntieWeights(g, parts.untieInput(roles.DecIn))
	if err != nil {
		return nil, nil, err
	}
	reach, err := logitsWeights(g, roles.Logits)
	if err != nil {
		return nil, nil, err
	}
	var enc []string
	if !(parts.Encoder && parts.Decoder) {
		if enc, err = EncoderWeights(g, roles.DecIn); err != nil {
			return nil, nil, err
		}
	}
	isEnc := map[string]bool{}
	for _, n := range enc {
		isEnc[n] = true
	}
	var out []string
	switch {
	case parts.Encoder && parts.Decoder:
		out = reach
	case parts.Encoder:
		out = enc
	case parts.Decoder:
		for _, n := range reach {
			if !isEnc[n] {
				out = append(out, n)
			}
		}
	}
	return out, shared, nil
}

// logitsWeights lists, sorted, the float initializers of rank ≥ 1 (gates
// excepted) that the logits depend on. A weight read through an Identity
// alias is an error (UntieWeights resolves those first).
func logitsWeights(g *graphedit.Graph, logits string) ([]string, error) {
	lv := g.Value(logits)
	if lv == nil {
		return nil, fmt.Errorf("gatetrain: no logits %q", logits)
	}
	need := map[*graphedit.Value]bool{lv: true}
	order, err := g.TopoOrder()
	if err != nil {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	for i := len(order) - 1; i >= 0; i-- {
		n := order[i]
		used := false
		for _, o := range n.Outputs() {
			if o != nil && need[o] {
				used = true
			}
		}
		if !used {
			continue
		}
		for _, in := range n.Inputs() {
			if in != nil {
				need[in] = true
			}
		}
		// Values a subgraph reads from the main graph.
		for _, in := range n.Captures() {
			need[in] = true
		}
	}
	var out []string
	for _, w := range g.Initializers() {
		if !need[w] || w.ElemType() != graphedit.ElemFloat32 || len(w.Shape()) == 0 || strings.HasPrefix(w.Name(), GatePrefix) {
			continue
		}
		for _, u := range w.Uses() {
			if u.Node != nil && isAlias(u.Node) {
				return nil, fmt.Errorf("gatetrain: weight %q is shared through Identity aliases (the exporter merged equal initializers): untie the weights first (UntieWeights)", w.Name())
			}
		}
		out = append(out, w.Name())
	}
	sort.Strings(out)
	return out, nil
}

// Tie is a weight of a joined decoder that equals, value for value, a
// weight of the encoder file: the two files hold copies of one parameter of
// the source model (tied embeddings). Training both parts reads the
// encoder's copy in both places and writes the trained value into both
// files.
type Tie struct {
	// Decoder is the decoder's weight (its name in the joined graph),
	// Encoder the encoder's.
	Decoder, Encoder string
}

// TieEqualWeights finds in a joined graph the weights of rank ≥ 2 that are
// not in the encoder file (encoderNames) but equal, in shape and every
// value, one that is, and makes the decoder's readers read the encoder's
// weight (the decoder's copy is removed). It returns the ties, sorted.
func TieEqualWeights(g *graphedit.Graph, encoderNames map[string]bool) ([]Tie, error) {
	type tensor struct {
		name string
		vals []float32
	}
	keyOf := func(dims []int64, f []float32) string {
		k := fmt.Sprint(dims)
		if len(f) > 0 {
			k += fmt.Sprint(math.Float32bits(f[0]), math.Float32bits(f[len(f)-1]))
		}
		return k
	}
	enc := map[string][]tensor{}
	type decTensor struct {
		tensor
		key string
	}
	var dec []decTensor
	for _, w := range g.Initializers() {
		if w.ElemType() != graphedit.ElemFloat32 || len(w.Shape()) < 2 || strings.HasPrefix(w.Name(), GatePrefix) {
			continue
		}
		t, ok := g.ConstValue(w)
		if !ok {
			continue
		}
		f, err := t.AsFloat32()
		if err != nil {
			return nil, fmt.Errorf("gatetrain: weight %q: %w", w.Name(), err)
		}
		key := keyOf(t.Dims, f)
		if encoderNames[w.Name()] {
			enc[key] = append(enc[key], tensor{w.Name(), f})
		} else {
			dec = append(dec, decTensor{tensor{w.Name(), f}, key})
		}
	}
	var ties []Tie
	for _, d := range dec {
		for _, e := range enc[d.key] {
			if equalFloats(d.vals, e.vals) {
				ties = append(ties, Tie{Decoder: d.name, Encoder: e.name})
				break
			}
		}
	}
	for _, t := range ties {
		dv, ev := g.Value(t.Decoder), g.Value(t.Encoder)
		if err := g.ReplaceAllUses(dv, ev, nil); err != nil {
			return nil, fmt.Errorf("gatetrain: tie %q to %q: %w", t.Decoder, t.Encoder, err)
		}
		if err := g.RemoveInitializer(dv); err != nil {
			return nil, fmt.Errorf("gatetrain: tie %q to %q: %w", t.Decoder, t.Encoder, err)
		}
	}
	sort.Slice(ties, func(a, b int) bool { return ties[a].Decoder < ties[b].Decoder })
	return ties, nil
}

func equalFloats(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// UseCacheInput is the condition input of Optimum's merged decoders: true
// runs the branch that reads past keys and values, false the one that
// computes them.
const UseCacheInput = "use_cache_branch"

// LoadDecoder returns the graph of a decoder file for training: the file's
// graph, or, for a merged decoder (an If on UseCacheInput), its branch
// without past keys and values inlined (graphedit.InlineIf) and the inputs
// only the other branch read removed. merged says which. The weights of a
// merged decoder are initializers of its main graph that both branches
// read, so weights trained on this graph and written back by name change
// both branches alike.
func LoadDecoder(m *onnxio.Model) (g *graphedit.Graph, merged bool, err error) {
	has := false
	for _, in := range m.Proto.GetGraph().GetInput() {
		if in.GetName() == UseCacheInput {
			has = true
		}
	}
	if !has {
		g, err = graphedit.Load(m)
		return g, false, err
	}
	if g, err = graphedit.LoadInlined(m, UseCacheInput, false); err != nil {
		return nil, true, err
	}
	for _, v := range g.Inputs() {
		if !v.IsInitializer() && v.NumUses() == 0 && !v.IsGraphOutput() {
			if err := g.RemoveInput(v); err != nil {
				return nil, true, err
			}
		}
	}
	return g, true, nil
}
