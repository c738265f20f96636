package verify

import (
	"context"
	"testing"
	"unsafe"
)

// TestPresentBuffersReused: the cached decoder writes each step's
// self-attention presents into two buffers in turn (from the third step on,
// once the growing axis is known) and gives, to the bit, the logits of the
// same decoder when every present is newly allocated; a dropped row
// (reorder) and a clone start from a copy and keep decoding correctly.
func TestPresentBuffersReused(t *testing.T) {
	ctx := context.Background()
	for _, fam := range []string{"marian", "bart"} {
		for _, layout := range []Layout{LayoutSplitPast, LayoutMerged} {
			t.Run(fam+"/"+string(layout), func(t *testing.T) {
				m := openFixture(t, fixtureLayouts(fam)[layout], fixtureSpecials[fam])
				src := randomSources(41, 4, 9)
				e, err := m.encode(ctx, src)
				if err != nil {
					t.Fatal(err)
				}
				e2 := *e
				reused := m.newStepper(e, true).(*cacheStepper)
				plain := m.newStepper(&e2, true).(*cacheStepper)
				tokens := []int64{m.Specials.DecoderStart, m.Specials.DecoderStart, m.Specials.DecoderStart, m.Specials.DecoderStart}
				inBuffers := 0
				for step := 0; step < 8; step++ {
					if step == 4 {
						// drop row 1: both steppers gather the others
						keep := []int{0, 2, 3}
						for _, s := range []*cacheStepper{reused, plain} {
							if err := s.reorder(keep); err != nil {
								t.Fatal(err)
							}
						}
						tokens = []int64{tokens[0], tokens[2], tokens[3]}
					}
					for _, b := range plain.kv {
						b.axis = -2 // never written into: ONNX Runtime allocates
					}
					got, V := mustStep(t, reused, tokens)
					want, _ := mustStep(t, plain, tokens)
					for i := range want {
						if got[i] != want[i] {
							t.Fatalf("step %d: logit %d is %g with reused buffers, %g without", step, i, got[i], want[i])
						}
					}
					for p, b := range reused.kv {
						if b.cur >= 0 && unsafe.SliceData(reused.past[p].F32) == unsafe.SliceData(b.buf[b.cur]) {
							inBuffers++
						}
					}
					for i := range tokens {
						tokens[i] = int64(argmax(got[i*V : (i+1)*V]))
					}
				}
				if inBuffers == 0 {
					t.Fatalf("no present was written into a reused buffer")
				}
				// A clone and its origin each step on from the shared past.
				a, _ := mustStep(t, reused.clone(), tokens)
				b, _ := mustStep(t, reused, tokens)
				w, _ := mustStep(t, plain, tokens)
				for i := range w {
					if a[i] != w[i] || b[i] != w[i] {
						t.Fatalf("after a clone: logit %d is %g (clone), %g (origin), want %g", i, a[i], b[i], w[i])
					}
				}
			})
		}
	}
}

// mustStep steps s with tokens and returns its logits and vocabulary size.
func mustStep(t *testing.T, s stepper, tokens []int64) ([]float32, int) {
	t.Helper()
	logits, V, err := s.step(context.Background(), tokens)
	if err != nil {
		t.Fatal(err)
	}
	return logits, V
}

// TestDecodingSessionsDoNotSpin: every session of a model opened for
// decoding is made without spinning intra-op threads, whatever the caller's
// options say.
func TestDecodingSessionsDoNotSpin(t *testing.T) {
	m := openFixture(t, fixtureLayouts("marian")[LayoutSplitPast], fixtureSpecials["marian"])
	if len(m.sessions) < 3 {
		t.Fatalf("%d sessions, want encoder, decoder and decoder with past", len(m.sessions))
	}
	for _, s := range m.sessions {
		if !s.Options().NoSpinning {
			t.Errorf("%s: made with spinning threads", s.Name())
		}
	}
}
