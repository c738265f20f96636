package main

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
	"onnxprune/verify"
)

// renderFiles reads results.json and the template, and writes the markdown
// with every generated block replaced, and the chart.
func renderFiles(resultsPath, templatePath, outPath, svgPath string) error {
	var res Results
	if err := safefile.ReadJSON(resultsPath, &res); err != nil {
		return err
	}
	tmpl, err := os.ReadFile(templatePath)
	if err != nil {
		return err
	}
	md, err := fillBlocks(string(tmpl), renderBlocks(&res))
	if err != nil {
		return fmt.Errorf("%s: %w", templatePath, err)
	}
	if err := safefile.WriteFileAtomic(outPath, []byte(md)); err != nil {
		return err
	}
	return safefile.WriteFileAtomic(svgPath, []byte(bleuChart(&res)))
}

// blockPattern matches one generated block, its name captured at both ends.
var blockPattern = regexp.MustCompile(`(?s)<!-- results:([a-z-]+) -->\n.*?<!-- /results:([a-z-]+) -->`)

// fillBlocks replaces each generated block of md with its new content.
// Every block must appear exactly once, and md must hold no other.
func fillBlocks(md string, blocks map[string]string) (string, error) {
	seen := map[string]int{}
	var bad error
	out := blockPattern.ReplaceAllStringFunc(md, func(m string) string {
		sub := blockPattern.FindStringSubmatch(m)
		name := sub[1]
		seen[name]++
		body, ok := blocks[name]
		switch {
		case sub[1] != sub[2]:
			bad = fmt.Errorf("block %q ends with the marker of %q", sub[1], sub[2])
		case !ok:
			bad = fmt.Errorf("unknown block %q", name)
		}
		return "<!-- results:" + name + " -->\n" + body + "<!-- /results:" + name + " -->"
	})
	if bad != nil {
		return "", bad
	}
	var names []string
	for name := range blocks {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if seen[name] != 1 {
			return "", fmt.Errorf("block %q appears %d times (want once, between <!-- results:%s --> and <!-- /results:%s -->)", name, seen[name], name, name)
		}
	}
	return out, nil
}

// fillBlock replaces the generated block name of md, which must appear
// exactly once, with body; the other blocks stay as they are.
func fillBlock(md, name, body string) (string, error) {
	n := 0
	out := blockPattern.ReplaceAllStringFunc(md, func(m string) string {
		if sub := blockPattern.FindStringSubmatch(m); sub[1] != name {
			return m
		}
		n++
		return "<!-- results:" + name + " -->\n" + body + "<!-- /results:" + name + " -->"
	})
	if n != 1 {
		return "", fmt.Errorf("block %q appears %d times (want once, between <!-- results:%s --> and <!-- /results:%s -->)", name, n, name, name)
	}
	return out, nil
}

// Block names, in RESULTS.md's order.
const (
	blockSettings  = "settings"
	blockClaims    = "claims"
	blockDense     = "dense"
	blockGates     = "gates"
	blockRanking   = "ranking"
	blockNoEncoder = "no-encoder"
	blockAgreement = "agreement"
	blockRoles     = "roles"
	blockAllKinds  = "all-kinds"
	blockSpeed     = "speed"
	// blockStructures is issue 21's FLOP-budget runs.
	blockStructures = "structures"
)

// ChartFile is where RESULTS.md links the BLEU-vs-heads chart.
const ChartFile = "docs/results/bleu-vs-heads.svg"

// alpha is the significance level that marks a p-value.
const alpha = 0.05

// renderBlocks returns every generated block's markdown.
func renderBlocks(r *Results) map[string]string {
	return map[string]string{
		blockSettings:   settingsBlock(r),
		blockClaims:     claimsBlock(r),
		blockDense:      denseBlock(r),
		blockGates:      gatesBlock(r),
		blockRanking:    rankingBlock(r),
		blockNoEncoder:  noEncoderBlock(r),
		blockAgreement:  agreementBlock(r),
		blockRoles:      rolesBlock(r),
		blockAllKinds:   allKindsBlock(r),
		blockSpeed:      speedBlock(r),
		blockStructures: structuresBlock(r),
	}
}

