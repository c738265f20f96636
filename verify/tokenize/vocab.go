package tokenize

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Vocab is a token ↔ id map read from a Marian-style vocab.json or vocab.yml
// or from a plain one-token-per-line file. Ids need not be contiguous;
// Size is one more than the largest id.
type Vocab struct {
	name   string
	tokens map[int64]string
	ids    map[string]int64
	size   int
}

// maxVocabID bounds ids (ids are int32 in the models that use them).
const maxVocabID = 1<<31 - 1

// LoadVocab reads a vocabulary: `.json` as vocab.json, `.yml`/`.yaml` as
// vocab.yml, anything else as a plain file with one token per line.
func LoadVocab(path string) (*Vocab, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	return ParseVocab(data, path)
}

// ParseVocab reads a vocabulary from data, the contents of a file named
// name, chosen by the name's extension as LoadVocab does.
func ParseVocab(data []byte, name string) (*Vocab, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".json":
		return ParseVocabJSON(data, name)
	case ".yml", ".yaml":
		return ParseVocabYAML(data, name)
	default:
		return ParsePlainVocab(data, name)
	}
}

func newVocab(name string) *Vocab {
	return &Vocab{name: name, tokens: map[int64]string{}, ids: map[string]int64{}}
}

// add records token ↔ id; the returned error has no file/line context.
func (v *Vocab) add(token string, id int64) error {
	if token == "" {
		return errors.New("empty token")
	}
	if id < 0 || id >= maxVocabID {
		return fmt.Errorf("token %q: id %d is out of range [0, %d)", token, id, maxVocabID)
	}
	if old, dup := v.ids[token]; dup {
		return fmt.Errorf("token %q is listed twice (ids %d and %d)", token, old, id)
	}
	if old, dup := v.tokens[id]; dup {
		return fmt.Errorf("id %d is given to both %q and %q", id, old, token)
	}
	v.tokens[id] = token
	v.ids[token] = id
	v.size = max(v.size, int(id)+1)
	return nil
}

func lineErr(name string, line int, format string, args ...any) error {
	return fmt.Errorf("tokenize: %s:%d: %s", name, line, fmt.Sprintf(format, args...))
}

// ParsePlainVocab reads one token per line; the id of a token is its line
// number minus one. A line that is empty or holds whitespace is an error
// (tokens of a pre-tokenized corpus are whitespace-free). A final newline and
// CRLF line ends are accepted.
func ParsePlainVocab(data []byte, name string) (*Vocab, error) {
	v := newVocab(name)
	text := string(data)
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil, fmt.Errorf("tokenize: %s: empty vocabulary", name)
	}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		n := i + 1
		if !utf8.ValidString(line) {
			return nil, lineErr(name, n, "token is not valid UTF-8")
		}
		if line == "" {
			return nil, lineErr(name, n, "empty line (want one token per line)")
		}
		if strings.IndexFunc(line, unicode.IsSpace) >= 0 {
			return nil, lineErr(name, n, "token %q holds whitespace (want one token per line)", line)
		}
		if err := v.add(line, int64(i)); err != nil {
			return nil, lineErr(name, n, "%v", err)
		}
	}
	return v, nil
}

// ParseVocabJSON reads a JSON object mapping tokens to non-negative integer
// ids (Marian's and Hugging Face's vocab.json).
func ParseVocabJSON(data []byte, name string) (*Vocab, error) {
	v := newVocab(name)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	line := func() int { return 1 + bytes.Count(data[:min(int(dec.InputOffset()), len(data))], []byte("\n")) }
	fail := func(err error) error {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// The decoder's offset stops before the offending value: skip
			// the separators after it so that the line is the value's own.
			off := min(int(dec.InputOffset()), len(data))
			for off < len(data) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
				off++
			}
			return lineErr(name, 1+bytes.Count(data[:off], []byte("\n")), "invalid JSON: %v", err)
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return lineErr(name, line(), "invalid JSON: unexpected end of file")
		}
		return lineErr(name, line(), "invalid JSON: %v", err)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, fail(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, lineErr(name, line(), "want a JSON object of token: id")
	}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, fail(err)
		}
		key, ok := kt.(string)
		if !ok {
			return nil, lineErr(name, line(), "want a token string")
		}
		vt, err := dec.Token()
		if err != nil {
			return nil, fail(err)
		}
		num, ok := vt.(json.Number)
		if !ok {
			return nil, lineErr(name, line(), "token %q: id is not a number", key)
		}
		id, err := strconv.ParseInt(num.String(), 10, 64)
		if err != nil {
			return nil, lineErr(name, line(), "token %q: id %s is not an integer", key, num)
		}
		if err := v.add(key, id); err != nil {
			return nil, lineErr(name, line(), "%v", err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, fail(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, lineErr(name, line(), "trailing data after the JSON object")
	}
	if len(v.ids) == 0 {
		return nil, fmt.Errorf("tokenize: %s: empty vocabulary", name)
	}
	return v, nil
}

// ParseVocabYAML reads a flat YAML mapping of tokens to ids, one `token: id`
// per line, as Marian writes vocab.yml. Tokens may be plain, 'single-quoted'
// or "double-quoted" with YAML escapes. Blank lines, comments and a `---`
// document marker are skipped; nested structure is an error.
func ParseVocabYAML(data []byte, name string) (*Vocab, error) {
	v := newVocab(name)
	text := strings.TrimPrefix(string(data), "\ufeff")
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") || trimmed == "---" || trimmed == "..." {
			continue
		}
		if !utf8.ValidString(line) {
			return nil, lineErr(name, n, "line is not valid UTF-8")
		}
		if line[0] == ' ' || line[0] == '\t' {
			return nil, lineErr(name, n, "indented line: want a flat `token: id` mapping")
		}
		key, rest, err := yamlKey(line)
		if err != nil {
			return nil, lineErr(name, n, "%v", err)
		}
		rest = strings.TrimSpace(rest)
		if c := strings.Index(rest, " #"); c >= 0 {
			rest = strings.TrimSpace(rest[:c])
		}
		id, err := strconv.ParseInt(rest, 10, 64)
		if err != nil {
			return nil, lineErr(name, n, "token %q: id %q is not an integer", key, rest)
		}
		if err := v.add(key, id); err != nil {
			return nil, lineErr(name, n, "%v", err)
		}
	}
	if len(v.ids) == 0 {
		return nil, fmt.Errorf("tokenize: %s: empty vocabulary", name)
	}
	return v, nil
}

