package attribution

import (
	"fmt"
	"math"
	"sort"

	"onnxprune/graphedit/heads"
)

// Config sets what counts as a special token and the role thresholds.
type Config struct {
	// EOS is the end-of-sentence id, left out of confidence and roles
	// (−1: none).
	EOS int64 `json:"eos"`
	// Specials are further ids left out of roles (BOS, pad).
	Specials []int64 `json:"specials,omitempty"`
	// Freq gives token frequencies for the rare-word role (from a corpus);
	// nil leaves the role out. It is not written to JSON.
	Freq map[int64]int `json:"-"`
	// PositionalMin is the share of tokens whose maximum weight must fall
	// on the same relative position for a positional head.
	PositionalMin float64 `json:"positional_min"`
	// SyntacticMargin is how far (a fraction, 0.10 = 10 points) a head's
	// accuracy on a relation must beat the best fixed-offset baseline.
	SyntacticMargin float64 `json:"syntactic_margin"`
	// MinArcs is the least number of arcs a relation and direction needs
	// before a head can be called syntactic for it.
	MinArcs int `json:"min_arcs"`
	// RareWordMin is the share of tokens whose maximum weight must fall on
	// the sentence's least frequent token for a rare-word head.
	RareWordMin float64 `json:"rare_word_min"`
}

// DefaultConfig returns the paper's thresholds: 90% positional, 10 points
// over the positional baseline, and rare-word heads at 50%.
func DefaultConfig() Config {
	return Config{EOS: -1, PositionalMin: 0.9, SyntacticMargin: 0.10, MinArcs: 10, RareWordMin: 0.5}
}

// Positional is a head's most frequent relative position of its maximum
// weight, over its queries.
type Positional struct {
	// Offset is the most frequent j − i; Fraction the share of the Tokens
	// counted queries whose maximum weight sits at that offset.
	Offset   int     `json:"offset"`
	Fraction float64 `json:"fraction"`
	Tokens   int     `json:"tokens"`
}

// Syntactic is a head's accuracy on one relation and direction: how often
// its maximum weight (word level) lands on the other end of the arc,
// against the best fixed-offset baseline on the same arcs.
type Syntactic struct {
	// Relation is the dependency relation and Direction DepToHead or
	// HeadToDep; Accuracy is the head's share of the Arcs arcs, Baseline
	// the share of the best fixed word offset BaselineOffset.
	Relation       string  `json:"relation"`
	Direction      string  `json:"direction"`
	Accuracy       float64 `json:"accuracy"`
	Baseline       float64 `json:"baseline"`
	BaselineOffset int     `json:"baseline_offset"`
	Arcs           int     `json:"arcs"`
}

// HeadReport is every measure of one head.
type HeadReport struct {
	// Name is `KIND:LAYER:HEAD`, repeated in Kind, Layer and Head.
	Name  string     `json:"name"`
	Kind  heads.Kind `json:"kind"`
	Layer int        `json:"layer"`
	Head  int        `json:"head"`
	// Relevance is the mean over examples of g·∂R/∂g (LRP, top-1 logit)
	// divided by the sum of the absolute values over the heads of its
	// layer; RelevanceRaw is the mean before normalising.
	Relevance    float64 `json:"relevance"`
	RelevanceRaw float64 `json:"relevance_raw"`
	// Rank orders all heads by Relevance, 1 the most relevant.
	Rank int `json:"rank"`
	// Importance is Michel et al.'s mean |∂L/∂g| divided by the L2 norm
	// over the layer's heads; ImportanceRaw before normalising.
	Importance    float64 `json:"importance"`
	ImportanceRaw float64 `json:"importance_raw"`
	// Confidence is the mean maximum attention weight over queries that
	// are not EOS (absent when the attention is not visible).
	Confidence *float64    `json:"confidence,omitempty"`
	Positional *Positional `json:"positional,omitempty"`
	Syntactic  []Syntactic `json:"syntactic,omitempty"`
	// RareWord is the share of queries whose maximum weight falls on the
	// sentence's least frequent token.
	RareWord *float64 `json:"rare_word,omitempty"`
	// Roles names the roles found: "positional(-1)",
	// "syntactic(nsubj dep->head)", "rare-word".
	Roles []string `json:"roles,omitempty"`
	// Kept says whether a pruning decision keeps the head (CompareKeep).
	Kept *bool `json:"kept,omitempty"`
}

