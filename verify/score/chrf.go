package score

import (
	"fmt"
	"strings"
)

// Defaults of sacreBLEU's chrF.
const (
	// DefaultCharOrder is the character n-gram order of chrF.
	DefaultCharOrder = 6
	// DefaultBeta weighs recall β times as much as precision.
	DefaultBeta = 2
	// ChrFPlusPlusWordOrder is the word n-gram order that makes chrF++.
	ChrFPlusPlusWordOrder = 2
)

// ChrF holds the options of sacreBLEU's chrF metric. The zero value is
// sacreBLEU's default chrF2: character order 6, word order 0, β = 2,
// whitespace excluded, effective-order averaging.
type ChrF struct {
	// CharOrder is the largest character n-gram order; 0 means 6.
	CharOrder int
	// WordOrder is the largest word n-gram order; 2 gives chrF++.
	WordOrder int
	// Beta weighs recall against precision; 0 means 2.
	Beta int
	// Lowercase lowercases hypotheses and references first.
	Lowercase bool
	// Whitespace keeps whitespace inside character n-grams.
	Whitespace bool
	// EpsSmoothing averages per-order F-scores with ε for empty orders, as
	// chrF++.py, Moses and NLTK do, instead of sacreBLEU's default of
	// averaging precision and recall over the orders present.
	EpsSmoothing bool
}

func (c ChrF) charOrder() int {
	if c.CharOrder == 0 {
		return DefaultCharOrder
	}
	return c.CharOrder
}

func (c ChrF) beta() int {
	if c.Beta == 0 {
		return DefaultBeta
	}
	return c.Beta
}

func (c ChrF) order() int { return c.charOrder() + c.WordOrder }

// Validate reports negative orders or β.
func (c ChrF) Validate() error {
	if c.CharOrder < 0 || c.WordOrder < 0 || c.Beta < 0 {
		return fmt.Errorf("score: chrF orders and beta must not be negative (char %d, word %d, beta %d)", c.CharOrder, c.WordOrder, c.Beta)
	}
	return nil
}

// Name returns sacreBLEU's name of the metric: "chrF2", or "chrF2++" with
// word order 2.
func (c ChrF) Name() string {
	return fmt.Sprintf("chrF%d", c.beta()) + strings.Repeat("+", c.WordOrder)
}

// Signature returns sacreBLEU's signature string for these options and
// nrefs references, e.g. "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0".
func (c ChrF) Signature(nrefs int) string {
	return fmt.Sprintf("nrefs:%d|case:%s|eff:%s|nc:%d|nw:%d|space:%s|version:%s",
		nrefs, caseName(c.Lowercase), yesNo(!c.EpsSmoothing), c.charOrder(), c.WordOrder,
		yesNo(c.Whitespace), SacreBLEUVersion)
}

// ChrFStats are chrF's sufficient statistics: for each order (character
// orders 1..CharOrder, then word orders 1..WordOrder) the hypothesis n-gram
// count, the reference n-gram count and the matched count, flattened as
// [hyp₁, ref₁, match₁, hyp₂, …].
type ChrFStats []int

// Add adds o to s element by element; s must be nil or as long as o.
func (s *ChrFStats) Add(o ChrFStats) {
	if *s == nil {
		*s = make(ChrFStats, len(o))
	}
	for i := range o {
		(*s)[i] += o[i]
	}
}

// ngramBags holds one n-gram multiset per order.
type ngramBags []map[string]int

// charNgrams counts the character n-grams of line for n = 1..order.
func charNgrams(line string, order int, whitespace bool) ngramBags {
	if !whitespace {
		line = pyRemoveSpace(line)
	}
	// offs[i] is the byte offset of rune i; offs[len] = len(line).
	offs := make([]int, 0, len(line)+1)
	for i := range line {
		offs = append(offs, i)
	}
	runes := len(offs)
	offs = append(offs, len(line))
	bags := make(ngramBags, order)
	for n := 1; n <= order; n++ {
		m := make(map[string]int)
		for i := 0; i+n <= runes; i++ {
			m[line[offs[i]:offs[i+n]]]++
		}
		bags[n-1] = m
	}
	return bags
}

// chrFPunct is Python's string.punctuation, which chrF++ splits off words.
const chrFPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// chrFWords splits line into words for chrF++'s word n-grams: whitespace
// separates words, and one ASCII punctuation mark is split off the end of a
// word, or else off its start ("(hi)" gives "(hi" and ")").
func chrFWords(line string) []string {
	var words []string
	for _, w := range pyFields(line) {
		rs := []rune(w)
		switch {
		case len(rs) == 1:
			words = append(words, w)
		case strings.ContainsRune(chrFPunct, rs[len(rs)-1]):
			words = append(words, string(rs[:len(rs)-1]), string(rs[len(rs)-1]))
		case strings.ContainsRune(chrFPunct, rs[0]):
			words = append(words, string(rs[0]), string(rs[1:]))
		default:
			words = append(words, w)
		}
	}
	return words
}

// wordNgrams counts the word n-grams of words for n = 1..order.
func wordNgrams(words []string, order int) ngramBags {
	bags := make(ngramBags, order)
	for n := 1; n <= order; n++ {
		m := make(map[string]int)
		for i := 0; i+n <= len(words); i++ {
			m[strings.Join(words[i:i+n], " ")]++
		}
		bags[n-1] = m
	}
	return bags
}

