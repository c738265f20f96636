package tokenize

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestVocabFormatsAgree reads the same Marian vocabulary from vocab.json and
// vocab.yml (plain, single- and double-quoted keys, \u escapes) and checks
// both against the model's own pieces.
func TestVocabFormatsAgree(t *testing.T) {
	js, err := LoadVocab(filepath.Join("testdata", "marian.vocab.json"))
	if err != nil {
		t.Fatal(err)
	}
	ym, err := LoadVocab(filepath.Join("testdata", "marian.vocab.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(js.tokens, ym.tokens) {
		t.Fatalf("vocab.json and vocab.yml differ: %d vs %d tokens", js.Size(), ym.Size())
	}
	m := loadTestModel(t, "unigram")
	inModel := 0
	for id := int64(0); id < int64(js.Size()); id++ {
		tok, ok := js.Token(id)
		if !ok {
			t.Fatalf("id %d has no token", id)
		}
		if got, ok := js.ID(tok); !ok || got != id {
			t.Fatalf("token %q: ID = %d, %v; want %d", tok, got, ok, id)
		}
		if p, _ := m.IDToPiece(m.PieceToID(tok)); p == tok {
			inModel++
		}
	}
	if inModel != js.Size() {
		t.Errorf("%d of %d vocabulary tokens are pieces of the model", inModel, js.Size())
	}
	if js.Size() >= m.VocabSize() {
		t.Errorf("vocabulary size %d should be below the model's %d (every 10th piece dropped)", js.Size(), m.VocabSize())
	}
}

// TestMarianAgainstSpmEncode checks the Marian tokenizer against
// spm_encode's pieces mapped through the vocabulary, and its decoding
// against spm_decode for lines whose pieces all have ids.
func TestMarianAgainstSpmEncode(t *testing.T) {
	m := loadTestModel(t, "unigram")
	for _, vf := range []string{"marian.vocab.json", "marian.vocab.yml"} {
		v, err := LoadVocab(filepath.Join("testdata", vf))
		if err != nil {
			t.Fatal(err)
		}
		tok := NewMarian(m, v)
		sp := tok.Specials()
		if sp.Eos != 0 || sp.Unk != 1 || sp.Pad != int64(v.Size()-1) || sp.DecoderStart != sp.Pad || sp.Bos != -1 {
			t.Errorf("%s: specials %v: want eos=0 unk=1 pad=decoder-start=%d bos=-1", vf, sp, v.Size()-1)
		}
		for _, text := range []string{"sample", "heldout", "random"} {
			inputs := readLines(t, filepath.Join("testdata", text+".txt"))
			pieces := readLines(t, filepath.Join("testdata", "unigram."+text+".pieces"))
			decoded := readLines(t, filepath.Join("testdata", "unigram."+text+".pieces.decoded"))
			enc := tally{t: t, what: "marian " + vf + " " + text + " encode"}
			dec := tally{t: t, what: "marian " + vf + " " + text + " decode (all known)"}
			withUnk := 0
			for i, in := range inputs {
				var want []int64
				known := true
				if pieces[i] != "" {
					for _, p := range strings.Split(pieces[i], " ") {
						id, ok := v.ID(p)
						if !ok {
							id, known = sp.Unk, false
						}
						want = append(want, id)
					}
				}
				got, err := tok.Encode(in)
				if err != nil {
					t.Fatal(err)
				}
				enc.check(i+1, in, formatIDs(got), formatIDs(want))
				if !known {
					withUnk++
					continue
				}
				dec.check(i+1, in, tok.Decode(got), decoded[i])
			}
			enc.report()
			dec.report()
			if withUnk == 0 {
				t.Errorf("%s: no line has a piece outside the vocabulary; the unknown path is untested", text)
			}
		}
	}
}

func TestWordTokenizer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "vocab.txt")
	if err := os.WriteFile(path, []byte("<pad>\n</s>\n<unk>\nthe\ncat\nsat\n.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tok, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tok.Specials(), (Specials{Pad: 0, Bos: -1, Eos: 1, Unk: 2, DecoderStart: -1}); got != want {
		t.Errorf("specials = %v, want %v", got, want)
	}
	if tok.VocabSize() != 7 {
		t.Errorf("VocabSize = %d, want 7", tok.VocabSize())
	}
	tests := []struct {
		in      string
		ids     []int64
		decoded string
	}{
		{"the cat sat .", []int64{3, 4, 5, 6}, "the cat sat ."},
		{"  the\tdog  sat\n", []int64{3, 2, 5}, "the <unk> sat"},
		{"", []int64{}, ""},
	}
	for _, tc := range tests {
		ids, err := tok.Encode(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ids, tc.ids) {
			t.Errorf("Encode(%q) = %v, want %v", tc.in, ids, tc.ids)
		}
		if got := tok.Decode(ids); got != tc.decoded {
			t.Errorf("Decode(%v) = %q, want %q", ids, got, tc.decoded)
		}
	}
	if got := tok.Decode([]int64{3, 99, -1}); got != "the <unk> <unk>" {
		t.Errorf("Decode of out-of-range ids = %q", got)
	}
	tok.SetSpecials(NoSpecials)
	if _, err := tok.Encode("the dog"); err == nil || !strings.Contains(err.Error(), `"dog"`) {
		t.Errorf("Encode of an unknown token without unk id: err = %v", err)
	}
}