// CutConservation is the relevance at one cut over the target, over
// examples.
type CutConservation struct {
	// Cut is the cut's name (Cut.Name); MeanRatio, MinRatio and MaxRatio
	// summarize the relevance at the cut over the target, per example.
	Cut       string  `json:"cut"`
	MeanRatio float64 `json:"mean_ratio"`
	MinRatio  float64 `json:"min_ratio"`
	MaxRatio  float64 `json:"max_ratio"`
	// MaxLeak is the largest |1 − ratio| over examples.
	MaxLeak float64 `json:"max_leak"`
	// Biases is the number of constant addends (biases, LayerNorm β)
	// behind the cut; BiasShare the mean share of the target they absorbed.
	Biases    int     `json:"biases"`
	BiasShare float64 `json:"bias_share"`
	// MaxResidual is the largest |1 − (relevance + absorbed)/target|: what
	// no rule accounts for (float rounding when the rules conserve).
	MaxResidual float64 `json:"max_residual"`
}

// Report is the result of an analysis.
type Report struct {
	// Examples is the number of examples analyzed; Partial is set when the
	// analysis was cancelled before the last one.
	Examples int  `json:"examples"`
	Partial  bool `json:"partial,omitempty"`
	// MeanLoss and MeanTarget average the loss and the summed top-1 logits.
	MeanLoss     float64           `json:"mean_loss"`
	MeanTarget   float64           `json:"mean_target"`
	Conservation []CutConservation `json:"conservation"`
	Config       Config            `json:"config"`
	// Pruning compares the heads a pruning decision keeps and removes
	// (CompareKeep), when one was given.
	Pruning *KeepComparison `json:"pruning,omitempty"`
	// Heads lists every head, block by block in Graph.Blocks order.
	Heads []HeadReport `json:"heads"`
	// Units lists every FFN neuron (or group) and sublayer when the
	// analysis gated them (Options.Structures), in Graph.Units order.
	Units []UnitReport `json:"units,omitempty"`
}

type synKey struct{ rel, dir string }

type headAcc struct {
	relNorm, relRaw, grad float64
	nRel                  int
	conf                  float64
	nConf                 int
	offsets               offsetCounts
	nPos                  int
	synHits               map[synKey]int
	rareHits, nRare       int
}

type accumulator struct {
	g        *Graph
	cfg      Config
	heads    [][]*headAcc
	n        int
	loss     float64
	target   float64
	ratios   [][]float64
	shares   [][]float64
	synArcs  map[synKey]int
	baseline map[synKey]offsetCounts
	special  map[int64]bool
	units    *unitAcc
}

func newAccumulator(g *Graph, cfg Config) *accumulator {
	a := &accumulator{g: g, cfg: cfg, synArcs: map[synKey]int{}, baseline: map[synKey]offsetCounts{}, special: map[int64]bool{}, units: newUnitAcc(g.Units)}
	for _, b := range g.Blocks {
		var hs []*headAcc
		for range b.Heads {
			hs = append(hs, &headAcc{offsets: offsetCounts{}, synHits: map[synKey]int{}})
		}
		a.heads = append(a.heads, hs)
	}
	a.ratios = make([][]float64, len(g.Cuts))
	a.shares = make([][]float64, len(g.Cuts))
	if cfg.EOS >= 0 {
		a.special[cfg.EOS] = true
	}
	for _, s := range cfg.Specials {
		a.special[s] = true
	}
	return a
}

// notAToken stands for a source position of a features source: no token,
// so neither special nor EOS.
const notAToken = math.MinInt64

// featurePositions returns a notAToken id per encoder position of a
// features example: the key length of its encoder (or cross) attention.
func featurePositions(blocks []BlockInfo, r *Result) []int64 {
	s := 0
	for bi, b := range blocks {
		if b.Kind != heads.KindDecoder && r.Probs[bi] != nil {
			s = r.S[bi]
			break
		}
	}
	pos := make([]int64, s)
	for i := range pos {
		pos[i] = notAToken
	}
	return pos
}

// words returns the word of each source position and the number of words.
func (a *accumulator) words(ex Example) ([]int, int) {
	if ex.SrcWords != nil {
		n := 0
		for _, w := range ex.SrcWords {
			if w+1 > n {
				n = w + 1
			}
		}
		return ex.SrcWords, n
	}
	w := make([]int, len(ex.Src))
	n := 0
	for i, id := range ex.Src {
		if a.special[id] {
			w[i] = -1
			continue
		}
		w[i] = n
		n++
	}
	return w, n
}

