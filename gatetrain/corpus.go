package gatetrain

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"onnxprune/internal/features"
	"onnxprune/internal/safefile"
	"onnxprune/verify/tokenize"
)

// Pair is one sentence pair of token ids, without BOS/EOS, and the line it
// came from (counted from 1). A pair of a features corpus has Feat, the
// source utterance's Mel × Frames features, in place of Src.
type Pair struct {
	Src, Tgt []int64
	Feat     []float32
	Line     int
}

// Corpus is a parallel corpus of token ids, or of features paired with
// target token ids (Mel > 0).
type Corpus struct {
	Pairs []Pair
	// SrcFile and TgtFile name the files for error messages.
	SrcFile, TgtFile string
	// Mel and Frames are the size of each source utterance of a features
	// corpus (0 for token ids).
	Mel, Frames int
}

// NewFeatureCorpus pairs the utterances of a features file with the target
// sentences of tgtFile, one line per utterance (see NewCorpus).
func NewFeatureCorpus(f *features.Features, tgt [][]int64, tgtFile string) (*Corpus, error) {
	if f.N != len(tgt) {
		return nil, fmt.Errorf("gatetrain: %s holds %d utterances but %s has %d lines: a parallel corpus needs one target line per utterance",
			f.Path, f.N, tgtFile, len(tgt))
	}
	c := &Corpus{SrcFile: f.Path, TgtFile: tgtFile, Mel: f.Mel, Frames: f.Frames}
	for i := range tgt {
		if len(tgt[i]) == 0 {
			return nil, fmt.Errorf("gatetrain: %s:%d: empty sentence", tgtFile, i+1)
		}
		c.Pairs = append(c.Pairs, Pair{Feat: f.Row(i), Tgt: tgt[i], Line: i + 1})
	}
	return c, nil
}

