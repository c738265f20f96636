// Command benchall is `make bench`: it measures every performance figure of
// onnxprune in one run, each beside what a user would use instead (a PyTorch
// peer, onnxsim, `cp`) or beside its physical or analytic limit, prints one
// table and writes bench/results.json.
//
// It imports nothing from onnxprune. It builds the workers (bench/cmd/...)
// and the CLI, and runs each measurement as a child process, so that a
// component that does not build yet turns into a "not available" row instead
// of a failed run, and so that each child's peak RSS (getrusage) is its own.
// Times are medians of -repeats runs after -warmup untimed ones.
//
//	go run ./bench/cmd/benchall [-threads 2] [-repeats 5] [-out bench/results.json]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"onnxprune/bench/internal/batchfile"
)

// harness holds the run's settings and what setup found.
type harness struct {
	root, work string
	goCmd      string
	env        []string
	threads    int
	warmup     int
	repeats    int
	python     string // -python
	snapshot   bool   // -snapshot
	py, pyErr  string // the interpreter in use, or why there is none
	simErr     string
	bins       map[string]string
	buildErr   map[string]string
	mach       machine
	models     *models
	batch      string
	rows       []Row
	start      time.Time
	// baseRounds is the number of interleaved rounds of the paper-size
	// rows (8.*).
	baseRounds int
	only       map[string]bool // -rows; empty: every row
}

// want reports whether -rows asks for any of the row ids.
func (h *harness) want(ids ...string) bool {
	if len(h.only) == 0 {
		return true
	}
	for _, id := range ids {
		if h.only[id] {
			return true
		}
	}
	return false
}

func (h *harness) logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "[%5.0fs] %s\n", time.Since(h.start).Seconds(), fmt.Sprintf(format, args...))
}

// results is bench/results.json.
type results struct {
	Date    string  `json:"date"`
	Machine machine `json:"machine"`
	Model   string  `json:"model"`
	Warmup  int     `json:"warmup"`
	Repeats int     `json:"repeats"`
	Seconds float64 `json:"seconds"`
	Rows    []Row   `json:"rows"`
}

func main() {
	h := &harness{start: time.Now()}
	out := flag.String("out", "bench/results.json", "results file")
	flag.StringVar(&h.work, "work", "bench/.work", "folder for built workers, the synthetic model and outputs (git-ignored)")
	flag.IntVar(&h.threads, "threads", runtime.NumCPU(), "threads for ONNX Runtime and PyTorch")
	flag.IntVar(&h.warmup, "warmup", 2, "untimed runs before each measurement")
	flag.IntVar(&h.repeats, "repeats", 5, "timed runs per measurement (medians)")
	flag.StringVar(&h.python, "python", "", "Python interpreter of the peers (default: /opt/onnxprune-venv, else bench/.venv made from bench/requirements.txt)")
	refDir := flag.String("reference", "models/reference", "folder of the reference model (model.onnx, encoder_model.onnx, decoder_model.onnx, config.json)")
	flag.BoolVar(&h.snapshot, "snapshot", false, "build onnxprune and the workers from the last commit (git archive HEAD), not the working tree")
	flag.IntVar(&h.baseRounds, "base-rounds", 2, "interleaved rounds of the Transformer-base rows 8.* (each runs 8 children of about 30 s of CPU)")
	skipSurgery := flag.Bool("skip-surgery", false, "leave out the Transformer-big surgery rows (they write about 2 GB)")
	rowList := flag.String("rows", "", "comma list of row ids to measure, e.g. 1,2 (default: all; 1 and 2 include 1t1 and 2t1)")
	flag.Parse()
	h.only = map[string]bool{}
	for _, id := range strings.Split(*rowList, ",") {
		if id = strings.TrimSpace(id); id != "" {
			h.only[id] = true
		}
	}
	for _, id := range []string{"1", "2"} {
		if h.only[id] {
			h.only[id+"t1"] = true
		}
	}
	if h.repeats < 5 {
		fmt.Fprintln(os.Stderr, "benchall: -repeats must be at least 5 (medians of five or more runs)")
		os.Exit(2)
	}
	if err := h.main(*out, *refDir, *skipSurgery); err != nil {
		fmt.Fprintln(os.Stderr, "benchall:", err)
		os.Exit(1)
	}
}

func (h *harness) main(out, refDir string, skipSurgery bool) error {
	var err error
	if h.root, err = os.Getwd(); err != nil {
		return err
	}
	if !exists(filepath.Join(h.root, "go.mod")) {
		return fmt.Errorf("run from the repository root (no go.mod in %s)", h.root)
	}
	if !filepath.IsAbs(h.work) {
		h.work = filepath.Join(h.root, h.work)
	}
	if err := os.MkdirAll(filepath.Join(h.work, "bin"), 0o755); err != nil {
		return err
	}
	h.goCmd = "go"
	if g := os.Getenv("GO"); g != "" {
		h.goCmd = g
	}
	h.env = os.Environ()
	lib := os.Getenv("ONNXPRUNE_ORT_LIB")
	if lib == "" {
		lib = filepath.Join(h.root, ".ort", "lib", "libonnxruntime.so.1")
		h.env = append(h.env, "ONNXPRUNE_ORT_LIB="+lib)
	}
	// One thread count for everyone: ONNX Runtime through -threads, PyTorch
	// through torch.set_num_threads in the peers and the usual variables.
	h.env = append(h.env, fmt.Sprintf("OMP_NUM_THREADS=%d", h.threads), fmt.Sprintf("MKL_NUM_THREADS=%d", h.threads))
	h.mach = machine{CPU: cpuModel(), Cores: runtime.NumCPU(), Threads: h.threads, GoVer: runtime.Version(), ORT: lib, Load: loadAvg(), Built: "working tree"}

	h.build(filepath.Join(h.work, "bin"))
	h.pythonEnv()
	if h.models, err = pickModels(h.root, refDir); err != nil {
		return err
	}
	h.logf("model: %s", h.models.Name)
	bf, err := batchfile.Make(16, 24, 24, h.models.Vocab, h.models.Pad, h.models.BOS, h.models.EOS, 1)
	if err != nil {
		return err
	}
	h.batch = filepath.Join(h.work, "batch.json")
	if err := bf.Write(h.batch); err != nil {
		return err
	}

	if h.want("1", "1t1", "1b", "2", "2t1", "6") {
		h.trainRows()
	}
	if h.want("3") {
		h.attrRows()
	}
	if h.want("4.1.enc", "4.1.step", "4.1.greedy", "4.32.enc", "4.32.step", "4.32.greedy", "4") {
		h.inferRows()
	}
	if !skipSurgery && h.want("5", "5b") {
		h.surgeryRows()
	}
	if h.want("7", "7b") {
		h.peerSurgeryRows()
	}
	if h.want("8") {
		h.baseRows()
	}

	res := results{Date: time.Now().UTC().Format(time.RFC3339), Machine: h.mach, Model: h.models.Name,
		Warmup: h.warmup, Repeats: h.repeats, Seconds: time.Since(h.start).Seconds(), Rows: h.rows}
	h.printTable(os.Stdout, &res)
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	if !filepath.IsAbs(out) {
		out = filepath.Join(h.root, out)
	}
	tmp := out + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	fmt.Printf("\nwrote %s (%.0f s)\n", strings.TrimPrefix(out, h.root+"/"), res.Seconds)
	return nil
}

// bin returns a built worker or why there is none.
func (h *harness) bin(name string) (string, string) {
	if p, ok := h.bins[name]; ok {
		return p, ""
	}
	return "", h.buildErr[name]
}
