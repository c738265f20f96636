package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"onnxprune/attribution"
	"onnxprune/gatesfile"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
	"onnxprune/internal/stats"
	"onnxprune/pipeline"
	"onnxprune/verify"
	"onnxprune/verify/score"
)

// collectFolder gathers the cached results of results.sh in out into
// out/results.json.
func collectFolder(out string) error {
	res, err := collect(out)
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	return safefile.WriteFileAtomic(filepath.Join(out, "results.json"), append(data, '\n'))
}

// collector reads one results.sh cache folder: per experiment its own
// folder of small files (test.hyp, loss.json, model.json; summary.json and
// gates.json of a gate run), the analyses' heads.json, the speed runs'
// verify.json and the paired bootstrap tests in bs/.
type collector struct {
	out      string
	settings map[string]string
	// dense holds the dense model's test translations (dense/test.hyp).
	dense []string
	// scores maps a system's name to its paired bootstrap results
	// against the dense model.
	scores map[string]pairedScores
	// total counts the model's heads per kind.
	total map[string]int
	// lossSentences is the number of dev verses of every dev loss.
	lossSentences int
}

// pairedScores are one system's results in a paired bootstrap test.
type pairedScores struct {
	bleu, chrf score.BootstrapResult
}

// pairedDoc is the part of `onnxprune score --paired-bs --json` read here.
type pairedDoc struct {
	Segments   int               `json:"segments"`
	Resamples  int               `json:"resamples"`
	Seed       uint64            `json:"seed"`
	Signatures map[string]string `json:"signatures"`
	Systems    []struct {
		Name     string                           `json:"name"`
		Baseline bool                             `json:"baseline"`
		Scores   map[string]score.BootstrapResult `json:"scores"`
	} `json:"systems"`
}

// readPaired reads a paired bootstrap test: the systems' results by name,
// the baseline's name first in order.
func readPaired(path string) (*pairedDoc, map[string]pairedScores, error) {
	var doc pairedDoc
	if err := safefile.ReadJSON(path, &doc); err != nil {
		return nil, nil, err
	}
	if len(doc.Systems) == 0 || !doc.Systems[0].Baseline {
		return nil, nil, fmt.Errorf("%s: no baseline system", path)
	}
	byName := map[string]pairedScores{}
	for _, s := range doc.Systems {
		var ps pairedScores
		var okB, okC bool
		for name, r := range s.Scores {
			switch {
			case name == "BLEU":
				ps.bleu, okB = r, true
			case strings.HasPrefix(name, "chrF"):
				ps.chrf, okC = r, true
			}
		}
		if !okB || !okC {
			return nil, nil, fmt.Errorf("%s: system %s lacks BLEU or chrF", path, s.Name)
		}
		if !s.Baseline && (ps.bleu.PValue == nil || ps.chrf.PValue == nil) {
			return nil, nil, fmt.Errorf("%s: system %s has no p-value", path, s.Name)
		}
		byName[s.Name] = ps
	}
	return &doc, byName, nil
}

// collect reads every output of results.sh in out.
func collect(out string) (*Results, error) {
	c := &collector{out: out}
	var err error
	if c.settings, err = readSettings(filepath.Join(out, "settings.env")); err != nil {
		return nil, err
	}
	res := &Results{Settings: c.settings}
	if err := c.denseAndBootstrap(res); err != nil {
		return nil, err
	}
	an, err := readReport(c.path("an-dev", "heads.json"))
	if err != nil {
		return nil, err
	}
	res.AnalysisSentences = an.Examples
	c.total = map[string]int{}
	for _, h := range an.Heads {
		c.total[string(h.Kind)]++
	}
	if res.Dense, err = c.denseSystem(); err != nil {
		return nil, err
	}
	ev := filepath.Join(c.settings["model"], "test_scores.json")
	if _, err := os.Stat(ev); err == nil {
		res.Evaluate = &Evaluate{}
		if err := safefile.ReadJSON(ev, res.Evaluate); err != nil {
			return nil, err
		}
	}
	for _, set := range []struct {
		dst     *[]GateRun
		budgets string
		lambdas string
		prefix  string
	}{{&res.Gates, "budgets", "lambdas", "gt"}, {&res.AllKinds, "all_budgets", "all_lambdas", "all"}} {
		var names []string
		for _, n := range strings.Fields(c.settings[set.budgets]) {
			names = append(names, set.prefix+"-t"+n)
		}
		for _, l := range strings.Fields(c.settings[set.lambdas]) {
			names = append(names, set.prefix+"-l"+l)
		}
		for _, name := range names {
			g, err := c.gateRun(name)
			if err != nil {
				return nil, err
			}
			*set.dst = append(*set.dst, *g)
		}
	}
	if err := c.rankings(res); err != nil {
		return nil, err
	}
	if res.NoEncoder, err = c.system("none-0", c.sysDir("none-0")); err != nil {
		return nil, err
	}
	res.NoEncoder.Kept = withCounts(c.total, map[string]int{string(heads.KindEncoder): 0})
	res.NoEncoder.KeptHeads = []string{}
	for _, g := range append(slices.Clone(res.Gates), res.AllKinds...) {
		a, err := c.agreement(g)
		if err != nil {
			return nil, err
		}
		res.Agreement = append(res.Agreement, *a)
	}
	if res.Roles, err = c.roles(); err != nil {
		return nil, err
	}
	if res.Speed, err = c.speed(res); err != nil {
		return nil, err
	}
	if res.Structures, err = c.budgetRuns(); err != nil {
		return nil, err
	}
	if res.Timings, err = readTimings(c.path("timings.tsv")); err != nil {
		return nil, err
	}
	res.LossSentences = c.lossSentences
	return res, nil
}

