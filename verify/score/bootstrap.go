package score

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Defaults of sacreBLEU's paired bootstrap resampling (--paired-bs).
const (
	// DefaultBootstrapResamples is the number of resamples, sacreBLEU's
	// --paired-bs-n default.
	DefaultBootstrapResamples = 1000
	// DefaultBootstrapSeed seeds NumPy's generator, sacreBLEU's default for
	// the SACREBLEU_SEED environment variable.
	DefaultBootstrapSeed = 12345
)

// Bootstrap holds the options of a paired bootstrap resampling test.
type Bootstrap struct {
	// Resamples is the number of resampled corpora, at least 1.
	Resamples int
	// Seed seeds NumPy's default_rng. sacreBLEU itself seeds the
	// comparisons with no seed at all (fresh entropy) when its seed is 0;
	// here 0 is an ordinary seed.
	Seed uint64
}

// DefaultBootstrap is sacreBLEU's --paired-bs: 1,000 resamples, seed 12345.
var DefaultBootstrap = Bootstrap{Resamples: DefaultBootstrapResamples, Seed: DefaultBootstrapSeed}

// BootstrapResult is one system's outcome of a paired bootstrap test for
// one metric, with sacreBLEU's figures.
type BootstrapResult struct {
	// Score is the system's corpus score, equal to Corpus's.
	Score float64 `json:"score"`
	// Mean is the mean score over the resamples: sacreBLEU's estimate μ of
	// the true score.
	Mean float64 `json:"mean"`
	// CI is the half-width of the 95% interval of the resampled scores:
	// half the distance between the 2.5th and 97.5th percentiles (the
	// sorted scores at n/40 and n−n/40−1), printed as μ ± CI.
	CI float64 `json:"ci"`
	// PValue is the probability, under the null hypothesis that the system
	// and the baseline come from the same process, of a score difference at
	// least as large as the observed one; nil for the baseline itself. As in
	// sacreBLEU, only centred differences strictly above the observed one
	// count, so a system identical to the baseline gets the smallest value,
	// 1/(Resamples+1).
	PValue *float64 `json:"p_value"`
}

// validate checks the options against n segments.
func (bs Bootstrap) validate(n int) error {
	if bs.Resamples < 1 {
		return fmt.Errorf("score: bootstrap needs at least one resample, got %d", bs.Resamples)
	}
	if n < 1 || n >= maxBootstrapSegments {
		return fmt.Errorf("score: bootstrap needs 1 to %d segments, got %d", maxBootstrapSegments-1, n)
	}
	return nil
}

// resampledMetric is a metric as the paired bootstrap sees it: flattened
// segment statistics, the exact corpus score from their integer sum, and
// the score sacreBLEU computes from a resample's float32 sum.
type resampledMetric interface {
	validate() error
	segmentStats(hyp string, refs []string) []int
	corpusScore(total []int, nrefs int) float64
	resampleScore(sum []float32) pyNum
}

// PairedBootstrap runs sacreBLEU's paired bootstrap resampling test
// (--paired-bs) for BLEU: systems[0] is the baseline, every system is a list
// of hypotheses as long as each reference stream in refs. Result i belongs
// to systems[i]; all but the baseline carry a p-value against it. The
// numbers equal sacreBLEU 2.6.0's bit for bit: each resample is scored with
// the float32 arithmetic NumPy applies to sacreBLEU's float32 statistics.
func (b BLEU) PairedBootstrap(systems [][]string, refs [][]string, bs Bootstrap) ([]BootstrapResult, error) {
	return pairedBootstrap(bleuResampled{b}, systems, refs, bs)
}

// PairedBootstrap runs sacreBLEU's paired bootstrap resampling test for
// chrF, as [BLEU.PairedBootstrap] does for BLEU.
func (c ChrF) PairedBootstrap(systems [][]string, refs [][]string, bs Bootstrap) ([]BootstrapResult, error) {
	return pairedBootstrap(chrFResampled{c}, systems, refs, bs)
}

// pairedBootstrap follows sacreBLEU's PairedTest with test type "bs": one
// matrix of resample indices, drawn once from the seed and shared by the
// baseline and every system; the baseline's mean and interval; and for each
// other system its mean, interval and p-value from the paired differences.
func pairedBootstrap(m resampledMetric, systems [][]string, refs [][]string, bs Bootstrap) ([]BootstrapResult, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	if len(systems) == 0 {
		return nil, fmt.Errorf("score: bootstrap needs at least one system")
	}
	n := len(systems[0])
	for s, hyps := range systems {
		if err := checkStreams(hyps, refs); err != nil {
			return nil, fmt.Errorf("system %d: %w", s+1, err)
		}
	}
	if err := bs.validate(n); err != nil {
		return nil, err
	}
	idx := BootstrapIndices(bs.Seed, bs.Resamples, n)
	results := make([]BootstrapResult, len(systems))
	var base resampledScores
	for s, hyps := range systems {
		segStats, total := collectStats(m, hyps, refs)
		scores := resampleAll(m, segStats, idx)
		r := BootstrapResult{Score: m.corpusScore(total, len(refs))}
		r.Mean, r.CI = scores.estimateCI()
		if s == 0 {
			base = scores
		} else {
			p := pairedPValue(scores, base, math.Abs(results[0].Score-r.Score))
			r.PValue = &p
		}
		results[s] = r
	}
	return results, nil
}

