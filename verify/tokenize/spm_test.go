package tokenize

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/verify/tokenize/spmpb"
)

// TestSpecialsFromModel checks the special ids read from each model against
// the spm_train flags in testdata/make_expected.sh.
func TestSpecialsFromModel(t *testing.T) {
	tests := []struct {
		model string
		want  Specials
		size  int
	}{
		{"unigram", Specials{Pad: 3, Bos: 1, Eos: 2, Unk: 0, DecoderStart: -1}, 800},
		{"bpe", Specials{Pad: -1, Bos: 1, Eos: 2, Unk: 0, DecoderStart: -1}, 1000},
		{"unigram_raw", Specials{Pad: -1, Bos: 1, Eos: 2, Unk: 0, DecoderStart: -1}, 900},
		{"bpe_cf", Specials{Pad: -1, Bos: -1, Eos: 0, Unk: 1, DecoderStart: -1}, 700},
	}
	for _, tc := range tests {
		m := loadTestModel(t, tc.model)
		if got := m.Specials(); got != tc.want {
			t.Errorf("%s: specials %v, want %v", tc.model, got, tc.want)
		}
		if m.VocabSize() != tc.size {
			t.Errorf("%s: vocab size %d, want %d", tc.model, m.VocabSize(), tc.size)
		}
		if err := m.Specials().Validate(m.VocabSize()); err != nil {
			t.Errorf("%s: %v", tc.model, err)
		}
	}
}

func TestParseSpecials(t *testing.T) {
	base := Specials{Pad: 3, Bos: 1, Eos: 2, Unk: 0, DecoderStart: -1}
	got, err := ParseSpecials(base, "decoder-start=3, eos=-1,unk=7")
	if err != nil {
		t.Fatal(err)
	}
	if want := (Specials{Pad: 3, Bos: 1, Eos: -1, Unk: 7, DecoderStart: 3}); got != want {
		t.Errorf("got %v, want %v", got, want)
	}
	if back, err := ParseSpecials(NoSpecials, got.String()); err != nil || back != got {
		t.Errorf("String/ParseSpecials round trip: %v, %v", back, err)
	}
	for _, bad := range []string{"pad", "pad=x", "pad=-2", "cls=1"} {
		if _, err := ParseSpecials(base, bad); err == nil {
			t.Errorf("ParseSpecials(%q): no error", bad)
		}
	}
	if err := (Specials{Pad: 800, Bos: -1, Eos: -1, Unk: -1, DecoderStart: -1}).Validate(800); err == nil {
		t.Error("Validate accepted pad=800 for a vocabulary of 800")
	}
}

func TestFrameAndStrip(t *testing.T) {
	s := Specials{Pad: 0, Bos: 5, Eos: 1, Unk: 2, DecoderStart: 0}
	if got := Frame([]int64{7, 8}, s, true, true); !reflect.DeepEqual(got, []int64{5, 7, 8, 1}) {
		t.Errorf("Frame = %v", got)
	}
	if got := Frame([]int64{7, 8}, NoSpecials, true, true); !reflect.DeepEqual(got, []int64{7, 8}) {
		t.Errorf("Frame without specials = %v", got)
	}
	if got := StripSpecials([]int64{0, 5, 7, 2, 8, 1, 9, 1}, s); !reflect.DeepEqual(got, []int64{7, 2, 8}) {
		t.Errorf("StripSpecials = %v", got)
	}
}

// TestEncodeSpecialCases checks properties the line-by-line fixtures do not
// single out.
func TestEncodeSpecialCases(t *testing.T) {
	m := loadTestModel(t, "unigram")
	// User-defined symbols are single pieces, never normalized or split.
	for _, sym := range []string{"<sep>", "[MASK]"} {
		ps := m.EncodePieces("a" + sym + "b")
		found := false
		for _, p := range ps {
			if p.Text == sym && p.ID == m.PieceToID(sym) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s not kept as one piece: %v", sym, ps)
		}
	}
	// Control symbols in text are plain characters.
	for _, p := range m.EncodePieces("<2en>") {
		if p.ID == m.PieceToID("<2en>") {
			t.Errorf("control symbol <2en> produced from text: %v", m.EncodePieces("<2en>"))
		}
	}
	// Empty and all-space input give no ids.
	for _, in := range []string{"", "   ", "\t"} {
		if ids, _ := m.Encode(in); len(ids) != 0 {
			t.Errorf("Encode(%q) = %v, want none", in, ids)
		}
	}
	// Out-of-range ids decode like the unknown id.
	if got, want := m.Decode([]int64{-5, 100000}), m.Decode([]int64{0, 0}); got != want {
		t.Errorf("Decode(out of range) = %q, want %q", got, want)
	}
}

