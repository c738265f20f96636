package score

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// benchCorpus makes n segments of 25 words drawn from a 2,000-word
// vocabulary, hypotheses being noisy copies of the references.
func benchCorpus(n int) ([]string, [][]string) {
	rng := rand.New(rand.NewPCG(7, 11))
	hyps, refs := make([]string, n), make([]string, n)
	for i := range n {
		var h, r []string
		for range 25 {
			w := "w" + strings.Repeat("x", rng.IntN(6)) + string(rune('a'+rng.IntN(26))) + string(rune('a'+rng.IntN(26)))
			r = append(r, w)
			if rng.IntN(4) != 0 {
				h = append(h, w)
			}
		}
		hyps[i], refs[i] = strings.Join(h, " ")+".", strings.Join(r, " ")+"."
	}
	return hyps, [][]string{refs}
}

func BenchmarkCorpusBLEU3000(b *testing.B) {
	hyps, refs := benchCorpus(3000)
	for b.Loop() {
		if _, err := (BLEU{}).Corpus(hyps, refs); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCorpusChrF3000(b *testing.B) {
	hyps, refs := benchCorpus(3000)
	for b.Loop() {
		if _, err := (ChrF{}).Corpus(hyps, refs); err != nil {
			b.Fatal(err)
		}
	}
}
