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
