package gatetrain

import (
	"context"
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// loadFixture loads an ONNX file and builds its graph, failing the test on
// error.
func loadFixture(t testing.TB, path string) *graphedit.Graph {
	t.Helper()
	m, err := onnxio.Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func randomCorpus(seed uint64, n int, vocab int64) *Corpus {
	r := rand.New(rand.NewPCG(seed, 1))
	var src, tgt [][]int64
	for i := 0; i < n; i++ {
		s := make([]int64, 2+r.IntN(8))
		for j := range s {
			s[j] = 3 + r.Int64N(vocab-3)
		}
		d := make([]int64, 2+r.IntN(8))
		for j := range d {
			d[j] = 3 + r.Int64N(vocab-3)
		}
		src, tgt = append(src, s), append(tgt, d)
	}
	c, _ := NewCorpus(src, tgt, "random.src", "random.tgt")
	return c
}

// On Marian's split files, joined and gated, the decoder's loss reaches the
// encoder's gates: every gate of every kind gets a nonzero gradient, and a
// short run trains all of them.
func TestSplitMarianJoinedTrainsEveryKind(t *testing.T) {
	enc := loadFixture(t, "../models/fixtures/marian/encoder_model.onnx")
	dec := loadFixture(t, "../models/fixtures/marian/decoder_model.onnx")
	j, _, err := JoinSplit(enc, dec)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := heads.FindHeads(j)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := heads.InsertGates(j, blocks, nil); err != nil {
		t.Fatal(err)
	}
	work, err := j.Clone()
	if err != nil {
		t.Fatal(err)
	}
	tg, err := BuildTrainGraph(work, nil, graphedit.IORoles{}, nil, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	if tg.Roles.Src != "input_ids" || tg.Roles.DecIn != JoinedDecoderIDs || tg.Roles.SrcMask != "attention_mask" {
		t.Fatalf("roles %+v", tg.Roles)
	}
	kinds := map[heads.Kind]int{}
	for _, g := range tg.Gates {
		kinds[g.Kind]++
	}
	if kinds[heads.KindEncoder] != 2 || kinds[heads.KindDecoder] != 2 || kinds[heads.KindCross] != 2 {
		t.Fatalf("gated blocks per kind %v, want 2 each", kinds)
	}
	b, err := proto.Marshal(tg.Graph.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ortrun.NewSessionFromBytes(b, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := randomCorpus(3, 8, 128)
	tr := &Trainer{TG: tg, Run: s}
	batch := MakeBatch(c.Pairs, tokenize.Specials{Pad: 1, DecoderStart: 2, Eos: 0})
	ones := make([]float64, 24)
	for i := range ones {
		ones[i] = 1
	}
	res, err := s.Run(tr.feeds(batch, ones), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range tg.Gates {
		for h, v := range res[GradName(g.Name)].F32 {
			if v == 0 {
				t.Errorf("%s: zero gradient", g.Head(h))
			}
		}
	}

	cfg := DefaultConfig()
	cfg.Steps = 20
	cfg.ValidEvery = 0
	out, err := Run(context.Background(), RunOptions{Graph: j, Model: "marian", Train: c, Specials: tokenize.Specials{Pad: 1, DecoderStart: 2, Eos: 0},
		MaxTokens: 256, Cfg: cfg, OutDir: t.TempDir(), Session: ortrun.Options{IntraOpThreads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for _, h := range out.Gates.Heads {
		if h.LogAlpha != cfg.InitLogAlpha {
			moved++
		}
	}
	if moved != 24 {
		t.Errorf("%d of 24 log α changed", moved)
	}
}
