package gatetrain

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"onnxprune/internal/features"
	"onnxprune/verify/tokenize"
)

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCorpusErrorsNameFileAndLine(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, src, tgt string
		want           []string
	}{
		{"id outside vocab", "3 4\n5 99 6\n", "4 3\n6 5\n", []string{"src.txt:2", "id 99", "[0, 24)"}},
		{"negative id", "3 4\n", "4 -1\n", []string{"tgt.txt:1", "id -1"}},
		{"not a number", "3 x\n", "4 3\n", []string{"src.txt:1", `"x"`}},
		{"line counts", "3 4\n5 6\n7\n", "4 3\n6 5\n", []string{"src.txt has 3 lines", "tgt.txt has 2"}},
		{"empty corpus", "", "", []string{"src.txt", "empty corpus"}},
		{"empty line", "3 4\n\n", "4 3\n5\n", []string{"src.txt:2", "empty sentence"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := writeFile(t, dir, "src.txt", tc.src)
			g := writeFile(t, dir, "tgt.txt", tc.tgt)
			_, err := ReadCorpus(s, g, 24)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestBatcherBudgetsOrderAndCoverage(t *testing.T) {
	var src, tgt [][]int64
	for i := 0; i < 300; i++ {
		n := 1 + (i*7)%13
		s := make([]int64, n)
		for j := range s {
			s[j] = int64(3 + (i+j)%20)
		}
		src = append(src, s)
		tgt = append(tgt, s[:1+(n-1)/2])
	}
	c, err := NewCorpus(src, tgt, "s", "t")
	if err != nil {
		t.Fatal(err)
	}
	sp := tokenize.Specials{Pad: 0, DecoderStart: 1, Eos: 2}
	bt := &Batcher{Corpus: c, Specials: sp, MaxTokens: 64, Window: 50, Seed: 5}
	e0, err := bt.Epoch(0)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := bt.Epoch(0)
	e1, _ := bt.Epoch(1)
	seen := make([]int, len(src))
	same := true
	for i, b := range e0 {
		batch := bt.Batch(b)
		if batch.B*max(batch.S, batch.T) > bt.MaxTokens {
			t.Fatalf("batch %d: %d rows × %d > %d tokens", i, batch.B, max(batch.S, batch.T), bt.MaxTokens)
		}
		for _, j := range b {
			seen[j]++
		}
		if len(b) != len(again[i]) || b[0] != again[i][0] {
			t.Fatalf("epoch 0 differs between calls at batch %d", i)
		}
		if i < len(e1) && (len(e1[i]) != len(b) || e1[i][0] != b[0]) {
			same = false
		}
	}
	for j, n := range seen {
		if n != 1 {
			t.Fatalf("pair %d appears %d times in an epoch", j, n)
		}
	}
	if same {
		t.Fatal("epochs 0 and 1 have the same order")
	}
	// Layout of one batch: source + EOS, decoder BOS + target, labels target + EOS.
	b := MakeBatch([]Pair{{Src: []int64{5, 6}, Tgt: []int64{7}}, {Src: []int64{8}, Tgt: []int64{9, 10}}}, sp)
	want := struct{ src, mask, dec, lab []int64 }{
		src: []int64{5, 6, 2, 8, 2, 0}, mask: []int64{1, 1, 1, 1, 1, 0},
		dec: []int64{1, 7, 0, 1, 9, 10}, lab: []int64{7, 2, LabelPad, 9, 10, 2},
	}
	for _, c := range []struct {
		name      string
		got, want []int64
	}{{"src", b.Src, want.src}, {"mask", b.SrcMask, want.mask}, {"dec", b.DecIn, want.dec}, {"labels", b.Labels, want.lab}} {
		if len(c.got) != len(c.want) {
			t.Fatalf("%s = %v, want %v", c.name, c.got, c.want)
		}
		for i := range c.got {
			if c.got[i] != c.want[i] {
				t.Fatalf("%s = %v, want %v", c.name, c.got, c.want)
			}
		}
	}
	if b.Tokens != 5 {
		t.Fatalf("tokens %d, want 5", b.Tokens)
	}
}

// A features corpus: utterances paired with target lines, batched as
// [B, mel, frames] with no source ids, the token budget counting targets.
func TestFeatureCorpus(t *testing.T) {
	f := &features.Features{Path: "f.npy", N: 3, Mel: 2, Frames: 3, Data: make([]float32, 18)}
	for i := range f.Data {
		f.Data[i] = float32(i)
	}
	if _, err := NewFeatureCorpus(f, [][]int64{{4}, {5}}, "t.ids"); err == nil || !strings.Contains(err.Error(), "f.npy holds 3 utterances but t.ids has 2 lines") {
		t.Errorf("line count mismatch: %v", err)
	}
	if _, err := NewFeatureCorpus(f, [][]int64{{4}, {}, {5}}, "t.ids"); err == nil || !strings.Contains(err.Error(), "t.ids:2: empty sentence") {
		t.Errorf("empty target: %v", err)
	}
	c, err := NewFeatureCorpus(f, [][]int64{{4, 5, 6}, {7}, {8, 9}}, "t.ids")
	if err != nil {
		t.Fatal(err)
	}
	bt := &Batcher{Corpus: c, Specials: tokenize.Specials{Pad: 0, DecoderStart: 2, Eos: 1}, MaxTokens: 8, Seed: 1}
	batches, err := bt.Epoch(0)
	if err != nil {
		t.Fatal(err)
	}
	// Targets of 2, 3 and 4 tokens with EOS: 8 tokens hold two rows of the
	// shorter ones (2·3) but not a third (3·4).
	if len(batches) != 2 {
		t.Fatalf("batches %v, want 2 under a budget of 8 target tokens", batches)
	}
	b := bt.Batch([]int{2, 0})
	if b.Src != nil || b.SrcMask != nil || b.S != 0 || b.Mel != 2 || b.Frames != 3 || len(b.Feat) != 12 {
		t.Fatalf("batch src %v mask %v S %d, features %d×%d (%d values)", b.Src, b.SrcMask, b.S, b.Mel, b.Frames, len(b.Feat))
	}
	if b.Feat[0] != 12 || b.Feat[6] != 0 {
		t.Errorf("features rows start with %v and %v, want utterance 3 then 1", b.Feat[0], b.Feat[6])
	}
	if want := []int64{2, 8, 9, 0, 2, 4, 5, 6}; fmt.Sprint(b.DecIn) != fmt.Sprint(want) {
		t.Errorf("decoder input %v, want %v", b.DecIn, want)
	}
}

// TestMakeBatchDecoderStart: the decoder input starts with the model's
// decoder start id, not the tokenizer's BOS (T5 and Marian start with pad);
// the labels end with EOS, which the source gets too.
func TestMakeBatchDecoderStart(t *testing.T) {
	sp := tokenize.Specials{Pad: 0, Bos: 5, Eos: 1, Unk: 2, DecoderStart: 0}
	b := MakeBatch([]Pair{{Src: []int64{7, 8, 9}, Tgt: []int64{10, 11}}, {Src: []int64{7}, Tgt: []int64{12}}}, sp)
	if b.T != 3 || b.S != 4 {
		t.Fatalf("batch %d×%d source, %d target positions; want 4 and 3", b.B, b.S, b.T)
	}
	if want := []int64{0, 10, 11, 0, 12, 0}; !slices.Equal(b.DecIn, want) {
		t.Errorf("decoder input %v, want %v (decoder start 0, then the target, pad 0)", b.DecIn, want)
	}
	if want := []int64{10, 11, 1, 12, 1, LabelPad}; !slices.Equal(b.Labels, want) {
		t.Errorf("labels %v, want %v", b.Labels, want)
	}
	if want := []int64{7, 8, 9, 1, 7, 1, 0, 0}; !slices.Equal(b.Src, want) {
		t.Errorf("source %v, want %v", b.Src, want)
	}
}
