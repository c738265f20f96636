package gatetrain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/gatesfile"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/svgcheck"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

const plantedDir = "../models/planted"

// plantedInfo is models/planted/planted.json.
type plantedInfo struct {
	Vocab       int64              `json:"vocab"`
	Pad         int64              `json:"pad_id"`
	BOS         int64              `json:"bos_id"`
	EOS         int64              `json:"eos_id"`
	Dead        []string           `json:"dead_heads"`
	DevLoss     float64            `json:"dev_loss"`
	WithoutHead map[string]float64 `json:"dev_loss_without_head"`
}

func readPlanted(t testing.TB) (plantedInfo, *Corpus, *Corpus) {
	t.Helper()
	var info plantedInfo
	b, err := os.ReadFile(filepath.Join(plantedDir, "planted.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &info); err != nil {
		t.Fatal(err)
	}
	train, err := ReadCorpus(filepath.Join(plantedDir, "train.src"), filepath.Join(plantedDir, "train.tgt"), info.Vocab)
	if err != nil {
		t.Fatal(err)
	}
	dev, err := ReadCorpus(filepath.Join(plantedDir, "dev.src"), filepath.Join(plantedDir, "dev.tgt"), info.Vocab)
	if err != nil {
		t.Fatal(err)
	}
	return info, train, dev
}

func plantedOptions(t testing.TB, cfg Config, out string) RunOptions {
	t.Helper()
	info, train, dev := readPlanted(t)
	path := filepath.Join(plantedDir, "planted.onnx")
	g := loadFixture(t, path)
	return RunOptions{
		Graph: g, Model: path, Source: func() (*onnxio.Model, error) { return onnxio.Load(path, nil) },
		Train: train, Dev: dev, Specials: tokenize.Specials{Pad: info.Pad, DecoderStart: info.BOS, Eos: info.EOS},
		MaxTokens: 512, Cfg: cfg, OutDir: out, Session: ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1},
	}
}

func plantedConfig() Config {
	c := DefaultConfig()
	c.Steps = 300
	c.Lambda = 0.05
	c.Schedule.Base = 0.1
	c.InitLogAlpha = 2
	c.ValidEvery = 100
	c.CheckpointEvery = 50
	c.Seed = 3
	return c
}

// Dev-loss increase (relative) above which removing a head counts as
// harmful: the needed heads of the fixture raise it by 50% or more, the
// others by under 1%.
const neededRise = 0.05

// The pruned model (final 0/1 gates) may lose at most 1% against the dense one.
const prunedLossTol = 0.01

func TestPlantedRedundancyClosesDeadHeadsKeepsNeeded(t *testing.T) {
	info, _, _ := readPlanted(t)
	dir := t.TempDir()
	res, err := Run(context.Background(), plantedOptions(t, plantedConfig(), dir))
	if err != nil {
		t.Fatal(err)
	}
	checkPlot(t, filepath.Join(dir, PlotFileName), res.Gates.Heads, plantedConfig().Steps)
	traces, err := filepath.Glob(filepath.Join(dir, TraceDirName, "gates-open-*.json"))
	if err != nil || len(traces) == 0 {
		t.Fatalf("no gates file written when the open count dropped (%v)", err)
	}
	for _, p := range traces {
		f, err := gatesfile.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("gates-open-%03d.json", f.OpenHeads); filepath.Base(p) != want {
			t.Errorf("%s holds %d open heads", p, f.OpenHeads)
		}
	}
	open := map[string]bool{}
	for _, h := range res.Gates.Heads {
		open[h.Name] = h.Keep
	}
	for _, d := range info.Dead {
		if open[d] {
			t.Errorf("dead head %s stayed open", d)
		}
	}
	needed := 0
	for name, l := range info.WithoutHead {
		if l > info.DevLoss*(1+neededRise) {
			needed++
			if !open[name] {
				t.Errorf("needed head %s (dev loss %.3f without it, %.3f with) was closed", name, l, info.DevLoss)
			}
		}
	}
	if needed == 0 {
		t.Fatal("fixture has no needed head")
	}
	if math.Abs(res.FinalLoss-res.DenseLoss) > prunedLossTol*res.DenseLoss {
		t.Errorf("pruned dev loss %.5f vs dense %.5f: more than %.0f%% apart", res.FinalLoss, res.DenseLoss, 100*prunedLossTol)
	}
	if math.Abs(res.DenseLoss-info.DevLoss) > 1e-3*info.DevLoss {
		t.Errorf("dense dev loss on ONNX Runtime %.5f, PyTorch %.5f", res.DenseLoss, info.DevLoss)
	}
	t.Logf("open %d of %d, dense %.5f pruned %.5f", res.Gates.OpenHeads, len(res.Gates.Heads), res.DenseLoss, res.FinalLoss)
}

