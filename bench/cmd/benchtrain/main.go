// Command benchtrain times one gate-training step of onnxprune (the gated
// model's gradient graph on ONNX Runtime, driven by gatetrain.Trainer) on a
// fixed batch, or the plain forward pass of the model on that batch. It is a
// worker of `make bench` (bench/cmd/benchall), which runs it in its own
// process so that its peak RSS is its own, and reads the JSON it prints.
//
//	benchtrain -model m.onnx -batch batch.json -mode gates|joint|forward -threads 2
//	benchtrain -mode sgemm -threads 1      # ONNX Runtime's MatMul peak, GFLOPS
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
	"time"

	"onnxprune/bench/internal/batchfile"
	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/stats"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// result is what the worker prints.
type result struct {
	Mode      string    `json:"mode"`
	Model     string    `json:"model"`
	Tokens    int       `json:"tokens"`
	Rows      int       `json:"rows"`
	Heads     int       `json:"heads,omitempty"`
	Weights   int64     `json:"trained_weights,omitempty"`
	Runs      []float64 `json:"runs_s"`
	Median    float64   `json:"median_s"`
	TokPerSec float64   `json:"tokens_per_s"`
	BuildSec  float64   `json:"build_s"`
	// PerRun is the number of steps each timed run averages.
	PerRun int `json:"steps_per_run"`
	// WeightNames are the initializers trained in joint mode.
	WeightNames []string `json:"trained_weight_names,omitempty"`
	// Losses are the objectives of the first -losses steps (warm-up steps
	// first), to compare with a peer's.
	Losses []float64 `json:"first_losses,omitempty"`
	// StepSec is every step's time, warm-up steps first, and StepCPU its
	// CPU time (user + system of the process): the least of them is the
	// figure a loaded machine disturbs least.
	StepSec []float64 `json:"step_s,omitempty"`
	StepCPU []float64 `json:"step_cpu_s,omitempty"`
	// StepFLOPs counts the multiply-adds (×2) of the MatMul and Gemm nodes
	// of the run graph (training or forward) at the batch's shapes.
	StepFLOPs int64 `json:"step_flops,omitempty"`
	// RunFLOPs is the mean over the timed steps of the products each ran:
	// StepFLOPs less those of the If nodes a training step skipped because
	// every gate they lead to was clamped (gatetrain.UnclampedInput).
	RunFLOPs float64 `json:"run_flops_per_step,omitempty"`
	// HeapPerStep is the Go heap allocated per timed step (bytes).
	HeapPerStep float64 `json:"go_heap_bytes_per_step"`
	// CPUPerStep is the process's CPU time (user + system) per timed step:
	// on a shared machine it moves less with the load than wall time.
	CPUPerStep float64 `json:"cpu_s_per_step"`
	// GFLOPS and GFLOPSPerCPU are the sgemm mode's results, by wall time
	// and per CPU second.
	GFLOPS       float64 `json:"gflops,omitempty"`
	GFLOPSPerCPU float64 `json:"gflops_per_cpu_s,omitempty"`
}

// cpuSeconds is the process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// sessionFlags are the ONNX Runtime settings given by flags.
var sessionFlags ortrun.Options

// hyper are the training settings a peer has to share.
type hyper struct {
	initLogAlpha, lambda, weightLR float64
	losses                         int
	// states, when set, are the log α every step starts from in turn
	// (-log-alpha-states).
	states [][]float64
}

// logAlphaStates is the file -log-alpha-states reads: log α of every gate
// at points of a gate-training run (bench/peers/run_states.py writes it).
type logAlphaStates struct {
	Source string      `json:"source"`
	Steps  []int       `json:"steps"`
	States [][]float64 `json:"states"`
}

func readStates(path string) ([][]float64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f logAlphaStates
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(f.States) == 0 {
		return nil, fmt.Errorf("%s: no states", path)
	}
	return f.States, nil
}