// minus writes a signed number with a true minus sign.
func minus(s string) string { return strings.Replace(s, "-", "−", 1) }

// signed formats a difference with its sign and d decimals.
func signed(v float64, d int) string {
	if math.Abs(v) < 0.5*math.Pow(10, -float64(d)) {
		v = 0
	}
	return minus(strconv.FormatFloat(v, 'f', d, 64))
}

func plusSigned(v float64, d int) string {
	s := signed(v, d)
	if !strings.HasPrefix(s, "−") {
		s = "+" + s
	}
	return s
}

// pText formats a p-value: "p = 0.012", marked * at p ≤ alpha, "p ≤
// 0.001" at the smallest value a test of n resamples gives.
func pText(p float64, resamples int) string {
	s := "p = " + strconv.FormatFloat(p, 'f', 3, 64)
	if resamples > 0 && p <= 1/float64(resamples+1)+1e-12 {
		s = "p ≤ " + strconv.FormatFloat(1/float64(resamples+1), 'f', 3, 64)
	}
	if p <= alpha {
		s += "*"
	}
	return s
}

// diffText is a score's difference from a baseline with its p-value, or
// "identical" when every translation equals the baseline's (the test's
// p-value then means nothing).
func (r *Results) diffText(score, base float64, p float64, pv *PValues) string {
	if pv.Identical == r.TestSentences {
		return "identical"
	}
	return plusSigned(score-base, 2) + " (" + pText(p, r.Bootstrap.Resamples) + ")"
}

// bleuDiff and chrfDiff compare a system with the dense model.
func (r *Results) bleuDiff(s System) string {
	return r.diffText(s.BLEU.Score, r.Dense.BLEU.Score, s.VsDense.BLEU, s.VsDense)
}

func (r *Results) chrfDiff(s System) string {
	return r.diffText(s.ChrF.Score, r.Dense.ChrF.Score, s.VsDense.ChrF, s.VsDense)
}

// interval is a score's 95% bootstrap interval, "μ ± CI".
func interval(m Metric) string { return fmt.Sprintf("%.2f ± %.2f", m.Mean, m.CI) }

// lossText is a dev loss and its change from the dense model's.
func (r *Results) lossText(loss float64) string {
	return fmt.Sprintf("%.4f (%s%%)", loss, plusSigned(100*(loss/r.Dense.DevLoss-1), 1))
}

func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// runLabel names a gate training by its budget or penalty weight.
func runLabel(g GateRun) string {
	if g.Target > 0 {
		return fmt.Sprintf("target-heads %d", g.Target)
	}
	return "l0-lambda " + strconv.FormatFloat(g.Lambda, 'g', -1, 64)
}

func settingsBlock(r *Results) string {
	var b strings.Builder
	s := r.Settings
	if s["smoke"] == "1" {
		b.WriteString("**SMOKE RUN (`SMOKE=1`): tiny inputs and 3 training steps; the numbers below test the scripts and mean nothing.**\n\n")
	}
	var total float64
	for _, t := range r.Timings {
		total += t.Seconds
	}
	fmt.Fprintf(&b, "Generated by `models/reference/results.sh` from `%s` (%d steps of the script, %.1f h of wall time in all): ", s["model"], len(r.Timings), total/3600)
	fmt.Fprintf(&b, "test BLEU and chrF on %s test verses (greedy, at most min(160, 1.5·source + 10) tokens); ", thousands(int64(r.TestSentences)))
	fmt.Fprintf(&b, "dev loss (teacher-forced cross-entropy per target token, `onnxprune loss`) on the first %s dev verses; gate training %s steps of %s padded tokens; ", thousands(int64(r.LossSentences)), s["steps"], s["max_tokens"])
	fmt.Fprintf(&b, "rankings from %s dev verses; roles on %s UD EWT dev sentences. ", thousands(int64(r.AnalysisSentences)), thousands(int64(r.Roles.Sentences)))
	fmt.Fprintf(&b, "Every BLEU and chrF difference carries the p-value of sacreBLEU's paired bootstrap test (`onnxprune score --paired-bs`, %s resamples, seed %d; * marks p ≤ %.2f); ", thousands(int64(r.Bootstrap.Resamples)), r.Bootstrap.Seed, alpha)
	fmt.Fprintf(&b, "\"±\" is the half-width of a score's 95%% bootstrap interval around the resampled mean. Signatures: `%s`, `%s`.\n",
		r.Bootstrap.Signatures["BLEU"], chrfSignature(r))
	return b.String()
}

