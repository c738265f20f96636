package score

import (
	"fmt"
	"math"
	"strings"
)

// MaxNGramOrder is the largest n-gram order BLEU counts, sacreBLEU's default.
const MaxNGramOrder = 4

// SmoothMethod names one of sacreBLEU's BLEU smoothing methods (Chen and
// Cherry 2014).
type SmoothMethod string

// The smoothing methods.
const (
	// SmoothExp halves the pseudo-count of each successive zero-match order
	// (NIST / mteval-v13a, "method 3"); sacreBLEU's default.
	SmoothExp SmoothMethod = "exp"
	// SmoothFloor replaces a zero match count by the smoothing value
	// ("method 1", default value 0.1).
	SmoothFloor SmoothMethod = "floor"
	// SmoothAddK adds the smoothing value to the match and total counts of
	// orders 2 and up ("method 2", default value 1).
	SmoothAddK SmoothMethod = "add-k"
	// SmoothNone applies no smoothing.
	SmoothNone SmoothMethod = "none"
)

// SmoothMethods lists the smoothing methods.
var SmoothMethods = []SmoothMethod{SmoothExp, SmoothFloor, SmoothAddK, SmoothNone}

// defaultSmoothValue is the value a method uses when none is given, and
// whether the method takes a value at all.
func defaultSmoothValue(m SmoothMethod) (float64, bool) {
	switch m {
	case SmoothFloor:
		return 0.1, true
	case SmoothAddK:
		return 1, true
	}
	return 0, false
}

// BLEU holds the options of sacreBLEU's BLEU metric. The zero value is
// sacreBLEU's default: 13a tokenization, mixed case, exponential smoothing,
// no effective order.
type BLEU struct {
	// Tokenizer splits each line into words; "" means Tokenize13a.
	Tokenizer Tokenizer
	// Lowercase lowercases hypotheses and references first (Python's
	// str.lower, Final_Sigma included).
	Lowercase bool
	// Smooth is the smoothing method; "" means SmoothExp.
	Smooth SmoothMethod
	// SmoothValue overrides the value of SmoothFloor (0.1) and SmoothAddK
	// (1); nil keeps the default. Other methods ignore it.
	SmoothValue *float64
	// EffectiveOrder averages only over the n-gram orders for which the
	// hypothesis has n-grams. sacreBLEU turns it on for sentence-level BLEU.
	EffectiveOrder bool
}

func (b BLEU) tokenizer() Tokenizer {
	if b.Tokenizer == "" {
		return Tokenize13a
	}
	return b.Tokenizer
}

func (b BLEU) smooth() SmoothMethod {
	if b.Smooth == "" {
		return SmoothExp
	}
	return b.Smooth
}

// smoothValue returns the value the smoothing method uses.
func (b BLEU) smoothValue() float64 {
	v, _ := defaultSmoothValue(b.smooth())
	if b.SmoothValue != nil {
		v = *b.SmoothValue
	}
	return v
}

// Validate reports an unknown tokenizer or smoothing method, or a smoothing
// value that is not a finite number.
func (b BLEU) Validate() error {
	if _, err := ParseTokenizer(string(b.tokenizer())); err != nil {
		return err
	}
	ok := false
	for _, m := range SmoothMethods {
		ok = ok || m == b.smooth()
	}
	if !ok {
		return fmt.Errorf("score: unknown smoothing method %q (want exp, floor, add-k or none)", b.Smooth)
	}
	if b.SmoothValue != nil && (math.IsNaN(*b.SmoothValue) || math.IsInf(*b.SmoothValue, 0)) {
		return fmt.Errorf("score: smoothing value %v is not a finite number", *b.SmoothValue)
	}
	return nil
}

// Signature returns sacreBLEU's signature string for these options and
// nrefs references, e.g. "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0".
func (b BLEU) Signature(nrefs int) string {
	smooth := string(b.smooth())
	if _, takes := defaultSmoothValue(b.smooth()); takes {
		smooth += "[" + formatFixed(b.smoothValue(), 2) + "]"
	}
	return fmt.Sprintf("nrefs:%d|case:%s|eff:%s|tok:%s|smooth:%s|version:%s",
		nrefs, caseName(b.Lowercase), yesNo(b.EffectiveOrder), b.tokenizer(), smooth, SacreBLEUVersion)
}

