package gatetrain

import (
	"fmt"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// SharedWeight says what UntieWeights did with one float initializer that
// several nodes of the model read.
type SharedWeight struct {
	// Name is the initializer; Readers the number of nodes reading it
	// (an Identity alias counts as one reader).
	Name    string
	Readers int
	// Aliases are the initializers made from Identity aliases of it: the
	// exporter merged equal initializers (LayerNorm weights at their initial
	// ones, zero biases) into one and gave each other parameter an Identity
	// of it, named after the parameter. Each becomes a parameter of its own
	// again, under that name.
	Aliases []string
	// EncoderCopy, when set, is the copy that the encoder's readers read from
	// now on: the weight was read by both encoder and decoder nodes (a
	// shared embedding), so training the encoder trains that copy and the
	// decoder keeps the original, frozen.
	EncoderCopy string
	// Tied is set when several nodes of one part still read it: it is
	// trained as one parameter, the gradients of all its readers summed, and
	// every reader sees the update.
	Tied bool
}

// String describes what was done, for the training output.
func (s SharedWeight) String() string {
	var parts []string
	if len(s.Aliases) > 0 {
		parts = append(parts, fmt.Sprintf("split into %d per-reader copies (the exporter had merged equal initializers): %s", len(s.Aliases), strings.Join(s.Aliases, ", ")))
	}
	if s.EncoderCopy != "" {
		parts = append(parts, fmt.Sprintf("read by encoder and decoder: the encoder reads its own copy %s, the decoder keeps %s frozen", s.EncoderCopy, s.Name))
	}
	if s.Tied {
		parts = append(parts, "trained as one tied parameter (every reader updated)")
	}
	return fmt.Sprintf("%s (%d readers): %s", s.Name, s.Readers, strings.Join(parts, "; "))
}

// UntieWeights makes every float initializer of g (gates excepted) that
// several nodes read into parameters that can be trained per part, and says
// what it did, one SharedWeight per such initializer:
//
//   - An Identity node reading an initializer is the exporter's merge of
//     equal initializers (PyTorch's exporter keeps one and names an Identity
//     of it after each other parameter). Each such Identity is replaced by a
//     copy of the initializer under the Identity's output name, so every
//     parameter of the source model is an initializer again.
//   - An initializer read directly by nodes that depend on the decoder input
//     decIn and by nodes that do not (a shared embedding) gets a copy for the
//     encoder's readers; the decoder's keep the original. decIn "" or absent
//     from g counts every node as the encoder's.
//   - Several readers left within one part keep one tied parameter.
//
// The model computes exactly what it computed before. The same graph always
// gives the same result, so a trained model can be written by applying it
// again to a fresh copy of the source graph.
func UntieWeights(g *graphedit.Graph, decIn string) ([]SharedWeight, error) {
	var out []SharedWeight
	for _, w := range g.Initializers() {
		if w.ElemType() != graphedit.ElemFloat32 || len(w.Shape()) == 0 || strings.HasPrefix(w.Name(), GatePrefix) {
			continue
		}
		var aliases []*graphedit.Node
		direct := map[*graphedit.Node]bool{}
		var order []*graphedit.Node
		for _, u := range w.Uses() {
			if u.Node == nil || u.Captured() {
				continue
			}
			if isAlias(u.Node) {
				aliases = append(aliases, u.Node)
				continue
			}
			if !direct[u.Node] {
				direct[u.Node] = true
				order = append(order, u.Node)
			}
		}
		if len(aliases)+len(order) < 2 {
			continue
		}
		sw := SharedWeight{Name: w.Name(), Readers: len(aliases) + len(order)}
		for _, a := range aliases {
			name, err := materializeAlias(g, w, a)
			if err != nil {
				return nil, err
			}
			sw.Aliases = append(sw.Aliases, name)
		}
		out = append(out, sw)
	}
	// Decoder dependence is computed once the aliases are gone: the copies
	// are initializers, which depend on nothing.
	dep, err := decoderDependent(g, decIn)
	if err != nil {
		return nil, err
	}
	for i := range out {
		sw := &out[i]
		w := g.Value(sw.Name)
		var enc, dec []graphedit.Use
		seen := map[*graphedit.Node]bool{}
		encNodes, decNodes := 0, 0
		for _, u := range w.Uses() {
			if u.Node == nil || u.Captured() {
				continue
			}
			first := !seen[u.Node]
			seen[u.Node] = true
			if dep[u.Node] {
				dec = append(dec, u)
				if first {
					decNodes++
				}
			} else {
				enc = append(enc, u)
				if first {
					encNodes++
				}
			}
		}
		if len(enc) > 0 && len(dec) > 0 {
			cp, err := copyInitializer(g, w, g.FreshName(w.Name()+".encoder"))
			if err != nil {
				return nil, err
			}
			for _, u := range enc {
				if err := g.SetInput(u.Node, u.Input, cp); err != nil {
					return nil, fmt.Errorf("gatetrain: untie %q: %w", sw.Name, err)
				}
			}
			sw.EncoderCopy = cp.Name()
		}
		sw.Tied = encNodes > 1 || decNodes > 1
	}
	return out, nil
}

// isAlias reports whether n is an Identity whose output may become an
// initializer (it is not a graph output).
func isAlias(n *graphedit.Node) bool {
	if n.OpType() != "Identity" || n.Domain() != "" || n.NumInputs() != 1 || n.NumOutputs() != 1 {
		return false
	}
	o := n.Output(0)
	return o != nil && !o.IsGraphOutput()
}

// materializeAlias replaces the Identity node a of initializer w by a copy
// of w named after a's output, and returns that name.
func materializeAlias(g *graphedit.Graph, w *graphedit.Value, a *graphedit.Node) (string, error) {
	out := a.Output(0)
	name := out.Name()
	cp, err := copyInitializer(g, w, g.FreshName(name+".untied"))
	if err != nil {
		return "", err
	}
	if err := g.ReplaceAllUses(out, cp, nil); err != nil {
		return "", fmt.Errorf("gatetrain: untie %q: %w", name, err)
	}
	if err := g.RemoveNodes(a); err != nil {
		return "", fmt.Errorf("gatetrain: untie %q: %w", name, err)
	}
	if err := g.Rename(cp, name); err != nil {
		return "", fmt.Errorf("gatetrain: untie %q: %w", name, err)
	}
	return name, nil
}

// copyInitializer adds a float32 copy of initializer w under name.
func copyInitializer(g *graphedit.Graph, w *graphedit.Value, name string) (*graphedit.Value, error) {
	t, ok := g.ConstValue(w)
	if !ok {
		return nil, fmt.Errorf("gatetrain: shared weight %q has no value", w.Name())
	}
	f, err := t.AsFloat32()
	if err != nil {
		return nil, fmt.Errorf("gatetrain: shared weight %q: %w", w.Name(), err)
	}
	v, err := g.AddInitializer(onnxio.NewFloat32(name, append([]int64(nil), t.Dims...), append([]float32(nil), f...)))
	if err != nil {
		return nil, fmt.Errorf("gatetrain: copy of shared weight %q: %w", w.Name(), err)
	}
	return v, nil
}