// ReadIDFile reads a file of token ids, one sentence a line, ids separated
// by white space. Every id must lie in [0, vocab) (vocab ≤ 0 skips the
// check). Errors name the file and line.
func ReadIDFile(path string, vocab int64) ([][]int64, error) {
	var out [][]int64
	err := safefile.ReadLines(path, func(line int, text []byte) error {
		fields := strings.Fields(string(text))
		ids := make([]int64, len(fields))
		for i, s := range fields {
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return fmt.Errorf("%s:%d: token %d: %q is not a token id", path, line, i+1, s)
			}
			if v < 0 || (vocab > 0 && v >= vocab) {
				return fmt.Errorf("%s:%d: token %d: id %d outside the vocabulary [0, %d)", path, line, i+1, v, vocab)
			}
			ids[i] = v
		}
		out = append(out, ids)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	return out, nil
}

// NewCorpus pairs source and target sentences read from srcFile and
// tgtFile. The line counts must match; the corpus must not be empty; pairs
// with an empty side are errors naming the line (an empty sentence has no
// token to predict).
func NewCorpus(src, tgt [][]int64, srcFile, tgtFile string) (*Corpus, error) {
	if len(src) != len(tgt) {
		return nil, fmt.Errorf("gatetrain: %s has %d lines but %s has %d: a parallel corpus needs one target line per source line",
			srcFile, len(src), tgtFile, len(tgt))
	}
	if len(src) == 0 {
		return nil, fmt.Errorf("gatetrain: %s: empty corpus", srcFile)
	}
	c := &Corpus{SrcFile: srcFile, TgtFile: tgtFile}
	for i := range src {
		if len(src[i]) == 0 {
			return nil, fmt.Errorf("gatetrain: %s:%d: empty sentence", srcFile, i+1)
		}
		if len(tgt[i]) == 0 {
			return nil, fmt.Errorf("gatetrain: %s:%d: empty sentence", tgtFile, i+1)
		}
		c.Pairs = append(c.Pairs, Pair{Src: src[i], Tgt: tgt[i], Line: i + 1})
	}
	return c, nil
}

// ReadCorpus reads a parallel corpus of token-id files (see ReadIDFile and
// NewCorpus).
func ReadCorpus(srcFile, tgtFile string, vocab int64) (*Corpus, error) {
	src, err := ReadIDFile(srcFile, vocab)
	if err != nil {
		return nil, err
	}
	tgt, err := ReadIDFile(tgtFile, vocab)
	if err != nil {
		return nil, err
	}
	return NewCorpus(src, tgt, srcFile, tgtFile)
}

// LabelPad marks label positions that the loss ignores.
const LabelPad = -100

// Batch is one training batch as model inputs.
type Batch struct {
	// Src [B, S], SrcMask [B, S] (1 on tokens), DecIn and Labels [B, T].
	Src, SrcMask, DecIn, Labels []int64
	B, S, T                     int
	// Feat [B, Mel, Frames] is the source of a features corpus, in place
	// of Src and SrcMask (S is 0).
	Feat        []float32
	Mel, Frames int
	// Tokens counts the target tokens that enter the loss.
	Tokens int
	// Lines are the corpus lines of the rows.
	Lines []int
}

// MakeBatch builds a batch from pairs with the special ids sp: the source
// gets sp.Eos appended (when it is ≥ 0), the decoder input is
// sp.DecoderStart + target, the labels are target + sp.Eos, and sp.Pad
// fills the rest (sp.Bos is not used: a model's decoder start may differ
// from its tokenizer's BOS). The source of pairs with features is their
// features, as they are: they have one size, and no EOS.
func MakeBatch(pairs []Pair, sp tokenize.Specials) *Batch {
	extra := 0
	if sp.Eos >= 0 {
		extra = 1
	}
	b := &Batch{B: len(pairs)}
	feat := len(pairs) > 0 && pairs[0].Feat != nil
	for _, p := range pairs {
		if !feat {
			b.S = max(b.S, len(p.Src)+extra)
		}
		b.T = max(b.T, len(p.Tgt)+extra)
	}
	if !feat {
		b.Src = make([]int64, b.B*b.S)
		b.SrcMask = make([]int64, b.B*b.S)
	}
	b.DecIn = make([]int64, b.B*b.T)
	b.Labels = make([]int64, b.B*b.T)
	for r, p := range pairs {
		b.Lines = append(b.Lines, p.Line)
		if feat {
			b.Feat = append(b.Feat, p.Feat...)
		} else {
			b.fillSource(r, p.Src, sp, extra)
		}
		dec := b.DecIn[r*b.T : (r+1)*b.T]
		lab := b.Labels[r*b.T : (r+1)*b.T]
		for i := range dec {
			dec[i] = sp.Pad
			lab[i] = LabelPad
		}
		// Decoder input: BOS followed by the target (less the last token when
		// no EOS is added, so input and labels keep the same length).
		dec[0] = sp.DecoderStart
		m := len(p.Tgt) + extra
		for i := 1; i < m; i++ {
			dec[i] = p.Tgt[i-1]
		}
		copy(lab, p.Tgt)
		if extra == 1 {
			lab[len(p.Tgt)] = sp.Eos
		}
		b.Tokens += m
	}
	return b
}

// fillSource writes row r of the source ids and mask: the ids, EOS when
// extra is 1, then padding.
func (b *Batch) fillSource(r int, ids []int64, sp tokenize.Specials, extra int) {
	src := b.Src[r*b.S : (r+1)*b.S]
	mask := b.SrcMask[r*b.S : (r+1)*b.S]
	for i := range src {
		src[i] = sp.Pad
	}
	copy(src, ids)
	n := len(ids)
	if extra == 1 {
		src[n] = sp.Eos
		n++
	}
	for i := 0; i < n; i++ {
		mask[i] = 1
	}
}

// Batcher cuts a corpus into batches of at most MaxTokens padded tokens
// (rows × longest side, source or target; target only for a features
// corpus, whose sources all have one size) with length bucketing: each epoch
// the pairs are shuffled with a generator seeded by (Seed, epoch), sorted by
// length within windows of Window pairs, cut into batches, and the batches
// are shuffled. The order of an epoch depends on the seed and the epoch
// number alone, so a data position (epoch, batch) can be restored.
type Batcher struct {
	Corpus    *Corpus
	Specials  tokenize.Specials
	MaxTokens int
	Window    int
	Seed      uint64
}

// ErrSentenceTooLong reports a pair longer than the token budget of a batch.
var ErrSentenceTooLong = errors.New("sentence longer than the batch token budget")

// Epoch returns the batches of an epoch as lists of pair indices.
func (bt *Batcher) Epoch(epoch int) ([][]int, error) {
	r := rand.New(rand.NewPCG(bt.Seed, uint64(epoch)+0x51ed))
	n := len(bt.Corpus.Pairs)
	idx := r.Perm(n)
	win := bt.Window
	if win <= 0 {
		win = 1000
	}
	extra := 0
	if bt.Specials.Eos >= 0 {
		extra = 1
	}
	// A features source has one size: the budget counts target tokens.
	size := func(i int) int {
		p := bt.Corpus.Pairs[i]
		return max(len(p.Src), len(p.Tgt)) + extra
	}
	var batches [][]int
	for lo := 0; lo < n; lo += win {
		w := idx[lo:min(n, lo+win)]
		sort.SliceStable(w, func(a, b int) bool { return size(w[a]) < size(w[b]) })
		var cur []int
		longest := 0
		for _, i := range w {
			l := size(i)
			if l > bt.MaxTokens {
				p := bt.Corpus.Pairs[i]
				return nil, fmt.Errorf("gatetrain: %s:%d: %d tokens: %w (%d)", bt.Corpus.SrcFile, p.Line, l, ErrSentenceTooLong, bt.MaxTokens)
			}
			if len(cur) > 0 && max(longest, l)*(len(cur)+1) > bt.MaxTokens {
				batches = append(batches, cur)
				cur, longest = nil, 0
			}
			cur = append(cur, i)
			longest = max(longest, l)
		}
		if len(cur) > 0 {
			batches = append(batches, cur)
		}
	}
	r.Shuffle(len(batches), func(a, b int) { batches[a], batches[b] = batches[b], batches[a] })
	return batches, nil
}

// Batch makes the batch of the given pair indices.
func (bt *Batcher) Batch(idx []int) *Batch {
	pairs := make([]Pair, len(idx))
	for i, j := range idx {
		pairs[i] = bt.Corpus.Pairs[j]
	}
	b := MakeBatch(pairs, bt.Specials)
	if b.Feat != nil {
		b.Mel, b.Frames = bt.Corpus.Mel, bt.Corpus.Frames
	}
	return b
}
