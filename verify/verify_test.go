package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// pruneFixture cuts the heads of spec out of every file (as `onnxprune
// prune` does) and writes the results into a new folder under the same names.
func pruneFixture(t *testing.T, files []string, spec string) []string {
	t.Helper()
	dir := t.TempDir()
	type loaded struct {
		m      *onnxio.Model
		g      *graphedit.Graph
		blocks []*heads.Block
	}
	var ls []loaded
	var all []*heads.Block
	seen := map[string]bool{}
	for _, p := range files {
		m, err := onnxio.Load(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		g, err := graphedit.Load(m)
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := heads.FindHeads(g)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		ls = append(ls, loaded{m, g, blocks})
		for _, b := range blocks {
			if !seen[b.Name()] {
				seen[b.Name()] = true
				all = append(all, b)
			}
		}
	}
	sel, err := heads.ParseSpec(spec, all)
	if err != nil {
		t.Fatal(err)
	}
	dec := heads.RemoveDecision(all, sel)
	var out []string
	for i, l := range ls {
		fd := heads.Decision{}
		for _, b := range l.blocks {
			fd[b.Name()] = dec[b.Name()]
		}
		if _, err := heads.RemoveHeads(l.g, l.blocks, fd); err != nil {
			t.Fatalf("%s: %v", files[i], err)
		}
		l.g.Store(l.m)
		p := filepath.Join(dir, filepath.Base(files[i]))
		if err := l.m.Save(p, nil); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// writeLines writes n lines of random ids (3..127) to a file.
func writeLines(t *testing.T, dir, name string, seed int64, n int) string {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	var b strings.Builder
	for i := 0; i < n; i++ {
		k := 2 + r.Intn(8)
		for j := 0; j < k; j++ {
			if j > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, 3+r.Intn(125))
		}
		b.WriteByte('\n')
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const pruneSpec = "encoder:0:1,cross:1:*,decoder:0:2"

func baseConfig(t *testing.T, original, pruned []string) Config {
	dir := t.TempDir()
	return Config{
		Original: original, Pruned: pruned,
		Src:    writeLines(t, dir, "src.txt", 23, 10),
		Refs:   []string{writeLines(t, dir, "ref.txt", 29, 10)},
		SrcEOS: true,
		Model:  ModelOptions{Overrides: fixtureSpecials["marian"], Session: ortrun.Options{IntraOpThreads: 1}},
		Search: SearchOptions{Beam: 1, MaxLen: 12, Batch: 4},
		Bench:  BenchOptions{Batches: []int{1, 3}, Warmup: 1, Repeats: 2, StepPast: 4},
	}
}

// TestRunPruned: verification of a model with six heads cut out: the
// oracle passes with the right decision and fails with a wrong one; the
// pruned model is smaller, cheaper in FLOPs and differs in its logits.
func TestRunPruned(t *testing.T) {
	orig := fixtureLayouts("marian")[LayoutSplitPast]
	pruned := pruneFixture(t, orig, pruneSpec)
	cfg := baseConfig(t, orig, pruned)
	cfg.Decision = removeDecision(t, orig, pruneSpec)
	zero := 0.0
	cfg.MaxLogitDiff = &zero
	// Speed in 2 interleaved rounds of one timed run each, in this process:
	// original, pruned, then pruned, original.
	cfg.Bench.Rounds = 2
	var calls []string
	cfg.BenchRunner = func(ctx context.Context, job BenchJob) (*Bench, error) {
		name := "original"
		if job.Files[0] == pruned[0] {
			name = "pruned"
		}
		calls = append(calls, fmt.Sprintf("%s×%d", name, job.Bench.Repeats))
		return RunBenchJob(ctx, job)
	}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"original×1", "pruned×1", "pruned×1", "original×1"}; strings.Join(calls, " ") != strings.Join(want, " ") {
		t.Errorf("benchmark jobs %v, want %v", calls, want)
	}
	if r.Equivalence == nil || !r.Equivalence.Passed || r.Equivalence.MaxAbsDiff > DefaultEquivalenceTol ||
		!strings.Contains(r.Equivalence.Note, "cached step-by-step") {
		t.Fatalf("oracle: %+v", r.Equivalence)
	}
	if r.Logits == nil || !(r.Logits.Max > 0) || r.Logits.Positions == 0 {
		t.Errorf("logits of a pruned model should differ: %+v", r.Logits)
	}
	if len(r.Failures) != 1 || !strings.Contains(r.Failures[0], "max-logit-diff") || r.Passed {
		t.Errorf("failures %q passed %v, want the logit threshold missed", r.Failures, r.Passed)
	}
	o, p := r.Original, r.Pruned
	if !(p.Params.Total < o.Params.Total) || !(p.FileBytes < o.FileBytes) {
		t.Errorf("pruned params %d bytes %d, original %d %d", p.Params.Total, p.FileBytes, o.Params.Total, o.FileBytes)
	}
	if !(p.FLOPs.PerToken < o.FLOPs.PerToken) || !(p.FLOPs.Encoder.FLOPs < o.FLOPs.Encoder.FLOPs) || p.FLOPs.Shape != o.FLOPs.Shape {
		t.Errorf("FLOPs: original %+v, pruned %+v", o.FLOPs, p.FLOPs)
	}
	// The encoder lost one head of four in one layer of two: the projections
	// and attention of that head, 1/4 of a layer's attention work.
	S, d := int64(o.FLOPs.Shape.SrcLen), int64(fixD)
	perHead := (8*S*d*d + 4*S*S*d) / 4
	if got := o.FLOPs.Encoder.FLOPs - p.FLOPs.Encoder.FLOPs; got != perHead {
		t.Errorf("encoder FLOPs fell by %d, want one head's %d", got, perHead)
	}
	if len(r.Speedups) != 2 || r.Speedups[0].PerTokenBound <= 1 || r.Speedups[0].Batch != 1 || r.Speedups[1].Batch != 3 {
		t.Errorf("speedups %+v", r.Speedups)
	}
	// Heads of every kind were cut: every part gets a paired ratio with
	// its range.
	if r.DecoderUnchanged != "" || r.EncoderUnchanged != "" {
		t.Errorf("unchanged parts: encoder %q, decoder %q", r.EncoderUnchanged, r.DecoderUnchanged)
	}
	for _, s := range r.Speedups {
		if s.Rounds != 2 || !(s.StepPaired > 0) || !(s.EncoderPaired > 0) || !(s.TokensPaired > 0) || !(s.Step > 0) {
			t.Errorf("batch %d: speedup %+v, want paired ratios of 2 rounds", s.Batch, s)
		}
		for _, x := range []Ratio{s.EncoderSpeedup, s.StepSpeedup, s.TokensSpeedup} {
			if !(x.Low > 0 && x.Low <= x.Value && x.Value <= x.High) || x.Spread != "over 2 rounds" || x.Unchanged != "" {
				t.Errorf("batch %d: ratio %+v, want a paired ratio inside its range", s.Batch, x)
			}
		}
		if math.Abs(s.EncoderSpeedup.Value-s.EncoderPaired) > 1e-12 {
			t.Errorf("batch %d: encoder speedup %g, paired ratio %g", s.Batch, s.EncoderSpeedup.Value, s.EncoderPaired)
		}
	}
	for _, mr := range []ModelReport{o, p} {
		b := mr.Bench["cpu"]
		if b == nil || len(b.Batches) != 2 || b.Batches[0].Encoder == nil || b.Rounds != 2 || b.Repeats != 2 {
			t.Fatalf("bench %+v", b)
		}
		for _, bb := range b.Batches {
			for _, tm := range []Timing{*bb.Encoder, bb.Step, bb.Sentence} {
				if tm.Runs != 2 || len(tm.Times) != 2 || len(tm.RoundMedians) != 2 || !(tm.Min > 0) || tm.Min > tm.Median || tm.Median > tm.P90 {
					t.Errorf("batch %d: timing %+v, want 2 runs of 2 rounds", bb.Batch, tm)
				}
			}
			if !(bb.TokensPerSec > 0) || bb.Tokens == 0 {
				t.Errorf("batch %d: %d tokens, %g tokens/s", bb.Batch, bb.Tokens, bb.TokensPerSec)
			}
		}
	}
	md := Markdown(r)
	for _, want := range []string{"2 timed runs interleaved in 2 rounds", " over 2 rounds",
		"peak RSS not compared", "The pruned model and the gated original (original with 6 heads gated to 0 (encoder:0:1, decoder:0:2, cross:1:0, cross:1:1, cross:1:2, cross:1:3)) agree"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "| peak RSS |") {
		t.Errorf("report.md compares the peak RSS of models timed in one process:\n%s", md)
	}
	checkSpeedupChart(t, r)
	if o.Scores == nil || r.BLEUDrop == nil || *r.BLEUDrop != o.Scores.BLEU.Score-p.Scores.BLEU.Score {
		t.Errorf("scores %+v %+v drop %v", o.Scores, p.Scores, r.BLEUDrop)
	}
	if r.Identical != countSame(o.Hypotheses, p.Hypotheses) {
		t.Errorf("identical %d, hypotheses agree on %d", r.Identical, countSame(o.Hypotheses, p.Hypotheses))
	}

	// A wrong decision: the oracle must fail.
	cfg.Decision = removeDecision(t, orig, "encoder:0:0,cross:1:*,decoder:0:2")
	cfg.SkipBench, cfg.MaxLogitDiff = true, nil
	r, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Equivalence == nil || r.Equivalence.Passed || len(r.Failures) != 1 || !strings.Contains(r.Failures[0], "gated and pruned") {
		t.Errorf("wrong decision: equivalence %+v failures %q", r.Equivalence, r.Failures)
	}
}

// TestOracleMerged: the surgery oracle on a merged decoder (gates and cuts
// inside both If branches) passes for the right decision and fails for a
// wrong one, through the whole-prefix and the cached branch.
func TestOracleMerged(t *testing.T) {
	orig := fixtureLayouts("bart")[LayoutMerged]
	pruned := pruneFixture(t, orig, "decoder:1:*,cross:0:2,encoder:1:0")
	cfg := baseConfig(t, orig, pruned)
	cfg.Model.Overrides = fixtureSpecials["bart"]
	cfg.SkipBench = true
	for _, c := range []struct {
		spec string
		pass bool
	}{{"decoder:1:*,cross:0:2,encoder:1:0", true}, {"decoder:1:*,cross:0:1,encoder:1:0", false}} {
		cfg.Decision = removeDecision(t, orig, c.spec)
		r, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		e := r.Equivalence
		if e == nil || e.Passed != c.pass || !strings.Contains(e.Note, "cached") {
			t.Errorf("%s: equivalence %+v, want passed %v", c.spec, e, c.pass)
		}
	}
}

func countSame(a, b []string) int {
	n := 0
	for i := range a {
		if a[i] == b[i] {
			n++
		}
	}
	return n
}

// TestRunSameModel: a model against itself passes every threshold with
// identical translations and logits, and the reports are written whole.
func TestRunSameModel(t *testing.T) {
	files := fixtureLayouts("bart")[LayoutMerged]
	cfg := baseConfig(t, files, files)
	cfg.Model.Overrides = fixtureSpecials["bart"]
	cfg.Search.Beam = 2
	zero := 0.0
	cfg.MaxBLEUDrop, cfg.MaxLogitDiff = &zero, &zero
	cfg.Bench.Batches = []int{2}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Passed || r.Identical != r.Sentences || r.Logits.Max != 0 || *r.BLEUDrop != 0 || r.Stage != "done" {
		t.Errorf("self-comparison: passed %v identical %d/%d logits %g drop %g", r.Passed, r.Identical, r.Sentences, r.Logits.Max, *r.BLEUDrop)
	}
	out := t.TempDir()
	if err := WriteReports(out, r); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(out, ReportJSON))
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Original.Scores.BLEU.Score != r.Original.Scores.BLEU.Score || !back.Passed || back.Search.Beam != 2 {
		t.Errorf("verify.json round trip: %+v", back)
	}
	hyp, err := os.ReadFile(filepath.Join(out, PrunedHyp))
	if err != nil || strings.Count(string(hyp), "\n") != r.Sentences {
		t.Errorf("pruned.hyp: %d lines, err %v", strings.Count(string(hyp), "\n"), err)
	}
	html, err := os.ReadFile(filepath.Join(out, ReportHTML))
	if err != nil || !strings.Contains(string(html), "<svg") || !strings.Contains(string(html), "PASSED") {
		t.Errorf("report.html lacks the chart or status (err %v)", err)
	}
	// The same files on both sides: nothing changed, so no speedup at all.
	if !strings.Contains(r.EncoderUnchanged, "byte-identical") || !strings.Contains(r.DecoderUnchanged, "byte-identical") {
		t.Errorf("unchanged parts: encoder %q, decoder %q", r.EncoderUnchanged, r.DecoderUnchanged)
	}
	for _, s := range r.Speedups {
		for _, x := range []Ratio{s.EncoderSpeedup, s.StepSpeedup, s.TokensSpeedup} {
			if x.Unchanged == "" || x.Value != 0 || strings.Contains(x.String(), "×") {
				t.Errorf("batch %d: ratio %+v (%s) of an unchanged model", s.Batch, x, x)
			}
		}
	}
	if d := checkSpeedupChart(t, r); d.Count("unchanged: no speedup") != 3 || d.Elements["circle"] != 0 {
		t.Errorf("chart of an unchanged model: %d unchanged rows, %d dots", d.Count("unchanged: no speedup"), d.Elements["circle"])
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestRunInputErrors: bad inputs fail before any model runs, with one-line
// errors naming the file.
func TestRunInputErrors(t *testing.T) {
	files := fixtureLayouts("marian")[LayoutSplit]
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	short := writeLines(t, dir, "short.txt", 1, 3)
	notIDs := filepath.Join(dir, "words.txt")
	if err := os.WriteFile(notIDs, []byte("hello world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		edit func(c *Config)
		want string
	}{
		{"empty source", func(c *Config) { c.Src = empty }, "empty.txt is empty"},
		{"line counts", func(c *Config) { c.Refs = []string{short} }, "short.txt has 3 lines but source"},
		{"not ids", func(c *Config) { c.Src, c.Refs = notIDs, nil }, `words.txt:1: "hello" is not a token id`},
		{"unavailable provider", func(c *Config) { c.Providers = []ortrun.Provider{ortrun.CUDA} }, "cuda"},
		{"not a translation model", func(c *Config) {
			c.Pruned = []string{writeModel(t, dir, "img.onnx", []string{"pixel_values"}, "probs", nil)}
		}, "inputs [pixel_values]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := baseConfig(t, files, files)
			c.edit(&cfg)
			if c.name == "unavailable provider" && ortrun.ProviderError(ortrun.CUDA) == nil {
				t.Skip("this ONNX Runtime library has CUDA")
			}
			_, err := Run(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line containing %q", err, c.want)
			}
		})
	}
}

// TestRunCancelled: a cancelled context stops the run with a partial report
// marked interrupted and the context's error.
func TestRunCancelled(t *testing.T) {
	files := fixtureLayouts("marian")[LayoutSplitPast]
	cfg := baseConfig(t, files, files)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	cfg.Search.Batch = 1
	cfg.Search.Progress = func(done, total int) {
		calls++
		if done == 3 {
			cancel()
		}
	}
	r, err := Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if !r.Interrupted || r.Stage != "translate original" || r.Passed || calls != 3 {
		t.Errorf("report interrupted %v stage %q passed %v after %d batches", r.Interrupted, r.Stage, r.Passed, calls)
	}
	out := t.TempDir()
	if err := WriteReports(out, r); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(out, ReportMarkdown))
	if !strings.Contains(string(md), "INTERRUPTED during translate original") {
		t.Errorf("report.md does not say it is partial:\n%s", md)
	}
}
