package pipeline

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"onnxprune/gatesfile"
	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/modelpath"
	"onnxprune/internal/safefile"
	"onnxprune/onnxio"
	"onnxprune/verify"
)

// plantedConfig is a short run on the planted-redundancy model (1 layer,
// 4 heads in each attention kind, token ids).
func plantedConfig(t *testing.T, out string) Config {
	t.Helper()
	text := `model: ../models/planted/planted_ungated.onnx
ids: true
specials: pad=0,bos=1,eos=2,decoder-start=1
threads: 1
data:
  train: [../models/planted/train.src, ../models/planted/train.tgt]
  dev: [../models/demo/slice/planted-dev.src, ../models/demo/slice/planted-dev.tgt]
  test: [../models/demo/slice/planted-test.src, ../models/demo/slice/planted-test.tgt]
train:
  max-steps: 60
  l0-lambda: 0.1
  checkpoint-every: 10
analyze:
  max-sentences: 10
verify:
  repeats: 1
`
	c := Default()
	if err := Parse(&c, "test.yaml", text, "."); err != nil {
		t.Fatal(err)
	}
	c.Out = out
	return c
}

// workCount counts the work a run must do once per model file: the
// files ONNX files are read from (onnxio.Load, by absolute path: every
// stage's reads, verify's included) and the head discoveries (heads.Discover,
// wherever the run calls it).
type workCount struct {
	mu          sync.Mutex
	loads       map[string]int
	discoveries int
	stop        func()
}

// observeWork counts the loads and head discoveries from now until the
// test ends or stop is called.
func observeWork(t *testing.T) *workCount {
	t.Helper()
	c := &workCount{loads: map[string]int{}}
	stopLoads := onnxio.ObserveLoads(func(p string) {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		c.mu.Lock()
		c.loads[p]++
		c.mu.Unlock()
	})
	stopFinds := heads.ObserveDiscoveries(func(*graphedit.Graph) {
		c.mu.Lock()
		c.discoveries++
		c.mu.Unlock()
	})
	c.stop = func() { stopFinds(); stopLoads() }
	t.Cleanup(c.stop)
	return c
}

// checkOnce checks that a run, observed by count, read each of files (the
// model's) once and ran head discovery once per file, none elsewhere.
func checkOnce(t *testing.T, what string, count *workCount, files ...string) {
	t.Helper()
	count.stop()
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		if count.loads[abs] != 1 {
			t.Errorf("%s: %s read %d times; want once (all reads: %v)", what, f, count.loads[abs], count.loads)
		}
	}
	if count.discoveries != len(files) {
		t.Errorf("%s: %d head discoveries; want one per file of %v", what, count.discoveries, files)
	}
}

func stageStatus(t *testing.T, s *Summary) map[string]Status {
	t.Helper()
	m := map[string]Status{}
	for _, st := range s.Stages {
		m[st.Stage] = st
	}
	if len(m) != len(Stages) {
		t.Fatalf("summary lists stages %+v, want %v", s.Stages, Stages)
	}
	return m
}

func modTime(t *testing.T, path string) time.Time {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.ModTime()
}

