package tokenize

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

var (
	fuzzModelsOnce sync.Once
	fuzzModels     map[string]*SentencePiece
	fuzzModelsErr  error
)

// modelsForFuzz loads the committed conformance models once per process.
func modelsForFuzz(t testing.TB) map[string]*SentencePiece {
	fuzzModelsOnce.Do(func() {
		fuzzModels = map[string]*SentencePiece{}
		for _, name := range conformanceModels {
			m, err := LoadSentencePiece(filepath.Join("testdata", name+".model"))
			if err != nil {
				fuzzModelsErr = err
				return
			}
			fuzzModels[name] = m
		}
	})
	if fuzzModelsErr != nil {
		t.Fatal(fuzzModelsErr)
	}
	return fuzzModels
}

// surface joins the normalized text an encoding covers: piece texts, with
// byte-fallback pieces turned back into their bytes.
func surface(m *SentencePiece, ps []Piece) string {
	var b strings.Builder
	for _, p := range ps {
		if m.types[p.ID] == typeByte {
			c, _ := pieceToByte(p.Text)
			b.WriteByte(c)
			continue
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// FuzzParseSentencePiece feeds arbitrary bytes to the model reader: an error
// or a model that encodes and decodes without panicking, never a panic.
func FuzzParseSentencePiece(f *testing.F) {
	for _, name := range []string{"tiny", "unigram_raw"} {
		data, err := os.ReadFile(filepath.Join("testdata", name+".model"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseSentencePiece(data, "fuzz.model")
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "tokenize: fuzz.model: ") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q does not name the file on one line", msg)
			}
			return
		}
		for _, text := range []string{"Hello wörld  ＡＢＣ ﬁ", " <sep>\t\u2581x ", "\xff\xfe", "漢字 😀 ab ab"} {
			ids, err := m.Encode(text)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range ids {
				if id < 0 || id >= int64(m.VocabSize()) {
					t.Fatalf("Encode(%q): id %d outside [0, %d)", text, id, m.VocabSize())
				}
			}
			_ = m.Decode(ids)
			_ = m.Decode([]int64{-1, 0, int64(m.VocabSize()), int64(m.VocabSize() - 1)})
		}
	})
}

// FuzzEncode encodes arbitrary text with every committed model and checks:
// ids lie in the vocabulary; the pieces spell the normalized text; decoding
// does not panic; and where the model makes it hold, decoding gives back the
// text (unigram_raw: identity normalization, byte fallback, no dummy
// prefix) or its normalized form with spaces restored (bpe: byte fallback).
func FuzzEncode(f *testing.F) {
	for _, line := range readLines(f, filepath.Join("testdata", "heldout.txt")) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for name, m := range modelsForFuzz(t) {
			ps := m.EncodePieces(text)
			ids := make([]int64, len(ps))
			for i, p := range ps {
				if p.ID < 0 || p.ID >= int64(m.VocabSize()) {
					t.Fatalf("%s: Encode(%q): id %d outside the vocabulary", name, text, p.ID)
				}
				ids[i] = p.ID
			}
			norm := m.Normalize(text)
			if got := surface(m, ps); got != norm {
				t.Fatalf("%s: pieces of %q spell %q, normalized text is %q", name, text, got, norm)
			}
			dec := m.Decode(ids)
			switch name {
			case "unigram_raw":
				if utf8.ValidString(text) && !strings.Contains(text, spaceSymbol) && dec != text {
					t.Fatalf("%s: Decode(Encode(%q)) = %q", name, text, dec)
				}
			case "bpe":
				want := strings.ReplaceAll(strings.TrimPrefix(norm, spaceSymbol), spaceSymbol, " ")
				if dec != want {
					t.Fatalf("%s: Decode(Encode(%q)) = %q, want %q", name, text, dec, want)
				}
			}
		}
	})
}

// FuzzDecode decodes arbitrary ids (little-endian int16 pairs of data) and
// arbitrary piece strings (words of pieces) with every committed model.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 2, 0, 255, 255, 10, 1}, "▁a <0xE2> <0x82> ▁b <unk> </s>")
	f.Add([]byte{4, 0, 200, 0, 0, 128}, "<0xFF> <0x41> <sep>")
	f.Fuzz(func(t *testing.T, data []byte, pieces string) {
		ids := make([]int64, len(data)/2)
		for i := range ids {
			ids[i] = int64(int16(binary.LittleEndian.Uint16(data[2*i:])))
		}
		for _, m := range modelsForFuzz(t) {
			_ = m.Decode(ids)
			_ = m.DecodePieces(strings.Split(pieces, " "))
		}
	})
}

// FuzzVocab feeds arbitrary bytes to the three vocabulary readers: an error
// naming the file on one line, or a vocabulary whose maps agree.
func FuzzVocab(f *testing.F) {
	f.Add(uint8(0), []byte("<pad>\n</s>\nthe\n"))
	f.Add(uint8(1), []byte("{\"</s>\": 0, \"\\u2581a\": 1}"))
	f.Add(uint8(2), []byte("'it''s': 0\n\"\\u2581x\": 1\nplain: 2\n"))
	names := []string{"v.txt", "v.json", "v.yml"}
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		name := names[int(kind)%len(names)]
		var v *Vocab
		var err error
		switch name {
		case "v.txt":
			v, err = ParsePlainVocab(data, name)
		case "v.json":
			v, err = ParseVocabJSON(data, name)
		default:
			v, err = ParseVocabYAML(data, name)
		}
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "tokenize: "+name) || strings.Contains(msg, "\n") {
				t.Fatalf("error %q does not name the file on one line", msg)
			}
			return
		}
		maxID := int64(-1)
		for tok, id := range v.ids {
			if back, ok := v.Token(id); !ok || back != tok {
				t.Fatalf("token %q: id %d maps back to %q", tok, id, back)
			}
			maxID = max(maxID, id)
		}
		if len(v.tokens) != len(v.ids) || v.Len() == 0 || int64(v.Size()) != maxID+1 {
			t.Fatalf("%d ids, %d tokens, size %d, largest id %d", len(v.tokens), len(v.ids), v.Size(), maxID)
		}
		w := NewWordTokenizer(v)
		if ids, err := w.Encode(string(data)); err == nil {
			_ = w.Decode(ids)
		}
	})
}
