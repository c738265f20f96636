package verify

import (
	"context"
	"testing"
)

// A timed run covers BenchOptions.Sentences sentences at every batch
// size: at batch 1 four sentences one at a time, at batch 3 two batches;
// its tokens are those of the greedy translations of the sentences around
// the median length, and the decoder step is timed on the middle batch.
func TestBenchmarkCoversSentences(t *testing.T) {
	m := openFixture(t, fixtureLayouts("marian")[LayoutSplitPast], fixtureSpecials["marian"])
	defer m.Close()
	var src [][]int64
	for n := 2; n < 12; n++ {
		s := make([]int64, n)
		for i := range s {
			s[i] = int64(5 + (7*n+3*i)%100)
		}
		src = append(src, append(s, m.Specials.Eos))
	}
	search := SearchOptions{MaxLen: 8}
	o := BenchOptions{Batches: []int{1, 3}, Repeats: 1, StepPast: 2, Sentences: 4, Search: search}
	b, err := m.Benchmark(context.Background(), src, o, "cpu", 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct{ batch, perRun int }{{1, 4}, {3, 2}} {
		bb := b.Batches[i]
		if bb.Batch != want.batch || bb.PerRun != want.perRun {
			t.Fatalf("batch %d: %d batches a run, want batch %d, %d", bb.Batch, bb.PerRun, want.batch, want.perRun)
		}
		rows := pickBatch(src, want.batch*want.perRun, false)
		tokens, midLen := 0, 0
		for k := 0; k < want.perRun; k++ {
			batch := rows[k*want.batch : (k+1)*want.batch]
			so := search
			so.Beam, so.Batch = 1, want.batch
			h, err := m.Translate(context.Background(), batch, so)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range h {
				tokens += len(x.Tokens)
			}
			if k == want.perRun/2 {
				for _, s := range batch {
					midLen = max(midLen, len(s))
				}
			}
		}
		if bb.Tokens != tokens || bb.SrcLen != midLen || bb.Sentence.Runs != 1 || bb.Step.Runs != 1 || bb.Encoder == nil {
			t.Errorf("batch %d: %d tokens, source length %d, %+v; want %d tokens, length %d", bb.Batch, bb.Tokens, bb.SrcLen, bb, tokens, midLen)
		}
	}
}
