package score

import (
	"errors"
	"fmt"
)

// metric is a metric whose per-segment statistics add up over a corpus
// (BLEU, ChrF): Stats are the statistics, Score the result.
type metric[Stats, Score any] interface {
	Validate() error
	SegmentStats(hyp string, refs []string) Stats
	Compute(st Stats, nrefs int) Score
}

// addable is a pointer to statistics that sum in place.
type addable[Stats any] interface {
	*Stats
	Add(Stats)
}

// corpusScore returns m's corpus score of hyps against the reference
// streams refs (refs[k][i] is the k-th reference of hyps[i]): the statistics
// of every segment summed, then computed into a score.
func corpusScore[Stats any, P addable[Stats], Score any](m metric[Stats, Score], hyps []string, refs [][]string) (Score, error) {
	var zero Score
	if err := m.Validate(); err != nil {
		return zero, err
	}
	if err := checkStreams(hyps, refs); err != nil {
		return zero, err
	}
	var total Stats
	segRefs := make([]string, len(refs))
	for i, h := range hyps {
		for k := range refs {
			segRefs[k] = refs[k][i]
		}
		P(&total).Add(m.SegmentStats(h, segRefs))
	}
	return m.Compute(total, len(refs)), nil
}

// sentenceScore returns m's score of one hypothesis against its references.
func sentenceScore[Stats, Score any](m metric[Stats, Score], hyp string, refs []string) (Score, error) {
	var zero Score
	if err := m.Validate(); err != nil {
		return zero, err
	}
	if len(refs) == 0 {
		return zero, errNoRefs
	}
	return m.Compute(m.SegmentStats(hyp, refs), len(refs)), nil
}

// errNoRefs is returned when no reference stream is given.
var errNoRefs = errors.New("score: no references")

// checkStreams verifies that every reference stream has one line per hypothesis.
func checkStreams(hyps []string, refs [][]string) error {
	if len(refs) == 0 {
		return errNoRefs
	}
	for k, r := range refs {
		if len(r) != len(hyps) {
			return fmt.Errorf("score: reference stream %d has %d lines but there are %d hypotheses", k+1, len(r), len(hyps))
		}
	}
	return nil
}
