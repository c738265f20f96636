package attribution

import (
	"strings"
	"unicode"

	"onnxprune/attribution/conllu"
)

// UnknownPiece stands for a token whose text is not known (the unknown
// id): it covers the characters up to where the next piece's text is
// found.
const UnknownPiece = "\x00unk"

func pieceRunes(p string) []rune {
	return []rune(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '▁' {
			return -1
		}
		return r
	}, p))
}

// AlignWords maps source tokens to the words of a dependency tree. pieces
// holds each token's text ("" for special tokens, which map to −1;
// UnknownPiece for unknown tokens); white space and the SentencePiece word
// marker ▁ are ignored. A token belongs to the word of its first
// character. ok is false when the pieces do not spell the tree's
// characters (a tokenizer that normalizes text differently); the
// sentence's tree cannot be used then.
func AlignWords(pieces []string, s *conllu.Sentence) (words []int, ok bool) {
	charWords := s.CharWords()
	surface := []rune(s.Surface())
	words = make([]int, len(pieces))
	pos := 0
	for i, p := range pieces {
		if p == UnknownPiece {
			if pos >= len(surface) {
				return nil, false
			}
			words[i] = charWords[pos]
			// Up to the next known piece's text (at least one character).
			end := len(surface)
			for _, q := range pieces[i+1:] {
				if q == UnknownPiece {
					break
				}
				if rs := pieceRunes(q); len(rs) > 0 {
					k := strings.Index(string(surface[pos+1:]), string(rs))
					if k < 0 {
						return nil, false
					}
					end = pos + 1 + len([]rune(string(surface[pos+1:])[:k]))
					break
				}
			}
			if end == len(surface) {
				// Followed by another unknown piece or nothing: one
				// character when another unknown follows.
				for _, q := range pieces[i+1:] {
					if q == UnknownPiece {
						end = pos + 1
						break
					}
				}
			}
			pos = end
			continue
		}
		rs := pieceRunes(p)
		if len(rs) == 0 {
			words[i] = -1
			continue
		}
		if pos+len(rs) > len(surface) || string(surface[pos:pos+len(rs)]) != string(rs) {
			return nil, false
		}
		words[i] = charWords[pos]
		pos += len(rs)
	}
	if pos != len(surface) {
		return nil, false
	}
	return words, true
}
