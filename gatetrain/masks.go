package gatetrain

import (
	"onnxprune/graphedit"
	"onnxprune/internal/modelfeed"
	"onnxprune/ortrun"
)

// feedModel adds to in the batch's model inputs and labels as the roles
// say they are written: source ids (or features) and decoder input ids,
// [B, len] or sequence-first; labels in the decoder ids' layout; the
// padding masks in their formats, the source's from SrcMask (not for
// features) and the decoder's from the labels (a position whose label is
// LabelPad is padding); and the causal mask when the model takes one.
func (b *Batch) feedModel(r graphedit.IORoles, in map[string]*ortrun.Tensor) {
	in[r.DecIn] = modelfeed.IDs(b.DecIn, b.B, b.T, r.SeqFirst)
	in[LabelsInput] = modelfeed.IDs(b.Labels, b.B, b.T, r.SeqFirst)
	if b.Feat != nil {
		in[r.Src] = ortrun.NewF32([]int64{int64(b.B), int64(b.Mel), int64(b.Frames)}, b.Feat)
	} else {
		in[r.Src] = modelfeed.IDs(b.Src, b.B, b.S, r.SeqFirst)
	}
	if r.SrcMask != "" && b.Feat == nil {
		in[r.SrcMask] = modelfeed.Mask([]int64{int64(b.B), int64(b.S)}, b.SrcMask, r.SrcMaskFormat)
	}
	if r.DecMask != "" {
		keep := make([]int64, len(b.Labels))
		for i, l := range b.Labels {
			if l != LabelPad {
				keep[i] = 1
			}
		}
		in[r.DecMask] = modelfeed.Mask([]int64{int64(b.B), int64(b.T)}, keep, r.DecMaskFormat)
	}
	if r.CausalMask != "" {
		in[r.CausalMask] = modelfeed.Causal(b.T, r.CausalFormat)
	}
}

// logitsDims are the first two dims the model's logits have for the
// batch: [B, T], or [T, B] for a sequence-first model.
func (b *Batch) logitsDims(r graphedit.IORoles) [2]int64 {
	if r.SeqFirst {
		return [2]int64{int64(b.T), int64(b.B)}
	}
	return [2]int64{int64(b.B), int64(b.T)}
}
