package attribution

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"onnxprune/attribution/conllu"
	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// ewtDev is UD English-EWT's development set, read from the shared data
// folder beside the repository (never copied into it).
const ewtDev = "../models/data/ud-ewt/en_ewt-ud-dev.conllu"

const (
	plantD, plantH, plantV = 20, 5, 512
	bos, eos               = 1, 2
	// plantBias is added to the planted attention scores; the unplanted
	// scores are of order one, so the planted key takes nearly all weight.
	plantBias = 30
	// conservationTol: the constructed model has no biases, so relevance
	// is conserved up to float32 rounding.
	conservationTol = 1e-3
)

// plantedModel builds a one-layer encoder-decoder with per-head
// projections and no biases (layer norms without β). The encoder's scores
// get the graph input plant/encoder [1,H,S,S] added before the Softmax.
func plantedModel(t *testing.T, seed uint64) *graphedit.Graph {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	b := graphedit.NewBuilder(17)
	src := b.Input("src_ids", onnxpb.TensorProto_INT64, 1, "S")
	tgt := b.Input("tgt_ids", onnxpb.TensorProto_INT64, 1, "T")
	plant := b.Input("plant/encoder", onnxpb.TensorProto_FLOAT, 1, plantH, "S", "S")
	nw := 0
	mat := func(m, n int, scale float64) *graphedit.Value {
		nw++
		v := make([]float32, m*n)
		for i := range v {
			v[i] = float32(r.NormFloat64() * scale)
		}
		return b.Float32("w"+strconv.Itoa(nw), []int64{int64(m), int64(n)}, v)
	}
	ones := make([]float32, plantD)
	for i := range ones {
		ones[i] = 1
	}
	gamma := b.Float32("gamma", []int64{plantD}, ones)
	split := b.Int64("split", []int64{4}, []int64{0, 0, plantH, plantD / plantH})
	merge := b.Int64("merge", []int64{3}, []int64{0, 0, -1})
	scale := b.Float32("scale", nil, []float32{float32(1 / math.Sqrt(plantD/plantH))})
	perm := graphedit.IntsAttr("perm", 0, 2, 1, 3)
	w := 1 / math.Sqrt(plantD)
	heads := func(x *graphedit.Value) *graphedit.Value {
		return b.Op("Transpose", b.Op("Reshape", b.Op("MatMul", x, mat(plantD, plantD, w)), split), perm)
	}
	attention := func(xq, xkv, bias *graphedit.Value) *graphedit.Value {
		q, k, v := heads(xq), heads(xkv), heads(xkv)
		s := b.Op("Mul", b.Op("MatMul", q, b.Op("Transpose", k, graphedit.IntsAttr("perm", 0, 1, 3, 2))), scale)
		if bias != nil {
			s = b.Op("Add", s, bias)
		}
		p := b.Op("Softmax", s, graphedit.IntAttr("axis", -1))
		ctx := b.Op("Reshape", b.Op("Transpose", b.Op("MatMul", p, v), perm), merge)
		o := b.Op("MatMul", ctx, mat(plantD, plantD, w))
		return b.Op("LayerNormalization", b.Op("Add", xq, o), gamma, graphedit.IntAttr("axis", -1))
	}
	xs := b.Op("Gather", mat(plantV, plantD, 1), src)
	mem := attention(xs, xs, plant)
	xt := b.Op("Gather", mat(plantV, plantD, 1), tgt)
	y := attention(attention(xt, xt, nil), mem, nil)
	logits := b.Op("MatMul", y, mat(plantD, plantV, w))
	b.Output(b.Op("Identity", logits))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	// Name the output "logits".
	return renameOutput(t, g, "logits")
}

func renameOutput(t *testing.T, g *graphedit.Graph, name string) *graphedit.Graph {
	t.Helper()
	out := g.Outputs()[0]
	p, _ := out.Producer()
	n, err := g.AddNode(graphedit.NodeSpec{OpType: "Identity", Inputs: []*graphedit.Value{p.Input(0)}, Outputs: []string{name}})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.AddOutput(n.Output(0)); err != nil {
		t.Fatal(err)
	}
	if err := g.RemoveOutput(out); err != nil {
		t.Fatal(err)
	}
	return g
}

// ewtExamples turns the first n trees of 10 to 25 words into examples:
// word ids from a vocabulary of the lower-cased forms (hashed past the
// model's vocabulary), EOS appended; the target is the source reversed.
func ewtExamples(t *testing.T, n int) ([]Example, map[int64]int) {
	t.Helper()
	sents, err := conllu.ReadFile(ewtDev)
	if err != nil {
		t.Fatalf("reading the shared UD English-EWT dev set: %v", err)
	}
	vocab := map[string]int64{}
	id := func(w string) int64 {
		w = strings.ToLower(w)
		if v, ok := vocab[w]; ok {
			return v
		}
		v := int64(3 + len(vocab)%(plantV-3))
		vocab[w] = v
		return v
	}
	var exs []Example
	freq := map[int64]int{}
	for _, s := range sents {
		if len(s.Words) < 10 || len(s.Words) > 25 {
			continue
		}
		var src []int64
		for _, w := range s.Words {
			src = append(src, id(w.Form))
		}
		tgt := slices.Clone(src)
		slices.Reverse(tgt)
		src = append(src, eos)
		for _, x := range src[:len(src)-1] {
			freq[x]++
		}
		exs = append(exs, Example{Src: src, DecIn: append([]int64{bos}, tgt...), Labels: append(tgt, eos), Tree: s})
		if len(exs) == n {
			break
		}
	}
	return exs, freq
}