func (a *accumulator) add(ex Example, r *Result) error {
	if err := a.units.add(r); err != nil {
		return err
	}
	a.n++
	a.loss += r.Loss
	a.target += r.Target
	for i, v := range r.Cuts {
		if r.Target != 0 {
			a.ratios[i] = append(a.ratios[i], v/r.Target)
			a.shares[i] = append(a.shares[i], r.Absorbed[i]/r.Target)
		}
	}
	words, nWords := a.words(ex)
	if len(words) != len(ex.Src) {
		return fmt.Errorf("attribution: %d word indices for %d source tokens", len(words), len(ex.Src))
	}
	// Arcs of the tree, by relation, counted once per example for the
	// baselines.
	arcs := map[string][]arc{}
	if ex.Tree != nil {
		if len(ex.Tree.Words) != nWords && ex.SrcWords == nil {
			return fmt.Errorf("attribution: tree has %d words, source %d", len(ex.Tree.Words), nWords)
		}
		present := make([]bool, len(ex.Tree.Words))
		for _, w := range words {
			if w >= 0 && w < len(present) {
				present[w] = true
			}
		}
		for _, w := range ex.Tree.Words {
			rel := normRelation(w.Relation())
			if rel == "" || w.Head == 0 || !present[w.ID-1] || !present[w.Head-1] {
				continue
			}
			ar := arc{dep: w.ID - 1, head: w.Head - 1}
			arcs[rel] = append(arcs[rel], ar)
			for _, d := range []struct {
				dir     string
				q, want int
			}{{DepToHead, ar.dep, ar.head}, {HeadToDep, ar.head, ar.dep}} {
				k := synKey{rel, d.dir}
				a.synArcs[k]++
				if a.baseline[k] == nil {
					a.baseline[k] = offsetCounts{}
				}
				a.baseline[k][d.want-d.q]++
			}
		}
	}
	// The source positions: token ids, or for features the encoder's
	// positions, none of them special.
	src := ex.Src
	if ex.Feat != nil {
		src = featurePositions(a.g.Blocks, r)
	}
	rarest := -1
	if a.cfg.Freq != nil {
		best := math.MaxInt
		for i, id := range ex.Src {
			if a.special[id] {
				continue
			}
			if f := a.cfg.Freq[id]; f < best {
				best, rarest = f, i
			}
		}
	}
	for bi, b := range a.g.Blocks {
		// Relevance normalised over the layer's heads.
		var tot float64
		for _, v := range r.Rel[bi] {
			tot += math.Abs(v)
		}
		for h, st := range a.heads[bi] {
			st.relRaw += r.Rel[bi][h]
			st.grad += math.Abs(r.Grad[bi][h])
			if tot > 0 {
				st.relNorm += r.Rel[bi][h] / tot
				st.nRel++
			}
		}
		p := r.Probs[bi]
		if p == nil {
			continue
		}
		T, S := r.T[bi], r.S[bi]
		var qIDs, kIDs []int64
		switch b.Kind {
		case heads.KindEncoder:
			qIDs, kIDs = src, src
		case heads.KindDecoder:
			qIDs, kIDs = ex.DecIn, ex.DecIn
		default:
			qIDs, kIDs = ex.DecIn, src
		}
		if T != len(qIDs) || S != len(kIDs) {
			return fmt.Errorf("attribution: attention of %s is %dx%d, tokens %dx%d", b.Name, T, S, len(qIDs), len(kIDs))
		}
		for h, st := range a.heads[bi] {
			ph := p[h*T*S : (h+1)*T*S]
			for i := 0; i < T; i++ {
				if qIDs[i] == a.cfg.EOS {
					continue
				}
				row := ph[i*S : (i+1)*S]
				j := argmax(row)
				st.conf += float64(row[j])
				st.nConf++
				if b.Kind == heads.KindCross || a.special[qIDs[i]] || a.special[kIDs[j]] {
					continue
				}
				st.offsets[j-i]++
				st.nPos++
				if b.Kind == heads.KindEncoder && rarest >= 0 {
					st.nRare++
					if j == rarest {
						st.rareHits++
					}
				}
			}
			if b.Kind != heads.KindEncoder || len(arcs) == 0 {
				continue
			}
			wa := wordAttention(ph, T, S, words, words, nWords)
			for rel, as := range arcs {
				for _, ar := range as {
					if argmax64(wa[ar.dep]) == ar.head {
						st.synHits[synKey{rel, DepToHead}]++
					}
					if argmax64(wa[ar.head]) == ar.dep {
						st.synHits[synKey{rel, HeadToDep}]++
					}
				}
			}
		}
	}
	return nil
}

