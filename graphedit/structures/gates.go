package structures

import (
	"fmt"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Gate is one gate input InsertGates added: a float graph input whose
// stored default is all ones.
type Gate struct {
	// Name is the graph input (FFNGateName or SublayerGateName).
	Name string
	// Structure is the gated FFN's or sublayer's name (`ffn:KIND:LAYER`,
	// `sublayer:STACK:LAYER:PART`).
	Structure string
	// Size is the gate vector's length: the FFN's width, or 1.
	Size int64
}

// FFNGateName returns the graph input name of an FFN's neuron gates,
// `gate/ffn.KIND.LAYER`.
func FFNGateName(f *FFN) string { return fmt.Sprintf("gate/ffn.%s.%d", f.Kind, f.Layer) }

// SublayerGateName returns the graph input name of a sublayer's gate,
// `gate/sublayer.STACK.LAYER.PART`.
func SublayerGateName(s *Sublayer) string {
	return fmt.Sprintf("gate/sublayer.%s.%d.%s", s.Stack, s.Layer, s.Part)
}

// InsertGates gates the structures of g that d (from Discover on g)
// found: with ffn, each FFN's activation entering the down projection is
// multiplied by a gate vector [F] (neuron n by element n); with sublayers,
// each sublayer's branch is multiplied by a gate [1] before the residual
// Add (both the input and the bias of a fused SkipLayerNormalization). The
// gates are initializers of ones that are also graph inputs, so a run that
// does not feed them computes the original graph. Structures inside If
// branches are gated in every branch, reading the one gate input of the
// enclosing graph. A structure already gated is an error naming it.
func InsertGates(g *graphedit.Graph, d *Discovery, ffn, sublayers bool) ([]Gate, error) {
	if d.g != g {
		return nil, fmt.Errorf("structures: gates: the discovery is of another graph")
	}
	var gates []Gate
	edited := map[*graphedit.Graph]bool{}
	if ffn {
		for _, f := range d.FFNs {
			if f.Gate != nil {
				return nil, fmt.Errorf("structures: gates: %s is already gated (input %s)", f.Name(), f.Gate.Name())
			}
			name := FFNGateName(f)
			if err := addGateInput(g, name, f.Width); err != nil {
				return nil, err
			}
			for _, r := range f.regions {
				gv, err := gateIn(r.g, name)
				if err != nil {
					return nil, err
				}
				gated, err := mulNode(r.g, name, r.down.Node.Input(0), gv)
				if err != nil {
					return nil, fmt.Errorf("structures: gates: %s: %w", f.Name(), err)
				}
				if err := r.g.SetInput(r.down.Node, 0, gated); err != nil {
					return nil, fmt.Errorf("structures: gates: %s: %w", f.Name(), err)
				}
				edited[r.g] = true
			}
			gates = append(gates, Gate{Name: name, Structure: f.Name(), Size: f.Width})
		}
	}
	if sublayers {
		for _, s := range d.Sublayers {
			if s.Gate != nil {
				return nil, fmt.Errorf("structures: gates: %s is already gated (input %s)", s.Name(), s.Gate.Name())
			}
			name := SublayerGateName(s)
			if err := addGateInput(g, name, 1); err != nil {
				return nil, err
			}
			for _, r := range s.residuals {
				gv, err := gateIn(r.g, name)
				if err != nil {
					return nil, err
				}
				slots := []int{r.slot}
				if r.skipLN && r.add.NumInputs() > 4 && r.add.Input(4) != nil {
					slots = append(slots, 4)
				}
				for _, slot := range slots {
					gated, err := mulNode(r.g, name, r.add.Input(slot), gv)
					if err != nil {
						return nil, fmt.Errorf("structures: gates: %s: %w", s.Name(), err)
					}
					if err := r.g.SetInput(r.add, slot, gated); err != nil {
						return nil, fmt.Errorf("structures: gates: %s: %w", s.Name(), err)
					}
				}
				edited[r.g] = true
			}
			gates = append(gates, Gate{Name: name, Structure: s.Name(), Size: 1})
		}
	}
	for _, b := range d.branches {
		if edited[b.g] {
			if err := g.SetSubgraph(b.ifNode, b.attr, b.g); err != nil {
				return nil, fmt.Errorf("structures: gates: %w", err)
			}
		}
	}
	return gates, nil
}

// addGateInput adds an overridable input of n ones named name.
func addGateInput(g *graphedit.Graph, name string, n int64) error {
	if g.NameInUse(name) {
		return fmt.Errorf("structures: gates: %q is already a name in the graph (gated twice?)", name)
	}
	ones := make([]float32, n)
	for i := range ones {
		ones[i] = 1
	}
	v, err := g.AddInitializer(onnxio.NewFloat32(name, []int64{n}, ones))
	if err != nil {
		return fmt.Errorf("structures: gates: %w", err)
	}
	return g.ExposeInitializer(v)
}

// gateIn returns the gate input as seen from graph gr (an outer value in
// an If branch).
func gateIn(gr *graphedit.Graph, name string) (*graphedit.Value, error) {
	if gr.Parent() == nil {
		return gr.Value(name), nil
	}
	v, err := gr.OuterValue(name)
	if err != nil {
		return nil, fmt.Errorf("structures: gates: %w", err)
	}
	return v, nil
}

// mulNode adds x·gate to gr; x must be float32, as the gate is.
func mulNode(gr *graphedit.Graph, gateName string, x, gate *graphedit.Value) (*graphedit.Value, error) {
	if x.ElemType() != 0 && x.ElemType() != int32(onnxpb.TensorProto_FLOAT) {
		return nil, fmt.Errorf("gated tensor %q is not float32", x.Name())
	}
	prefix := strings.TrimPrefix(gateName, "gate/")
	n, err := gr.AddNode(graphedit.NodeSpec{OpType: "Mul", Name: gr.FreshName("gate/" + prefix + "/mul"),
		Inputs: []*graphedit.Value{x, gate}, Outputs: []string{gr.FreshName("gate/" + prefix + "/gated")}})
	if err != nil {
		return nil, err
	}
	return n.Output(0), nil
}
