package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/verify/score"
)

// scoreTestdata is the sacreBLEU conformance set of verify/score.
var scoreTestdata = filepath.Join("..", "..", "verify", "score", "testdata")

// runScore runs `onnxprune score args...` and returns stdout, stderr and the
// exit code.
func runScore(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), append([]string{"score"}, args...), &out, &errOut)
	return out.String(), errOut.String(), code
}

// TestScoreMatchesSacreBLEUCommand compares the text output with what the
// sacrebleu command printed for the same files and options (cli.json, made
// by make_conformance.py).
func TestScoreMatchesSacreBLEUCommand(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(scoreTestdata, "cli.json"))
	if err != nil {
		t.Fatal(err)
	}
	var runs []struct {
		Hyp           string   `json:"hyp"`
		Refs          []string `json:"refs"`
		SacreBLEUArgs []string `json:"sacrebleu_args"`
		OnnxpruneArgs []string `json:"onnxprune_args"`
		Stdout        string   `json:"stdout"`
	}
	if err := json.Unmarshal(b, &runs); err != nil {
		t.Fatal(err)
	}
	if len(runs) == 0 {
		t.Fatal("cli.json holds no runs")
	}
	for _, r := range runs {
		args := []string{"--hyp", filepath.Join(scoreTestdata, r.Hyp)}
		for _, ref := range r.Refs {
			args = append(args, "--ref", filepath.Join(scoreTestdata, ref))
		}
		args = append(args, r.OnnxpruneArgs...)
		out, errOut, code := runScore(t, args...)
		if code != 0 {
			t.Errorf("sacrebleu %v: exit %d: %s", r.SacreBLEUArgs, code, errOut)
			continue
		}
		if out != r.Stdout {
			t.Errorf("sacrebleu %v (onnxprune %v):\n got %q\nwant %q", r.SacreBLEUArgs, r.OnnxpruneArgs, out, r.Stdout)
		}
	}
}