// collectStats returns each segment's statistics as float32, the way
// sacreBLEU hands them to NumPy, and their exact integer sum.
func collectStats(m resampledMetric, hyps []string, refs [][]string) ([][]float32, []int) {
	segStats := make([][]float32, len(hyps))
	var total []int
	segRefs := make([]string, len(refs))
	for i, h := range hyps {
		for k := range refs {
			segRefs[k] = refs[k][i]
		}
		st := m.segmentStats(h, segRefs)
		if total == nil {
			total = make([]int, len(st))
		}
		row := make([]float32, len(st))
		for j, v := range st {
			total[j] += v
			row[j] = float32(v)
		}
		segStats[i] = row
	}
	return segStats, total
}

// resampledScores are the scores of all resamples, with the NumPy type
// sacreBLEU's array of them has: float32 when every score is a NumPy
// float32 scalar, float64 otherwise.
type resampledScores struct {
	values  []float64
	float32 bool
}

// resampleAll scores every resample: the float32 sum of the statistics of
// the segments it draws (sumRows), then the metric's score from that sum.
func resampleAll(m resampledMetric, segStats [][]float32, idx [][]int32) resampledScores {
	out := resampledScores{values: make([]float64, len(idx)), float32: true}
	width := len(segStats[0])
	sum := make([]float32, width)
	for r, row := range idx {
		sumRows(sum, segStats, row)
		s := m.resampleScore(sum)
		out.values[r] = s.v
		out.float32 = out.float32 && s.f32
	}
	return out
}

// sumRows sets sum to the float32 sum of the rows of stats that row names,
// added one after another in that order, as NumPy's stats[row].sum(0) does.
func sumRows(sum []float32, stats [][]float32, row []int32) {
	clear(sum)
	for _, i := range row {
		for j, v := range stats[i] {
			sum[j] += v
		}
	}
}

// estimateCI returns sacreBLEU's estimate_ci of the scores: the mean of the
// sorted scores and half the distance between the scores at n/40 and
// n−n/40−1, computed in the scores' NumPy type.
func (s resampledScores) estimateCI() (mean, ci float64) {
	if s.float32 {
		m, c := estimateCITyped(toFloat32s(s.values))
		return float64(m), float64(c)
	}
	return estimateCITyped(slices.Clone(s.values))
}

func estimateCITyped[T float32 | float64](scores []T) (mean, ci T) {
	slices.Sort(scores)
	n := len(scores)
	lower, upper := scores[n/40], scores[n-n/40-1]
	return numpyMean(scores), T(0.5) * (upper - lower)
}

// pairedPValue is sacreBLEU's p-value of the paired bootstrap: the share of
// resamples whose absolute score difference, less the mean of those
// differences, exceeds the observed difference, with add-one smoothing. The
// arithmetic is float32 when both score arrays are.
func pairedPValue(sys, base resampledScores, observed float64) float64 {
	var count int
	if sys.float32 && base.float32 {
		count = countExceeding(toFloat32s(sys.values), toFloat32s(base.values), float32(observed))
	} else {
		count = countExceeding(sys.values, base.values, observed)
	}
	return float64(count+1) / float64(len(sys.values)+1)
}

func countExceeding[T float32 | float64](sys, base []T, observed T) int {
	diffs := make([]T, len(sys))
	for i := range sys {
		d := sys[i] - base[i]
		if d < 0 {
			d = -d
		}
		diffs[i] = d
	}
	mean := numpyMean(diffs)
	count := 0
	for _, d := range diffs {
		if d-mean > observed {
			count++
		}
	}
	return count
}

func toFloat32s(v []float64) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x)
	}
	return out
}

// numpyMean is NumPy's mean of a 1-D array: the pairwise sum in the array's
// type, divided by the count in float64 and rounded back to the type.
func numpyMean[T float32 | float64](a []T) T {
	return T(float64(pairwiseSum(a)) / float64(len(a)))
}

// pairwiseBlock is NumPy's PW_BLOCKSIZE: below it, pairwise summation adds
// in eight interleaved accumulators.
const pairwiseBlock = 128

// pairwiseSum is NumPy's pairwise summation (the add reduction of a
// contiguous array), operation for operation.
func pairwiseSum[T float32 | float64](a []T) T {
	n := len(a)
	switch {
	case n < 8:
		var res T
		for _, v := range a {
			res += v
		}
		return res
	case n <= pairwiseBlock:
		var r [8]T
		copy(r[:], a[:8])
		i := 8
		for ; i < n-n%8; i += 8 {
			for j := range r {
				r[j] += a[i+j]
			}
		}
		res := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			res += a[i]
		}
		return res
	default:
		n2 := n / 2
		n2 -= n2 % 8
		return pairwiseSum(a[:n2]) + pairwiseSum(a[n2:])
	}
}

// Signature returns a metric's signature (as [BLEU.Signature] or
// [ChrF.Signature] gives it) with the bootstrap's fields, as sacreBLEU prints
// it after a paired test: "nrefs:1|bs:1000|seed:12345|case:mixed|…".
func (bs Bootstrap) Signature(metricSignature string) string {
	nrefs, rest, _ := strings.Cut(metricSignature, "|")
	return fmt.Sprintf("%s|bs:%d|seed:%d|%s", nrefs, bs.Resamples, bs.Seed, rest)
}
