package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"onnxprune/verify/score"
)

// pairedSystem is one --hyp of a paired test: its name and file.
type pairedSystem struct {
	name, path string
}

// parsePairedSystem reads a --hyp value as NAME=FILE, or as a file named by
// the whole value when that file exists or there is no "=".
func parsePairedSystem(v string) pairedSystem {
	name, path, ok := strings.Cut(v, "=")
	if !ok || name == "" || path == "" {
		return pairedSystem{name: v, path: v}
	}
	if _, err := os.Stat(v); err == nil {
		return pairedSystem{name: v, path: v}
	}
	return pairedSystem{name: name, path: path}
}

// pairedMetric is one metric's outcome of the paired test.
type pairedMetric struct {
	// name is sacreBLEU's column name: BLEU, chrF2, chrF2++.
	name      string
	signature string
	results   []score.BootstrapResult
}

// pairedJSON is the --json document of --paired-bs.
type pairedJSON struct {
	Refs      []string `json:"refs"`
	Segments  int      `json:"segments"`
	Test      string   `json:"test"`
	Resamples int      `json:"resamples"`
	Seed      uint64   `json:"seed"`
	// Signatures maps each metric's name to its signature with the
	// bootstrap's fields.
	Signatures map[string]string `json:"signatures"`
	// Systems lists the systems in --hyp order, the baseline first.
	Systems []pairedSystemJSON `json:"systems"`
}

// pairedSystemJSON is one system's results: Scores maps a metric's name to
// its score, bootstrap mean, interval half-width and p-value (null for the
// baseline), at full precision.
type pairedSystemJSON struct {
	Name     string                           `json:"name"`
	Hyp      string                           `json:"hyp"`
	Baseline bool                             `json:"baseline"`
	Scores   map[string]score.BootstrapResult `json:"scores"`
}

// runPaired runs the paired bootstrap test over the --hyp systems.
func (o *scoreOptions) runPaired(ctx context.Context, stdout io.Writer) error {
	systems := make([]pairedSystem, len(o.hyps))
	for i, v := range o.hyps {
		systems[i] = parsePairedSystem(v)
	}
	o.hyp = systems[0].path
	base, refs, err := o.readStreams()
	if err != nil {
		return err
	}
	hyps := [][]string{base}
	for _, s := range systems[1:] {
		lines, err := score.ReadLines(s.path)
		if err != nil {
			return fmt.Errorf("--hyp: %w", err)
		}
		if len(lines) != len(base) {
			return fmt.Errorf("--hyp %s has %d lines but --hyp %s has %d", s.path, len(lines), systems[0].path, len(base))
		}
		hyps = append(hyps, lines)
	}
	var metrics []pairedMetric
	for _, m := range o.metrics {
		if err := ctx.Err(); err != nil {
			return err
		}
		var pm pairedMetric
		switch m {
		case "bleu":
			pm.name, pm.signature = "BLEU", o.bleu.Signature(len(refs))
			pm.results, err = o.bleu.PairedBootstrap(hyps, refs, o.bootstrap)
		case "chrf":
			pm.name, pm.signature = o.chrf.Name(), o.chrf.Signature(len(refs))
			pm.results, err = o.chrf.PairedBootstrap(hyps, refs, o.bootstrap)
		}
		if err != nil {
			return err
		}
		pm.signature = o.bootstrap.Signature(pm.signature)
		metrics = append(metrics, pm)
	}
	if o.json {
		doc := pairedJSON{Refs: o.refs, Segments: len(base), Test: "paired-bs", Resamples: o.bootstrap.Resamples,
			Seed: o.bootstrap.Seed, Signatures: map[string]string{}}
		for _, m := range metrics {
			doc.Signatures[m.name] = m.signature
		}
		for i, s := range systems {
			sj := pairedSystemJSON{Name: s.name, Hyp: s.path, Baseline: i == 0, Scores: map[string]score.BootstrapResult{}}
			for _, m := range metrics {
				sj.Scores[m.name] = m.results[i]
			}
			doc.Systems = append(doc.Systems, sj)
		}
		return writeJSON(stdout, doc)
	}
	_, err = io.WriteString(stdout, formatPairedReport(systems, metrics, o.bootstrap.Resamples, o.width))
	return err
}

// baselinePrefix marks the baseline's name, as sacreBLEU does.
const baselinePrefix = "Baseline: "

