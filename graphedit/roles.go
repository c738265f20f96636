package graphedit

import (
	"fmt"
	"strings"

	"onnxprune/onnxio/onnxpb"
)

// IORoles names the inputs and the logits output of a translation model in
// one graph (a single export, or an encoder and decoder joined by Join),
// and says how its masks and ids are written.
type IORoles struct {
	// Src is the source ids [B,S]; SrcMask the optional source padding
	// mask [B,S].
	Src, SrcMask string
	// DecIn is the decoder input ids [B,T]; DecMask its optional padding
	// mask [B,T].
	DecIn, DecMask string
	// Logits is the output [B,T,V].
	Logits string
	// SrcMaskFormat and DecMaskFormat say how each padding mask is written.
	SrcMaskFormat, DecMaskFormat MaskFormat
	// CausalMask is the optional decoder self-attention mask input [T,T]
	// (nn.Transformer's tgt_mask given as an input), written as
	// CausalFormat says.
	CausalMask   string
	CausalFormat MaskFormat
	// SeqFirst is set when the ids are [len, batch] and the logits
	// [len, batch, vocab] (PyTorch's sequence-first layout); padding masks
	// stay [batch, len].
	SeqFirst bool
}

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

// Usual input names of translation exports, most specific first.
var (
	srcNames     = []string{"src_ids", "input_ids", "src", "source_ids", "input_features"}
	decInNames   = []string{"tgt_ids", "decoder_input_ids", "tgt", "target_ids"}
	srcMaskNames = []string{"attention_mask", "src_mask"}
	decMaskNames = []string{"decoder_attention_mask"}
)

// GuessIORoles fills the empty fields of given. Names first: the first
// graph input among src_ids, input_ids, src, source_ids and input_features
// (a speech encoder's float features: see SourceFeatures) for the source;
// tgt_ids, decoder_input_ids, tgt, target_ids for the decoder input ids;
// attention_mask, src_mask for the source mask; decoder_attention_mask for
// the decoder mask; and the graph output logits. Then the declared dims:
// ids are sequence-first when their axis 1 is the batch (a symbol naming a
// batch, or the axis 0 of an input laid out as their transpose: a padding
// mask, [batch, len] in PyTorch's layouts and Hugging Face's alike); another
// int64 or bool input of rank 2 (such as nn.Transformer's
// src_key_padding_mask given as an input) is the padding mask of the ids
// whose length axis it shares (the same symbol), and a float, bool or int64
// input [T, T] over the decoder ids' length is the causal mask. Each mask's
// format comes from its element type and from what the graph does with it
// (see MaskFormat): a mask that selects a large negative score where it is
// true marks masked positions with true; a float mask must be added to
// scores. Fields given are kept (their formats are still read from the
// graph), and a field nothing matches stays empty: callers check what they
// need. The error names an input whose role, layout or polarity the graph
// does not show.
func GuessIORoles(g *Graph, given IORoles) (IORoles, error) {
	r := given
	has := map[string]bool{}
	for _, v := range g.Inputs() {
		has[v.Name()] = true
	}
	pick := func(cur *string, names []string) {
		if *cur != "" {
			return
		}
		for _, n := range names {
			if has[n] {
				*cur = n
				return
			}
		}
	}
	pick(&r.Src, srcNames)
	pick(&r.DecIn, decInNames)
	pick(&r.SrcMask, srcMaskNames)
	pick(&r.DecMask, decMaskNames)
	if r.Logits == "" {
		for _, v := range g.Outputs() {
			if v.Name() == "logits" {
				r.Logits = "logits"
			}
		}
	}
	var err error
	if r.SeqFirst, err = idsLayout(g, r); err != nil {
		return r, err
	}
	if err := pairMasks(g, &r); err != nil {
		return r, err
	}
	if r.SrcMaskFormat, err = maskFormat(g, r.SrcMask); err != nil {
		return r, err
	}
	if r.DecMaskFormat, err = maskFormat(g, r.DecMask); err != nil {
		return r, err
	}
	if r.CausalFormat, err = maskFormat(g, r.CausalMask); err != nil {
		return r, err
	}
	return r, nil
}

// idDims returns the symbols of the dims of a rank-2 int ids input, or nil.
func idDims(g *Graph, name string) []string {
	v := g.Value(name)
	if name == "" || v == nil || v.Rank() != 2 || v.ElemType() == int32(onnxpb.TensorProto_FLOAT) {
		return nil
	}
	sh := v.Shape()
	return []string{sh[0].Param, sh[1].Param}
}

func namesBatch(sym string) bool { return strings.Contains(strings.ToLower(sym), "batch") }

