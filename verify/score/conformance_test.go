package score

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// The conformance set in testdata was made by testdata/make_conformance.py
// with sacreBLEU itself; these tests compare every figure at full float64
// precision.

// libmULPs is how far, in units in the last place, a BLEU score or brevity
// penalty may be from sacreBLEU's. Both go through exp and log, which
// sacreBLEU takes from the C library (glibc) and this package computes
// correctly rounded (crmath.go). glibc's results are correctly rounded for
// all but about 1 in 1,000 (exp) and 1 in 8,000 (log) arguments, and then
// off by one ulp; nothing else in BLEU or chrF may differ at all.
const libmULPs = 1

type bleuOptsJSON struct {
	Tokenize       string   `json:"tokenize"`
	Lowercase      bool     `json:"lowercase"`
	SmoothMethod   string   `json:"smooth_method"`
	SmoothValue    *float64 `json:"smooth_value"`
	EffectiveOrder bool     `json:"effective_order"`
}

func (o bleuOptsJSON) metric() BLEU {
	return BLEU{Tokenizer: Tokenizer(o.Tokenize), Lowercase: o.Lowercase, Smooth: SmoothMethod(o.SmoothMethod),
		SmoothValue: o.SmoothValue, EffectiveOrder: o.EffectiveOrder}
}

type chrfOptsJSON struct {
	CharOrder    int  `json:"char_order"`
	WordOrder    int  `json:"word_order"`
	Beta         int  `json:"beta"`
	Lowercase    bool `json:"lowercase"`
	Whitespace   bool `json:"whitespace"`
	EpsSmoothing bool `json:"eps_smoothing"`
}

func (o chrfOptsJSON) metric() ChrF {
	return ChrF{CharOrder: o.CharOrder, WordOrder: o.WordOrder, Beta: o.Beta, Lowercase: o.Lowercase,
		Whitespace: o.Whitespace, EpsSmoothing: o.EpsSmoothing}
}

type corpusCase struct {
	Corpus     string          `json:"corpus"`
	NRefs      int             `json:"nrefs"`
	Metric     string          `json:"metric"`
	Options    json.RawMessage `json:"options"`
	Name       string          `json:"name"`
	Score      float64         `json:"score"`
	Counts     []float64       `json:"counts"`
	Totals     []float64       `json:"totals"`
	Precisions []float64       `json:"precisions"`
	BP         float64         `json:"bp"`
	SysLen     int             `json:"sys_len"`
	RefLen     int             `json:"ref_len"`
	Ratio      float64         `json:"ratio"`
	Signature  string          `json:"signature"`
	FormatAPI  string          `json:"format_api"`
	FormatCLI  string          `json:"format_cli"`
}

type sentenceCase struct {
	Corpus    string          `json:"corpus"`
	NRefs     int             `json:"nrefs"`
	Metric    string          `json:"metric"`
	Options   json.RawMessage `json:"options"`
	Scores    []float64       `json:"scores"`
	BPs       []float64       `json:"bps"`
	Signature string          `json:"signature"`
}

type expectedFile struct {
	SacreBLEUVersion string `json:"sacrebleu_version"`
	PythonVersion    string `json:"python_version"`
	Corpora          map[string]struct {
		Hyp  string   `json:"hyp"`
		Refs []string `json:"refs"`
	} `json:"corpora"`
	Corpus   []corpusCase   `json:"corpus"`
	Sentence []sentenceCase `json:"sentence"`
}

type corpusData struct {
	hyps []string
	refs [][]string
}

func loadExpected(t *testing.T) (*expectedFile, map[string]corpusData) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var e expectedFile
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	if e.SacreBLEUVersion != SacreBLEUVersion {
		t.Fatalf("conformance set made with sacreBLEU %s, package reproduces %s", e.SacreBLEUVersion, SacreBLEUVersion)
	}
	data := map[string]corpusData{}
	for name, c := range e.Corpora {
		var d corpusData
		if d.hyps, err = ReadLines(filepath.Join("testdata", c.Hyp)); err != nil {
			t.Fatal(err)
		}
		for _, r := range c.Refs {
			lines, err := ReadLines(filepath.Join("testdata", r))
			if err != nil {
				t.Fatal(err)
			}
			d.refs = append(d.refs, lines)
		}
		data[name] = d
	}
	return &e, data
}

// ulpDistance returns how many representable float64 values lie between a
// and b (0 when equal); both must be finite and of the same sign.
func ulpDistance(a, b float64) uint64 {
	if a == b {
		return 0
	}
	ia, ib := math.Float64bits(a), math.Float64bits(b)
	if math.Signbit(a) != math.Signbit(b) {
		return math.MaxUint64
	}
	if ia > ib {
		return ia - ib
	}
	return ib - ia
}

// tally counts exact and near matches of transcendental results.
type tally struct{ exact, withinULP, total int }

func (ta *tally) check(t *testing.T, what string, got, want float64) {
	t.Helper()
	ta.total++
	switch d := ulpDistance(got, want); {
	case d == 0:
		ta.exact++
	case d <= libmULPs:
		ta.withinULP++
		t.Logf("%s: %v vs sacreBLEU %v (%d ulp)", what, got, want, d)
	default:
		t.Errorf("%s: got %v (%x), sacreBLEU %v (%x), %d ulps apart", what, got, math.Float64bits(got), want, math.Float64bits(want), d)
	}
}

func exactFloats(t *testing.T, what string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: got %d values, want %d", what, len(got), len(want))
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s[%d]: got %v, sacreBLEU %v", what, i, got[i], want[i])
		}
	}
}

