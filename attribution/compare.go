package attribution

import "fmt"

// KeepComparison compares the heads a pruning decision keeps with those it
// removes, by the measures of a report: do the kept heads rank high?
type KeepComparison struct {
	// Kept and Removed count the heads in each group.
	Kept    int `json:"kept"`
	Removed int `json:"removed"`
	// MeanRankKept and MeanRankRemoved average Rank (1 = most relevant).
	MeanRankKept    float64 `json:"mean_rank_kept"`
	MeanRankRemoved float64 `json:"mean_rank_removed"`
	// AUCRelevance is the probability that a kept head has a higher
	// relevance than a removed one (ties count half): 1 when every kept
	// head outranks every removed head, 0.5 for no relation.
	AUCRelevance float64 `json:"auc_relevance"`
	// AUCImportance is the same for the gradient importance.
	AUCImportance float64 `json:"auc_importance"`
}

// CompareKeep marks each head of rep as kept or removed (keep names the
// kept heads, `KIND:LAYER:HEAD`; every head of rep must be listed, true or
// false) and compares the two groups.
func CompareKeep(rep *Report, keep map[string]bool) (*KeepComparison, error) {
	var c KeepComparison
	var kept, removed []HeadReport
	for i := range rep.Heads {
		h := &rep.Heads[i]
		k, ok := keep[h.Name]
		if !ok {
			return nil, fmt.Errorf("attribution: the pruning decision has no head %s", h.Name)
		}
		h.Kept = &k
		if k {
			kept = append(kept, *h)
			c.MeanRankKept += float64(h.Rank)
		} else {
			removed = append(removed, *h)
			c.MeanRankRemoved += float64(h.Rank)
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