// Target head counts: the final decision keeps exactly N heads. Where the
// fixture allows a stable point (N = 4: the four needed heads; N = 6: the
// six heads that are not dead) the Lagrangian also brings the expected
// number of open heads within targetSlack of N. For N = 2 two needed heads
// would have to close against a large loss increase, which 200 steps do not
// reach (the expected count stays near 4); the top-N cut decides. (N = 7
// has no stable point either: the six dead heads get identical gradients
// and open and close together.)
func TestTargetHeadsExact(t *testing.T) {
	// The expected count is a sum of probabilities that are still moving
	// after 200 steps; one head's worth of slack.
	const targetSlack = 1.0
	for _, n := range []int{2, 4, 6} {
		cfg := plantedConfig()
		cfg.Steps = 200
		cfg.TargetHeads = n
		cfg.LagrangeLR = 0.05
		cfg.ValidEvery = 0
		o := plantedOptions(t, cfg, t.TempDir())
		var last StepInfo
		o.OnStep = func(s StepInfo) error { last = s; return nil }
		res, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if res.Gates.OpenHeads != n {
			t.Errorf("target %d: %d open heads", n, res.Gates.OpenHeads)
		}
		got := 0
		for _, h := range res.Gates.Heads {
			if h.Keep {
				got++
			}
		}
		if got != n {
			t.Errorf("target %d: %d heads marked open", n, got)
		}
		if n != 2 && math.Abs(last.L0-float64(n)) > targetSlack {
			t.Errorf("target %d: expected open heads %.2f at the end", n, last.L0)
		}
		t.Logf("target %d: expected L0 %.2f, threshold count %d, λ1 %.3f λ2 %.3f", n, last.L0, last.Open, last.Lambda1, last.Lambda2)
	}
}

func TestResumeAfterInterruptEqualsUninterrupted(t *testing.T) {
	cfg := plantedConfig()
	cfg.Steps = 120
	cfg.CheckpointEvery = 25
	full, err := Run(context.Background(), plantedOptions(t, cfg, t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	o := plantedOptions(t, cfg, dir)
	o.OnStep = func(s StepInfo) error {
		if s.Step == 67 {
			cancel()
		}
		return nil
	}
	if _, err := Run(ctx, o); !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	o = plantedOptions(t, cfg, dir)
	o.Resume = true
	res, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range full.Gates.Heads {
		r := res.Gates.Heads[i]
		if h.LogAlpha != r.LogAlpha || h.Keep != r.Keep {
			t.Errorf("%s: log α %v open %v uninterrupted, %v %v resumed", h.Name, h.LogAlpha, h.Keep, r.LogAlpha, r.Keep)
		}
	}
	lines, err := os.ReadFile(filepath.Join(dir, LogFileName))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range lines {
		if c == '\n' {
			n++
		}
	}
	if n != cfg.Steps {
		t.Errorf("log has %d lines after resuming, want one per step (%d)", n, cfg.Steps)
	}
}

func TestModelWithoutGates(t *testing.T) {
	path := filepath.Join(plantedDir, "planted_ungated.onnx")
	g := loadFixture(t, path)
	_, err := BuildTrainGraph(g, nil, graphedit.IORoles{}, nil, 0)
	if err == nil {
		t.Fatal("no error for a model without gates")
	}
	o := plantedOptions(t, plantedConfig(), t.TempDir())
	o.Graph = g
	o.Model = path
	if _, err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "planted_ungated.onnx") || !strings.Contains(err.Error(), "no gate inputs") {
		t.Fatalf("error %v should name the file and say it has no gates", err)
	}
}

// checkPlot parses the P(open) heatmap and checks it against the gates:
// every head labelled once, one cell per head and step column, the final
// decision marked, no text outside the viewBox.
func checkPlot(t *testing.T, path string, heads []heads.GateRecord, steps int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := svgcheck.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	kept := 0
	for _, h := range heads {
		if d.Count(h.Name) != 1 {
			t.Errorf("%s: head %s labelled %d times", path, h.Name, d.Count(h.Name))
		}
		if h.Keep {
			kept++
		}
	}
	// One cell per head and column (steps grouped to at most plotCols
	// columns), and the final decision.
	group := (steps + plotCols - 1) / plotCols
	if want := len(heads)*((steps+group-1)/group) + len(heads); d.Elements["rect"] != want || d.Count("kept") != kept || d.Count("cut") != len(heads)-kept {
		t.Errorf("%s: %d cells (want %d), %d kept and %d cut marks (want %d, %d)", path, d.Elements["rect"], want, d.Count("kept"), d.Count("cut"), kept, len(heads)-kept)
	}
	for _, o := range d.Outside() {
		t.Errorf("%s: %s", path, o)
	}
}