// yamlKey splits `key: value` and unquotes the key.
func yamlKey(line string) (key, rest string, err error) {
	switch line[0] {
	case '"':
		var b strings.Builder
		for i := 1; i < len(line); i++ {
			c := line[i]
			switch c {
			case '"':
				after, ok := strings.CutPrefix(line[i+1:], ":")
				if !ok {
					return "", "", errors.New("want `:` after the quoted token")
				}
				return b.String(), after, nil
			case '\\':
				if i+1 >= len(line) {
					return "", "", errors.New("unterminated escape")
				}
				i++
				r, width, err := yamlEscape(line[i:])
				if err != nil {
					return "", "", err
				}
				b.WriteString(r)
				i += width - 1
			default:
				b.WriteByte(c)
			}
		}
		return "", "", errors.New("unterminated double-quoted token")
	case '\'':
		var b strings.Builder
		for i := 1; i < len(line); i++ {
			if line[i] != '\'' {
				b.WriteByte(line[i])
				continue
			}
			if i+1 < len(line) && line[i+1] == '\'' {
				b.WriteByte('\'')
				i++
				continue
			}
			after, ok := strings.CutPrefix(line[i+1:], ":")
			if !ok {
				return "", "", errors.New("want `:` after the quoted token")
			}
			return b.String(), after, nil
		}
		return "", "", errors.New("unterminated single-quoted token")
	}
	c := strings.LastIndex(line, ":")
	if c <= 0 {
		return "", "", errors.New("want `token: id`")
	}
	return strings.TrimRight(line[:c], " \t"), line[c+1:], nil
}

// yamlEscape decodes the escape at the start of s (after the backslash) and
// returns its text and how many bytes of s it used.
func yamlEscape(s string) (string, int, error) {
	simple := map[byte]string{
		'0': "\x00", 'a': "\a", 'b': "\b", 't': "\t", '\t': "\t", 'n': "\n", 'v': "\v",
		'f': "\f", 'r': "\r", 'e': "\x1b", ' ': " ", '"': "\"", '/': "/", '\\': "\\",
		'N': "\u0085", '_': "\u00a0", 'L': "\u2028", 'P': "\u2029",
	}
	if r, ok := simple[s[0]]; ok {
		return r, 1, nil
	}
	digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[s[0]]
	if digits == 0 || len(s) < 1+digits {
		return "", 0, fmt.Errorf("invalid escape \\%c", s[0])
	}
	cp, err := strconv.ParseUint(s[1:1+digits], 16, 32)
	if err != nil || cp > unicode.MaxRune || (cp >= 0xD800 && cp <= 0xDFFF) {
		return "", 0, fmt.Errorf("invalid escape \\%s", s[:1+digits])
	}
	return string(rune(cp)), 1 + digits, nil
}

// Name returns the name the vocabulary was loaded under.
func (v *Vocab) Name() string { return v.name }

// Size is one more than the largest id.
func (v *Vocab) Size() int { return v.size }

// Len is the number of tokens.
func (v *Vocab) Len() int { return len(v.ids) }

// ID returns the id of token.
func (v *Vocab) ID(token string) (int64, bool) {
	id, ok := v.ids[token]
	return id, ok
}

// Token returns the token of id; ok is false for an id no token has.
func (v *Vocab) Token(id int64) (string, bool) {
	t, ok := v.tokens[id]
	return t, ok
}