// denseAndBootstrap reads the dense model's translations and the paired
// bootstrap test against it (bs/vs-dense.json).
func (c *collector) denseAndBootstrap(res *Results) error {
	var err error
	if c.dense, err = score.ReadLines(c.path("dense", hypFile)); err != nil {
		return err
	}
	res.TestSentences = len(c.dense)
	doc, scores, err := readPaired(c.path("bs", "vs-dense.json"))
	if err != nil {
		return err
	}
	if doc.Systems[0].Name != "dense" {
		return fmt.Errorf("%s: the baseline is %s, not dense", c.path("bs", "vs-dense.json"), doc.Systems[0].Name)
	}
	c.scores = scores
	res.Bootstrap = Bootstrap{Resamples: doc.Resamples, Seed: doc.Seed, Signatures: doc.Signatures}
	return nil
}

func (c *collector) path(parts ...string) string {
	return filepath.Join(append([]string{c.out}, parts...)...)
}

// sysDir returns the cache folder of the system called name: dense and
// the gate runs (gt-*, all-*, st-*, hd-*) at the top, the prunings by a ranking and
// none-0 in rank/. The paired tests name their systems so; their paths
// are not used, so that the cache can move.
func (c *collector) sysDir(name string) string {
	if name == "dense" || strings.HasPrefix(name, "gt-") || strings.HasPrefix(name, "all-") ||
		strings.HasPrefix(name, "st-") || strings.HasPrefix(name, "hd-") {
		return c.path(name)
	}
	return c.path("rank", name)
}

// hypOf returns the test translations of the system called name.
func (c *collector) hypOf(name string) string { return filepath.Join(c.sysDir(name), hypFile) }

// readSettings reads results.sh's settings.env: KEY=VALUE lines.
func readSettings(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("%s:%d: not KEY=VALUE", path, i+1)
		}
		m[k] = v
	}
	for _, k := range []string{"model", "budgets", "lambdas", "all_budgets", "all_lambdas", "methods", "roles_run", "speed_runs", "random_seed"} {
		if _, ok := m[k]; !ok {
			return nil, fmt.Errorf("%s: no %s", path, k)
		}
	}
	return m, nil
}

// readTimings reads timings.tsv (step, seconds); a step run twice keeps
// its last time, in the order of first appearance.
func readTimings(path string) ([]Timing, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ts []Timing
	at := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		name, secs, ok := strings.Cut(sc.Text(), "\t")
		v, err := strconv.ParseFloat(secs, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("%s:%d: not STEP<TAB>SECONDS", path, n)
		}
		if i, seen := at[name]; seen {
			ts[i].Seconds = v
			continue
		}
		at[name] = len(ts)
		ts = append(ts, Timing{Step: name, Seconds: v})
	}
	return ts, sc.Err()
}

// Files of an experiment's cache folder.
const (
	// hypFile holds the test translations.
	hypFile = "test.hyp"
	// lossFile is onnxprune loss --json on the dev verses.
	lossFile = "loss.json"
	// modelFile is resultsgen record's ModelFacts.
	modelFile = "model.json"
	// gatesFile is a gate run's gates.json.
	gatesFile = "gates.json"
)

// lossDoc is the part of `onnxprune loss --json` read here.
type lossDoc struct {
	Sentences int     `json:"sentences"`
	Tokens    int     `json:"tokens"`
	Loss      float64 `json:"loss"`
}

