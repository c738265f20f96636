package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// machine describes where the figures were measured.
type machine struct {
	CPU     string `json:"cpu"`
	Cores   int    `json:"logical_cpus"`
	Threads int    `json:"threads"`
	GoVer   string `json:"go"`
	ORT     string `json:"onnxruntime_library"`
	Python  string `json:"python,omitempty"`
	Torch   string `json:"torch,omitempty"`
	Load    string `json:"load_average_at_start,omitempty"`
	// Built says what the workers were built from.
	Built string `json:"built_from"`
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// models are the files the figures run on.
type models struct {
	// Name says which model and why, for every row.
	Name string
	// Single is the one-graph model (source, target prefix → logits) for
	// training and attribution; Split the encoder/decoder files for
	// inference.
	Single string
	Split  []string
	// Dir holds config.json (copied beside pruned files).
	Dir                   string
	Vocab, Pad, BOS, EOS  int64
	Fallback              bool
	FallbackWhy           string
	EncoderHeads, AllHead int
}

// pickModels uses the reference model when its files exist, otherwise the
// largest fixture (all fixtures have the same size; the Marian split files
// and the nn.Transformer single graph are used).
func pickModels(root, refDir string) (*models, error) {
	ref := refDir
	if !filepath.IsAbs(ref) {
		ref = filepath.Join(root, refDir)
	}
	single := filepath.Join(ref, "model.onnx")
	enc, dec := filepath.Join(ref, "encoder_model.onnx"), filepath.Join(ref, "decoder_model.onnx")
	cfgPath := filepath.Join(ref, "config.json")
	if exists(single) && exists(enc) && exists(dec) && exists(cfgPath) {
		var cfg struct {
			Vocab int64 `json:"vocab_size"`
			Pad   int64 `json:"pad_token_id"`
			BOS   int64 `json:"decoder_start_token_id"`
			EOS   int64 `json:"eos_token_id"`
			D     int   `json:"d_model"`
			H     int   `json:"encoder_attention_heads"`
			L     int   `json:"encoder_layers"`
			DL    int   `json:"decoder_layers"`
		}
		b, err := os.ReadFile(cfgPath)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &cfg); err != nil {
			return nil, fmt.Errorf("%s: %w", cfgPath, err)
		}
		name := fmt.Sprintf("reference model %s (%d+%d layers, d_model %d, %d heads)", refDir, cfg.L, cfg.DL, cfg.D, cfg.H)
		return &models{Name: name, Single: single, Split: []string{enc, dec}, Dir: ref,
			Vocab: cfg.Vocab, Pad: cfg.Pad, BOS: cfg.BOS, EOS: cfg.EOS}, nil
	}
	fx := filepath.Join(root, "models", "fixtures")
	m := &models{
		Name:   "largest fixture (d_model 32, 4 heads, 2+2 layers; reference model not in " + refDir + " yet)",
		Single: filepath.Join(fx, "torch_transformer", "ts_opset17.onnx"),
		Split:  []string{filepath.Join(fx, "marian", "encoder_model.onnx"), filepath.Join(fx, "marian", "decoder_model.onnx"), filepath.Join(fx, "marian", "decoder_with_past_model.onnx")},
		Vocab:  128, Pad: 0, BOS: 1, EOS: 2,
		Fallback: true,
	}
	for _, p := range append([]string{m.Single}, m.Split...) {
		if !exists(p) {
			return nil, fmt.Errorf("no reference model in %s and no fixture %s", refDir, p)
		}
	}
	return m, nil
}