// plantAttention fills plant/encoder: head 0 on the previous token (the
// first token on itself), head 1 from each nsubj dependent to its head
// (other tokens on themselves), head 2 on the sentence's least frequent
// token, head 3 from each word to its first obj dependent (others on
// themselves), head 4 nothing.
func plantAttention(ex *Example, freq map[int64]int) {
	S := len(ex.Src)
	bias := make([]float32, plantH*S*S)
	set := func(h, i, j int) { bias[(h*S+i)*S+j] = plantBias }
	rarest, best := 0, math.MaxInt
	for i, id := range ex.Src[:S-1] {
		if f := freq[id]; f < best {
			best, rarest = f, i
		}
	}
	for i := range S {
		set(0, i, max(i-1, 0))
		j := i
		if i < len(ex.Tree.Words) {
			if w := ex.Tree.Words[i]; w.Relation() == "nsubj" && w.Head > 0 {
				j = w.Head - 1
			}
		}
		set(1, i, j)
		set(2, i, rarest)
		j = i
		if i < len(ex.Tree.Words) {
			for _, w := range ex.Tree.Words {
				if w.Relation() == "obj" && w.Head == i+1 {
					j = w.ID - 1
					break
				}
			}
		}
		set(3, i, j)
	}
	ex.Feeds = map[string]*ortrun.Tensor{"plant/encoder": ortrun.NewF32([]int64{1, plantH, int64(S), int64(S)}, bias)}
}

func headByName(t *testing.T, rep *Report, name string) HeadReport {
	t.Helper()
	for _, h := range rep.Heads {
		if h.Name == name {
			return h
		}
	}
	t.Fatalf("no head %s in the report", name)
	return HeadReport{}
}

func TestPlantedRoles(t *testing.T) {
	g := plantedModel(t, 11)
	a, err := New(g, nil, graphedit.IORoles{}, ortrun.Options{IntraOpThreads: 1}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	exs, freq := ewtExamples(t, 60)
	for i := range exs {
		plantAttention(&exs[i], freq)
	}
	cfg := DefaultConfig()
	cfg.EOS, cfg.Specials, cfg.Freq = eos, []int64{bos}, freq
	rep, err := a.Analyze(context.Background(), exs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Examples != len(exs) || len(rep.Heads) != 3*plantH {
		t.Fatalf("%d examples, %d heads; want %d and %d", rep.Examples, len(rep.Heads), len(exs), 3*plantH)
	}
	pos := headByName(t, rep, "encoder:0:0")
	if pos.Positional == nil || pos.Positional.Offset != -1 || pos.Positional.Fraction < cfg.PositionalMin || !slices.Contains(pos.Roles, "positional(-1)") {
		t.Errorf("planted previous-token head: %+v roles %v", pos.Positional, pos.Roles)
	}
	if pos.Confidence == nil || *pos.Confidence < 0.99 {
		t.Errorf("planted head confidence %v, want ≥ 0.99", pos.Confidence)
	}
	syn := headByName(t, rep, "encoder:0:1")
	if !slices.Contains(syn.Roles, "syntactic(nsubj dep->head)") {
		t.Errorf("planted nsubj head roles %v, scores %+v", syn.Roles, syn.Syntactic)
	}
	if slices.Contains(pos.Roles, "syntactic(nsubj dep->head)") {
		t.Errorf("the previous-token head is called syntactic for nsubj: the baseline does not work (%+v)", pos.Syntactic)
	}
	rare := headByName(t, rep, "encoder:0:2")
	if rare.RareWord == nil || *rare.RareWord < 0.99 || !slices.Contains(rare.Roles, "rare-word") {
		t.Errorf("planted rare-word head: %v roles %v", rare.RareWord, rare.Roles)
	}
	obj := headByName(t, rep, "encoder:0:3")
	if !slices.Contains(obj.Roles, "syntactic(obj head->dep)") {
		t.Errorf("planted obj head->dep head roles %v, scores %+v", obj.Roles, obj.Syntactic)
	}
	free := headByName(t, rep, "encoder:0:4")
	for _, r := range free.Roles {
		if strings.HasPrefix(r, "positional") || r == "syntactic(nsubj dep->head)" || r == "rare-word" {
			t.Errorf("unplanted head got role %s", r)
		}
	}
	for _, c := range rep.Conservation {
		t.Logf("conservation at %s: mean %.6f min %.6f max %.6f (%d biases)", c.Cut, c.MeanRatio, c.MinRatio, c.MaxRatio, c.Biases)
		if !(c.MaxLeak <= conservationTol) || c.Biases != 0 {
			t.Errorf("relevance at %s is %.6f..%.6f of the target, want within %g", c.Cut, c.MinRatio, c.MaxRatio, conservationTol)
		}
	}
	for _, h := range rep.Heads {
		t.Logf("%s relevance %.3f importance %.3f roles %v", h.Name, h.Relevance, h.Importance, h.Roles)
	}
	if len(rep.Conservation) < 3 {
		t.Errorf("only %d conservation cuts", len(rep.Conservation))
	}
}