func TestRunPlantedEndToEnd(t *testing.T) {
	out := t.TempDir()
	c := plantedConfig(t, out)
	var log bytes.Buffer
	count := observeWork(t)
	s, err := Run(context.Background(), c, &log)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, log.String())
	}
	// The model file is read once and its heads are found once for every
	// stage: the copy the gate stage edits and the graph the analysis runs
	// on carry the loaded blocks.
	checkOnce(t, "run", count, c.Model[0])
	for _, f := range []string{StateFile, SummaryJSON, SummaryMD, InspectFile,
		filepath.Join(GatedDir, "planted_ungated.onnx"), filepath.Join(TrainDir, gatetrain.GatesFileName),
		filepath.Join(AnalysisDir, "heads.json"), filepath.Join(AnalysisDir, "relevance.svg"),
		filepath.Join(PrunedDir, "planted_ungated.onnx"), filepath.Join(PrunedDir, DecisionFile),
		filepath.Join(VerifyDir, "verify.json")} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing output: %v", err)
		}
	}
	for _, k := range []string{"encoder", "decoder", "cross"} {
		if s.HeadsTotal[k] != 4 {
			t.Errorf("%s heads: %d, want 4", k, s.HeadsTotal[k])
		}
	}
	// The kept heads are exactly the trained gates' keep decisions.
	gf, err := gatesfile.Read(filepath.Join(out, TrainDir, gatetrain.GatesFileName))
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]int{}
	for _, h := range gf.Heads {
		if h.Keep {
			kept[h.Kind]++
		}
	}
	removed := 0
	for _, k := range []string{"encoder", "decoder", "cross"} {
		if s.HeadsKept[k] != kept[k] {
			t.Errorf("%s heads kept: summary %d, gates.json %d", k, s.HeadsKept[k], kept[k])
		}
		removed += 4 - kept[k]
	}
	if len(s.Removed) != removed {
		t.Errorf("summary removes %d heads, gates.json %d", len(s.Removed), removed)
	}
	if removed == 0 {
		t.Fatalf("λ=%g removed no head of the planted model; the run proves nothing", c.Lambda)
	}
	if s.BytesAfter >= s.BytesBefore {
		t.Errorf("file size %d -> %d after removing %d heads", s.BytesBefore, s.BytesAfter, removed)
	}
	if len(s.Failures) > 0 || s.EquivalenceMaxDiff == nil {
		t.Errorf("verify: failures %v, equivalence %v", s.Failures, s.EquivalenceMaxDiff)
	}
	if s.BLEUBefore <= 0 || s.Sentences != 100 {
		t.Errorf("dense BLEU %.2f on %d sentences: the planted model should translate its test slice", s.BLEUBefore, s.Sentences)
	}
	if len(s.Speedups) == 0 {
		t.Errorf("no speed measured")
	}
	// verify read the original in memory as loaded (the prune stage cut a
	// copy): it counts more weights and FLOPs than the pruned file's.
	var rep verify.Report
	if err := safefile.ReadJSON(filepath.Join(out, VerifyDir, "verify.json"), &rep); err != nil {
		t.Fatal(err)
	}
	if o, p := rep.Original.Params, rep.Pruned.Params; o == nil || p == nil || o.Total <= p.Total {
		t.Errorf("verify counts the original's parameters %+v, the pruned model's %+v: want the original's larger", o, p)
	}
	if o, p := rep.Original.FLOPs, rep.Pruned.FLOPs; o == nil || p == nil || o.PerToken <= p.PerToken {
		t.Errorf("verify counts the original's FLOPs %+v, the pruned model's %+v: want the original's larger", o, p)
	}

	// A rerun reuses every stage and rewrites none of their files.
	gates := filepath.Join(out, TrainDir, gatetrain.GatesFileName)
	pruned := filepath.Join(out, PrunedDir, "planted_ungated.onnx")
	t0, t1 := modTime(t, gates), modTime(t, pruned)
	count = observeWork(t)
	s2, err := Run(context.Background(), c, &log)
	if err != nil {
		t.Fatal(err)
	}
	checkOnce(t, "rerun", count, c.Model[0])
	for name, st := range stageStatus(t, s2) {
		if !st.Reused {
			t.Errorf("rerun: stage %s ran again", name)
		}
	}
	if !modTime(t, gates).Equal(t0) || !modTime(t, pruned).Equal(t1) {
		t.Errorf("rerun rewrote finished outputs")
	}
	if s2.BLEUAfter != s.BLEUAfter || s2.BytesAfter != s.BytesAfter {
		t.Errorf("rerun summary differs: %+v vs %+v", s2, s)
	}

	// A changed training setting reruns training and what follows it; the
	// stages before it and the analysis (independent of training) stay.
	c.Lambda = 0.3
	s3, err := Run(context.Background(), c, &log)
	if err != nil {
		t.Fatal(err)
	}
	st := stageStatus(t, s3)
	for _, name := range []string{StageInspect, StageGate, StageAnalyze} {
		if !st[name].Reused {
			t.Errorf("λ change: stage %s ran again", name)
		}
	}
	for _, name := range []string{StageTrain, StagePrune, StageVerify} {
		if st[name].Reused {
			t.Errorf("λ change: stage %s was reused", name)
		}
	}
	gf3, err := gatesfile.Read(gates)
	if err != nil {
		t.Fatal(err)
	}
	if gf3.Lambda != 0.3 {
		t.Errorf("gates.json after the λ change has λ %g", gf3.Lambda)
	}

	// A changed verify setting reruns verify alone: its decision, read back
	// from decision.json, still gates the gate stage's model to what the
	// pruned one computes.
	c.MaxLen++
	s4, err := Run(context.Background(), c, &log)
	if err != nil {
		t.Fatal(err)
	}
	st = stageStatus(t, s4)
	if !st[StagePrune].Reused || st[StageVerify].Reused {
		t.Errorf("max-len change: prune reused %v, verify reused %v; want true, false", st[StagePrune].Reused, st[StageVerify].Reused)
	}
	if s4.EquivalenceMaxDiff == nil || s3.EquivalenceMaxDiff == nil || *s4.EquivalenceMaxDiff != *s3.EquivalenceMaxDiff {
		t.Errorf("max-len change: equivalence %v, before %v", s4.EquivalenceMaxDiff, s3.EquivalenceMaxDiff)
	}
}

