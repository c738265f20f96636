package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"onnxprune/bench/internal/batchfile"
	"onnxprune/internal/stats"
)

// trainOut is what benchtrain prints.
type trainOut struct {
	Tokens    int       `json:"tokens"`
	Rows      int       `json:"rows"`
	Heads     int       `json:"heads"`
	Weights   int64     `json:"trained_weights"`
	Median    float64   `json:"median_s"`
	TokPerSec float64   `json:"tokens_per_s"`
	Losses    []float64 `json:"first_losses"`
}

const peerScript = "bench/peers/train_gates_torch.py"

func (h *harness) common() []string {
	return []string{"-threads", strconv.Itoa(h.threads), "-warmup", strconv.Itoa(h.warmup), "-repeats", strconv.Itoa(h.repeats)}
}

// plantedLines is the batch of the gate-training comparison: the first lines
// of the planted fixture's training corpus, as the PyTorch peer reads them.
const plantedLines = 64

// plantedBatch writes the planted fixture's first lines as a batch file.
func (h *harness) plantedBatch() (string, error) {
	dir := filepath.Join(h.root, "models", "planted")
	var info struct {
		Vocab int64 `json:"vocab"`
		Pad   int64 `json:"pad_id"`
		BOS   int64 `json:"bos_id"`
		EOS   int64 `json:"eos_id"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "planted.json"))
	if err != nil {
		return "", err
	}
	if err := json.Unmarshal(b, &info); err != nil {
		return "", fmt.Errorf("planted.json: %w", err)
	}
	f := &batchfile.File{Pad: info.Pad, BOS: info.BOS, EOS: info.EOS, Vocab: info.Vocab}
	for _, side := range []struct {
		name string
		dst  *[][]int64
	}{{"train.src", &f.Src}, {"train.tgt", &f.Tgt}} {
		b, err := os.ReadFile(filepath.Join(dir, side.name))
		if err != nil {
			return "", err
		}
		for _, line := range strings.Split(string(b), "\n") {
			if len(*side.dst) == plantedLines || strings.TrimSpace(line) == "" {
				continue
			}
			var ids []int64
			for _, w := range strings.Fields(line) {
				id, err := strconv.ParseInt(w, 10, 64)
				if err != nil {
					return "", fmt.Errorf("%s: %w", side.name, err)
				}
				ids = append(ids, id)
			}
			*side.dst = append(*side.dst, ids)
		}
	}
	path := filepath.Join(h.work, "planted_batch.json")
	return path, f.Write(path)
}

// plantedHyper are the training settings both sides of rows 1 and 2 use (the
// PyTorch peer's defaults; the Go worker's defaults are the CLI's).
var plantedHyper = struct{ initLogAlpha, lambda, weightLR string }{"2", "0.05", "1e-4"}

// peerOut is what the PyTorch peer prints.
type peerOut struct {
	TokPerSec float64   `json:"tokens_per_s"`
	Tokens    int       `json:"tokens_per_step"`
	Torch     string    `json:"torch"`
	Weights   int64     `json:"trained_weights"`
	Losses    []float64 `json:"first_losses"`
}

// peerTrain runs the PyTorch peer (bench/peers/train_gates_torch.py, written
// with gatetrain: the planted fixture's weights and batch; gates only, or
// with joint also the encoder weights) -repeats times and returns the median
// tokens/s, or why it cannot.
func (h *harness) peerTrain(threads, stepsPerRun int, joint bool) (tps float64, p peerOut, why string) {
	if !exists(filepath.Join(h.root, peerScript)) {
		return 0, p, peerScript + " is not written yet"
	}
	if h.py == "" {
		return 0, p, h.pyErr
	}
	var runs []float64
	for i := 0; i < h.repeats; i++ {
		warm := 1 // the peer's first step allocates; later processes warm up one step
		if i == 0 {
			warm = max(1, h.warmup*stepsPerRun)
		}
		args := []string{peerScript, "--threads", strconv.Itoa(threads), "--lines", strconv.Itoa(plantedLines),
			"--steps", strconv.Itoa(stepsPerRun), "--warmup", strconv.Itoa(warm),
			"--init-log-alpha", plantedHyper.initLogAlpha, "--l0-lambda", plantedHyper.lambda, "--weight-lr", plantedHyper.weightLR}
		if joint {
			args = append(args, "--joint")
		}
		p = peerOut{}
		if _, err := h.runJSON(&p, h.py, args...); err != nil {
			return 0, p, "PyTorch peer failed: " + truncate(err.Error(), 200)
		}
		if p.TokPerSec <= 0 {
			return 0, p, "PyTorch peer printed no tokens_per_s"
		}
		runs = append(runs, p.TokPerSec)
	}
	return stats.Median(runs), p, ""
}

// lossTolerance bounds the difference of the first steps' objectives of the
// Go joint step and its PyTorch peer (float32 sums in different orders).
const lossTolerance = 1e-4

// jointLossCheck runs two joint steps on each side with every gate sampled
// as exactly 1 (log α 20, so the noise generators do not matter) and returns
// both sides' objectives: the first checks the forward pass and the batch,
// the second the encoder-weight gradients and their Adam step.
func (h *harness) jointLossCheck(exe, planted, batch string) (goL, ptL []float64, err error) {
	var g trainOut
	if _, err := h.runJSON(&g, exe, "-model", planted, "-batch", batch, "-mode", "joint", "-threads", "1",
		"-warmup", "2", "-repeats", "1", "-min-run", "0", "-losses", "2",
		"-init-log-alpha", "20", "-lambda", plantedHyper.lambda, "-weight-lr", plantedHyper.weightLR); err != nil {
		return nil, nil, err
	}
	if h.py == "" {
		return g.Losses, nil, fmt.Errorf("%s", h.pyErr)
	}
	var p peerOut
	if _, err := h.runJSON(&p, h.py, peerScript, "--joint", "--threads", "1", "--lines", strconv.Itoa(plantedLines),
		"--steps", "2", "--warmup", "0", "--losses", "2",
		"--init-log-alpha", "20", "--l0-lambda", plantedHyper.lambda, "--weight-lr", plantedHyper.weightLR); err != nil {
		return g.Losses, nil, err
	}
	if len(g.Losses) != 2 || len(p.Losses) != 2 {
		return g.Losses, p.Losses, fmt.Errorf("expected 2 losses from each side, got %d (Go) and %d (PyTorch)", len(g.Losses), len(p.Losses))
	}
	return g.Losses, p.Losses, nil
}

func (h *harness) trainRows() {
	what := fmt.Sprintf("batch %s", h.batchDesc())
	exe, why := h.bin("benchtrain")
	if exe == "" {
		for _, r := range [][2]string{{"1", "gate-training step"}, {"1b", "backward/forward cost"}, {"2", "joint fine-tuning step"}, {"6", "peak RSS: gate training vs inference"}} {
			h.add(unavailable(r[0], r[1], why))
		}
		return
	}
	args := func(mode string) []string {
		return append([]string{"-model", h.models.Single, "-batch", h.batch, "-mode", mode}, h.common()...)
	}
	var fwd, gates, joint trainOut
	var rf, rg *run
	var errF, errG, errJ error
	if h.want("1b", "6") {
		rf, errF = h.runJSON(&fwd, exe, args("forward")...)
		rg, errG = h.runJSON(&gates, exe, args("gates")...)
	}
	if h.want("2") {
		_, errJ = h.runJSON(&joint, exe, args("joint")...)
	}
	planted := filepath.Join(h.root, "models", "planted", "planted.onnx")
	plantedArgs := func(mode string, th, perRun int) []string {
		return []string{"-model", planted, "-mode", mode,
			"-steps-per-run", strconv.Itoa(perRun), "-threads", strconv.Itoa(th), "-warmup", strconv.Itoa(h.warmup), "-repeats", strconv.Itoa(h.repeats),
			"-init-log-alpha", plantedHyper.initLogAlpha, "-lambda", plantedHyper.lambda, "-weight-lr", plantedHyper.weightLR}
	}

	// 1: gate training, tokens/s against PyTorch, on the model and batch the
	// peer is written for (the planted fixture).
	const perRun = 20
	pb, perr := h.plantedBatch()
	// On a shared machine the thread pools of both sides suffer from other
	// processes; one thread is measured too, beside the thread count asked.
	threadCounts := []int{h.threads}
	if h.threads != 1 {
		threadCounts = []int{1, h.threads}
	}
	for _, th := range threadCounts {
		id := "1"
		if th != h.threads {
			id = "1t1"
		}
		if !h.want(id) {
			continue
		}
		row := Row{ID: id, Figure: fmt.Sprintf("gate-training step, tokens/s (planted fixture, %d sentences, %d thread(s))", plantedLines, th), Values: map[string]float64{"threads": float64(th)}}
		var pl trainOut
		err := perr
		if err == nil {
			_, err = h.runJSON(&pl, exe, append(plantedArgs("gates", th, perRun), "-batch", pb)...)
		}
		if err != nil {
			h.add(unavailable(id, row.Figure, truncate(err.Error(), 200)))
			continue
		}
		row.Ours = fmt.Sprintf("%.0f tok/s", pl.TokPerSec)
		row.Values["onnxprune_tokens_per_s"] = pl.TokPerSec
		row.Note = fmt.Sprintf("gradient graph on ONNX Runtime vs %s (same weights and batch, gates only require grad); %d heads, %d target tokens per step; a run is the mean of %d steps",
			peerScript, pl.Heads, pl.Tokens, perRun)
		if tps, p, pwhy := h.peerTrain(th, perRun, false); pwhy == "" {
			row.Peer = fmt.Sprintf("PyTorch %s: %.0f tok/s", p.Torch, tps)
			row.Values["peer_tokens_per_s"] = tps
			row.setRatio(pl.TokPerSec/tps, "onnxprune tokens/s ÷ PyTorch tokens/s", 2, true)
			if p.Tokens != pl.Tokens {
				row.Note += fmt.Sprintf("; PyTorch counted %d tokens per step", p.Tokens)
			}
		} else {
			row.Peer = "not available: " + pwhy
		}
		h.add(row)
	}

	if h.want("1b") {
		h.row1b(what, gates, fwd, errG, errF)
	}
	if h.want("2", "2t1") {
		// The objectives of both sides are compared once; then the joint
		// step is timed at the thread counts of row 1.
		var goL, ptL []float64
		cerr := perr
		if cerr == nil {
			goL, ptL, cerr = h.jointLossCheck(exe, planted, pb)
		}
		for _, th := range threadCounts {
			id := "2"
			if th != h.threads {
				id = "2t1"
			}
			if h.want(id) {
				h.row2(id, th, exe, pb, perr, joint, errJ, plantedArgs, goL, ptL, cerr)
			}
		}
	}
	if h.want("6") {
		h.row6(rg, rf, errG, errF)
	}
}

// row1b: what the backward pass costs on ORT.
func (h *harness) row1b(what string, gates, fwd trainOut, errG, errF error) {
	row := Row{ID: "1b", Figure: "gate-training step vs forward pass on ORT (" + what + ")", Values: map[string]float64{}}
	switch {
	case errG != nil:
		row = unavailable("1b", row.Figure, truncate(errG.Error(), 200))
	case errF != nil:
		row = unavailable("1b", row.Figure, "forward run failed: "+truncate(errF.Error(), 200))
	default:
		row.Ours = fmt.Sprintf("step %.1f ms (%.0f tok/s)", gates.Median*1000, gates.TokPerSec)
		row.Peer = fmt.Sprintf("forward %.1f ms", fwd.Median*1000)
		row.Values["step_s"], row.Values["forward_s"] = gates.Median, fwd.Median
		row.setRatio(gates.Median/fwd.Median, "training step time ÷ forward time (the backward pass's cost multiple, +1)", 0, false)
		row.Note = fmt.Sprintf("%s; %d heads gated; no target in the issue (reverse mode usually costs 2–3 forward passes)", h.models.Name, gates.Heads)
	}
	h.add(row)
}

// row2: the joint fine-tuning step (encoder weights + gates) against the
// PyTorch peer in joint mode, on the planted fixture at th threads, provided
// the check that both sides compute the same objective (goL, ptL, cerr from
// jointLossCheck) passed; the joint step on the benchmark model (joint,
// errJ) is reported beside it.
func (h *harness) row2(id string, th int, exe, pb string, perr error, joint trainOut, errJ error, plantedArgs func(string, int, int) []string,
	goL, ptL []float64, cerr error) {
	const perRun = 20
	fig := fmt.Sprintf("joint step (encoder weights + gates), tokens/s (planted fixture, %d sentences, %d thread(s))", plantedLines, th)
	row := Row{ID: id, Figure: fig, Values: map[string]float64{"threads": float64(th)}}
	var pl trainOut
	err := perr
	if err == nil {
		_, err = h.runJSON(&pl, exe, append(plantedArgs("joint", th, perRun), "-batch", pb)...)
	}
	if err != nil {
		h.add(unavailable(id, fig, truncate(err.Error(), 200)))
		return
	}
	row.Ours = fmt.Sprintf("%.0f tok/s", pl.TokPerSec)
	row.Values["onnxprune_tokens_per_s"] = pl.TokPerSec
	row.Note = fmt.Sprintf("gradient graph on ONNX Runtime, Adam in Go on %d encoder weights and %d gates, vs %s --joint (same weights, batch and settings); %d target tokens per step; a run is the mean of %d steps",
		pl.Weights, pl.Heads, peerScript, pl.Tokens, perRun)
	if errJ == nil && th == h.threads {
		row.Values["model_tokens_per_s"] = joint.TokPerSec
		row.Note += fmt.Sprintf("; on %s (%s): %.0f tok/s, %d encoder weights", h.models.Name, h.batchDesc(), joint.TokPerSec, joint.Weights)
	}
	if cerr != nil {
		row.Peer = "not available: loss check failed: " + truncate(cerr.Error(), 200)
		h.add(row)
		return
	}
	worst := 0.0
	for i := range goL {
		row.Values[fmt.Sprintf("loss_step%d_onnxprune", i+1)] = goL[i]
		row.Values[fmt.Sprintf("loss_step%d_peer", i+1)] = ptL[i]
		worst = max(worst, math.Abs(goL[i]-ptL[i]))
	}
	row.Note += fmt.Sprintf("; objective of steps 1 and 2 with every gate 1: onnxprune %.7f, %.7f; PyTorch %.7f, %.7f", goL[0], goL[1], ptL[0], ptL[1])
	if worst > lossTolerance {
		row.Peer = fmt.Sprintf("not comparable: the objectives differ by %.3g (> %g)", worst, lossTolerance)
		h.add(row)
		return
	}
	tps, p, pwhy := h.peerTrain(th, perRun, true)
	if pwhy != "" {
		row.Peer = "not available: " + pwhy
		h.add(row)
		return
	}
	row.Peer = fmt.Sprintf("PyTorch %s: %.0f tok/s", p.Torch, tps)
	row.Values["peer_tokens_per_s"] = tps
	row.setRatio(pl.TokPerSec/tps, "onnxprune tokens/s ÷ PyTorch tokens/s", 0, false)
	if p.Tokens != pl.Tokens || p.Weights != pl.Weights {
		row.Note += fmt.Sprintf("; PyTorch counted %d tokens per step and trained %d weights", p.Tokens, p.Weights)
	}
	h.add(row)
}

// row6: memory of training against inference.
func (h *harness) row6(rg, rf *run, errG, errF error) {
	row := Row{ID: "6", Figure: "peak RSS: gate training vs ORT inference session, same model and batch", Values: map[string]float64{}}
	if errG != nil || errF != nil {
		row = unavailable("6", row.Figure, "a training or forward run failed (rows 1, 1b)")
	} else {
		row.Ours = mib(rg.PeakRSS)
		row.Peer = mib(rf.PeakRSS)
		row.Values["training_peak_rss_bytes"], row.Values["inference_peak_rss_bytes"] = float64(rg.PeakRSS), float64(rf.PeakRSS)
		row.setRatio(float64(rg.PeakRSS)/float64(rf.PeakRSS), "training process peak RSS ÷ inference process peak RSS", 0, false)
		row.Note = "whole processes (Go runtime, graph building, ONNX Runtime arenas)"
	}
	h.add(row)
}

func (h *harness) batchDesc() string {
	return "16 sentences × 24 source / 24 target tokens"
}

func mib(b int64) string {
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}
