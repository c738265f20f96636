package verify

import (
	"encoding/json"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"onnxprune/internal/safefile"
)

// Report file names inside the output folder.
const (
	ReportJSON     = "verify.json"
	ReportMarkdown = "report.md"
	ReportHTML     = "report.html"
	OriginalHyp    = "original.hyp"
	PrunedHyp      = "pruned.hyp"
)

// WriteReports writes verify.json, report.md, report.html and the two
// models' translations into dir (created if missing), each through a
// temporary file renamed into place. A partial (interrupted) report is
// written the same way and says so.
func WriteReports(dir string, r *Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("verify: %s: %w", ReportJSON, err)
	}
	files := []struct {
		name string
		data []byte
	}{
		{ReportJSON, append(js, '\n')},
		{ReportMarkdown, []byte(Markdown(r))},
		{ReportHTML, []byte(HTML(r))},
	}
	for _, h := range []struct {
		name string
		mr   *ModelReport
	}{{OriginalHyp, &r.Original}, {PrunedHyp, &r.Pruned}} {
		if h.mr.Hypotheses != nil {
			files = append(files, struct {
				name string
				data []byte
			}{h.name, []byte(strings.Join(h.mr.Hypotheses, "\n") + "\n")})
		}
	}
	for _, f := range files {
		if err := safefile.WriteFileAtomic(filepath.Join(dir, f.name), f.data); err != nil {
			return fmt.Errorf("verify: %w", err)
		}
	}
	return nil
}

func fnum(x float64, prec int) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return fmt.Sprint(x)
	}
	return fmt.Sprintf("%.*f", prec, x)
}

