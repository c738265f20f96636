package gatetrain

import (
	"bufio"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"reflect"
	"strings"
	"unicode/utf8"

	"onnxprune/gatesfile"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
)

// Gates describes the current gates, with open the decision per head.
func (t *Trainer) Gates(open []bool, model string) *gatesfile.File {
	c := t.Cfg.Concrete
	f := &gatesfile.File{Version: gatesfile.Version, Model: model, Step: t.State.Step, Beta: c.Beta, Gamma: c.Gamma, Zeta: c.Zeta,
		Lambda: t.Cfg.Lambda, Target: t.Cfg.TargetHeads, ClosingOrder: append([]gatesfile.Event{}, t.State.Events...)}
	z := make([]float64, len(open))
	for i, o := range open {
		if o {
			z[i] = 1
		}
	}
	for _, b := range t.Cfg.Budgets {
		f.Budgets = append(f.Budgets, gatesfile.Budget{What: b.What, Dense: b.Dense, Target: b.Target, Kept: b.Kept(z, nil)})
	}
	if len(f.Budgets) > 0 {
		f.Budget = &f.Budgets[0]
	}
	for _, gi := range t.TG.Gates {
		if gi.Structure != "" {
			addStructure(f, t, gi, open)
			continue
		}
		for h := 0; h < gi.Heads; h++ {
			i := gi.Offset + h
			la := t.State.LogAlpha[i]
			p, _ := c.POpen(la)
			hg := heads.GateRecord{Name: gi.Head(h), Kind: string(gi.Kind), Layer: gi.Layer, Head: h, LogAlpha: la, POpen: p,
				Gate: c.TestGate(la), Keep: open[i]}
			if !open[i] {
				s := t.State.ClosedAt[i]
				if s < 0 {
					s = t.State.Step // closed by the final top-N choice
				}
				hg.ClosedAtStep = &s
			} else {
				f.OpenHeads++
			}
			f.Heads = append(f.Heads, hg)
		}
	}
	return f
}

// checkpointVersion is the layout of checkpoint files: 2 since the
// weights' optimizer keeps float32 moments per tensor, 3 since the trained
// weights and their moments follow the gob header as raw float32.
const checkpointVersion = 3

// checkpoint is the file layout of a checkpoint: the state and the
// configuration it was made with (a resumed run must use the same). The
// state's trained weights and their Adam moments are not in it: Tensors
// gives their sizes, and the file continues with each tensor's values, then
// its first and second moments, as little-endian float32 (gob buffers a
// whole value in memory: three copies of the weights would add to the
// training's peak).
type checkpoint struct {
	Version int
	Config  Config
	Heads   []string
	Weights []string
	State   *State
	// Tensors are the sizes of the trained weight tensors, and WeightAdam
	// the weights' optimizer settings and step count.
	Tensors    []int
	WeightAdam *weightAdamHeader
}

// weightAdamHeader is a WeightAdam without its moments.
type weightAdamHeader struct {
	Beta1, Beta2, Eps float64
	T                 int
}

