package attribution

import (
	"math"
	"testing"
)

// TestWordAttention: weights are summed over the attended word's pieces
// and averaged over the attending word's pieces; special positions (−1)
// are left out.
func TestWordAttention(t *testing.T) {
	// Tokens: w0 w0 w1 EOS (words 0, 0, 1, −1); 4×4 attention, rows sum to 1.
	p := []float32{
		0.1, 0.2, 0.3, 0.4,
		0.5, 0.1, 0.2, 0.2,
		0.0, 0.6, 0.4, 0.0,
		0.25, 0.25, 0.25, 0.25,
	}
	words := []int{0, 0, 1, -1}
	w := wordAttention(p, 4, 4, words, words, 2)
	want := [][]float64{
		{((0.1 + 0.2) + (0.5 + 0.1)) / 2, (0.3 + 0.2) / 2},
		{0.0 + 0.6, 0.4},
	}
	// wordTol: float32 weights summed in float64.
	const wordTol = 1e-6
	for a := range want {
		for b := range want[a] {
			if math.Abs(w[a][b]-want[a][b]) > wordTol {
				t.Errorf("w[%d][%d] = %g, want %g", a, b, w[a][b], want[a][b])
			}
		}
	}
}

func TestOffsetBest(t *testing.T) {
	cases := []struct {
		o        offsetCounts
		off, cnt int
	}{
		{offsetCounts{-1: 5, 1: 3}, -1, 5},
		{offsetCounts{2: 4, -2: 4, 1: 4}, 1, 4},
		{offsetCounts{2: 4, -2: 4}, -2, 4},
		{offsetCounts{}, 0, 0},
	}
	for _, c := range cases {
		if off, cnt := c.o.best(); off != c.off || cnt != c.cnt {
			t.Errorf("best(%v) = %d, %d; want %d, %d", c.o, off, cnt, c.off, c.cnt)
		}
	}
}
