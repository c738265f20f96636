package gatetrain

import (
	"os"
	"strconv"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// benchLines is the batch of the training-step benchmark: the first lines of
// the planted training corpus, as bench/peers/train_gates_torch.py reads
// them, so both sides run the same batch.
const benchLines = 64

// benchThreads reads ONNXPRUNE_BENCH_THREADS (default 1): the intra-op
// threads, matched by the PyTorch peer's torch.set_num_threads.
func benchThreads() int {
	if n, err := strconv.Atoi(os.Getenv("ONNXPRUNE_BENCH_THREADS")); err == nil && n > 0 {
		return n
	}
	return 1
}

// BenchmarkTrainStepPlanted times one gate-training step (Hard Concrete
// sample, forward + backward on ONNX Runtime, chain rule, penalty, Adam) on
// the planted fixture, and reports target tokens per second.
func BenchmarkTrainStepPlanted(b *testing.B) {
	info, train, _ := readPlanted(b)
	train.Pairs = train.Pairs[:benchLines]
	o := plantedOptions(b, plantedConfig(), b.TempDir())
	tg, err := BuildTrainGraph(o.Graph, nil, graphedit.IORoles{}, nil, 0)
	if err != nil {
		b.Fatal(err)
	}
	model, err := proto.Marshal(tg.Graph.ModelProto(nil))
	if err != nil {
		b.Fatal(err)
	}
	s, err := ortrun.NewSessionFromBytes(model, ortrun.Options{IntraOpThreads: benchThreads(), InterOpThreads: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	cfg := plantedConfig()
	cfg.Steps = b.N + 1
	sp := tokenize.Specials{Pad: info.Pad, DecoderStart: info.BOS, Eos: info.EOS}
	tr := &Trainer{Cfg: cfg, TG: tg, Run: s, Train: &Batcher{Corpus: train, Specials: sp, MaxTokens: 1 << 20, Seed: 1}}
	if err := tr.Init(); err != nil {
		b.Fatal(err)
	}
	if len(tr.epoch) != 1 {
		b.Fatalf("%d batches, want the whole benchmark batch in one", len(tr.epoch))
	}
	if _, err := tr.Step(); err != nil { // warm-up: ORT's first run allocates
		b.Fatal(err)
	}
	tokens := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		info, err := tr.Step()
		if err != nil {
			b.Fatal(err)
		}
		tokens += info.Tokens
	}
	b.ReportMetric(float64(tokens)/b.Elapsed().Seconds(), "tokens/s")
	b.ReportMetric(float64(benchThreads()), "threads")
}
