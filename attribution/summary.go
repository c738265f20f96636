package attribution

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// WriteSummary writes a Markdown summary of a report: the conservation
// figures, the heads ranked by relevance with their other measures and
// roles, and the heads with roles.
func WriteSummary(w io.Writer, rep *Report, model string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Head analysis of %s\n\n", model)
	if rep.Partial {
		b.WriteString("**Partial report: the run was interrupted.**\n\n")
	}
	fmt.Fprintf(&b, "%d sentence pairs, mean loss %.4f, mean summed top-1 logit %.4f.\n\n", rep.Examples, rep.MeanLoss, rep.MeanTarget)
	b.WriteString("Relevance: LRP of the top-1 logit at every step (ε-rule for linear maps, attention probabilities and LayerNorm scale as constants), summed over each head's output, normalised over the heads of its layer, averaged over sentences. Importance: Michel et al.'s |∂L/∂g| at g = 1, L2-normalised per layer. Confidence: mean maximum attention weight (EOS queries left out).\n\n")
	if len(rep.Conservation) > 0 {
		b.WriteString("## Conservation\n\nRelevance summed at each cut over the target; constant addends (biases, LayerNorm β) keep the rest.\n\n")
		b.WriteString("| cut | relevance / target (mean, min, max) | biases | share absorbed | unexplained (max) |\n|---|---|---|---|---|\n")
		for _, c := range rep.Conservation {
			fmt.Fprintf(&b, "| %s | %.4f, %.4f, %.4f | %d | %.4f | %.2g |\n", c.Cut, c.MeanRatio, c.MinRatio, c.MaxRatio, c.Biases, c.BiasShare, c.MaxResidual)
		}
		b.WriteString("\n")
	}
	if p := rep.Pruning; p != nil {
		fmt.Fprintf(&b, "## Pruning decision\n\n%d kept heads have mean relevance rank %.1f, %d removed heads %.1f. A kept head is more relevant than a removed one with probability %.3f (by importance: %.3f).\n\n",
			p.Kept, p.MeanRankKept, p.Removed, p.MeanRankRemoved, p.AUCRelevance, p.AUCImportance)
	}
	if len(rep.Units) > 0 {
		b.WriteString("## FFN neurons and sublayers\n\nEach measured like a head through a gate of its own: importance L2-normalised over the units of its FFN (over all sublayers for a sublayer), relevance over the sum of absolute values of the same units. Per FFN the most and least important units, then every sublayer.\n\n")
		for _, l := range UnitLines(rep.Units, 5) {
			b.WriteString("- " + l + "\n")
		}
		b.WriteString("\n")
	}
	heads := append([]HeadReport(nil), rep.Heads...)
	sort.SliceStable(heads, func(i, j int) bool { return heads[i].Rank < heads[j].Rank })
	b.WriteString("## Heads by relevance\n\n| rank | head | relevance | importance | confidence | roles | kept |\n|---|---|---|---|---|---|---|\n")
	for _, h := range heads {
		conf := "–"
		if h.Confidence != nil {
			conf = fmt.Sprintf("%.3f", *h.Confidence)
		}
		kept := ""
		if h.Kept != nil {
			kept = map[bool]string{true: "yes", false: "no"}[*h.Kept]
		}
		fmt.Fprintf(&b, "| %d | %s | %.4f | %.4f | %s | %s | %s |\n", h.Rank, h.Name, h.Relevance, h.Importance, conf, strings.Join(h.Roles, ", "), kept)
	}
	b.WriteString("\n## Roles\n\n")
	any := false
	for _, h := range heads {
		for _, r := range h.Roles {
			any = true
			fmt.Fprintf(&b, "- %s: %s%s\n", h.Name, r, roleEvidence(h, r))
		}
	}
	if !any {
		b.WriteString("No head met a role's threshold.\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func roleEvidence(h HeadReport, r string) string {
	switch {
	case strings.HasPrefix(r, "positional") && h.Positional != nil:
		return fmt.Sprintf(" (%.1f%% of %d tokens)", 100*h.Positional.Fraction, h.Positional.Tokens)
	case r == "rare-word" && h.RareWord != nil:
		return fmt.Sprintf(" (%.1f%% of tokens)", 100**h.RareWord)
	case strings.HasPrefix(r, "syntactic("):
		body := strings.TrimSuffix(strings.TrimPrefix(r, "syntactic("), ")")
		for _, s := range h.Syntactic {
			if s.Relation+" "+s.Direction == body {
				return fmt.Sprintf(" (%.1f%% vs %.1f%% for offset %+d, %d arcs)", 100*s.Accuracy, 100*s.Baseline, s.BaselineOffset, s.Arcs)
			}
		}
	}
	return ""
}