// system reads the scores, dev loss and size of the system called name
// from its cache folder dir.
func (c *collector) system(name, dir string) (System, error) {
	s := System{Name: name}
	ps, ok := c.scores[name]
	if !ok {
		return s, fmt.Errorf("%s: no system %s", c.path("bs", "vs-dense.json"), name)
	}
	s.BLEU, s.ChrF = metric(ps.bleu), metric(ps.chrf)
	if name != "dense" {
		same, err := identical(c.dense, c.hypOf(name))
		if err != nil {
			return s, err
		}
		s.VsDense = &PValues{Against: "dense", BLEU: *ps.bleu.PValue, ChrF: *ps.chrf.PValue, Identical: same}
	}
	var loss lossDoc
	lossPath := filepath.Join(dir, lossFile)
	if err := safefile.ReadJSON(lossPath, &loss); err != nil {
		return s, err
	}
	s.DevLoss = loss.Loss
	if c.lossSentences == 0 {
		c.lossSentences = loss.Sentences
	} else if loss.Sentences != c.lossSentences {
		return s, fmt.Errorf("%s: dev loss over %d sentences, the others over %d", lossPath, loss.Sentences, c.lossSentences)
	}
	s.Total = c.total
	mf, err := readModelFacts(filepath.Join(dir, modelFile))
	if err != nil {
		return s, err
	}
	s.FileBytes = mf.FileBytes
	return s, nil
}

// readModelFacts reads an experiment's model.json.
func readModelFacts(path string) (*ModelFacts, error) {
	var mf ModelFacts
	if err := safefile.ReadJSON(path, &mf); err != nil {
		return nil, err
	}
	if len(mf.Files) == 0 || mf.FileBytes <= 0 {
		return nil, fmt.Errorf("%s: no model files", path)
	}
	return &mf, nil
}

func metric(r score.BootstrapResult) Metric { return Metric{Score: r.Score, Mean: r.Mean, CI: r.CI} }

// identical counts the lines of the hypothesis file at path equal to ref's.
func identical(ref []string, path string) (int, error) {
	lines, err := score.ReadLines(path)
	if err != nil {
		return 0, err
	}
	if len(lines) != len(ref) {
		return 0, fmt.Errorf("%s: %d lines, the dense model's translations have %d", path, len(lines), len(ref))
	}
	n := 0
	for i := range lines {
		if lines[i] == ref[i] {
			n++
		}
	}
	return n, nil
}

// withCounts returns a copy of base with over's entries set.
func withCounts(base, over map[string]int) map[string]int {
	m := map[string]int{}
	for k, v := range base {
		m[k] = v
	}
	for k, v := range over {
		m[k] = v
	}
	return m
}

func (c *collector) denseSystem() (System, error) {
	s, err := c.system("dense", c.sysDir("dense"))
	s.Kept = s.Total
	return s, err
}

// gateRun reads one gate training's cache folder (the summary.json and
// gates.json of its onnxprune run).
func (c *collector) gateRun(name string) (*GateRun, error) {
	dir := c.sysDir(name)
	var sum pipeline.Summary
	if err := safefile.ReadJSON(filepath.Join(dir, pipeline.SummaryJSON), &sum); err != nil {
		return nil, err
	}
	if len(sum.Failures) > 0 {
		return nil, fmt.Errorf("%s: the run failed: %s", filepath.Join(dir, pipeline.SummaryJSON), strings.Join(sum.Failures, "; "))
	}
	gates, err := gatesfile.Read(filepath.Join(dir, gatesFile))
	if err != nil {
		return nil, err
	}
	s, err := c.system(name, dir)
	if err != nil {
		return nil, err
	}
	mf, err := readModelFacts(filepath.Join(dir, modelFile))
	if err != nil {
		return nil, err
	}
	if mf.DenseMismatch == nil {
		return nil, fmt.Errorf("%s: no dense_mismatch (a gate run records it)", filepath.Join(dir, modelFile))
	}
	g := &GateRun{System: s, Target: gates.Target, Lambda: gates.Lambda, EquivalenceMaxDiff: sum.EquivalenceMaxDiff}
	g.Kept, g.Total = sum.HeadsKept, sum.HeadsTotal
	if sum.Train != nil {
		g.Steps, g.ValLossDense, g.ValLossGated = sum.Train.Steps, sum.Train.DenseLoss, sum.Train.FinalLoss
	}
	g.DenseMismatch = *mf.DenseMismatch
	var bad error
	g.Kinds, g.Closing, g.KeptHeads, bad = closing(gates)
	if bad != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, pipeline.TrainDir, "gates.json"), bad)
	}
	return g, nil
}

