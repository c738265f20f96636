package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"onnxprune/graphedit/heads"
	"onnxprune/internal/stats"
)

type attrOut struct {
	Sentences int     `json:"sentences"`
	Heads     int     `json:"heads"`
	Forward   float64 `json:"forward_ms_per_sentence"`
	Attr      float64 `json:"attribution_ms_per_sentence"`
}

func (h *harness) attrRows() {
	fig := "LRP + gradient head importance per sentence vs forward pass"
	exe, why := h.bin("benchattr")
	if exe == "" {
		h.add(unavailable("3", fig, why))
		return
	}
	var a attrOut
	args := append([]string{"-model", h.models.Single, "-batch", h.batch, "-sentences", "8"}, h.common()...)
	args[len(args)-3] = "1" // one warm-up pass over the sentences is enough
	if _, err := h.runJSON(&a, exe, args...); err != nil {
		h.add(unavailable("3", fig, truncate(err.Error(), 200)))
		return
	}
	r := Row{ID: "3", Figure: fig, Ours: fmt.Sprintf("%.1f ms", a.Attr), Peer: fmt.Sprintf("forward %.1f ms", a.Forward),
		Values: map[string]float64{"attribution_ms": a.Attr, "forward_ms": a.Forward}}
	r.setRatio(a.Attr/a.Forward, "analysis-graph run ÷ plain forward run, batch 1", 3, false)
	r.Note = fmt.Sprintf("one ONNX Runtime run gives loss gradients and LRP relevance of all %d heads; %d sentences of 24+24 tokens", a.Heads, a.Sentences)
	h.add(r)
}

// headBlock is one block of `onnxprune inspect --heads --json`.
type headBlock struct {
	Name   string     `json:"name"`
	Kind   heads.Kind `json:"kind"`
	Layer  int        `json:"layer"`
	Heads  int        `json:"num_heads"`
	Anchor string     `json:"anchor"`
}

func (h *harness) inspectHeads(files []string) ([]headBlock, error) {
	exe, why := h.bin("onnxprune")
	if exe == "" {
		return nil, fmt.Errorf("%s", why)
	}
	r, err := h.runChild(exe, append([]string{"inspect", "--heads", "--json"}, files...)...)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Blocks []headBlock `json:"blocks"`
	}
	if err := json.Unmarshal(r.Stdout, &doc); err != nil {
		return nil, fmt.Errorf("inspect --heads --json: %w", err)
	}
	if len(doc.Blocks) == 0 {
		return nil, fmt.Errorf("inspect found no attention heads in %s", strings.Join(files, ", "))
	}
	return doc.Blocks, nil
}

// halfSpec removes the upper half of every block's heads.
func halfSpec(blocks []headBlock) (spec string, removed, total int) {
	var parts []string
	for _, b := range blocks {
		for k := b.Heads / 2; k < b.Heads; k++ {
			parts = append(parts, heads.HeadName(b.Kind, b.Layer, k))
			removed++
		}
		total += b.Heads
	}
	return strings.Join(parts, ","), removed, total
}

// prune runs `onnxprune prune` and returns the run.
func (h *harness) prune(files []string, spec, flag, out string) (*run, error) {
	exe, why := h.bin("onnxprune")
	if exe == "" {
		return nil, fmt.Errorf("%s", why)
	}
	args := append([]string{"prune"}, files...)
	args = append(args, flag, spec, "-o", out, "--overwrite")
	return h.runChild(exe, args...)
}

type inferSide struct {
	EncoderMS     float64 `json:"encoder_ms"`
	StepMS        float64 `json:"step_ms"`
	Tokens        int     `json:"tokens"`
	TokensPerSec  float64 `json:"tokens_per_s"`
	EncoderFLOPs  int64   `json:"encoder_flops"`
	StepFLOPs     int64   `json:"step_flops"`
	PerTokenFLOPs float64 `json:"per_token_flops"`
}

type inferOut struct {
	Layout string `json:"layout"`
	Rows   []struct {
		Batch  int       `json:"batch"`
		Dense  inferSide `json:"dense"`
		Pruned inferSide `json:"pruned"`
	} `json:"rows"`
}

