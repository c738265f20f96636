package tokenize

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"onnxprune/internal/safefile"
)

// Tokenizer turns text into token ids and back.
type Tokenizer interface {
	// Encode returns the ids of one line of text, without any special id
	// added (see Frame).
	Encode(text string) ([]int64, error)
	// Decode returns the text of ids. It does not fail: what the ids mean is
	// up to each tokenizer's documentation (see StripSpecials to cut a
	// model's output at its end-of-sentence id first).
	Decode(ids []int64) string
	// VocabSize is the number of ids.
	VocabSize() int
	// Specials returns the special ids; -1 marks one the vocabulary lacks.
	Specials() Specials
	// SetSpecials replaces the special ids (e.g. from command-line flags).
	SetSpecials(Specials)
}

// Specials are the ids with a fixed role in a translation model. -1 means
// none.
type Specials struct {
	Pad, Bos, Eos, Unk int64
	// DecoderStart is the first decoder input of a sequence-to-sequence model
	// (Marian models use Pad; others Bos or Eos).
	DecoderStart int64
}

// NoSpecials has every id unset.
var NoSpecials = Specials{Pad: -1, Bos: -1, Eos: -1, Unk: -1, DecoderStart: -1}

// String writes the specials in the form ParseSpecials reads.
func (s Specials) String() string {
	return fmt.Sprintf("pad=%d,bos=%d,eos=%d,unk=%d,decoder-start=%d", s.Pad, s.Bos, s.Eos, s.Unk, s.DecoderStart)
}

// ParseSpecials applies overrides written as a comma-separated list of
// name=id pairs (names pad, bos, eos, unk, decoder-start; -1 unsets one) to
// base, e.g. "pad=58100,decoder-start=58100". The empty string changes
// nothing.
func ParseSpecials(base Specials, overrides string) (Specials, error) {
	s := base
	if strings.TrimSpace(overrides) == "" {
		return s, nil
	}
	for _, kv := range strings.Split(overrides, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return base, fmt.Errorf("tokenize: special ids: %q is not name=id", kv)
		}
		id, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if err != nil || id < -1 {
			return base, fmt.Errorf("tokenize: special ids: %q: id must be an integer >= -1", kv)
		}
		switch strings.TrimSpace(name) {
		case "pad":
			s.Pad = id
		case "bos":
			s.Bos = id
		case "eos":
			s.Eos = id
		case "unk":
			s.Unk = id
		case "decoder-start", "decoder_start":
			s.DecoderStart = id
		default:
			return base, fmt.Errorf("tokenize: special ids: unknown name %q (want pad, bos, eos, unk, decoder-start)", name)
		}
	}
	return s, nil
}

// Validate checks that every set special id lies in [0, vocabSize).
func (s Specials) Validate(vocabSize int) error {
	for _, f := range []struct {
		name string
		id   int64
	}{{"pad", s.Pad}, {"bos", s.Bos}, {"eos", s.Eos}, {"unk", s.Unk}, {"decoder-start", s.DecoderStart}} {
		if f.id < -1 || f.id >= int64(vocabSize) {
			return fmt.Errorf("tokenize: special id %s=%d is outside the vocabulary (size %d)", f.name, f.id, vocabSize)
		}
	}
	return nil
}

// Frame returns ids with the BOS id prepended when bos is set and the
// specials have one, and the EOS id appended likewise.
func Frame(ids []int64, s Specials, bos, eos bool) []int64 {
	out := make([]int64, 0, len(ids)+2)
	if bos && s.Bos >= 0 {
		out = append(out, s.Bos)
	}
	out = append(out, ids...)
	if eos && s.Eos >= 0 {
		out = append(out, s.Eos)
	}
	return out
}

// StripSpecials cuts ids at the first EOS and drops pad, BOS and
// decoder-start ids: what remains of a model's output to decode.
func StripSpecials(ids []int64, s Specials) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if s.Eos >= 0 && id == s.Eos {
			break
		}
		if (s.Pad >= 0 && id == s.Pad) || (s.Bos >= 0 && id == s.Bos) || (s.DecoderStart >= 0 && id == s.DecoderStart) {
			continue
		}
		out = append(out, id)
	}
	return out
}

// Load opens a tokenizer by file name: `.model` is a SentencePiece model,
// `.json` a Marian-style vocab.json, `.yml`/`.yaml` a Marian vocab.yml, and
// anything else a plain vocabulary with one token per line. Vocabulary files
// give a WordTokenizer (whitespace-separated tokens); use NewMarian to pair a
// vocabulary with a SentencePiece model.
func Load(path string) (Tokenizer, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse reads a tokenizer from data, the contents of a file named name,
// chosen by the name's extension as Load does.
func Parse(data []byte, name string) (Tokenizer, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".model":
		return ParseSentencePiece(data, name)
	default:
		v, err := ParseVocab(data, name)
		if err != nil {
			return nil, err
		}
		return NewWordTokenizer(v), nil
	}
}

// readInput reads a tokenizer file the user named: a pipe is fine, more
// than safefile.DocumentLimit bytes is an error naming the limit.
func readInput(path string) ([]byte, error) {
	data, err := safefile.ReadInput(path, safefile.DocumentLimit, "a tokenizer file")
	if err != nil {
		return nil, fmt.Errorf("tokenize: %w", err)
	}
	return data, nil
}
