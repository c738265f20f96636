package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/internal/safefile"
	"onnxprune/verify"
)

// BudgetRun is one gate training of issue 21 to a budget of FLOPs per
// generated token: heads, FFN neurons and sublayers gated together
// (results.sh's st-fP), all heads alone (hd-fP), or the first with the
// kept weights fine-tuned (st-fP-ft).
type BudgetRun struct {
	Name string `json:"name"`
	// Structures is what was gated (--structures); Percent the budget, a
	// percentage of the dense model's FLOPs per generated token.
	Structures string  `json:"structures"`
	Percent    float64 `json:"budget_percent"`
	// TimePercent is the time budget given with it (results.sh's st-fP-tT:
	// a percentage of the dense model's decoding time per generated token,
	// measured at TimeBatch; 0: none), and DenseMs and KeptMs the modelled
	// times per generated token of the dense model and of the decision
	// (gates.json's time budget).
	TimePercent float64 `json:"time_budget_percent,omitempty"`
	TimeWhat    string  `json:"time_budget,omitempty"`
	DenseMs     float64 `json:"dense_ms_per_token,omitempty"`
	KeptMs      float64 `json:"kept_ms_per_token,omitempty"`
	// TrainWeights is what onnxprune train --train-weights fine-tuned
	// with the gates (empty: gates alone).
	TrainWeights string `json:"train_weights,omitempty"`
	// Unreachable is onnxprune's refusal when closing every gated unit
	// cannot reach the budget (no training then), and FloorPercent the
	// share of the dense FLOPs such a model would still spend.
	Unreachable  string  `json:"unreachable,omitempty"`
	FloorPercent float64 `json:"floor_percent,omitempty"`
	// System is the pruned model's test scores, dev loss and size (nil
	// when unreachable).
	System *System `json:"system,omitempty"`
	// Steps is the number of training steps.
	Steps int `json:"steps,omitempty"`
	// DenseFLOPs and KeptFLOPs are the FLOPs per generated token of the
	// dense model and of the decision, as the budget counts them
	// (gates.json's budget: batch 1, the corpus's median lengths, with the
	// model's key/value cache when it has one).
	DenseFLOPs float64 `json:"dense_flops_per_token"`
	KeptFLOPs  float64 `json:"kept_flops_per_token,omitempty"`
	// Kept and Total count the kept and the gated units per structure
	// (heads, neurons, sublayers); a head or neuron of a removed sublayer
	// is not kept.
	Kept  map[string]int `json:"kept,omitempty"`
	Total map[string]int `json:"total,omitempty"`
	// DenseParams and Params are the floating-point weights of the dense
	// and the pruned model (verify's count: a tensor repeated in several
	// files counts once), from the speed run.
	DenseParams int64 `json:"dense_params,omitempty"`
	Params      int64 `json:"params,omitempty"`
	// EquivalenceMaxDiff is the largest |gated − pruned| logit difference
	// of the run's verify stage.
	EquivalenceMaxDiff *float64 `json:"equivalence_max_diff,omitempty"`
	// Speed is the timed comparison with the dense model (nil when
	// unreachable).
	Speed *SpeedRun `json:"speed,omitempty"`
	// Cached says that a fine-tuned run's pruned model has a decoder with
	// past (train writes the trained decoder weights into it), so its
	// translations and dev loss decode with the key/value cache.
	Cached bool `json:"cached,omitempty"`
	// Timed is which files a fine-tuned run's speed run timed (its
	// speed/NAME/timed.txt): timedFineTuned, its own pruned files, or
	// timedDenseCut, the dense files cut by its gates (the same shapes),
	// when the fine-tuned files were gone. Empty for other runs.
	Timed string `json:"timed,omitempty"`
}

// timedFile is the file in which results.sh's speed run of a fine-tuned
// budget run says which model it timed: timedFineTuned or timedDenseCut.
const (
	timedFile      = "timed.txt"
	timedFineTuned = "fine-tuned"
	timedDenseCut  = "dense-cut"
)

// fineTunedSuffix ends the name of results.sh's fine-tuned budget run
// (st-fP-ft), and fineTunedWeights is its --train-weights
// (ST_TRAIN_WEIGHTS).
const (
	fineTunedSuffix  = "-ft"
	fineTunedWeights = "all"
)

// unreachableFile is where results.sh keeps onnxprune's refusal of a
// budget that closing every gated unit cannot reach.
const unreachableFile = "unreachable.txt"

