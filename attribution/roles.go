package attribution

import "math"

// SyntacticRelations are the dependency relations checked for syntactic
// heads (UD labels; "dobj" of older treebanks counts as obj).
var SyntacticRelations = []string{"nsubj", "obj", "amod", "advmod"}

// Directions of an arc: the dependent attends to its head, or the head to
// its dependent.
const (
	DepToHead = "dep->head"
	HeadToDep = "head->dep"
)

// argmax returns the index of the largest element (the first on ties).
func argmax(row []float32) int {
	best, bi := float32(math.Inf(-1)), 0
	for i, v := range row {
		if v > best {
			best, bi = v, i
		}
	}
	return bi
}

// wordAttention maps a head's token attention p (T×S, row-major) to words:
// the weight from word a to word b is the sum over b's pieces (attended
// side) of the weights, averaged over a's pieces (attending side). words
// maps each token position to its word or −1; n is the number of words.
// Words without pieces have rows of zeros.
func wordAttention(p []float32, T, S int, qWords, kWords []int, n int) [][]float64 {
	w := make([][]float64, n)
	cnt := make([]int, n)
	for a := range w {
		w[a] = make([]float64, n)
	}
	for i := 0; i < T && i < len(qWords); i++ {
		a := qWords[i]
		if a < 0 || a >= n {
			continue
		}
		cnt[a]++
		row := p[i*S : (i+1)*S]
		for j := 0; j < S && j < len(kWords); j++ {
			if b := kWords[j]; b >= 0 && b < n {
				w[a][b] += float64(row[j])
			}
		}
	}
	for a := range w {
		if cnt[a] > 1 {
			for b := range w[a] {
				w[a][b] /= float64(cnt[a])
			}
		}
	}
	return w
}

func argmax64(row []float64) int {
	best, bi := math.Inf(-1), 0
	for i, v := range row {
		if v > best {
			best, bi = v, i
		}
	}
	return bi
}

// arc is one dependency arc between words (0-based).
type arc struct{ dep, head int }

// normRelation maps a relation label to the checked set ("" when not
// checked).
func normRelation(rel string) string {
	if rel == "dobj" {
		return "obj"
	}
	for _, r := range SyntacticRelations {
		if r == rel {
			return r
		}
	}
	return ""
}

// offsetCounts counts query→target offsets to find the best fixed-offset
// baseline of a relation and direction.
type offsetCounts map[int]int

// best returns the most frequent offset and its count (the smallest
// offset in absolute value, then the negative one, on ties).
func (o offsetCounts) best() (int, int) {
	bo, bc := 0, -1
	for off, c := range o {
		if c > bc || c == bc && (abs(off) < abs(bo) || abs(off) == abs(bo) && off < bo) {
			bo, bc = off, c
		}
	}
	if bc < 0 {
		bc = 0
	}
	return bo, bc
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
