package pipeline

import (
	"fmt"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/onnxio"
)

// WeightSelection is what trains with the gates besides them (train
// --train-weights, train.weights of run).
type WeightSelection struct {
	// Weights are the initializers of the joined graph that train.
	Weights []string
	// Ties are the decoder weights equal to encoder weights that train as
	// one parameter with them (gatetrain.TieEqualWeights).
	Ties []gatetrain.Tie
	// Shared says what was done with each weight several nodes read
	// (gatetrain.UntieWeights).
	Shared []gatetrain.SharedWeight
}

// SelectWeights resolves the shared weights of the joined graph g for
// parts and lists the weights that train (gatetrain.SelectWeights): the
// train command and the train stage of run alike. encoderNames, for a
// joined pair, are the encoder file's initializers: training both parts,
// decoder weights equal to encoder weights (embeddings the source model
// ties, copied into both files) become one parameter with them. Finding no
// weight to train is an error.
func SelectWeights(g *graphedit.Graph, given graphedit.IORoles, parts gatetrain.WeightParts, encoderNames map[string]bool) (*WeightSelection, error) {
	r, err := gatetrain.DetectRoles(g, given)
	if err != nil {
		return nil, err
	}
	sel := &WeightSelection{}
	if encoderNames != nil && parts.Encoder && parts.Decoder {
		if sel.Ties, err = gatetrain.TieEqualWeights(g, encoderNames); err != nil {
			return nil, err
		}
	}
	if sel.Weights, sel.Shared, err = gatetrain.SelectWeights(g, r, parts); err != nil {
		return nil, err
	}
	if len(sel.Weights) == 0 {
		return nil, fmt.Errorf("found no %s weights to train", parts)
	}
	return sel, nil
}

// WeightFilesOf is the copy of a model's files that the trained weights
// are written into: files[0] (the one file, or the encoder file of a split
// export), files[1] the decoder file joined with it, and any further files
// the export's other decoder files (decoder_with_past_model.onnx, a merged
// decoder), which get the decoder's trained weights
// (gatetrain.WeightFiles.Companions). names[i] is files[i]'s output name
// in the training folder ("" for a single file: gatetrain.TrainedModelName).
func WeightFilesOf(files, names []string, lo *onnxio.LoadOptions) gatetrain.WeightFiles {
	load := func(p string) func() (*onnxio.Model, error) {
		return func() (*onnxio.Model, error) { return onnxio.Load(p, lo) }
	}
	w := gatetrain.WeightFiles{Source: load(files[0]), File: names[0]}
	if len(files) > 1 {
		w.Decoder, w.DecoderFile = load(files[1]), names[1]
	}
	for i := 2; i < len(files); i++ {
		w.Companions = append(w.Companions, gatetrain.Companion{Source: load(files[i]), File: names[i]})
	}
	return w
}
