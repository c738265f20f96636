package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/verify/tokenize"
)

// Each id comes from the first source that has it: flags (where "-1"
// unsets an id for good), generation_config.json, config.json, metadata,
// the fallback; From lists the sources that gave ids, in that order.
func TestResolveSpecialsPrecedence(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"generation_config.json": `{"decoder_start_token_id": 6, "eos_token_id": [7, 8]}`,
		"config.json":            `{"decoder_start_token_id": 5, "pad_token_id": 4, "bos_token_id": 3, "max_target_positions": 40, "max_position_embeddings": 99, "vocab_size": 50}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	meta := []FileMeta{{Path: "enc.onnx", Props: map[string]string{"unk_token_id": "2", "pad_token_id": "9"}}}
	fb := tokenize.Specials{Pad: 11, Bos: 11, Eos: 11, Unk: 11, DecoderStart: 11}
	ms, err := ResolveSpecials(SpecialSources{Overrides: "bos=1,unk=-1", Dir: dir, Files: meta, Fallback: &fb, FallbackFrom: "the original model"})
	if err != nil {
		t.Fatal(err)
	}
	want := tokenize.Specials{Pad: 4, Bos: 1, Eos: 7, Unk: -1, DecoderStart: 6}
	if ms.Specials != want || ms.MaxPositions != 40 || ms.VocabSize != 50 {
		t.Errorf("specials %v, max positions %d, vocabulary %d; want %v, 40, 50", ms.Specials, ms.MaxPositions, ms.VocabSize, want)
	}
	gen, cfg := filepath.Join(dir, "generation_config.json"), filepath.Join(dir, "config.json")
	if wantFrom := "flags, " + gen + ", " + cfg; ms.From != wantFrom {
		t.Errorf("From %q, want %q", ms.From, wantFrom)
	}

	ms, err = ResolveSpecials(SpecialSources{Dir: t.TempDir(), Files: meta, Fallback: &fb, FallbackFrom: "the original model"})
	if err != nil {
		t.Fatal(err)
	}
	if want := (tokenize.Specials{Pad: 9, Bos: 11, Eos: 11, Unk: 2, DecoderStart: 11}); ms.Specials != want || ms.From != "enc.onnx metadata_props, the original model" {
		t.Errorf("without config files: %v from %q", ms.Specials, ms.From)
	}

	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "generation_config.json"), []byte(`{"eos_token_id": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ResolveSpecials(SpecialSources{Dir: bad}); err == nil || !strings.Contains(err.Error(), `generation_config.json: eos_token_id is "x", not an integer`) {
		t.Errorf("a string id: %v", err)
	}
}

// The decoder start id is the model's own, not its tokenizer's BOS (T5 and
// Marian start with pad); when no source gives one it is the bos id, as
// Hugging Face generation starts; flags that unset it keep it unset.
func TestResolveSpecialsDecoderStart(t *testing.T) {
	tokenizer := tokenize.Specials{Pad: 0, Bos: 5, Eos: 1, Unk: 2, DecoderStart: -1} // a SentencePiece model's ids
	t5 := filepath.Join("..", "models", "fixtures", "t5")
	ms, err := ResolveSpecials(SpecialSources{Dir: t5, Fallback: &tokenizer})
	if err != nil {
		t.Fatal(err)
	}
	if ms.DecoderStart != 0 || ms.Bos != 5 || ms.Pad != 0 {
		t.Errorf("T5: decoder start %d, bos %d, pad %d; want the model's decoder start 0 (its pad), the tokenizer's bos 5, pad 0", ms.DecoderStart, ms.Bos, ms.Pad)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"pad_token_id": 1, "bos_token_id": 3, "eos_token_id": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		overrides string
		fallback  *tokenize.Specials
		want      int64
	}{
		{"bos of the config", "", nil, 3},
		{"bos of the flags", "bos=7", nil, 7},
		{"the tokenizer's decoder start", "", &tokenize.Specials{Pad: 1, Bos: -1, Eos: 2, Unk: -1, DecoderStart: 1}, 1},
		{"unset by the flags", "decoder-start=-1", nil, -1},
	} {
		ms, err := ResolveSpecials(SpecialSources{Overrides: tc.overrides, Dir: dir, Fallback: tc.fallback})
		if err != nil {
			t.Fatal(err)
		}
		if ms.DecoderStart != tc.want {
			t.Errorf("%s: decoder start %d, want %d", tc.name, ms.DecoderStart, tc.want)
		}
	}
}
