package attribution

import (
	"fmt"
	"sort"
)

// KeepComparison compares the heads a pruning decision keeps with those it
// removes, by the measures of a report: do the kept heads rank high?
type KeepComparison struct {
	// Kept and Removed count the heads in each group.
	Kept    int `json:"kept"`
	Removed int `json:"removed"`
	// MeanRankKept and MeanRankRemoved average the heads' relevance ranks
	// among the heads the decision covers (1 = most relevant of them): a
	// decision over the encoder heads alone ranks the encoder heads 1..48.
	MeanRankKept    float64 `json:"mean_rank_kept"`
	MeanRankRemoved float64 `json:"mean_rank_removed"`
	// AUCRelevance is the probability that a kept head has a higher
	// relevance than a removed one (ties count half): 1 when every kept
	// head outranks every removed head, 0.5 for no relation.
	AUCRelevance float64 `json:"auc_relevance"`
	// AUCImportance is the same for the gradient importance.
	AUCImportance float64 `json:"auc_importance"`
}

// CompareKeep marks each head of rep that keep names (`KIND:LAYER:HEAD`,
// true for kept, false for removed) and compares the two groups. Heads the
// decision does not cover — the decoder heads of an encoder-only gate
// training — stay unmarked and outside the comparison. A decision naming a
// head rep lacks, or covering none of rep's heads, is an error.
func CompareKeep(rep *Report, keep map[string]bool) (*KeepComparison, error) {
	var c KeepComparison
	var covered []*HeadReport
	seen := map[string]bool{}
	for i := range rep.Heads {
		h := &rep.Heads[i]
		if k, ok := keep[h.Name]; ok {
			h.Kept = &k
			covered = append(covered, h)
			seen[h.Name] = true
		}
	}
	var missing []string
	for name := range keep {
		if !seen[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, fmt.Errorf("attribution: the pruning decision names head %s, which the model does not have (%d such)", missing[0], len(missing))
	}
	if len(covered) == 0 {
		return nil, fmt.Errorf("attribution: the pruning decision covers none of the model's %d heads", len(rep.Heads))
	}
	// Rank within the covered heads, by relevance as Rank does.
	sort.SliceStable(covered, func(i, j int) bool { return covered[i].Rank < covered[j].Rank })
	var kept, removed []HeadReport
	for r, h := range covered {
		if *h.Kept {
			kept = append(kept, *h)
			c.MeanRankKept += float64(r + 1)
		} else {
			removed = append(removed, *h)
			c.MeanRankRemoved += float64(r + 1)
		}
	}
	c.Kept, c.Removed = len(kept), len(removed)
	if c.Kept > 0 {
		c.MeanRankKept /= float64(c.Kept)
	}
	if c.Removed > 0 {
		c.MeanRankRemoved /= float64(c.Removed)
	}
	c.AUCRelevance = auc(kept, removed, func(h HeadReport) float64 { return h.Relevance })
	c.AUCImportance = auc(kept, removed, func(h HeadReport) float64 { return h.Importance })
	return &c, nil
}

// auc is the Mann-Whitney statistic P(f(kept) > f(removed)) + ½P(=).
func auc(kept, removed []HeadReport, f func(HeadReport) float64) float64 {
	if len(kept) == 0 || len(removed) == 0 {
		return 0.5
	}
	var s float64
	for _, a := range kept {
		for _, b := range removed {
			switch x, y := f(a), f(b); {
			case x > y:
				s++
			case x == y:
				s += 0.5
			}
		}
	}
	return s / float64(len(kept)*len(removed))
}
