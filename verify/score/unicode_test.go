package score

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

func inRanges(rs [][2]rune) map[rune]bool {
	m := map[rune]bool{}
	for _, r := range rs {
		for c := r[0]; c <= r[1]; c++ {
			m[c] = true
		}
	}
	return m
}

// TestUnicodeClassesAgainstPython checks every code point outside the
// surrogates against Python's str.isspace, str.lower, the `regex` module's
// \p{P}, \p{S}, \p{N}, and the Cased / Case_Ignorable behaviour of
// Final_Sigma.
func TestUnicodeClassesAgainstPython(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "unicode.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Space             [][2]rune `json:"space"`
		Punct             [][2]rune `json:"punct"`
		Symbol            [][2]rune `json:"symbol"`
		Number            [][2]rune `json:"number"`
		Lower             [][]any   `json:"lower"`
		CaseIgnorable     [][2]rune `json:"case_ignorable"`
		CasedNotIgnorable [][2]rune `json:"cased_not_ignorable"`
	}
	if err := json.Unmarshal(b, &fx); err != nil {
		t.Fatal(err)
	}
	lower := map[rune]string{}
	for _, e := range fx.Lower {
		var s []rune
		for _, c := range e[1].([]any) {
			s = append(s, rune(c.(float64)))
		}
		lower[rune(e[0].(float64))] = string(s)
	}
	if len(lower) < 1000 {
		t.Fatalf("unicode.json has only %d lowercase mappings", len(lower))
	}
	classes := []struct {
		name string
		want map[rune]bool
		got  func(rune) bool
	}{
		{"isspace", inRanges(fx.Space), pyIsSpace},
		{`\p{P}`, inRanges(fx.Punct), isPunct},
		{`\p{S}`, inRanges(fx.Symbol), isSymbol},
		{`\p{N}`, inRanges(fx.Number), isNumber},
		{"Case_Ignorable", inRanges(fx.CaseIgnorable), isCaseIgnorable},
		{"Cased and not Case_Ignorable", inRanges(fx.CasedNotIgnorable), func(r rune) bool { return isCased(r) && !isCaseIgnorable(r) }},
	}
	for _, c := range classes {
		bad := 0
		for r := rune(0); r < 0x110000; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			if c.got(r) != c.want[r] {
				bad++
				if bad <= 5 {
					t.Errorf("%s(U+%04X): got %v, Python %v", c.name, r, c.got(r), c.want[r])
				}
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d code points differ", c.name, bad)
		}
	}
	bad := 0
	for r := rune(0); r < 0x110000; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		want, ok := lower[r]
		if !ok {
			want = string(r)
		}
		if r == capitalSigma {
			want = string(smallSigma) // alone, Σ is not final
		}
		if got := pyLower(string(r)); got != want {
			bad++
			if bad <= 5 {
				t.Errorf("lower(U+%04X) = %q, Python %q", r, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("lower: %d code points differ", bad)
	}
}