func chrfSignature(r *Results) string {
	for k, v := range r.Bootstrap.Signatures {
		if strings.HasPrefix(k, "chrF") {
			return v
		}
	}
	return ""
}

func denseBlock(r *Results) string {
	d := r.Dense
	var b strings.Builder
	b.WriteString("| test BLEU | 95% interval | chrF | 95% interval | dev loss | encoder + decoder bytes |\n|---:|---:|---:|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| %.2f | %s | %.2f | %s | %.4f | %s |\n", d.BLEU.Score, interval(d.BLEU), d.ChrF.Score, interval(d.ChrF), d.DevLoss, thousands(d.FileBytes))
	if e := r.Evaluate; e != nil {
		fmt.Fprintf(&b, "\nThe same model scored by `models/reference/evaluate.py --backend onnx` (Python, ONNX Runtime, its own greedy loop; `test_scores.json`) on %s test verses: BLEU %.2f, chrF %.2f (`%s`).\n",
			thousands(int64(e.Sentences)), e.BLEU, e.ChrF, e.Signature)
	}
	return b.String()
}

func gatesBlock(r *Results) string {
	var b strings.Builder
	b.WriteString("| encoder heads kept | run | test BLEU | Δ BLEU vs dense | chrF | Δ chrF vs dense | identical to dense | dev loss (Δ) | validation loss dense → gated | file bytes |\n")
	b.WriteString("|---:|---|---:|---|---:|---|---:|---:|---|---:|\n")
	for _, g := range r.Gates {
		fmt.Fprintf(&b, "| %d | %s | %.2f | %s | %.2f | %s | %d/%d | %s | %.4f → %.4f | %s |\n",
			g.Kept[string(heads.KindEncoder)], runLabel(g), g.BLEU.Score, r.bleuDiff(g.System), g.ChrF.Score, r.chrfDiff(g.System),
			g.VsDense.Identical, r.TestSentences, r.lossText(g.DevLoss), g.ValLossDense, g.ValLossGated, thousands(g.FileBytes))
	}
	fmt.Fprintf(&b, "\nDense: BLEU %.2f, chrF %.2f, dev loss %.4f, %s bytes.", r.Dense.BLEU.Score, r.Dense.ChrF.Score, r.Dense.DevLoss, thousands(r.Dense.FileBytes))
	var worst float64
	mismatch := 0
	for _, g := range r.Gates {
		if g.EquivalenceMaxDiff != nil {
			worst = max(worst, *g.EquivalenceMaxDiff)
		}
		mismatch += g.DenseMismatch
	}
	fmt.Fprintf(&b, " Validation loss: the training run's own, on its --dev verses, with every gate open and with the final 0/1 gates. Gated model vs pruned files, largest logit difference over these runs: %.3g.", worst)
	if mismatch > 0 {
		fmt.Fprintf(&b, " **%d test translations of the dense model inside the runs differ from `dense.hyp`.**", mismatch)
	}
	b.WriteString("\n\nHeads kept:\n\n")
	for _, g := range r.Gates {
		fmt.Fprintf(&b, "- %s (%d): %s\n", runLabel(g), len(g.KeptHeads), strings.Join(g.KeptHeads, ", "))
	}
	return b.String()
}

