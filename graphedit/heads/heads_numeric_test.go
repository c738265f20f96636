package heads_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// TestHeadsConfirmedNumerically confirms the structural match on ORT: with
// the V projection columns (and bias) of head h set to zero, only head h's
// slice of the block's per-head tensor changes. This checks the head order,
// the packed offsets and the per-head layout FindHeads reports.
func TestHeadsConfirmedNumerically(t *testing.T) {
	files, err := graphtest.Fixtures("../../models/fixtures")
	if err != nil {
		t.Fatal(err)
	}
	opts := graphtest.ExactOpts
	for _, path := range files {
		if strings.Contains(path, "merged") || strings.Contains(path, "fused") {
			continue // no per-head tensor in the main graph
		}
		t.Run(strings.TrimPrefix(path, "../../models/fixtures/"), func(t *testing.T) {
			m, base := graphtest.LoadFixture(t, path)
			blocks, err := heads.FindHeads(base)
			if err != nil {
				t.Fatal(err)
			}
			seenKind := map[heads.Kind]bool{}
			for bi, b := range blocks {
				// One block per kind keeps the test short.
				if b.V.Weight == nil || seenKind[b.Kind] {
					continue
				}
				seenKind[b.Kind] = true
				h := (bi + 1) % b.NumHeads
				run := func(zero bool) *ortrun.Tensor {
					g, err := base.Clone()
					if err != nil {
						t.Fatal(err)
					}
					if err := g.AddOutput(g.Value(b.PerHead.Name())); err != nil {
						t.Fatal(err)
					}
					if zero {
						zeroHead(t, g, b.V, b.HeadDim, h)
					}
					s := graphtest.NewSession(t, graphtest.MarshalGraph(t, g, m), opts)
					rng := newRand(uint64(bi))
					out, err := s.Run(graphtest.RandomFeedsFor(base, s.Inputs(), [2]int64{2, 3}, rng), []string{b.PerHead.Name()})
					if err != nil {
						t.Fatal(err)
					}
					return out[b.PerHead.Name()]
				}
				a, z := run(false), run(true)
				changed := map[int]bool{}
				inner := int64(1)
				for _, d := range a.Shape[b.HeadsAxis+1:] {
					inner *= d
				}
				for i := range a.F32 {
					if a.F32[i] != z.F32[i] {
						changed[int((int64(i)/inner)%a.Shape[b.HeadsAxis])%b.NumHeads] = true
					}
				}
				if len(changed) != 1 || !changed[h] {
					t.Errorf("%s: zeroing head %d changed heads %v of %q", b.Name(), h, changed, b.PerHead.Name())
				}
				// Without cached values, head h now averages zero vectors:
				// its slice is exactly zero (the V section is the right one).
				if len(b.KVInputs) == 0 {
					for i := range z.F32 {
						if int((int64(i)/inner)%z.Shape[b.HeadsAxis])%b.NumHeads == h && z.F32[i] != 0 {
							t.Errorf("%s: head %d slice not zero after zeroing its V columns", b.Name(), h)
							break
						}
					}
				}
			}
		})
	}
}

// zeroHead zeroes head h's part of a projection's weight and bias.
func zeroHead(t *testing.T, g *graphedit.Graph, p heads.Projection, dh, h int) {
	t.Helper()
	w := g.Value(p.Weight.Name())
	tw, ok := g.ConstValue(w)
	if !ok {
		t.Fatalf("weight %q not constant", w.Name())
	}
	vals := append([]float32{}, tw.F32...)
	rows, cols := tw.Dims[0], tw.Dims[1]
	for r := int64(0); r < rows; r++ {
		for c := int64(0); c < cols; c++ {
			out := c
			if !p.Transposed {
				out = r
			}
			if out >= p.Offset+int64(h*dh) && out < p.Offset+int64((h+1)*dh) {
				vals[r*cols+c] = 0
			}
		}
	}
	if err := g.SetInitializer(w, onnxio.NewFloat32(w.Name(), tw.Dims, vals)); err != nil {
		t.Fatal(err)
	}
	if p.Bias == nil {
		return
	}
	bv := g.Value(p.Bias.Name())
	tb, ok := g.ConstValue(bv)
	if !ok {
		t.Fatalf("bias %q not constant", bv.Name())
	}
	bvals := append([]float32{}, tb.F32...)
	for i := p.BiasOffset + int64(h*dh); i < p.BiasOffset+int64((h+1)*dh); i++ {
		bvals[i] = 0
	}
	if err := g.SetInitializer(bv, onnxio.NewFloat32(bv.Name(), tb.Dims, bvals)); err != nil {
		t.Fatal(err)
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 17)) }