// floorPattern reads the refusal: "... is out of reach: closing every gated
// unit leaves FLOOR of DENSE ...".
var floorPattern = regexp.MustCompile(`leaves ([0-9.eE+-]+) of ([0-9.eE+-]+)`)

// budgetRuns reads the FLOP-budget runs of the settings' structures_budgets
// (none when the cache predates them): at each budget st-fP and hd-fP, and
// st-fP-ft at the budgets of structures_ft_budgets (at every budget when
// the cache predates that key); then st-fP-tT for each P:T of
// structures_time_budgets, a FLOP and a time budget at once.
func (c *collector) budgetRuns() ([]BudgetRun, error) {
	var runs []BudgetRun
	budgets := strings.Fields(c.settings["structures_budgets"])
	ftBudgets, ok := c.settings["structures_ft_budgets"]
	if !ok {
		ftBudgets = strings.Join(budgets, " ")
	}
	for _, p := range budgets {
		pct, err := strconv.ParseFloat(p, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: structures_budgets %q is not a percentage", c.path("settings.env"), p)
		}
		kinds := []struct{ name, structures, trainWeights string }{
			{"st-f" + p, c.settings["structures"], ""},
			{"hd-f" + p, "heads", ""},
		}
		if slices.Contains(strings.Fields(ftBudgets), p) {
			kinds = append(kinds, struct{ name, structures, trainWeights string }{"st-f" + p + fineTunedSuffix, c.settings["structures"], fineTunedWeights})
		}
		for _, kind := range kinds {
			r, err := c.budgetRun(kind.name, kind.structures, kind.trainWeights, pct, 0)
			if err != nil {
				return nil, err
			}
			runs = append(runs, *r)
		}
	}
	for _, pt := range strings.Fields(c.settings["structures_time_budgets"]) {
		p, t, ok := strings.Cut(pt, ":")
		pct, err1 := strconv.ParseFloat(p, 64)
		tpct, err2 := strconv.ParseFloat(t, 64)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: structures_time_budgets %q is not FLOPS%%:TIME%%", c.path("settings.env"), pt)
		}
		r, err := c.budgetRun("st-f"+p+"-t"+t, c.settings["structures"], "", pct, tpct)
		if err != nil {
			return nil, err
		}
		runs = append(runs, *r)
	}
	return runs, nil
}