func (a *accumulator) report() *Report {
	rep := &Report{Examples: a.n, Config: a.cfg, Units: a.units.report(a.g.Units, a.n)}
	if a.n > 0 {
		rep.MeanLoss = a.loss / float64(a.n)
		rep.MeanTarget = a.target / float64(a.n)
	}
	for i, c := range a.g.Cuts {
		cc := CutConservation{Cut: c.Name, MinRatio: math.Inf(1), MaxRatio: math.Inf(-1), Biases: c.Biases}
		for k, r := range a.ratios[i] {
			cc.BiasShare += a.shares[i][k]
			cc.MaxResidual = math.Max(cc.MaxResidual, math.Abs(1-r-a.shares[i][k]))
			cc.MeanRatio += r
			cc.MinRatio = math.Min(cc.MinRatio, r)
			cc.MaxRatio = math.Max(cc.MaxRatio, r)
			cc.MaxLeak = math.Max(cc.MaxLeak, math.Abs(1-r))
		}
		if n := len(a.ratios[i]); n > 0 {
			cc.MeanRatio /= float64(n)
			cc.BiasShare /= float64(n)
			rep.Conservation = append(rep.Conservation, cc)
		}
	}
	for bi, b := range a.g.Blocks {
		var norm float64
		for _, st := range a.heads[bi] {
			m := st.grad / math.Max(1, float64(a.n))
			norm += m * m
		}
		norm = math.Sqrt(norm)
		for h, st := range a.heads[bi] {
			hr := HeadReport{Name: heads.HeadName(b.Kind, b.Layer, h), Kind: b.Kind, Layer: b.Layer, Head: h}
			if st.nRel > 0 {
				hr.Relevance = st.relNorm / float64(st.nRel)
			}
			if a.n > 0 {
				hr.RelevanceRaw = st.relRaw / float64(a.n)
				hr.ImportanceRaw = st.grad / float64(a.n)
			}
			if norm > 0 {
				hr.Importance = hr.ImportanceRaw / norm
			}
			if st.nConf > 0 {
				c := st.conf / float64(st.nConf)
				hr.Confidence = &c
			}
			if st.nPos > 0 && b.Kind != heads.KindCross {
				off, c := st.offsets.best()
				hr.Positional = &Positional{Offset: off, Fraction: float64(c) / float64(st.nPos), Tokens: st.nPos}
				if off != 0 && hr.Positional.Fraction >= a.cfg.PositionalMin {
					hr.Roles = append(hr.Roles, fmt.Sprintf("positional(%+d)", off))
				}
			}
			if b.Kind == heads.KindEncoder {
				for _, rel := range SyntacticRelations {
					for _, dir := range []string{DepToHead, HeadToDep} {
						k := synKey{rel, dir}
						n := a.synArcs[k]
						if n == 0 {
							continue
						}
						off, c := a.baseline[k].best()
						s := Syntactic{Relation: rel, Direction: dir, Arcs: n, Accuracy: float64(st.synHits[k]) / float64(n),
							Baseline: float64(c) / float64(n), BaselineOffset: off}
						hr.Syntactic = append(hr.Syntactic, s)
						if n >= a.cfg.MinArcs && s.Accuracy-s.Baseline >= a.cfg.SyntacticMargin {
							hr.Roles = append(hr.Roles, fmt.Sprintf("syntactic(%s %s)", rel, dir))
						}
					}
				}
				if st.nRare > 0 {
					f := float64(st.rareHits) / float64(st.nRare)
					hr.RareWord = &f
					if f >= a.cfg.RareWordMin {
						hr.Roles = append(hr.Roles, "rare-word")
					}
				}
			}
			rep.Heads = append(rep.Heads, hr)
		}
	}
	idx := make([]int, len(rep.Heads))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(x, y int) bool { return rep.Heads[idx[x]].Relevance > rep.Heads[idx[y]].Relevance })
	for r, i := range idx {
		rep.Heads[i].Rank = r + 1
	}
	return rep
}