// Preprocess returns line as BLEU counts it: lowercased if asked, trailing
// whitespace removed, tokenized; words are separated by single spaces.
func (b BLEU) Preprocess(line string) string {
	if b.Lowercase {
		line = pyLower(line)
	}
	return b.tokenizer().Tokenize(pyRstrip(line))
}

// BLEUStats are the sufficient statistics of BLEU for one segment or, summed,
// for a corpus.
type BLEUStats struct {
	// HypLen is the hypothesis length in words.
	HypLen int
	// RefLen is the length of the reference closest in length to the
	// hypothesis (the shorter one on a tie).
	RefLen int
	// Correct[n-1] is the number of hypothesis n-grams matched in the
	// references, each clipped to its largest count in any one reference.
	Correct [MaxNGramOrder]int
	// Total[n-1] is the number of hypothesis n-grams.
	Total [MaxNGramOrder]int
}

// Add adds o to s.
func (s *BLEUStats) Add(o BLEUStats) {
	s.HypLen += o.HypLen
	s.RefLen += o.RefLen
	for i := range s.Correct {
		s.Correct[i] += o.Correct[i]
		s.Total[i] += o.Total[i]
	}
}

// ngramCounts counts the n-grams of words, one map per order 1..MaxNGramOrder;
// an n-gram's key is its words joined by single spaces.
func ngramCounts(words []string) [MaxNGramOrder]map[string]int {
	var c [MaxNGramOrder]map[string]int
	for n := 1; n <= MaxNGramOrder; n++ {
		m := make(map[string]int)
		for i := 0; i+n <= len(words); i++ {
			m[strings.Join(words[i:i+n], " ")]++
		}
		c[n-1] = m
	}
	return c
}

// SegmentStats returns the statistics of one hypothesis against its
// references (at least one).
func (b BLEU) SegmentStats(hyp string, refs []string) BLEUStats {
	var refMax [MaxNGramOrder]map[string]int
	refLens := make([]int, len(refs))
	for k, ref := range refs {
		words := pyFields(b.Preprocess(ref))
		refLens[k] = len(words)
		counts := ngramCounts(words)
		for n := range counts {
			if refMax[n] == nil {
				refMax[n] = counts[n]
				continue
			}
			for g, c := range counts[n] {
				refMax[n][g] = max(refMax[n][g], c)
			}
		}
	}
	words := pyFields(b.Preprocess(hyp))
	st := BLEUStats{HypLen: len(words), RefLen: closestRefLen(len(words), refLens)}
	for n, m := range ngramCounts(words) {
		for g, c := range m {
			st.Total[n] += c
			st.Correct[n] += min(c, refMax[n][g])
		}
	}
	return st
}

// closestRefLen returns the reference length nearest to hypLen, the shorter
// on a tie; -1 when there are no references.
func closestRefLen(hypLen int, refLens []int) int {
	bestDiff, best := -1, -1
	for _, l := range refLens {
		d := hypLen - l
		if d < 0 {
			d = -d
		}
		if bestDiff == -1 || d < bestDiff || (d == bestDiff && l < best) {
			bestDiff, best = d, l
		}
	}
	return best
}

// BLEUScore is a BLEU result with every figure sacreBLEU reports.
type BLEUScore struct {
	// Score is BLEU in [0, 100], at full float64 precision.
	Score float64 `json:"score"`
	// Counts are the matched n-gram counts per order; with add-k smoothing
	// they include the added value for orders 2 and up, as sacreBLEU
	// reports them.
	Counts []float64 `json:"counts"`
	// Totals are the hypothesis n-gram counts per order (add-k likewise).
	Totals []float64 `json:"totals"`
	// Precisions are the (smoothed) n-gram precisions in percent.
	Precisions []float64 `json:"precisions"`
	// BP is the brevity penalty.
	BP float64 `json:"bp"`
	// SysLen and RefLen are the hypothesis and effective reference lengths in words.
	SysLen int `json:"sys_len"`
	RefLen int `json:"ref_len"`
	// Ratio is SysLen/RefLen (0 when RefLen is 0).
	Ratio float64 `json:"ratio"`
	// Signature is sacreBLEU's signature of the options and reference count.
	Signature string `json:"signature"`
}

