package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
	"onnxprune/internal/svgcheck"
)

// sampleResults is the results.json of a SMOKE=1 run of results.sh on an
// export of the reference model at training step 6,799 (20 test verses, 3
// steps of gate training): real outputs of every step, in miniature.
const sampleResults = "testdata/results.json"

func loadSample(t *testing.T) *Results {
	t.Helper()
	var r Results
	if err := safefile.ReadJSON(sampleResults, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// mustContain fails unless s holds every line of want, each as a whole line.
func mustContain(t *testing.T, what, s string, want ...string) {
	t.Helper()
	lines := map[string]bool{}
	for _, l := range strings.Split(s, "\n") {
		lines[l] = true
	}
	for _, w := range want {
		if !lines[w] {
			t.Errorf("%s lacks the line\n%s\ngot:\n%s", what, w, s)
		}
	}
}

func TestRenderTablesAndPValues(t *testing.T) {
	r := loadSample(t)
	b := renderBlocks(r)
	mustContain(t, "dense", b[blockDense],
		"| 25.36 | 25.13 ± 6.06 | 50.60 | 50.52 ± 5.36 | 1.6929 | 20,961,112 |",
		"The same model scored by `models/reference/evaluate.py --backend onnx` (Python, ONNX Runtime, its own greedy loop; `test_scores.json`) on 1,029 test verses: BLEU 25.45, chrF 48.27 (`BLEU = 25.45 58.1/32.0/19.0/11.9 (BP = 1.000 ratio = 1.043 hyp_len = 28488 ref_len = 27301)`).")
	// BLEU and chrF differences from the dense model with the p-values of
	// bs/vs-dense.json (sacreBLEU's own --paired-bs gives random-10
	// p = 0.0210 and 0.0060 on these files); a run whose translations all
	// equal the dense model's says so instead of quoting a p-value.
	mustContain(t, "gates", b[blockGates],
		"| 10 | target-heads 10 | 17.61 | −7.76 (p = 0.014*) | 41.96 | −8.65 (p = 0.002*) | 0/20 | 1.9004 (+12.3%) | 2.3086 → 2.4396 | 19,692,241 |",
		"| 48 | l0-lambda 0.05 | 25.36 | identical | 50.60 | identical | 20/20 | 1.6929 (+0.0%) | 2.3086 → 2.3086 | 20,961,112 |",
		"- target-heads 4 (4): encoder:1:4, encoder:2:3, encoder:3:0, encoder:4:4")
	mustContain(t, "ranking", b[blockRanking],
		"| 10 | 23.19, −2.17 (p = 0.133) | 19.27, −6.09 (p = 0.037*) | 22.46, −2.90 (p = 0.080) | 19.13, −6.23 (p = 0.021*) | 17.61, −7.76 (p = 0.014*) |",
		"| 0 | 18.66, −6.70 (p = 0.004*) (all removed; every method) | | | | |",
		// against gate training at the same budget (bs/vs-gt-t10.json)
		"| 10 | +5.58 (p = 0.008*) | +1.67 (p = 0.135) | +4.86 (p = 0.029*) | +1.52 (p = 0.158) | 17.61 |",
		// against the random choice (bs/vs-random-10.json)
		"| 10 | +4.06 (p = 0.045*) | +0.15 (p = 0.411) | +3.33 (p = 0.085) | 19.13 |",
		"| 4 | 1.8466 (+9.1%) | 1.8642 (+10.1%) | 1.8688 (+10.4%) | 1.9182 (+13.3%) | 1.9686 (+16.3%) |",
		"Best dev loss at each budget: 10 heads: LRP relevance; 4 heads: LRP relevance.")
	mustContain(t, "no-encoder", b[blockNoEncoder],
		"Removing all 48 encoder self-attention heads: test BLEU 25.36 → 18.66, −6.70 (p = 0.004*), significant at p ≤ 0.05 (95% intervals 25.13 ± 6.06 and 18.40 ± 4.65); chrF 50.60 → 44.15, −6.46 (p = 0.006*); dev loss 1.6929 → 1.9800 (+17.0%); 0 of 20 translations unchanged.")
	mustContain(t, "all-kinds", b[blockAllKinds],
		"| target-heads 24 | 13/48 | 4/24 | 7/24 | 4.26 | −21.10 (p ≤ 0.001*) | 21.72 | −28.89 (p ≤ 0.001*) | 3.4569 (+104.2%) | 2.3086 → 3.6456 | 18,577,245 |",
		"| target-heads 24 | decoder | 0 of 24 | – | – | 4 |")
	// a decision that keeps every head has nothing to compare
	mustContain(t, "agreement", b[blockAgreement],
		"| target-heads 10 | 10 of 48 | 28.3 / 23.5 | 0.400 | 0.450 |",
		"| l0-lambda 0.05 | 48 of 48 | – | – | – |")
	mustContain(t, "roles", b[blockRoles],
		"| positional | ≥ 90% of tokens' maximum weight on one relative position | encoder:2:2, 20.8% (offset -1) | decoder:1:0, 33.6% (offset -1) |")
	mustContain(t, "speed", b[blockSpeed],
		"| gt-t10 (encoder 10/48) | 1 | 1.32 (0.67–1.98) n.s. | 1.40 | unchanged | 1.00 | 0.52 (0.42–0.63) | 1.01 |")
	mustContain(t, "claims", b[blockClaims],
		"| gate training prunes 48 → 10 encoder heads for −0.15 BLEU (WMT en→ru) | 48 → 10 heads: BLEU −7.76 (p = 0.014*), chrF −8.65 (p = 0.002*), dev loss 1.9004 (+12.3%) |",
		"| trained gates choose better heads than rankings of the dense model | gate training has the lowest dev loss at 0 of 2 budgets (none); BLEU differences from gate training with p ≤ 0.05: 6 of 8: LRP relevance at 10 (+5.58), confidence at 10 (+4.86), LRP relevance at 4 (+5.03), Michel importance at 4 (+3.95), confidence at 4 (+3.67), random at 4 (+3.10) |",
		"| the heads the gates keep are the ones LRP finds most relevant | P(a kept head is more relevant than a removed one) 0.398–0.400 over 2 encoder runs (0.5: no relation) |")
	if !strings.Contains(b[blockSettings], "**SMOKE RUN") {
		t.Errorf("the settings block of a SMOKE run does not say so:\n%s", b[blockSettings])
	}
	for _, want := range []string{"test BLEU and chrF on 20 test verses", "dev loss (teacher-forced cross-entropy per target token, `onnxprune loss`) on the first 10 dev verses", "rankings from 20 dev verses",
		"roles on 20 UD EWT dev sentences", "1,000 resamples, seed 12345"} {
		if !strings.Contains(b[blockSettings], want) {
			t.Errorf("the settings block lacks %q:\n%s", want, b[blockSettings])
		}
	}
}

func TestPText(t *testing.T) {
	for _, c := range []struct {
		p    float64
		n    int
		want string
	}{
		{0.5, 1000, "p = 0.500"},
		{0.05, 1000, "p = 0.050*"},
		{0.0509, 1000, "p = 0.051"},
		{1.0 / 1001, 1000, "p ≤ 0.001*"},
		{1.0 / 101, 100, "p ≤ 0.010*"},
	} {
		if got := pText(c.p, c.n); got != c.want {
			t.Errorf("pText(%g, %d) = %q, want %q", c.p, c.n, got, c.want)
		}
	}
}

func TestFillBlocks(t *testing.T) {
	blocks := map[string]string{"a": "new A\n", "b": "new B\n"}
	const ok = "intro\n<!-- results:a -->\nold A\n<!-- /results:a -->\nprose\n<!-- results:b -->\n<!-- /results:b -->\nend\n"
	got, err := fillBlocks(ok, blocks)
	if err != nil {
		t.Fatal(err)
	}
	if want := "intro\n<!-- results:a -->\nnew A\n<!-- /results:a -->\nprose\n<!-- results:b -->\nnew B\n<!-- /results:b -->\nend\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// filling again changes nothing: a rerun is idempotent
	if again, err := fillBlocks(got, blocks); err != nil || again != got {
		t.Errorf("second fill: %v\n%s", err, again)
	}
	for name, c := range map[string]struct{ md, err string }{
		"missing":    {"<!-- results:a -->\n<!-- /results:a -->\n", `block "b" appears 0 times`},
		"twice":      {ok + "<!-- results:b -->\n<!-- /results:b -->\n", `block "b" appears 2 times`},
		"unknown":    {ok + "<!-- results:c -->\n<!-- /results:c -->\n", `unknown block "c"`},
		"mismatched": {"<!-- results:a -->\n<!-- /results:b -->\n<!-- results:b -->\n<!-- /results:b -->\n", `block "a" ends with the marker of "b"`},
	} {
		if _, err := fillBlocks(c.md, blocks); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one containing %q", name, err, c.err)
		}
	}
}

// TestRESULTSMDHasEveryBlock checks that the repository's RESULTS.md can be
// regenerated: it holds every block's markers once.
func TestRESULTSMDHasEveryBlock(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("..", "..", "..", "RESULTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := fillBlocks(string(md), renderBlocks(loadSample(t)))
	if err != nil {
		t.Fatalf("RESULTS.md: %v", err)
	}
	if !strings.Contains(out, "!["+"Test BLEU vs encoder heads kept") || !strings.Contains(out, ChartFile) {
		t.Errorf("the regenerated RESULTS.md does not show the chart %s", ChartFile)
	}
}

func TestBLEUChart(t *testing.T) {
	r := loadSample(t)
	svg := bleuChart(r)
	doc, err := svgcheck.Parse([]byte(svg))
	if err != nil {
		t.Fatal(err)
	}
	if out := doc.Outside(); len(out) > 0 {
		t.Errorf("text outside the chart: %v", out)
	}
	// one line per method: gate training by budget and the four rankings
	if got := doc.Elements["polyline"]; got != 5 {
		t.Errorf("%d lines, want 5", got)
	}
	for _, label := range []string{"gate training, budget", "gate training, λ", "LRP relevance", "Michel importance", "confidence", "random", "dense (48) and none (0)"} {
		if !doc.Has(label) {
			t.Errorf("no legend entry %q", label)
		}
	}
	// every point has its interval in a tooltip: 2 budgets × 5 lines, one
	// λ run, the dense model and the one without encoder self-attention
	if got := len(doc.Titles); got != 13 {
		t.Errorf("%d points with tooltips, want 13", got)
	}
	want := "random, 10 heads: BLEU 19.13 (95%: 14.43–23.26), −6.23 (p = 0.021*) vs dense"
	found := false
	for _, title := range doc.Titles {
		found = found || title == want
	}
	if !found {
		t.Errorf("no point titled %q in %q", want, doc.Titles)
	}
}

func TestClosing(t *testing.T) {
	keep := func(name, kind string, k bool) heads.GateRecord {
		return heads.GateRecord{Name: name, Kind: kind, Keep: k}
	}
	g := &gatesfile.File{
		Heads: []heads.GateRecord{
			keep("cross:0:0", "cross", true), keep("cross:0:1", "cross", true),
			keep("encoder:0:0", "encoder", false), keep("encoder:0:1", "encoder", false), keep("encoder:0:2", "encoder", true),
			keep("decoder:0:0", "decoder", false),
		},
		ClosingOrder: []gatesfile.Event{
			{Step: 5, Head: "encoder:0:1"}, {Step: 9, Head: "encoder:0:0"},
			{Step: 12, Head: "encoder:0:1", Open: true}, {Step: 20, Head: "encoder:0:1"},
			{Step: 30, Head: "decoder:0:0"}, {Step: 40, Head: "encoder:0:2"}, {Step: 41, Head: "encoder:0:2", Open: true},
		},
	}
	kinds, cl, kept, err := closing(g)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(kinds, ",") != "encoder,decoder,cross" {
		t.Errorf("kinds %v, want data-flow order", kinds)
	}
	if strings.Join(kept, ",") != "cross:0:0,cross:0:1,encoder:0:2" {
		t.Errorf("kept %v", kept)
	}
	want := []KindClosing{
		{Kind: "encoder", Heads: 3, Closed: 3, Kept: 1, FirstStep: 5, MedianStep: 9},
		{Kind: "decoder", Heads: 1, Closed: 1, Kept: 0, FirstStep: 30, MedianStep: 30},
		{Kind: "cross", Heads: 2, Closed: 0, Kept: 2},
	}
	for i := range want {
		if cl[i] != want[i] {
			t.Errorf("closing[%d] = %+v, want %+v", i, cl[i], want[i])
		}
	}
	if got := closingOrder(GateRun{Closing: cl}); got != "encoder (step 5), decoder (step 30), cross (none closed)" {
		t.Errorf("closing order %q", got)
	}
	g.Heads = append(g.Heads, keep("x:0:0", "attention", true))
	if _, _, _, err := closing(g); err == nil {
		t.Error("a head of an unknown kind was accepted")
	}
}

func TestKeepHeads(t *testing.T) {
	const an = "../../../docs/results/ewt-roles/heads.json"
	rep, err := readReport(an)
	if err != nil {
		t.Fatal(err)
	}
	relevance := map[string]float64{}
	for _, h := range rep.Heads {
		relevance[h.Name] = h.Relevance
	}
	top, err := keepHeads(an, byRelevance, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(top) != 10 {
		t.Fatalf("%d heads, want 10", len(top))
	}
	lowest := relevance[top[9]]
	for i, name := range top {
		if !strings.HasPrefix(name, "encoder:") || (i > 0 && relevance[name] > relevance[top[i-1]]) {
			t.Errorf("head %d %s (relevance %g) out of order in %v", i, name, relevance[name], top)
		}
	}
	for _, h := range rep.Heads {
		if h.Kind == heads.KindEncoder && h.Relevance > lowest && !strings.Contains(","+joinNames(top)+",", ","+h.Name+",") {
			t.Errorf("%s (relevance %g) beats the 10th kept head but is not kept", h.Name, h.Relevance)
		}
	}
	a, _ := keepHeads(an, byRandom, 6, 1)
	b, _ := keepHeads(an, byRandom, 6, 1)
	c, _ := keepHeads(an, byRandom, 6, 2)
	if joinNames(a) != joinNames(b) || joinNames(a) == joinNames(c) {
		t.Errorf("random choice not reproducible by seed: %v, %v, seed 2: %v", a, b, c)
	}
	for _, bad := range []struct {
		by string
		n  int
	}{{byRelevance, 0}, {byRelevance, 49}, {"gates", 4}} {
		if _, err := keepHeads(an, bad.by, bad.n, 1); err == nil {
			t.Errorf("--by %s --n %d accepted", bad.by, bad.n)
		}
	}
}

// TestRecordModel: model.json records the files' sizes and checksums and a
// gate run's dense mismatches; --expect accepts the same files and names a
// changed one.
func TestRecordModel(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "model")
	if err := os.Mkdir(model, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(model, "encoder_model.onnx"), "enc")
	write(filepath.Join(model, "decoder_model.onnx"), "decoder")
	write(filepath.Join(dir, "dense.hyp"), "a\nb\nc\n")
	write(filepath.Join(dir, "original.hyp"), "a\nB\nc\n")
	out := filepath.Join(dir, "model.json")
	if err := run([]string{"record", "--model", model, "--dense", filepath.Join(dir, "dense.hyp"), "--original", filepath.Join(dir, "original.hyp"), "-o", out}, nil, nil); err != nil {
		t.Fatal(err)
	}
	mf, err := readModelFacts(out)
	if err != nil {
		t.Fatal(err)
	}
	if mf.FileBytes != 10 || len(mf.Files) != 2 || mf.DenseMismatch == nil || *mf.DenseMismatch != 1 ||
		mf.Files[0] != (FileFacts{Name: "encoder_model.onnx", Bytes: 3, SHA256: "5fb2ab76ed9bda034b192c48c7069359252fccda168d925acc0ae7d316c0b53e"}) {
		t.Errorf("model.json %+v", mf)
	}
	if err := run([]string{"record", "--model", model, "--expect", out}, nil, nil); err != nil {
		t.Errorf("the same files: %v", err)
	}
	write(filepath.Join(model, "decoder_model.onnx"), "decodeR")
	err = run([]string{"record", "--model", model, "--expect", out}, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "decoder_model.onnx differs") {
		t.Errorf("a changed decoder: %v", err)
	}
}

// smokeCache is the cache folder of a SMOKE=1 run of results.sh on the
// committed reference model (20 test verses, 3 steps of gate training),
// less the files collect does not read (the roles' heatmaps and summary).
// Its paired tests name hypothesis files where that run kept them: collect
// finds them by system name in the cache instead.
const smokeCache = "testdata/smoke-cache"

// TestCollectSmokeCache collects a real cache into results.json and renders
// RESULTS.md's blocks from it.
func TestCollectSmokeCache(t *testing.T) {
	r, err := collect(smokeCache)
	if err != nil {
		t.Fatal(err)
	}
	if r.TestSentences != 20 || r.LossSentences != 20 || r.AnalysisSentences != 20 || r.Roles.Sentences != 20 {
		t.Errorf("sentences: test %d, loss %d, analysis %d, roles %d; want 20 each", r.TestSentences, r.LossSentences, r.AnalysisSentences, r.Roles.Sentences)
	}
	if len(r.Gates) != 3 || len(r.AllKinds) != 2 || len(r.Rankings) != 8 || len(r.Speed) != 3 || len(r.Agreement) != 5 {
		t.Fatalf("%d gate runs, %d all-kinds runs, %d rankings, %d speed runs, %d agreements; want 3, 2, 8, 3, 5",
			len(r.Gates), len(r.AllKinds), len(r.Rankings), len(r.Speed), len(r.Agreement))
	}
	// figures from gt-t10's loss.json, model.json and the paired test
	g := r.Gates[0]
	if g.Name != "gt-t10" || g.Kept["encoder"] != 10 || math.Abs(g.BLEU.Score-17.17) > 0.005 || math.Abs(g.DevLoss-3.0379) > 5e-5 ||
		g.FileBytes != 19703276 || g.DenseMismatch != 0 || g.Steps != 3 || g.VsDense == nil || math.Abs(g.VsDense.BLEU-0.2488) > 5e-5 {
		t.Errorf("gt-t10: %+v", g)
	}
	if d := r.Dense; math.Abs(d.DevLoss-3.0084) > 5e-5 || d.FileBytes != 20961108 || d.Total["encoder"] != 48 || d.Total["cross"] != 24 {
		t.Errorf("dense: %+v", d)
	}
	ne := r.NoEncoder
	if math.Abs(ne.BLEU.Score-15.02) > 0.005 || ne.VsDense == nil || math.Abs(ne.VsDense.BLEU-0.0659) > 5e-5 || ne.Kept["encoder"] != 0 || ne.FileBytes != 19306703 {
		t.Errorf("none-0: %+v", ne)
	}
	for _, rk := range r.Rankings {
		if rk.Name == "random-10" && (rk.VsGates == nil || rk.VsGates.Against != "gt-t10" || rk.VsGates.Identical != 3 || rk.VsRandom != nil) {
			t.Errorf("random-10: %+v", rk)
		}
	}
	md, err := os.ReadFile(filepath.Join("..", "..", "..", "RESULTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fillBlocks(string(md), renderBlocks(r)); err != nil {
		t.Errorf("render: %v", err)
	}
}

// TestCollectNamesMissingFile: a cache missing an experiment's file is an
// error naming it.
func TestCollectNamesMissingFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	if err := os.CopyFS(dir, os.DirFS(smokeCache)); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "rank", "importance-4", "model.json")
	if err := os.Remove(missing); err != nil {
		t.Fatal(err)
	}
	if _, err := collect(dir); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("error %v, want one naming %s", err, missing)
	}
}