// build compiles the workers and the CLI into dir; a package that does not
// compile leaves an error for the rows that need it.
func (h *harness) build(dir string) {
	targets := map[string]string{
		"onnxprune":  "./cmd/onnxprune",
		"benchtrain": "./bench/cmd/benchtrain",
		"benchattr":  "./bench/cmd/benchattr",
		"benchinfer": "./bench/cmd/benchinfer",
		"gensynth":   "./bench/cmd/gensynth",
	}
	h.bins = map[string]string{}
	h.buildErr = map[string]string{}
	src := h.root
	if h.snapshot {
		// Build the last commit, not the working tree (which others may be
		// editing): a copy of HEAD's files in the work folder.
		snap := filepath.Join(filepath.Dir(dir), "src")
		os.RemoveAll(snap)
		if err := os.MkdirAll(snap, 0o755); err != nil {
			h.logf("snapshot: %v", err)
		}
		cmd := exec.Command("sh", "-c", "git archive --format=tar HEAD | tar -x -C \"$1\"", "sh", snap)
		cmd.Dir = h.root
		if b, err := cmd.CombinedOutput(); err != nil {
			for name := range targets {
				h.buildErr[name] = "git archive HEAD failed: " + truncate(strings.TrimSpace(string(b)), 120)
			}
			return
		}
		rev, _ := exec.Command("git", "-C", h.root, "rev-parse", "--short", "HEAD").Output()
		h.mach.Built = "commit " + strings.TrimSpace(string(rev)) + " (-snapshot)"
		src = snap
	}
	for _, name := range []string{"onnxprune", "gensynth", "benchtrain", "benchattr", "benchinfer"} {
		out := filepath.Join(dir, name)
		cmd := exec.Command(h.goCmd, "build", "-o", out, targets[name])
		cmd.Dir = src
		cmd.Env = h.env
		h.logf("+ go build -o %s %s", out, targets[name])
		if b, err := cmd.CombinedOutput(); err != nil {
			msg := strings.TrimSpace(string(b))
			lines := strings.Split(msg, "\n")
			if len(lines) > 1 && strings.HasPrefix(lines[0], "#") {
				msg = lines[1]
			} else {
				msg = lines[0]
			}
			h.buildErr[name] = fmt.Sprintf("%s does not build yet (%s)", targets[name], truncate(msg, 160))
			h.logf("  %s", h.buildErr[name])
			continue
		}
		h.bins[name] = out
	}
}

// pythonEnv finds or makes the Python environment of the peers: the shared
// project venv when it is ready, otherwise bench/.venv, created and filled
// from bench/requirements.txt. Packages the shared venv lacks (onnxsim) are
// installed, pinned, into bench/.pylib and put on PYTHONPATH.
func (h *harness) pythonEnv() {
	check := func(py string) bool {
		cmd := exec.Command(py, "-c", "import torch, onnx, onnxruntime, numpy")
		cmd.Env = h.env
		return cmd.Run() == nil
	}
	var py string
	switch {
	case h.python != "":
		py = h.python
	case exists("/opt/onnxprune-venv/.ready") && check("/opt/onnxprune-venv/bin/python"):
		py = "/opt/onnxprune-venv/bin/python"
	default:
		venv := filepath.Join(h.root, "bench", ".venv")
		py = filepath.Join(venv, "bin", "python")
		if !check(py) {
			h.logf("+ creating %s from bench/requirements.txt", venv)
			steps := [][]string{{"python3", "-m", "venv", venv}, {py, "-m", "pip", "install", "-q", "-r", filepath.Join(h.root, "bench", "requirements.txt")}}
			for _, s := range steps {
				cmd := exec.Command(s[0], s[1:]...)
				cmd.Env = h.env
				if b, err := cmd.CombinedOutput(); err != nil {
					h.pyErr = fmt.Sprintf("could not install the Python peers (%s: %s)", strings.Join(s[:2], " "), truncate(lastLine(string(b)), 160))
					return
				}
			}
		}
	}
	if !check(py) {
		h.pyErr = "Python " + py + " lacks torch/onnx/onnxruntime/numpy"
		return
	}
	h.py = py
	out, _ := exec.Command(py, "-c", "import torch, sys; print(torch.__version__, sys.version.split()[0])").Output()
	if f := strings.Fields(string(out)); len(f) == 2 {
		h.mach.Torch, h.mach.Python = f[0], f[1]
	}
	// onnxsim, pinned, beside the environment.
	pylib := filepath.Join(h.root, "bench", ".pylib")
	h.env = append(h.env, "PYTHONPATH="+pylib)
	probe := func() bool {
		cmd := exec.Command(py, "-c", "import onnxsim")
		cmd.Env = h.env
		return cmd.Run() == nil
	}
	if !probe() {
		h.logf("+ %s -m pip install --no-deps --target %s %s", py, pylib, onnxsimPin)
		cmd := exec.Command(py, "-m", "pip", "install", "-q", "--no-deps", "--target", pylib, onnxsimPin)
		cmd.Env = h.env
		if b, err := cmd.CombinedOutput(); err != nil {
			h.simErr = fmt.Sprintf("could not install %s (%s)", onnxsimPin, truncate(lastLine(string(b)), 160))
			return
		}
		if !probe() {
			h.simErr = onnxsimPin + " installed but does not import"
		}
	}
}

// onnxsimPin is the surgery peer's version (bench/requirements.txt pins
// the same).
const onnxsimPin = "onnxsim==0.8.1"