// Compute turns summed statistics into a score, following sacreBLEU's
// compute_bleu step by step so the float64 result is the same.
func (b BLEU) Compute(st BLEUStats, nrefs int) BLEUScore {
	method, value := b.smooth(), b.smoothValue()
	sc := BLEUScore{
		Counts:     make([]float64, MaxNGramOrder),
		Totals:     make([]float64, MaxNGramOrder),
		Precisions: make([]float64, MaxNGramOrder),
		BP:         1,
		SysLen:     st.HypLen,
		RefLen:     st.RefLen,
		Signature:  b.Signature(nrefs),
	}
	if st.RefLen != 0 {
		sc.Ratio = float64(st.HypLen) / float64(st.RefLen)
	}
	anyCorrect := false
	for n := range MaxNGramOrder {
		sc.Counts[n] = float64(st.Correct[n])
		sc.Totals[n] = float64(st.Total[n])
		anyCorrect = anyCorrect || st.Correct[n] != 0
	}
	if st.HypLen < st.RefLen {
		sc.BP = 0
		if st.HypLen > 0 {
			sc.BP = crExp(1 - float64(st.RefLen)/float64(st.HypLen))
		}
	}
	if !anyCorrect {
		return sc
	}
	smoothMteval := 1.0
	effOrder := MaxNGramOrder
	for n := 1; n <= MaxNGramOrder; n++ {
		if method == SmoothAddK && n > 1 {
			sc.Counts[n-1] += value
			sc.Totals[n-1] += value
		}
		if sc.Totals[n-1] == 0 {
			break
		}
		if b.EffectiveOrder {
			effOrder = n
		}
		if sc.Counts[n-1] == 0 {
			switch method {
			case SmoothExp:
				smoothMteval *= 2
				sc.Precisions[n-1] = 100 / (smoothMteval * sc.Totals[n-1])
			case SmoothFloor:
				sc.Precisions[n-1] = 100 * value / sc.Totals[n-1]
			}
		} else {
			sc.Precisions[n-1] = 100 * sc.Counts[n-1] / sc.Totals[n-1]
		}
	}
	// Plain left-to-right summation, as Python 3.11's sum() does.
	sum := 0.0
	for _, p := range sc.Precisions[:effOrder] {
		sum += flooredLog(p)
	}
	sc.Score = sc.BP * crExp(sum/float64(effOrder))
	return sc
}

// logOfZero is what sacreBLEU's my_log returns for 0 in place of −Inf.
const logOfZero = -9999999999

func flooredLog(x float64) float64 {
	if x == 0 {
		return logOfZero
	}
	return crLog(x)
}

// Corpus returns corpus BLEU of hyps against the reference streams refs:
// refs[k][i] is the k-th reference of hyps[i].
func (b BLEU) Corpus(hyps []string, refs [][]string) (BLEUScore, error) {
	return corpusScore(b, hyps, refs)
}

// Sentence returns BLEU of one hypothesis against its references. sacreBLEU
// recommends EffectiveOrder for this and turns it on in its sentence-level
// mode; this method uses the options as given.
func (b BLEU) Sentence(hyp string, refs []string) (BLEUScore, error) {
	return sentenceScore(b, hyp, refs)
}

// Format returns the score the way sacreBLEU prints it: name, signature,
// score with width decimals, precisions, brevity penalty, length ratio and
// lengths, e.g. "BLEU|nrefs:1|…|version:2.6.0 = 28.7 100.0/66.7/50.0/50.0
// (BP = 0.449 ratio = 0.556 hyp_len = 5 ref_len = 9)". sacreBLEU's command
// line uses width 1, its Python API 2.
func (s BLEUScore) Format(width int) string {
	precs := make([]string, len(s.Precisions))
	for i, p := range s.Precisions {
		precs[i] = formatFixed(p, 1)
	}
	name := "BLEU"
	if s.Signature != "" {
		name += "|" + s.Signature
	}
	return fmt.Sprintf("%s = %s %s (BP = %s ratio = %s hyp_len = %d ref_len = %d)",
		name, formatFixed(s.Score, width), strings.Join(precs, "/"),
		formatFixed(s.BP, 3), formatFixed(s.Ratio, 3), s.SysLen, s.RefLen)
}