func main() {
	model := flag.String("model", "", "single-graph translation model")
	batchPath := flag.String("batch", "", "batch file (bench/internal/batchfile JSON)")
	mode := flag.String("mode", "gates", "gates, joint (encoder weights + gates) or forward")
	threads := flag.Int("threads", 0, "ONNX Runtime intra-op threads (0: its default)")
	warmup := flag.Int("warmup", 2, "untimed runs first")
	repeats := flag.Int("repeats", 5, "timed runs")
	perRun := flag.Int("steps-per-run", 1, "steps (or forward passes) per timed run; a run's time is their mean")
	minRun := flag.Duration("min-run", 200*time.Millisecond, "raise steps per run until a run lasts about this long (judged from the last warm-up step)")
	def := gatetrain.DefaultConfig()
	var hp hyper
	flag.Float64Var(&hp.initLogAlpha, "init-log-alpha", def.InitLogAlpha, "starting log α of every gate")
	flag.Float64Var(&hp.lambda, "lambda", def.Lambda, "weight of the expected-L0 penalty (averaged over blocks)")
	flag.Float64Var(&hp.weightLR, "weight-lr", def.WeightLR, "learning rate of the encoder weights (joint mode)")
	flag.IntVar(&hp.losses, "losses", 0, "report the objective of the first N steps (warm-up steps included)")
	statesPath := flag.String("log-alpha-states", "", "JSON file of log α states of a training run: step i starts from state i (cyclically), so the gates are clamped as often as along that run")
	flag.BoolVar(&sessionFlags.NoCPUArena, "no-arena", false, "ONNX Runtime without its CPU arena")
	flag.BoolVar(&sessionFlags.NoPrepacking, "no-prepack", false, "ONNX Runtime without weight prepacking")
	flag.StringVar(&sessionFlags.ProfilePrefix, "ort-profile", "", "write ONNX Runtime's profile of the runs to files starting with this prefix")
	flag.BoolVar(&rssTrace, "rss-trace", false, "print the resident size after each stage and step to stderr")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run (pprof) to this file")
	sgemmN := flag.Int("sgemm-n", 2048, "matrix size of -mode sgemm")
	flag.Parse()
	if *mode == "sgemm" {
		gf, gfCPU, err := sgemm(*sgemmN, *threads, max(1, *repeats))
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchtrain:", err)
			os.Exit(1)
		}
		json.NewEncoder(os.Stdout).Encode(result{Mode: "sgemm", GFLOPS: gf, GFLOPSPerCPU: gfCPU, StepFLOPs: 2 * int64(*sgemmN) * int64(*sgemmN) * int64(*sgemmN)})
		return
	}
	if *statesPath != "" {
		var err error
		if hp.states, err = readStates(*statesPath); err != nil {
			fmt.Fprintln(os.Stderr, "benchtrain:", err)
			os.Exit(1)
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchtrain:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if err := run(*model, *batchPath, *mode, *threads, *warmup, *repeats, max(1, *perRun), *minRun, hp); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "benchtrain:", err)
		os.Exit(1)
	}
}