// TestRunResumesTraining interrupts the training stage, reruns, and checks
// that the result is the uninterrupted run's.
func TestRunResumesTraining(t *testing.T) {
	ref := plantedConfig(t, t.TempDir())
	ref.Steps, ref.Analyze, ref.NoBench = 80, false, true
	if _, err := Run(context.Background(), ref, nil); err != nil {
		t.Fatal(err)
	}
	want, err := gatesfile.Read(filepath.Join(ref.Out, TrainDir, gatetrain.GatesFileName))
	if err != nil {
		t.Fatal(err)
	}

	c := ref
	c.Out = t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ckpt := filepath.Join(c.Out, TrainDir, gatetrain.CheckpointFileName)
	go func() {
		for ctx.Err() == nil {
			if _, err := os.Stat(ckpt); err == nil {
				cancel()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	_, err = Run(ctx, c, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: error %v, want context.Canceled", err)
	}
	var state map[string]*StageRecord
	if err := safefile.ReadJSON(filepath.Join(c.Out, StateFile), &state); err != nil {
		t.Fatal(err)
	}
	if !state[StageInspect].Done || !state[StageGate].Done || state[StageTrain] == nil || state[StageTrain].Done {
		t.Fatalf("after the interrupt stages.json says %+v", state)
	}
	if _, err := os.Stat(ckpt); err != nil {
		t.Fatalf("no checkpoint kept: %v", err)
	}

	var log bytes.Buffer
	s, err := Run(context.Background(), c, &log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "resuming from") {
		t.Errorf("rerun did not resume:\n%s", log.String())
	}
	if st := stageStatus(t, s); !st[StageGate].Reused || st[StageTrain].Reused {
		t.Errorf("rerun stages %+v", s.Stages)
	}
	got, err := gatesfile.Read(filepath.Join(c.Out, TrainDir, gatetrain.GatesFileName))
	if err != nil {
		t.Fatal(err)
	}
	// Resumed training continues the same random streams and Adam state,
	// so it ends where the uninterrupted run ends (float64 arithmetic in
	// the same order).
	const logAlphaTol = 1e-9
	if len(got.Heads) != len(want.Heads) {
		t.Fatalf("%d heads, want %d", len(got.Heads), len(want.Heads))
	}
	for i := range got.Heads {
		g, w := got.Heads[i], want.Heads[i]
		if g.Name != w.Name || g.Keep != w.Keep || math.Abs(g.LogAlpha-w.LogAlpha) > logAlphaTol {
			t.Errorf("head %s: resumed log α %.12g keep %v, uninterrupted %.12g keep %v", g.Name, g.LogAlpha, g.Keep, w.LogAlpha, w.Keep)
		}
	}
}

// TestRunRankPruning prunes without training, keeping the heads the
// analysis ranks highest.
func TestRunRankPruning(t *testing.T) {
	for _, by := range []string{"relevance", "importance", "confidence"} {
		t.Run(by, func(t *testing.T) {
			c := plantedConfig(t, t.TempDir())
			c.Steps, c.PruneBy, c.KeepHeads, c.NoBench = 0, by, 5, true
			s, err := Run(context.Background(), c, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st := stageStatus(t, s); !st[StageTrain].Skipped {
				t.Errorf("training ran with max-steps 0")
			}
			total := s.HeadsKept["encoder"] + s.HeadsKept["decoder"] + s.HeadsKept["cross"]
			if total != 5 || len(s.Removed) != 7 {
				t.Errorf("kept %v (%d), removed %d; want 5 kept, 7 removed", s.HeadsKept, total, len(s.Removed))
			}
			if len(s.Failures) > 0 {
				t.Errorf("verify failures %v", s.Failures)
			}
		})
	}
}

// The whole pipeline on the Whisper fixture with its speech features as the
// source side of every data pair (a .npy file): special ids from the
// export's generation_config.json, 3 training steps, the analysis of all
// 24 heads, pruning by the gates and verification of the pruned model
// against the gated original. Each file is loaded once and its heads are
// found once: the encoder's and decoder's blocks are carried onto the
// joined graph of the analysis.
func TestRunWhisperFeatures(t *testing.T) {
	text := `model: ../models/fixtures/whisper
ids: true
attention: [encoder, decoder, cross]
threads: 1
data:
  train: [../models/fixtures/whisper/features.npy, ../models/fixtures/whisper/targets.ids]
  dev: [../models/fixtures/whisper/features.npy, ../models/fixtures/whisper/targets.ids]
  test: [../models/fixtures/whisper/features.npy, ../models/fixtures/whisper/targets.ids]
train:
  max-steps: 3
  target-heads: 12
verify:
  max-len: 8
  no-bench: true
`
	c := Default()
	if err := Parse(&c, "whisper.yaml", text, "."); err != nil {
		t.Fatal(err)
	}
	c.Out = t.TempDir()
	var log bytes.Buffer
	count := observeWork(t)
	s, err := Run(context.Background(), c, &log)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, log.String())
	}
	files, err := modelpath.Resolve(c.Model)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("whisper resolves to %v: want a split export", files)
	}
	checkOnce(t, "whisper", count, files...)
	if s.Train == nil || s.Train.Heads != 24 || s.Train.OpenHeads != 12 || math.IsNaN(s.Train.DenseLoss) || s.Train.DenseLoss <= 0 {
		t.Errorf("train summary %+v, want 12 of 24 heads open and a dev loss", s.Train)
	}
	if s.EquivalenceMaxDiff == nil || *s.EquivalenceMaxDiff > 1e-4 || s.Sentences != 8 || len(s.Failures) != 0 {
		t.Errorf("summary: equivalence %v, %d sentences, failures %v; want the check passed on 8 utterances", s.EquivalenceMaxDiff, s.Sentences, s.Failures)
	}
	if s.BytesAfter >= s.BytesBefore {
		t.Errorf("pruned files %d bytes, original %d: nothing was cut", s.BytesAfter, s.BytesBefore)
	}
}

// TestRunStructuresBudget: `structures: [heads, ffn:8, sublayers]` with
// `train.target-flops: 50%` gates FFN neuron groups and sublayers besides
// the heads, trains them to the budget, prunes what the gates closed and
// verifies the pruned model against the gated original (equal logits);
// the decision costs at most the target, and the pruned model's FLOP bound
// is at least the budget's. The model file is read once and its heads are
// found once.
func TestRunStructuresBudget(t *testing.T) {
	out := t.TempDir()
	c := Default()
	if err := ParseFile(&c, "../models/demo/planted-structures.yaml"); err != nil {
		t.Fatal(err)
	}
	c.Out, c.Threads = out, 1
	var log bytes.Buffer
	count := observeWork(t)
	s, err := Run(context.Background(), c, &log)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, log.String())
	}
	// The budget's cost meter, the structure surgery and verify work with
	// the heads found when the file was loaded.
	checkOnce(t, "structures", count, c.Model...)
	gf, err := gatesfile.Read(filepath.Join(out, TrainDir, gatetrain.GatesFileName))
	if err != nil {
		t.Fatal(err)
	}
	if len(gf.FFN) != 16 || len(gf.Sublayers) != 5 || gf.Budget == nil {
		t.Fatalf("gates.json: %d FFN groups, %d sublayers, budget %v", len(gf.FFN), len(gf.Sublayers), gf.Budget)
	}
	if b := gf.Budget; b.What != "FLOPs/token" || b.Kept > b.Target || b.Target != b.Dense/2 {
		t.Errorf("budget %+v", b)
	}
	if len(s.Failures) > 0 || s.EquivalenceMaxDiff == nil || *s.EquivalenceMaxDiff > 1e-5 {
		t.Errorf("verify: failures %v, equivalence %v", s.Failures, s.EquivalenceMaxDiff)
	}
	if s.Structures == "" || !strings.Contains(s.Structures, "neurons") {
		t.Errorf("summary: structures kept %q", s.Structures)
	}
	if !strings.Contains(log.String(), "neurons") || !strings.Contains(log.String(), "kept: ") {
		t.Errorf("the log does not count neurons and sublayers:\n%s", log.String())
	}
}