// methodNames are the rankings' names in the tables and the chart.
var methodNames = map[string]string{
	byRelevance:  "LRP relevance",
	byImportance: "Michel importance",
	byConfidence: "confidence",
	byRandom:     "random",
}

func methodName(m string) string {
	if n, ok := methodNames[m]; ok {
		return n
	}
	return m
}

// rankingGrid lays the rankings out by budget (rows, descending) and
// method (columns, the settings' order).
func rankingGrid(r *Results) (budgets []int, methods []string, at map[string]map[int]RankRun) {
	at = map[string]map[int]RankRun{}
	seenN := map[int]bool{}
	for _, k := range r.Rankings {
		if at[k.Method] == nil {
			at[k.Method] = map[int]RankRun{}
			methods = append(methods, k.Method)
		}
		at[k.Method][k.N] = k
		if !seenN[k.N] {
			seenN[k.N] = true
			budgets = append(budgets, k.N)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(budgets)))
	return budgets, methods, at
}

// hasRandom says whether the random choice is one of the methods.
func hasRandom(methods []string) bool { return slices.Contains(methods, byRandom) }

// gateAt returns the encoder gate training with budget n.
func gateAt(r *Results, n int) (GateRun, bool) {
	for _, g := range r.Gates {
		if g.Target == n {
			return g, true
		}
	}
	return GateRun{}, false
}

func rankingBlock(r *Results) string {
	budgets, methods, at := rankingGrid(r)
	var b strings.Builder
	head := func(title string) {
		fmt.Fprintf(&b, "| %s |", title)
		for _, m := range methods {
			fmt.Fprintf(&b, " %s |", methodName(m))
		}
		b.WriteString(" gate training |\n|---:|")
		for range methods {
			b.WriteString("---|")
		}
		b.WriteString("---|\n")
	}
	fmt.Fprintf(&b, "Rankings of the dense model on %s dev verses, teacher-forced; random: the first N encoder heads after a shuffle by Go's math/rand/v2 PCG seeded (%s, 0). ",
		thousands(int64(r.AnalysisSentences)), r.Settings["random_seed"])
	fmt.Fprintf(&b, "Test BLEU, its difference from the dense model's %.2f and the p-value of that difference:\n\n", r.Dense.BLEU.Score)
	head("encoder heads kept")
	for _, n := range budgets {
		fmt.Fprintf(&b, "| %d |", n)
		for _, m := range methods {
			k := at[m][n]
			fmt.Fprintf(&b, " %.2f, %s |", k.BLEU.Score, r.bleuDiff(k.System))
		}
		if g, ok := gateAt(r, n); ok {
			fmt.Fprintf(&b, " %.2f, %s |\n", g.BLEU.Score, r.bleuDiff(g.System))
		} else {
			b.WriteString(" – |\n")
		}
	}
	ne := r.NoEncoder
	fmt.Fprintf(&b, "| 0 | %.2f, %s (all removed; every method) |", ne.BLEU.Score, r.bleuDiff(ne))
	for range methods {
		b.WriteString(" |")
	}
	b.WriteString("\n\nEach ranking against gate training at the same budget (BLEU difference, p-value):\n\n")
	head("encoder heads kept")
	for _, n := range budgets {
		g, ok := gateAt(r, n)
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "| %d |", n)
		for _, m := range methods {
			k := at[m][n]
			fmt.Fprintf(&b, " %s |", r.diffText(k.BLEU.Score, g.BLEU.Score, k.VsGates.BLEU, k.VsGates))
		}
		fmt.Fprintf(&b, " %.2f |\n", g.BLEU.Score)
	}
	if hasRandom(methods) {
		b.WriteString("\nEach ranking against the random choice at the same budget (BLEU difference, p-value):\n\n")
		fmt.Fprintf(&b, "| encoder heads kept |")
		for _, m := range methods {
			if m != byRandom {
				fmt.Fprintf(&b, " %s |", methodName(m))
			}
		}
		b.WriteString(" random |\n|---:|")
		for range methods {
			b.WriteString("---|")
		}
		b.WriteString("\n")
		for _, n := range budgets {
			fmt.Fprintf(&b, "| %d |", n)
			rnd := at[byRandom][n]
			for _, m := range methods {
				if k := at[m][n]; m != byRandom {
					fmt.Fprintf(&b, " %s |", r.diffText(k.BLEU.Score, rnd.BLEU.Score, k.VsRandom.BLEU, k.VsRandom))
				}
			}
			fmt.Fprintf(&b, " %.2f |\n", rnd.BLEU.Score)
		}
	}
	fmt.Fprintf(&b, "\nDev loss (change from the dense model's %.4f):\n\n", r.Dense.DevLoss)
	head("encoder heads kept")
	for _, n := range budgets {
		fmt.Fprintf(&b, "| %d |", n)
		for _, m := range methods {
			fmt.Fprintf(&b, " %s |", r.lossText(at[m][n].DevLoss))
		}
		if g, ok := gateAt(r, n); ok {
			fmt.Fprintf(&b, " %s |\n", r.lossText(g.DevLoss))
		} else {
			b.WriteString(" – |\n")
		}
	}
	fmt.Fprintf(&b, "| 0 | %s (all removed) |", r.lossText(ne.DevLoss))
	for range methods {
		b.WriteString(" |")
	}
	fmt.Fprintf(&b, "\n\nBest dev loss at each budget: ")
	var best []string
	for _, n := range budgets {
		name, loss := "", math.Inf(1)
		for _, m := range methods {
			if l := at[m][n].DevLoss; l < loss {
				name, loss = methodName(m), l
			}
		}
		if g, ok := gateAt(r, n); ok && g.DevLoss < loss {
			name = "gate training"
		}
		best = append(best, fmt.Sprintf("%d heads: %s", n, name))
	}
	b.WriteString(strings.Join(best, "; ") + ".\n\n")
	fmt.Fprintf(&b, "![Test BLEU vs encoder heads kept, one line per method, with 95%% bootstrap intervals](%s)\n", ChartFile)
	return b.String()
}

