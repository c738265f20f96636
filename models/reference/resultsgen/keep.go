package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"onnxprune/attribution"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
)

// Ranking methods of keepHeads besides gate training.
const (
	byRelevance  = "relevance"
	byImportance = "importance"
	byConfidence = "confidence"
	byRandom     = "random"
)

// readReport reads an analysis's heads.json.
func readReport(path string) (*attribution.Report, error) {
	var rep attribution.Report
	if err := safefile.ReadJSON(path, &rep); err != nil {
		return nil, err
	}
	if len(rep.Heads) == 0 {
		return nil, fmt.Errorf("%s: no heads", path)
	}
	return &rep, nil
}

// keepHeads returns the n encoder heads of the analysis in path that the
// method ranks highest (ties in file order; a head without a confidence
// ranks last by confidence), or, by random, the first n of the encoder
// heads shuffled by a PCG generator seeded with (seed, 0).
func keepHeads(path, by string, n int, seed uint64) ([]string, error) {
	rep, err := readReport(path)
	if err != nil {
		return nil, err
	}
	var enc []attribution.HeadReport
	for _, h := range rep.Heads {
		if h.Kind == heads.KindEncoder {
			enc = append(enc, h)
		}
	}
	if n < 1 || n > len(enc) {
		return nil, fmt.Errorf("%s: --n %d: the model has %d encoder heads", path, n, len(enc))
	}
	var key func(h attribution.HeadReport) float64
	switch by {
	case byRelevance:
		key = func(h attribution.HeadReport) float64 { return h.Relevance }
	case byImportance:
		key = func(h attribution.HeadReport) float64 { return h.Importance }
	case byConfidence:
		key = func(h attribution.HeadReport) float64 {
			if h.Confidence == nil {
				return math.Inf(-1)
			}
			return *h.Confidence
		}
	case byRandom:
		r := rand.New(rand.NewPCG(seed, 0))
		r.Shuffle(len(enc), func(i, j int) { enc[i], enc[j] = enc[j], enc[i] })
	default:
		return nil, fmt.Errorf("--by %q: want relevance, importance, confidence or random", by)
	}
	if key != nil {
		sort.SliceStable(enc, func(i, j int) bool { return key(enc[i]) > key(enc[j]) })
	}
	names := make([]string, n)
	for i := range names {
		names[i] = enc[i].Name
	}
	return names, nil
}

// joinNames writes head names as a --keep list.
func joinNames(names []string) string { return strings.Join(names, ",") }
