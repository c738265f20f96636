package gatetrain

import (
	"fmt"
	"sort"

	"onnxprune/graphedit"
	"onnxprune/ortrun"
)

// EncoderWeights lists the float initializers of g that belong to the
// encoder, by a structural rule. Exits are the nodes that depend on the
// decoder input and read a value that does not. A weight is an encoder
// weight when every node reading it is independent of the decoder input
// and, following only such nodes forward, it reaches at least two exits:
// the encoder output feeds the keys and the values of every cross-attention
// block, while a cross-attention key or value projection (a decoder weight
// applied to the encoder output) reaches one exit. Packed cross-attention
// key/value projections (one MatMul for both) count as encoder weights by
// this rule; name the weights explicitly for such models. A weight read by
// both encoder and decoder nodes, or through Identity aliases, is an error:
// UntieWeights resolves both first.
func EncoderWeights(g *graphedit.Graph, decIn string) ([]string, error) {
	if g.Value(decIn) == nil {
		return nil, fmt.Errorf("gatetrain: no decoder input %q", decIn)
	}
	order, err := g.TopoOrder()
	if err != nil {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	depNode, err := decoderDependent(g, decIn)
	if err != nil {
		return nil, err
	}
	// exits[n]: the exit nodes reachable from independent node n.
	exits := map[*graphedit.Node]map[*graphedit.Node]bool{}
	for i := len(order) - 1; i >= 0; i-- {
		n := order[i]
		if depNode[n] {
			continue
		}
		set := map[*graphedit.Node]bool{}
		for _, o := range n.Outputs() {
			if o == nil {
				continue
			}
			for _, u := range o.Uses() {
				if u.Node == nil {
					continue
				}
				if depNode[u.Node] {
					set[u.Node] = true
				} else {
					for e := range exits[u.Node] {
						set[e] = true
					}
				}
			}
		}
		exits[n] = set
	}
	var out []string
	for _, w := range g.Initializers() {
		if w.ElemType() != graphedit.ElemFloat32 || len(w.Shape()) == 0 || w.NumUses() == 0 {
			continue
		}
		if len(w.Name()) > len(GatePrefix) && w.Name()[:len(GatePrefix)] == GatePrefix {
			continue
		}
		reach := map[*graphedit.Node]bool{}
		enc, dec := 0, 0
		for _, u := range w.Uses() {
			switch {
			case u.Node == nil:
			case depNode[u.Node]:
				dec++
			case isAlias(u.Node) && w.NumUses() > 1:
				return nil, fmt.Errorf("gatetrain: weight %q is shared through Identity aliases (the exporter merged equal initializers): untie the weights first (UntieWeights)", w.Name())
			default:
				enc++
				for e := range exits[u.Node] {
					reach[e] = true
				}
			}
		}
		if enc > 0 && dec > 0 {
			return nil, fmt.Errorf("gatetrain: weight %q is read by encoder and decoder nodes: untie the weights first (UntieWeights)", w.Name())
		}
		if dec == 0 && len(reach) >= 2 {
			out = append(out, w.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// decoderDependent marks the nodes of g that depend on the value decIn (all
// false when decIn is "" or not in g).
func decoderDependent(g *graphedit.Graph, decIn string) (map[*graphedit.Node]bool, error) {
	order, err := g.TopoOrder()
	if err != nil {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	dep := map[*graphedit.Value]bool{}
	if v := g.Value(decIn); v != nil {
		dep[v] = true
	}
	depNode := map[*graphedit.Node]bool{}
	for _, n := range order {
		d := false
		for _, in := range n.Inputs() {
			if in != nil && dep[in] {
				d = true
			}
		}
		depNode[n] = d
		for _, o := range n.Outputs() {
			if o != nil {
				dep[o] = d
			}
		}
	}
	return depNode, nil
}

// ReadWeights decodes the named initializers as float32, with their shapes.
func ReadWeights(g *graphedit.Graph, names []string) ([][]float32, [][]int64, error) {
	var vals [][]float32
	var shapes [][]int64
	for _, n := range names {
		v := g.Value(n)
		if v == nil {
			return nil, nil, fmt.Errorf("gatetrain: no weight %q", n)
		}
		t, ok := g.ConstValue(v)
		if !ok {
			return nil, nil, fmt.Errorf("gatetrain: weight %q has no value", n)
		}
		f, err := t.AsFloat32()
		if err != nil {
			return nil, nil, fmt.Errorf("gatetrain: weight %q: %w", n, err)
		}
		vals = append(vals, append([]float32(nil), f...))
		shapes = append(shapes, append([]int64(nil), t.Dims...))
	}
	return vals, shapes, nil
}

func (t *Trainer) weightShape(i int) []int64 { return t.TG.WeightShapes[i] }

// stepWeights applies one Adam step to the jointly trained weights, in
// place, with their gradients as the runner returned them (in the trainer's
// buffers when it writes into them).
func (t *Trainer) stepWeights(res map[string]*ortrun.Tensor, lr float64) error {
	if t.grads == nil || len(t.grads) != len(t.TG.Weights) {
		t.grads = make([][]float32, len(t.TG.Weights))
	}
	for i, name := range t.TG.Weights {
		t.grads[i] = res[GradName(name)].F32
	}
	_, err := t.State.WeightAdam.Step(t.State.Weights, t.grads, lr, t.Cfg.ClipNorm)
	return err
}