func noEncoderBlock(r *Results) string {
	ne := r.NoEncoder
	verdict := "not significant"
	if ne.VsDense.BLEU <= alpha {
		verdict = "significant"
	}
	return fmt.Sprintf("Removing all %d encoder self-attention heads: test BLEU %.2f → %.2f, %s, %s at p ≤ %.2f (95%% intervals %s and %s); chrF %.2f → %.2f, %s; dev loss %.4f → %s; %d of %d translations unchanged.\n",
		r.Dense.Total[string(heads.KindEncoder)], r.Dense.BLEU.Score, ne.BLEU.Score, r.bleuDiff(ne), verdict, alpha,
		interval(r.Dense.BLEU), interval(ne.BLEU), r.Dense.ChrF.Score, ne.ChrF.Score, r.chrfDiff(ne),
		r.Dense.DevLoss, r.lossText(ne.DevLoss), ne.VsDense.Identical, r.TestSentences)
}

func agreementBlock(r *Results) string {
	var b strings.Builder
	b.WriteString("| run | kept | mean rank kept / removed | P(kept more relevant) | P(kept more important) |\n|---|---:|---|---:|---:|\n")
	label := map[string]string{}
	for _, g := range r.Gates {
		label[g.Name] = runLabel(g)
	}
	for _, g := range r.AllKinds {
		label[g.Name] = "all kinds, " + runLabel(g)
	}
	for _, a := range r.Agreement {
		if a.Kept == 0 || a.Kept == a.Covered {
			// one group is empty: nothing to compare
			fmt.Fprintf(&b, "| %s | %d of %d | – | – | – |\n", label[a.Run], a.Kept, a.Covered)
			continue
		}
		fmt.Fprintf(&b, "| %s | %d of %d | %.1f / %.1f | %.3f | %.3f |\n", label[a.Run], a.Kept, a.Covered, a.MeanRankKept, a.MeanRankRemoved, a.AUCRelevance, a.AUCImportance)
	}
	return b.String()
}