func bytesHuman(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func countHuman(n float64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.3g G", n/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.3g M", n/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.3g k", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}

// table is a report table rendered as Markdown or HTML.
type table struct {
	head []string
	rows [][]string
}

func (t table) markdown() string {
	var b strings.Builder
	b.WriteString("| " + strings.Join(t.head, " | ") + " |\n|")
	for range t.head {
		b.WriteString(" --- |")
	}
	b.WriteString("\n")
	for _, r := range t.rows {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	return b.String()
}

func (t table) html() string {
	var b strings.Builder
	b.WriteString("<table>\n<tr>")
	for _, h := range t.head {
		b.WriteString("<th>" + html.EscapeString(h) + "</th>")
	}
	b.WriteString("</tr>\n")
	for _, r := range t.rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + html.EscapeString(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
	return b.String()
}

// section is a titled part of the report.
type section struct {
	title  string
	notes  []string
	tables []table
}

func (r *Report) status() string {
	switch {
	case r.Interrupted:
		return fmt.Sprintf("INTERRUPTED during %s: partial report", r.Stage)
	case r.Stage != "done":
		return fmt.Sprintf("FAILED during %s: partial report", r.Stage)
	case r.Passed:
		return "PASSED"
	}
	return "THRESHOLD MISSED: " + strings.Join(r.Failures, "; ")
}

func (r *Report) sections() []section {
	var out []section
	models := table{head: []string{"", "original", "pruned"}}
	add := func(name string, f func(m *ModelReport) string) {
		models.rows = append(models.rows, []string{name, f(&r.Original), f(&r.Pruned)})
	}
	add("files", func(m *ModelReport) string { return strings.Join(m.Files, " + ") })
	add("layout", func(m *ModelReport) string { return string(m.Layout) })
	add("file size", func(m *ModelReport) string { return bytesHuman(m.FileBytes) })
	add("parameters", func(m *ModelReport) string {
		if m.Params == nil {
			return "–"
		}
		return fmt.Sprintf("%d", m.Params.Total)
	})
	add("FLOPs per generated token", func(m *ModelReport) string {
		if m.FLOPs == nil {
			return "–"
		}
		return countHuman(m.FLOPs.PerToken)
	})
	add("FLOPs per source token (encoder)", func(m *ModelReport) string {
		if m.FLOPs == nil || m.FLOPs.Encoder.FLOPs == 0 {
			return "–"
		}
		return countHuman(m.FLOPs.PerSourceToken)
	})
	add("translation time", func(m *ModelReport) string { return fnum(m.TranslateSeconds, 2) + " s" })
	add("generated tokens", func(m *ModelReport) string { return fmt.Sprint(m.Tokens) })
	add("special ids", func(m *ModelReport) string { return m.Specials })
	out = append(out, section{title: "Models", tables: []table{models}})

	q := section{title: "Quality"}
	if r.Original.Scores != nil && r.Pruned.Scores != nil {
		o, p := r.Original.Scores, r.Pruned.Scores
		q.tables = append(q.tables, table{head: []string{"metric", "original", "pruned", "drop"}, rows: [][]string{
			{"BLEU", fnum(o.BLEU.Score, 2), fnum(p.BLEU.Score, 2), fnum(*r.BLEUDrop, 2)},
			{o.ChrF.Name, fnum(o.ChrF.Score, 2), fnum(p.ChrF.Score, 2), fnum(*r.ChrFDrop, 2)},
		}})
		q.notes = append(q.notes, "BLEU signature: "+o.BLEU.Signature, "chrF signature: "+o.ChrF.Signature)
	} else {
		q.notes = append(q.notes, "no references: BLEU and chrF not computed")
	}
	if r.Sentences > 0 {
		q.notes = append(q.notes, fmt.Sprintf("identical translations: %d of %d (%.1f%%)", r.Identical, r.Sentences, 100*r.IdenticalShare))
	}
	if l := r.Logits; l != nil && l.Max == 0 {
		q.notes = append(q.notes, fmt.Sprintf("teacher-forced logits: identical at all %d positions", l.Positions))
	} else if l != nil {
		q.notes = append(q.notes, fmt.Sprintf("largest teacher-forced logit difference: %.6g (sentence %d, position %d, id %d) over %d positions; mean per-position max %.4g; same top id at %.1f%% of positions",
			l.Max, l.Sentence, l.Position, l.Token, l.Positions, l.MeanMax, 100*l.ArgmaxAgree))
	}
	if e := r.Equivalence; e != nil {
		q.notes = append(q.notes, equivalenceSentence(e))
	} else if r.EquivalenceNote != "" {
		q.notes = append(q.notes, "gated vs pruned: "+r.EquivalenceNote)
	}
	out = append(out, q)

	sp := section{title: "Speed"}
	provs := map[string]bool{}
	for p := range r.Original.Bench {
		provs[p] = true
	}
	var names []string
	for p := range provs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		bo, bp := r.Original.Bench[p], r.Pruned.Bench[p]
		if bo == nil || bp == nil {
			continue
		}
		memory := memoryComparable(bo, bp)
		head := []string{"provider", "batch", "model", "encoder median / p90 ms", "step median / p90 ms", "sentence median / p90 ms", "tokens/s"}
		if memory {
			head = append(head, "peak RSS")
		}
		t := table{head: head}
		for i := range min(len(bo.Batches), len(bp.Batches)) {
			for k, b := range []*Bench{bo, bp} {
				bb := b.Batches[i]
				enc := "–"
				if bb.Encoder != nil {
					enc = fnum(bb.Encoder.Median, 3) + " / " + fnum(bb.Encoder.P90, 3)
				}
				row := []string{p, fmt.Sprint(bb.Batch), modelNames[k], enc,
					fnum(bb.Step.Median, 3) + " / " + fnum(bb.Step.P90, 3),
					fnum(bb.Sentence.Median, 2) + " / " + fnum(bb.Sentence.P90, 2),
					fnum(bb.TokensPerSec, 1)}
				if memory {
					row = append(row, bytesHuman(b.PeakRSS))
				}
				t.rows = append(t.rows, row)
			}
		}
		sp.tables = append(sp.tables, t)
		mem := "peak RSS not compared: the models were timed in this process, whose peak includes the earlier stages (verify times each model in a process of its own unless --bench-in-process)"
		if memory {
			mem = fmt.Sprintf("peak RSS %s (original) and %s (pruned), each model timed in a process of its own", bytesHuman(bo.PeakRSS), bytesHuman(bp.PeakRSS))
		}
		sp.notes = append(sp.notes, fmt.Sprintf("%s: %d intra-op threads asked (0: ONNX Runtime's default), %d CPUs, %s%s, cached decoding %v, step after %d tokens; %s; load average %.2f→%.2f (original), %.2f→%.2f (pruned)",
			p, bo.Threads, bo.NumCPU, runsString(bo), perRunString(bo), bo.Cached, stepPast(bo), mem, bo.LoadAvg[0], bo.LoadAvg[1], bp.LoadAvg[0], bp.LoadAvg[1]))
	}
	if len(r.Speedups) > 0 {
		t := table{head: []string{"provider", "batch", "encoder", "encoder FLOP bound", "decoder step", "step FLOP bound", "tokens/s", "per-token FLOP bound"}}
		for _, s := range r.Speedups {
			t.rows = append(t.rows, []string{s.Provider, fmt.Sprint(s.Batch), s.EncoderSpeedup.String(), boundStr(s.EncoderBound, s.EncoderSpeedup),
				s.StepSpeedup.String(), boundStr(s.StepBound, s.StepSpeedup), s.TokensSpeedup.String(), boundStr(s.PerTokenBound, s.TokensSpeedup)})
		}
		sp.tables = append(sp.tables, t)
		sp.notes = append(sp.notes, speedupNotes...)
	}
	if len(sp.tables) == 0 {
		sp.notes = append(sp.notes, "not measured")
	}
	out = append(out, sp)
	return out
}

// runsString says how the timed runs were made: warm-up and timed runs,
// and the interleaved rounds.
func runsString(b *Bench) string {
	if b.Rounds <= 1 {
		return fmt.Sprintf("%d warm-up and %d timed runs", b.Warmup, b.Repeats)
	}
	return fmt.Sprintf("%d timed runs interleaved in %d rounds (original and pruned alternately, ABBA order, each job in a fresh session after %d warm-up runs), statistics over all rounds' runs",
		b.Repeats, b.Rounds, b.Warmup)
}

// perRunString says how many batches one timed run covers at each batch
// size (BenchBatch.PerRun), or "" when every run covers one.
func perRunString(b *Bench) string {
	var parts []string
	for _, bb := range b.Batches {
		if bb.PerRun > 1 {
			parts = append(parts, fmt.Sprintf("%d batches of %d", bb.PerRun, bb.Batch))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; a timed run translates " + strings.Join(parts, ", ") + " one after the other (times of the encoder and the step per batch)"
}

func stepPast(b *Bench) int {
	if len(b.Batches) == 0 {
		return 0
	}
	return b.Batches[0].StepPast
}

// speedupNotes explain the speedup table, the summary's speedup lines and
// the chart, which show the same ratios.
var speedupNotes = []string{
	"speedup = original time / pruned time (tokens/s: pruned / original), above 1 when the pruned model is faster; FLOP bound = original FLOPs / pruned FLOPs of the MatMul/Gemm nodes at batch 1",
	"with interleaved rounds the speedup is the median over rounds of each round's ratio of medians (both models timed back to back, under the same load) and the range in brackets is the smallest and largest round's ratio, from 6 rounds on the distribution-free 95% interval of that median (the k-th smallest to the k-th largest round ratio); with one round it is the ratio of the medians and the range comes from the quartiles of the runs",
	"not significant: the range includes 1, so the difference is within the variation of the measurement; unchanged: the pruning did not change that part, so its timing difference is noise and no speedup is given",
}

// boundStr gives a FLOP bound, or "–" for an unchanged part or none.
func boundStr(x float64, r Ratio) string {
	if x == 0 || r.Unchanged != "" {
		return "–"
	}
	return "×" + fnum(x, 2)
}

// memoryComparable says whether the two benchmarks' peak RSS measure the
// same thing: each model in a process of its own, its peak reset first or
// the process fresh.
func memoryComparable(a, b *Bench) bool {
	return a.Isolated && b.Isolated && a.PeakRSS > 0 && b.PeakRSS > 0
}

// equivalenceSentence states the gated-versus-pruned check as a sentence.
func equivalenceSentence(e *Equivalence) string {
	verdict := "agree: the cut removed exactly the gated heads"
	if !e.Passed {
		verdict = "DIFFER: the cut does not compute what the gated original computes"
	}
	return fmt.Sprintf("The pruned model and the gated original (%s) %s; their largest logit difference is %.3g against a tolerance of %.3g, over the %s.",
		e.Gated, verdict, e.MaxAbsDiff, e.Tolerance, e.Note)
}

// Markdown renders the report as Markdown.
func Markdown(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# onnxprune verify\n\n**%s**\n\n", r.status())
	fmt.Fprintf(&b, "Source %s (%d sentences), references %s; ONNX Runtime %s; %s.\n\n",
		r.Src, r.Sentences, strings.Join(r.Refs, ", "), r.ORT, searchString(r.Search))
	for _, s := range r.sections() {
		fmt.Fprintf(&b, "## %s\n\n", s.title)
		for _, t := range s.tables {
			b.WriteString(t.markdown() + "\n")
		}
		for _, n := range s.notes {
			b.WriteString("- " + n + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

func searchString(o SearchOptions) string {
	mode := "greedy search"
	if o.Beam > 1 {
		mode = fmt.Sprintf("beam search (%d beams, length penalty %g, early stopping %v)", o.Beam, o.LengthPenalty, o.EarlyStopping)
	}
	return fmt.Sprintf("%s, batch %d, length limit min(%d, %g·src+%d)", mode, o.Batch, o.MaxLen, o.MaxLenA, o.MaxLenB)
}

// HTML renders the report as a standalone HTML page with an SVG chart of
// the speedups (the ratios of the speedup table, with their ranges).
func HTML(r *Report) string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>onnxprune verify</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:sans-serif;max-width:72em;margin:2em auto;padding:0 1em;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:1em 0;max-width:100%}
td,th{border:1px solid #bbb;padding:.25em .6em;text-align:left;vertical-align:top}th{background:#eee}
.status{font-weight:bold}svg{max-width:100%;height:auto}</style>
</head><body>
<h1>onnxprune verify</h1>
`)
	fmt.Fprintf(&b, "<p class=\"status\">%s</p>\n<p>%s</p>\n", html.EscapeString(r.status()),
		html.EscapeString(fmt.Sprintf("Source %s (%d sentences), references %s; ONNX Runtime %s; %s.",
			r.Src, r.Sentences, strings.Join(r.Refs, ", "), r.ORT, searchString(r.Search))))
	for _, s := range r.sections() {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", html.EscapeString(s.title))
		for _, t := range s.tables {
			b.WriteString(t.html())
		}
		if len(s.notes) > 0 {
			b.WriteString("<ul>\n")
			for _, n := range s.notes {
				b.WriteString("<li>" + html.EscapeString(n) + "</li>\n")
			}
			b.WriteString("</ul>\n")
		}
		if s.title == "Speed" {
			b.WriteString(SpeedupSVG(r))
		}
	}
	b.WriteString("</body></html>\n")
	return b.String()
}
