package score

import (
	"fmt"
	"strings"
)

// Tokenizer names one of sacreBLEU's BLEU tokenizers. The zero value is not
// valid; use [Tokenize13a] for sacreBLEU's default.
type Tokenizer string

// The tokenizers reproduced from sacreBLEU.
const (
	// Tokenize13a is mteval-v13a's tokenization, sacreBLEU's default.
	Tokenize13a Tokenizer = "13a"
	// TokenizeIntl is mteval-v14's international tokenization: Unicode
	// punctuation split off unless between digits, Unicode symbols split off.
	TokenizeIntl Tokenizer = "intl"
	// TokenizeNone leaves the text as it is (words are whitespace-separated).
	TokenizeNone Tokenizer = "none"
	// TokenizeChar makes every non-whitespace character a token.
	TokenizeChar Tokenizer = "char"
)

// Tokenizers lists the supported tokenizers in the order help texts show them.
var Tokenizers = []Tokenizer{Tokenize13a, TokenizeIntl, TokenizeNone, TokenizeChar}

// ParseTokenizer returns the tokenizer called name, or an error listing the
// supported ones.
func ParseTokenizer(name string) (Tokenizer, error) {
	for _, t := range Tokenizers {
		if string(t) == name {
			return t, nil
		}
	}
	names := make([]string, len(Tokenizers))
	for i, t := range Tokenizers {
		names[i] = string(t)
	}
	return "", fmt.Errorf("score: unknown tokenizer %q (want one of %s)", name, strings.Join(names, ", "))
}

// Tokenize returns line tokenized by t, with tokens separated by single
// spaces, exactly as sacreBLEU's tokenizer of that name returns it. It does
// not lowercase or strip the line; [BLEU] does both before tokenizing.
// An invalid tokenizer returns line unchanged.
func (t Tokenizer) Tokenize(line string) string {
	switch t {
	case Tokenize13a:
		return tokenize13a(line)
	case TokenizeIntl:
		return tokenizeIntl(line)
	case TokenizeChar:
		return tokenizeChar(line)
	default:
		return line
	}
}

// mtevalEntities undoes the four escapes mteval-v13a undoes, in its order.
var mtevalEntities = []struct{ from, to string }{
	{"&quot;", `"`}, {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"},
}

// tokenize13a follows mteval-v13a: drop "<skipped>", join hyphenated line
// breaks, undo four HTML escapes, then split punctuation off words.
func tokenize13a(line string) string {
	line = strings.ReplaceAll(line, "<skipped>", "")
	line = strings.ReplaceAll(line, "-\n", "")
	line = strings.ReplaceAll(line, "\n", " ")
	if strings.Contains(line, "&") {
		for _, e := range mtevalEntities {
			line = strings.ReplaceAll(line, e.from, e.to)
		}
	}
	return tokenizeRegexp(" " + line + " ")
}

// is13aSplit reports whether r is one of the ASCII characters mteval-v13a
// always surrounds with spaces: space, !"#$%&()*+/:;<=>?@[\]^_`{|}~
// (everything printable but letters, digits, apostrophe, comma, hyphen and
// period).
func is13aSplit(r rune) bool {
	switch {
	case r >= '{' && r <= '~', r >= '[' && r <= '`', r >= ' ' && r <= '&',
		r >= '(' && r <= '+', r >= ':' && r <= '@', r == '/':
		return true
	}
	return false
}

func isASCIIDigit(r rune) bool { return r >= '0' && r <= '9' }

func isPeriodOrComma(r rune) bool { return r == '.' || r == ',' }

// tokenizeRegexp applies mteval-v13a's four substitutions in turn, each a
// left-to-right scan over non-overlapping matches, then collapses whitespace.
func tokenizeRegexp(line string) string {
	rs := []rune(line)
	// 1. Split off the always-split ASCII punctuation.
	out := make([]rune, 0, len(rs)*2)
	for _, r := range rs {
		if is13aSplit(r) {
			out = append(out, ' ', r, ' ')
		} else {
			out = append(out, r)
		}
	}
	// 2. Period and comma unless preceded by a digit: "x." → "x . ".
	out = substitutePairs(out, func(a, b rune) bool { return !isASCIIDigit(a) && isPeriodOrComma(b) },
		func(dst []rune, a, b rune) []rune { return append(dst, a, ' ', b, ' ') })
	// 3. Period and comma unless followed by a digit: ".x" → " . x".
	out = substitutePairs(out, func(a, b rune) bool { return isPeriodOrComma(a) && !isASCIIDigit(b) },
		func(dst []rune, a, b rune) []rune { return append(dst, ' ', a, ' ', b) })
	// 4. A dash after a digit: "9-" → "9 - ".
	out = substitutePairs(out, func(a, b rune) bool { return isASCIIDigit(a) && b == '-' },
		func(dst []rune, a, b rune) []rune { return append(dst, a, ' ', b, ' ') })
	return strings.Join(pyFields(string(out)), " ")
}

// substitutePairs scans rs left to right; wherever match holds for the pair
// starting at the current position, it writes repl of the pair and moves past
// both runes, otherwise it copies one rune. This is what a regular-expression
// substitution does for a pattern that matches exactly two characters.
func substitutePairs(rs []rune, match func(a, b rune) bool, repl func(dst []rune, a, b rune) []rune) []rune {
	out := make([]rune, 0, len(rs)+len(rs)/2)
	i := 0
	for i < len(rs) {
		if i+1 < len(rs) && match(rs[i], rs[i+1]) {
			out = repl(out, rs[i], rs[i+1])
			i += 2
			continue
		}
		out = append(out, rs[i])
		i++
	}
	return out
}

// tokenizeIntl follows mteval-v14's international tokenization as sacreBLEU
// has it: punctuation (\p{P}) after a non-number, punctuation before a
// non-number, and every symbol (\p{S}) are set off by spaces.
func tokenizeIntl(line string) string {
	rs := []rune(line)
	rs = substitutePairs(rs, func(a, b rune) bool { return !isNumber(a) && isPunct(b) },
		func(dst []rune, a, b rune) []rune { return append(dst, a, ' ', b, ' ') })
	rs = substitutePairs(rs, func(a, b rune) bool { return isPunct(a) && !isNumber(b) },
		func(dst []rune, a, b rune) []rune { return append(dst, ' ', a, ' ', b) })
	out := make([]rune, 0, len(rs)+8)
	for _, r := range rs {
		if isSymbol(r) {
			out = append(out, ' ', r, ' ')
		} else {
			out = append(out, r)
		}
	}
	return strings.Join(pyFields(string(out)), " ")
}

// tokenizeChar puts a space between every two runes, as sacreBLEU's `char`
// tokenizer does; whitespace runes in the line stay and become separators
// once the line is split into words.
func tokenizeChar(line string) string {
	if line == "" {
		return ""
	}
	var b strings.Builder
	b.Grow(2 * len(line))
	first := true
	for _, r := range line {
		if !first {
			b.WriteByte(' ')
		}
		first = false
		b.WriteRune(r)
	}
	return b.String()
}