func (h *harness) inferRows() {
	fig := "pruned vs dense inference on ORT (half of every block's heads removed)"
	exe, why := h.bin("benchinfer")
	if exe == "" {
		h.add(unavailable("4", fig, why))
		return
	}
	blocks, err := h.inspectHeads(h.models.Split)
	if err != nil {
		h.add(unavailable("4", fig, truncate(err.Error(), 200)))
		return
	}
	spec, removed, total := halfSpec(blocks)
	dir := filepath.Join(h.work, "pruned")
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		h.add(unavailable("4", fig, err.Error()))
		return
	}
	if _, err := h.prune(h.models.Split, spec, "--remove", dir+"/"); err != nil {
		h.add(unavailable("4", fig, "onnxprune prune: "+truncate(err.Error(), 200)))
		return
	}
	if h.models.Dir != "" {
		if b, err := os.ReadFile(filepath.Join(h.models.Dir, "config.json")); err == nil {
			os.WriteFile(filepath.Join(dir, "config.json"), b, 0o644)
		}
	}
	var pruned []string
	for _, f := range h.models.Split {
		pruned = append(pruned, filepath.Join(dir, filepath.Base(f)))
	}
	var out inferOut
	args := append([]string{"-dense", strings.Join(h.models.Split, ","), "-pruned", strings.Join(pruned, ","),
		"-batch", h.batch, "-batches", "1,32", "-max-len", "16", "-step-past", "8"}, h.common()...)
	if _, err := h.runJSON(&out, exe, args...); err != nil {
		h.add(unavailable("4", fig, truncate(err.Error(), 200)))
		return
	}
	for _, r := range out.Rows {
		d, p := r.Dense, r.Pruned
		target := 0.0
		if r.Batch == 32 {
			target = 0.8
		}
		add := func(id, what string, dt, pt float64, df, pf float64, unit string, extra string) {
			row := Row{ID: id, Figure: fmt.Sprintf("%s speedup, batch %d", what, r.Batch), Values: map[string]float64{}}
			if dt <= 0 || pt <= 0 || df <= 0 || pf <= 0 {
				row.Ours = "not available: no " + what + " in layout " + out.Layout
				row.Peer = "—"
				h.add(row)
				return
			}
			speed, bound := dt/pt, df/pf
			row.Ours = fmt.Sprintf("%.2f× (%s)", speed, unit)
			row.Peer = fmt.Sprintf("FLOP bound %.2f×", bound)
			row.Values["measured_speedup"], row.Values["flop_bound"] = speed, bound
			row.setRatio(speed/bound, "measured speedup ÷ FLOP-count bound", target, true)
			row.Note = fmt.Sprintf("%d of %d heads removed, layout %s", removed, total, out.Layout) + extra
			h.add(row)
		}
		add(fmt.Sprintf("4.%d.enc", r.Batch), "encoder forward", d.EncoderMS, p.EncoderMS, float64(d.EncoderFLOPs), float64(p.EncoderFLOPs),
			fmt.Sprintf("%.1f→%.1f ms", d.EncoderMS, p.EncoderMS), "")
		add(fmt.Sprintf("4.%d.step", r.Batch), "decoder step", d.StepMS, p.StepMS, float64(d.StepFLOPs), float64(p.StepFLOPs),
			fmt.Sprintf("%.1f→%.1f ms", d.StepMS, p.StepMS), "")
		if d.TokensPerSec > 0 && p.TokensPerSec > 0 {
			add(fmt.Sprintf("4.%d.greedy", r.Batch), "greedy translation", 1/d.TokensPerSec, 1/p.TokensPerSec, d.PerTokenFLOPs, p.PerTokenFLOPs,
				fmt.Sprintf("%.0f→%.0f tok/s", d.TokensPerSec, p.TokensPerSec),
				fmt.Sprintf("; tokens generated: dense %d, pruned %d (bound per token at each model's own lengths)", d.Tokens, p.Tokens))
		}
	}
}

