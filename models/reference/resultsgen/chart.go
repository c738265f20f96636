package main

import (
	"fmt"
	"html"
	"math"
	"sort"
	"strings"

	"onnxprune/graphedit/heads"
)

// Geometry of the BLEU-vs-heads chart, in SVG units (px at 100%).
const (
	chartW        = 860
	chartH        = 470
	plotLeft      = 64
	plotRight     = 600 // the legend is right of it
	plotTop       = 70
	plotBottom    = 410
	chartFontSize = 12
	// chartSpread is how far apart, in heads, the methods' points at one
	// budget are drawn, so that their intervals do not hide each other.
	chartSpread = 0.45
)

// chartPoint is one model on the chart.
type chartPoint struct {
	heads int
	m     Metric
	// note is the point's tooltip.
	note string
}

// chartSeries is one method's line (or, unjoined, its points).
type chartSeries struct {
	label  string
	color  string
	joined bool
	points []chartPoint
}

// chartColors are the series' colours, in the order of the series.
var chartColors = []string{"#1b6fb5", "#d95f02", "#1b9e77", "#7570b3", "#888888", "#1b6fb5"}

// bleuSeries builds the chart's series: gate training by budget, each
// ranking, then gate training by λ as separate points. Every line runs from
// the dense model (all encoder heads) to the model without encoder
// self-attention (0 heads); those two ends are drawn once, not per series.
func bleuSeries(r *Results) []chartSeries {
	note := func(label string, n int, s System) string {
		return fmt.Sprintf("%s, %d heads: BLEU %.2f (95%%: %.2f–%.2f), %s vs dense", label, n, s.BLEU.Score,
			s.BLEU.Mean-s.BLEU.CI, s.BLEU.Mean+s.BLEU.CI, r.bleuDiff(s))
	}
	byHeads := func(pts []chartPoint) []chartPoint {
		sort.SliceStable(pts, func(i, j int) bool { return pts[i].heads > pts[j].heads })
		return pts
	}
	var series []chartSeries
	gates := chartSeries{label: "gate training, budget", joined: true}
	lambdas := chartSeries{label: "gate training, λ"}
	for _, g := range r.Gates {
		n := g.Kept[string(heads.KindEncoder)]
		if g.Target > 0 {
			gates.points = append(gates.points, chartPoint{n, g.BLEU, note(runLabel(g), n, g.System)})
		} else {
			lambdas.points = append(lambdas.points, chartPoint{n, g.BLEU, note(runLabel(g), n, g.System)})
		}
	}
	gates.points = byHeads(gates.points)
	series = append(series, gates)
	_, methods, at := rankingGrid(r)
	for _, m := range methods {
		s := chartSeries{label: methodName(m), joined: true}
		for n, k := range at[m] {
			s.points = append(s.points, chartPoint{n, k.BLEU, note(methodName(m), n, k.System)})
		}
		s.points = byHeads(s.points)
		series = append(series, s)
	}
	if len(lambdas.points) > 0 {
		lambdas.points = byHeads(lambdas.points)
		series = append(series, lambdas)
	}
	for i := range series {
		series[i].color = chartColors[i%len(chartColors)]
	}
	return series
}

// niceStep returns a tick step of 1, 2 or 5 times a power of ten that puts
// about five ticks across span.
func niceStep(span float64) float64 {
	raw := span / 5
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, f := range []float64{1, 2, 5, 10} {
		if f*p >= raw {
			return f * p
		}
	}
	return 10 * p
}