func rolesBlock(r *Results) string {
	ro := r.Roles
	var b strings.Builder
	fmt.Fprintf(&b, "%d sentences; the decision of run %s marked.\n\n", ro.Sentences, ro.Run)
	b.WriteString("| role | threshold | best encoder head | best head of any kind |\n|---|---|---|---|\n")
	fmt.Fprintf(&b, "| positional | ≥ %.0f%% of tokens' maximum weight on one relative position | %s | %s |\n",
		100*ro.PositionalMin, bestText(ro.Positional[0], true), bestText(ro.Positional[1], true))
	fmt.Fprintf(&b, "| rare-word | ≥ %.0f%% of tokens' maximum weight on the sentence's least frequent token | %s | %s |\n",
		100*ro.RareWordMin, bestText(ro.RareWord[0], false), bestText(ro.RareWord[1], false))
	for _, s := range ro.Syntactic {
		fmt.Fprintf(&b, "| syntactic: %s | beat the best fixed-offset baseline by %.0f points | %s %s %.1f%% vs %.1f%% (%s arcs) | – |\n",
			s.Relation, 100*ro.SyntacticMargin, s.Head, s.Direction, 100*s.Accuracy, 100*s.Baseline, thousands(int64(s.Arcs)))
	}
	fmt.Fprintf(&b, "\nHeads kept by %s: positional at most %s, rare-word at most %s. ", ro.Run, bestText(ro.KeptPositional, true), bestText(ro.KeptRareWord, false))
	if len(ro.WithRoles) == 0 {
		b.WriteString("No head has a role at these thresholds.")
	} else {
		var parts []string
		for _, h := range ro.WithRoles {
			p := h.Head + ": " + strings.Join(h.Roles, ", ")
			if h.Kept != nil {
				p += map[bool]string{true: " (kept)", false: " (removed)"}[*h.Kept]
			}
			parts = append(parts, p)
		}
		fmt.Fprintf(&b, "Heads with a role (%d): %s.", len(ro.WithRoles), strings.Join(parts, "; "))
	}
	fmt.Fprintf(&b, " Conservation of the LRP relevance: largest residual %.2g.\n", ro.MaxResidual)
	return b.String()
}

func bestText(h BestHead, offset bool) string {
	if h.Head == "" {
		return "–"
	}
	s := fmt.Sprintf("%s, %.1f%%", h.Head, 100*h.Share)
	if offset {
		s += fmt.Sprintf(" (offset %d)", h.Offset)
	}
	return s
}

func allKindsBlock(r *Results) string {
	var b strings.Builder
	b.WriteString("| run | encoder | decoder self | cross | test BLEU | Δ BLEU vs dense | chrF | Δ chrF vs dense | dev loss (Δ) | validation loss dense → gated | file bytes |\n")
	b.WriteString("|---|---:|---:|---:|---:|---|---:|---|---:|---|---:|\n")
	for _, g := range r.AllKinds {
		fmt.Fprintf(&b, "| %s |", runLabel(g))
		for _, k := range heads.Kinds {
			fmt.Fprintf(&b, " %d/%d |", g.Kept[string(k)], g.Total[string(k)])
		}
		fmt.Fprintf(&b, " %.2f | %s | %.2f | %s | %s | %.4f → %.4f | %s |\n", g.BLEU.Score, r.bleuDiff(g.System), g.ChrF.Score, r.chrfDiff(g.System),
			r.lossText(g.DevLoss), g.ValLossDense, g.ValLossGated, thousands(g.FileBytes))
	}
	b.WriteString("\nWhen each kind's heads closed during training (before the final cut to the budget): heads closed at some step, the step of the first, the median of their first closing steps, and the heads kept at the end.\n\n")
	b.WriteString("| run | kind | closed during training | first closing step | median closing step | kept at the end |\n|---|---|---:|---:|---:|---:|\n")
	for _, g := range r.AllKinds {
		for _, k := range g.Closing {
			first, med := "–", "–"
			if k.Closed > 0 {
				first, med = strconv.Itoa(k.FirstStep), strconv.FormatFloat(k.MedianStep, 'f', -1, 64)
			}
			fmt.Fprintf(&b, "| %s | %s | %d of %d | %s | %s | %d |\n", runLabel(g), k.Kind, k.Closed, k.Heads, first, med, k.Kept)
		}
	}
	b.WriteString("\nOrder in which the kinds began to close: ")
	var orders []string
	for _, g := range r.AllKinds {
		orders = append(orders, runLabel(g)+": "+closingOrder(g))
	}
	b.WriteString(strings.Join(orders, "; ") + ".\n")
	return b.String()
}