// guessSpecials finds the conventional special tokens <pad>, <s>, </s>,
// <unk>.
func (v *Vocab) guessSpecials() Specials {
	s := NoSpecials
	look := func(tok string) int64 {
		if id, ok := v.ids[tok]; ok {
			return id
		}
		return -1
	}
	s.Pad, s.Bos, s.Eos, s.Unk = look("<pad>"), look("<s>"), look("</s>"), look("<unk>")
	return s
}

// idsOf returns the ids of tokens; a token not in v gets the id unk, or,
// when unk is negative (no unknown id), an error naming the token as what
// ("token", "piece").
func (v *Vocab) idsOf(tokens []string, what string, unk int64) ([]int64, error) {
	ids := make([]int64, len(tokens))
	for i, tok := range tokens {
		id, ok := v.ids[tok]
		if !ok {
			if unk < 0 {
				return nil, fmt.Errorf("tokenize: %s: %s %q is not in the vocabulary, which has no unknown id", v.name, what, tok)
			}
			id = unk
		}
		ids[i] = id
	}
	return ids, nil
}

// tokensOf returns the tokens of ids; an id no token has gets the token of
// unk, or fallback when unk has none either.
func (v *Vocab) tokensOf(ids []int64, unk int64, fallback string) []string {
	toks := make([]string, len(ids))
	for i, id := range ids {
		tok, ok := v.Token(id)
		if !ok {
			tok, ok = v.Token(unk)
			if !ok {
				tok = fallback
			}
		}
		toks[i] = tok
	}
	return toks
}

// WordTokenizer maps whitespace-separated tokens of pre-tokenized text to
// vocabulary ids.
type WordTokenizer struct {
	vocab    *Vocab
	specials Specials
}

var _ Tokenizer = (*WordTokenizer)(nil)

// NewWordTokenizer returns a tokenizer over v; the specials are the ids of
// <pad>, <s>, </s> and <unk> where v has them.
func NewWordTokenizer(v *Vocab) *WordTokenizer {
	return &WordTokenizer{vocab: v, specials: v.guessSpecials()}
}

// Encode splits text at whitespace and looks every token up; a token not in
// the vocabulary gets the unknown id, or an error when there is none.
func (w *WordTokenizer) Encode(text string) ([]int64, error) {
	return w.vocab.idsOf(strings.Fields(text), "token", w.specials.Unk)
}

// Decode joins the tokens of ids with single spaces. An id no token has is
// written as the unknown token (or "<unk>" when there is none).
func (w *WordTokenizer) Decode(ids []int64) string {
	return strings.Join(w.vocab.tokensOf(ids, w.specials.Unk, "<unk>"), " ")
}

// VocabSize is one more than the largest id.
func (w *WordTokenizer) VocabSize() int { return w.vocab.Size() }

// Specials returns the special ids.
func (w *WordTokenizer) Specials() Specials { return w.specials }

// SetSpecials replaces the special ids.
func (w *WordTokenizer) SetSpecials(s Specials) { w.specials = s }

// Marian pairs a SentencePiece model (segmentation) with a vocabulary (ids),
// as Marian NMT models do (source.spm + vocab.json): text is segmented into
// pieces by the model and each piece is looked up in the vocabulary.
type Marian struct {
	spm      *SentencePiece
	vocab    *Vocab
	specials Specials
}

var _ Tokenizer = (*Marian)(nil)

// NewMarian returns the tokenizer of spm pieces numbered by vocab. Specials
// are vocab's <pad>, <s>, </s> and <unk>, and the decoder starts with pad (the
// Marian convention).
func NewMarian(spm *SentencePiece, vocab *Vocab) *Marian {
	s := vocab.guessSpecials()
	s.DecoderStart = s.Pad
	return &Marian{spm: spm, vocab: vocab, specials: s}
}

// Encode segments text with the SentencePiece model and maps the pieces to
// vocabulary ids; a piece not in the vocabulary gets the unknown id, or an
// error when there is none.
func (t *Marian) Encode(text string) ([]int64, error) {
	ps := t.spm.EncodePieces(text)
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = p.Text
	}
	return t.vocab.idsOf(texts, "piece", t.specials.Unk)
}

// Decode maps ids to pieces through the vocabulary and decodes them with the
// SentencePiece model (spm_decode --input_format=piece). An id no token has
// decodes as the unknown token. A vocabulary token that is not a piece of the
// model (such as <pad> when the model has none) decodes as its literal text:
// cut a model's output with StripSpecials first.
func (t *Marian) Decode(ids []int64) string {
	return t.spm.DecodePieces(t.vocab.tokensOf(ids, t.specials.Unk, t.spm.pieces[t.spm.unk]))
}

// VocabSize is the vocabulary's size.
func (t *Marian) VocabSize() int { return t.vocab.Size() }

// Specials returns the special ids.
func (t *Marian) Specials() Specials { return t.specials }

// SetSpecials replaces the special ids.
func (t *Marian) SetSpecials(s Specials) { t.specials = s }
