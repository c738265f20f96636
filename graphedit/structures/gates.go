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
	// Size is the gate vector's length: the FFN's width over Group, or 1.
	Size int64
	// Group is the number of neurons one element of an FFN gate gates
	// (1: one gate per neuron; 0 for sublayer gates).
	Group int64
}

// FFNGateName returns the graph input name of an FFN's neuron gates,
// `gate/ffn.KIND.LAYER`, or with a gate per group of group neurons
// `gate/ffn.KIND.LAYER.gGROUP`.
func FFNGateName(f *FFN, group int64) string {
	if group > 1 {
		return fmt.Sprintf("gate/ffn.%s.%d.g%d", f.Kind, f.Layer, group)
	}
	return fmt.Sprintf("gate/ffn.%s.%d", f.Kind, f.Layer)
}

// SublayerGateName returns the graph input name of a sublayer's gate,
// `gate/sublayer.STACK.LAYER.PART`.
func SublayerGateName(s *Sublayer) string {
	return fmt.Sprintf("gate/sublayer.%s.%d.%s", s.Stack, s.Layer, s.Part)
}

// InsertGates gates the structures of g that d (from Discover on g)
// found: with ffnGroup 1, each FFN's activation entering the down
// projection is multiplied by a gate vector [F] (neuron n by element n);
// with ffnGroup G > 1 by a gate vector [F/G], element i gating neurons
// i·G to (i+1)·G−1 (expanded by a Reshape, a Mul by ones and a Reshape; F
// must be a multiple of G); with ffnGroup 0 FFNs are not gated. With
// sublayers,
// each sublayer's branch is multiplied by a gate [1] before the residual
// Add (both the input and the bias of a fused SkipLayerNormalization). The
// gates are initializers of ones that are also graph inputs, so a run that
// does not feed them computes the original graph. Structures inside If
// branches are gated in every branch, reading the one gate input of the
// enclosing graph. A structure already gated is an error naming it.
func InsertGates(g *graphedit.Graph, d *Discovery, ffnGroup int64, sublayers bool) ([]Gate, error) {
	if d.g != g {
		return nil, fmt.Errorf("structures: gates: the discovery is of another graph")
	}
	if ffnGroup < 0 {
		return nil, fmt.Errorf("structures: gates: FFN group size %d", ffnGroup)
	}
	var gates []Gate
	edited := map[*graphedit.Graph]bool{}
	if ffnGroup > 0 {
		for _, f := range d.FFNs {
			if f.Gate != nil {
				return nil, fmt.Errorf("structures: gates: %s is already gated (input %s)", f.Name(), f.Gate.Name())
			}
			if f.Width%ffnGroup != 0 {
				return nil, fmt.Errorf("structures: gates: %s has %d neurons, not a multiple of the group size %d", f.Name(), f.Width, ffnGroup)
			}
			name := FFNGateName(f, ffnGroup)
			size := f.Width / ffnGroup
			if err := addGateInput(g, name, size); err != nil {
				return nil, err
			}
			for _, r := range f.regions {
				gv, err := gateIn(r.g, name)
				if err != nil {
					return nil, err
				}
				if ffnGroup > 1 {
					if gv, err = expandGroups(r.g, name, gv, size, ffnGroup); err != nil {
						return nil, fmt.Errorf("structures: gates: %s: %w", f.Name(), err)
					}
				}
				gated, err := mulNode(r.g, name, r.hidden, gv)
				if err != nil {
					return nil, fmt.Errorf("structures: gates: %s: %w", f.Name(), err)
				}
				if err := r.g.SetInput(r.hiddenUse.Node, r.hiddenUse.Input, gated); err != nil {
					return nil, fmt.Errorf("structures: gates: %s: %w", f.Name(), err)
				}
				edited[r.g] = true
			}
			gates = append(gates, Gate{Name: name, Structure: f.Name(), Size: size, Group: ffnGroup})
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

// expandGroups repeats each of the n elements of gate gv group times:
// Reshape to [n,1], Mul by ones [1,group], Reshape to [n·group].
func expandGroups(gr *graphedit.Graph, gateName string, gv *graphedit.Value, n, group int64) (*graphedit.Value, error) {
	prefix := "gate/" + strings.TrimPrefix(gateName, "gate/") + "/"
	i64 := func(suffix string, vals ...int64) (*graphedit.Value, error) {
		return gr.AddInitializer(onnxio.NewInt64(gr.FreshName(prefix+suffix), []int64{int64(len(vals))}, vals))
	}
	op := func(opType, suffix string, ins ...*graphedit.Value) (*graphedit.Value, error) {
		n, err := gr.AddNode(graphedit.NodeSpec{OpType: opType, Name: gr.FreshName(prefix + suffix + "_node"), Inputs: ins, Outputs: []string{gr.FreshName(prefix + suffix)}})
		if err != nil {
			return nil, err
		}
		return n.Output(0), nil
	}
	col, err := i64("col", n, 1)
	if err != nil {
		return nil, err
	}
	flat, err := i64("flat", n*group)
	if err != nil {
		return nil, err
	}
	ones := make([]float32, group)
	for i := range ones {
		ones[i] = 1
	}
	ov, err := gr.AddInitializer(onnxio.NewFloat32(gr.FreshName(prefix+"ones"), []int64{1, group}, ones))
	if err != nil {
		return nil, err
	}
	c, err := op("Reshape", "column", gv, col)
	if err != nil {
		return nil, err
	}
	e, err := op("Mul", "expanded", c, ov)
	if err != nil {
		return nil, err
	}
	return op("Reshape", "per_neuron", e, flat)
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

// mulNode adds x·gate to gr. The gate is float32; for an fp16 x it is
// cast to fp16 first (the gate input stays float32, so training feeds and
// reads the same type for every model). Other types are refused.
func mulNode(gr *graphedit.Graph, gateName string, x, gate *graphedit.Value) (*graphedit.Value, error) {
	prefix := strings.TrimPrefix(gateName, "gate/")
	switch x.ElemType() {
	case 0, int32(onnxpb.TensorProto_FLOAT):
	case int32(onnxpb.TensorProto_FLOAT16):
		c, err := gr.AddNode(graphedit.NodeSpec{OpType: "Cast", Name: gr.FreshName("gate/" + prefix + "/cast"),
			Inputs: []*graphedit.Value{gate}, Outputs: []string{gr.FreshName("gate/" + prefix + "/fp16")},
			Attrs: []*onnxpb.AttributeProto{graphedit.IntAttr("to", int64(onnxpb.TensorProto_FLOAT16))}})
		if err != nil {
			return nil, err
		}
		gate = c.Output(0)
	default:
		return nil, fmt.Errorf("gated tensor %q is neither float32 nor float16", x.Name())
	}
	n, err := gr.AddNode(graphedit.NodeSpec{OpType: "Mul", Name: gr.FreshName("gate/" + prefix + "/mul"),
		Inputs: []*graphedit.Value{x, gate}, Outputs: []string{gr.FreshName("gate/" + prefix + "/gated")}})
	if err != nil {
		return nil, err
	}
	return n.Output(0), nil
}