// closingOrder lists the kinds by their first closing step, those that
// never closed last.
func closingOrder(g GateRun) string {
	ks := append([]KindClosing(nil), g.Closing...)
	sort.SliceStable(ks, func(i, j int) bool {
		a, b := ks[i], ks[j]
		if (a.Closed > 0) != (b.Closed > 0) {
			return a.Closed > 0
		}
		return a.FirstStep < b.FirstStep
	})
	var parts []string
	for _, k := range ks {
		if k.Closed > 0 {
			parts = append(parts, fmt.Sprintf("%s (step %d)", k.Kind, k.FirstStep))
		} else {
			parts = append(parts, k.Kind+" (none closed)")
		}
	}
	return strings.Join(parts, ", ")
}

func speedBlock(r *Results) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Settings: `%s`, %s sentences (test verses from the first), ONNX Runtime CPU with %s intra-op threads. Each cell: the paired ratio (original time / pruned time; for tokens/s pruned / original) with the range of the round ratios (from 6 rounds on, the 95%% interval of their median); n.s.: the range includes 1.\n\n",
		r.Settings["speed_flags"], r.Settings["speed_sentences"], r.Settings["threads"])
	b.WriteString("| pruned model | batch | encoder × | bound | decoder step × | bound | tokens/s × | bound per token |\n|---|---:|---|---:|---|---:|---|---:|\n")
	for _, s := range r.Speed {
		var kept []string
		for _, k := range heads.Kinds {
			if s.Kept[string(k)] != s.Total[string(k)] {
				kept = append(kept, fmt.Sprintf("%s %d/%d", k, s.Kept[string(k)], s.Total[string(k)]))
			}
		}
		for i, sp := range s.Speedups {
			label := ""
			if i == 0 {
				label = s.Run + " (" + strings.Join(kept, ", ") + ")"
			}
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s | %s |\n", label, sp.Batch, ratioText(sp.EncoderSpeedup), boundText(sp.EncoderBound),
				ratioText(sp.StepSpeedup), boundText(sp.StepBound), ratioText(sp.TokensSpeedup), boundText(sp.PerTokenBound))
		}
	}
	return b.String()
}

func ratioText(r verify.Ratio) string {
	switch {
	case r.Unchanged != "":
		return "unchanged"
	case r.Value <= 0:
		return "–"
	}
	s := fmt.Sprintf("%.2f (%.2f–%.2f)", r.Value, r.Low, r.High)
	if !r.Significant() {
		s += " n.s."
	}
	return s
}

func boundText(v float64) string {
	if v <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", v)
}