// budgetRun reads one FLOP-budget run's cache folder: an onnxprune run's,
// or with trainWeights a fine-tuning run's (gates.json, verify.json of its
// equivalence check, the pruned model's translations, dev loss and
// model.json).
func (c *collector) budgetRun(name, gated, trainWeights string, pct, timePct float64) (*BudgetRun, error) {
	dir := c.path(name)
	r := &BudgetRun{Name: name, Structures: gated, TrainWeights: trainWeights, Percent: pct, TimePercent: timePct}
	if msg, err := os.ReadFile(filepath.Join(dir, unreachableFile)); err == nil {
		r.Unreachable = strings.TrimSpace(string(msg))
		m := floorPattern.FindStringSubmatch(r.Unreachable)
		if m == nil {
			return nil, fmt.Errorf("%s: no \"leaves FLOOR of DENSE\" in %q", filepath.Join(dir, unreachableFile), r.Unreachable)
		}
		floor, err1 := strconv.ParseFloat(m[1], 64)
		dense, err2 := strconv.ParseFloat(m[2], 64)
		if err1 != nil || err2 != nil || !(dense > 0) {
			return nil, fmt.Errorf("%s: bad figures in %q", filepath.Join(dir, unreachableFile), r.Unreachable)
		}
		r.FloorPercent, r.DenseFLOPs = 100*floor/dense, dense
		return r, nil
	}
	gates, err := gatesfile.Read(filepath.Join(dir, gatesFile))
	if err != nil {
		return nil, err
	}
	if trainWeights == "" {
		g, err := c.gateRun(name)
		if err != nil {
			return nil, err
		}
		r.System, r.Steps, r.EquivalenceMaxDiff = &g.System, g.Steps, g.EquivalenceMaxDiff
	} else {
		s, err := c.system(name, dir)
		if err != nil {
			return nil, err
		}
		var check verify.Report
		checkPath := filepath.Join(dir, verify.ReportJSON)
		if err := safefile.ReadJSON(checkPath, &check); err != nil {
			return nil, err
		}
		if check.Equivalence == nil || !check.Equivalence.Passed {
			return nil, fmt.Errorf("%s: no passed equivalence check", checkPath)
		}
		r.System, r.Steps, r.EquivalenceMaxDiff = &s, gates.Step, &check.Equivalence.MaxAbsDiff
		mf, err := readModelFacts(filepath.Join(dir, modelFile))
		if err != nil {
			return nil, err
		}
		for _, f := range mf.Files {
			r.Cached = r.Cached || f.Name == cacheFile
		}
	}
	if gates.Budget == nil || gates.Budget.What != "FLOPs/token" {
		return nil, fmt.Errorf("%s: no FLOP budget", filepath.Join(dir, gatesFile))
	}
	r.DenseFLOPs, r.KeptFLOPs = gates.Budget.Dense, gates.Budget.Kept
	if timePct > 0 {
		for _, b := range gates.Budgets {
			if strings.HasPrefix(b.What, "ms/token") {
				r.TimeWhat, r.DenseMs, r.KeptMs = b.What, b.Dense, b.Kept
			}
		}
		if r.TimeWhat == "" {
			return nil, fmt.Errorf("%s: no time budget", filepath.Join(dir, gatesFile))
		}
	}
	r.Kept, r.Total = map[string]int{}, map[string]int{}
	// A head or neuron is kept when its gate and its sublayer's are open
	// (a removed sublayer takes what it holds).
	removed := map[string]bool{}
	for _, u := range gates.Sublayers {
		removed[u.Name] = !u.Keep
	}
	for _, h := range gates.Heads {
		r.Total["heads"]++
		if h.Keep && !removed["sublayer:"+structures.BlockSublayer(heads.Kind(h.Kind), h.Layer)] {
			r.Kept["heads"]++
		}
	}
	for _, set := range []struct {
		name    string
		records []structures.GateRecord
	}{{"neurons", gates.FFN}, {"sublayers", gates.Sublayers}} {
		for _, u := range set.records {
			n, err := unitsOf(u.Name)
			var sub string
			if err == nil {
				sub, err = sublayerOf(u.Name)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", filepath.Join(dir, gatesFile), err)
			}
			r.Total[set.name] += n
			if u.Keep && !removed[sub] {
				r.Kept[set.name] += n
			}
		}
	}
	var rep verify.Report
	speedPath := c.path("speed", name, verify.ReportJSON)
	if err := safefile.ReadJSON(speedPath, &rep); err != nil {
		return nil, err
	}
	if len(rep.Speedups) == 0 || rep.Original.Params == nil || rep.Pruned.Params == nil {
		return nil, fmt.Errorf("%s: no speedups or parameter counts", speedPath)
	}
	r.Speed = &SpeedRun{Run: name, Sentences: rep.Sentences, Speedups: rep.Speedups}
	if r.TrainWeights != "" {
		if r.Timed, err = readTimed(c.path("speed", name, timedFile)); err != nil {
			return nil, err
		}
	}
	r.DenseParams, r.Params = rep.Original.Params.Total, rep.Pruned.Params.Total
	return r, nil
}

// readTimed reads a fine-tuned run's timed.txt; a cache from before the
// file existed timed the dense files cut by the gates.
func readTimed(path string) (string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return timedDenseCut, nil
	}
	if err != nil {
		return "", err
	}
	switch t := strings.TrimSpace(string(b)); t {
	case timedFineTuned, timedDenseCut:
		return t, nil
	default:
		return "", fmt.Errorf("%s: %q is neither %s nor %s", path, t, timedFineTuned, timedDenseCut)
	}
}

// collectStructures gathers the dense model and the FLOP-budget runs of
// the cache in out into out/structures.json, for rendering the structures
// block while other experiments are still missing.
func collectStructures(out string) error {
	c := &collector{out: out}
	var err error
	if c.settings, err = readSettings(filepath.Join(out, "settings.env")); err != nil {
		return err
	}
	res := &Results{Settings: c.settings}
	if err := c.denseAndBootstrap(res); err != nil {
		return err
	}
	if res.Dense, err = c.denseSystem(); err != nil {
		return err
	}
	if res.Structures, err = c.budgetRuns(); err != nil {
		return err
	}
	if len(res.Structures) == 0 {
		return fmt.Errorf("%s: no structures_budgets", filepath.Join(out, "settings.env"))
	}
	res.LossSentences = c.lossSentences
	data, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	return safefile.WriteFileAtomic(filepath.Join(out, "structures.json"), append(data, '\n'))
}

