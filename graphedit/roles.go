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

// The input names of translation exports, most specific first: the one
// list every guess of an input's role reads (GuessIORoles here, the layout
// detection of verify). Callers must not modify them.
var (
	// SourceIDNames name the source ids (or a speech encoder's float
	// features, input_features).
	SourceIDNames = []string{"src_ids", "input_ids", "src", "source_ids", "src_tokens", "encoder_input_ids", "input_features"}
	// TargetIDNames name the decoder input ids of a single graph.
	TargetIDNames = []string{"tgt_ids", "decoder_input_ids", "tgt", "target_ids", "prev_output_tokens", "trg_ids"}
	// SourceMaskNames name the source padding mask.
	SourceMaskNames = []string{"attention_mask", "src_mask", "source_mask", "encoder_attention_mask"}
	// TargetMaskNames name the decoder padding mask.
	TargetMaskNames = []string{"decoder_attention_mask"}
)

// GuessIORoles fills the empty fields of given. Names first: the first
// graph input among SourceIDNames for the source (input_features is a
// speech encoder's float features: see SourceFeatures), TargetIDNames for
// the decoder input ids, SourceMaskNames for the source mask,
// TargetMaskNames for the decoder mask; and the graph output logits. Then the declared dims:
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
	pick(&r.Src, SourceIDNames)
	pick(&r.DecIn, TargetIDNames)
	pick(&r.SrcMask, SourceMaskNames)
	pick(&r.DecMask, TargetMaskNames)
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

// CheckLogitsPerPosition checks that the logits output r.Logits has one
// position per decoder input position, as teacher-forced training and
// analysis need: an FSMT export's decoder keeps only the last position
// (logits [batch, 1, vocab] whatever the prefix length), which the shape
// analysis shows. Logits that an If returns (a merged decoder) are checked
// in each branch.
func CheckLogitsPerPosition(g *Graph, r IORoles) error {
	lv, dv := g.Value(r.Logits), g.Value(r.DecIn)
	if lv == nil || dv == nil || dv.Rank() != 2 {
		return nil
	}
	g.ensureAnalysis()
	ls, ds := lv.Shape(), dv.Shape()
	if n, k := lv.Producer(); n != nil && n.OpType() == "If" {
		for _, branch := range []string{"then_branch", "else_branch"} {
			sub, err := g.Subgraph(n, branch)
			if err != nil || k >= len(sub.Outputs()) {
				continue
			}
			sub.ensureAnalysis()
			if bs := sub.Outputs()[k].Shape(); onePosition(bs, ds, r.SeqFirst) {
				ls = bs
			}
		}
	}
	if !onePosition(ls, ds, r.SeqFirst) {
		return nil
	}
	return fmt.Errorf("graphedit: the logits %q %s have one position for decoder input ids %q %s: the decoder returns the last position only (as an FSMT export does), so teacher-forced training, analysis and equivalence cannot run on it",
		r.Logits, ShapeString(ls), r.DecIn, ShapeString(ds))
}

// onePosition reports whether logits of shape ls have a length of 1 where
// the ids of shape ds may be longer.
func onePosition(ls, ds []Dim, seqFirst bool) bool {
	ax := 1 // the length axis of ids and logits
	if seqFirst {
		ax = 0
	}
	return len(ls) >= 2 && len(ds) == 2 && ls[ax].Known() && ls[ax].Value == 1 && !(ds[ax].Known() && ds[ax].Value == 1)
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
