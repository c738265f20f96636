package attribution

import (
	"strings"
	"unicode"

	"onnxprune/attribution/conllu"
)

// AlignWords maps source tokens to the words of a dependency tree. pieces
// holds each token's text ("" for special tokens, which map to −1); white
// space and the SentencePiece word marker ▁ are ignored. A token belongs
// to the word of its first character. ok is false when the pieces do not
// spell the tree's characters (a tokenizer that normalizes text
// differently); the sentence's tree cannot be used then.
func AlignWords(pieces []string, s *conllu.Sentence) (words []int, ok bool) {
	charWords := s.CharWords()
	surface := []rune(s.Surface())
	words = make([]int, len(pieces))
	pos := 0
	for i, p := range pieces {
		rs := []rune(strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || r == '▁' {
				return -1
			}
			return r
		}, p))
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