// structuresCache builds TestCollectStructures's cache and returns its
// folder.
// mustRead returns the contents of path, failing the test when it cannot
// be read.
func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func structuresCache(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cache")
	if err := os.CopyFS(dir, os.DirFS(smokeCache)); err != nil {
		t.Fatal(err)
	}
	p := func(parts ...string) string { return filepath.Join(append([]string{dir}, parts...)...) }
	settings := mustRead(t, p("settings.env"))
	settings = append(settings, "structures_budgets=50\nstructures=heads,ffn,sublayers\nstructures_lagrange_lr=0.1\nstructures_speed_flags=--bench-batch 1 --repeats 2 --rounds 2\n"...)
	vs := mustRead(t, p("bs", "vs-dense.json"))
	var gates map[string]any
	if err := safefile.ReadJSON(p("all-t24", gatesFile), &gates); err != nil {
		t.Fatal(err)
	}
	gates["budget"] = map[string]any{"what": "FLOPs/token", "dense": 6.137e6, "target": 3.0685e6, "kept": 3.05e6}
	gates["ffn"] = []map[string]any{{"name": "ffn:encoder:0:0-63", "keep": true}, {"name": "ffn:encoder:0:64-511", "keep": false}, {"name": "ffn:decoder:2:7", "keep": true}}
	gates["sublayers"] = []map[string]any{{"name": "sublayer:decoder:0:attn", "keep": false}, {"name": "sublayer:decoder:0:ffn", "keep": true}}
	for _, step := range []func() error{
		func() error { return os.WriteFile(p("settings.env"), settings, 0o644) },
		func() error {
			renamed := strings.NewReplacer(`"all-t24"`, `"st-f50"`, `"all-l0.05"`, `"st-f50-ft"`).Replace(string(vs))
			return os.WriteFile(p("bs", "vs-dense.json"), []byte(renamed), 0o644)
		},
		func() error { return os.Rename(p("all-t24"), p("st-f50")) },
		func() error { return os.Rename(p("speed", "all-t24"), p("speed", "st-f50")) },
		func() error {
			data, err := json.Marshal(gates)
			if err != nil {
				return err
			}
			return os.WriteFile(p("st-f50", gatesFile), data, 0o644)
		},
		func() error {
			data, err := json.Marshal(gates)
			if err != nil {
				return err
			}
			return os.WriteFile(p("all-l0.05", gatesFile), data, 0o644)
		},
		func() error { return os.Remove(p("all-l0.05", "summary.json")) },
		func() error {
			return os.WriteFile(p("all-l0.05", "verify.json"), []byte(`{"equivalence": {"gated": "trained", "max_abs_diff": 3.5e-06, "tolerance": 0.0001, "passed": true}}`), 0o644)
		},
		func() error { return os.Rename(p("all-l0.05"), p("st-f50-ft")) },
		func() error { return os.CopyFS(p("speed", "st-f50-ft"), os.DirFS(p("speed", "st-f50"))) },
		func() error { return os.MkdirAll(p("hd-f50"), 0o755) },
		func() error {
			return os.WriteFile(p("hd-f50", unreachableFile), []byte("onnxprune run: train: the FLOPs/token target 3.068e+06 is out of reach: closing every gated unit leaves 4.407e+06 of 6.137e+06 (gate more structures)\n"), 0o644)
		},
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCollectStructures: collect --structures reads a FLOP-budget run, a
// refused one and a fine-tuned one, and render --structures fills the
// structures block alone. The cache is the smoke cache's dense model and
// its all-t24 run, renamed st-f50, with a FLOP budget and FFN and sublayer
// records added to its gates.json (the removed sublayer:decoder:0:attn
// takes 2 of the 24 kept heads with it), hd-f50 refused with onnxprune's
// message, and its all-l0.05 run as st-f50-ft (no summary.json: a
// verify.json of the equivalence check instead), with the same budget and
// st-f50's speed run.
func TestCollectStructures(t *testing.T) {
	dir := structuresCache(t)
	p := func(parts ...string) string { return filepath.Join(append([]string{dir}, parts...)...) }
	if err := collectStructures(dir); err != nil {
		t.Fatal(err)
	}
	var r Results
	if err := safefile.ReadJSON(p("structures.json"), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Structures) != 3 {
		t.Fatalf("%d budget runs, want st-f50, hd-f50 and st-f50-ft", len(r.Structures))
	}
	st, hd, ft := r.Structures[0], r.Structures[1], r.Structures[2]
	if st.Name != "st-f50" || st.System == nil || st.System.VsDense == nil || st.Kept["neurons"] != 65 || st.Total["neurons"] != 513 ||
		st.Kept["sublayers"] != 1 || st.Total["sublayers"] != 2 || st.Kept["heads"] != 22 || st.Params != 3446592 || st.DenseParams != 4039872 ||
		st.KeptFLOPs != 3.05e6 || st.Speed == nil {
		t.Errorf("st-f50: %+v", st)
	}
	if hd.Name != "hd-f50" || hd.System != nil || math.Abs(hd.FloorPercent-71.81) > 0.01 {
		t.Errorf("hd-f50: %+v", hd)
	}
	if ft.Name != "st-f50-ft" || ft.TrainWeights != "all" || ft.System == nil || ft.System.VsDense == nil || ft.System.BLEU.Score == st.System.BLEU.Score ||
		ft.Kept["neurons"] != 65 || ft.Steps != 3 || ft.EquivalenceMaxDiff == nil || *ft.EquivalenceMaxDiff != 3.5e-6 || ft.Speed == nil {
		t.Errorf("st-f50-ft: %+v", ft)
	}
	md, err := os.ReadFile(filepath.Join("..", "..", "..", "RESULTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	tmpl := filepath.Join(t.TempDir(), "RESULTS.md")
	out := filepath.Join(t.TempDir(), "out.md")
	if err := os.WriteFile(tmpl, md, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := renderStructures(p("structures.json"), tmpl, out); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	block := structuresBlock(&r)
	mustContain(t, "structures", block,
		"| heads | 50% | out of reach: closing every one leaves 71.8% of the FLOPs | – | – | – | – | – | – | – |",
		"| heads, ffn, sublayers, weights fine-tuned (`--train-weights all`) | 50% | 22/96 heads, 65/513 neurons, 1/2 sublayers | 17.44, identical | 35.12, identical | "+
			"3.0084 (+0.0%) | 3,446,592 (85.3%) | 3.05 M (49.7%) | 0.60 (0.48–0.72), bound 1.26 | – |",
		"st-f50-ft: `onnxprune train` with the same flags and `--train-weights all`, then `prune --gates` of the trained encoder and decoder files; "+
			"its translations and dev loss decode without the key/value cache (train does not rewrite decoder_with_past_model.onnx), and its speed is "+
			"the dense files cut by the same gates (the same shapes) with the cache. "+
			"The largest |gated − pruned| logit difference of the fine-tuned files on the 5 speed verses (verify's check) is 3.5e-06.")
	if !strings.Contains(string(got), "<!-- results:structures -->\n"+block+"<!-- /results:structures -->") {
		t.Errorf("the rendered file lacks the structures block:\n%s", block)
	}
	// the other blocks stay as the template has them
	if i := strings.Index(string(md), "<!-- results:structures -->"); i < 0 || string(got)[:i] != string(md)[:i] {
		t.Errorf("render --structures changed the text before the structures block")
	}
}

// TestCollectStructuresTwoBudgets: with structures_budgets "50 80" and
// structures_ft_budgets "50", collect --structures reads st-f80 and hd-f80
// (here the smoke cache's gt-t10 and gt-t4 runs, given an 80% FLOP
// budget) after the 50% runs, heads alone trained at 80% where they could
// not reach 50%, and no fine-tuned run at 80%; a fine-tuned model with a
// decoder with past is said to decode with the cache.
func TestCollectStructuresTwoBudgets(t *testing.T) {
	dir := structuresCache(t)
	p := func(parts ...string) string { return filepath.Join(append([]string{dir}, parts...)...) }
	settings := mustRead(t, p("settings.env"))
	settings = []byte(strings.Replace(string(settings), "structures_budgets=50\n", "structures_budgets=50 80\nstructures_ft_budgets=50\n", 1))
	vs := mustRead(t, p("bs", "vs-dense.json"))
	budget := map[string]any{"what": "FLOPs/token", "dense": 6.137e6, "target": 4.9096e6, "kept": 4.9e6}
	var ft ModelFacts
	if err := safefile.ReadJSON(p("st-f50-ft", modelFile), &ft); err != nil {
		t.Fatal(err)
	}
	ft.Files = append(ft.Files, FileFacts{Name: cacheFile, Bytes: 1, SHA256: "00"})
	for _, step := range []func() error{
		func() error { return os.WriteFile(p("settings.env"), settings, 0o644) },
		func() error {
			renamed := strings.NewReplacer(`"gt-t10"`, `"st-f80"`, `"gt-t4"`, `"hd-f80"`).Replace(string(vs))
			return os.WriteFile(p("bs", "vs-dense.json"), []byte(renamed), 0o644)
		},
		func() error { return os.Rename(p("gt-t10"), p("st-f80")) },
		func() error { return os.Rename(p("gt-t4"), p("hd-f80")) },
		func() error { return os.CopyFS(p("speed", "st-f80"), os.DirFS(p("speed", "st-f50"))) },
		func() error { return os.CopyFS(p("speed", "hd-f80"), os.DirFS(p("speed", "st-f50"))) },
		func() error {
			data, err := json.Marshal(ft)
			if err != nil {
				return err
			}
			return os.WriteFile(p("st-f50-ft", modelFile), data, 0o644)
		},
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"st-f80", "hd-f80"} {
		var gates map[string]any
		if err := safefile.ReadJSON(p(name, gatesFile), &gates); err != nil {
			t.Fatal(err)
		}
		gates["budget"] = budget
		data, err := json.Marshal(gates)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p(name, gatesFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := collectStructures(dir); err != nil {
		t.Fatal(err)
	}
	var r Results
	if err := safefile.ReadJSON(p("structures.json"), &r); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range r.Structures {
		names = append(names, s.Name)
	}
	if got, want := strings.Join(names, " "), "st-f50 hd-f50 st-f50-ft st-f80 hd-f80"; got != want {
		t.Fatalf("budget runs %s, want %s", got, want)
	}
	hd := r.Structures[4]
	if hd.Unreachable != "" || hd.System == nil || hd.Structures != "heads" || hd.Percent != 80 || hd.Speed == nil || hd.Total["heads"] == 0 {
		t.Errorf("hd-f80: %+v", hd)
	}
	block := structuresBlock(&r)
	mustContain(t, "structures", block,
		"| heads, ffn, sublayers | 80% | 10/48 heads | 17.17, −0.27 (p = 0.249) | 33.89, −1.23 (p = 0.106) | 3.0379 (+1.0%) | 3,446,592 (85.3%) | 4.90 M (79.8%) | 0.60 (0.48–0.72), bound 1.26 | – |",
		"| heads | 80% | 4/48 heads | 15.83, −1.61 (p = 0.104) | 32.79, −2.33 (p = 0.067) | 3.0603 (+1.7%) | 3,446,592 (85.3%) | 4.90 M (79.8%) | 0.60 (0.48–0.72), bound 1.26 | – |",
		"st-f50-ft: `onnxprune train` with the same flags and `--train-weights all`, then `prune --gates` of the trained files "+
			"(encoder, decoder, and decoder with past, which train writes with the decoder's trained weights); its translations and dev loss decode with the key/value cache, "+
			"and its speed is that of the dense files cut by the same gates (the same shapes). "+
			"The largest |gated − pruned| logit difference of the fine-tuned files on the 5 speed verses (verify's check) is 3.5e-06.")

	// a speed run that timed the fine-tuned files says so, and the block
	// with it; any other word in timed.txt is refused, naming the file
	timed := p("speed", "st-f50-ft", timedFile)
	if err := os.WriteFile(timed, []byte(timedFineTuned+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := collectStructures(dir); err != nil {
		t.Fatal(err)
	}
	if err := safefile.ReadJSON(p("structures.json"), &r); err != nil {
		t.Fatal(err)
	}
	if got := r.Structures[2].Timed; got != timedFineTuned {
		t.Errorf("st-f50-ft timed %q, want %q", got, timedFineTuned)
	}
	if block := structuresBlock(&r); !strings.Contains(block, "and its speed is that of these pruned fine-tuned files. ") {
		t.Errorf("the structures block does not say st-f50-ft timed its own files:\n%s", block)
	}
	if err := os.WriteFile(timed, []byte("dense\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := collectStructures(dir); err == nil || !strings.Contains(err.Error(), timed) {
		t.Errorf("a bogus timed.txt: error %v, want one naming %s", err, timed)
	}
}

// TestCollectStructuresTimeBudget: with structures_time_budgets "50:65",
// collect --structures reads st-f50-t65 after the FLOP-budget runs (here a
// copy of st-f50 whose gates.json lists a FLOP and a time budget), with its
// time budget, renders its row's budget as FLOPs and time and says what the
// time model priced the decision at; a st-f50-t65 without a time budget is
// refused, naming its gates.json.
func TestCollectStructuresTimeBudget(t *testing.T) {
	dir := structuresCache(t)
	p := func(parts ...string) string { return filepath.Join(append([]string{dir}, parts...)...) }
	settings := mustRead(t, p("settings.env"))
	settings = append(settings, "structures_time_budgets=50:65\n"...)
	vs := mustRead(t, p("bs", "vs-dense.json"))
	var bs map[string]any
	if err := json.Unmarshal(vs, &bs); err != nil {
		t.Fatal(err)
	}
	systems := bs["systems"].([]any)
	for _, s := range systems {
		if s.(map[string]any)["name"] == "st-f50" {
			c := map[string]any{}
			for k, v := range s.(map[string]any) {
				c[k] = v
			}
			c["name"] = "st-f50-t65"
			systems = append(systems, c)
			break
		}
	}
	bs["systems"] = systems
	vs, err := json.Marshal(bs)
	if err != nil {
		t.Fatal(err)
	}
	var gates map[string]any
	if err := safefile.ReadJSON(p("st-f50", gatesFile), &gates); err != nil {
		t.Fatal(err)
	}
	flops := gates["budget"]
	timeBudget := map[string]any{"what": "ms/token at batch 1", "dense": 0.5664, "target": 0.36816, "kept": 0.3679}
	writeGates := func(budgets ...any) error {
		gates["budgets"] = budgets
		data, err := json.Marshal(gates)
		if err != nil {
			return err
		}
		return os.WriteFile(p("st-f50-t65", gatesFile), data, 0o644)
	}
	for _, step := range []func() error{
		func() error { return os.WriteFile(p("settings.env"), settings, 0o644) },
		func() error { return os.WriteFile(p("bs", "vs-dense.json"), vs, 0o644) },
		func() error { return os.CopyFS(p("st-f50-t65"), os.DirFS(p("st-f50"))) },
		func() error { return os.CopyFS(p("speed", "st-f50-t65"), os.DirFS(p("speed", "st-f50"))) },
		func() error { return writeGates(flops, timeBudget) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if err := collectStructures(dir); err != nil {
		t.Fatal(err)
	}
	var r Results
	if err := safefile.ReadJSON(p("structures.json"), &r); err != nil {
		t.Fatal(err)
	}
	last := r.Structures[len(r.Structures)-1]
	if last.Name != "st-f50-t65" || last.Percent != 50 || last.TimePercent != 65 || last.TimeWhat != "ms/token at batch 1" ||
		last.DenseMs != 0.5664 || last.KeptMs != 0.3679 || last.System == nil || last.Speed == nil {
		t.Fatalf("last budget run %+v", last)
	}
	block := structuresBlock(&r)
	mustContain(t, "structures", block,
		"| heads, ffn, sublayers | 50% FLOPs, 65% time | 22/96 heads, 65/513 neurons, 1/2 sublayers | 3.89, −13.56 (p ≤ 0.001*) | 17.08, −18.04 (p ≤ 0.001*) | 3.8576 (+28.2%) | 3,446,592 (85.3%) | 3.05 M (49.7%) | 0.60 (0.48–0.72), bound 1.26 | – |",
		"st-f50-t65: `--target-flops 50% --target-time 65%`, the time budget in ms/token at batch 1, each unit priced by the time model measured before training "+
			"(the dense model and two copies cut in memory, docs/train.md): dense 0.566 ms, the decision 0.368 ms (65.0%, asking for ×1.54).")
	if err := writeGates(flops); err != nil {
		t.Fatal(err)
	}
	if err := collectStructures(dir); err == nil || !strings.Contains(err.Error(), p("st-f50-t65", gatesFile)) {
		t.Errorf("st-f50-t65 without a time budget: error %v, want one naming its gates.json", err)
	}
}