func caseLabel(corpus string, nrefs int, metric string, opts json.RawMessage) string {
	return fmt.Sprintf("%s/nrefs=%d/%s%s", corpus, nrefs, metric, opts)
}

func TestConformanceCorpus(t *testing.T) {
	e, data := loadExpected(t)
	var bleuT tally
	chrfExact := 0
	for _, c := range e.Corpus {
		d := data[c.Corpus]
		label := caseLabel(c.Corpus, c.NRefs, c.Metric, c.Options)
		refs := d.refs[:c.NRefs]
		switch c.Metric {
		case "bleu":
			var o bleuOptsJSON
			if err := json.Unmarshal(c.Options, &o); err != nil {
				t.Fatal(err)
			}
			got, err := o.metric().Corpus(d.hyps, refs)
			if err != nil {
				t.Fatalf("%s: %v", label, err)
			}
			bleuT.check(t, label+" score", got.Score, c.Score)
			bleuT.check(t, label+" bp", got.BP, c.BP)
			exactFloats(t, label+" counts", got.Counts, c.Counts)
			exactFloats(t, label+" totals", got.Totals, c.Totals)
			exactFloats(t, label+" precisions", got.Precisions, c.Precisions)
			if got.SysLen != c.SysLen || got.RefLen != c.RefLen || got.Ratio != c.Ratio {
				t.Errorf("%s: lengths %d/%d ratio %v, sacreBLEU %d/%d ratio %v", label, got.SysLen, got.RefLen, got.Ratio, c.SysLen, c.RefLen, c.Ratio)
			}
			if got.Signature != c.Signature {
				t.Errorf("%s: signature %q, sacreBLEU %q", label, got.Signature, c.Signature)
			}
			if f := got.Format(2); f != c.FormatAPI {
				t.Errorf("%s: Format(2)\n got %q\nwant %q", label, f, c.FormatAPI)
			}
			if f := got.Format(1); f != c.FormatCLI {
				t.Errorf("%s: Format(1)\n got %q\nwant %q", label, f, c.FormatCLI)
			}
		case "chrf":
			var o chrfOptsJSON
			if err := json.Unmarshal(c.Options, &o); err != nil {
				t.Fatal(err)
			}
			got, err := o.metric().Corpus(d.hyps, refs)
			if err != nil {
				t.Fatalf("%s: %v", label, err)
			}
			if got.Score != c.Score {
				t.Errorf("%s: score %v, sacreBLEU %v", label, got.Score, c.Score)
			} else {
				chrfExact++
			}
			if got.Name != c.Name || got.Signature != c.Signature {
				t.Errorf("%s: name/signature %q %q, sacreBLEU %q %q", label, got.Name, got.Signature, c.Name, c.Signature)
			}
			if f := got.Format(2); f != c.FormatAPI {
				t.Errorf("%s: Format(2) %q, sacreBLEU %q", label, f, c.FormatAPI)
			}
			if f := got.Format(1); f != c.FormatCLI {
				t.Errorf("%s: Format(1) %q, sacreBLEU %q", label, f, c.FormatCLI)
			}
		default:
			t.Fatalf("unknown metric %q", c.Metric)
		}
	}
	t.Logf("corpus BLEU score+bp values: %d exact, %d within %d ulp, of %d; chrF scores exact: %d",
		bleuT.exact, bleuT.withinULP, libmULPs, bleuT.total, chrfExact)
}

func TestConformanceSentence(t *testing.T) {
	e, data := loadExpected(t)
	var bleuT tally
	chrfExact, chrfTotal := 0, 0
	for _, c := range e.Sentence {
		d := data[c.Corpus]
		label := caseLabel(c.Corpus, c.NRefs, c.Metric, c.Options)
		if len(c.Scores) != len(d.hyps) {
			t.Fatalf("%s: %d scores for %d lines", label, len(c.Scores), len(d.hyps))
		}
		refs := make([]string, c.NRefs)
		for i, h := range d.hyps {
			for k := range refs {
				refs[k] = d.refs[k][i]
			}
			what := fmt.Sprintf("%s line %d", label, i+1)
			switch c.Metric {
			case "bleu":
				var o bleuOptsJSON
				if err := json.Unmarshal(c.Options, &o); err != nil {
					t.Fatal(err)
				}
				got, err := o.metric().Sentence(h, refs)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				bleuT.check(t, what+" score", got.Score, c.Scores[i])
				bleuT.check(t, what+" bp", got.BP, c.BPs[i])
				if got.Signature != c.Signature {
					t.Errorf("%s: signature %q, sacreBLEU %q", what, got.Signature, c.Signature)
				}
			case "chrf":
				var o chrfOptsJSON
				if err := json.Unmarshal(c.Options, &o); err != nil {
					t.Fatal(err)
				}
				got, err := o.metric().Sentence(h, refs)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				chrfTotal++
				if got.Score != c.Scores[i] {
					t.Errorf("%s: chrF %v, sacreBLEU %v", what, got.Score, c.Scores[i])
				} else {
					chrfExact++
				}
				if got.Signature != c.Signature {
					t.Errorf("%s: signature %q, sacreBLEU %q", what, got.Signature, c.Signature)
				}
			}
		}
	}
	t.Logf("sentence BLEU score+bp values: %d exact, %d within %d ulp, of %d; chrF: %d of %d exact",
		bleuT.exact, bleuT.withinULP, libmULPs, bleuT.total, chrfExact, chrfTotal)
}
