package main

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"onnxprune/gatesfile"
	"onnxprune/gatetrain"
	"onnxprune/verify"
)

// costTol is the relative tolerance of FLOP costs: per-token FLOPs are
// integer sums divided by the tokens, so only float64 rounding separates
// the predicted from the counted value.
const costTol = 1e-12

// TestTrainBudget: train --target-flops and --target-params on the planted
// model (heads, FFN neurons and sublayers; heads alone) end with a
// decision whose cost, as gates.json gives it, is at most the target and
// less than one unit's saving below it, and whose expected cost during
// training came within 10% of the target (FLOPs) ; prune --gates then
// cuts a model whose counted parameters and FLOPs per token equal that
// cost exactly (the cost function adds up what each cut saves). The log
// summarizes FFN gates per layer, and a run resumes with its budget.
func TestTrainBudget(t *testing.T) {
	p := func(n string) string { return filepath.Join(plantedDir, n) }
	corpus, err := gatetrain.ReadCorpus(p("train.src"), p("train.tgt"), -1)
	if err != nil {
		t.Fatal(err)
	}
	shape := verify.CorpusShape(corpus)
	for _, tc := range []struct {
		structures, flag, value string
		steps                   string
		expectedTol             float64 // of the expected cost at the last step, relative to the target
	}{
		{"heads,ffn,sublayers", "--target-flops", "50%", "200", 0.1},
		{"heads,ffn:16", "--target-params", "70%", "200", 0.1},
		{"heads", "--target-flops", "90%", "60", math.Inf(1)},
	} {
		t.Run(tc.structures+tc.flag, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"train", p("planted_ungated.onnx"), "--train", p("train.src") + "," + p("train.tgt"),
				"--ids", "--specials", "pad=0,decoder-start=1,eos=2", "-o", filepath.Join(dir, "run"), "--max-steps", tc.steps,
				"--max-tokens", "512", "--threads", "1", "--seed", "11", "--log-every", "1000", "--lagrange-lr", "0.1",
				"--structures", tc.structures, tc.flag, tc.value}
			code, stdout, stderr := runCLI(args...)
			if code != 0 {
				t.Fatalf("train: exit %d: %s", code, stderr)
			}
			if tc.structures == "heads" {
				// The budget is measured again on resuming, and the
				// checkpoint's equals it.
				if code, _, stderr := runCLI(append(args, "--resume")...); code != 0 {
					t.Fatalf("train --resume: exit %d: %s", code, stderr)
				}
			}
			if !strings.Contains(stdout, "budget: ") {
				t.Errorf("no budget line in\n%s", stdout)
			}
			gf, err := gatesfile.Read(filepath.Join(dir, "run", "gates.json"))
			if err != nil {
				t.Fatal(err)
			}
			b := gf.Budget
			if b == nil {
				t.Fatal("gates.json has no budget")
			}
			meter, err := verify.NewCostMeter([]string{p("planted_ungated.onnx")}, nil, shape, true, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer meter.Close()
			// The largest saving of one unit bounds how far below the
			// target the decision may land.
			var units []string
			for _, r := range gf.Heads {
				units = append(units, r.Name)
			}
			for _, r := range append(slices.Clone(gf.FFN), gf.Sublayers...) {
				units = append(units, r.Name)
			}
			largest := 0.0
			for _, u := range units {
				c, err := meter.UnitCost(u)
				if err != nil {
					t.Fatal(err)
				}
				largest = max(largest, map[bool]float64{true: c.FLOPs, false: float64(c.Params)}[tc.flag == "--target-flops"])
			}
			if b.Kept > b.Target || b.Kept < b.Target-largest {
				t.Errorf("decision costs %g, target %g (largest unit %g)", b.Kept, b.Target, largest)
			}
			info := lastStep(t, filepath.Join(dir, "run", "train.jsonl"))
			if math.Abs(info.Cost-b.Target) > tc.expectedTol*b.Target {
				t.Errorf("expected cost %g at the last step, target %g", info.Cost, b.Target)
			}
			// The log keeps a P(open) row per head and sublayer and one
			// per FFN (the planted model has two), and counts per kind.
			if want := len(gf.Heads) + len(gf.Sublayers) + map[bool]int{true: 2}[len(gf.FFN) > 0]; len(info.POpen) != want {
				t.Errorf("train.jsonl: %d P(open) rows, want %d", len(info.POpen), want)
			}
			if strings.Contains(tc.structures, "ffn") && (len(info.OpenBy) != 2+len(gf.Sublayers)/5 || info.OpenBy[1].Structure != "neurons") {
				t.Errorf("train.jsonl: open counts %+v", info.OpenBy)
			}
			pruned := filepath.Join(dir, "pruned.onnx")
			if code, _, stderr := runCLI("prune", p("planted_ungated.onnx"), "--gates", filepath.Join(dir, "run", "gates.json"), "-o", pruned); code != 0 {
				t.Fatalf("prune: exit %d: %s", code, stderr)
			}
			pm, err := verify.NewCostMeter([]string{pruned}, nil, shape, true, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer pm.Close()
			got := map[bool]float64{true: pm.Dense.FLOPs, false: float64(pm.Dense.Params)}[tc.flag == "--target-flops"]
			if math.Abs(got-b.Kept) > costTol*b.Dense {
				t.Errorf("pruned model counts %v, the budget's cost function says %v (dense %v)", got, b.Kept, b.Dense)
			}
			t.Logf("%s %s: dense %g, target %g, decision %g, pruned %g, expected at the end %g", tc.structures, tc.flag, b.Dense, b.Target, b.Kept, got, info.Cost)
		})
	}
}