// TestScoreJSONFullPrecision checks that --json carries the package's
// float64 scores unrounded.
func TestScoreJSONFullPrecision(t *testing.T) {
	hyp := filepath.Join(scoreTestdata, "corpora", "random.hyp")
	ref1 := filepath.Join(scoreTestdata, "corpora", "random.ref1")
	ref2 := filepath.Join(scoreTestdata, "corpora", "random.ref2")
	out, errOut, code := runScore(t, "--hyp", hyp, "--ref", ref1, "--ref", ref2, "--chrf-word-order", "2", "--tokenize", "intl", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		BLEU          float64 `json:"bleu"`
		ChrF          float64 `json:"chrf"`
		BLEUSignature string  `json:"bleu_signature"`
		ChrFSignature string  `json:"chrf_signature"`
		ChrFName      string  `json:"chrf_name"`
		Segments      int     `json:"segments"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	hyps, _ := score.ReadLines(hyp)
	r1, _ := score.ReadLines(ref1)
	r2, _ := score.ReadLines(ref2)
	wantB, err := score.BLEU{Tokenizer: score.TokenizeIntl}.Corpus(hyps, [][]string{r1, r2})
	if err != nil {
		t.Fatal(err)
	}
	wantC, err := score.ChrF{WordOrder: 2}.Corpus(hyps, [][]string{r1, r2})
	if err != nil {
		t.Fatal(err)
	}
	if doc.BLEU != wantB.Score || doc.ChrF != wantC.Score {
		t.Errorf("JSON bleu %v chrf %v, package %v %v", doc.BLEU, doc.ChrF, wantB.Score, wantC.Score)
	}
	if doc.BLEU == 0 || doc.ChrF == 0 || doc.Segments != len(hyps) {
		t.Errorf("implausible JSON: %+v", doc)
	}
	if doc.BLEUSignature != "nrefs:2|case:mixed|eff:no|tok:intl|smooth:exp|version:"+score.SacreBLEUVersion ||
		doc.ChrFSignature != "nrefs:2|case:mixed|eff:yes|nc:6|nw:2|space:no|version:"+score.SacreBLEUVersion ||
		doc.ChrFName != "chrF2++" {
		t.Errorf("signatures %q %q name %q", doc.BLEUSignature, doc.ChrFSignature, doc.ChrFName)
	}
}

func TestScoreErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	hyp3 := write("hyp3.txt", "a\nb\nc\n")
	ref2 := write("ref2.txt", "a\nb\n")
	ref3 := write("ref3.txt", "a\nb\nc")
	empty := write("empty.txt", "")
	bad := write("bad.txt", "ok\n\xff\xfe\n")
	missing := filepath.Join(dir, "missing.txt")
	tests := []struct {
		name  string
		args  []string
		wants []string // substrings of the first stderr line
	}{
		{"line counts", []string{"--hyp", hyp3, "--ref", ref3, "--ref", ref2}, []string{ref2, "2 lines", hyp3, "has 3"}},
		{"missing ref", []string{"--hyp", hyp3, "--ref", missing}, []string{"--ref", missing, "no such file"}},
		{"missing hyp", []string{"--hyp", missing, "--ref", ref3}, []string{"--hyp", missing}},
		{"empty hyp", []string{"--hyp", empty, "--ref", empty}, []string{empty, "no lines"}},
		{"invalid utf-8", []string{"--hyp", bad, "--ref", ref2}, []string{bad, "line 2", "invalid UTF-8"}},
		{"no ref", []string{"--hyp", hyp3}, []string{"--ref"}},
		{"no hyp", []string{"--ref", ref3}, []string{"--hyp"}},
		{"tokenizer", []string{"--hyp", hyp3, "--ref", ref3, "--tokenize", "zh"}, []string{"--tokenize", "zh"}},
		{"metric", []string{"--hyp", hyp3, "--ref", ref3, "--metrics", "ter"}, []string{"ter"}},
		{"smoothing", []string{"--hyp", hyp3, "--ref", ref3, "--smooth-method", "lin"}, []string{"lin"}},
		{"sentence-level metrics", []string{"--hyp", hyp3, "--ref", ref3, "--sentence-level"}, []string{"one metric"}},
		{"argument", []string{"--hyp", hyp3, "--ref", ref3, "extra"}, []string{"extra"}},
		{"paired one system", []string{"--hyp", hyp3, "--ref", ref3, "--paired-bs"}, []string{"--paired-bs", "two or more"}},
		{"systems without test", []string{"--hyp", hyp3, "--hyp", hyp3, "--ref", ref3}, []string{"--paired-bs"}},
		{"paired sentence-level", []string{"--hyp", hyp3, "--hyp", hyp3, "--ref", ref3, "--paired-bs", "--sentence-level", "--metrics", "bleu"}, []string{"--sentence-level"}},
		{"resamples", []string{"--hyp", hyp3, "--hyp", hyp3, "--ref", ref3, "--paired-bs", "--paired-bs-n", "0"}, []string{"--paired-bs-n", "0"}},
		{"seed without test", []string{"--hyp", hyp3, "--ref", ref3, "--seed", "7"}, []string{"--seed", "--paired-bs"}},
		{"seed 0", []string{"--hyp", hyp3, "--hyp", hyp3, "--ref", ref3, "--paired-bs", "--seed", "0"}, []string{"--seed 0"}},
		{"seed negative", []string{"--hyp", hyp3, "--hyp", hyp3, "--ref", ref3, "--paired-bs", "--seed", "-3"}, []string{"seed", "-3"}},
		{"system lines", []string{"--hyp", hyp3, "--hyp", ref2, "--ref", ref3, "--paired-bs"}, []string{ref2, "2 lines", hyp3, "has 3"}},
		{"named system missing", []string{"--hyp", hyp3, "--hyp", "pruned=" + missing, "--ref", ref3, "--paired-bs"}, []string{"--hyp", missing}},
	}
	for _, tt := range tests {
		out, errOut, code := runScore(t, tt.args...)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2 (stdout %q)", tt.name, code, out)
		}
		first, _, _ := strings.Cut(errOut, "\n")
		for _, w := range tt.wants {
			if !strings.Contains(first, w) {
				t.Errorf("%s: error %q does not mention %q", tt.name, first, w)
			}
		}
		if out != "" {
			t.Errorf("%s: printed %q on stdout", tt.name, out)
		}
	}
}

// TestScoreSentenceLevelJSON checks per-line chrF in JSON against the package.
func TestScoreSentenceLevelJSON(t *testing.T) {
	hyp := filepath.Join(scoreTestdata, "corpora", "mixed.hyp")
	ref := filepath.Join(scoreTestdata, "corpora", "mixed.ref1")
	out, errOut, code := runScore(t, "--hyp", hyp, "--ref", ref, "--metrics", "chrf", "--sentence-level", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Sentences []float64 `json:"sentences"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	hyps, _ := score.ReadLines(hyp)
	refs, _ := score.ReadLines(ref)
	if len(doc.Sentences) != len(hyps) {
		t.Fatalf("%d sentence scores for %d lines", len(doc.Sentences), len(hyps))
	}
	for i := range hyps {
		want, err := score.ChrF{}.Sentence(hyps[i], []string{refs[i]})
		if err != nil {
			t.Fatal(err)
		}
		if doc.Sentences[i] != want.Score {
			t.Errorf("line %d: %v, package %v", i+1, doc.Sentences[i], want.Score)
		}
	}
}

// bootstrapRunJSON is one run of verify/score/testdata/bootstrap.json: what
// `sacrebleu --paired-bs -f text` printed for some systems, and sacreBLEU's
// figures at full precision.
type bootstrapRunJSON struct {
	Refs          []string `json:"refs"`
	Systems       []string `json:"systems"`
	SacreBLEUArgs []string `json:"sacrebleu_args"`
	OnnxpruneArgs []string `json:"onnxprune_args"`
	Stdout        string   `json:"stdout"`
	Results       map[string][]struct {
		Score  float64  `json:"score"`
		Mean   float64  `json:"mean"`
		CI     float64  `json:"ci"`
		PValue *float64 `json:"p_value"`
	} `json:"results"`
	Signatures map[string]string `json:"signatures"`
}

// pairedArgs returns the score arguments of a run: each system as
// NAME=FILE under the name sacreBLEU printed (its path relative to testdata).
func pairedArgs(r bootstrapRunJSON) []string {
	args := []string{"--paired-bs"}
	for _, ref := range r.Refs {
		args = append(args, "--ref", filepath.Join(scoreTestdata, "bootstrap", ref))
	}
	for _, s := range r.Systems {
		args = append(args, "--hyp", "bootstrap/"+s+"="+filepath.Join(scoreTestdata, "bootstrap", s))
	}
	return append(args, r.OnnxpruneArgs...)
}

func loadBootstrapRunsJSON(t *testing.T) []bootstrapRunJSON {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(scoreTestdata, "bootstrap.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []bootstrapRunJSON `json:"runs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) == 0 {
		t.Fatal("bootstrap.json holds no runs")
	}
	return doc.Runs
}

// TestScorePairedBSMatchesSacreBLEUCommand compares `score --paired-bs` with
// what `sacrebleu REF -i SYS... --paired-bs -f text` printed: the table of
// scores, means, intervals and p-values, the explanation and the signatures,
// byte for byte. The runs taken cover every option (another baseline and
// width, --seed with --paired-bs-n, BLEU alone with floor smoothing, two
// references with add-k, chrF β 3 with whitespace and a two-word seed) and
// starred and unstarred p-values; the package's test compares the numbers of
// all runs.
func TestScorePairedBSMatchesSacreBLEUCommand(t *testing.T) {
	runs := loadBootstrapRunsJSON(t)
	for _, r := range []bootstrapRunJSON{runs[1], runs[2], runs[4], runs[5]} {
		out, errOut, code := runScore(t, pairedArgs(r)...)
		if code != 0 {
			t.Fatalf("sacrebleu %v: exit %d: %s", r.SacreBLEUArgs, code, errOut)
		}
		if out != r.Stdout {
			t.Errorf("sacrebleu %v (onnxprune %v):\n got:\n%s\nwant:\n%s", r.SacreBLEUArgs, pairedArgs(r), out, r.Stdout)
		}
	}
}

// TestScorePairedBSJSON checks that --paired-bs --json carries sacreBLEU's
// numbers at full precision, with the system names and signatures.
func TestScorePairedBSJSON(t *testing.T) {
	r := loadBootstrapRunsJSON(t)[3] // chrF++ and BLEU with options, four systems
	out, errOut, code := runScore(t, append(pairedArgs(r), "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Segments   int               `json:"segments"`
		Resamples  int               `json:"resamples"`
		Seed       uint64            `json:"seed"`
		Signatures map[string]string `json:"signatures"`
		Systems    []struct {
			Name     string `json:"name"`
			Baseline bool   `json:"baseline"`
			Scores   map[string]struct {
				Score  float64  `json:"score"`
				Mean   float64  `json:"mean"`
				CI     float64  `json:"ci"`
				PValue *float64 `json:"p_value"`
			} `json:"scores"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if doc.Segments != 200 || doc.Resamples != score.DefaultBootstrapResamples || doc.Seed != score.DefaultBootstrapSeed ||
		len(doc.Systems) != len(r.Systems) || len(doc.Signatures) != 2 {
		t.Fatalf("implausible JSON: %s", out)
	}
	for metric, want := range r.Results {
		if doc.Signatures[metric] != r.Signatures[metric] {
			t.Errorf("%s signature %q, sacreBLEU %q", metric, doc.Signatures[metric], r.Signatures[metric])
		}
		for i, w := range want {
			s := doc.Systems[i]
			g, ok := s.Scores[metric]
			if !ok || s.Name != "bootstrap/"+r.Systems[i] || s.Baseline != (i == 0) {
				t.Fatalf("system %d: %+v", i, s)
			}
			samePValue := (g.PValue == nil) == (w.PValue == nil) && (g.PValue == nil || *g.PValue == *w.PValue)
			if g.Score != w.Score || g.Mean != w.Mean || g.CI != w.CI || !samePValue {
				t.Errorf("%s %s: got %+v, sacreBLEU %+v", metric, s.Name, g, w)
			}
		}
	}
}

// TestParsePairedSystem checks how --hyp values name systems: NAME=FILE,
// a plain path, and a file whose own name holds "=".
func TestParsePairedSystem(t *testing.T) {
	dir := t.TempDir()
	withEquals := filepath.Join(dir, "lr=0.1.txt")
	if err := os.WriteFile(withEquals, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, name, path string }{
		{"pruned=out/pruned.es", "pruned", "out/pruned.es"},
		{"out/full.es", "out/full.es", "out/full.es"},
		{withEquals, withEquals, withEquals},
		{"=x.es", "=x.es", "=x.es"},
		{"a=b=c.es", "a", "b=c.es"},
	}
	for _, tt := range tests {
		if got := parsePairedSystem(tt.in); got.name != tt.name || got.path != tt.path {
			t.Errorf("%q: got name %q path %q, want %q %q", tt.in, got.name, got.path, tt.name, tt.path)
		}
	}
}
