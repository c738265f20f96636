package gatetrain

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// distillRig holds, for the planted fixture, the training graph with the
// distillation term, the same graph without it (the KL term's gradient is
// the difference of theirs), and the teacher, with one dev batch.
type distillRig struct {
	d        Distill
	with     *ortrun.Session
	without  *ortrun.Session
	teacher  *teacher
	tg       *TrainGraph
	batch    *Batch
	weight   string
	original []float32
}

func newDistillRig(t *testing.T, d Distill) *distillRig {
	t.Helper()
	info, _, dev := readPlanted(t)
	dir := t.TempDir()
	so := ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1}
	// The decoder's embedding trains jointly: its gradient is checked too.
	const weight = "m.tgt_embed.weight"
	build := func(d Distill, name string) (*TrainGraph, *ortrun.Session) {
		g := loadFixture(t, filepath.Join(plantedDir, "planted.onnx"))
		tg, err := BuildTrainGraphWith(g, TrainGraphOptions{Weights: []string{weight}, Distill: d})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := saveGraph(nil, name, tg.Graph, path); err != nil {
			t.Fatal(err)
		}
		s, err := ortrun.NewSession(path, so)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return tg, s
	}
	tg, with := build(d, "with.onnx")
	_, without := build(Distill{}, "without.onnx")
	tgraph := loadFixture(t, filepath.Join(plantedDir, "planted.onnx"))
	if err := BuildTeacherGraph(tgraph, tg.Roles, d.Temperature); err != nil {
		t.Fatal(err)
	}
	tpath := filepath.Join(dir, TeacherGraphFile)
	if err := saveGraph(nil, "teacher", tgraph, tpath); err != nil {
		t.Fatal(err)
	}
	ts, err := ortrun.NewSession(tpath, so)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ts.Close() })
	bt := &Batcher{Corpus: dev, Specials: tokenize.Specials{Pad: info.Pad, DecoderStart: info.BOS, Eos: info.EOS}, MaxTokens: 512, Window: 1000}
	batches, err := bt.Epoch(0)
	if err != nil {
		t.Fatal(err)
	}
	return &distillRig{d: d, with: with, without: without, teacher: &teacher{run: ts, gates: tg.Gates, roles: tg.Roles},
		tg: tg, batch: bt.Batch(batches[0]), weight: weight, original: tg.WeightValues[0]}
}

// eval runs both training graphs at the gates and the weight and returns
// the KL term and its gradients with respect to the gates and the weight
// (the distilling graph's gradient minus the plain one's, over α·T²).
func (r *distillRig) eval(t *testing.T, gates []float32, w []float32) (kl float64, dGates, dWeight []float64) {
	t.Helper()
	probs, entropy, err := r.teacher.probs(r.batch)
	if err != nil {
		t.Fatal(err)
	}
	feeds := func(withTeacher bool) map[string]*ortrun.Tensor {
		in := map[string]*ortrun.Tensor{}
		r.batch.feedModel(r.tg.Roles, in)
		for _, g := range r.tg.Gates {
			in[g.Name] = ortrun.NewF32([]int64{int64(g.Heads)}, gates[g.Offset:g.Offset+g.Heads])
		}
		in[r.weight] = ortrun.NewF32(r.tg.WeightShapes[0], w)
		if withTeacher {
			in[TeacherProbs] = probs
		}
		return in
	}
	var outs []string
	for _, g := range r.tg.Gates {
		outs = append(outs, GradName(g.Name))
	}
	outs = append(outs, GradName(r.weight))
	a, err := r.with.Run(feeds(true), append([]string{DistillCEOutput}, outs...))
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.without.Run(feeds(false), outs)
	if err != nil {
		t.Fatal(err)
	}
	kl = float64(a[DistillCEOutput].F32[0]) - entropy
	scale := r.d.Weight()
	for _, g := range r.tg.Gates {
		ga, gb := a[GradName(g.Name)].F32, b[GradName(g.Name)].F32
		for h := range ga {
			dGates = append(dGates, (float64(ga[h])-float64(gb[h]))/scale)
		}
	}
	wa, wb := a[GradName(r.weight)].F32, b[GradName(r.weight)].F32
	for i := range wa {
		dWeight = append(dWeight, (float64(wa[i])-float64(wb[i]))/scale)
	}
	return kl, dGates, dWeight
}

