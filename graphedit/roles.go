package graphedit

import "onnxprune/onnxio/onnxpb"

// IORoles names the inputs and the logits output of a translation model in
// one graph (a single export, or an encoder and decoder joined by Join).
type IORoles struct {
	// Src is the source ids [B,S]; SrcMask the optional source mask [B,S].
	Src, SrcMask string
	// DecIn is the decoder input ids [B,T]; DecMask its optional mask.
	DecIn, DecMask string
	// Logits is the output [B,T,V].
	Logits string
}

// Usual input names of translation exports, most specific first.
var (
	srcNames     = []string{"src_ids", "input_ids", "src", "source_ids", "input_features"}
	decInNames   = []string{"tgt_ids", "decoder_input_ids", "tgt", "target_ids"}
	srcMaskNames = []string{"attention_mask", "src_mask"}
	decMaskNames = []string{"decoder_attention_mask"}
)

// GuessIORoles fills the empty fields of given from the usual names: the
// first graph input among src_ids, input_ids, src, source_ids and
// input_features (a speech encoder's float features: see SourceFeatures)
// for the source; tgt_ids, decoder_input_ids, tgt, target_ids for the decoder
// input ids; attention_mask, src_mask for the source mask;
// decoder_attention_mask for the decoder mask; and the graph output logits.
// Fields given are kept unchecked, and a field no name matches stays empty:
// callers check what they need.
func GuessIORoles(g *Graph, given IORoles) IORoles {
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
	return r
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
