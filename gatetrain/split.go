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
func JoinSplit(enc, dec *graphedit.Graph) (*graphedit.Graph, error) {
	if len(enc.Outputs()) == 0 {
		return nil, fmt.Errorf("gatetrain: the encoder has no output")
	}
	if dec.Value(splitHidden) == nil || !dec.Value(splitHidden).IsGraphInput() {
		return nil, fmt.Errorf("gatetrain: the decoder has no input %q (give the decoder file without past, second)", splitHidden)
	}
	if dec.Value(splitDecIDs) == nil || !dec.Value(splitDecIDs).IsGraphInput() {
		return nil, fmt.Errorf("gatetrain: the decoder has no input %q", splitDecIDs)
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
	j, err := graphedit.Join(enc, dec, spec)
	if err != nil {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	return j, nil
}

// LoadJoined loads the graph that training and analysis run on: the one
// model file of paths, or its encoder and decoder files joined by JoinSplit.
// m is the first file's model, which the graph reads its external data
// through: the caller closes it when done with the graph. name labels the
// graph in messages ("enc.onnx + dec.onnx" for a joined pair). opts (nil:
// the defaults) loads both files, e.g. with AllowDirs for external data kept
// outside the models' folders.
func LoadJoined(paths []string, opts *onnxio.LoadOptions) (g *graphedit.Graph, m *onnxio.Model, name string, err error) {
	if len(paths) != 1 && len(paths) != 2 {
		return nil, nil, "", fmt.Errorf("gatetrain: want one model file or an encoder and a decoder file, got %d files", len(paths))
	}
	m, err = onnxio.Load(paths[0], opts)
	if err != nil {
		return nil, nil, "", err
	}
	g, err = graphedit.Load(m)
	if err != nil {
		m.Close()
		return nil, nil, "", fmt.Errorf("%s: %w", paths[0], err)
	}
	if len(paths) == 1 {
		return g, m, paths[0], nil
	}
	dm, err := onnxio.Load(paths[1], opts)
	if err != nil {
		m.Close()
		return nil, nil, "", err
	}
	defer dm.Close()
	d, err := graphedit.Load(dm)
	if err != nil {
		m.Close()
		return nil, nil, "", fmt.Errorf("%s: %w", paths[1], err)
	}
	j, err := JoinSplit(g, d)
	if err != nil {
		m.Close()
		return nil, nil, "", fmt.Errorf("%s + %s: %w", paths[0], paths[1], err)
	}
	return j, m, paths[0] + " + " + paths[1], nil
}

// JoinedModel returns a model holding the joined graph g (from LoadJoined
// or JoinSplit) for writing or serializing it: a joined graph has no file
// of its own, and without such a model its external data could not be
// written nor handed to ONNX Runtime. Its external data is read relative to
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