func (r *distillRig) numGates() int {
	n := 0
	for _, g := range r.tg.Gates {
		n += g.Heads
	}
	return n
}

// Float32 sums over a batch's vocabulary leave about 1e-6 of rounding in
// the KL term and its gradients where they are exactly 0.
const klZeroTol = 1e-5

// With every gate open and the weights unchanged the student is the
// teacher: the KL term and its gradients vanish.
func TestDistillKLZeroWhenStudentIsTeacher(t *testing.T) {
	r := newDistillRig(t, Distill{Alpha: 1, Temperature: 2})
	ones := make([]float32, r.numGates())
	for i := range ones {
		ones[i] = 1
	}
	kl, dg, dw := r.eval(t, ones, r.original)
	if math.Abs(kl) > klZeroTol {
		t.Errorf("KL at the teacher = %g, want 0", kl)
	}
	for i, v := range append(dg, dw...) {
		if math.Abs(v) > klZeroTol {
			t.Fatalf("KL gradient %d at the teacher = %g, want 0", i, v)
		}
	}
}

// Central differences: h small enough that the third-order term stays
// under the tolerance (h = 1e-2 was off by 8% on a gate), large enough for
// float32 forward passes; the tolerance is relative (absolute below 1e-2).
const (
	klStep   = 2e-3
	klGradTo = 3e-2
)

// The KL term's gradient with respect to a gate and a weight element is
// its central difference, away from the teacher (gates partly closed).
func TestDistillKLGradientMatchesCentralDifferences(t *testing.T) {
	r := newDistillRig(t, Distill{Alpha: 0.5, Temperature: 2})
	rng := rand.New(rand.NewPCG(21, 1))
	gates := make([]float32, r.numGates())
	for i := range gates {
		gates[i] = float32(0.3 + 0.6*rng.Float64())
	}
	kl, dg, dw := r.eval(t, gates, r.original)
	if kl <= klZeroTol {
		t.Fatalf("KL with gates partly closed = %g, want > 0", kl)
	}
	at := func(g, w []float32) float64 {
		v, _, _ := r.eval(t, g, w)
		return v
	}
	for _, i := range []int{0, 5, 9} {
		p, m := append([]float32(nil), gates...), append([]float32(nil), gates...)
		p[i] += klStep
		m[i] -= klStep
		num := (at(p, r.original) - at(m, r.original)) / (2 * klStep)
		t.Logf("gate %d: analytic %.6g, central difference %.6g", i, dg[i], num)
		if math.Abs(num-dg[i]) > klGradTo*math.Max(math.Abs(num), 1e-2) {
			t.Errorf("gate %d: analytic %g, central difference %g", i, dg[i], num)
		}
	}
	// The weight element with the largest gradient.
	j := 0
	for i := range dw {
		if math.Abs(dw[i]) > math.Abs(dw[j]) {
			j = i
		}
	}
	p, m := append([]float32(nil), r.original...), append([]float32(nil), r.original...)
	p[j] += klStep
	m[j] -= klStep
	num := (at(gates, p) - at(gates, m)) / (2 * klStep)
	t.Logf("weight %s[%d]: analytic %.6g, central difference %.6g", r.weight, j, dw[j], num)
	if math.Abs(num-dw[j]) > klGradTo*math.Max(math.Abs(num), 1e-2) {
		t.Errorf("weight %s[%d]: analytic %g, central difference %g", r.weight, j, dw[j], num)
	}
}

// The teacher graph keeps the model's inputs and gives the probabilities
// and the entropy per position only.
func TestTeacherGraphOutputs(t *testing.T) {
	g := loadFixture(t, filepath.Join(plantedDir, "planted.onnx"))
	roles, err := DetectRoles(g, graphedit.IORoles{})
	if err != nil {
		t.Fatal(err)
	}
	if err := BuildTeacherGraph(g, roles, 1); err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, o := range g.Outputs() {
		outs = append(outs, o.Name())
	}
	if len(outs) != 2 || outs[0] != TeacherProbs || outs[1] != TeacherEntropy {
		t.Errorf("teacher outputs %v", outs)
	}
}