// SaveCheckpoint writes the trainer's state to path (atomically).
func (t *Trainer) SaveCheckpoint(path string) error {
	st := *t.State
	st.Weights, st.WeightAdam = nil, nil
	ck := checkpoint{Version: checkpointVersion, Config: t.Cfg, Heads: t.HeadNames(), Weights: t.TG.Weights, State: &st}
	wa := t.State.WeightAdam
	for _, w := range t.State.Weights {
		ck.Tensors = append(ck.Tensors, len(w))
	}
	if wa != nil {
		ck.WeightAdam = &weightAdamHeader{Beta1: wa.Beta1, Beta2: wa.Beta2, Eps: wa.Eps, T: wa.T}
	}
	err := safefile.WriteAtomic(path, func(w io.Writer) error {
		if err := gob.NewEncoder(w).Encode(&ck); err != nil {
			return err
		}
		buf := make([]byte, 1<<16)
		for i, x := range t.State.Weights {
			parts := [][]float32{x}
			if wa != nil {
				parts = append(parts, wa.M[i], wa.V[i])
			}
			for _, p := range parts {
				if err := writeFloats(w, p, buf); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("gatetrain: checkpoint %w", err)
	}
	return nil
}

// writeFloats writes v as little-endian float32 through buf.
func writeFloats(w io.Writer, v []float32, buf []byte) error {
	for len(v) > 0 {
		n := min(len(v), len(buf)/4)
		for i, x := range v[:n] {
			binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(x))
		}
		if _, err := w.Write(buf[:4*n]); err != nil {
			return err
		}
		v = v[n:]
	}
	return nil
}

// readFloats fills v with little-endian float32 from r through buf.
func readFloats(r io.Reader, v []float32, buf []byte) error {
	for len(v) > 0 {
		n := min(len(v), len(buf)/4)
		if _, err := io.ReadFull(r, buf[:4*n]); err != nil {
			return err
		}
		for i := range v[:n] {
			v[i] = math.Float32frombits(binary.LittleEndian.Uint32(buf[4*i:]))
		}
		v = v[n:]
	}
	return nil
}

// LoadCheckpoint reads a checkpoint into the trainer (before Init). The
// gated heads, trained weights and configuration must match the run's.
func (t *Trainer) LoadCheckpoint(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("gatetrain: %w", err)
	}
	defer f.Close()
	// A bufio.Reader is a ByteReader: gob reads its messages from it and
	// no further, so the tensors after them stay in it.
	r := bufio.NewReaderSize(f, 1<<20)
	var ck checkpoint
	if err := gob.NewDecoder(r).Decode(&ck); err != nil {
		return fmt.Errorf("gatetrain: checkpoint %s: %w", path, err)
	}
	if ck.Version != checkpointVersion || ck.State == nil {
		return fmt.Errorf("gatetrain: checkpoint %s: unknown version %d", path, ck.Version)
	}
	if got, want := strings.Join(ck.Heads, ","), strings.Join(t.HeadNames(), ","); got != want {
		return fmt.Errorf("gatetrain: checkpoint %s was made for other gated heads (%d heads, the model has %d)", path, len(ck.Heads), len(t.HeadNames()))
	}
	if strings.Join(ck.Weights, ",") != strings.Join(t.TG.Weights, ",") || len(ck.Tensors) != len(ck.Weights) {
		return fmt.Errorf("gatetrain: checkpoint %s trains other weights than this run", path)
	}
	if !sameConfig(ck.Config, t.Cfg) {
		return fmt.Errorf("gatetrain: checkpoint %s was made with other settings (%+v); resume with the same flags", path, ck.Config)
	}
	st := ck.State
	if len(ck.Tensors) > 0 {
		st.Weights = make([][]float32, len(ck.Tensors))
		if ck.WeightAdam != nil {
			st.WeightAdam = NewWeightAdam(ck.Tensors)
			st.WeightAdam.Beta1, st.WeightAdam.Beta2, st.WeightAdam.Eps, st.WeightAdam.T = ck.WeightAdam.Beta1, ck.WeightAdam.Beta2, ck.WeightAdam.Eps, ck.WeightAdam.T
		}
		buf := make([]byte, 1<<16)
		for i, n := range ck.Tensors {
			if i >= len(t.TG.WeightShapes) || int64(n) != shapeSize(t.TG.WeightShapes[i]) {
				return fmt.Errorf("gatetrain: checkpoint %s: weight %s has %d values, not the model's", path, ck.Weights[i], n)
			}
			st.Weights[i] = make([]float32, n)
			parts := [][]float32{st.Weights[i]}
			if st.WeightAdam != nil {
				parts = append(parts, st.WeightAdam.M[i], st.WeightAdam.V[i])
			}
			for _, p := range parts {
				if err := readFloats(r, p, buf); err != nil {
					return fmt.Errorf("gatetrain: checkpoint %s: weight %s: %w", path, ck.Weights[i], err)
				}
			}
		}
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return fmt.Errorf("gatetrain: checkpoint %s: data after the last tensor", path)
	}
	t.State = st
	return nil
}

// shapeSize is the number of values of a tensor shape.
func shapeSize(sh []int64) int64 {
	n := int64(1)
	for _, d := range sh {
		n *= d
	}
	return n
}

// sameConfig reports whether two configurations are the same, budgets
// compared by value.
func sameConfig(a, b Config) bool {
	if len(a.Budgets) != len(b.Budgets) {
		return false
	}
	for i := range a.Budgets {
		if !reflect.DeepEqual(*a.Budgets[i], *b.Budgets[i]) {
			return false
		}
	}
	a.Budgets, b.Budgets = nil, nil
	return reflect.DeepEqual(a, b)
}

// PlotSVG writes the training's P(open) heatmap (POpenSVG) with the
// trainer's final decision (Final).
func (t *Trainer) PlotSVG(path string) error {
	rows := t.plotRows()
	if err := safefile.WriteFileAtomic(path, []byte(POpenSVG(t.RowNames(), t.State.POpen, rowFinal(rows, t.Final())))); err != nil {
		return fmt.Errorf("gatetrain: %w", err)
	}
	return nil
}

// Geometry of the P(open) heatmap, in SVG units.
const (
	plotLabelW  = 120 // head names (longer names widen it)
	plotCols    = 150 // step columns at most (steps are grouped beyond)
	plotColW    = 4   // narrowest column
	plotMinW    = 480 // narrowest plot
	plotRowH    = 12
	plotTop     = 56
	plotFinalW  = 70 // the final decision column
	plotFontPx  = 10
	plotAxisGap = 30
)

// POpenSVG draws P(open) over the training steps as a heatmap: one
// labelled row per head, sublayer or FFN (names in order; an FFN's row is
// the mean over its neurons), one column per step or group of steps (the
// mean over the group), white for 0 to dark blue for 1, the x axis ticked
// with step numbers, and a last column giving the final decision of each
// row ("kept", "cut", or an FFN's "k/N" units kept; final nil: none yet).
func POpenSVG(names []string, rows [][]float32, final []string) string {
	steps := len(rows)
	labelW := plotLabelW
	for _, n := range names {
		labelW = max(labelW, 6*utf8.RuneCountInString(n)+8) // sublayer names are long
	}
	group := max(1, (steps+plotCols-1)/plotCols)
	cols := (steps + group - 1) / group
	colW := max(plotColW, plotMinW/max(cols, 1)) // short runs get wider columns
	plotW := cols * colW
	width := labelW + plotW + 10 + plotFinalW + 10
	height := plotTop + len(names)*plotRowH + plotAxisGap + 24
	legend := "white 0 … dark blue 1"
	if group > 1 {
		legend += fmt.Sprintf("; each column the mean of %d steps", group)
	}
	for _, n := range names {
		if strings.HasPrefix(n, "ffn:") {
			legend += "; an FFN row is the mean over its neurons"
			width = max(width, 4+7*utf8.RuneCountInString(legend+"; last column: the final decision"))
			break
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="%d">`+"\n",
		width, height, width, height, plotFontPx)
	fmt.Fprintf(&b, `<text x="4" y="16" font-size="13" font-weight="bold">P(open) of each gated unit over %d training steps</text>`+"\n", steps)
	fmt.Fprintf(&b, `<text x="4" y="34">%s; last column: the final decision</text>`+"\n", legend)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">final</text>`+"\n", labelW+plotW+10+plotFinalW/2, plotTop-6)
	for i, name := range names {
		y := plotTop + i*plotRowH
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", labelW-4, y+plotRowH-2, html.EscapeString(name))
		for c := 0; c < cols; c++ {
			var sum float64
			n := 0
			for s := c * group; s < min(steps, (c+1)*group); s++ {
				if i < len(rows[s]) {
					sum += float64(rows[s][i])
					n++
				}
			}
			if n == 0 {
				continue
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, labelW+c*colW, y, colW, plotRowH-1, blueRamp(sum/float64(n)))
		}
		b.WriteString("\n")
		if i < len(final) {
			label, fill := final[i], "#b7e1b0"
			switch {
			case label == "cut":
				fill = "#f4c7c3"
			case label != "kept":
				fill = "#e8e8e8"
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/><text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n",
				labelW+plotW+10, y, plotFinalW, plotRowH-1, fill, labelW+plotW+10+plotFinalW/2, y+plotRowH-2, label)
		}
	}
	axisY := plotTop + len(names)*plotRowH + 2
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#555"/>`+"\n", labelW, axisY, labelW+plotW, axisY)
	for _, st := range stepTicks(steps) {
		x := float64(labelW) + (float64(st)-0.5)/float64(group)*float64(colW)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#555"/><text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n",
			x, axisY, x, axisY+4, x, axisY+16, st)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">training step</text>`+"\n", labelW+plotW/2, axisY+32)
	b.WriteString("</svg>\n")
	return b.String()
}

// stepTicks returns step 1 and the multiples of the smallest of 1, 2, 5,
// 10, 20, 50, … that gives at most five more ticks up to steps.
func stepTicks(steps int) []int {
	if steps < 1 {
		return nil
	}
	size := 1
	for p := 1; steps/size > 5; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if size = m * p; steps/size <= 5 {
				break
			}
		}
	}
	out := []int{1}
	for v := size; v <= steps; v += size {
		if 2*(v-1) >= size { // not crowding step 1
			out = append(out, v)
		}
	}
	return out
}

// blueRamp maps t in [0,1] to white … dark blue.
func blueRamp(t float64) string {
	t = math.Max(0, math.Min(1, t))
	return fmt.Sprintf("rgb(%d,%d,%d)", int(255-225*t), int(255-185*t), int(255-95*t))
}
