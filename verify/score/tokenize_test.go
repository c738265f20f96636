package score

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTokenizersAgainstSacreBLEU compares every line of the mixed and random
// corpora, as each sacreBLEU tokenizer and Python's str.lower return it.
func TestTokenizersAgainstSacreBLEU(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "tokenized.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sets map[string]map[string][]string
	if err := json.Unmarshal(b, &sets); err != nil {
		t.Fatal(err)
	}
	if len(sets) == 0 {
		t.Fatal("tokenized.json holds no corpora")
	}
	funcs := map[string]func(string) string{
		"13a":   Tokenize13a.Tokenize,
		"intl":  TokenizeIntl.Tokenize,
		"char":  TokenizeChar.Tokenize,
		"lower": pyLower,
	}
	for corpus, set := range sets {
		lines := set["lines"]
		for name, f := range funcs {
			want := set[name]
			if len(want) != len(lines) {
				t.Fatalf("%s/%s: %d outputs for %d lines", corpus, name, len(want), len(lines))
			}
			bad := 0
			for i, l := range lines {
				if got := f(l); got != want[i] {
					bad++
					if bad <= 5 {
						t.Errorf("%s/%s line %d %q:\n got %q\nwant %q", corpus, name, i, l, got, want[i])
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s/%s: %d of %d lines differ", corpus, name, bad, len(lines))
			}
		}
	}
}

func TestTokenizeExamples(t *testing.T) {
	tests := []struct {
		tok      Tokenizer
		in, want string
	}{
		{Tokenize13a, "Hello, world!", "Hello , world !"},
		{Tokenize13a, "It costs $1,000.50.", "It costs $ 1,000.50 ."},
		{Tokenize13a, "9-5 and well-known", "9 - 5 and well-known"},
		{Tokenize13a, "&quot;a&quot; &amp;lt;", `" a " <`},
		{Tokenize13a, "x<skipped>y", "xy"},
		{Tokenize13a, "a..b", "a . . b"},
		{Tokenize13a, ",,0", ", ,0"},
		{Tokenize13a, ", ,0", ", , 0"},
		{TokenizeIntl, "Hello, world!", "Hello , world !"},
		{TokenizeIntl, "1,000.50 and 2020.", "1,000.50 and 2020."},
		{TokenizeIntl, "«Привет», €5", "« Привет » , € 5"},
		{TokenizeIntl, "价格是123元。", "价格是123元 。"},
		{TokenizeIntl, "'!!00000", "' ! !00000"},
		{TokenizeIntl, "' ! !00000", "' ! ! 00000"},
		{TokenizeChar, "ab c", "a b   c"},
		{TokenizeChar, "", ""},
		{TokenizeNone, " a  b ", " a  b "},
	}
	for _, tt := range tests {
		if got := tt.tok.Tokenize(tt.in); got != tt.want {
			t.Errorf("%s(%q) = %q, want %q", tt.tok, tt.in, got, tt.want)
		}
	}
}

func TestParseTokenizer(t *testing.T) {
	for _, name := range []string{"13a", "intl", "none", "char"} {
		tok, err := ParseTokenizer(name)
		if err != nil || string(tok) != name {
			t.Errorf("ParseTokenizer(%q) = %q, %v", name, tok, err)
		}
	}
	for _, name := range []string{"", "zh", "13A", "spm"} {
		if _, err := ParseTokenizer(name); err == nil {
			t.Errorf("ParseTokenizer(%q) accepted an unsupported name", name)
		}
	}
}

// TestLowerFinalSigma checks Python's Final_Sigma rule on examples.
func TestLowerFinalSigma(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ΟΔΟΣ", "οδος"},
		{"Σ", "σ"},
		{"ΣΑΣ", "σας"},
		{"ΑΣ'", "ας'"},
		{"ΑΣ'Α", "ασ'α"},
		{"ΑΣ.", "ας."},
		{"İ", "i\u0307"},
	}
	for _, tt := range tests {
		if got := pyLower(tt.in); got != tt.want {
			t.Errorf("pyLower(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzTokenizers checks that no tokenizer or metric panics and these
// properties, which hold in sacreBLEU too:
//   - output is valid UTF-8, words separated by single spaces (13a, intl);
//   - no non-space character is lost or invented (intl, char always; 13a
//     when the line has no "&", "<skipped>" or newline, which it rewrites);
//   - idempotence where it holds: lowercasing, none, and char at the word
//     level. 13a and intl are not idempotent: ",,0" gives ", ,0" under 13a
//     and "'!!0" gives "' ! !0" under intl, and a second pass splits the
//     space-preceded mark off the digit.
func FuzzTokenizers(f *testing.F) {
	for _, s := range []string{"", "Hello, world!", "1,000.50", "9-5", "&amp;<skipped>", "ΟΔΟΣ İ", "«x» €5 😀", "a\u3000b\x1cc", "e\u0301", ".,.,", "-\n-", ",,0", "'!!0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		for _, tok := range Tokenizers {
			out := tok.Tokenize(s)
			if !utf8.ValidString(out) {
				t.Fatalf("%s(%q) gave invalid UTF-8", tok, s)
			}
			if tok == Tokenize13a || tok == TokenizeIntl {
				if norm := strings.Join(pyFields(out), " "); norm != out {
					t.Fatalf("%s(%q) = %q is not single-space separated", tok, s, out)
				}
			}
			keeps := tok != Tokenize13a || !(strings.Contains(s, "&") || strings.Contains(s, "<skipped>") || strings.Contains(s, "\n"))
			if keeps && pyRemoveSpace(out) != pyRemoveSpace(s) {
				t.Fatalf("%s(%q) = %q lost or added characters", tok, s, out)
			}
			_ = BLEU{Tokenizer: tok, Lowercase: true}.Preprocess(s)
		}
		if got := TokenizeNone.Tokenize(s); got != s {
			t.Fatalf("none changed %q to %q", s, got)
		}
		once := TokenizeChar.Tokenize(s)
		if a, b := pyFields(once), pyFields(TokenizeChar.Tokenize(once)); !slices.Equal(a, b) {
			t.Fatalf("char words changed on a second pass over %q: %q vs %q", s, a, b)
		}
		lower := pyLower(s)
		if pyLower(lower) != lower {
			t.Fatalf("lowercasing %q twice changed it: %q vs %q", s, lower, pyLower(lower))
		}
		_, _ = BLEU{}.Sentence(s, []string{s})
		_, _ = ChrF{WordOrder: 2}.Sentence(s, []string{s})
	})
}