func run(model, batchPath, mode string, threads, warmup, repeats, perRun int, minRun time.Duration, hp hyper) error {
	bf, err := batchfile.Read(batchPath)
	if err != nil {
		return err
	}
	t0 := time.Now()
	m, err := onnxio.Load(model, nil)
	if err != nil {
		return err
	}
	defer m.Close()
	g, err := graphedit.Load(m)
	if err != nil {
		return fmt.Errorf("%s: %w", model, err)
	}
	rssNote("loaded")
	roles, err := gatetrain.DetectRoles(g, graphedit.IORoles{})
	if err != nil {
		return fmt.Errorf("%s: %w", model, err)
	}
	pairs := make([]gatetrain.Pair, len(bf.Src))
	for i := range bf.Src {
		pairs[i] = gatetrain.Pair{Src: bf.Src[i], Tgt: bf.Tgt[i], Line: i + 1}
	}
	sp := tokenize.Specials{Pad: bf.Pad, DecoderStart: bf.BOS, Eos: bf.EOS}
	batch := gatetrain.MakeBatch(pairs, sp)
	res := result{Mode: mode, Model: model, Tokens: batch.Tokens, Rows: batch.B}
	so := sessionFlags
	so.IntraOpThreads, so.InterOpThreads, so.Name = threads, 1, model

	var step func() error
	// stepRan is the products the last step ran.
	var stepRan func() int64
	switch mode {
	case "forward":
		sess, err := ortrun.NewSession(model, so)
		if err != nil {
			return err
		}
		defer sess.Close()
		feeds := map[string]*ortrun.Tensor{
			roles.Src:   ortrun.NewI64([]int64{int64(batch.B), int64(batch.S)}, batch.Src),
			roles.DecIn: ortrun.NewI64([]int64{int64(batch.B), int64(batch.T)}, batch.DecIn),
		}
		if roles.SrcMask != "" {
			feeds[roles.SrcMask] = ortrun.NewI64([]int64{int64(batch.B), int64(batch.S)}, batch.SrcMask)
		}
		dims := map[string][]int64{roles.Src: {int64(batch.B), int64(batch.S)}, roles.DecIn: {int64(batch.B), int64(batch.T)}}
		if roles.SrcMask != "" {
			dims[roles.SrcMask] = dims[roles.Src]
		}
		fl, err := matmulFLOPs(g, dims)
		if err != nil {
			return fmt.Errorf("%s: FLOPs: %w", model, err)
		}
		res.StepFLOPs = fl.full()
		stepRan = func() int64 { return fl.full() }
		step = func() error {
			_, err := sess.Run(feeds, []string{roles.Logits})
			return err
		}
	case "gates", "joint":
		// A model gated already (gate inputs present) is trained as it is,
		// as `onnxprune train` does.
		if _, err := gatetrain.FindGates(g, nil); err != nil {
			blocks, err := heads.FindHeads(g)
			if err != nil {
				return fmt.Errorf("%s: %w", model, err)
			}
			if _, err := heads.InsertGates(g, blocks, nil); err != nil {
				return fmt.Errorf("%s: %w", model, err)
			}
		}
		var weights []string
		if mode == "joint" {
			if _, err := gatetrain.UntieWeights(g, roles.DecIn); err != nil {
				return fmt.Errorf("%s: %w", model, err)
			}
			if weights, err = gatetrain.EncoderWeights(g, roles.DecIn); err != nil {
				return fmt.Errorf("%s: %w", model, err)
			}
			res.WeightNames = weights
		}
		// Read the weights' values before the gradient graph turns them
		// into overridable inputs.
		init, shapes, err := gatetrain.ReadWeights(g, weights)
		if err != nil {
			return err
		}
		tg, err := gatetrain.BuildTrainGraph(g, nil, roles, weights, 0)
		if err != nil {
			return fmt.Errorf("%s: %w", model, err)
		}
		for _, sh := range shapes {
			n := int64(1)
			for _, d := range sh {
				n *= d
			}
			res.Weights += n
		}
		dims := map[string][]int64{roles.Src: {int64(batch.B), int64(batch.S)}, roles.DecIn: {int64(batch.B), int64(batch.T)},
			gatetrain.LabelsInput: {int64(batch.B), int64(batch.T)}}
		if roles.SrcMask != "" {
			dims[roles.SrcMask] = dims[roles.Src]
		}
		fl, err := matmulFLOPs(tg.Graph, dims)
		if err != nil {
			return fmt.Errorf("%s: FLOPs: %w", model, err)
		}
		res.StepFLOPs = fl.full()
		rssNote("train graph")
		// As gatetrain.Run does: the session reads the training graph from
		// a file, and the graph and the model are let go.
		graphFile, err := os.CreateTemp("", "benchtrain-*.onnx")
		if err != nil {
			return err
		}
		graphFile.Close()
		defer os.Remove(graphFile.Name())
		if err := (&onnxio.Model{Proto: tg.Graph.ModelProto(m.Proto)}).Save(graphFile.Name(), nil); err != nil {
			return fmt.Errorf("%s: training graph: %w", model, err)
		}
		m.Close()
		m.Proto, g, tg.Graph = nil, nil, nil
		debug.FreeOSMemory()
		rssNote("saved")
		so.Name = model + " (training graph)"
		sess, err := ortrun.NewSession(graphFile.Name(), so)
		if err != nil {
			return err
		}
		defer sess.Close()
		corpus, err := gatetrain.NewCorpus(bf.Src, bf.Tgt, batchPath, batchPath)
		if err != nil {
			return err
		}
		cfg := gatetrain.DefaultConfig()
		cfg.Steps = math.MaxInt32 // the schedule's length; the loop below decides
		cfg.ValidEvery, cfg.CheckpointEvery = 0, 0
		cfg.InitLogAlpha, cfg.Lambda, cfg.WeightLR = hp.initLogAlpha, hp.lambda, hp.weightLR
		tr := &gatetrain.Trainer{Cfg: cfg, TG: tg, Run: sess, InitWeights: init,
			Train: &gatetrain.Batcher{Corpus: corpus, Specials: sp, MaxTokens: 1 << 30, Window: len(pairs), Seed: 1}}
		rssNote("session")
		if err := tr.Init(); err != nil {
			return err
		}
		res.Heads = tr.NumHeads()
		for i, st := range hp.states {
			if len(st) != len(tr.State.LogAlpha) {
				return fmt.Errorf("log α state %d has %d gates, the model %d", i, len(st), len(tr.State.LogAlpha))
			}
		}
		var lastUnclamped []bool
		stepRan = func() int64 { return fl.run(lastUnclamped) }
		steps := 0
		step = func() error {
			if len(hp.states) > 0 {
				copy(tr.State.LogAlpha, hp.states[steps%len(hp.states)])
			}
			steps++
			info, err := tr.Step()
			lastUnclamped = info.Unclamped
			if err == nil && info.Tokens != batch.Tokens {
				err = fmt.Errorf("step trained on %d tokens, batch has %d", info.Tokens, batch.Tokens)
			}
			if err == nil && len(res.Losses) < hp.losses {
				res.Losses = append(res.Losses, info.Loss)
			}
			return err
		}
	default:
		return fmt.Errorf("unknown mode %q", mode)
	}
	res.BuildSec = time.Since(t0).Seconds()
	// Warm-up steps, the last of which sizes the timed runs: short steps
	// are grouped so that a run is long enough to time on a busy machine.
	timed := step
	step = func() error {
		s, c := time.Now(), cpuSeconds()
		err := timed()
		res.StepSec = append(res.StepSec, time.Since(s).Seconds())
		res.StepCPU = append(res.StepCPU, cpuSeconds()-c)
		rssNote(fmt.Sprintf("step %d", len(res.StepSec)))
		return err
	}
	var last time.Duration
	for i := 0; i < max(1, warmup); i++ {
		s := time.Now()
		if err := step(); err != nil {
			return err
		}
		last = time.Since(s)
	}
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	cpu0 := cpuSeconds()
	if last > 0 && minRun > 0 {
		perRun = max(perRun, int(math.Ceil(float64(minRun)/float64(last))))
	}
	res.PerRun = perRun
	var ran int64
	for i := 0; i < repeats; i++ {
		s := time.Now()
		for k := 0; k < perRun; k++ {
			if err := step(); err != nil {
				return err
			}
			ran += stepRan()
		}
		res.Runs = append(res.Runs, time.Since(s).Seconds()/float64(perRun))
	}
	res.CPUPerStep = (cpuSeconds() - cpu0) / float64(repeats*perRun)
	res.RunFLOPs = float64(ran) / float64(repeats*perRun)
	runtime.ReadMemStats(&ms1)
	res.HeapPerStep = float64(ms1.TotalAlloc-ms0.TotalAlloc) / float64(repeats*perRun)
	res.Median = stats.Median(res.Runs)
	res.TokPerSec = float64(res.Tokens) / res.Median
	return json.NewEncoder(os.Stdout).Encode(res)
}
