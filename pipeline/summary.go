package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
	"onnxprune/verify"
)

// Summary is summary.json: the run's outcome in one place.
type Summary struct {
	Model  []string `json:"model"`
	Out    string   `json:"out"`
	Test   string   `json:"test"`
	Stages []Status `json:"stages"`
	// PruneBy says how the kept heads were chosen.
	PruneBy string `json:"prune_by"`
	// HeadsKept and HeadsTotal count heads per kind (encoder, decoder,
	// cross).
	HeadsKept  map[string]int `json:"heads_kept"`
	HeadsTotal map[string]int `json:"heads_total"`
	Removed    []string       `json:"removed"`
	// Structures is what a decision that cuts FFN neurons or sublayers
	// too keeps ("6/12 heads 12/16 neurons 4/5 sublayers").
	Structures string `json:"structures,omitempty"`
	// Training's dev loss with every gate open and with the final gates
	// (absent without training or dev data).
	Train *TrainResult `json:"train,omitempty"`
	// BLEU and chrF on the test pair, before (dense) and after pruning.
	BLEUBefore float64 `json:"bleu_before"`
	BLEUAfter  float64 `json:"bleu_after"`
	ChrFBefore float64 `json:"chrf_before"`
	ChrFAfter  float64 `json:"chrf_after"`
	Sentences  int     `json:"sentences"`
	Identical  int     `json:"identical"`
	// BytesBefore and BytesAfter are the model files' sizes.
	BytesBefore int64 `json:"bytes_before"`
	BytesAfter  int64 `json:"bytes_after"`
	// Speedups are measured at each timed batch size on the CPU, with the
	// FLOP-count bounds.
	Speedups []verify.Speedup `json:"speedups,omitempty"`
	// Equivalence is the gated-versus-pruned check's largest logit
	// difference (absent when it did not run).
	EquivalenceMaxDiff *float64 `json:"equivalence_max_diff,omitempty"`
	Failures           []string `json:"failures"`
}

func (r *runner) summary() (*Summary, error) {
	s := &Summary{Model: r.files, Out: r.c.Out, Test: r.c.Test[0], Stages: r.status, Failures: []string{}}
	pd, err := r.readDecision()
	if err != nil {
		return nil, err
	}
	s.PruneBy, s.HeadsKept, s.HeadsTotal, s.Removed, s.Structures = pd.By, pd.Kept, pd.Total, pd.Removed, pd.Structures
	if r.c.Steps > 0 {
		var tr TrainResult
		if err := safefile.ReadJSON(r.path(TrainDir, TrainResultFile), &tr); err != nil {
			return nil, err
		}
		s.Train = &tr
	}
	var rep verify.Report
	if err := safefile.ReadJSON(r.path(VerifyDir, verify.ReportJSON), &rep); err != nil {
		return nil, err
	}
	if rep.Original.Scores != nil && rep.Pruned.Scores != nil {
		s.BLEUBefore, s.BLEUAfter = rep.Original.Scores.BLEU.Score, rep.Pruned.Scores.BLEU.Score
		s.ChrFBefore, s.ChrFAfter = rep.Original.Scores.ChrF.Score, rep.Pruned.Scores.ChrF.Score
	}
	s.Sentences, s.Identical = rep.Sentences, rep.Identical
	s.BytesBefore, s.BytesAfter = rep.Original.FileBytes, rep.Pruned.FileBytes
	s.Speedups = rep.Speedups
	if rep.Equivalence != nil {
		v := rep.Equivalence.MaxAbsDiff
		s.EquivalenceMaxDiff = &v
	}
	s.Failures = append(s.Failures, rep.Failures...)
	if err := writeJSON(r.path(SummaryJSON), s); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	s.WriteMarkdown(&b)
	if err := safefile.WriteFileAtomic(r.path(SummaryMD), b.Bytes()); err != nil {
		return nil, err
	}
	return s, nil
}

// WriteText prints the summary's key figures, one per line.
func (s *Summary) WriteText(w io.Writer) {
	fmt.Fprintf(w, "model:       %s\n", strings.Join(s.Model, " "))
	fmt.Fprintf(w, "BLEU:        %.2f -> %.2f (chrF %.2f -> %.2f; %d test sentences, %d identical)\n", s.BLEUBefore, s.BLEUAfter, s.ChrFBefore, s.ChrFAfter, s.Sentences, s.Identical)
	fmt.Fprintf(w, "heads kept:  %s (by %s)\n", s.keptLine(), s.PruneBy)
	if s.Structures != "" {
		fmt.Fprintf(w, "kept:        %s\n", s.Structures)
	}
	if s.Train != nil && s.Train.DenseLoss > 0 {
		fmt.Fprintf(w, "dev loss:    %.4f dense, %.4f with the trained gates (%d steps)\n", s.Train.DenseLoss, s.Train.FinalLoss, s.Train.Steps)
	}
	fmt.Fprintf(w, "file size:   %s -> %s (%.1f%%)\n", bytesText(s.BytesBefore), bytesText(s.BytesAfter), 100*float64(s.BytesAfter)/float64(max(1, s.BytesBefore)))
	for _, sp := range s.Speedups {
		fmt.Fprintf(w, "speedup:     %s\n", speedupLine(sp))
	}
	if len(s.Speedups) == 0 {
		fmt.Fprintf(w, "speedup:     not measured (verify.no-bench)\n")
	}
	if len(s.Failures) > 0 {
		fmt.Fprintf(w, "FAILED:      %s\n", strings.Join(s.Failures, "; "))
	}
	fmt.Fprintf(w, "report:      %s, %s\n", filepath.Join(s.Out, SummaryMD), filepath.Join(s.Out, VerifyDir, verify.ReportMarkdown))
}