// sublayerOf names the sublayer holding the FFN neurons of a gate record
// (ffn:KIND:LAYER:... -> sublayer:KIND:LAYER:ffn); a sublayer's record
// names itself.
func sublayerOf(name string) (string, error) {
	parts := strings.Split(name, ":")
	if parts[0] != "ffn" {
		return name, nil
	}
	layer, err := strconv.Atoi(parts[min(2, len(parts)-1)])
	if len(parts) != 4 || err != nil {
		return "", fmt.Errorf("gate record %q is not ffn:KIND:LAYER:NEURONS", name)
	}
	return "sublayer:" + structures.SublayerName(heads.Kind(parts[1]), layer, structures.PartFFN), nil
}

// unitsOf is the number of units a gate record of gates.json's ffn or
// sublayers list stands for: the neurons of ffn:KIND:LAYER:N or
// ffn:KIND:LAYER:A-B, one sublayer.
func unitsOf(name string) (int, error) {
	parts := strings.Split(name, ":")
	if parts[0] != "ffn" {
		return 1, nil
	}
	if len(parts) != 4 {
		return 0, fmt.Errorf("gate record %q is not ffn:KIND:LAYER:NEURONS", name)
	}
	a, b, isRange := strings.Cut(parts[3], "-")
	lo, err := strconv.Atoi(a)
	hi := lo
	if err == nil && isRange {
		hi, err = strconv.Atoi(b)
	}
	if err != nil || hi < lo {
		return 0, fmt.Errorf("gate record %q: bad neurons", name)
	}
	return hi - lo + 1, nil
}

// renderStructures replaces the structures block of the template with the
// table of structures.json (collectStructures) and writes it to outPath;
// the other blocks stay as they are.
func renderStructures(resultsPath, templatePath, outPath string) error {
	var res Results
	if err := safefile.ReadJSON(resultsPath, &res); err != nil {
		return err
	}
	tmpl, err := os.ReadFile(templatePath)
	if err != nil {
		return err
	}
	md, err := fillBlock(string(tmpl), blockStructures, structuresBlock(&res))
	if err != nil {
		return fmt.Errorf("%s: %w", templatePath, err)
	}
	return safefile.WriteFileAtomic(outPath, []byte(md))
}

// mega writes a count in millions.
func mega(v float64) string { return fmt.Sprintf("%.2f M", v/1e6) }

