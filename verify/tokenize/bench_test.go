package tokenize

import (
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkEncode encodes a short sentence (Small) and the whole training
// sample as one text per line (Large) with a unigram and a BPE model.
func BenchmarkEncode(b *testing.B) {
	sample := readLines(b, filepath.Join("testdata", "sample.txt"))
	sizes := []struct {
		name  string
		lines []string
	}{
		{"Small", sample[:1]},
		{"Large", sample},
	}
	for _, model := range []string{"unigram", "bpe"} {
		m := loadTestModel(b, model)
		for _, sz := range sizes {
			b.Run(model+"/"+sz.name, func(b *testing.B) {
				b.SetBytes(int64(len(strings.Join(sz.lines, "\n"))))
				for b.Loop() {
					for _, l := range sz.lines {
						if _, err := m.Encode(l); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