// idsLayout reads from the declared dims whether the ids are
// sequence-first (see GuessIORoles); the source and decoder ids must agree,
// and so must the logits, whose batch axis is then 1.
func idsLayout(g *Graph, r IORoles) (bool, error) {
	seqFirst := map[string]bool{}
	var batch string
	for _, name := range []string{r.Src, r.DecIn} {
		d := idDims(g, name)
		if d == nil || d[0] == "" || d[1] == "" || d[0] == d[1] {
			continue
		}
		sf := namesBatch(d[1]) && !namesBatch(d[0])
		if !namesBatch(d[0]) && !sf {
			for _, v := range g.Inputs() {
				if v.Rank() == 2 && !v.IsInitializer() && v.Shape()[0].Param == d[1] && v.Shape()[1].Param == d[0] {
					sf = true
				}
			}
		}
		seqFirst[name] = sf
		if sf {
			batch = d[1]
		} else {
			batch = d[0]
		}
	}
	if len(seqFirst) == 2 && seqFirst[r.Src] != seqFirst[r.DecIn] {
		return false, fmt.Errorf("graphedit: the source ids %q and the decoder ids %q are laid out differently (one [len, batch], the other [batch, len])", r.Src, r.DecIn)
	}
	sf := seqFirst[r.Src] || seqFirst[r.DecIn]
	if lv := g.Value(r.Logits); sf && lv != nil && lv.Rank() == 3 && lv.Shape()[1].Param != batch {
		return false, fmt.Errorf("graphedit: the ids are sequence-first ([len, %s]) but the logits %q are %s: want [len, %s, vocab]", batch, r.Logits, ShapeString(lv.Shape()), batch)
	}
	return sf, nil
}

// pairMasks gives the inputs of rank 2 that no name placed their mask
// role: an int64 or bool input the padding mask of the ids whose length
// axis it shares, an input [T, T] over the decoder ids' length the causal
// mask.
func pairMasks(g *Graph, r *IORoles) error {
	taken := map[string]bool{r.Src: true, r.SrcMask: true, r.DecIn: true, r.DecMask: true, r.CausalMask: true}
	lenAxis := 1
	if r.SeqFirst {
		lenAxis = 0
	}
	lenDim := func(name string) string {
		if d := idDims(g, name); d != nil {
			return d[lenAxis]
		}
		return ""
	}
	srcLen, decLen := lenDim(r.Src), lenDim(r.DecIn)
	for _, v := range g.Inputs() {
		name := v.Name()
		if taken[name] || v.IsInitializer() || strings.HasPrefix(name, "gate/") || v.Rank() != 2 {
			continue
		}
		d0, d1 := v.Shape()[0].Param, v.Shape()[1].Param
		float := v.ElemType() == int32(onnxpb.TensorProto_FLOAT)
		if !float && !maskElem(v.ElemType()) {
			continue
		}
		switch {
		case d0 != "" && d0 == decLen && d1 == decLen && r.CausalMask == "":
			r.CausalMask = name
		case !float && d1 != "" && d1 == srcLen && d1 != decLen && r.SrcMask == "":
			r.SrcMask = name
		case !float && d1 != "" && d1 == decLen && d1 != srcLen && r.DecMask == "":
			r.DecMask = name
		case float:
			continue
		default:
			return fmt.Errorf("graphedit: input %q %s looks like a padding mask, but its length axis is not that of the source ids %q alone nor of the decoder ids %q alone, so its role is unknown (give its length axis the symbolic dim of its ids in the export; train names a source mask with --mask-input)",
				name, ShapeString(v.Shape()), r.Src, r.DecIn)
		}
		taken[name] = true
	}
	return nil
}

func maskElem(elem int32) bool {
	return elem == int32(onnxpb.TensorProto_BOOL) || elem == int32(onnxpb.TensorProto_INT64) || elem == int32(onnxpb.TensorProto_INT32)
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

// CheckLogitsPerPosition checks that the logits output r.Logits has one
// position per decoder input position, as teacher-forced training and
// analysis need: an FSMT export's decoder keeps only the last position
// (logits [batch, 1, vocab] whatever the prefix length), which the shape
// analysis shows.
func CheckLogitsPerPosition(g *Graph, r IORoles) error {
	lv, dv := g.Value(r.Logits), g.Value(r.DecIn)
	if lv == nil || dv == nil || dv.Rank() != 2 {
		return nil
	}
	g.ensureAnalysis()
	ls, ds := lv.Shape(), dv.Shape()
	ax := 1 // the length axis of ids and logits
	if r.SeqFirst {
		ax = 0
	}
	if len(ls) < 2 || !ls[ax].Known() || ls[ax].Value != 1 || (ds[ax].Known() && ds[ax].Value == 1) {
		return nil
	}
	return fmt.Errorf("graphedit: the logits %q %s have one position for decoder input ids %q %s: the decoder returns the last position only (as an FSMT export does), so teacher-forced training, analysis and equivalence cannot run on it",
		r.Logits, ShapeString(ls), r.DecIn, ShapeString(ds))
}

// SourceFeatures reports whether the graph input named src is float
// features [batch, mel bins, frames] (a speech encoder's input_features)
// rather than token ids, and returns its declared dims, -1 where symbolic.
func SourceFeatures(g *Graph, src string) (dims []int64, ok bool) {
	v := g.Value(src)
	if v == nil || !v.IsGraphInput() || v.ElemType() != int32(onnxpb.TensorProto_FLOAT) || v.Rank() != 3 {
		return nil, false
	}
	for _, d := range v.Shape() {
		if d.Known() {
			dims = append(dims, d.Value)
		} else {
			dims = append(dims, -1)
		}
	}
	return dims, true
}
