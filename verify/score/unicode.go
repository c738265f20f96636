package score

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reproduces the character classes that sacreBLEU's Python code
// relies on: str.isspace (through str.split and str.rstrip), str.lower, and
// the \p{P}, \p{S} and \p{N} classes of the third-party `regex` module used
// by the `intl` tokenizer. Go's unicode package (Unicode 15.0) is the base;
// the tables below add or remove exactly the code points where the Python
// side differs. testdata/unicode.json, written by make_conformance.py from
// the Python side, pins every code point.

// pyIsSpace reports whether Python's str.isspace holds for r: Go's White_Space
// test plus the four ASCII information separators U+001C..U+001F, which
// Python counts as whitespace (bidirectional class B or S).
func pyIsSpace(r rune) bool {
	if r >= 0x1C && r <= 0x1F {
		return true
	}
	return unicode.IsSpace(r)
}

// pyFields splits s around runs of Python whitespace, like str.split() with
// no arguments.
func pyFields(s string) []string {
	return strings.FieldsFunc(s, pyIsSpace)
}

// pyRstrip removes trailing Python whitespace, like str.rstrip().
func pyRstrip(s string) string {
	return strings.TrimRightFunc(s, pyIsSpace)
}

// pyRemoveSpace deletes every Python whitespace rune, as joining the words of str.split() does.
func pyRemoveSpace(s string) string {
	if strings.IndexFunc(s, pyIsSpace) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if !pyIsSpace(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// newerPunct holds code points the `regex` module (Unicode 17) puts in
// General_Category P and Go's tables (Unicode 15.0) leave unassigned.
var newerPunct = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x1B4E, 0x1B4F, 1}, {0x1B7F, 0x1B7F, 1}, {0x2E60, 0x2E63, 1},
	},
	R32: []unicode.Range32{
		{0x10D6E, 0x10D6E, 1}, {0x10ED0, 0x10ED0, 1}, {0x113D4, 0x113D5, 1},
		{0x113D7, 0x113D8, 1}, {0x11BE1, 0x11BE1, 1}, {0x16D6D, 0x16D6F, 1},
		{0x1E5FF, 0x1E5FF, 1},
	},
}

// newerSymbol holds code points the `regex` module (Unicode 17) puts in
// General_Category S and Go's tables (Unicode 15.0) leave unassigned.
var newerSymbol = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x20C1, 0x20C4, 1}, {0x2427, 0x2429, 1}, {0x2B96, 0x2B96, 1},
		{0x2FFC, 0x2FFF, 1}, {0x31E4, 0x31E5, 1}, {0x31EF, 0x31EF, 1},
		{0xFBC3, 0xFBD2, 1}, {0xFD90, 0xFD91, 1}, {0xFDC8, 0xFDCE, 1},
	},
	R32: []unicode.Range32{
		{0x10D8E, 0x10D8F, 1}, {0x10EC9, 0x10ECA, 1}, {0x10ED1, 0x10ED8, 1},
		{0x1CC00, 0x1CCEF, 1}, {0x1CCFA, 0x1CCFC, 1}, {0x1CD00, 0x1CEB3, 1},
		{0x1CEBA, 0x1CED0, 1}, {0x1CED2, 0x1CED4, 1}, {0x1CEDD, 0x1CEFD, 1},
		{0x1D1EB, 0x1D1FF, 1}, {0x1D253, 0x1D25A, 1}, {0x1D25D, 0x1D25E, 1},
		{0x1D260, 0x1D27F, 1}, {0x1DB00, 0x1DB1C, 1}, {0x1F1AE, 0x1F1AE, 1},
		{0x1F6D8, 0x1F6D9, 1}, {0x1F777, 0x1F77A, 1}, {0x1F7DA, 0x1F7DB, 1},
		{0x1F7F1, 0x1F7FF, 1}, {0x1F8B2, 0x1F8BB, 1}, {0x1F8C0, 0x1F8C1, 1},
		{0x1F8D0, 0x1F8D8, 1}, {0x1FA54, 0x1FA57, 1}, {0x1FA89, 0x1FA8F, 1},
		{0x1FABE, 0x1FABE, 1}, {0x1FAC6, 0x1FAC6, 1}, {0x1FAC8, 0x1FAC8, 1},
		{0x1FACC, 0x1FACD, 1}, {0x1FADC, 0x1FADD, 1}, {0x1FADF, 0x1FADF, 1},
		{0x1FAE9, 0x1FAEB, 1}, {0x1FAEF, 0x1FAEF, 1}, {0x1FAF9, 0x1FAFA, 1},
		{0x1FBCB, 0x1FBEF, 1}, {0x1FBFA, 0x1FBFA, 1},
	},
}