// closing says, per attention kind in data-flow order, how many heads the
// training gated, closed at some step and kept, and when they first
// closed; it also returns the kinds gated and the kept heads' names.
func closing(gates *gatesfile.File) (kinds []string, closings []KindClosing, kept []string, err error) {
	firstClose := map[string]int{}
	for _, e := range gates.ClosingOrder {
		if _, seen := firstClose[e.Head]; !seen && !e.Open {
			firstClose[e.Head] = e.Step
		}
	}
	kept = []string{}
	byKind := map[string]*KindClosing{}
	steps := map[string][]int{}
	for _, h := range gates.Heads {
		k := byKind[h.Kind]
		if k == nil {
			k = &KindClosing{Kind: h.Kind}
			byKind[h.Kind] = k
		}
		k.Heads++
		if h.Keep {
			k.Kept++
			kept = append(kept, h.Name)
		}
		if s, ok := firstClose[h.Name]; ok {
			k.Closed++
			steps[h.Kind] = append(steps[h.Kind], s)
		}
	}
	for _, kind := range heads.Kinds {
		k := byKind[string(kind)]
		if k == nil {
			continue
		}
		kinds = append(kinds, k.Kind)
		if st := steps[k.Kind]; len(st) > 0 {
			sort.Ints(st)
			k.FirstStep = st[0]
			k.MedianStep = stats.Median(st)
		}
		closings = append(closings, *k)
	}
	if len(kinds) != len(byKind) {
		return nil, nil, nil, fmt.Errorf("a head of an unknown kind")
	}
	return kinds, closings, kept, nil
}

// against returns the paired test of system name against the baseline of
// the test in bs/FILE.json.
func (c *collector) against(file, name string) (*PValues, error) {
	path := c.path("bs", file+".json")
	doc, sc, err := readPaired(path)
	if err != nil {
		return nil, err
	}
	ps, ok := sc[name]
	if !ok || name == doc.Systems[0].Name {
		return nil, fmt.Errorf("%s: no system %s besides the baseline", path, name)
	}
	base, err := score.ReadLines(c.hypOf(doc.Systems[0].Name))
	if err != nil {
		return nil, err
	}
	same, err := identical(base, c.hypOf(name))
	if err != nil {
		return nil, err
	}
	return &PValues{Against: doc.Systems[0].Name, BLEU: *ps.bleu.PValue, ChrF: *ps.chrf.PValue, Identical: same}, nil
}

// rankings reads the prunings by a ranking and their tests against gate
// training and against the random choice at the same budget.
func (c *collector) rankings(res *Results) error {
	seed, err := strconv.ParseUint(c.settings["random_seed"], 10, 64)
	if err != nil {
		return fmt.Errorf("%s: random_seed %q", c.path("settings.env"), c.settings["random_seed"])
	}
	methods := strings.Fields(c.settings["methods"])
	withRandom := slices.Contains(methods, byRandom)
	for _, method := range methods {
		for _, n := range strings.Fields(c.settings["budgets"]) {
			name := method + "-" + n
			s, err := c.system(name, c.sysDir(name))
			if err != nil {
				return err
			}
			r := RankRun{System: s, Method: method}
			if r.N, err = strconv.Atoi(n); err != nil {
				return fmt.Errorf("%s: budget %q", c.path("settings.env"), n)
			}
			if r.KeptHeads, err = keepHeads(c.path("an-dev", "heads.json"), method, r.N, seed); err != nil {
				return err
			}
			r.Kept = withCounts(c.total, map[string]int{string(heads.KindEncoder): r.N})
			if r.VsGates, err = c.against("vs-gt-t"+n, name); err != nil {
				return err
			}
			if withRandom && method != byRandom {
				if r.VsRandom, err = c.against("vs-random-"+n, name); err != nil {
					return err
				}
			}
			res.Rankings = append(res.Rankings, r)
		}
	}
	return nil
}

// agreement compares a gate training's decision with the dense model's
// rankings on the dev verses.
func (c *collector) agreement(g GateRun) (*Agreement, error) {
	rep, err := readReport(c.path("an-dev", "heads.json"))
	if err != nil {
		return nil, err
	}
	gates, err := gatesfile.Read(c.path(g.Name, gatesFile))
	if err != nil {
		return nil, err
	}
	keep := map[string]bool{}
	for _, h := range gates.Heads {
		keep[h.Name] = h.Keep
	}
	k, err := attribution.CompareKeep(rep, keep)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", g.Name, err)
	}
	return &Agreement{Run: g.Name, Kept: k.Kept, Covered: k.Kept + k.Removed, MeanRankKept: k.MeanRankKept,
		MeanRankRemoved: k.MeanRankRemoved, AUCRelevance: k.AUCRelevance, AUCImportance: k.AUCImportance}, nil
}

