package verify

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// Geometry of the speedup chart, in SVG units (px at 100%): labels on the
// left, the plot in the middle, each ratio's text on the right.
const (
	chartWidth    = 880
	chartLabelW   = 190 // label column
	chartPlotW    = 440 // plot area
	chartRowH     = 22
	chartTop      = 46 // below the title and the legend line
	chartFontSize = 12
)

// chartRow is one ratio of the speedup chart.
type chartRow struct {
	label string
	r     Ratio
}

// speedupRows lists the ratios the chart draws, in the speedup table's
// order: per provider and batch, encoder, decoder step and tokens/s.
func speedupRows(r *Report) []chartRow {
	var rows []chartRow
	for _, s := range r.Speedups {
		at := fmt.Sprintf("%s batch %d", s.Provider, s.Batch)
		if s.EncoderSpeedup.Value > 0 || s.EncoderSpeedup.Unchanged != "" {
			rows = append(rows, chartRow{at + " encoder", s.EncoderSpeedup})
		}
		rows = append(rows, chartRow{at + " decoder step", s.StepSpeedup}, chartRow{at + " tokens/s", s.TokensSpeedup})
	}
	return rows
}

// chartDomain returns the log-scale domain of the chart: symmetric about 1,
// covering every range and at least ×0.8 … ×1.25.
func chartDomain(rows []chartRow) (lo, hi float64) {
	m := math.Log(1.25)
	for _, row := range rows {
		if row.r.Value > 0 {
			m = max(m, math.Abs(math.Log(row.r.Low)), math.Abs(math.Log(row.r.High)), math.Abs(math.Log(row.r.Value)))
		}
	}
	m *= 1.08
	return math.Exp(-m), math.Exp(m)
}

// chartTickGap is the least distance between two tick labels (px).
const chartTickGap = 48

// chartTicks are the ratios marked on the axis: ×1 and the nice values
// inside the domain, nearest to ×1 first, each at least chartTickGap from
// those already taken (x gives a ratio's position).
func chartTicks(lo, hi float64, x func(float64) float64) []float64 {
	cands := []float64{1, 0.9, 1.1, 0.8, 1.25, 0.67, 1.5, 0.5, 2, 0.33, 3, 0.25, 4, 0.2, 5, 0.1, 10}
	var out []float64
	for _, t := range cands {
		if t < lo || t > hi {
			continue
		}
		free := true
		for _, o := range out {
			free = free && math.Abs(x(t)-x(o)) >= chartTickGap
		}
		if free {
			out = append(out, t)
		}
	}
	return out
}

// SpeedupSVG draws the report's speedups on one log scale shared by all
// rows: a dot at each ratio with a bar over its range, a dashed line at ×1,
// and the ratio as text beside it (the same text as the speedup table's); an
// unchanged part is a row that says so. Empty without speedups.
func SpeedupSVG(r *Report) string {
	rows := speedupRows(r)
	if len(rows) == 0 {
		return ""
	}
	lo, hi := chartDomain(rows)
	x := func(v float64) float64 {
		return chartLabelW + chartPlotW*(math.Log(v)-math.Log(lo))/(math.Log(hi)-math.Log(lo))
	}
	h := chartTop + len(rows)*chartRowH + 34
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="%d">`+"\n",
		chartWidth, h, chartWidth, h, chartFontSize)
	b.WriteString(`<text x="4" y="16" font-weight="bold">Speedup of the pruned model (original time / pruned time; right of ×1: pruned faster)</text>` + "\n")
	b.WriteString(`<text x="4" y="34">dot: the speedup; bar: its range (round ratios, or quartiles with one round); grey: not significant</text>` + "\n")
	plotBottom := chartTop + len(rows)*chartRowH
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#555" stroke-dasharray="4 3"/>`+"\n", x(1), chartTop-4, x(1), plotBottom)
	for i, row := range rows {
		y := chartTop + i*chartRowH + chartRowH/2
		fmt.Fprintf(&b, `<text x="4" y="%d">%s</text>`+"\n", y+4, html.EscapeString(row.label))
		switch {
		case row.r.Unchanged != "":
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#777">unchanged: no speedup</text>`+"\n", chartLabelW+chartPlotW+10, y+4)
		case row.r.Value <= 0:
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#777">not measured</text>`+"\n", chartLabelW+chartPlotW+10, y+4)
		default:
			col := "#2a6fb0"
			verdict := ""
			if !row.r.Significant() {
				col, verdict = "#999", " n.s."
			}
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="3"/>`+"\n", x(row.r.Low), y, x(row.r.High), y, col)
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%d" r="4.5" fill="%s"/>`+"\n", x(row.r.Value), y, col)
			fmt.Fprintf(&b, `<text x="%d" y="%d">×%.2f (%.2f–%.2f)%s</text>`+"\n", chartLabelW+chartPlotW+10, y+4, row.r.Value, row.r.Low, row.r.High, verdict)
		}
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#555"/>`+"\n", chartLabelW, plotBottom, chartLabelW+chartPlotW, plotBottom)
	for _, t := range chartTicks(lo, hi, x) {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#555"/><text x="%.1f" y="%d" text-anchor="middle">×%g</text>`+"\n",
			x(t), plotBottom, x(t), plotBottom+5, x(t), plotBottom+19, t)
	}
	b.WriteString("</svg>\n")
	return b.String()
}
