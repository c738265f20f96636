package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"

	"onnxprune/bench/internal/batchfile"
	"onnxprune/internal/stats"
)

// The paper-size rows (8.*): gate training and joint training of a
// Transformer-base model (d_model 512, 8 heads, FFN 2048, 6+6 layers, vocab
// 8000, 48.2M parameters) written by bench/peers/make_base.py from the
// reference architecture, against bench/peers/train_base_torch.py on the
// same weights and the same batch file, at 1 and 2 threads, interleaved:
// each round runs every configuration once on each side, back to back.
const (
	baseScript     = "bench/peers/make_base.py"
	basePeerScript = "bench/peers/train_base_torch.py"
	// baseRunStates are log α states along a real gate-training run
	// (bench/peers/run_states.py), for row 8.gates.run.1: our step skips
	// the backward of clamped gates, so its cost depends on log α, and the
	// rows 8.gates.* time only the first steps from the initial log α.
	baseRunStates = "bench/base-run-states.json"
	// baseRunSteps steps time one pass over the states.
	baseRunSteps = 10
	// baseRows × (baseLen+1) target tokens per step.
	baseRows, baseLen = 16, 32
	// Steps of each child: warm-up steps, then timed ones. ONNX Runtime's
	// first step builds the session and its second lays out the memory
	// plan it recorded (one large fresh allocation, paid in page faults):
	// two warm-up steps on both sides leave the steady step to time.
	baseWarmup, baseSteps = 2, 3
)

// baseOut is what both benchtrain and the base peer print (the fields they
// share).
type baseOut struct {
	TokPerSec  float64   `json:"tokens_per_s"`
	Median     float64   `json:"median_s"`
	CPUPerStep float64   `json:"cpu_s_per_step"`
	StepFLOPs  int64     `json:"step_flops"`
	RunFLOPs   float64   `json:"run_flops_per_step"`
	Weights    int64     `json:"trained_weights"`
	Losses     []float64 `json:"first_losses"`
	StepSec    []float64 `json:"step_s"`
	GFLOPS     float64   `json:"gflops"`
	GFLOPSCPU  float64   `json:"gflops_per_cpu_s"`
	HeapStep   float64   `json:"go_heap_bytes_per_step"`
}

// baseSample is one child's run.
type baseSample struct {
	out  baseOut
	rss  int64
	load string
}