// TestVocabErrors checks that a bad vocabulary line gives one line of error
// naming the file and the line.
func TestVocabErrors(t *testing.T) {
	tests := []struct {
		file, content string
		want          string // substring after "tokenize: "
	}{
		{"v.txt", "a\nb\n\nc\n", "v.txt:3: empty line"},
		{"v.txt", "a\nb c\n", `v.txt:2: token "b c" holds whitespace`},
		{"v.txt", "a\nb\na\n", `v.txt:3: token "a" is listed twice`},
		{"v.txt", "a\n\xff\n", "v.txt:2: token is not valid UTF-8"},
		{"v.txt", "", "v.txt: empty vocabulary"},
		{"v.json", "{\n  \"a\": 0,\n  \"b\": x\n}\n", "v.json:3: invalid JSON"},
		{"v.json", "{\n  \"a\": 0,\n  \"b\": 1.5\n}\n", `v.json:3: token "b": id 1.5 is not an integer`},
		{"v.json", "{\n  \"a\": 0,\n  \"b\": -4\n}\n", `v.json:3: token "b": id -4 is out of range`},
		{"v.json", "{\n  \"a\": 0,\n  \"b\": 0\n}\n", `v.json:3: id 0 is given to both "a" and "b"`},
		{"v.json", "{\n  \"a\": 0,\n  \"b\": \"1\"\n}\n", `v.json:3: token "b": id is not a number`},
		{"v.json", "[\"a\"]\n", "v.json:1: want a JSON object"},
		{"v.json", "{\"a\": 0", "v.json:1: invalid JSON: unexpected end of file"},
		{"v.json", "{\"a\": 0} {}", "v.json:1: trailing data"},
		{"v.yml", "a: 0\nb 1\n", "v.yml:2: want `token: id`"},
		{"v.yml", "a: 0\nb: one\n", `v.yml:2: token "b": id "one" is not an integer`},
		{"v.yml", "a: 0\n\"b: 1\n", "v.yml:2: unterminated double-quoted token"},
		{"v.yml", "a: 0\n  b: 1\n", "v.yml:2: indented line"},
		{"v.yml", "a: 0\n\"\\q\": 1\n", `v.yml:2: invalid escape \q`},
		{"v.yml", "a: 0\n'b'': 1\n", "v.yml:2: unterminated single-quoted token"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		path := filepath.Join(dir, tc.file)
		if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadVocab(path)
		if err == nil {
			t.Errorf("%s %q: no error", tc.file, tc.content)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, "tokenize: "+dir) || strings.Contains(msg, "\n") {
			t.Errorf("%s %q:\n got error %q\nwant one line naming the file and containing %q", tc.file, tc.content, msg, tc.want)
		}
	}
}

func TestVocabYAMLQuoting(t *testing.T) {
	data := "---\n# comment\n'it''s': 0\n\"tab\\there\": 1\n\"\\u2581x\": 2\nplain key: 3 # trailing\n\"\\U0001F600\": 4\n"
	v, err := ParseVocabYAML([]byte(data), "q.yml")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"it's", "tab\there", "\u2581x", "plain key", "\U0001F600"}
	var got []string
	for id := range int64(v.Size()) {
		tok, _ := v.Token(id)
		got = append(got, tok)
	}
	if !reflect.DeepEqual(got, want) || v.Len() != len(want) {
		t.Errorf("tokens = %q, want %q", got, want)
	}
}
