package gatetrain

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// jointPlantedTrainer is a trainer of the planted fixture's gates and
// encoder weights over the first lines of its corpus.
func jointPlantedTrainer(t *testing.T) *Trainer {
	t.Helper()
	info, train, _ := readPlanted(t)
	train.Pairs = train.Pairs[:64]
	g := loadFixture(t, filepath.Join(plantedDir, "planted.onnx"))
	roles, err := DetectRoles(g, graphedit.IORoles{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := UntieWeights(g, roles.DecIn); err != nil {
		t.Fatal(err)
	}
	weights, err := EncoderWeights(g, roles.DecIn)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := BuildTrainGraph(g, nil, roles, weights, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := proto.Marshal(tg.Graph.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ortrun.NewSessionFromBytes(b, ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	cfg := plantedConfig()
	cfg.Steps = 4
	sp := tokenize.Specials{Pad: info.Pad, DecoderStart: info.BOS, Eos: info.EOS}
	return &Trainer{Cfg: cfg, TG: tg, Run: s, InitWeights: tg.WeightValues,
		Train: &Batcher{Corpus: train, Specials: sp, MaxTokens: 256, Seed: 1}}
}

// TestCheckpointWithWeightsResumes saves a joint run's checkpoint after two
// steps (the weights and their Adam moments follow the gob header as raw
// float32), loads it into a fresh trainer, and checks that the state reads
// back equal and that both trainers then take the same steps; a truncated
// file is refused.
func TestCheckpointWithWeightsResumes(t *testing.T) {
	a := jointPlantedTrainer(t)
	if err := a.Init(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if _, err := a.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if len(a.State.Weights) == 0 || a.State.WeightAdam == nil || a.State.WeightAdam.T != 2 {
		t.Fatalf("joint state: %d weight tensors, optimizer %+v", len(a.State.Weights), a.State.WeightAdam)
	}
	path := filepath.Join(t.TempDir(), CheckpointFileName)
	if err := a.SaveCheckpoint(path); err != nil {
		t.Fatal(err)
	}
	b := jointPlantedTrainer(t)
	b.InitWeights = nil
	if err := b.LoadCheckpoint(path); err != nil {
		t.Fatal(err)
	}
	if err := b.Init(); err != nil {
		t.Fatal(err)
	}
	wa, wb := a.State.WeightAdam, b.State.WeightAdam
	if !reflect.DeepEqual(a.State.Weights, b.State.Weights) || !reflect.DeepEqual(wa.M, wb.M) || !reflect.DeepEqual(wa.V, wb.V) ||
		wa.T != wb.T || wa.Beta1 != wb.Beta1 || wa.Beta2 != wb.Beta2 || wa.Eps != wb.Eps {
		t.Fatal("weights or their optimizer differ after the round trip")
	}
	if !reflect.DeepEqual(a.State.LogAlpha, b.State.LogAlpha) || !reflect.DeepEqual(a.State.Adam, b.State.Adam) || a.State.Step != b.State.Step {
		t.Fatal("gate state differs after the round trip")
	}
	for i := 0; i < 2; i++ {
		sa, err := a.Step()
		if err != nil {
			t.Fatal(err)
		}
		sb, err := b.Step()
		if err != nil {
			t.Fatal(err)
		}
		if sa.Loss != sb.Loss || !reflect.DeepEqual(a.State.LogAlpha, b.State.LogAlpha) || !reflect.DeepEqual(a.State.Weights, b.State.Weights) {
			t.Fatalf("step %d after resuming: objective %v / %v, or log α or weights differ", sa.Step, sa.Loss, sb.Loss)
		}
	}

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data[:len(data)-4], 0o644); err != nil {
		t.Fatal(err)
	}
	c := jointPlantedTrainer(t)
	if err := c.LoadCheckpoint(path); err == nil {
		t.Fatal("a truncated checkpoint loaded")
	}
}
