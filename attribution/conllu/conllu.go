// Package conllu reads dependency trees in the CoNLL-U format of Universal
// Dependencies and aligns their words with the characters of a source text.
//
// # Rules callers rely on
//
//   - A sentence is a run of non-blank lines ending at a blank line or the end
//     of the file; lines starting with '#' are comments (`# text = …` and
//     `# sent_id = …` are kept).
//   - Every word line has 10 tab-separated fields. Word IDs count 1, 2, … in
//     order; a multiword token `a-b` announces the surface form of words a..b;
//     empty nodes (`8.1`) are skipped. HEAD is 0 (the root) or a word ID of
//     the same sentence; DEPREL is not empty.
//   - Anything else is an error naming the file and line.
package conllu

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"onnxprune/internal/safefile"
)

// Word is one syntactic word of a sentence.
type Word struct {
	// ID is the 1-based position in the sentence.
	ID int
	// Form is the word as written; Lemma and UPOS as in the file.
	Form, Lemma, UPOS string
	// Head is the ID of the word's head, 0 for the root.
	Head int
	// Deprel is the full relation label ("nsubj", "obl:tmod").
	Deprel string
	// Line is the word's line in the file (1-based).
	Line int
}

// Relation returns the universal part of Deprel, before any ':' subtype.
func (w Word) Relation() string {
	if i := strings.IndexByte(w.Deprel, ':'); i >= 0 {
		return w.Deprel[:i]
	}
	return w.Deprel
}

// Token is a surface token: a single word, or a multiword token covering
// words First..Last (1-based IDs) with one surface form.
type Token struct {
	Form        string
	First, Last int
}

// Sentence is one dependency tree.
type Sentence struct {
	// ID is the `# sent_id` comment, or "" when absent.
	ID string
	// Text is the `# text` comment, or "" when absent.
	Text string
	// Line is the line where the sentence starts (1-based).
	Line   int
	Words  []Word
	Tokens []Token
}

// ReadFile reads every sentence of a CoNLL-U file.
func ReadFile(path string) ([]*Sentence, error) {
	f, err := safefile.OpenText(path)
	if err != nil {
		return nil, fmt.Errorf("conllu: %w", err)
	}
	defer f.Close()
	return Read(f, path)
}

// maxLine bounds the length of one line (a very long line is an error).
const maxLine = 1 << 20

