// Package batchfile is the fixed batch every training and attribution figure
// of `make bench` runs on: token ids drawn from a seeded generator, written
// once by bench/cmd/benchall and read by the Go workers and the Python peers,
// so that both sides see the very same sentences.
//
// The file is JSON: {"src": [[ids]], "tgt": [[ids]], "pad": 0, "bos": 2,
// "eos": 3, "vocab": 8000, "seed": 1}. Sentences carry no BOS/EOS; the
// consumer frames them (gatetrain.MakeBatch: EOS after the source, "bos" as
// the decoder start id before the decoder input, EOS after the labels). The same sentences are also
// written as token-id text files (one sentence a line, ids separated by
// spaces), the corpus format of `onnxprune train`.
package batchfile

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

// File is one batch.
type File struct {
	Src   [][]int64 `json:"src"`
	Tgt   [][]int64 `json:"tgt"`
	Pad   int64     `json:"pad"`
	BOS   int64     `json:"bos"`
	EOS   int64     `json:"eos"`
	Vocab int64     `json:"vocab"`
	Seed  uint64    `json:"seed"`
}

// Make draws rows sentence pairs of exactly srcLen and tgtLen ids in
// [first, vocab), first being one past the largest special id, so that no
// padding enters the timed runs.
func Make(rows, srcLen, tgtLen int, vocab, pad, bos, eos int64, seed uint64) (*File, error) {
	first := max(pad, bos, eos) + 1
	if rows <= 0 || srcLen <= 0 || tgtLen <= 0 || vocab <= first {
		return nil, fmt.Errorf("batchfile: bad batch %d×(%d,%d) for vocabulary %d with specials up to %d", rows, srcLen, tgtLen, vocab, first-1)
	}
	r := rand.New(rand.NewPCG(seed, 0x62656e6368))
	f := &File{Pad: pad, BOS: bos, EOS: eos, Vocab: vocab, Seed: seed}
	draw := func(n int) []int64 {
		s := make([]int64, n)
		for i := range s {
			s[i] = first + r.Int64N(vocab-first)
		}
		return s
	}
	for i := 0; i < rows; i++ {
		f.Src = append(f.Src, draw(srcLen))
		f.Tgt = append(f.Tgt, draw(tgtLen))
	}
	return f, nil
}

// Write writes the JSON file at path and the id files path+".src" and
// path+".tgt".
func (f *File) Write(path string) error {
	b, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("batchfile: %s: %w", path, err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("batchfile: %w", err)
	}
	for ext, rows := range map[string][][]int64{".src": f.Src, ".tgt": f.Tgt} {
		var sb strings.Builder
		for _, row := range rows {
			for j, id := range row {
				if j > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteString(strconv.FormatInt(id, 10))
			}
			sb.WriteByte('\n')
		}
		if err := os.WriteFile(path+ext, []byte(sb.String()), 0o644); err != nil {
			return fmt.Errorf("batchfile: %w", err)
		}
	}
	return nil
}

// Read reads a batch file and checks it.
func Read(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("batchfile: %w", err)
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("batchfile: %s: %w", path, err)
	}
	if len(f.Src) == 0 || len(f.Src) != len(f.Tgt) {
		return nil, fmt.Errorf("batchfile: %s: %d source and %d target rows", path, len(f.Src), len(f.Tgt))
	}
	for i := range f.Src {
		for _, row := range [][]int64{f.Src[i], f.Tgt[i]} {
			if len(row) == 0 {
				return nil, fmt.Errorf("batchfile: %s: row %d is empty", path, i)
			}
			for _, id := range row {
				if id < 0 || (f.Vocab > 0 && id >= f.Vocab) {
					return nil, fmt.Errorf("batchfile: %s: row %d: id %d outside the vocabulary of %d", path, i, id, f.Vocab)
				}
			}
		}
	}
	return &f, nil
}