// lastStep reads the last line of a train.jsonl.
func lastStep(t *testing.T, path string) gatetrain.StepInfo {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var s gatetrain.StepInfo
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// trainMarianBudget trains 5 steps of head, FFN-group (16) and sublayer
// gates on the Marian folder with the budget flags, on 30 generated id
// pairs, into DIR/run: it returns DIR, the pairs' FLOP shape and the
// command's exit code and output.
func trainMarianBudget(t *testing.T, budget ...string) (dir string, shape verify.FLOPShape, code int, stdout, stderr string) {
	t.Helper()
	dir = t.TempDir()
	ts, tt := writeIDPairs(t, dir, "train", 30, 7, 5, 100)
	corpus, err := gatetrain.ReadCorpus(ts, tt, -1)
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"train", marianDir, "--train", ts + "," + tt, "--ids", "--specials", marianSpecials,
		"--structures", "heads,ffn:16,sublayers", "--max-steps", "5", "--threads", "1", "--log-every", "1000",
		"-o", filepath.Join(dir, "run")}, budget...)
	code, stdout, stderr = runCLI(args...)
	return dir, verify.CorpusShape(corpus), code, stdout, stderr
}

// TestTrainBudgetCache: with MODEL a folder holding a decoder_with_past
// file (the Marian fixture), train --target-flops counts FLOPs per token
// decoding with the cache — the dense cost is the cached count of the
// folder, below the uncached count of its encoder and decoder — and the
// decision costs exactly what counting the pruned folder with the cache
// gives, heads cut from the past inputs included.
func TestTrainBudgetCache(t *testing.T) {
	dir, shape, code, _, stderr := trainMarianBudget(t, "--target-flops", "60%")
	run := filepath.Join(dir, "run")
	if code != 0 {
		t.Fatalf("train: exit %d: %s", code, stderr)
	}
	gf, err := gatesfile.Read(filepath.Join(run, "gates.json"))
	if err != nil {
		t.Fatal(err)
	}
	b := gf.Budget
	if b == nil {
		t.Fatal("gates.json has no budget")
	}
	cached, err := verify.NewCostMeter([]string{marianDir}, nil, shape, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cached.Close()
	m := func(n string) string { return filepath.Join(marianDir, n) }
	uncached, err := verify.NewCostMeter([]string{m("encoder_model.onnx"), m("decoder_model.onnx")}, nil, shape, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer uncached.Close()
	if b.Dense != cached.Dense.FLOPs || b.Dense >= uncached.Dense.FLOPs {
		t.Errorf("budget's dense FLOPs %g, want the cached count %g (uncached %g)", b.Dense, cached.Dense.FLOPs, uncached.Dense.FLOPs)
	}
	var heads int
	for _, r := range gf.Heads {
		if !r.Keep {
			heads++
		}
	}
	pruned := filepath.Join(dir, "pruned")
	if code, _, stderr := runCLI("prune", marianDir, "--gates", filepath.Join(run, "gates.json"), "-o", pruned); code != 0 {
		t.Fatalf("prune: exit %d: %s", code, stderr)
	}
	pm, err := verify.NewCostMeter([]string{pruned}, nil, shape, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pm.Close()
	if math.Abs(pm.Dense.FLOPs-b.Kept) > costTol*b.Dense || b.Kept > b.Target {
		t.Errorf("pruned folder counts %g FLOPs/token with the cache, the decision %g, target %g", pm.Dense.FLOPs, b.Kept, b.Target)
	}
	if heads == 0 {
		t.Errorf("the decision removes no head; the test wants heads cut from the past inputs")
	}
	t.Logf("dense %g (uncached %g), target %g, decision %g, pruned %g, %d heads removed", b.Dense, uncached.Dense.FLOPs, b.Target, b.Kept, pm.Dense.FLOPs, heads)
}

// TestTrainTimeBudget: train --target-flops with --target-time on the
// Marian folder (encoder, decoder, decoder with past) meets both: gates.json
// lists the FLOP budget then the time budget (measured at --time-batch),
// each decision cost at most its target. The time cost weighs the
// encoder's and the decoder step's FLOPs apart: the cost meter puts an
// encoder head's FLOPs in the encoder and a decoder or cross-attention
// head's and a decoder FFN neuron's in the decoder step.
func TestTrainTimeBudget(t *testing.T) {
	dir, shape, code, stdout, stderr := trainMarianBudget(t, "--target-flops", "80%", "--target-time", "75%", "--time-batch", "2")
	run := filepath.Join(dir, "run")
	if code != 0 {
		t.Fatalf("train: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "budget: ms/token at batch 2") {
		t.Errorf("no time budget line in\n%s", stdout)
	}
	gf, err := gatesfile.Read(filepath.Join(run, "gates.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(gf.Budgets) != 2 || gf.Budget == nil || *gf.Budget != gf.Budgets[0] ||
		gf.Budgets[0].What != "FLOPs/token" || gf.Budgets[1].What != "ms/token at batch 2" {
		t.Fatalf("gates.json budgets %+v (first %+v)", gf.Budgets, gf.Budget)
	}
	for _, b := range gf.Budgets {
		if !(b.Dense > 0) || b.Kept > b.Target || math.Abs(b.Target-0.8*b.Dense) > 1e-9*b.Dense && math.Abs(b.Target-0.75*b.Dense) > 1e-9*b.Dense {
			t.Errorf("%s: dense %g, target %g, decision %g", b.What, b.Dense, b.Target, b.Kept)
		}
	}
	meter, err := verify.NewCostMeter([]string{marianDir}, nil, shape, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer meter.Close()
	d := meter.Dense
	if !(d.EncoderFLOPs > 0 && d.EncoderFLOPs < d.FLOPs) {
		t.Fatalf("dense FLOPs %g, of which the encoder's %g", d.FLOPs, d.EncoderFLOPs)
	}
	for _, u := range []struct {
		name    string
		encoder bool
	}{{"encoder:0:0", true}, {"decoder:0:0", false}, {"cross:0:0", false}, {"ffn:decoder:0:0-15", false}} {
		c, err := meter.UnitCost(u.name)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]float64{true: c.FLOPs}[u.encoder]; !(c.FLOPs > 0) || math.Abs(c.EncoderFLOPs-want) > costTol*d.FLOPs {
			t.Errorf("%s saves %g FLOPs/token, %g of them in the encoder (want %g)", u.name, c.FLOPs, c.EncoderFLOPs, want)
		}
	}
	t.Logf("time: dense %.4g ms/token, decision %.4g; FLOPs dense %.4g, decision %.4g", gf.Budgets[1].Dense, gf.Budgets[1].Kept, d.FLOPs, gf.Budgets[0].Kept)
}

// TestCutModelsMatchPrune: the cost meter's cut copies, opened in place of
// the Marian folder's files, translate exactly as the folder prune --remove
// writes with the same spec, and not as the dense model does; the time
// model measured with such copies splits the dense time into positive
// encoder and step parts and prices an encoder head at the encoder's
// milliseconds per FLOP, a decoder FFN unit at the step's, and a sublayer
// at least at its FLOPs' worth, none below zero.
func TestCutModelsMatchPrune(t *testing.T) {
	const spec = "sublayer:decoder:0:ffn,encoder:0:1,ffn:encoder:0:0-7"
	dir := t.TempDir()
	pruned := filepath.Join(dir, "pruned")
	if code, _, stderr := runCLI("prune", marianDir, "--remove", spec, "-o", pruned); code != 0 {
		t.Fatalf("prune: exit %d: %s", code, stderr)
	}
	ts, tt := writeIDPairs(t, dir, "train", 30, 7, 5, 100)
	corpus, err := gatetrain.ReadCorpus(ts, tt, -1)
	if err != nil {
		t.Fatal(err)
	}
	meter, err := verify.NewCostMeter([]string{marianDir}, nil, verify.CorpusShape(corpus), true, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer meter.Close()
	copies, err := meter.CutModels(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		for _, l := range copies {
			l.Model.Close()
		}
	}()
	var src [][]int64
	for _, p := range corpus.Pairs {
		src = append(src, p.Src)
	}
	translate := func(mo verify.ModelOptions, paths ...string) [][]int64 {
		mo.Overrides = marianSpecials
		m, err := verify.OpenModel(paths, mo)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		h, err := m.Translate(context.Background(), src, verify.SearchOptions{MaxLen: 9, Batch: 4})
		if err != nil {
			t.Fatal(err)
		}
		var out [][]int64
		for _, x := range h {
			out = append(out, x.Tokens)
		}
		return out
	}
	cut := translate(verify.ModelOptions{Loaded: copies}, marianDir)
	if want := translate(verify.ModelOptions{}, pruned); !slices.EqualFunc(cut, want, slices.Equal) {
		t.Errorf("cut copies translate\n%v\nthe pruned folder\n%v", cut, want)
	}
	if dense := translate(verify.ModelOptions{}, marianDir); slices.EqualFunc(cut, dense, slices.Equal) {
		t.Errorf("cut copies translate as the dense model: the copies were not what ran")
	}
	units := []string{"encoder:0:0", "encoder:0:1", "ffn:decoder:0:0-15", "ffn:decoder:0:16-31", "sublayer:encoder:0:attn", "sublayer:decoder:0:ffn"}
	isSub := []bool{false, false, false, false, true, true}
	tm, err := verify.MeasureTimeModel(context.Background(), meter, []string{marianDir}, verify.TimeSource{Model: verify.ModelOptions{Overrides: marianSpecials}, Src: src}, 2, units, isSub)
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's parts take microseconds, so what a cut saves is within
	// the timing noise: the rates may come out 0, never negative.
	if !(tm.EncoderMs > 0 && tm.StepMs > 0 && tm.LoopMs >= 0 && tm.EncoderPerFLOP >= 0 && tm.StepPerFLOP >= 0 && tm.EncoderPerSublayer >= 0 && tm.StepPerSublayer >= 0) || tm.Batch != 2 {
		t.Fatalf("time model %+v", tm)
	}
	for i, u := range units {
		c, err := meter.UnitCost(u)
		if err != nil {
			t.Fatal(err)
		}
		want := tm.EncoderPerFLOP*c.EncoderFLOPs + tm.StepPerFLOP*(c.FLOPs-c.EncoderFLOPs)
		if got := tm.Saved(c, isSub[i]); got < want*(1-1e-12) || !isSub[i] && math.Abs(got-want) > 1e-12*want || got < 0 {
			t.Errorf("%s: saves %g ms/token, its FLOPs' worth %g", u, got, want)
		}
	}
	t.Logf("time model %+v", tm)
}

// TestTrainTimeBudgetFloor: on the planted model, a single graph in which
// removing cross-attention leaves the encoder dead (so the sublayers' own
// FLOP savings add up to more than the model has), the time model is
// fitted to the sums the budget adds, so closing every unit leaves a
// positive time: a 1% time target is refused as out of reach, exit 2,
// before training, as is a target that is not a number.
func TestTrainTimeBudgetFloor(t *testing.T) {
	p := func(n string) string { return filepath.Join(plantedDir, n) }
	for _, tc := range []struct{ target, want string }{
		{"1%", "is out of reach: closing every gated unit leaves"},
		{"abc", `target-time: gatetrain: target "abc": want a number or a percentage`},
	} {
		out := filepath.Join(t.TempDir(), "run")
		code, _, stderr := runCLI("train", p("planted_ungated.onnx"), "--train", p("train.src")+","+p("train.tgt"),
			"--ids", "--specials", "pad=0,decoder-start=1,eos=2", "--structures", "heads,ffn,sublayers", "--max-steps", "2",
			"--threads", "1", "--target-time", tc.target, "-o", out)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("--target-time %s: exit %d, stderr %q, want exit 2 and one line with %q", tc.target, code, stderr, tc.want)
		}
		if _, err := os.Stat(filepath.Join(out, "gates.json")); err == nil {
			t.Errorf("--target-time %s: gates.json written", tc.target)
		}
	}
}
