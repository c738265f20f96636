package gatetrain

import (
	"math"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// skipTol bounds the differences between the training graph that skips
// the backward of clamped gates and the full one (gradients, objectives,
// log α after a few Adam steps): the unclamped gates' gradients come from
// the same nodes, so only float rounding differs (ONNX Runtime fuses some
// nodes differently inside an If branch: 1–3e-7 relative on the planted
// fixture's gate gradients, which Adam's normalized steps carry into log α
// at about that size times the learning rate per step).
const skipTol = 1e-5

// plantedTrainer builds the planted fixture's training graph (full
// backward or not) and a trainer over the first lines of its corpus.
func plantedTrainer(t *testing.T, full bool, cfg Config) *Trainer {
	t.Helper()
	info, train, dev := readPlanted(t)
	train.Pairs = train.Pairs[:64]
	dev.Pairs = dev.Pairs[:32]
	g := loadFixture(t, filepath.Join(plantedDir, "planted.onnx"))
	tg, err := BuildTrainGraphWith(g, TrainGraphOptions{FullBackward: full})
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
	sp := tokenize.Specials{Pad: info.Pad, DecoderStart: info.BOS, Eos: info.EOS}
	tr := &Trainer{Cfg: cfg, TG: tg, Run: s,
		Train: &Batcher{Corpus: train, Specials: sp, MaxTokens: 256, Seed: 1},
		Dev:   &Batcher{Corpus: dev, Specials: sp, MaxTokens: 256, Seed: 1}}
	if err := tr.Init(); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestSkipClampedBackwardTrainsTheSame trains the planted fixture with the
// If nodes that skip the backward of clamped gates and with the full
// gradient graph, from the same seed: log α, the objective and the
// validation loss must agree after every step, and the skipping graph must
// have skipped some gate inputs' backward in some step and run it in others.
func TestSkipClampedBackwardTrainsTheSame(t *testing.T) {
	cfg := plantedConfig()
	cfg.Steps = 12
	cfg.InitLogAlpha = 3 // about 8% of the gates unclamped in a step
	skip := plantedTrainer(t, false, cfg)
	full := plantedTrainer(t, true, cfg)
	if skip.TG.SkipIfs == 0 || full.TG.SkipIfs != 0 {
		t.Fatalf("If nodes: %d with skipping, %d in the full graph; want some and none", skip.TG.SkipIfs, full.TG.SkipIfs)
	}
	if full.TG.Graph.Value(UnclampedInput) != nil {
		t.Fatalf("the full graph has the input %s", UnclampedInput)
	}
	ran, skipped := 0, 0
	for step := 0; step < cfg.Steps; step++ {
		a, err := skip.Step()
		if err != nil {
			t.Fatal(err)
		}
		b, err := full.Step()
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Unclamped) != len(skip.TG.Gates) || b.Unclamped != nil {
			t.Fatalf("step %d: Unclamped has %d entries (full graph: %d), want %d (and none)", step+1, len(a.Unclamped), len(b.Unclamped), len(skip.TG.Gates))
		}
		for _, u := range a.Unclamped {
			if u {
				ran++
			} else {
				skipped++
			}
		}
		if math.Abs(a.Loss-b.Loss) > skipTol*math.Max(1, math.Abs(b.Loss)) || math.Abs(a.GradNorm-b.GradNorm) > skipTol {
			t.Fatalf("step %d: objective %.9g / %.9g, gradient norm %.9g / %.9g", step+1, a.Loss, b.Loss, a.GradNorm, b.GradNorm)
		}
		for i := range full.State.LogAlpha {
			if d := math.Abs(skip.State.LogAlpha[i] - full.State.LogAlpha[i]); d > skipTol {
				t.Fatalf("step %d: log α of %s: %.9g with skipping, %.9g with the full graph", step+1, skip.HeadNames()[i], skip.State.LogAlpha[i], full.State.LogAlpha[i])
			}
		}
	}
	if ran == 0 || skipped == 0 {
		t.Fatalf("over %d steps the backward of %d gate inputs ran and of %d was skipped: the test does not exercise both", cfg.Steps, ran, skipped)
	}
	gates := skip.TestGates()
	la, err := skip.EvalLoss(skip.Dev, gates)
	if err != nil {
		t.Fatal(err)
	}
	lb, err := full.EvalLoss(full.Dev, gates)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(la-lb) > skipTol*math.Max(1, lb) {
		t.Fatalf("validation loss %.9g with skipping, %.9g with the full graph", la, lb)
	}
}

// TestSkipClampedBackwardDefaultsToEveryGradient runs the skipping graph
// without feeding UnclampedInput and with it all zeros: the default gives
// the full graph's gradients, the zeros give zero gate gradients and the
// same loss.
func TestSkipClampedBackwardDefaultsToEveryGradient(t *testing.T) {
	cfg := plantedConfig()
	skip := plantedTrainer(t, false, cfg)
	full := plantedTrainer(t, true, cfg)
	batches, err := skip.Train.Epoch(0)
	if err != nil {
		t.Fatal(err)
	}
	batch := skip.Train.Batch(batches[0])
	gates := make([]float64, skip.NumHeads())
	for i := range gates {
		gates[i] = 0.3 + 0.5*float64(i%3)/2 // inside the stretch: every gradient is wanted
	}
	outs := []string{LossOutput}
	for _, gi := range skip.TG.Gates {
		outs = append(outs, GradName(gi.Name))
	}
	want, err := full.Run.Run(full.feeds(batch, gates), outs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := skip.Run.Run(skip.feeds(batch, gates), outs)
	if err != nil {
		t.Fatal(err)
	}
	feeds := skip.feeds(batch, gates)
	feeds[UnclampedInput] = ortrun.NewF32([]int64{int64(len(skip.TG.Gates))}, make([]float32, len(skip.TG.Gates)))
	none, err := skip.Run.Run(feeds, outs)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range outs {
		w, g, z := want[name].F32, got[name].F32, none[name].F32
		if len(w) != len(g) || len(w) != len(z) {
			t.Fatalf("%s: %d / %d / %d values", name, len(w), len(g), len(z))
		}
		for i := range w {
			if math.Abs(float64(w[i]-g[i])) > skipTol {
				t.Fatalf("%s[%d]: %g by default, %g in the full graph", name, i, g[i], w[i])
			}
			wantNone := float32(0)
			if name == LossOutput {
				wantNone = w[i]
			}
			if math.Abs(float64(z[i]-wantNone)) > skipTol {
				t.Fatalf("%s[%d] with nothing flagged: %g, want %g", name, i, z[i], wantNone)
			}
		}
	}
}
