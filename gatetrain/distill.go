package gatetrain

import (
	"fmt"
	"math"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// Distill sets up distillation from the dense model: the loss gains
// Alpha·T²·KL(p_dense ‖ p_student), the KL divergence of the student's
// output distribution from the dense model's, both at temperature T, per
// target position (padding excluded), averaged over the batch's target
// tokens. The dense model is the input model with every gate open and its
// original weights (Hinton et al. 2015; CoFi's layer-free variant).
type Distill struct {
	// Alpha weighs the term (0: no distillation).
	Alpha float64
	// Temperature is T (> 0; 1 compares the distributions as they are).
	Temperature float64
}

// On reports whether the distillation term is in the loss.
func (d Distill) On() bool { return d.Alpha > 0 }

// Validate checks α ≥ 0 and T > 0, both finite.
func (d Distill) Validate() error {
	if !(d.Alpha >= 0) || math.IsInf(d.Alpha, 0) {
		return fmt.Errorf("gatetrain: distillation weight %g must be a finite number ≥ 0", d.Alpha)
	}
	if d.On() && (!(d.Temperature > 0) || math.IsInf(d.Temperature, 0)) {
		return fmt.Errorf("gatetrain: distillation temperature %g must be a finite number > 0", d.Temperature)
	}
	return nil
}

// Weight returns α·T², the factor of the KL divergence in the loss (T²
// keeps the gradient's scale independent of T).
func (d Distill) Weight() float64 { return d.Alpha * d.Temperature * d.Temperature }

// Names of the distillation values: the training graph's input of the
// dense model's probabilities at temperature T and its output of their
// cross-entropy with the student's; the teacher graph's outputs are the
// probabilities (same name as the input they feed) and each position's
// entropy.
const (
	TeacherProbs      = "teacher_probs"
	TeacherEntropy    = "teacher_entropy"
	DistillCEOutput   = "distill_ce"
	TeacherGraphFile  = "teacher_graph.onnx"
	objectiveName     = "train/objective"
	teacherNamePrefix = "teacher/"
)

// addDistillLoss adds the teacher probabilities input (the logits' shape)
// and the soft cross-entropy of the logits against it, and returns the
// objective CE + α·T²·soft CE whose gradients training takes.
func addDistillLoss(g *graphedit.Graph, logits, labels, ce *graphedit.Value, d Distill) (*graphedit.Value, *graphedit.Value, error) {
	probs, err := g.AddInput(TeacherProbs, graphedit.ElemFloat32, logits.Shape())
	if err != nil {
		return nil, nil, fmt.Errorf("gatetrain: teacher input: %w", err)
	}
	soft, err := autodiff.SoftCrossEntropy(g, logits, probs, labels, autodiff.SoftCrossEntropyOptions{Temperature: d.Temperature, PadID: LabelPad, Name: DistillCEOutput})
	if err != nil {
		return nil, nil, fmt.Errorf("gatetrain: distillation loss: %w", err)
	}
	w, err := g.AddInitializer(onnxio.NewFloat32(g.FreshName("train/distill_weight"), []int64{}, []float32{float32(d.Weight())}))
	if err != nil {
		return nil, nil, fmt.Errorf("gatetrain: distillation weight: %w", err)
	}
	scaled, err := addNode(g, "Mul", soft, w)
	if err != nil {
		return nil, nil, err
	}
	obj, err := g.AddNode(graphedit.NodeSpec{OpType: "Add", Name: g.FreshName(objectiveName), Inputs: []*graphedit.Value{ce, scaled}, Outputs: []string{g.FreshName(objectiveName)}})
	if err != nil {
		return nil, nil, fmt.Errorf("gatetrain: objective: %w", err)
	}
	return obj.Output(0), soft, nil
}

// addNode adds a one-output node with fresh names under teacher/ or train/.
func addNode(g *graphedit.Graph, op string, ins ...*graphedit.Value) (*graphedit.Value, error) {
	return addNodeAttrs(g, op, nil, ins...)
}

func addNodeAttrs(g *graphedit.Graph, op string, attrs []*graphedit.Attribute, ins ...*graphedit.Value) (*graphedit.Value, error) {
	n, err := g.AddNode(graphedit.NodeSpec{OpType: op, Name: g.FreshName("distill/" + op), Inputs: ins, Outputs: []string{g.FreshName("distill/" + op)}, Attrs: attrs})
	if err != nil {
		return nil, fmt.Errorf("gatetrain: distillation graph: %s: %w", op, err)
	}
	return n.Output(0), nil
}

// BuildTeacherGraph turns a gated model graph (a copy: g is changed) into
// the dense teacher's forward graph: its outputs become the probabilities
// softmax(logits/T) (TeacherProbs, the logits' shape) and their entropy
// per position (TeacherEntropy, [B, T]), Σ −p·log p with 0·log 0 = 0. Its
// inputs are the model's and the gates, which the caller feeds with ones:
// every gate open and the stored weights make it the unpruned model.
func BuildTeacherGraph(g *graphedit.Graph, roles graphedit.IORoles, temperature float64) error {
	logits := g.Value(roles.Logits)
	if logits == nil {
		return fmt.Errorf("gatetrain: teacher: no logits output %q", roles.Logits)
	}
	z := logits
	var err error
	if temperature != 1 {
		t, err := g.AddInitializer(onnxio.NewFloat32(g.FreshName("distill/temperature"), []int64{}, []float32{float32(temperature)}))
		if err != nil {
			return fmt.Errorf("gatetrain: teacher: %w", err)
		}
		if z, err = addNode(g, "Div", logits, t); err != nil {
			return err
		}
	}
	axis := []*graphedit.Attribute{graphedit.IntAttr("axis", -1)}
	sm, err := g.AddNode(graphedit.NodeSpec{OpType: "Softmax", Name: g.FreshName("distill/Softmax"), Inputs: []*graphedit.Value{z}, Outputs: []string{TeacherProbs}, Attrs: axis})
	if err != nil {
		return fmt.Errorf("gatetrain: teacher: %w", err)
	}
	p := sm.Output(0)
	logp, err := addNodeAttrs(g, "LogSoftmax", axis, z)
	if err != nil {
		return err
	}
	plogp, err := addNode(g, "Mul", p, logp)
	if err != nil {
		return err
	}
	zero, err := g.AddInitializer(onnxio.NewFloat32(g.FreshName("distill/zero"), []int64{}, []float32{0}))
	if err != nil {
		return fmt.Errorf("gatetrain: teacher: %w", err)
	}
	pos, err := addNode(g, "Greater", p, zero)
	if err != nil {
		return err
	}
	safe, err := addNode(g, "Where", pos, plogp, zero)
	if err != nil {
		return err
	}
	axes, err := g.AddInitializer(onnxio.NewInt64(g.FreshName("distill/axes"), []int64{1}, []int64{-1}))
	if err != nil {
		return fmt.Errorf("gatetrain: teacher: %w", err)
	}
	keep := []*graphedit.Attribute{graphedit.IntAttr("keepdims", 0)}
	sum, err := addNodeAttrs(g, "ReduceSum", keep, safe, axes)
	if err != nil {
		return err
	}
	if _, err := g.AddNode(graphedit.NodeSpec{OpType: "Neg", Name: g.FreshName("distill/Neg"), Inputs: []*graphedit.Value{sum}, Outputs: []string{TeacherEntropy}}); err != nil {
		return fmt.Errorf("gatetrain: teacher: %w", err)
	}
	for _, o := range g.Outputs() {
		if err := g.RemoveOutput(o); err != nil {
			return fmt.Errorf("gatetrain: teacher: output %q: %w", o.Name(), err)
		}
	}
	for _, n := range []string{TeacherProbs, TeacherEntropy} {
		if err := g.AddOutput(g.Value(n)); err != nil {
			return fmt.Errorf("gatetrain: teacher: output %s: %w", n, err)
		}
	}
	g.Cleanup()
	return nil
}

// teacher runs the dense model on a batch for distillation.
type teacher struct {
	run   Runner
	gates []GateInput
	roles graphedit.IORoles
}

// probs runs the teacher on the batch's model inputs (in, the training
// feeds: the gates are replaced by ones) and returns its probabilities, to
// feed the training graph, and the mean entropy of the positions whose
// label is not padding (labels in the layout of the logits).
func (tc *teacher) probs(b *Batch) (*ortrun.Tensor, float64, error) {
	in := map[string]*ortrun.Tensor{}
	b.feedModel(tc.roles, in)
	labels := in[LabelsInput]
	delete(in, LabelsInput)
	for _, g := range tc.gates {
		ones := make([]float32, g.Heads)
		for i := range ones {
			ones[i] = 1
		}
		in[g.Name] = ortrun.NewF32([]int64{int64(g.Heads)}, ones)
	}
	res, err := tc.run.Run(in, []string{TeacherProbs, TeacherEntropy})
	if err != nil {
		return nil, 0, fmt.Errorf("teacher (the dense model): %w", err)
	}
	ent := res[TeacherEntropy]
	if ent == nil || res[TeacherProbs] == nil || len(ent.F32) != len(labels.I64) {
		return nil, 0, fmt.Errorf("teacher (the dense model): no entropy per position for the batch's %d labels", len(labels.I64))
	}
	var sum float64
	n := 0
	for i, l := range labels.I64 {
		if l != LabelPad {
			sum += float64(ent.F32[i])
			n++
		}
	}
	return res[TeacherProbs], sum / float64(max(n, 1)), nil
}