// structuresBlock is the table of the FLOP-budget runs.
func structuresBlock(r *Results) string {
	var b strings.Builder
	flags := r.Settings["structures_speed_flags"]
	fmt.Fprintf(&b, "Gate training (`onnxprune run`, %s steps of at most %s padded tokens, Lagrange multipliers at rate %s) to a budget of FLOPs per generated token, "+
		"counted with the key/value cache at batch 1 and the training corpus's median lengths; test BLEU and chrF on %s verses (paired bootstrap p against the dense model, %s resamples); "+
		"dev loss on %s verses; parameters as `verify` counts them; speed: `onnxprune verify` %s, %s sentences, %s intra-op threads, "+
		"tokens/s of whole greedy translations, the paired ratio (pruned / dense) with the range of the round ratios (from 6 rounds on, the 95%% interval of their median) and the FLOP bound per token.\n\n",
		r.Settings["steps"], r.Settings["max_tokens"], r.Settings["structures_lagrange_lr"], thousands(int64(r.TestSentences)),
		thousands(int64(r.Bootstrap.Resamples)), thousands(int64(r.LossSentences)), "`"+flags+"`", r.Settings["speed_sentences"], r.Settings["threads"])
	b.WriteString("| gated | budget | kept | BLEU | chrF | dev loss | parameters | FLOPs / token | tokens/s ×, batch 1 | tokens/s ×, batch 32 |\n")
	b.WriteString("|---|---:|---|---:|---:|---:|---:|---:|---|---|\n")
	dense := r.Dense
	var denseFLOPs float64
	var denseParams int64
	for _, s := range r.Structures {
		if s.DenseFLOPs > 0 {
			denseFLOPs = s.DenseFLOPs
		}
		if s.DenseParams > 0 {
			denseParams = s.DenseParams
		}
	}
	fmt.Fprintf(&b, "| dense | – | all | %.2f | %.2f | %.4f | %s | %s | 1 | 1 |\n", dense.BLEU.Score, dense.ChrF.Score, dense.DevLoss,
		thousands(denseParams), mega(denseFLOPs))
	for _, s := range r.Structures {
		label := strings.ReplaceAll(s.Structures, ",", ", ")
		if s.TrainWeights != "" {
			label += ", weights fine-tuned (`--train-weights " + s.TrainWeights + "`)"
		}
		if s.Unreachable != "" {
			fmt.Fprintf(&b, "| %s | %g%% | out of reach: closing every one leaves %.1f%% of the FLOPs | – | – | – | – | – | – | – |\n",
				label, s.Percent, s.FloorPercent)
			continue
		}
		var kept []string
		for _, k := range []string{"heads", "neurons", "sublayers"} {
			if s.Total[k] > 0 {
				kept = append(kept, fmt.Sprintf("%s/%s %s", thousands(int64(s.Kept[k])), thousands(int64(s.Total[k])), k))
			}
		}
		speed := map[int]string{}
		for _, sp := range s.Speed.Speedups {
			speed[sp.Batch] = fmt.Sprintf("%s, bound %s", ratioText(sp.TokensSpeedup), boundText(sp.PerTokenBound))
		}
		budget := fmt.Sprintf("%g%%", s.Percent)
		if s.TimePercent > 0 {
			budget = fmt.Sprintf("%g%% FLOPs, %g%% time", s.Percent, s.TimePercent)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %.2f, %s | %.2f, %s | %s | %s (%.1f%%) | %s (%.1f%%) | %s | %s |\n",
			label, budget, strings.Join(kept, ", "), s.System.BLEU.Score, r.bleuDiff(*s.System), s.System.ChrF.Score, r.chrfDiff(*s.System),
			r.lossText(s.System.DevLoss), thousands(s.Params), 100*float64(s.Params)/float64(s.DenseParams),
			mega(s.KeptFLOPs), 100*s.KeptFLOPs/s.DenseFLOPs, orDash(speed[1]), orDash(speed[32]))
	}
	for _, s := range r.Structures {
		if s.TimePercent > 0 {
			fmt.Fprintf(&b, "\n%s: `--target-flops %g%% --target-time %g%%`, the time budget in %s, each unit priced by the time model measured before training "+
				"(the dense model and two copies cut in memory, docs/train.md): dense %.3f ms, the decision %.3f ms (%.1f%%, asking for ×%.2f).\n",
				s.Name, s.Percent, s.TimePercent, s.TimeWhat, s.DenseMs, s.KeptMs, 100*s.KeptMs/s.DenseMs, s.DenseMs/s.KeptMs)
		}
		switch {
		case s.EquivalenceMaxDiff != nil && s.TrainWeights != "" && s.Cached:
			fmt.Fprintf(&b, "\n%s: `onnxprune train` with the same flags and `--train-weights %s`, then `prune --gates` of the trained files "+
				"(encoder, decoder, and decoder with past, which train writes with the decoder's trained weights); "+
				"its translations and dev loss decode with the key/value cache, and its speed is %s. "+
				"The largest |gated − pruned| logit difference of the fine-tuned files on the %s speed verses (verify's check) is %.2g.\n",
				s.Name, s.TrainWeights, timedText(s.Timed), r.Settings["speed_sentences"], *s.EquivalenceMaxDiff)
		case s.EquivalenceMaxDiff != nil && s.TrainWeights != "":
			fmt.Fprintf(&b, "\n%s: `onnxprune train` with the same flags and `--train-weights %s`, then `prune --gates` of the trained encoder and decoder files; "+
				"its translations and dev loss decode without the key/value cache (train does not rewrite decoder_with_past_model.onnx), and its speed is "+
				"the dense files cut by the same gates (the same shapes) with the cache. "+
				"The largest |gated − pruned| logit difference of the fine-tuned files on the %s speed verses (verify's check) is %.2g.\n",
				s.Name, s.TrainWeights, r.Settings["speed_sentences"], *s.EquivalenceMaxDiff)
		case s.EquivalenceMaxDiff != nil:
			fmt.Fprintf(&b, "\n%s: the largest |gated − pruned| logit difference on the test translations (verify's check) is %.2g.\n", s.Name, *s.EquivalenceMaxDiff)
		}
	}
	return b.String()
}

// timedText says which files a fine-tuned run's speed timed.
func timedText(timed string) string {
	if timed == timedFineTuned {
		return "that of these pruned fine-tuned files"
	}
	return "that of the dense files cut by the same gates (the same shapes)"
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
