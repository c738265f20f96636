// Command benchattr times onnxprune's head attribution of one sentence (the
// analysis graph of package attribution: gates at 1, plain gradients of the
// loss and LRP relevance of the top-1 logits, one ONNX Runtime run) against a
// plain forward pass of the model on the same sentence. It is a worker of
// `make bench` (bench/cmd/benchall), which reads the JSON it prints.
//
//	benchattr -model m.onnx -batch batch.json -threads 2
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"onnxprune/attribution"
	"onnxprune/bench/internal/batchfile"
	"onnxprune/graphedit"
	"onnxprune/internal/stats"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

type result struct {
	Model     string `json:"model"`
	Sentences int    `json:"sentences"`
	Heads     int    `json:"heads"`
	// ForwardMS and AttributionMS are medians over repeats of the time for
	// all sentences, divided by the number of sentences.
	ForwardMS     float64   `json:"forward_ms_per_sentence"`
	AttributionMS float64   `json:"attribution_ms_per_sentence"`
	ForwardRuns   []float64 `json:"forward_runs_s"`
	AttrRuns      []float64 `json:"attribution_runs_s"`
}

func main() {
	model := flag.String("model", "", "single-graph translation model")
	batchPath := flag.String("batch", "", "batch file (its sentences are analysed one by one)")
	sentences := flag.Int("sentences", 8, "sentences of the batch to analyse")
	threads := flag.Int("threads", 0, "ONNX Runtime intra-op threads (0: its default)")
	warmup := flag.Int("warmup", 1, "untimed passes over the sentences first")
	repeats := flag.Int("repeats", 5, "timed passes over the sentences")
	flag.Parse()
	if err := run(*model, *batchPath, *sentences, *threads, *warmup, *repeats); err != nil {
		fmt.Fprintln(os.Stderr, "benchattr:", err)
		os.Exit(1)
	}
}

func run(model, batchPath string, n, threads, warmup, repeats int) error {
	bf, err := batchfile.Read(batchPath)
	if err != nil {
		return err
	}
	n = min(n, len(bf.Src))
	m, err := onnxio.Load(model, nil)
	if err != nil {
		return err
	}
	defer m.Close()
	g, err := graphedit.Load(m)
	if err != nil {
		return fmt.Errorf("%s: %w", model, err)
	}
	names, err := attribution.DetectNames(g, graphedit.IORoles{})
	if err != nil {
		return fmt.Errorf("%s: %w", model, err)
	}
	so := ortrun.Options{IntraOpThreads: threads, InterOpThreads: 1, Name: model}
	fwd, err := ortrun.NewSession(model, so)
	if err != nil {
		return err
	}
	defer fwd.Close()
	an, err := attribution.New(g, m, names, so, attribution.Options{})
	if err != nil {
		return fmt.Errorf("%s: %w", model, err)
	}
	defer an.Close()
	res := result{Model: model, Sentences: n}
	for _, b := range an.Graph.Blocks {
		res.Heads += b.Heads
	}
	exs := make([]attribution.Example, n)
	feeds := make([]map[string]*ortrun.Tensor, n)
	for i := 0; i < n; i++ {
		src := append(append([]int64(nil), bf.Src[i]...), bf.EOS)
		dec := append([]int64{bf.BOS}, bf.Tgt[i]...)
		lab := append(append([]int64(nil), bf.Tgt[i]...), bf.EOS)
		exs[i] = attribution.Example{Src: src, DecIn: dec, Labels: lab}
		feeds[i] = map[string]*ortrun.Tensor{
			names.Src:   ortrun.NewI64([]int64{1, int64(len(src))}, src),
			names.DecIn: ortrun.NewI64([]int64{1, int64(len(dec))}, dec),
		}
		if names.SrcMask != "" {
			mask := make([]int64, len(src))
			for j := range mask {
				mask[j] = 1
			}
			feeds[i][names.SrcMask] = ortrun.NewI64([]int64{1, int64(len(src))}, mask)
		}
	}
	for r := 0; r < warmup+repeats; r++ {
		t0 := time.Now()
		for i := 0; i < n; i++ {
			if _, err := fwd.Run(feeds[i], []string{names.Logits}); err != nil {
				return err
			}
		}
		t1 := time.Now()
		for i := 0; i < n; i++ {
			if _, err := an.Run(exs[i]); err != nil {
				return fmt.Errorf("%s: sentence %d: %w", model, i, err)
			}
		}
		t2 := time.Now()
		if r >= warmup {
			res.ForwardRuns = append(res.ForwardRuns, t1.Sub(t0).Seconds())
			res.AttrRuns = append(res.AttrRuns, t2.Sub(t1).Seconds())
		}
	}
	res.ForwardMS = stats.Median(res.ForwardRuns) * 1000 / float64(n)
	res.AttributionMS = stats.Median(res.AttrRuns) * 1000 / float64(n)
	return json.NewEncoder(os.Stdout).Encode(res)
}
