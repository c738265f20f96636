package tokenize

// piece is one segment of the normalized text and its id.
type piece struct {
	text string
	id   int32
}

// oneCharLen is the length of the UTF-8 sequence that lead byte c starts,
// judged from c alone (as SentencePiece's OneCharLen).
func oneCharLen(c byte) int {
	switch c >> 4 {
	case 12, 13:
		return 2
	case 14:
		return 3
	case 15:
		return 4
	}
	return 1
}

// Encode returns the ids of text, exactly as spm_encode --output_format=id.
// It never fails; the error is there for the Tokenizer interface.
func (m *SentencePiece) Encode(text string) ([]int64, error) {
	ps := m.EncodePieces(text)
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids, nil
}

// Piece is one token of an encoding: its piece string and id. For an
// unknown token (no byte fallback) Text is the normalized text it covers,
// not the <unk> piece, as in spm_encode --output_format=piece.
type Piece struct {
	Text string
	ID   int64
}

// EncodePieces segments text: normalization, then the model's unigram or BPE
// segmentation, then the reference post-processing (runs of unknown pieces
// merged into one, or with byte fallback, unknown pieces spelled as
// <0xXX> byte pieces).
func (m *SentencePiece) EncodePieces(text string) []Piece {
	norm := m.norm.normalize(text)
	if norm == "" {
		return nil
	}
	var raw []piece
	if m.kind == kindUnigram {
		raw = m.encodeUnigram(norm)
	} else {
		raw = m.encodeBPE(norm)
	}
	out := make([]Piece, 0, len(raw))
	prevUnk := false
	for _, p := range raw {
		isUnk := m.types[p.id] == typeUnknown
		switch {
		case m.types[p.id] == typeControl:
			out = append(out, Piece{p.text, int64(p.id)})
		case isUnk && m.byteFallback:
			for i := 0; i < len(p.text); i++ {
				b := p.text[i]
				out = append(out, Piece{byteToPiece(b), int64(m.byteIDs[b])})
			}
		case isUnk && prevUnk:
			out[len(out)-1].Text += p.text
		default:
			out = append(out, Piece{p.text, int64(p.id)})
		}
		prevUnk = isUnk
	}
	return out
}