// claimsBlock sets each claim of Voita et al. (2019) that RESULTS.md tests
// beside the figures of this run that bear on it; whether it holds is for
// the reader (and the prose) to say.
func claimsBlock(r *Results) string {
	var b strings.Builder
	b.WriteString("| the paper's claim | this run |\n|---|---|\n")
	enc := string(heads.KindEncoder)
	// pruning to about 10 encoder heads by gate training
	if g, ok := nearestBudget(r, 10); ok {
		fmt.Fprintf(&b, "| gate training prunes 48 → 10 encoder heads for −0.15 BLEU (WMT en→ru) | %d → %d heads: BLEU %s, chrF %s, dev loss %s |\n",
			r.Dense.Total[enc], g.Kept[enc], r.bleuDiff(g.System), r.chrfDiff(g.System), r.lossText(g.DevLoss))
	}
	ne := r.NoEncoder
	fmt.Fprintf(&b, "| the encoder's heads matter, a few of them most | all %d removed: BLEU %s, dev loss %s |\n",
		r.Dense.Total[enc], r.bleuDiff(ne), r.lossText(ne.DevLoss))
	// gate training against the rankings at equal budgets
	budgets, methods, at := rankingGrid(r)
	var lowest, significant []string
	compared := 0
	for _, n := range budgets {
		g, ok := gateAt(r, n)
		if !ok {
			continue
		}
		best := true
		for _, m := range methods {
			k := at[m][n]
			best = best && g.DevLoss <= k.DevLoss
			compared++
			if k.VsGates.Identical < r.TestSentences && k.VsGates.BLEU <= alpha {
				significant = append(significant, fmt.Sprintf("%s at %d (%s)", methodName(m), n, plusSigned(k.BLEU.Score-g.BLEU.Score, 2)))
			}
		}
		if best {
			lowest = append(lowest, strconv.Itoa(n))
		}
	}
	sig := "none"
	if len(significant) > 0 {
		sig = strings.Join(significant, ", ")
	}
	fmt.Fprintf(&b, "| trained gates choose better heads than rankings of the dense model | gate training has the lowest dev loss at %d of %d budgets (%s); BLEU differences from gate training with p ≤ %.2f: %d of %d: %s |\n",
		len(lowest), len(budgets), orNone(strings.Join(lowest, ", ")), alpha, len(significant), compared, sig)
	// agreement of the gates with LRP
	lo, hi, n := 1.0, 0.0, 0
	for _, a := range r.Agreement {
		if a.Kept == 0 || a.Kept == a.Covered || !strings.HasPrefix(a.Run, "gt-") {
			continue
		}
		lo, hi, n = min(lo, a.AUCRelevance), max(hi, a.AUCRelevance), n+1
	}
	if n > 0 {
		fmt.Fprintf(&b, "| the heads the gates keep are the ones LRP finds most relevant | P(a kept head is more relevant than a removed one) %.3f–%.3f over %d encoder runs (0.5: no relation) |\n", lo, hi, n)
	}
	// heads with roles
	var encRoles, keptRoles []string
	for _, h := range r.Roles.WithRoles {
		if strings.HasPrefix(h.Head, enc+":") {
			encRoles = append(encRoles, h.Head+" "+strings.Join(h.Roles, "/"))
			if h.Kept != nil && *h.Kept {
				keptRoles = append(keptRoles, h.Head)
			}
		}
	}
	fmt.Fprintf(&b, "| the important encoder heads have roles: positional, syntactic, rare-word | %d encoder heads with a role on %s EWT sentences (%s); %d of them kept by %s |\n",
		len(encRoles), thousands(int64(r.Roles.Sentences)), orNone(strings.Join(encRoles, "; ")), len(keptRoles), r.Roles.Run)
	// the order in which the kinds close
	var orders []string
	for _, g := range r.AllKinds {
		orders = append(orders, runLabel(g)+": "+closingOrder(g))
	}
	fmt.Fprintf(&b, "| with all kinds gated, encoder–decoder (cross) attention is pruned last | first closing step of each kind: %s |\n", strings.Join(orders, "; "))
	return b.String()
}

// nearestBudget returns the encoder gate training whose budget is nearest n.
func nearestBudget(r *Results, n int) (GateRun, bool) {
	var best GateRun
	found := false
	for _, g := range r.Gates {
		if g.Target > 0 && (!found || abs(g.Target-n) < abs(best.Target-n)) {
			best, found = g, true
		}
	}
	return best, found
}

func abs(v int) int { return max(v, -v) }

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