func (h *harness) baseRows() {
	exe, why := h.bin("benchtrain")
	fail := func(why string) {
		for _, id := range []string{"8.gates.1", "8.gates.2", "8.gates.run.1", "8.joint.1", "8.joint.2", "8.rss", "8.flops"} {
			h.add(unavailable(id, "Transformer-base training", why))
		}
	}
	if why != "" {
		fail(why)
		return
	}
	if h.py == "" {
		fail(h.pyErr)
		return
	}
	dir := filepath.Join(h.work, "base")
	model := filepath.Join(dir, "model.onnx")
	if !exists(model) || !exists(filepath.Join(dir, "weights.pt")) {
		if _, err := h.runChild(h.py, baseScript, "--out", dir); err != nil {
			fail("generating the model: " + truncate(err.Error(), 200))
			return
		}
	}
	bf, err := batchfile.Make(baseRows, baseLen, baseLen, 8000, 0, 2, 3, 1)
	if err == nil {
		err = bf.Write(filepath.Join(dir, "batch.json"))
	}
	if err != nil {
		fail(err.Error())
		return
	}
	batch := filepath.Join(dir, "batch.json")
	ours := func(mode string, th int, extra ...string) (baseSample, error) {
		var o baseOut
		r, err := h.runJSON(&o, exe, append([]string{"-model", model, "-batch", batch, "-mode", mode, "-threads", strconv.Itoa(th),
			"-warmup", strconv.Itoa(baseWarmup), "-repeats", strconv.Itoa(baseSteps), "-min-run", "0"}, extra...)...)
		if err != nil {
			return baseSample{}, err
		}
		return baseSample{out: o, rss: r.PeakRSS, load: loadAvg()}, nil
	}
	peer := func(mode string, th int, extra ...string) (baseSample, error) {
		var o baseOut
		args := []string{basePeerScript, "--dir", dir, "--batch", batch, "--threads", strconv.Itoa(th),
			"--warmup", strconv.Itoa(baseWarmup), "--steps", strconv.Itoa(baseSteps)}
		if mode == "joint" {
			args = append(args, "--joint")
		}
		r, err := h.runJSON(&o, h.py, append(args, extra...)...)
		if err != nil {
			return baseSample{}, err
		}
		return baseSample{out: o, rss: r.PeakRSS, load: loadAvg()}, nil
	}

	// Same objective on both sides first: two steps with every gate
	// exactly 1 (log α 20), gates only and joint.
	check, lossNote := map[string]string{}, map[string]string{}
	for _, mode := range []string{"gates", "joint"} {
		g, err := ours(mode, 1, "-losses", "2", "-init-log-alpha", "20", "-repeats", "1", "-warmup", "1")
		if err != nil {
			check[mode] = "onnxprune: " + truncate(err.Error(), 200)
			continue
		}
		p, err := peer(mode, 1, "--losses", "2", "--init-log-alpha", "20", "--steps", "1", "--warmup", "1")
		if err != nil {
			check[mode] = "PyTorch: " + truncate(err.Error(), 200)
			continue
		}
		if len(g.out.Losses) != 2 || len(p.out.Losses) != 2 {
			check[mode] = "losses missing"
			continue
		}
		d := 0.0
		for i := range g.out.Losses {
			d = math.Max(d, math.Abs(g.out.Losses[i]-p.out.Losses[i])/math.Abs(p.out.Losses[i]))
		}
		h.logf("base %s: first objectives %v (onnxprune) %v (PyTorch), largest relative difference %.2g", mode, g.out.Losses, p.out.Losses, d)
		if d > lossTolerance {
			check[mode] = fmt.Sprintf("objectives differ: %v vs %v", g.out.Losses, p.out.Losses)
		} else {
			check[mode] = ""
			lossNote[mode] = fmt.Sprintf("first two objectives with every gate 1 (onnxprune/PyTorch): %.7g/%.7g, %.7g/%.7g", g.out.Losses[0], p.out.Losses[0], g.out.Losses[1], p.out.Losses[1])
		}
	}

	// The machine's ceiling: ONNX Runtime's sgemm, 2048³, best of 3, at 1
	// thread in every round (the load moves it) and at 2 threads once.
	var sgemm1 []float64
	var sgemmWall1 []float64
	sgemm := func(th int) (baseOut, bool) {
		var o baseOut
		_, err := h.runJSON(&o, exe, "-mode", "sgemm", "-threads", strconv.Itoa(th), "-repeats", "3")
		return o, err == nil
	}
	peak := map[int]baseOut{}
	if o, ok := sgemm(2); ok {
		peak[2] = o
	}

	type key struct {
		mode string
		th   int
	}
	samples := map[key][2][]baseSample{}
	for round := 0; round < h.baseRounds; round++ {
		if o, ok := sgemm(1); ok {
			sgemm1 = append(sgemm1, o.GFLOPSCPU)
			sgemmWall1 = append(sgemmWall1, o.GFLOPS)
		}
		for _, th := range []int{1, 2} {
			for _, mode := range []string{"gates", "joint"} {
				if check[mode] != "" {
					continue
				}
				k := key{mode, th}
				s := samples[k]
				if o, err := ours(mode, th); err == nil {
					s[0] = append(s[0], o)
				} else {
					h.logf("base %s %d: %v", mode, th, err)
				}
				if p, err := peer(mode, th); err == nil {
					s[1] = append(s[1], p)
				} else {
					h.logf("base %s %d peer: %v", mode, th, err)
				}
				samples[k] = s
				if mode == "gates" && th == 1 {
					// The same step along a training run's log α.
					k := key{"gates-run", 1}
					r := samples[k]
					if o, err := ours(mode, th, "-log-alpha-states", baseRunStates, "-repeats", strconv.Itoa(baseRunSteps)); err == nil && len(s[1]) > 0 {
						r[0] = append(r[0], o)
						r[1] = append(r[1], s[1][len(s[1])-1])
					} else if err != nil {
						h.logf("base gates along a run: %v", err)
					}
					samples[k] = r
				}
			}
		}
	}

	targets := map[string]float64{"gates": 1.5, "joint": 1.0}
	for _, mode := range []string{"gates", "joint"} {
		for _, th := range []int{1, 2} {
			id := fmt.Sprintf("8.%s.%d", mode, th)
			fig := fmt.Sprintf("Transformer-base %s step, target tokens/s, %d thread(s), batch %d×%d", mode, th, baseRows, baseLen+1)
			if check[mode] != "" {
				h.add(unavailable(id, fig, check[mode]))
				continue
			}
			s := samples[key{mode, th}]
			if len(s[0]) == 0 || len(s[1]) == 0 {
				h.add(unavailable(id, fig, "a side failed (see the log)"))
				continue
			}
			o, p := baseMedian(s[0]), baseMedian(s[1])
			row := Row{ID: id, Figure: fig, Values: map[string]float64{}}
			row.Ours = fmt.Sprintf("%.0f tok/s (CPU %.2f s/step)", o.TokPerSec, o.CPUPerStep)
			row.Peer = fmt.Sprintf("PyTorch %.0f tok/s (CPU %.2f s/step)", p.TokPerSec, p.CPUPerStep)
			row.setRatio(o.TokPerSec/p.TokPerSec, "onnxprune tokens/s ÷ PyTorch tokens/s (medians of the rounds)", targets[mode], true)
			row.Values["onnxprune_tokens_per_s"] = o.TokPerSec
			row.Values["peer_tokens_per_s"] = p.TokPerSec
			row.Values["onnxprune_cpu_s_per_step"] = o.CPUPerStep
			row.Values["peer_cpu_s_per_step"] = p.CPUPerStep
			row.Values["onnxprune_peak_rss_bytes"] = float64(medianRSS(s[0]))
			row.Values["peer_peak_rss_bytes"] = float64(medianRSS(s[1]))
			row.Values["onnxprune_go_heap_bytes_per_step"] = o.HeapStep
			if o.RunFLOPs > 0 {
				row.Values["run_flops_per_step"] = o.RunFLOPs
				row.Values["step_flops"] = float64(o.StepFLOPs)
			}
			row.Note = fmt.Sprintf("%d round(s), interleaved; per round: ratios %s; CPU-time ratio %.2f; load average %s … %s; trained weights %d (PyTorch %d)",
				len(s[0]), pairedRatios(s), p.CPUPerStep/o.CPUPerStep, s[0][0].load, s[1][len(s[1])-1].load, o.Weights, p.Weights) + "; " + lossNote[mode]
			if o.RunFLOPs > 0 && o.RunFLOPs < float64(o.StepFLOPs) {
				row.Note += fmt.Sprintf("; the timed steps ran %.1f of the graph's %.1f GFLOP (the rest: backward of clamped gates, skipped)", o.RunFLOPs/1e9, float64(o.StepFLOPs)/1e9)
			}
			h.add(row)
		}
	}

	// The gates-only step along a training run, 1 thread.
	{
		id := "8.gates.run.1"
		fig := fmt.Sprintf("Transformer-base gates step along a training run's log α (%s), target tokens/s, 1 thread", baseRunStates)
		s := samples[key{"gates-run", 1}]
		if check["gates"] != "" || len(s[0]) == 0 {
			h.add(unavailable(id, fig, "no runs (see the log)"))
		} else {
			o, p := baseMedian(s[0]), baseMedian(s[1])
			row := Row{ID: id, Figure: fig, Values: map[string]float64{}}
			row.Ours = fmt.Sprintf("%.0f tok/s (CPU %.2f s/step), %.1f of %.1f GFLOP per step run", o.TokPerSec, o.CPUPerStep, o.RunFLOPs/1e9, float64(o.StepFLOPs)/1e9)
			row.Peer = fmt.Sprintf("PyTorch %.0f tok/s (CPU %.2f s/step; its step does not depend on log α)", p.TokPerSec, p.CPUPerStep)
			row.setRatio(o.TokPerSec/p.TokPerSec, "onnxprune tokens/s along the run ÷ PyTorch tokens/s (medians of the rounds)", targets["gates"], true)
			row.Values["onnxprune_tokens_per_s"] = o.TokPerSec
			row.Values["peer_tokens_per_s"] = p.TokPerSec
			row.Values["onnxprune_cpu_s_per_step"] = o.CPUPerStep
			row.Values["run_flops_per_step"] = o.RunFLOPs
			row.Values["step_flops"] = float64(o.StepFLOPs)
			row.Note = fmt.Sprintf("%d round(s); per round: ratios %s; CPU-time ratio %.2f; %d timed steps, step i from state i of %s (log α of the run at evenly spaced steps, mapped to this model's layers)",
				len(s[0]), pairedRatios(s), p.CPUPerStep/o.CPUPerStep, baseRunSteps, baseRunStates)
			h.add(row)
		}
	}

	// Peak RSS at 1 thread, gates and joint.
	for _, mode := range []string{"gates", "joint"} {
		s := samples[key{mode, 1}]
		id := "8.rss." + mode
		fig := fmt.Sprintf("Transformer-base %s training, peak RSS (1 thread)", mode)
		if len(s[0]) == 0 || len(s[1]) == 0 {
			h.add(unavailable(id, fig, "no runs"))
			continue
		}
		o, p := medianRSS(s[0]), medianRSS(s[1])
		row := Row{ID: id, Figure: fig, Ours: fmt.Sprintf("%.0f MiB", float64(o)/(1<<20)), Peer: fmt.Sprintf("PyTorch %.0f MiB", float64(p)/(1<<20)),
			Values: map[string]float64{"onnxprune_bytes": float64(o), "peer_bytes": float64(p)}}
		target := 0.0
		if mode == "gates" {
			target = 1
		}
		row.setRatio(float64(o)/float64(p), "onnxprune peak RSS ÷ PyTorch peak RSS (medians)", target, false)
		h.add(row)
	}

	// The step's FLOPs against the sgemm ceiling, 1 thread, both per CPU
	// second: at one thread CPU time is the time the work took, however
	// many other processes share the cores (wall time is not). The ceiling
	// is the median of the rounds' sgemm runs.
	if len(sgemm1) > 0 {
		peak[1] = baseOut{GFLOPSCPU: stats.Median(sgemm1), GFLOPS: stats.Median(sgemmWall1)}
	}
	for _, mode := range []string{"gates", "joint"} {
		s := samples[key{mode, 1}]
		id := "8.flops." + mode
		fig := fmt.Sprintf("Transformer-base %s step: fraction of the sgemm ceiling reached (1 thread, per CPU second)", mode)
		if len(s[0]) == 0 || peak[1].GFLOPSCPU == 0 {
			h.add(unavailable(id, fig, "no runs or no sgemm figure"))
			continue
		}
		o := baseMedian(s[0])
		// The products the timed steps ran: the gradient graph less the
		// backward the steps skipped (clamped gates).
		ran := o.RunFLOPs
		if ran == 0 {
			ran = float64(o.StepFLOPs)
		}
		perCPU := ran / o.CPUPerStep / 1e9
		row := Row{ID: id, Figure: fig, Ours: fmt.Sprintf("%.1f GFLOP run per step (graph %.1f), %.1f GFLOPS per CPU second (%.1f by wall time)", ran/1e9, float64(o.StepFLOPs)/1e9, perCPU, ran/o.Median/1e9),
			Peer:   fmt.Sprintf("sgemm 2048³: %.1f GFLOPS per CPU second (%.1f by wall time)", peak[1].GFLOPSCPU, peak[1].GFLOPS),
			Values: map[string]float64{"step_flops": float64(o.StepFLOPs), "run_flops_per_step": ran, "step_gflops_per_cpu_s": perCPU, "sgemm_gflops_per_cpu_s": peak[1].GFLOPSCPU, "sgemm_gflops_wall": peak[1].GFLOPS}}
		row.setRatio(perCPU/peak[1].GFLOPSCPU, "step GFLOPS per CPU second (MatMul FLOPs the timed steps ran) ÷ sgemm GFLOPS per CPU second", 0.5, true)
		row.Note = fmt.Sprintf("load average %s at the step's first run; sgemm per CPU second in the rounds: %s", s[0][0].load, fmtList(sgemm1))
		h.add(row)
	}
}

// baseMedian returns a sample whose tokens/s, step time and CPU time are the
// medians of the samples' (the other fields from the first).
func baseMedian(s []baseSample) baseOut {
	o := s[0].out
	var tps, med, cpu []float64
	for _, x := range s {
		tps = append(tps, x.out.TokPerSec)
		med = append(med, x.out.Median)
		cpu = append(cpu, x.out.CPUPerStep)
	}
	o.TokPerSec, o.Median, o.CPUPerStep = stats.Median(tps), stats.Median(med), stats.Median(cpu)
	return o
}

func medianRSS(s []baseSample) int64 {
	var v []float64
	for _, x := range s {
		v = append(v, float64(x.rss))
	}
	return int64(stats.Median(v))
}

// pairedRatios lists each round's onnxprune ÷ PyTorch tokens/s.
func pairedRatios(s [2][]baseSample) string {
	out := ""
	for i := 0; i < min(len(s[0]), len(s[1])); i++ {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%.2f", s[0][i].out.TokPerSec/s[1][i].out.TokPerSec)
	}
	return out
}

// fmtList writes GFLOPS figures as a comma-separated list.
func fmtList(v []float64) string {
	out := ""
	for i, x := range v {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%.1f", x)
	}
	return out
}
