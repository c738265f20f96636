package gatetrain

import "onnxprune/ortrun"

// feedMasks adds to in the padding masks the roles name, in their formats:
// the source mask from SrcMask (not for features) and the decoder mask from
// the labels (a position whose label is LabelPad is padding).
func (b *Batch) feedMasks(r Roles, in map[string]*ortrun.Tensor) {
	if r.SrcMask != "" && b.Feat == nil {
		in[r.SrcMask] = ortrun.NewPaddingMask([]int64{int64(b.B), int64(b.S)}, b.SrcMask, r.SrcMaskFormat.Bool, r.SrcMaskFormat.PadTrue)
	}
	if r.DecMask != "" {
		keep := make([]int64, len(b.Labels))
		for i, l := range b.Labels {
			if l != LabelPad {
				keep[i] = 1
			}
		}
		in[r.DecMask] = ortrun.NewPaddingMask([]int64{int64(b.B), int64(b.T)}, keep, r.DecMaskFormat.Bool, r.DecMaskFormat.PadTrue)
	}
}
