package gatetrain

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"

	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
	"onnxprune/onnxio"
)

// GatesVersion is the version of graphedit's gates.json layout written here.
const GatesVersion = 1

// GatesFile is gates.json: heads.GatesFile's layout (version, one record
// per head: name, kind, layer, head, log_alpha, p_open, gate, keep,
// closed_at_step), read by `onnxprune prune --gates`, plus top-level fields
// surgery ignores: the training settings, the open-head count and the order
// in which heads closed.
type GatesFile struct {
	Version int    `json:"version"`
	Model   string `json:"model,omitempty"`
	Step    int    `json:"step"`
	// OpenHeads counts the heads with Keep set.
	OpenHeads int                `json:"open_heads"`
	Beta      float64            `json:"beta"`
	Gamma     float64            `json:"gamma"`
	Zeta      float64            `json:"zeta"`
	Lambda    float64            `json:"l0_lambda"`
	Target    int                `json:"target_heads,omitempty"`
	Heads     []heads.GateRecord `json:"heads"`
	// ClosingOrder lists every change of a decision, in step order.
	ClosingOrder []Event `json:"closing_order"`
}

// Surgery returns the part of the file that surgery reads.
func (f *GatesFile) Surgery() *heads.GatesFile {
	return &heads.GatesFile{Version: f.Version, Heads: f.Heads}
}

// Gates describes the current gates, with open the decision per head.
func (t *Trainer) Gates(open []bool, model string) *GatesFile {
	c := t.Cfg.Concrete
	f := &GatesFile{Version: GatesVersion, Model: model, Step: t.State.Step, Beta: c.Beta, Gamma: c.Gamma, Zeta: c.Zeta,
		Lambda: t.Cfg.Lambda, Target: t.Cfg.TargetHeads, ClosingOrder: append([]Event{}, t.State.Events...)}
	for _, gi := range t.TG.Gates {
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

// WriteFileAtomic writes data to a temporary file in path's folder and
// renames it into place (onnxio.WriteFileAtomic).
func WriteFileAtomic(path string, data []byte) error {
	if err := onnxio.WriteFileAtomic(path, data); err != nil {
		return fmt.Errorf("gatetrain: %w", err)
	}
	return nil
}

// WriteGates writes a gates file as indented JSON.
func WriteGates(path string, f *GatesFile) error {
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return fmt.Errorf("gatetrain: %s: %w", path, err)
	}
	return WriteFileAtomic(path, append(b, '\n'))
}

// ReadGates reads a gates file and checks it.
func ReadGates(path string) (*GatesFile, error) {
	b, err := safefile.ReadInput(path, safefile.DocumentLimit, "a gates file")
	if err != nil {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	var f GatesFile
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("gatetrain: %s: %w", path, err)
	}
	if f.Version != GatesVersion {
		return nil, fmt.Errorf("gatetrain: %s: version %d, want %d", path, f.Version, GatesVersion)
	}
	seen := map[string]bool{}
	for i, h := range f.Heads {
		k, err := heads.ParseKind(h.Kind)
		if err != nil || h.Layer < 0 || h.Head < 0 || h.Name != heads.HeadName(k, h.Layer, h.Head) {
			return nil, fmt.Errorf("gatetrain: %s: head %d (%q): kind, layer, head and name disagree", path, i, h.Name)
		}
		if seen[h.Name] {
			return nil, fmt.Errorf("gatetrain: %s: head %q listed twice", path, h.Name)
		}
		seen[h.Name] = true
	}
	return &f, nil
}

// checkpoint is the file layout of a checkpoint: the state and the
// configuration it was made with (a resumed run must use the same).
type checkpoint struct {
	Version int
	Config  Config
	Heads   []string
	Weights []string
	State   *State
}

// SaveCheckpoint writes the trainer's state to path (gob, atomically).
func (t *Trainer) SaveCheckpoint(path string) error {
	var buf bytes.Buffer
	ck := checkpoint{Version: 1, Config: t.Cfg, Heads: t.HeadNames(), Weights: t.TG.Weights, State: t.State}
	if err := gob.NewEncoder(&buf).Encode(&ck); err != nil {
		return fmt.Errorf("gatetrain: checkpoint %s: %w", path, err)
	}
	return WriteFileAtomic(path, buf.Bytes())
}

// LoadCheckpoint reads a checkpoint into the trainer (before Init). The
// gated heads, trained weights and configuration must match the run's.
func (t *Trainer) LoadCheckpoint(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("gatetrain: %w", err)
	}
	var ck checkpoint
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&ck); err != nil {
		return fmt.Errorf("gatetrain: checkpoint %s: %w", path, err)
	}
	if ck.Version != 1 || ck.State == nil {
		return fmt.Errorf("gatetrain: checkpoint %s: unknown version %d", path, ck.Version)
	}
	if got, want := strings.Join(ck.Heads, ","), strings.Join(t.HeadNames(), ","); got != want {
		return fmt.Errorf("gatetrain: checkpoint %s was made for other gated heads (%d heads, the model has %d)", path, len(ck.Heads), len(t.HeadNames()))
	}
	if strings.Join(ck.Weights, ",") != strings.Join(t.TG.Weights, ",") {
		return fmt.Errorf("gatetrain: checkpoint %s trains other weights than this run", path)
	}
	if ck.Config != t.Cfg {
		return fmt.Errorf("gatetrain: checkpoint %s was made with other settings (%+v); resume with the same flags", path, ck.Config)
	}
	t.State = ck.State
	return nil
}

