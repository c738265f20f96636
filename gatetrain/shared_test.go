package gatetrain

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// The tied fixture: the reference architecture at its initial values,
// exported by PyTorch, which merged every LayerNorm weight into one
// initializer and every LayerNorm bias into another (models/fixtures/tied).
var tiedDir = filepath.Join("..", "models", "fixtures", "tied")

type tiedParams struct {
	Encoder []string `json:"encoder_params"`
	Decoder []string `json:"decoder_params"`
	Merged  []string `json:"merged_initializers"`
}

func readTiedParams(t *testing.T) tiedParams {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(tiedDir, "params.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p tiedParams
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func gatedTied(t *testing.T) *graphedit.Graph {
	t.Helper()
	g := loadFixture(t, filepath.Join(tiedDir, "model.onnx"))
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := heads.InsertGates(g, blocks, nil); err != nil {
		t.Fatal(err)
	}
	return g
}

func norms(names []string) []string {
	var out []string
	for _, n := range names {
		if strings.Contains(n, "norm.") {
			out = append(out, n)
		}
	}
	return out
}

const tiedDecIn = "decoder_input_ids"

func TestUntieMergedInitializers(t *testing.T) {
	p := readTiedParams(t)
	g := gatedTied(t)
	if len(p.Merged) != 2 {
		t.Fatalf("the fixture should have 2 merged initializers, has %v", p.Merged)
	}
	if _, err := EncoderWeights(g, tiedDecIn); err == nil {
		t.Fatal("EncoderWeights on merged initializers: no error")
	}
	before, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	shared, err := UntieWeights(g, tiedDecIn)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]SharedWeight{}
	for _, s := range shared {
		byName[s.Name] = s
		t.Log(s)
	}
	// 2 encoder layers × 2 norms + the encoder's final norm, 1 decoder
	// layer × 3 norms + the decoder's: 9 LayerNorms share each initializer.
	for _, m := range p.Merged {
		if s := byName[m]; len(s.Aliases) != 8 || s.Readers != 9 || s.Tied {
			t.Errorf("%s: %+v, want 8 aliases of 9 readers, not tied", m, s)
		}
	}
	if s := byName["embed.weight"]; s.EncoderCopy == "" || s.Tied {
		t.Errorf("embed.weight: %+v, want an encoder copy", s)
	}
	for _, n := range append(norms(p.Encoder), norms(p.Decoder)...) {
		if v := g.Value(n); v == nil || !v.IsInitializer() || v.NumUses() != 1 {
			t.Errorf("parameter %s is not an initializer of its own after untying", n)
		}
	}
	w, err := EncoderWeights(g, tiedDecIn)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range norms(p.Encoder) {
		if !slices.Contains(w, n) {
			t.Errorf("encoder parameter %s is not trained", n)
		}
	}
	for _, n := range append(p.Decoder, "embed.weight") {
		if slices.Contains(w, n) {
			t.Errorf("decoder parameter %s would be trained", n)
		}
	}
	if !slices.Contains(w, byName["embed.weight"].EncoderCopy) {
		t.Errorf("the encoder's copy of the embedding is not trained: %v", w)
	}

	// The untied model computes what the original computed.
	after, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	in := tiedBatch()
	var outs [2][]float32
	for i, b := range [][]byte{before, after} {
		s, err := ortrun.NewSessionFromBytes(b, ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Run(in, []string{"logits"})
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		outs[i] = res["logits"].F32
	}
	if !slices.Equal(outs[0], outs[1]) {
		t.Error("the untied model's logits differ from the original's")
	}
}

func tiedBatch() map[string]*ortrun.Tensor {
	ids := []int64{5, 9, 17, 30, 3, 11, 12, 40, 6, 3}
	gates := map[string]*ortrun.Tensor{
		"input_ids":         ortrun.NewI64([]int64{2, 5}, ids),
		"attention_mask":    ortrun.NewI64([]int64{2, 5}, []int64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}),
		"decoder_input_ids": ortrun.NewI64([]int64{2, 4}, []int64{2, 7, 8, 9, 2, 21, 22, 23}),
	}
	for _, k := range []string{"encoder.0", "encoder.1", "decoder.0", "cross.0"} {
		gates[GatePrefix+k] = ortrun.NewF32([]int64{2}, []float32{1, 1})
	}
	return gates
}

// Joint training of the tied fixture trains every encoder LayerNorm (and
// the encoder's copy of the embedding) and leaves every decoder parameter
// and the decoder's embedding as they were.
func TestTrainTiedEncoderWeights(t *testing.T) {
	p := readTiedParams(t)
	g := gatedTied(t)
	if _, err := UntieWeights(g, tiedDecIn); err != nil {
		t.Fatal(err)
	}
	w, err := EncoderWeights(g, tiedDecIn)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var train Corpus
	for i := 0; i < 16; i++ {
		src := make([]int64, 3+rng.IntN(5))
		tgt := make([]int64, 3+rng.IntN(5))
		for j := range src {
			src[j] = 4 + rng.Int64N(44)
		}
		for j := range tgt {
			tgt[j] = 4 + rng.Int64N(44)
		}
		train.Pairs = append(train.Pairs, Pair{Src: src, Tgt: tgt, Line: i + 1})
	}
	cfg := DefaultConfig()
	cfg.Steps = 3
	cfg.ValidEvery = 0
	cfg.WeightLR = 1e-2
	path := filepath.Join(tiedDir, "model.onnx")
	dir := t.TempDir()
	o := RunOptions{
		Graph: g, Model: path, Source: func() (*onnxio.Model, error) { return onnxio.Load(path, nil) },
		Roles: graphedit.IORoles{Src: "input_ids", DecIn: tiedDecIn, SrcMask: "attention_mask"},
		Train: &train, Specials: tokenize.Specials{Pad: 0, DecoderStart: 2, Eos: 3}, MaxTokens: 64, Cfg: cfg, OutDir: dir,
		TrainWeights: w, Untied: true, Session: ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1},
	}
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	trained := loadFixture(t, filepath.Join(dir, TrainedModelName))
	orig := loadFixture(t, path)
	value := func(g *graphedit.Graph, name string) []float32 {
		t.Helper()
		tv, ok := g.ConstValue(g.Value(name))
		if !ok {
			t.Fatalf("%s: no value", name)
		}
		f, err := tv.AsFloat32()
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	ones := value(orig, p.Merged[1])
	for _, n := range norms(p.Encoder) {
		if strings.HasSuffix(n, ".weight") && slices.Equal(value(trained, n), ones) {
			t.Errorf("encoder parameter %s did not change", n)
		}
	}
	for _, n := range norms(p.Decoder) {
		if strings.HasSuffix(n, ".weight") && !slices.Equal(value(trained, n), ones) {
			t.Errorf("decoder parameter %s changed", n)
		}
	}
	if !slices.Equal(value(trained, "embed.weight"), value(orig, "embed.weight")) {
		t.Error("the decoder's embedding changed")
	}
	if slices.Equal(value(trained, "embed.weight.encoder"), value(orig, "embed.weight")) {
		t.Error("the encoder's embedding did not change")
	}
}