// encodeUnigram is the Viterbi segmentation over piece scores, walking the
// text one character at a time as SentencePiece's optimized unigram encoder
// does (same arithmetic precision, same tie-breaking: the first candidate
// found keeps a tie).
func (m *SentencePiece) encodeUnigram(norm string) []piece {
	type bestNode struct {
		id    int32
		score float32
		start int
	}
	n := len(norm)
	best := make([]bestNode, n+1)
	for i := range best {
		best[i] = bestNode{id: -1, start: -1}
	}
	unkScore := m.minScore - unkPenalty
	for start := 0; start < n; {
		till := best[start].score
		mblen := min(oneCharLen(norm[start]), n-start)
		single := false
		m.pieceTrie.prefixes(norm, start, func(end int, id int32) {
			t := m.types[id]
			if t == typeUnused {
				return
			}
			length := end - start
			// The reference mixes float and double here: the score is a
			// double, the running sum is stored as a float but compared as
			// a double.
			var score float64
			if t == typeUserDefined {
				score = float64(float32(length)*m.maxScore) - 0.1
			} else {
				score = float64(m.scores[id])
			}
			cand := score + float64(till)
			node := &best[end]
			if node.start == -1 || cand > float64(node.score) {
				*node = bestNode{id: id, score: float32(cand), start: start}
			}
			if length == mblen {
				single = true
			}
		})
		if !single {
			cand := unkScore + till
			node := &best[start+mblen]
			if node.start == -1 || cand > node.score {
				*node = bestNode{id: m.unk, score: cand, start: start}
			}
		}
		start += mblen
	}
	var out []piece
	for end := n; end > 0; {
		node := best[end]
		if node.start < 0 || node.start >= end {
			// Unreachable for well-formed input; a guard against looping.
			out = append(out, piece{norm[:end], m.unk})
			break
		}
		out = append(out, piece{norm[node.start:end], node.id})
		end = node.start
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// bpeSymbol is a symbol of the BPE working list: a span of the normalized
// text linked to its neighbours.
type bpeSymbol struct {
	prev, next int
	start, n   int // span in the text; n == 0 once merged away
	freeze     bool
}

type bpePair struct {
	left, right int
	score       float32
	size        int
}

// bpeAgenda is a binary heap of candidate merges that pops the
// best-scoring pair first, the leftmost on ties.
type bpeAgenda []bpePair

func (a bpeAgenda) before(i, j int) bool {
	if a[i].score != a[j].score {
		return a[i].score > a[j].score
	}
	return a[i].left < a[j].left
}

func (a *bpeAgenda) push(p bpePair) {
	*a = append(*a, p)
	h := *a
	for i := len(h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.before(i, parent) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
}

func (a *bpeAgenda) pop() bpePair {
	h := *a
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		best, l, r := i, 2*i+1, 2*i+2
		if l < len(h) && h.before(l, best) {
			best = l
		}
		if r < len(h) && h.before(r, best) {
			best = r
		}
		if best == i {
			break
		}
		h[i], h[best] = h[best], h[i]
		i = best
	}
	*a = h
	return top
}

// encodeBPE merges adjacent symbols, best-scoring merge first, as
// SentencePiece's BPE encoder does: characters (user-defined symbols whole
// and frozen) to start with, a merge allowed when the joined string is a
// piece, and pieces of type UNUSED split back into the pieces they were
// merged from.
func (m *SentencePiece) encodeBPE(norm string) []piece {
	var syms []bpeSymbol
	for i := 0; i < len(norm); {
		l, freeze := 0, false
		if m.norm.user != nil {
			if ul, _, ok := m.norm.user.longest(norm, i); ok {
				l, freeze = ul, true
			}
		}
		if l == 0 {
			l = min(oneCharLen(norm[i]), len(norm)-i)
		}
		idx := len(syms)
		s := bpeSymbol{prev: idx - 1, next: idx + 1, start: i, n: l, freeze: freeze}
		i += l
		if i >= len(norm) {
			s.next = -1
		}
		syms = append(syms, s)
	}
	if len(syms) == 0 {
		return nil
	}
	text := func(i int) string { return norm[syms[i].start : syms[i].start+syms[i].n] }
	var agenda bpeAgenda
	revMerge := map[string][2]string{}
	maybeAdd := func(left, right int) {
		if left == -1 || right == -1 || syms[left].freeze || syms[right].freeze {
			return
		}
		joined := norm[syms[left].start : syms[right].start+syms[right].n]
		id, ok := m.normal[joined]
		if !ok {
			return
		}
		agenda.push(bpePair{left: left, right: right, score: m.scores[id], size: len(joined)})
		if m.types[id] == typeUnused {
			revMerge[joined] = [2]string{text(left), text(right)}
		}
	}
	for i := 1; i < len(syms); i++ {
		maybeAdd(i-1, i)
	}
	for len(agenda) > 0 {
		top := agenda.pop()
		l, r := &syms[top.left], &syms[top.right]
		if l.n == 0 || r.n == 0 || l.n+r.n != top.size {
			continue // stale
		}
		l.n += r.n
		l.next = r.next
		if r.next >= 0 {
			syms[r.next].prev = top.left
		}
		r.n = 0
		maybeAdd(l.prev, top.left)
		maybeAdd(top.left, l.next)
	}
	var out []piece
	var resegment func(w string, depth int)
	resegment = func(w string, depth int) {
		id := m.pieceToID(w)
		if m.types[id] != typeUnused || depth > len(norm) {
			out = append(out, piece{w, id})
			return
		}
		p, ok := revMerge[w]
		if !ok {
			out = append(out, piece{w, id})
			return
		}
		resegment(p[0], depth+1)
		resegment(p[1], depth+1)
	}
	for i := 0; i != -1 && i < len(syms); i = syms[i].next {
		resegment(text(i), 0)
	}
	return out
}
