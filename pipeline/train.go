package pipeline

import (
	"context"
	"fmt"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/features"
	"onnxprune/verify"
	"onnxprune/verify/score"
	"onnxprune/verify/tokenize"
)

// TrainSettings are the gate-training settings that `onnxprune train` and
// the train stage of `onnxprune run` share: one set of defaults
// (DefaultTrainSettings), handed to gatetrain.Run alike.
type TrainSettings struct {
	// Cfg is the training configuration.
	Cfg gatetrain.Config
	// MaxTokens bounds the padded tokens of a batch; Window is the number
	// of sentences sorted by length together.
	MaxTokens, Window int
	// Smoothing is the label smoothing ε of the cross-entropy.
	Smoothing float64
	// Weights are the parts whose weights train with the gates (at
	// Cfg.WeightLR).
	Weights gatetrain.WeightParts
}

// DefaultTrainSettings are gatetrain.DefaultConfig with batches of 2048
// padded tokens, length buckets of 1000 sentences and no label smoothing.
func DefaultTrainSettings() TrainSettings {
	return TrainSettings{Cfg: gatetrain.DefaultConfig(), MaxTokens: 2048, Window: 1000}
}

// RunOptions are the options of gatetrain.Run that the train stage of run
// and the train command set alike: training on the joined graph j (its
// model the written graphs' source), for the gates of kinds, on the
// corpora with the special ids sp and these settings. Callers add where
// outputs go, the session and what else they train.
func (s TrainSettings) RunOptions(j *JoinedGraph, kinds []heads.Kind, train, dev *gatetrain.Corpus, sp tokenize.Specials) gatetrain.RunOptions {
	return gatetrain.RunOptions{
		Graph: j.Graph, Model: j.Name, Source: j.Model, Kinds: kinds,
		Train: train, Dev: dev, Specials: sp, MaxTokens: s.MaxTokens, Window: s.Window, Smoothing: s.Smoothing, Cfg: s.Cfg,
	}
}

// TrainSettings returns the training settings of c: the defaults with c's
// train keys (and seed) applied.
func (c Config) TrainSettings() TrainSettings {
	s := DefaultTrainSettings()
	s.Cfg.Steps, s.Cfg.Lambda, s.Cfg.TargetHeads, s.Cfg.Seed = c.Steps, c.Lambda, c.TargetHeads, c.Seed
	s.Cfg.Schedule.Base = c.LR
	s.Cfg.LagrangeLR = c.LagrangeLR
	s.Cfg.CheckpointEvery = c.CheckpointEvery
	s.Cfg.Distill = c.Distill
	s.Cfg.WeightLR = c.WeightLR
	s.Weights = c.TrainWeights
	s.MaxTokens = c.MaxTokens
	return s
}

// TrainSpecials checks a model's resolved special ids for training: the
// decoder starts with the decoder start id (verify.ResolveSpecials makes it
// the BOS id when the model names none); without an EOS id none is
// appended. A model without a padding id or a decoder start is an error
// naming the setting to give, never a guess.
func TrainSpecials(sp tokenize.Specials) (tokenize.Specials, error) {
	if sp.Pad < 0 {
		return sp, fmt.Errorf("give --specials pad=ID: no config.json, generation_config.json, metadata or tokenizer of the model gives the padding id")
	}
	if sp.DecoderStart < 0 {
		return sp, fmt.Errorf("give --specials decoder-start=ID: no config.json, generation_config.json, metadata or tokenizer of the model gives the decoder start id or a bos id")
	}
	return sp, nil
}

// ReadCorpus reads a parallel corpus for training: text encoded with tok,
// or token ids when tok is nil (one sentence a line, ids separated by
// spaces); a source ending in .npy is speech features, one utterance per
// target line.
func ReadCorpus(pair [2]string, tok tokenize.Tokenizer) (*gatetrain.Corpus, error) {
	if tok == nil && !features.IsFile(pair[0]) {
		return gatetrain.ReadCorpus(pair[0], pair[1], -1)
	}
	enc := func(path string) ([][]int64, error) {
		if tok == nil {
			return gatetrain.ReadIDFile(path, -1)
		}
		lines, err := score.ReadLines(path)
		if err != nil {
			return nil, err
		}
		var out [][]int64
		for i, l := range lines {
			ids, err := tok.Encode(l)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
			}
			out = append(out, ids)
		}
		return out, nil
	}
	t, err := enc(pair[1])
	if err != nil {
		return nil, err
	}
	if features.IsFile(pair[0]) {
		f, err := features.Read(pair[0])
		if err != nil {
			return nil, err
		}
		return gatetrain.NewFeatureCorpus(f, t, pair[1])
	}
	s, err := enc(pair[0])
	if err != nil {
		return nil, err
	}
	return gatetrain.NewCorpus(s, t, pair[0], pair[1])
}

// MeasureBudgets makes the parameter, FLOP and time budgets of training
// for the gates of the kinds in g, the gated graph training runs on: what
// closing each unit saves, measured by cutting it from the ungated model's
// files (verify.MeasureBudgets), those in loaded read in memory, and the
// dense model's decoding timed with ts for a time budget (its time model
// returned too). The train stage of run and the train command alike.
func MeasureBudgets(ctx context.Context, bt verify.BudgetTarget, files, allowDirs []string, loaded map[string]*verify.LoadedFile, g *graphedit.Graph, kinds []heads.Kind, shape verify.FLOPShape, ts verify.TimeSource) ([]*gatetrain.Budget, *verify.TimeModel, error) {
	gates, err := gatetrain.FindGates(g, kinds)
	if err != nil {
		return nil, nil, err
	}
	return verify.MeasureBudgets(ctx, bt, files, allowDirs, loaded, gates, shape, ts)
}

// TimedSources returns at most 256 source sentences of c, spread over it,
// for timing the model (verify.TimeSource).
func TimedSources(c *gatetrain.Corpus) [][]int64 {
	var src [][]int64
	step := max(1, len(c.Pairs)/256)
	for i := 0; i < len(c.Pairs) && len(src) < 256; i += step {
		if len(c.Pairs[i].Src) > 0 {
			src = append(src, c.Pairs[i].Src)
		}
	}
	return src
}

// TimeModelLine says what a time model measured, in one line.
func TimeModelLine(t *verify.TimeModel) string {
	return fmt.Sprintf("time per generated token at batch %d: encoder %.4g ms, decoder steps %.4g ms, loop %.4g ms; %.4g and %.4g ms per MFLOP cut from the encoder and the step; a removed sublayer %.4g ms (encoder) and %.4g ms (step) beyond its FLOPs",
		t.Batch, t.EncoderMs, t.StepMs, t.LoopMs, 1e6*t.EncoderPerFLOP, 1e6*t.StepPerFLOP, t.EncoderPerSublayer, t.StepPerSublayer)
}