// roles reads the analysis of the UD EWT dev trees.
func (c *collector) roles() (Roles, error) {
	path := c.path("ewt-roles", "heads.json")
	rep, err := readReport(path)
	if err != nil {
		return Roles{}, err
	}
	r := Roles{Sentences: rep.Examples, Run: c.settings["roles_run"], PositionalMin: rep.Config.PositionalMin,
		SyntacticMargin: rep.Config.SyntacticMargin, RareWordMin: rep.Config.RareWordMin, WithRoles: []HeadRoles{}}
	for _, cut := range rep.Conservation {
		r.MaxResidual = max(r.MaxResidual, cut.MaxResidual)
	}
	pos := func(h attribution.HeadReport) (float64, int, bool) {
		if h.Positional == nil {
			return 0, 0, false
		}
		return h.Positional.Fraction, h.Positional.Offset, true
	}
	rare := func(h attribution.HeadReport) (float64, int, bool) {
		if h.RareWord == nil {
			return 0, 0, false
		}
		return *h.RareWord, 0, true
	}
	best := func(scope string, measure func(attribution.HeadReport) (float64, int, bool), in func(attribution.HeadReport) bool) BestHead {
		b := BestHead{Scope: scope, Share: -1}
		for _, h := range rep.Heads {
			if v, off, ok := measure(h); ok && in(h) && v > b.Share {
				b = BestHead{Scope: scope, Head: h.Name, Share: v, Offset: off}
			}
		}
		return b
	}
	enc := func(h attribution.HeadReport) bool { return h.Kind == heads.KindEncoder }
	all := func(attribution.HeadReport) bool { return true }
	kept := func(h attribution.HeadReport) bool { return h.Kept != nil && *h.Kept }
	r.Positional = []BestHead{best("encoder", pos, enc), best("all kinds", pos, all)}
	r.RareWord = []BestHead{best("encoder", rare, enc), best("all kinds", rare, all)}
	r.KeptPositional = best("kept", pos, kept)
	r.KeptRareWord = best("kept", rare, kept)
	bySyn := map[string]*BestSyntactic{}
	var relations []string
	for _, h := range rep.Heads {
		if len(h.Roles) > 0 {
			r.WithRoles = append(r.WithRoles, HeadRoles{Head: h.Name, Roles: h.Roles, Kept: h.Kept})
		}
		if h.Kind != heads.KindEncoder {
			continue
		}
		for _, s := range h.Syntactic {
			b := bySyn[s.Relation]
			if b == nil {
				relations = append(relations, s.Relation)
			}
			if b == nil || s.Accuracy-s.Baseline > b.Accuracy-b.Baseline {
				bySyn[s.Relation] = &BestSyntactic{Relation: s.Relation, Direction: s.Direction, Head: h.Name,
					Accuracy: s.Accuracy, Baseline: s.Baseline, Arcs: s.Arcs}
			}
		}
	}
	for _, rel := range relations {
		r.Syntactic = append(r.Syntactic, *bySyn[rel])
	}
	return r, nil
}

// speed reads the timed comparisons.
func (c *collector) speed(res *Results) ([]SpeedRun, error) {
	var runs []SpeedRun
	for _, name := range strings.Fields(c.settings["speed_runs"]) {
		var rep verify.Report
		if err := safefile.ReadJSON(c.path("speed", name, verify.ReportJSON), &rep); err != nil {
			return nil, err
		}
		if len(rep.Speedups) == 0 {
			return nil, fmt.Errorf("%s: no speedups", c.path("speed", name, verify.ReportJSON))
		}
		sr := SpeedRun{Run: name, Sentences: rep.Sentences, Speedups: rep.Speedups}
		if s := findSystem(res, name); s != nil {
			sr.Kept, sr.Total = s.Kept, s.Total
		} else {
			return nil, fmt.Errorf("%s: speed run %s is not one of the runs", c.path("settings.env"), name)
		}
		runs = append(runs, sr)
	}
	return runs, nil
}

// findSystem returns the system called name.
func findSystem(res *Results, name string) *System {
	if res.NoEncoder.Name == name {
		return &res.NoEncoder
	}
	for i := range res.Gates {
		if res.Gates[i].Name == name {
			return &res.Gates[i].System
		}
	}
	for i := range res.AllKinds {
		if res.AllKinds[i].Name == name {
			return &res.AllKinds[i].System
		}
	}
	for i := range res.Rankings {
		if res.Rankings[i].Name == name {
			return &res.Rankings[i].System
		}
	}
	return nil
}