func mutateModel(t *testing.T, name string, edit func(*spmpb.ModelProto)) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".model"))
	if err != nil {
		t.Fatal(err)
	}
	var mp spmpb.ModelProto
	if err := proto.Unmarshal(data, &mp); err != nil {
		t.Fatal(err)
	}
	edit(&mp)
	out, err := proto.Marshal(&mp)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestModelErrors checks that corrupt or inconsistent model files give a
// one-line error naming the file.
func TestModelErrors(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("testdata", "unigram.model"))
	if err != nil {
		t.Fatal(err)
	}
	pieceType := func(i int, ty spmpb.ModelProto_SentencePiece_Type) func(*spmpb.ModelProto) {
		return func(mp *spmpb.ModelProto) { mp.Pieces[i].Type = ty.Enum() }
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", good[:len(good)/2], "not a SentencePiece model"},
		{"text", []byte("this is not a model\n"), "not a SentencePiece model"},
		{"empty", nil, "the model has no pieces"},
		{"bad charsmap size", mutateModel(t, "unigram", func(mp *spmpb.ModelProto) {
			cm := mp.NormalizerSpec.PrecompiledCharsmap
			binary.LittleEndian.PutUint32(cm, uint32(len(cm)+10))
		}), "trie size"},
		{"short charsmap", mutateModel(t, "unigram", func(mp *spmpb.ModelProto) {
			mp.NormalizerSpec.PrecompiledCharsmap = []byte{1, 0}
		}), "charsmap is broken"},
		{"no unk", mutateModel(t, "unigram", pieceType(0, typeControl)), "unk is not defined"},
		{"two unks", mutateModel(t, "unigram", pieceType(5, typeUnknown)), "unk is already defined"},
		{"duplicate", mutateModel(t, "unigram", func(mp *spmpb.ModelProto) {
			mp.Pieces[20].Piece = proto.String(mp.Pieces[21].GetPiece())
		}), "is already defined"},
		{"empty piece", mutateModel(t, "unigram", func(mp *spmpb.ModelProto) {
			mp.Pieces[20].Piece = proto.String("")
		}), "piece 20 is empty"},
		{"byte piece without fallback", mutateModel(t, "unigram", func(mp *spmpb.ModelProto) {
			mp.Pieces[20].Piece = proto.String("<0x41>")
			mp.Pieces[20].Type = typeByte.Enum()
		}), "byte_fallback is false"},
		{"missing byte piece", mutateModel(t, "bpe", func(mp *spmpb.ModelProto) {
			for _, p := range mp.Pieces {
				if p.GetPiece() == "<0x41>" {
					p.Type = typeNormal.Enum()
				}
			}
		}), "byte piece <0x41> is missing"},
		{"word model", mutateModel(t, "unigram", func(mp *spmpb.ModelProto) {
			mp.TrainerSpec.ModelType = spmpb.TrainerSpec_WORD.Enum()
		}), "model type WORD is not supported"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".model")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadSentencePiece(path)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "tokenize: "+path+": ") || !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s:\n got %q\nwant one line starting with the file name and containing %q", tc.name, msg, tc.want)
		}
	}
	if _, err := LoadSentencePiece(filepath.Join(dir, "missing.model")); err == nil || !strings.Contains(err.Error(), "missing.model") {
		t.Errorf("missing file: err = %v", err)
	}
}

// TestConcurrentEncode encodes the sample from several goroutines at once
// and compares with a sequential pass (run with -race to check sharing).
func TestConcurrentEncode(t *testing.T) {
	const workers = 4
	lines := readLines(t, filepath.Join("testdata", "heldout.txt"))
	for _, name := range []string{"unigram", "bpe"} {
		m := loadTestModel(t, name)
		want := make([]string, len(lines))
		for i, l := range lines {
			ids, _ := m.Encode(l)
			want[i] = formatIDs(ids) + "|" + m.Decode(ids)
		}
		errs := make(chan string, workers*len(lines))
		done := make(chan struct{})
		for w := 0; w < workers; w++ {
			go func() {
				defer func() { done <- struct{}{} }()
				for i, l := range lines {
					ids, _ := m.Encode(l)
					if got := formatIDs(ids) + "|" + m.Decode(ids); got != want[i] {
						errs <- name + ": " + l
					}
				}
			}()
		}
		for w := 0; w < workers; w++ {
			<-done
		}
		close(errs)
		for e := range errs {
			t.Errorf("concurrent encode differs: %s", e)
		}
	}
}