// formatPairedReport returns what `sacrebleu -f text --paired-bs` prints,
// without colour: the table of scores, the explanation of the test and the
// signatures.
func formatPairedReport(systems []pairedSystem, metrics []pairedMetric, resamples, width int) string {
	headers := []string{"System"}
	cols := make([][]string, 1+len(metrics))
	for i, s := range systems {
		name := strings.TrimSpace(s.name)
		if i == 0 {
			name = baselinePrefix + name
		}
		cols[0] = append(cols[0], name)
	}
	for j, m := range metrics {
		headers = append(headers, m.name+" (μ ± 95% CI)")
		for _, r := range m.results {
			cell := fmt.Sprintf("%s (%s ± %s)", fixed(r.Score, width), fixed(r.Mean, width), fixed(r.CI, width))
			if r.PValue != nil {
				cell += "\n(p = " + fixed(*r.PValue, 4) + ")"
				if *r.PValue <= 0.05 {
					cell += "*"
				}
			}
			cols[j+1] = append(cols[j+1], cell)
		}
	}
	var b strings.Builder
	b.WriteString(fancyGrid(headers, cols))
	b.WriteString("\n\n")
	msg := fmt.Sprintf("Paired bootstrap resampling test with %d resampling trials", resamples)
	rule := strings.Repeat("-", len(msg))
	baseline := baselinePrefix + strings.TrimSpace(systems[0].name)
	fmt.Fprintf(&b, "%s\n%s\n%s\n", rule, msg, rule)
	fmt.Fprintf(&b, ` - Each system is pairwise compared to %s.
   Actual system score / bootstrap estimated true mean / 95%% CI are provided for each metric.

 - Null hypothesis: the system and the baseline translations are essentially
   generated by the same underlying process. For a given system and the baseline,
   the p-value is roughly the probability of the absolute score difference (delta)
   or higher occurring due to chance, under the assumption that the null hypothesis is correct.

 - Assuming a significance threshold of 0.05, the null hypothesis can be rejected
   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be attributed
   to chance, hence the system is significantly "different" than the baseline.
   Otherwise, the p-values are highlighted in red.

 - NOTE: Significance does not tell whether a system is "better" than the baseline but rather
   emphasizes the "difference" of the systems in terms of the replicability of the delta.

-----------------
Metric signatures
-----------------
`, baseline)
	for _, m := range metrics {
		fmt.Fprintf(&b, " - %-10s %s\n", m.name, m.signature)
	}
	return b.String()
}

func fixed(x float64, width int) string {
	return fmt.Sprintf("%.*f", width, x)
}

// fancyGrid lays out a table as Python's tabulate does with tablefmt
// "fancy_grid", the first column right-aligned and the others centred, as
// sacreBLEU asks: cells may hold several lines, each aligned on its own; a
// column is as wide as its widest line and at least two wider than its
// header.
func fancyGrid(headers []string, cols [][]string) string {
	widths := make([]int, len(headers))
	for j, h := range headers {
		widths[j] = utf8.RuneCountInString(h) + 2
		for _, cell := range cols[j] {
			for _, line := range strings.Split(cell, "\n") {
				widths[j] = max(widths[j], utf8.RuneCountInString(line))
			}
		}
	}
	align := func(j int, s string) string {
		pad := widths[j] - utf8.RuneCountInString(s)
		if j == 0 {
			return strings.Repeat(" ", pad) + s
		}
		return strings.Repeat(" ", pad/2) + s + strings.Repeat(" ", pad-pad/2)
	}
	rule := func(left, fill, mid, right string) string {
		parts := make([]string, len(widths))
		for j, w := range widths {
			parts[j] = strings.Repeat(fill, w+2)
		}
		return left + strings.Join(parts, mid) + right + "\n"
	}
	row := func(cells []string) string {
		lines := make([][]string, len(cells))
		height := 0
		for j, c := range cells {
			lines[j] = strings.Split(c, "\n")
			height = max(height, len(lines[j]))
		}
		var b strings.Builder
		for k := range height {
			parts := make([]string, len(cells))
			for j := range cells {
				line := ""
				if k < len(lines[j]) {
					line = lines[j][k]
				}
				parts[j] = align(j, line)
			}
			b.WriteString("│ " + strings.Join(parts, " │ ") + " │\n")
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteString(rule("╒", "═", "╤", "╕"))
	b.WriteString(row(headers))
	b.WriteString(rule("╞", "═", "╪", "╡"))
	for i := range cols[0] {
		cells := make([]string, len(cols))
		for j := range cols {
			cells[j] = cols[j][i]
		}
		if i > 0 {
			b.WriteString(rule("├", "─", "┼", "┤"))
		}
		b.WriteString(row(cells))
	}
	b.WriteString(rule("╘", "═", "╧", "╛"))
	return strings.TrimSuffix(b.String(), "\n")
}
