package score

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestSplitLines(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a\n", []string{"a"}},
		{"a\n\n", []string{"a", ""}},
		{"a\r\nb  \t\n", []string{"a", "b"}},
		{"x\u00a0\u3000\x1c\ny\u0085z", []string{"x", "y\u0085z"}},
		{"\u2028a\u2028\n", []string{"\u2028a"}},
	}
	for _, tt := range tests {
		got, err := SplitLines(tt.in)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("SplitLines(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := SplitLines("ok\nfine\nbad\xff\n"); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("invalid UTF-8 on line 3: error %v", err)
	}
}

func TestClosestRefLen(t *testing.T) {
	tests := []struct {
		hyp  int
		refs []int
		want int
	}{
		{3, []int{4, 2}, 2},
		{3, []int{2, 4}, 2},
		{5, []int{9, 6, 1}, 6},
		{0, []int{0}, 0},
		{7, nil, -1},
	}
	for _, tt := range tests {
		if got := closestRefLen(tt.hyp, tt.refs); got != tt.want {
			t.Errorf("closestRefLen(%d, %v) = %d, want %d", tt.hyp, tt.refs, got, tt.want)
		}
	}
}

func TestSignatures(t *testing.T) {
	half := 0.5
	tests := []struct {
		got, want string
	}{
		{BLEU{}.Signature(1), "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + SacreBLEUVersion},
		{BLEU{Tokenizer: TokenizeChar, Lowercase: true, Smooth: SmoothFloor}.Signature(3),
			"nrefs:3|case:lc|eff:no|tok:char|smooth:floor[0.10]|version:" + SacreBLEUVersion},
		{BLEU{Smooth: SmoothAddK, SmoothValue: &half, EffectiveOrder: true}.Signature(1),
			"nrefs:1|case:mixed|eff:yes|tok:13a|smooth:add-k[0.50]|version:" + SacreBLEUVersion},
		{BLEU{Smooth: SmoothNone, SmoothValue: &half}.Signature(1),
			"nrefs:1|case:mixed|eff:no|tok:13a|smooth:none|version:" + SacreBLEUVersion},
		{ChrF{}.Signature(1), "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:" + SacreBLEUVersion},
		{ChrF{WordOrder: 2, Lowercase: true, Whitespace: true, EpsSmoothing: true}.Signature(2),
			"nrefs:2|case:lc|eff:no|nc:6|nw:2|space:yes|version:" + SacreBLEUVersion},
		{ChrF{}.Name(), "chrF2"},
		{ChrF{WordOrder: 2}.Name(), "chrF2++"},
		{ChrF{Beta: 1, WordOrder: 1}.Name(), "chrF1+"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestInvalidOptionsAndStreams(t *testing.T) {
	nan := math.NaN()
	hyps := []string{"a b", "c"}
	good := [][]string{{"a b", "c"}}
	tests := []struct {
		name string
		err  func() error
		want string
	}{
		{"tokenizer", func() error { _, err := BLEU{Tokenizer: "zh"}.Corpus(hyps, good); return err }, `"zh"`},
		{"smoothing", func() error { _, err := BLEU{Smooth: "lin"}.Corpus(hyps, good); return err }, `"lin"`},
		{"smooth value", func() error { _, err := BLEU{Smooth: SmoothFloor, SmoothValue: &nan}.Corpus(hyps, good); return err }, "NaN"},
		{"chrF order", func() error { _, err := ChrF{CharOrder: -1}.Corpus(hyps, good); return err }, "negative"},
		{"no refs", func() error { _, err := BLEU{}.Corpus(hyps, nil); return err }, "no references"},
		{"short stream", func() error { _, err := ChrF{}.Corpus(hyps, [][]string{{"a"}}); return err }, "stream 1 has 1 lines but there are 2"},
		{"sentence no refs", func() error { _, err := BLEU{}.Sentence("a", nil); return err }, "no references"},
	}
	for _, tt := range tests {
		err := tt.err()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
}

// TestBLEUEdgeCases checks the corner cases of compute_bleu on statistics.
func TestBLEUEdgeCases(t *testing.T) {
	// Identical segments: brevity penalty 1 and exp(log(100)), which is
	// 100.00000000000004 in float64, in sacreBLEU too.
	exp100 := crExp(crLog(100))
	s, err := BLEU{}.Corpus([]string{"a b c d e", "x y z w"}, [][]string{{"a b c d e", "x y z w"}})
	if err != nil || s.Score != exp100 || s.BP != 1 || exp100 != 100.00000000000004 {
		t.Errorf("identical: %v %v %v", s.Score, s.BP, err)
	}
	// No match at all: 0, and the early return leaves precisions at 0.
	s, _ = BLEU{}.Corpus([]string{"a b"}, [][]string{{"c d"}})
	if s.Score != 0 || s.Precisions[0] != 0 || s.Totals[0] != 2 {
		t.Errorf("disjoint: %+v", s)
	}
	// Empty hypothesis against a non-empty reference: BP 0.
	s, _ = BLEU{}.Corpus([]string{""}, [][]string{{"a"}})
	if s.BP != 0 || s.Score != 0 || s.Ratio != 0 {
		t.Errorf("empty hypothesis: %+v", s)
	}
	// Without effective order a two-word sentence has no 3- and 4-grams and
	// scores 0; with it, it is the geometric mean of the two orders present.
	st := BLEU{}.SegmentStats("a b", []string{"a b"})
	if got := (BLEU{}).Compute(st, 1).Score; got != 0 {
		t.Errorf("no effective order: %v", got)
	}
	if got := (BLEU{EffectiveOrder: true}).Compute(st, 1).Score; got != exp100 {
		t.Errorf("effective order: %v", got)
	}
	// add-k adds its value to counts and totals from order 2 on.
	st = BLEU{}.SegmentStats("a b c", []string{"a b d"})
	s = BLEU{Smooth: SmoothAddK}.Compute(st, 1)
	if !slices.Equal(s.Counts, []float64{2, 2, 1, 1}) || !slices.Equal(s.Totals, []float64{3, 3, 2, 1}) {
		t.Errorf("add-k counts %v totals %v", s.Counts, s.Totals)
	}
}

func TestChrFPlusPlusWords(t *testing.T) {
	got := chrFWords("(hi) there, \"x\" a. .b ..")
	want := []string{"(hi", ")", "there", ",", "\"x", "\"", "a", ".", ".", "b", ".", "."}
	if !slices.Equal(got, want) {
		t.Errorf("chrFWords = %q, want %q", got, want)
	}
}