// surgeryRows times load → prune half the heads → save on a Transformer-big
// synthetic model, against cp of its files.
func (h *harness) surgeryRows() {
	figT, figM := "surgery on Transformer-big (load → prune half the heads → save), wall time", "surgery peak RSS vs model size"
	gen, why := h.bin("gensynth")
	if gen == "" {
		h.add(unavailable("5", figT, why))
		h.add(unavailable("5b", figM, why))
		return
	}
	dir := filepath.Join(h.work, "synth")
	model := filepath.Join(dir, "model.onnx")
	stamp := filepath.Join(dir, "gensynth.txt")
	if b, err := os.ReadFile(stamp); err != nil || !strings.Contains(string(b), "d_model 1024") || !exists(model+".data") {
		os.RemoveAll(dir)
		r, err := h.runChild(gen, "-o", model)
		if err != nil {
			h.add(unavailable("5", figT, "gensynth: "+err.Error()))
			h.add(unavailable("5b", figM, "gensynth failed"))
			return
		}
		os.WriteFile(stamp, r.Stdout, 0o644)
	}
	desc, _ := os.ReadFile(stamp)
	params := ""
	if f := strings.Fields(string(desc)); len(f) > 1 {
		params = f[1]
	}
	size := fileSize(model) + fileSize(model+".data")
	blocks, err := h.inspectHeads([]string{model})
	if err != nil {
		h.add(unavailable("5", figT, truncate(err.Error(), 200)))
		h.add(unavailable("5b", figM, "inspect failed"))
		return
	}
	spec, removed, total := halfSpec(blocks)
	outDir, cpDir := filepath.Join(h.work, "synth_pruned"), filepath.Join(h.work, "synth_cp")
	for _, d := range []string{outDir, cpDir} {
		os.RemoveAll(d)
		os.MkdirAll(d, 0o755)
	}
	defer os.RemoveAll(outDir)
	defer os.RemoveAll(cpDir)
	var pt, ct []float64
	var rss []int64
	for i := 0; i < 1+h.repeats; i++ { // one warm-up each: page cache
		r, err := h.prune([]string{model}, spec, "--remove", filepath.Join(outDir, "model.onnx"))
		if err != nil {
			h.add(unavailable("5", figT, "onnxprune prune: "+truncate(err.Error(), 200)))
			h.add(unavailable("5b", figM, "onnxprune prune failed"))
			return
		}
		c, err := h.runChild("cp", model, model+".data", cpDir+"/")
		if err != nil {
			h.add(unavailable("5", figT, "cp: "+err.Error()))
			return
		}
		if i > 0 {
			pt, ct, rss = append(pt, r.Wall.Seconds()), append(ct, c.Wall.Seconds()), append(rss, r.PeakRSS)
		}
	}
	outSize := fileSize(filepath.Join(outDir, "model.onnx")) + fileSize(filepath.Join(outDir, "model.onnx.data"))
	mp, mc := stats.Median(pt), stats.Median(ct)
	sort.Slice(rss, func(i, j int) bool { return rss[i] < rss[j] })
	peak := rss[len(rss)-1]
	r := Row{ID: "5", Figure: figT, Ours: fmt.Sprintf("%.2f s", mp), Peer: fmt.Sprintf("cp %.2f s", mc),
		Values: map[string]float64{"surgery_s": mp, "cp_s": mc, "model_bytes": float64(size), "pruned_bytes": float64(outSize)}}
	r.setRatio(mp/mc, "onnxprune prune wall time ÷ cp of the model's files", 3, false)
	r.Note = fmt.Sprintf("%s parameters, %s in model.onnx + external data; %d of %d heads removed; output %s", params, mib(size), removed, total, mib(outSize))
	h.add(r)
	m := Row{ID: "5b", Figure: figM, Ours: mib(peak), Peer: "model " + mib(size),
		Values: map[string]float64{"peak_rss_bytes": float64(peak), "model_bytes": float64(size)}}
	m.setRatio(float64(peak)/float64(size), "largest peak RSS of the prune runs ÷ model size on disk", 1.5, false)
	m.Note = "onnxio maps the external data read-only for the weights it slices and streams the rest from the file when saving; the peak is the whole prune process"
	h.add(m)
}

// simPrune is onnxsim_heads.py prune's output.
type simPrune struct {
	Version string  `json:"version"`
	Seconds float64 `json:"seconds"`
	Matched int     `json:"matched"`
	Resized int     `json:"resized_weights"`
	Bytes   int64   `json:"file_bytes"`
	Error   string  `json:"error"`
	Blocks  []struct {
		Node  string `json:"node"`
		Heads int    `json:"heads"`
		Kept  []int  `json:"kept"`
	} `json:"blocks"`
}

const simScript = "bench/peers/onnxsim_heads.py"