// Read reads every sentence from r; name stands for the input in errors.
func Read(r io.Reader, name string) ([]*Sentence, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	var out []*Sentence
	var cur *Sentence
	// nextToken is the first word ID not yet covered by a surface token.
	nextToken := 1
	lineNo := 0
	fail := func(format string, a ...any) error {
		return fmt.Errorf("conllu: %s:%d: %s", name, lineNo, fmt.Sprintf(format, a...))
	}
	finish := func() error {
		if cur == nil {
			return nil
		}
		if len(cur.Words) == 0 {
			return fmt.Errorf("conllu: %s:%d: sentence has comments but no words", name, cur.Line)
		}
		if nextToken > len(cur.Words)+1 {
			return fmt.Errorf("conllu: %s:%d: multiword token range runs past the last word %d", name, cur.Line, len(cur.Words))
		}
		for _, w := range cur.Words {
			if w.Head > len(cur.Words) {
				return fmt.Errorf("conllu: %s:%d: HEAD %d is not a word of the sentence (it has %d)", name, w.Line, w.Head, len(cur.Words))
			}
		}
		out = append(out, cur)
		cur = nil
		nextToken = 1
		return nil
	}
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			if err := finish(); err != nil {
				return nil, err
			}
			continue
		}
		if cur == nil {
			cur = &Sentence{Line: lineNo}
		}
		if strings.HasPrefix(line, "#") {
			body := strings.TrimSpace(line[1:])
			if k, v, ok := strings.Cut(body, "="); ok {
				switch strings.TrimSpace(k) {
				case "sent_id":
					cur.ID = strings.TrimSpace(v)
				case "text":
					cur.Text = strings.TrimSpace(v)
				}
			}
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 10 {
			return nil, fail("want 10 tab-separated fields, have %d", len(f))
		}
		id := f[0]
		switch {
		case strings.Contains(id, "-"):
			a, b, _ := strings.Cut(id, "-")
			first, err1 := strconv.Atoi(a)
			last, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil || first < 1 || last < first {
				return nil, fail("bad multiword token range %q", id)
			}
			if first != len(cur.Words)+1 || first != nextToken {
				return nil, fail("multiword token %q does not start at the next word %d", id, len(cur.Words)+1)
			}
			if f[1] == "" {
				return nil, fail("multiword token %q has no form", id)
			}
			cur.Tokens = append(cur.Tokens, Token{Form: f[1], First: first, Last: last})
			nextToken = last + 1
		case strings.Contains(id, "."):
			// An empty node of the enhanced graph: not part of the tree.
			a, b, _ := strings.Cut(id, ".")
			if _, err := strconv.Atoi(a); err != nil {
				return nil, fail("bad empty node ID %q", id)
			}
			if _, err := strconv.Atoi(b); err != nil {
				return nil, fail("bad empty node ID %q", id)
			}
		default:
			n, err := strconv.Atoi(id)
			if err != nil {
				return nil, fail("bad word ID %q", id)
			}
			if n != len(cur.Words)+1 {
				return nil, fail("word ID %d out of order (want %d)", n, len(cur.Words)+1)
			}
			if f[1] == "" {
				return nil, fail("word %d has an empty form", n)
			}
			head, err := strconv.Atoi(f[6])
			if err != nil || head < 0 {
				return nil, fail("word %d: bad HEAD %q", n, f[6])
			}
			if head == n {
				return nil, fail("word %d is its own head", n)
			}
			if f[7] == "" || f[7] == "_" {
				return nil, fail("word %d has no DEPREL", n)
			}
			cur.Words = append(cur.Words, Word{ID: n, Form: f[1], Lemma: f[2], UPOS: f[3], Head: head, Deprel: f[7], Line: lineNo})
			if n >= nextToken {
				cur.Tokens = append(cur.Tokens, Token{Form: f[1], First: n, Last: n})
				nextToken = n + 1
			}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("conllu: %s:%d: more than %d bytes (the limit for one line)", name, lineNo+1, maxLine)
		}
		return nil, fmt.Errorf("conllu: %s:%d: %w", name, lineNo+1, err)
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// squash drops every white-space rune.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// Surface returns the surface tokens' forms, without spaces: the sentence's
// characters as a source text holds them, whatever its spacing.
func (s *Sentence) Surface() string {
	var b strings.Builder
	for _, t := range s.Tokens {
		b.WriteString(squash(t.Form))
	}
	return b.String()
}

// CharWords maps each rune of Surface to the 0-based index of the word it
// belongs to. A multiword token whose words spell its surface form
// ("do"+"n't" for "don't") maps each rune to its word; otherwise all its
// runes go to its first word.
func (s *Sentence) CharWords() []int {
	var out []int
	for _, t := range s.Tokens {
		form := []rune(squash(t.Form))
		var spelled []int
		for id := t.First; id <= t.Last; id++ {
			for range []rune(squash(s.Words[id-1].Form)) {
				spelled = append(spelled, id-1)
			}
		}
		var parts strings.Builder
		for id := t.First; id <= t.Last; id++ {
			parts.WriteString(squash(s.Words[id-1].Form))
		}
		if parts.String() == string(form) {
			out = append(out, spelled...)
			continue
		}
		for range form {
			out = append(out, t.First-1)
		}
	}
	return out
}

// Match checks that sentence i has the characters of source line i, white
// space aside, for every i; the first mismatch is an error naming the
// sentence (its number, sent_id and line) and both texts.
func Match(sents []*Sentence, sources []string) error {
	if len(sents) != len(sources) {
		return fmt.Errorf("conllu: %d sentences for %d source lines", len(sents), len(sources))
	}
	for i, s := range sents {
		if squash(sources[i]) != s.Surface() {
			id := s.ID
			if id == "" {
				id = "(no sent_id)"
			}
			return fmt.Errorf("conllu: sentence %d (%s, line %d) does not match source line %d: tree has %q, source has %q",
				i+1, id, s.Line, i+1, s.surfaceSpaced(), sources[i])
		}
	}
	return nil
}

func (s *Sentence) surfaceSpaced() string {
	if s.Text != "" {
		return s.Text
	}
	var f []string
	for _, t := range s.Tokens {
		f = append(f, t.Form)
	}
	return strings.Join(f, " ")
}
