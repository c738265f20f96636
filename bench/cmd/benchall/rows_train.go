package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"onnxprune/bench/internal/batchfile"
)

// trainOut is what benchtrain prints.
type trainOut struct {
	Tokens    int     `json:"tokens"`
	Rows      int     `json:"rows"`
	Heads     int     `json:"heads"`
	Weights   int64   `json:"trained_weights"`
	Median    float64 `json:"median_s"`
	TokPerSec float64 `json:"tokens_per_s"`
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

// peerGates runs the PyTorch peer (bench/peers/train_gates_torch.py, written
// with gatetrain: the planted fixture's weights and batch, gates only)
// -repeats times and returns the median tokens/s, or why it cannot.
func (h *harness) peerGates(threads, stepsPerRun int) (tps float64, tokens int, torch string, why string) {
	if !exists(filepath.Join(h.root, peerScript)) {
		return 0, 0, "", peerScript + " is not written yet"
	}
	if h.py == "" {
		return 0, 0, "", h.pyErr
	}
	var runs []float64
	for i := 0; i < h.repeats; i++ {
		var p struct {
			TokPerSec float64 `json:"tokens_per_s"`
			Tokens    int     `json:"tokens_per_step"`
			Torch     string  `json:"torch"`
		}
		warm := 1 // the peer's first step allocates; later processes warm up one step
		if i == 0 {
			warm = max(1, h.warmup*stepsPerRun)
		}
		if _, err := h.runJSON(&p, h.py, peerScript, "--threads", strconv.Itoa(threads), "--lines", strconv.Itoa(plantedLines),
			"--steps", strconv.Itoa(stepsPerRun), "--warmup", strconv.Itoa(warm)); err != nil {
			return 0, 0, "", "PyTorch peer failed: " + truncate(err.Error(), 200)
		}
		if p.TokPerSec <= 0 {
			return 0, 0, "", "PyTorch peer printed no tokens_per_s"
		}
		runs, tokens, torch = append(runs, p.TokPerSec), p.Tokens, p.Torch
	}
	return medianF(runs), tokens, torch, ""
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
	rf, errF := h.runJSON(&fwd, exe, args("forward")...)
	rg, errG := h.runJSON(&gates, exe, args("gates")...)
	_, errJ := h.runJSON(&joint, exe, args("joint")...)

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
		row := Row{ID: id, Figure: fmt.Sprintf("gate-training step, tokens/s (planted fixture, %d sentences, %d thread(s))", plantedLines, th), Values: map[string]float64{"threads": float64(th)}}
		var pl trainOut
		err := perr
		if err == nil {
			pargs := []string{"-model", filepath.Join(h.root, "models", "planted", "planted.onnx"), "-batch", pb, "-mode", "gates",
				"-steps-per-run", strconv.Itoa(perRun), "-threads", strconv.Itoa(th), "-warmup", strconv.Itoa(h.warmup), "-repeats", strconv.Itoa(h.repeats)}
			_, err = h.runJSON(&pl, exe, pargs...)
		}
		if err != nil {
			h.add(unavailable(id, row.Figure, truncate(err.Error(), 200)))
			continue
		}
		row.Ours = fmt.Sprintf("%.0f tok/s", pl.TokPerSec)
		row.Values["onnxprune_tokens_per_s"] = pl.TokPerSec
		row.Note = fmt.Sprintf("gradient graph on ONNX Runtime vs %s (same weights and batch, gates only require grad); %d heads, %d target tokens per step; a run is the mean of %d steps",
			peerScript, pl.Heads, pl.Tokens, perRun)
		if tps, tok, tv, pwhy := h.peerGates(th, perRun); pwhy == "" {
			row.Peer = fmt.Sprintf("PyTorch %s: %.0f tok/s", tv, tps)
			row.Values["peer_tokens_per_s"] = tps
			row.setRatio(pl.TokPerSec/tps, "onnxprune tokens/s ÷ PyTorch tokens/s", 2, true)
			if tok != pl.Tokens {
				row.Note += fmt.Sprintf("; PyTorch counted %d tokens per step", tok)
			}
		} else {
			row.Peer = "not available: " + pwhy
		}
		h.add(row)
	}

	var row Row
	// 1b: what the backward pass costs on ORT.
	row = Row{ID: "1b", Figure: "gate-training step vs forward pass on ORT (" + what + ")", Values: map[string]float64{}}
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

	// 2: joint fine-tuning.
	row = Row{ID: "2", Figure: "joint step (encoder weights + gates), tokens/s", Values: map[string]float64{}}
	if errJ != nil {
		row = unavailable("2", row.Figure, truncate(errJ.Error(), 200))
	} else {
		row.Ours = fmt.Sprintf("%.0f tok/s", joint.TokPerSec)
		row.Values["onnxprune_tokens_per_s"] = joint.TokPerSec
		row.Note = fmt.Sprintf("%d encoder weights trained with Adam in Go, fed to ONNX Runtime each step", joint.Weights)
		row.Note += "; " + h.models.Name
		row.Peer = "not available: " + h.jointPeerWhy()
	}
	h.add(row)

	// 6: memory of training against inference.
	row = Row{ID: "6", Figure: "peak RSS: gate training vs ORT inference session, same model and batch", Values: map[string]float64{}}
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

// jointPeerWhy says why joint fine-tuning has no PyTorch figure.
func (h *harness) jointPeerWhy() string {
	b, err := os.ReadFile(filepath.Join(h.root, peerScript))
	if err != nil {
		return peerScript + " is not written yet"
	}
	if !strings.Contains(string(b), "joint") {
		return peerScript + " trains gates only (no joint mode yet)"
	}
	return peerScript + " mentions joint training but the harness does not call it yet"
}

func (h *harness) batchDesc() string {
	return "16 sentences × 24 source / 24 target tokens"
}

func mib(b int64) string {
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}