// peerSurgeryRows compares onnxprune's head surgery with onnxsim's
// apply_attention_head_pruning on the fused-attention fixture it matches, and
// records what it matches on the decomposed model.
func (h *harness) peerSurgeryRows() {
	fig := "head surgery vs onnxsim head pruning (same heads, fused-attention fixture)"
	fig2 := "attention blocks found for head pruning (decomposed export)"
	why := h.pyErr
	if why == "" {
		why = h.simErr
	}
	if why != "" {
		h.add(Row{ID: "7", Figure: fig, Ours: "—", Peer: "not available: " + why})
		return
	}
	fused := filepath.Join(h.root, "models", "fixtures", "fused", "whisper_decoder_model.onnx")
	simOut := filepath.Join(h.work, "onnxsim_pruned.onnx")
	oursOut := filepath.Join(h.work, "onnxprune_pruned.onnx")
	var sp simPrune
	if _, err := h.runJSON(&sp, h.py, simScript, "prune", "--model", fused, "--sparsity", "0.5", "--out", simOut, "--repeats", strconv.Itoa(h.repeats)); err != nil || sp.Error != "" {
		h.add(Row{ID: "7", Figure: fig, Ours: "—", Peer: "not available: onnxsim: " + truncate(fmt.Sprint(err, sp.Error), 200)})
		return
	}
	blocks, err := h.inspectHeads([]string{fused})
	if err != nil {
		h.add(unavailable("7", fig, truncate(err.Error(), 200)))
		return
	}
	byAnchor := map[string]headBlock{}
	for _, b := range blocks {
		if f := strings.Split(b.Anchor, `"`); len(f) >= 2 {
			byAnchor[f[1]] = b
		}
	}
	var keep []string
	for _, b := range sp.Blocks {
		hb, ok := byAnchor[b.Node]
		if !ok || len(b.Kept) == 0 {
			continue
		}
		for _, k := range b.Kept {
			keep = append(keep, heads.HeadName(hb.Kind, hb.Layer, k))
		}
	}
	for _, b := range blocks { // blocks onnxsim left alone keep every head
		matched := false
		for _, s := range sp.Blocks {
			if byAnchor[s.Node].Name == b.Name && len(s.Kept) > 0 {
				matched = true
			}
		}
		if !matched {
			keep = append(keep, b.Name+":*")
		}
	}
	var ourTimes []float64
	for i := 0; i < 1+h.repeats; i++ {
		r, err := h.prune([]string{fused}, strings.Join(keep, ","), "--keep", oursOut)
		if err != nil {
			h.add(unavailable("7", fig, "onnxprune prune: "+truncate(err.Error(), 200)))
			return
		}
		if i > 0 {
			ourTimes = append(ourTimes, r.Wall.Seconds())
		}
	}
	var cmp struct {
		Outputs int      `json:"outputs"`
		Diff    *float64 `json:"max_abs_diff"`
		Stale   []int    `json:"stale_output_shapes"`
		Error   string   `json:"error"`
	}
	_, cerr := h.runJSON(&cmp, h.py, simScript, "compare", "--a", oursOut, "--b", simOut, "--data", strings.TrimSuffix(fused, ".onnx"))
	mo, ms := stats.Median(ourTimes), sp.Seconds
	r := Row{ID: "7", Figure: fig, Ours: fmt.Sprintf("%.0f ms", mo*1000), Peer: fmt.Sprintf("onnxsim %s: %.0f ms", sp.Version, ms*1000),
		Values: map[string]float64{"onnxprune_s": mo, "onnxsim_s": ms, "onnxprune_bytes": float64(fileSize(oursOut)), "onnxsim_bytes": float64(sp.Bytes)}}
	r.setRatio(mo/ms, "onnxprune prune process wall time ÷ onnxsim load+prune+save inside Python (interpreter start not counted)", 0, false)
	note := fmt.Sprintf("onnxsim chose the heads (lowest Q/K/V L2 norm, sparsity 0.5, %d blocks matched); onnxprune removed the same ones; file %d vs %d bytes",
		sp.Matched, fileSize(oursOut), sp.Bytes)
	switch {
	case cerr != nil:
		note += "; output comparison failed: " + truncate(cerr.Error(), 120)
	case cmp.Error != "":
		note += "; output comparison failed: " + cmp.Error
	case cmp.Diff != nil:
		note += fmt.Sprintf("; outputs max|Δ| = %.2g over %d outputs", *cmp.Diff, cmp.Outputs)
		r.Values["max_abs_diff"] = *cmp.Diff
		if len(cmp.Stale) == 2 {
			note += fmt.Sprintf("; outputs declared with a stale head count: onnxprune %d, onnxsim %d", cmp.Stale[0], cmp.Stale[1])
		}
	}
	r.Note = note + "; d_model 32 fixture, so times are mostly fixed costs"
	h.add(r)

	// What onnxsim matches on the decomposed model the other rows use.
	var sd simPrune
	_, err = h.runJSON(&sd, h.py, simScript, "prune", "--model", h.models.Single, "--sparsity", "0.5", "--out", filepath.Join(h.work, "onnxsim_single.onnx"))
	ob, oerr := h.inspectHeads([]string{h.models.Single})
	row := Row{ID: "7b", Figure: fig2 + ": " + filepath.Base(h.models.Single)}
	if oerr != nil {
		row.Ours = "not available: " + truncate(oerr.Error(), 160)
	} else {
		row.Ours = strconv.Itoa(len(ob)) + " blocks"
	}
	if err != nil || sd.Error != "" {
		row.Peer = "not available: " + truncate(fmt.Sprint(err, sd.Error), 160)
	} else {
		row.Peer = fmt.Sprintf("onnxsim: %d weights resized", sd.Resized)
		if sd.Resized == 0 {
			row.Note = "onnxsim's decomposed-attention matcher does not recognise this export, so it prunes nothing there; no time to compare"
		}
	}
	h.add(row)
}
