package attribution

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"onnxprune/graphedit/heads"
)

// Measure picks one number of a head for a heatmap; ok false leaves the
// cell empty.
type Measure func(h HeadReport) (v float64, ok bool)

// Measures for the heatmaps.
var (
	MeasureRelevance  Measure = func(h HeadReport) (float64, bool) { return h.Relevance, true }
	MeasureImportance Measure = func(h HeadReport) (float64, bool) { return h.Importance, true }
	MeasureConfidence Measure = func(h HeadReport) (float64, bool) {
		if h.Confidence == nil {
			return 0, false
		}
		return *h.Confidence, true
	}
)

const (
	cell   = 44
	margin = 56
	gap    = 36
)

// grid lays the heads of one kind out as layers × heads.
type grid struct {
	kind   heads.Kind
	layers int
	heads  int
	cells  map[[2]int]HeadReport
}

// decided says whether a pruning decision marks any head of g.
func (g grid) decided() bool {
	for _, h := range g.cells {
		if h.Kept != nil {
			return true
		}
	}
	return false
}

func grids(rep *Report) []grid {
	var out []grid
	for _, k := range heads.Kinds {
		g := grid{kind: k, cells: map[[2]int]HeadReport{}}
		for _, h := range rep.Heads {
			if h.Kind != k {
				continue
			}
			g.cells[[2]int{h.Layer, h.Head}] = h
			g.layers = max(g.layers, h.Layer+1)
			g.heads = max(g.heads, h.Head+1)
		}
		if len(g.cells) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// color maps t in [0,1] to a white → dark blue ramp; negative values of a
// signed measure (t < 0, down to −1) go to red.
func color(t float64) string {
	t = math.Max(-1, math.Min(1, t))
	if t < 0 {
		a := -t
		return fmt.Sprintf("rgb(%d,%d,%d)", 255, int(255-170*a), int(255-170*a))
	}
	return fmt.Sprintf("rgb(%d,%d,%d)", int(255-225*t), int(255-185*t), int(255-95*t))
}

// WriteHeatmapSVG writes a layers × heads heatmap of one measure, one
// panel per attention kind, each cell labelled with its value. Colours
// are scaled by the largest absolute value over all heads.
func WriteHeatmapSVG(w io.Writer, rep *Report, title string, m Measure) error {
	gs := grids(rep)
	scale := 0.0
	for _, h := range rep.Heads {
		if v, ok := m(h); ok {
			scale = math.Max(scale, math.Abs(v))
		}
	}
	if scale == 0 {
		scale = 1
	}
	return writePanels(w, gs, title, func(h HeadReport) (string, string) {
		v, ok := m(h)
		if !ok {
			return "#eeeeee", "–"
		}
		return color(v / scale), fmt.Sprintf("%.2f", v)
	})
}

// roleColors colour the roles heatmap.
var roleColors = map[string]string{"positional": "#9ecae1", "syntactic": "#a1d99b", "rare-word": "#fdae6b", "several": "#bcbddc"}

// roleLabel condenses a head's roles into one cell label and colour.
func roleLabel(h HeadReport) (string, string) {
	if len(h.Roles) == 0 {
		return "#ffffff", ""
	}
	if len(h.Roles) > 1 {
		var short []string
		for _, r := range h.Roles {
			short = append(short, shortRole(r))
		}
		return roleColors["several"], strings.Join(short, " ")
	}
	r := h.Roles[0]
	kind := r
	if i := strings.IndexByte(r, '('); i >= 0 {
		kind = r[:i]
	}
	return roleColors[kind], shortRole(r)
}

// shortRole abbreviates a role for a cell: "pos-1", "nsubj←", "rare".
func shortRole(r string) string {
	switch {
	case strings.HasPrefix(r, "positional("):
		return "pos" + strings.TrimSuffix(strings.TrimPrefix(r, "positional("), ")")
	case strings.HasPrefix(r, "syntactic("):
		body := strings.TrimSuffix(strings.TrimPrefix(r, "syntactic("), ")")
		rel, dir, _ := strings.Cut(body, " ")
		if dir == DepToHead {
			return rel + "→h"
		}
		return rel + "←h"
	case r == "rare-word":
		return "rare"
	}
	return r
}

// WriteRolesSVG writes the layers × heads map of head roles: positional
// (blue, with the offset), syntactic (green, relation and direction: →h
// the dependent attends to its head), rare-word (orange), several (purple).
func WriteRolesSVG(w io.Writer, rep *Report) error {
	for _, h := range rep.Heads {
		if len(h.Roles) > 0 {
			return writePanels(w, grids(rep), "Head roles", roleLabel)
		}
	}
	msg := fmt.Sprintf("No head has a role: none of the %d heads is positional, syntactic or rare-word by the thresholds of this analysis.", len(rep.Heads))
	width := margin + int(float64(len(msg))*0.62*12) + margin
	_, err := fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="80" viewBox="0 0 %d 80" font-family="sans-serif" font-size="12">`+"\n"+
		`<text x="%d" y="20" font-size="15">Head roles</text>`+"\n"+`<text x="%d" y="52">%s</text>`+"\n</svg>\n",
		width, width, margin/2, margin/2, html.EscapeString(msg))
	return err
}

func writePanels(w io.Writer, gs []grid, title string, cellOf func(HeadReport) (fill, label string)) error {
	width, height := margin, margin+20
	for _, g := range gs {
		width += g.heads*cell + gap + margin/2
		height = max(height, margin+20+g.layers*cell+margin)
	}
	var b strings.Builder
	width = max(width, margin/2+int(0.62*15*float64(len(title)))+margin/2, 520) // the title and the legend line fit
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="15">%s</text>`+"\n", margin/2, html.EscapeString(title))
	for _, g := range gs {
		if g.decided() {
			fmt.Fprintf(&b, `<text x="%d" y="36">cells marked kept or cut (dashed red frame): the pruning decision</text>`+"\n", margin/2)
			break
		}
	}
	x0 := margin
	for _, g := range gs {
		y0 := margin + 20
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13">%s</text>`+"\n", x0, y0-22, html.EscapeString(string(g.kind)))
		for h := 0; h < g.heads; h++ {
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">h%d</text>`+"\n", x0+h*cell+cell/2, y0-6, h)
		}
		for l := 0; l < g.layers; l++ {
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">L%d</text>`+"\n", x0-4, y0+l*cell+cell/2+4, l)
			for h := 0; h < g.heads; h++ {
				hr, ok := g.cells[[2]int{l, h}]
				fill, label := "#eeeeee", ""
				if ok {
					fill, label = cellOf(hr)
				}
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#999"><title>%s</title></rect>`+"\n",
					x0+h*cell, y0+l*cell, cell, cell, fill, html.EscapeString(hr.Name+" "+label))
				fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="9">%s</text>`+"\n",
					x0+h*cell+cell/2, y0+l*cell+cell/2+3, html.EscapeString(label))
				if ok && hr.Kept != nil {
					mark, col := "kept", "#1a7f37"
					if !*hr.Kept {
						mark, col = "cut", "#c0392b"
						fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="2" stroke-dasharray="4 2"/>`+"\n",
							x0+h*cell+2, y0+l*cell+2, cell-4, cell-4, col)
					}
					fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="8" fill="%s">%s</text>`+"\n",
						x0+h*cell+cell/2, y0+l*cell+cell-5, col, mark)
				}
			}
		}
		x0 += g.heads*cell + gap + margin/2
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
