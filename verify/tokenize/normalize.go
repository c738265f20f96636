package tokenize

import (
	"strings"
	"unicode/utf8"
)

// spaceSymbol is U+2581 LOWER ONE EIGHTH BLOCK, which stands for a space
// inside pieces when escape_whitespaces is set.
const spaceSymbol = "\u2581"

// replacementChar is what an invalid UTF-8 byte normalizes to.
const replacementChar = "\uFFFD"

// normalizer applies a NormalizerSpec the way SentencePiece does: the
// precompiled character map (longest match at each position), user-defined
// symbols copied verbatim, whitespace trimming and squeezing, the dummy
// prefix, and the space escape.
type normalizer struct {
	cmap           *charsMap // nil: identity
	addDummyPrefix bool
	removeExtraWS  bool
	escapeWS       bool
	wsAsSuffix     bool
	user           *trie // user-defined symbols; nil when there are none
}

// normalizePrefix normalizes the longest rule match at the start of s and
// returns its replacement and the number of input bytes it consumed
// (at least 1 for a non-empty s).
func (n *normalizer) normalizePrefix(s string) (string, int) {
	if s == "" {
		return "", 0
	}
	if n.user != nil {
		if l, _, ok := n.user.longest(s, 0); ok {
			return s[:l], l
		}
	}
	if n.cmap != nil {
		if l, v, ok := n.cmap.longestPrefix(s); ok {
			return n.cmap.replacement(v), l
		}
	}
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size == 1 {
		return replacementChar, 1
	}
	return s[:size], size
}

// normalize returns the normalized form of s: the text the segmentation
// models see.
func (n *normalizer) normalize(s string) string {
	if s == "" {
		return ""
	}
	if n.removeExtraWS {
		for s != "" {
			p, l := n.normalizePrefix(s)
			if p != " " {
				break
			}
			s = s[l:]
		}
		if s == "" {
			return ""
		}
	}
	space := " "
	if n.escapeWS {
		space = spaceSymbol
	}
	var b strings.Builder
	b.Grow(len(s) * 3)
	if !n.wsAsSuffix && n.addDummyPrefix {
		b.WriteString(space)
	}
	prevSpace := n.removeExtraWS
	for s != "" {
		p, l := n.normalizePrefix(s)
		if prevSpace {
			for strings.HasPrefix(p, " ") {
				p = p[1:]
			}
		}
		if p != "" {
			if n.escapeWS {
				b.WriteString(strings.ReplaceAll(p, " ", spaceSymbol))
			} else {
				b.WriteString(p)
			}
			prevSpace = strings.HasSuffix(p, " ")
		}
		s = s[l:]
		if !n.removeExtraWS {
			prevSpace = false
		}
	}
	out := b.String()
	if n.removeExtraWS {
		for strings.HasSuffix(out, space) {
			out = out[:len(out)-len(space)]
		}
	}
	if n.wsAsSuffix && n.addDummyPrefix {
		out += space
	}
	return out
}
