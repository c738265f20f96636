package graphedit

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

// MaskFormat says how a mask input is written. The zero value is Hugging
// Face's attention_mask: int64, 1 where attended and 0 where masked.
type MaskFormat struct {
	// Bool is set for bool elements, Float for float ones added to the
	// attention scores (0 where attended, -inf where masked); neither is
	// int64.
	Bool, Float bool
	// TrueMasks is set when true (or 1) marks the masked positions
	// (padding), as PyTorch's masks do; else it marks attended ones.
	TrueMasks bool
}

// String names the format: "int64, 1 where attended", "bool, true where
// masked", "float, -inf where masked".
func (f MaskFormat) String() string {
	if f.Float {
		return "float, -inf where masked"
	}
	typ, on := "int64", "1"
	if f.Bool {
		typ, on = "bool", "true"
	}
	if f.TrueMasks {
		return typ + ", " + on + " where masked"
	}
	return typ + ", " + on + " where attended"
}

// maskFormat reads how the mask input name is written: its element type,
// and its polarity from the graph (maskPolarity). An integer mask whose
// polarity the graph does not show is taken as Hugging Face's (1 where
// attended); a bool one is an error, and so is a float one the graph does
// not add to scores.
func maskFormat(g *Graph, name string) (MaskFormat, error) {
	v := g.Value(name)
	if name == "" || v == nil || !v.IsGraphInput() {
		return MaskFormat{}, nil
	}
	if v.ElemType() == int32(onnxpb.TensorProto_FLOAT) {
		if !g.reachesAdd(v) {
			return MaskFormat{}, fmt.Errorf("graphedit: mask input %q is float, but the graph does not add it to scores, so onnxprune cannot feed it", name)
		}
		return MaskFormat{Float: true}, nil
	}
	f := MaskFormat{Bool: v.ElemType() == int32(onnxpb.TensorProto_BOOL)}
	trueMasks, known, err := maskPolarity(g, v)
	if err != nil {
		return f, err
	}
	if !known && f.Bool {
		return f, fmt.Errorf("graphedit: mask input %q is bool, but the graph does not show whether true marks masked or attended positions (no Where, Mul or Attention it reaches picks a large negative score by it), so onnxprune cannot feed it", name)
	}
	f.TrueMasks = trueMasks
	return f, nil
}

// reachesAdd reports whether v, carried unchanged (maskCarriers), is added
// to something: an additive float mask.
func (g *Graph) reachesAdd(v *Value) bool {
	seen := map[*Value]bool{}
	queue := []*Value{v}
	for len(queue) > 0 && len(seen) < maskLimit {
		x := queue[0]
		queue = queue[1:]
		if seen[x] {
			continue
		}
		seen[x] = true
		for _, u := range x.Uses() {
			switch op := u.Node.OpType(); {
			case op == "Add":
				return true
			case u.Input == 0 && maskCarriers[op]:
				queue = append(queue, u.Node.Outputs()...)
			}
		}
	}
	return false
}

// maskLimit bounds the values maskPolarity visits from one input.
const maskLimit = 10000

// maskNegative is the largest score that counts as masking: exporters use
// -inf, the dtype's lowest value or -1e9 and the like.
const maskNegative = -1e4

// maskPolarity follows a mask input forward through the ops that carry it
// unchanged (casts, reshapes, broadcasts, logical combinations; Not and
// 1 - x flip it) to where it masks scores: Where(mask, -inf, x) or
// mask·(-inf) masks where the mask is true, Where(mask, x, -inf) where it is
// false, and ONNX Attention's bool attn_mask keeps where it is true.
// known is false when no such use is reached; uses that disagree are an
// error naming the input.
func maskPolarity(g *Graph, in *Value) (trueMasks, known bool, err error) {
	type state struct {
		v       *Value
		flipped bool
	}
	seen := map[state]bool{}
	queue := []state{{in, false}}
	verdicts := map[bool]string{}
	verdict := func(pad bool, n *Node) {
		if _, ok := verdicts[pad]; !ok {
			verdicts[pad] = n.String()
		}
	}
	for len(queue) > 0 && len(seen) < maskLimit {
		s := queue[0]
		queue = queue[1:]
		if seen[s] {
			continue
		}
		seen[s] = true
		for _, u := range s.v.Uses() {
			n := u.Node
			if u.Input < 0 {
				continue
			}
			next := func(flip bool) {
				for _, o := range n.Outputs() {
					queue = append(queue, state{o, s.flipped != flip})
				}
			}
			switch op := n.OpType(); {
			case op == "Where" && u.Input == 0:
				switch {
				case g.isMaskingConst(n.Input(1)):
					verdict(!s.flipped, n)
				case g.isMaskingConst(n.Input(2)):
					verdict(s.flipped, n)
				}
			case op == "Mul" && n.NumInputs() == 2 && g.isMaskingConst(n.Input(1-u.Input)):
				verdict(!s.flipped, n)
			case op == "Attention" && n.Domain() == "" && u.Input == 3 && s.v.ElemType() == int32(onnxpb.TensorProto_BOOL):
				verdict(s.flipped, n)
			case op == "Not":
				next(true)
			case op == "Sub" && u.Input == 1 && g.isConstOne(n.Input(0)):
				next(true)
			case u.Input == 0 && maskCarriers[op]:
				next(false)
			case op == "And" || op == "Or" || op == "Concat":
				next(false)
			}
		}
	}
	if len(verdicts) > 1 {
		return false, false, fmt.Errorf("graphedit: mask input %q masks where it is true at %s but where it is false at %s", in.Name(), verdicts[true], verdicts[false])
	}
	for pad := range verdicts {
		return pad, true, nil
	}
	return false, false, nil
}

// maskCarriers are the ops whose first input reaches their output with its
// values unchanged (moved, repeated, converted).
var maskCarriers = map[string]bool{
	"Cast": true, "Reshape": true, "Expand": true, "Unsqueeze": true, "Squeeze": true,
	"Transpose": true, "Identity": true, "Flatten": true, "Slice": true, "Gather": true,
	"Tile": true,
}

// isMaskingConst reports whether v is a constant whose every element is at
// most maskNegative.
func (g *Graph) isMaskingConst(v *Value) bool {
	xs, ok := g.constFloats(v)
	if !ok || len(xs) == 0 {
		return false
	}
	for _, x := range xs {
		if !(x <= maskNegative) {
			return false
		}
	}
	return true
}

// isConstOne reports whether v is a constant of ones.
func (g *Graph) isConstOne(v *Value) bool {
	xs, ok := g.constFloats(v)
	if !ok || len(xs) == 0 {
		return false
	}
	for _, x := range xs {
		if x != 1 {
			return false
		}
	}
	return true
}

func (g *Graph) constFloats(v *Value) ([]float32, bool) {
	t, ok := g.ConstValue(v)
	if !ok || t.NumElements() > 1<<16 {
		return nil, false
	}
	xs, err := t.AsFloat32()
	return xs, err == nil
}