// bags returns the n-grams of a (lowercased if asked) segment, character
// orders first.
func (c ChrF) bags(line string) ngramBags {
	if c.Lowercase {
		line = pyLower(line)
	}
	b := charNgrams(line, c.charOrder(), c.Whitespace)
	if c.WordOrder > 0 {
		b = append(b, wordNgrams(chrFWords(line), c.WordOrder)...)
	}
	return b
}

// SegmentStats returns the statistics of hyp against the reference (of at
// least one) whose F-score is highest, the first one on a tie.
func (c ChrF) SegmentStats(hyp string, refs []string) ChrFStats {
	hb := c.bags(hyp)
	var best ChrFStats
	bestF := -1.0
	for _, ref := range refs {
		rb := c.bags(ref)
		st := make(ChrFStats, 0, 3*len(hb))
		for n := range hb {
			hypCount, refCount, match := 0, 0, 0
			for g, k := range hb[n] {
				hypCount += k
				if r, ok := rb[n][g]; ok {
					match += min(k, r)
				}
			}
			for _, k := range rb[n] {
				refCount += k
			}
			if len(rb[n]) == 0 {
				hypCount = 0 // sacreBLEU counts no hypothesis n-grams when the reference has none
			}
			st = append(st, hypCount, refCount, match)
		}
		if f := c.fScore(st); f > bestF {
			bestF, best = f, st
		}
	}
	return best
}

// chrFEpsilon stands in for an undefined precision, recall or F-score under
// EpsSmoothing, as in sacreBLEU.
const chrFEpsilon = 1e-16

// fScore computes chrF in [0, 100] from statistics, following sacreBLEU's
// _compute_f_score operation by operation so the float64 result is the same.
// Products are converted to float64 before additions so that no fused
// multiply-add changes the rounding.
func (c ChrF) fScore(st ChrFStats) float64 {
	factor := float64(c.beta() * c.beta())
	order := len(st) / 3
	var score, avgPrec, avgRec float64
	effOrder := 0
	for i := range order {
		nHyp, nRef, nMatch := st[3*i], st[3*i+1], st[3*i+2]
		prec, rec := chrFEpsilon, chrFEpsilon
		if nHyp > 0 {
			prec = float64(nMatch) / float64(nHyp)
		}
		if nRef > 0 {
			rec = float64(nMatch) / float64(nRef)
		}
		denom := float64(factor*prec) + rec
		if denom > 0 {
			score += float64(1+factor) * prec * rec / denom
		} else {
			score += chrFEpsilon
		}
		if nHyp > 0 && nRef > 0 {
			avgPrec += prec
			avgRec += rec
			effOrder++
		}
	}
	if c.EpsSmoothing {
		return 100 * score / float64(order)
	}
	if effOrder == 0 {
		avgPrec, avgRec = 0, 0
	} else {
		avgPrec /= float64(effOrder)
		avgRec /= float64(effOrder)
	}
	if avgPrec+avgRec == 0 {
		return 0
	}
	s := float64(1+factor) * avgPrec * avgRec
	s /= float64(factor*avgPrec) + avgRec
	return 100 * s
}

// ChrFScore is a chrF result.
type ChrFScore struct {
	// Name is "chrF2", "chrF2++" and so on.
	Name string `json:"name"`
	// Score is chrF in [0, 100], at full float64 precision.
	Score float64 `json:"score"`
	// CharOrder, WordOrder and Beta are the options used.
	CharOrder int `json:"char_order"`
	WordOrder int `json:"word_order"`
	Beta      int `json:"beta"`
	// Stats are the summed statistics the score was computed from.
	Stats ChrFStats `json:"stats"`
	// Signature is sacreBLEU's signature of the options and reference count.
	Signature string `json:"signature"`
}

// Compute turns summed statistics into a score.
func (c ChrF) Compute(st ChrFStats, nrefs int) ChrFScore {
	if len(st) != 3*c.order() {
		st = make(ChrFStats, 3*c.order())
	}
	return ChrFScore{
		Name: c.Name(), Score: c.fScore(st),
		CharOrder: c.charOrder(), WordOrder: c.WordOrder, Beta: c.beta(),
		Stats: st, Signature: c.Signature(nrefs),
	}
}

// Corpus returns corpus chrF of hyps against the reference streams refs:
// refs[k][i] is the k-th reference of hyps[i].
func (c ChrF) Corpus(hyps []string, refs [][]string) (ChrFScore, error) {
	return corpusScore(c, hyps, refs)
}

// Sentence returns chrF of one hypothesis against its references.
func (c ChrF) Sentence(hyp string, refs []string) (ChrFScore, error) {
	return sentenceScore(c, hyp, refs)
}

// Format returns the score the way sacreBLEU prints it, e.g.
// "chrF2|nrefs:1|…|version:2.6.0 = 44.8" with width decimals.
func (s ChrFScore) Format(width int) string {
	name := s.Name
	if s.Signature != "" {
		name += "|" + s.Signature
	}
	return name + " = " + formatFixed(s.Score, width)
}
