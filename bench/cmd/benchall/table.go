package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Row is one line of the table: a figure of onnxprune, its peer or bound,
// and their ratio.
type Row struct {
	ID     string `json:"id"`
	Figure string `json:"figure"`
	Ours   string `json:"onnxprune"`
	Peer   string `json:"peer_or_bound"`
	// Ratio is Ours/Peer in the sense RatioIs states; nil when a side is
	// not available.
	Ratio   *float64 `json:"ratio"`
	RatioIs string   `json:"ratio_is,omitempty"`
	Target  string   `json:"target,omitempty"`
	Met     *bool    `json:"target_met,omitempty"`
	Note    string   `json:"note,omitempty"`
	// Values are the raw numbers behind the row (seconds, bytes, tokens/s).
	Values map[string]float64 `json:"values,omitempty"`
}

func ptr[T any](v T) *T { return &v }

// unavailable is a row whose onnxprune side could not be measured.
func unavailable(id, figure, why string) Row {
	return Row{ID: id, Figure: figure, Ours: "not available: " + why, Peer: "—"}
}

// setRatio fills Ratio and, with a target, Met: atLeast means the ratio must
// reach target, otherwise stay at or below it.
func (r *Row) setRatio(v float64, is string, target float64, atLeast bool) {
	r.Ratio, r.RatioIs = ptr(v), is
	if target > 0 {
		if atLeast {
			r.Target = fmt.Sprintf("≥ %g", target)
			r.Met = ptr(v >= target)
		} else {
			r.Target = fmt.Sprintf("≤ %g", target)
			r.Met = ptr(v <= target)
		}
	}
}

func (h *harness) add(r Row) {
	h.rows = append(h.rows, r)
	ratio := "—"
	if r.Ratio != nil {
		ratio = fmt.Sprintf("%.2f", *r.Ratio)
	}
	h.logf("row %s %s: %s | %s | %s", r.ID, r.Figure, r.Ours, r.Peer, ratio)
}

func (h *harness) printTable(w io.Writer, res *results) {
	m := res.Machine
	fmt.Fprintf(w, "onnxprune bench — %s\n", res.Date)
	fmt.Fprintf(w, "machine: %s, %d logical CPUs (load %s at start); threads: %d for ONNX Runtime (intra-op; inter-op 1) and PyTorch\n", m.CPU, m.Cores, m.Load, m.Threads)
	fmt.Fprintf(w, "software: %s (built from the %s), ONNX Runtime %s", m.GoVer, m.Built, m.ORT)
	if m.Torch != "" {
		fmt.Fprintf(w, ", Python %s, torch %s", m.Python, m.Torch)
	}
	fmt.Fprintf(w, "\nmodel: %s\ntimes: medians of %d runs after %d warm-up runs\n\n", res.Model, res.Repeats, res.Warmup)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tfigure\tonnxprune\tpeer or bound\tratio\ttarget\t")
	for _, r := range res.Rows {
		ratio := "—"
		if r.Ratio != nil {
			ratio = fmt.Sprintf("%.2f×", *r.Ratio)
		}
		target := r.Target
		if r.Met != nil {
			if *r.Met {
				target += " met"
			} else {
				target += " MISSED"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t\n", r.ID, r.Figure, cell(r.Ours), cell(r.Peer), ratio, target)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nratios and notes:")
	for _, r := range res.Rows {
		var parts []string
		if r.RatioIs != "" {
			parts = append(parts, "ratio = "+r.RatioIs)
		}
		for _, c := range []string{r.Ours, r.Peer} {
			if len([]rune(c)) > cellWidth {
				parts = append(parts, c)
			}
		}
		if r.Note != "" {
			parts = append(parts, r.Note)
		}
		if len(parts) > 0 {
			fmt.Fprintf(w, "  %-4s %s\n", r.ID, strings.Join(parts, "; "))
		}
	}
}

// cellWidth bounds a table cell; longer texts (reasons a figure is not
// available) are cut there and given whole under the table.
const cellWidth = 44

func cell(s string) string {
	r := []rune(s)
	if len(r) <= cellWidth {
		return s
	}
	return string(r[:cellWidth-1]) + "…"
}