// bleuChart draws test BLEU against the encoder heads kept: one line per
// method, each point with its 95% bootstrap interval, every line joined to
// the dense model at all heads and to the model without encoder
// self-attention at 0 (both in black); the dense model's BLEU is also a
// dashed line over its interval's band.
func bleuChart(r *Results) string {
	series := bleuSeries(r)
	all := r.Dense.Total[string(heads.KindEncoder)]
	dense := chartPoint{all, r.Dense.BLEU, "dense model: " + pointText(r.Dense)}
	none := chartPoint{0, r.NoEncoder.BLEU, "no encoder self-attention: " + pointText(r.NoEncoder) + ", " + r.bleuDiff(r.NoEncoder) + " vs dense"}
	lo, hi := math.Inf(1), math.Inf(-1)
	widen := func(p chartPoint) {
		lo = min(lo, p.m.Score, p.m.Mean-p.m.CI)
		hi = max(hi, p.m.Score, p.m.Mean+p.m.CI)
	}
	widen(dense)
	widen(none)
	for _, s := range series {
		for _, p := range s.points {
			widen(p)
		}
	}
	if hi-lo < 0.5 {
		mid := (hi + lo) / 2
		lo, hi = mid-0.25, mid+0.25
	}
	step := niceStep(hi - lo)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	// the heads axis runs a little beyond 0 and all, for the spread points
	pad := chartSpread * float64(len(series)+1) / 2
	x := func(h float64) float64 {
		return plotLeft + (plotRight-plotLeft)*(h+pad)/(float64(all)+2*pad)
	}
	y := func(v float64) float64 { return plotBottom - (plotBottom-plotTop)*(v-lo)/(hi-lo) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="%d">`+"\n",
		chartW, chartH, chartW, chartH, chartFontSize)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", chartW, chartH)
	fmt.Fprintf(&b, `<text x="8" y="18" font-weight="bold">Test BLEU vs encoder heads kept (%d test verses)</text>`+"\n", r.TestSentences)
	fmt.Fprintf(&b, `<text x="8" y="36">dot: BLEU; bar: 95%% paired-bootstrap interval (%s resamples); dashed: the dense model, its interval shaded</text>`+"\n", thousands(int64(r.Bootstrap.Resamples)))
	fmt.Fprintf(&b, `<text x="8" y="%d">test BLEU</text>`+"\n", plotTop-12)
	// the dense model's band and line
	d := r.Dense.BLEU
	fmt.Fprintf(&b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="#eeeeee"/>`+"\n", plotLeft, y(d.Mean+d.CI), plotRight-plotLeft, y(d.Mean-d.CI)-y(d.Mean+d.CI))
	fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#555" stroke-dasharray="5 4"/>`+"\n", plotLeft, y(d.Score), plotRight, y(d.Score))
	// axes, ticks and grid
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", plotLeft, plotBottom, plotRight, plotBottom)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", plotLeft, plotTop, plotLeft, plotBottom)
	for v := lo; v <= hi+step/2; v += step {
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n",
			plotLeft, y(v), plotRight, y(v), plotLeft-6, y(v)+4, trimFloat(v, step))
	}
	xStep := 8
	if all <= 16 {
		xStep = 2
	}
	for h := 0; h <= all; h += xStep {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#333"/><text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n",
			x(float64(h)), plotBottom, x(float64(h)), plotBottom+5, x(float64(h)), plotBottom+19, h)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">encoder heads kept (of %d)</text>`+"\n", (plotLeft+plotRight)/2, plotBottom+40, all)
	// the series: lines from the dense model through the budgets to none
	for i, s := range series {
		dx := (float64(i) - float64(len(series)-1)/2) * chartSpread
		if s.joined {
			path := []string{fmt.Sprintf("%.1f,%.1f", x(float64(all)), y(dense.m.Score))}
			for _, p := range s.points {
				path = append(path, fmt.Sprintf("%.1f,%.1f", x(float64(p.heads)+dx), y(p.m.Score)))
			}
			path = append(path, fmt.Sprintf("%.1f,%.1f", x(0), y(none.m.Score)))
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(path, " "), s.color)
		}
		for _, p := range s.points {
			writePoint(&b, p, x(float64(p.heads)+dx), y, s.color, s.joined)
		}
	}
	for _, p := range []chartPoint{dense, none} {
		writePoint(&b, p, x(float64(p.heads)), y, "#000000", true)
	}
	// legend
	lx := plotRight + 24
	for i, s := range series {
		ly := plotTop + 10 + i*22
		if s.joined {
			fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1.5"/><circle cx="%d" cy="%d" r="3.5" fill="%s"/>`,
				lx, ly, lx+24, ly, s.color, lx+12, ly, s.color)
		} else {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="7" height="7" fill="white" stroke="%s" stroke-width="1.5"/>`, lx+9, ly-4, s.color)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", lx+32, ly+4, html.EscapeString(s.label))
	}
	ly := plotTop + 10 + len(series)*22
	fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="3.5" fill="#000000"/><text x="%d" y="%d">dense (%d) and none (0)</text>`+"\n", lx+12, ly, lx+32, ly+4, all)
	ly += 22
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#555" stroke-dasharray="5 4"/><text x="%d" y="%d">dense model's BLEU</text>`+"\n", lx, ly, lx+24, ly, lx+32, ly+4)
	b.WriteString("</svg>\n")
	return b.String()
}

// pointText is a system's BLEU and interval for a tooltip.
func pointText(s System) string {
	return fmt.Sprintf("BLEU %.2f (95%%: %.2f–%.2f)", s.BLEU.Score, s.BLEU.Mean-s.BLEU.CI, s.BLEU.Mean+s.BLEU.CI)
}

// writePoint draws one point at px with its interval bar and tooltip: a
// dot, or a hollow square for a point not on a line.
func writePoint(b *strings.Builder, p chartPoint, px float64, y func(float64) float64, color string, dot bool) {
	fmt.Fprintf(b, `<g><title>%s</title><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="1.5"/>`,
		html.EscapeString(p.note), px, y(p.m.Mean-p.m.CI), px, y(p.m.Mean+p.m.CI), color)
	if dot {
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/></g>`+"\n", px, y(p.m.Score), color)
	} else {
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="7" height="7" fill="white" stroke="%s" stroke-width="1.5"/></g>`+"\n", px-3.5, y(p.m.Score)-3.5, color)
	}
}

// trimFloat writes a tick value with as many decimals as the step needs.
func trimFloat(v, step float64) string {
	d := max(0, int(math.Ceil(-math.Log10(step)-1e-9)))
	return fmt.Sprintf("%.*f", d, v)
}
