package gatetrain

import (
	"context"
	"fmt"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/ortrun"
)

// BuildLossGraph turns a model graph (single file, or encoder and decoder
// joined by JoinSplit) into one that computes the teacher-forced
// cross-entropy of its logits against a labels input [batch, tgt_len],
// without label smoothing and ignoring labels equal to LabelPad: the mean
// over the batch's target tokens, PyTorch's CrossEntropyLoss with
// reduction="mean". The graph's only output becomes LossOutput; no
// gradient is built. It returns the model's roles, detected from the
// usual names where given leaves them empty (DetectRoles).
func BuildLossGraph(g *graphedit.Graph, given graphedit.IORoles) (graphedit.IORoles, error) {
	roles, err := DetectRoles(g, given)
	if err != nil {
		return roles, err
	}
	labels, err := g.AddInput(LabelsInput, graphedit.ElemInt64, g.Value(roles.DecIn).Shape())
	if err != nil {
		return roles, fmt.Errorf("gatetrain: labels input: %w", err)
	}
	loss, err := autodiff.CrossEntropy(g, g.Value(roles.Logits), labels, autodiff.CrossEntropyOptions{PadID: LabelPad, Name: LossOutput})
	if err != nil {
		return roles, fmt.Errorf("gatetrain: loss: %w", err)
	}
	for _, o := range g.Outputs() {
		if err := g.RemoveOutput(o); err != nil {
			return roles, fmt.Errorf("gatetrain: output %q: %w", o.Name(), err)
		}
	}
	if err := g.AddOutput(loss); err != nil {
		return roles, fmt.Errorf("gatetrain: loss output: %w", err)
	}
	g.Cleanup()
	return roles, nil
}

// CorpusLoss runs a loss graph (BuildLossGraph) over every batch of a
// corpus (epoch 0 of its batcher) and returns the cross-entropy per target
// token over the whole corpus (each batch's mean weighted by its tokens:
// the sum over all target tokens, EOS included, divided by their number,
// as Trainer.EvalLoss computes it for a gated model) and that number of
// tokens. It stops early when ctx is cancelled.
func CorpusLoss(ctx context.Context, run Runner, roles graphedit.IORoles, b *Batcher) (loss float64, tokens int, err error) {
	batches, err := b.Epoch(0)
	if err != nil {
		return 0, 0, err
	}
	var sum float64
	var tok int
	for _, idx := range batches {
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		batch := b.Batch(idx)
		res, err := run.Run(lossFeeds(roles, batch), []string{LossOutput})
		if err != nil {
			return 0, 0, fmt.Errorf("gatetrain: loss of %s lines %v: %w", b.Corpus.SrcFile, firstLines(batch.Lines), err)
		}
		sum += float64(res[LossOutput].F32[0]) * float64(batch.Tokens)
		tok += batch.Tokens
	}
	if tok == 0 {
		return 0, 0, fmt.Errorf("gatetrain: %s: no target tokens", b.Corpus.SrcFile)
	}
	return sum / float64(tok), tok, nil
}

// lossFeeds returns the inputs of a loss graph for a batch: source ids,
// decoder input ids and labels, and the masks the roles name.
func lossFeeds(r graphedit.IORoles, b *Batch) map[string]*ortrun.Tensor {
	in := map[string]*ortrun.Tensor{
		r.Src:       ortrun.NewI64([]int64{int64(b.B), int64(b.S)}, b.Src),
		r.DecIn:     ortrun.NewI64([]int64{int64(b.B), int64(b.T)}, b.DecIn),
		LabelsInput: ortrun.NewI64([]int64{int64(b.B), int64(b.T)}, b.Labels),
	}
	if r.SrcMask != "" {
		in[r.SrcMask] = ortrun.NewI64([]int64{int64(b.B), int64(b.S)}, b.SrcMask)
	}
	if r.DecMask != "" {
		m := make([]int64, len(b.Labels))
		for i, l := range b.Labels {
			if l != LabelPad {
				m[i] = 1
			}
		}
		in[r.DecMask] = ortrun.NewI64([]int64{int64(b.B), int64(b.T)}, m)
	}
	return in
}