func (s *Summary) keptLine() string {
	var parts []string
	for _, k := range heads.Kinds {
		if t := s.HeadsTotal[string(k)]; t > 0 {
			parts = append(parts, fmt.Sprintf("%s %d/%d", k, s.HeadsKept[string(k)], t))
		}
	}
	return strings.Join(parts, ", ")
}

// WriteMarkdown writes summary.md.
func (s *Summary) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "# onnxprune run: %s\n\n", strings.Join(s.Model, ", "))
	fmt.Fprintf(w, "| | before | after |\n|---|---:|---:|\n")
	fmt.Fprintf(w, "| BLEU (%s, %d sentences) | %.2f | %.2f |\n", s.Test, s.Sentences, s.BLEUBefore, s.BLEUAfter)
	fmt.Fprintf(w, "| chrF | %.2f | %.2f |\n", s.ChrFBefore, s.ChrFAfter)
	for _, k := range heads.Kinds {
		if t := s.HeadsTotal[string(k)]; t > 0 {
			fmt.Fprintf(w, "| %s heads | %d | %d |\n", k, t, s.HeadsKept[string(k)])
		}
	}
	fmt.Fprintf(w, "| file size | %s | %s |\n", bytesText(s.BytesBefore), bytesText(s.BytesAfter))
	if s.Train != nil && s.Train.DenseLoss > 0 {
		fmt.Fprintf(w, "| dev loss (gate training) | %.4f | %.4f |\n", s.Train.DenseLoss, s.Train.FinalLoss)
	}
	fmt.Fprintf(w, "\nHeads chosen by: %s. Identical translations: %d of %d.\n", s.PruneBy, s.Identical, s.Sentences)
	if s.EquivalenceMaxDiff != nil {
		fmt.Fprintf(w, "Pruned vs gated original: largest logit difference %.3g.\n", *s.EquivalenceMaxDiff)
	}
	if len(s.Speedups) > 0 {
		fmt.Fprintf(w, "\nSpeedups (original time / pruned time; tokens/s pruned / original), the same as in %s/%s and its chart:\n",
			VerifyDir, verify.ReportMarkdown)
		fmt.Fprintf(w, "\n| provider | batch | tokens/s | decoder step | encoder | FLOP bound (per token) | FLOP bound (encoder) |\n|---|---:|---|---|---|---:|---:|\n")
		for _, sp := range s.Speedups {
			fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s |\n", sp.Provider, sp.Batch,
				sp.TokensSpeedup, sp.StepSpeedup, sp.EncoderSpeedup, boundText(sp.PerTokenBound, sp.TokensSpeedup), boundText(sp.EncoderBound, sp.EncoderSpeedup))
		}
		fmt.Fprintf(w, "\nIn brackets: the range of the round ratios (or, with one round, of the quartiles); not significant: the range includes 1. Unchanged: the pruning did not change that part, so it has no speedup.\n")
	}
	if len(s.Removed) > 0 {
		fmt.Fprintf(w, "\nRemoved heads: %s\n", strings.Join(s.Removed, ", "))
	}
	fmt.Fprintf(w, "\n| stage | seconds | |\n|---|---:|---|\n")
	for _, st := range s.Stages {
		note := ""
		switch {
		case st.Skipped:
			note = "skipped"
		case st.Reused:
			note = "reused"
		}
		fmt.Fprintf(w, "| %s | %.1f | %s |\n", st.Stage, st.Seconds, note)
	}
	if len(s.Failures) > 0 {
		fmt.Fprintf(w, "\n**FAILED:** %s\n", strings.Join(s.Failures, "; "))
	}
}

func bytesText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// speedupLine states one measured speedup next to its FLOP bounds, each
// ratio with its range and "not significant" where the range includes 1,
// an unchanged part as such.
func speedupLine(sp verify.Speedup) string {
	parts := []string{shortRatio(sp.TokensSpeedup, "tokens/s"), shortRatio(sp.StepSpeedup, "decoder step")}
	if sp.EncoderSpeedup.Value > 0 || sp.EncoderSpeedup.Unchanged != "" {
		parts = append(parts, shortRatio(sp.EncoderSpeedup, "encoder"))
	}
	how := sp.TokensSpeedup.Spread
	if sp.Rounds >= 2 {
		how = fmt.Sprintf("paired over %d rounds", sp.Rounds)
	}
	line := fmt.Sprintf("%s at batch %d on %s", strings.Join(parts, ", "), sp.Batch, sp.Provider)
	if how != "" {
		line += ", " + how
	}
	var bounds []string
	if b := boundText(sp.PerTokenBound, sp.TokensSpeedup); b != "–" {
		bounds = append(bounds, b+" per token")
	}
	if b := boundText(sp.EncoderBound, sp.EncoderSpeedup); b != "–" {
		bounds = append(bounds, b+" encoder")
	}
	if len(bounds) > 0 {
		line += " (FLOP bound " + strings.Join(bounds, ", ") + ")"
	}
	return line
}

// shortRatio gives "×1.49 encoder (1.32–1.60)", "×0.96 tokens/s (0.91–1.02,
// not significant)" or "decoder step unchanged".
func shortRatio(r verify.Ratio, what string) string {
	switch {
	case r.Unchanged != "":
		return what + " unchanged"
	case r.Value <= 0:
		return what + " not measured"
	}
	s := fmt.Sprintf("×%.2f %s (%.2f–%.2f", r.Value, what, r.Low, r.High)
	if !r.Significant() {
		s += ", not significant"
	}
	return s + ")"
}

// boundText gives a FLOP bound as "×1.37", or "–" where there is none or
// the part is unchanged.
func boundText(x float64, r verify.Ratio) string {
	if x <= 0 || r.Unchanged != "" {
		return "–"
	}
	return fmt.Sprintf("×%.2f", x)
}