// TestRunTrainsWithDecoderStart: the train stage starts the decoder input
// with the model's decoder start id, not the BOS id (T5 and Marian start
// with pad, which their tokenizers do not call BOS): another bos id trains
// the same gates, another decoder start id other gates.
func TestRunTrainsWithDecoderStart(t *testing.T) {
	train := func(specials string) []float64 {
		c := plantedConfig(t, t.TempDir())
		c.Specials, c.Steps, c.Analyze, c.NoBench = specials, 20, false, true
		if _, err := Run(context.Background(), c, nil); err != nil {
			t.Fatalf("specials %s: %v", specials, err)
		}
		gf, err := gatesfile.Read(filepath.Join(c.Out, TrainDir, gatetrain.GatesFileName))
		if err != nil {
			t.Fatal(err)
		}
		var la []float64
		for _, h := range gf.Heads {
			la = append(la, h.LogAlpha)
		}
		return la
	}
	base := train("pad=0,bos=1,eos=2,decoder-start=1")
	if got := train("pad=0,bos=3,eos=2,decoder-start=1"); !slices.Equal(got, base) {
		t.Errorf("another bos id changed the trained log α:\n%v\n%v", got, base)
	}
	if got := train("pad=0,bos=1,eos=2,decoder-start=3"); slices.Equal(got, base) {
		t.Errorf("another decoder start id trained the same log α %v: the decoder start is not fed", got)
	}
}