// newerNumber holds code points the `regex` module (Unicode 17) puts in
// General_Category N and Go's tables (Unicode 15.0) leave unassigned.
var newerNumber = &unicode.RangeTable{
	R32: []unicode.Range32{
		{0x10D40, 0x10D49, 1}, {0x116D0, 0x116E3, 1}, {0x11BF0, 0x11BF9, 1},
		{0x11DE0, 0x11DE9, 1}, {0x1246F, 0x1246F, 1}, {0x12475, 0x1247F, 1},
		{0x12550, 0x12686, 1}, {0x16130, 0x16139, 1}, {0x16D70, 0x16D79, 1},
		{0x16FF4, 0x16FF6, 1}, {0x1CCF0, 0x1CCF9, 1}, {0x1E5F1, 0x1E5FA, 1},
	},
}

// isPunct is \p{P} of the `regex` module.
func isPunct(r rune) bool { return unicode.IsPunct(r) || unicode.Is(newerPunct, r) }

// isSymbol is \p{S} of the `regex` module.
func isSymbol(r rune) bool { return unicode.IsSymbol(r) || unicode.Is(newerSymbol, r) }

// isNumber is \p{N} of the `regex` module.
func isNumber(r rune) bool { return unicode.IsNumber(r) || unicode.Is(newerNumber, r) }

// unicode15Only holds code points that Go's tables (Unicode 15.0) make
// cased or case-ignorable and Python 3.11's (Unicode 14.0) leave unassigned.
// They matter only next to a capital sigma under lowercasing.
var unicode15Only = &unicode.RangeTable{
	R16: []unicode.Range16{{0x0ECE, 0x0ECE, 1}},
	R32: []unicode.Range32{
		{0x10EFD, 0x10EFF, 1}, {0x11241, 0x11241, 1}, {0x11F00, 0x11F01, 1},
		{0x11F36, 0x11F3A, 1}, {0x11F40, 0x11F40, 1}, {0x11F42, 0x11F42, 1},
		{0x13439, 0x13440, 1}, {0x13447, 0x13455, 1}, {0x1DF25, 0x1DF2A, 1},
		{0x1E030, 0x1E06D, 1}, {0x1E08F, 0x1E08F, 1}, {0x1E4EB, 0x1E4EF, 1},
	},
}

// wordBreakMid holds the characters whose Word_Break property is MidLetter,
// MidNumLet or Single_Quote; with Mn, Me, Cf, Lm and Sk they make up
// Case_Ignorable.
var wordBreakMid = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0027, 0x0027, 1}, {0x002E, 0x002E, 1}, {0x003A, 0x003A, 1},
		{0x00B7, 0x00B7, 1}, {0x0387, 0x0387, 1}, {0x055F, 0x055F, 1},
		{0x05F4, 0x05F4, 1}, {0x2018, 0x2019, 1}, {0x2024, 0x2024, 1},
		{0x2027, 0x2027, 1}, {0xFE13, 0xFE13, 1}, {0xFE52, 0xFE52, 1},
		{0xFE55, 0xFE55, 1}, {0xFF07, 0xFF07, 1}, {0xFF0E, 0xFF0E, 1},
		{0xFF1A, 0xFF1A, 1},
	},
}

// isCaseIgnorable is the Unicode Case_Ignorable property as Python 3.11 has it.
func isCaseIgnorable(r rune) bool {
	if unicode.Is(unicode15Only, r) {
		return false
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk, wordBreakMid)
}

// isCased is the Unicode Cased property as Python 3.11 has it.
func isCased(r rune) bool {
	if unicode.Is(unicode15Only, r) {
		return false
	}
	return unicode.In(r, unicode.Ll, unicode.Lu, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

const (
	capitalSigma = 'Σ' // U+03A3
	smallSigma   = 'σ' // U+03C3
	finalSigma   = 'ς' // U+03C2
	capitalIDot  = 'İ' // U+0130, lowercases to "i̇" (two code points)
)

// pyLower lowercases s the way Python's str.lower does: simple lowercase
// mappings, the one unconditional multi-rune mapping (U+0130 → "i\u0307"),
// and the Final_Sigma rule for U+03A3.
func pyLower(s string) string {
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		switch r {
		case capitalIDot:
			b.WriteString("i\u0307")
		case capitalSigma:
			if sigmaIsFinal(rs, i) {
				b.WriteRune(finalSigma)
			} else {
				b.WriteRune(smallSigma)
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// sigmaIsFinal reports whether the capital sigma at rs[i] is in the
// Final_Sigma context: a cased letter before it (skipping case-ignorable
// runes) and no cased letter after it (likewise skipping).
func sigmaIsFinal(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && isCaseIgnorable(rs[j]) {
		j--
	}
	if j < 0 || !isCased(rs[j]) {
		return false
	}
	j = i + 1
	for j < len(rs) && isCaseIgnorable(rs[j]) {
		j++
	}
	return j == len(rs) || !isCased(rs[j])
}

// invalidUTF8At reports the byte offset of the first invalid UTF-8 sequence in
// s, or -1.
func invalidUTF8At(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}