// PlotSVG draws each head's open probability over the steps as an SVG
// line chart, one line per head (closed heads' lines fall to zero).
func (t *Trainer) PlotSVG(path string) error {
	const w, h, left, bottom, top, right = 900.0, 420.0, 50.0, 30.0, 20.0, 160.0
	rows := t.State.POpen
	names := t.HeadNames()
	var b strings.Builder
	pw, ph := w-left-right, h-top-bottom
	stride := 1
	if len(rows) > 1000 {
		stride = (len(rows) + 999) / 1000
	}
	kindColor := map[string]int{"encoder": 210, "decoder": 120, "cross": 20}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" font-family="sans-serif" font-size="11">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#888"/>`+"\n", left, top, pw, ph)
	fmt.Fprintf(&b, `<text x="%g" y="%g">P(open)</text><text x="%g" y="%g">step 1…%d</text>`+"\n", 4.0, top-6, left+pw/2, h-6, len(rows))
	for _, y := range []float64{0, 0.5, 1} {
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="end">%.1f</text>`+"\n", left-4, top+ph*(1-y)+4, y)
	}
	n := math.Max(1, float64(len(rows)-1))
	for i, name := range names {
		kind := strings.SplitN(name, ":", 2)[0]
		hue := kindColor[kind] + (i*37)%60
		fmt.Fprintf(&b, `<polyline fill="none" stroke="hsl(%d,70%%,45%%)" stroke-width="1" points="`, hue)
		for s := 0; s < len(rows); s += stride {
			fmt.Fprintf(&b, "%.1f,%.1f ", left+pw*float64(s)/n, top+ph*(1-float64(rows[s][i])))
		}
		if last := len(rows) - 1; last >= 0 && last%stride != 0 {
			fmt.Fprintf(&b, "%.1f,%.1f", left+pw, top+ph*(1-float64(rows[last][i])))
		}
		fmt.Fprintf(&b, `"><title>%s</title></polyline>`+"\n", name)
		if len(rows) > 0 && i < 40 {
			y := top + 12*float64(i)
			fmt.Fprintf(&b, `<text x="%g" y="%g" fill="hsl(%d,70%%,45%%)">%s %.2f</text>`+"\n", left+pw+8, y+8, hue, name, rows[len(rows)-1][i])
		}
	}
	b.WriteString("</svg>\n")
	return WriteFileAtomic(path, []byte(b.String()))
}
