package gatetrain

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// TestCorpusLossMatchesPyTorch computes the dev loss of the planted model
// without gates and compares it with PyTorch's cross_entropy over the same
// dev set in one batch (make_planted.py's dev_loss in planted.json), in
// batches of two sizes: padding and batching must not change it.
func TestCorpusLossMatchesPyTorch(t *testing.T) {
	info, _, dev := readPlanted(t)
	g := loadFixture(t, filepath.Join(plantedDir, "planted_ungated.onnx"))
	roles, err := BuildLossGraph(g, graphedit.IORoles{})
	if err != nil {
		t.Fatal(err)
	}
	if outs := g.Outputs(); len(outs) != 1 || outs[0].Name() != LossOutput {
		t.Fatalf("the loss graph's outputs are %v, want %s alone", outs, LossOutput)
	}
	data, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	sess, err := ortrun.NewSessionFromBytes(data, ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	wantTokens := 0
	for _, p := range dev.Pairs {
		wantTokens += len(p.Tgt) + 1
	}
	for _, maxTokens := range []int{40, 4096} {
		b := &Batcher{Corpus: dev, Specials: tokenize.Specials{Pad: info.Pad, DecoderStart: info.BOS, Eos: info.EOS}, MaxTokens: maxTokens, Window: len(dev.Pairs)}
		loss, tokens, err := CorpusLoss(context.Background(), sess, roles, b)
		if err != nil {
			t.Fatal(err)
		}
		if tokens != wantTokens {
			t.Errorf("max tokens %d: %d tokens, want %d (targets + EOS)", maxTokens, tokens, wantTokens)
		}
		if math.Abs(loss-info.DevLoss) > 2e-5 {
			t.Errorf("max tokens %d: loss %.7f, PyTorch's %.7f", maxTokens, loss, info.DevLoss)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := &Batcher{Corpus: dev, Specials: tokenize.Specials{Pad: info.Pad, DecoderStart: info.BOS, Eos: info.EOS}, MaxTokens: 4096}
	if _, _, err := CorpusLoss(ctx, sess, roles, b); err == nil {
		t.Error("a cancelled context did not stop the loss")
	}
}
