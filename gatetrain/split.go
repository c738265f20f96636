package gatetrain

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// Names of a split (Hugging Face Optimum) translation model's interface.
const (
	splitHidden      = "encoder_hidden_states"
	splitMask        = "encoder_attention_mask"
	splitEncMask     = "attention_mask"
	splitDecIDs      = "input_ids"
	JoinedDecoderIDs = "decoder_input_ids"
)

// JoinSplit joins an encoder file and a decoder file (without past) into one
// graph for training: the decoder's encoder_hidden_states is fed by the
// encoder's first output, its encoder_attention_mask (when present) by the
// encoder's attention_mask input, and its input_ids become the input
// decoder_input_ids. The decoder's loss then reaches the encoder's gates.
// decNames is graphedit.Join's renaming of the decoder's names.
func JoinSplit(enc, dec *graphedit.Graph) (joined *graphedit.Graph, decNames map[string]string, err error) {
	if len(enc.Outputs()) == 0 {
		return nil, nil, fmt.Errorf("gatetrain: the encoder has no output")
	}
	if dec.Value(splitHidden) == nil || !dec.Value(splitHidden).IsGraphInput() {
		return nil, nil, fmt.Errorf("gatetrain: the decoder has no input %q (give the decoder file without past, second)", splitHidden)
	}
	if dec.Value(splitDecIDs) == nil || !dec.Value(splitDecIDs).IsGraphInput() {
		return nil, nil, fmt.Errorf("gatetrain: the decoder has no input %q", splitDecIDs)
	}
	spec := graphedit.JoinSpec{
		Connect: map[string]string{splitHidden: enc.Outputs()[0].Name()},
		Rename:  map[string]string{splitDecIDs: JoinedDecoderIDs},
	}
	if v := dec.Value(splitMask); v != nil && v.IsGraphInput() {
		if m := enc.Value(splitEncMask); m != nil && m.IsGraphInput() {
			spec.Connect[splitMask] = splitEncMask
		}
	}
	j, names, err := graphedit.Join(enc, dec, spec)
	if err != nil {
		return nil, nil, fmt.Errorf("gatetrain: %w", err)
	}
	return j, names, nil
}

// JoinedModel returns a model holding the joined graph g (from JoinSplit)
// for writing or serializing it: a joined graph has no file of its own,
// and without such a model its external data could not be written nor
// handed to ONNX Runtime. Its external data is read relative to
// opts.BaseDir, which must be the encoder file's folder (Join keeps the
// first graph's data source, and exporters write both files' data beside
// them), and from opts.AllowDirs. name labels it in messages.
func JoinedModel(g *graphedit.Graph, name string, opts *onnxio.LoadOptions) (*onnxio.Model, error) {
	b, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		return nil, fmt.Errorf("gatetrain: %s: %w", name, err)
	}
	return onnxio.Parse(b, name, opts)
}
