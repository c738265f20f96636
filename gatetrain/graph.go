package gatetrain

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/internal/features"
)

// GatePrefix starts the name of every gate input (heads.GateName).
const GatePrefix = "gate/"

// GateInput is one gate vector of a gated model: a float input of shape [H]
// named gate/<kind>.<layer>, or a structure gate (package structures) of an
// FFN's neurons or of a sublayer.
type GateInput struct {
	// Name is the input's name; Kind and Layer name its block and Heads is
	// H (for a structure gate: Kind and Layer are empty and 0, Heads is the
	// number of units gated).
	Name  string
	Kind  heads.Kind
	Layer int
	Heads int
	// Structure is structures.GateFFN or structures.GateSublayer for a
	// structure gate ("" for heads), Key the FFN's or sublayer's key and
	// Group the neurons per element of an FFN gate.
	Structure structures.GateKind
	Key       string
	Group     int64
	// Offset is the index of its first head in the flat parameter vector.
	Offset int
}

// Head returns the name of head h of the gate, KIND:LAYER:HEAD, or of
// unit h of a structure gate (structures.UnitName).
func (gi GateInput) Head(h int) string {
	if gi.Structure != "" {
		return structures.UnitName(gi.Structure, gi.Key, h, gi.Group)
	}
	return heads.HeadName(gi.Kind, gi.Layer, h)
}

// FindGates lists the gate inputs of a gated graph, in kind order (encoder,
// decoder, cross) then layer order, keeping only the kinds in kinds (nil:
// all), then the FFN and sublayer gates (every one: kinds selects heads
// only) in name order. A graph without gate inputs of those kinds is an
// error.
func FindGates(g *graphedit.Graph, kinds []heads.Kind) ([]GateInput, error) {
	want := map[heads.Kind]bool{}
	for _, k := range kinds {
		want[k] = true
	}
	var out []GateInput
	for _, v := range g.Inputs() {
		name := v.Name()
		if !strings.HasPrefix(name, GatePrefix) {
			continue
		}
		if sk, key, group, ok := structures.ParseGateName(name); ok {
			sh := v.Shape()
			if len(sh) != 1 || !sh[0].Known() || v.ElemType() != graphedit.ElemFloat32 {
				return nil, fmt.Errorf("gatetrain: gate input %q: want a float vector, have %s", name, graphedit.ShapeString(sh))
			}
			out = append(out, GateInput{Name: name, Heads: int(sh[0].Value), Structure: sk, Key: key, Group: group})
			continue
		}
		rest := strings.TrimPrefix(name, GatePrefix)
		dot := strings.LastIndexByte(rest, '.')
		if dot < 0 {
			return nil, fmt.Errorf("gatetrain: gate input %q: want gate/<kind>.<layer>", name)
		}
		kind, err := heads.ParseKind(rest[:dot])
		if err != nil {
			return nil, fmt.Errorf("gatetrain: gate input %q: %w", name, err)
		}
		layer, err := strconv.Atoi(rest[dot+1:])
		if err != nil || layer < 0 {
			return nil, fmt.Errorf("gatetrain: gate input %q: bad layer number", name)
		}
		sh := v.Shape()
		if len(sh) != 1 || !sh[0].Known() || v.ElemType() != graphedit.ElemFloat32 {
			return nil, fmt.Errorf("gatetrain: gate input %q: want a float tensor of shape [heads], have %s", name, graphedit.ShapeString(sh))
		}
		if len(kinds) > 0 && !want[kind] {
			continue
		}
		out = append(out, GateInput{Name: name, Kind: kind, Layer: layer, Heads: int(sh[0].Value)})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("gatetrain: the model has no gate inputs (gate/<kind>.<layer>) of the chosen attention kinds: insert gates first")
	}
	order := map[heads.Kind]int{}
	for i, k := range heads.Kinds {
		order[k] = i
	}
	sort.Slice(out, func(a, b int) bool {
		if (out[a].Structure == "") != (out[b].Structure == "") {
			return out[a].Structure == ""
		}
		if out[a].Structure != "" {
			return structureOrder(out[a]) < structureOrder(out[b])
		}
		if out[a].Kind != out[b].Kind {
			return order[out[a].Kind] < order[out[b].Kind]
		}
		return out[a].Layer < out[b].Layer
	})
	off := 0
	for i := range out {
		out[i].Offset = off
		off += out[i].Heads
	}
	return out, nil
}

// structureOrder sorts structure gates: FFNs before sublayers, encoder
// before decoder, then by layer and part.
func structureOrder(gi GateInput) string {
	parts := strings.Split(gi.Key, ":")
	stack := "1"
	if parts[0] == string(heads.KindEncoder) {
		stack = "0"
	}
	layer, _ := strconv.Atoi(parts[1])
	part := map[string]string{"attn": "0", "cross": "1", "ffn": "2"}[strings.Join(parts[2:], "")]
	return fmt.Sprintf("%s/%s/%09d/%s", gi.Structure, stack, layer, part)
}

// DetectRoles guesses the roles from the usual input names and the graph
// (graphedit.GuessIORoles): source ids src_ids / input_ids (or features
// input_features), decoder input tgt_ids / decoder_input_ids, source mask
// attention_mask or a mask input sharing the source's length axis (such as
// a bool key padding mask), decoder mask likewise, a causal mask input
// [T, T], sequence-first ids, output logits, else the first graph output. Fields already set in given are kept. Every other
// input without a default is an error, and so are logits that do not have
// a position per decoder input position (graphedit.CheckLogitsPerPosition).
func DetectRoles(g *graphedit.Graph, given graphedit.IORoles) (graphedit.IORoles, error) {
	r, err := graphedit.GuessIORoles(g, given)
	if err != nil {
		return r, err
	}
	has := map[string]bool{}
	for _, v := range g.Inputs() {
		has[v.Name()] = true
	}
	if r.Logits == "" && len(g.Outputs()) > 0 {
		r.Logits = g.Outputs()[0].Name()
	}
	for _, n := range []struct{ role, name string }{{"source", r.Src}, {"decoder input ids", r.DecIn}} {
		if n.name == "" || !has[n.name] {
			return r, fmt.Errorf("gatetrain: no model input for the %s (name it with a flag; inputs are %s)", n.role, inputNames(g))
		}
	}
	for _, n := range []string{r.SrcMask, r.DecMask} {
		if n != "" && !has[n] {
			return r, fmt.Errorf("gatetrain: the model has no input %q (inputs are %s)", n, inputNames(g))
		}
	}
	if g.Value(r.Logits) == nil || !g.Value(r.Logits).IsGraphOutput() {
		return r, fmt.Errorf("gatetrain: the model has no output %q", r.Logits)
	}
	for _, v := range g.Inputs() {
		n := v.Name()
		if !v.IsInitializer() && !strings.HasPrefix(n, GatePrefix) && n != LabelsInput &&
			n != r.Src && n != r.SrcMask && n != r.DecIn && n != r.DecMask && n != r.CausalMask {
			return r, fmt.Errorf("gatetrain: model input %q has no role in training (inputs are %s)", n, inputNames(g))
		}
	}
	if err := graphedit.CheckLogitsPerPosition(g, r); err != nil {
		return r, err
	}
	return r, nil
}

// CheckSource checks a corpus against the model's source input: token ids
// for an input of ids, features of the input's mel bins (and frames, when
// fixed) for a features input such as Whisper's input_features.
func CheckSource(g *graphedit.Graph, src string, c *Corpus) error {
	if c == nil {
		return nil
	}
	dims, feat := graphedit.SourceFeatures(g, src)
	switch {
	case feat && c.Mel == 0:
		return fmt.Errorf("gatetrain: the model's source input %q is float features %s (a speech encoder such as Whisper's), but %s holds token ids: give the features as a .npy file [utterances, mel bins, frames]", src, features.DimsString(dims), c.SrcFile)
	case !feat && c.Mel > 0:
		return fmt.Errorf("gatetrain: %s holds features, but the model's source input %q takes token ids", c.SrcFile, src)
	case feat:
		f := features.Features{Path: c.SrcFile, Mel: c.Mel, Frames: c.Frames}
		if err := f.Check(fmt.Sprintf("the model's input %s", src), dims); err != nil {
			return fmt.Errorf("gatetrain: %w", err)
		}
	}
	return nil
}

func inputNames(g *graphedit.Graph) string {
	var s []string
	for _, v := range g.Inputs() {
		s = append(s, v.Name())
	}
	return strings.Join(s, ", ")
}

// TrainGraph is a gated model turned into a training graph.
type TrainGraph struct {
	// Graph computes the loss and the gradients; Gates are its gate inputs
	// (log α is laid out in this order) and graphedit.IORoles its model inputs.
	Graph *graphedit.Graph
	Gates []GateInput
	Roles graphedit.IORoles
	// Weights are the initializers whose gradients the graph also returns
	// (joint fine-tuning), in a fixed order.
	Weights []string
	// WeightShapes and WeightValues are the shapes and stored values of
	// Weights.
	WeightShapes [][]int64
	WeightValues [][]float32
	// Distill is the distillation term the graph computes (off: none).
	Distill Distill
	// SkipIfs is the number of If nodes that skip the backward nodes only
	// gate gradients need when UnclampedInput says no gate they lead to is
	// unclamped (0: the graph has no such input).
	SkipIfs int
}

// Names of the values the training graph adds: the labels input, the loss
// and the shape of the model's logits (checked at every step against the
// batch: a decoder that returns fewer positions than it reads would make
// the loss meaningless).
const (
	LabelsInput       = "labels"
	LossOutput        = "loss"
	LogitsShapeOutput = "logits_shape"
)

// GradName returns the output holding the gradient of the named value.
func GradName(name string) string { return autodiff.DefaultPrefix + name }

// BuildTrainGraph adds to a gated graph a labels input [batch, tgt_len],
// the cross-entropy loss (labels equal to LabelPad are ignored) and the
// gradients of the loss with respect to the gates and to the initializers
// named in weights; the outputs become the loss and those gradients only.
// The named weights become required inputs of the graph (their values are
// in WeightValues).
func BuildTrainGraph(g *graphedit.Graph, kinds []heads.Kind, roles graphedit.IORoles, weights []string, smoothing float64) (*TrainGraph, error) {
	return BuildTrainGraphWith(g, TrainGraphOptions{Kinds: kinds, Roles: roles, Weights: weights, Smoothing: smoothing})
}

// TrainGraphOptions are what BuildTrainGraphWith builds: the gate kinds,
// the roles, the jointly trained weights, the label smoothing and the
// distillation term.
type TrainGraphOptions struct {
	Kinds     []heads.Kind
	Roles     graphedit.IORoles
	Weights   []string
	Smoothing float64
	// Distill, when on, adds the input TeacherProbs (the logits' shape) and
	// the output DistillCEOutput, the soft cross-entropy of the student's
	// distribution at temperature T against it; the gradients are those of
	// CE + α·T²·soft CE. LossOutput stays the cross-entropy alone.
	Distill Distill
	// FullBackward builds the gradient graph without the If nodes that
	// skip the backward of clamped gates (UnclampedInput): every run
	// computes every gradient.
	FullBackward bool
}

// BuildTrainGraphWith is BuildTrainGraph with the options of o.
func BuildTrainGraphWith(g *graphedit.Graph, o TrainGraphOptions) (*TrainGraph, error) {
	kinds, roles, weights, smoothing := o.Kinds, o.Roles, o.Weights, o.Smoothing
	gates, err := FindGates(g, kinds)
	if err != nil {
		return nil, err
	}
	roles, err = DetectRoles(g, roles)
	if err != nil {
		return nil, err
	}
	if q := heads.QuantizingNode(g); q != nil {
		return nil, fmt.Errorf("gatetrain: the model quantizes its activations to integers (%s), through which gate gradients do not flow: train the gates on the float (fp32) model, then apply its gates.json to this file with 'onnxprune prune --gates gates.json'", q)
	}
	logits := g.Value(roles.Logits)
	dec := g.Value(roles.DecIn)
	labels, err := g.AddInput(LabelsInput, graphedit.ElemInt64, dec.Shape())
	if err != nil {
		return nil, fmt.Errorf("gatetrain: labels input: %w", err)
	}
	loss, err := autodiff.CrossEntropy(g, logits, labels, autodiff.CrossEntropyOptions{Smoothing: smoothing, PadID: LabelPad, Name: LossOutput})
	if err != nil {
		return nil, fmt.Errorf("gatetrain: loss: %w", err)
	}
	shape, err := g.AddNode(graphedit.NodeSpec{OpType: "Shape", Name: g.FreshName("train/logits_shape"), Inputs: []*graphedit.Value{logits}, Outputs: []string{LogitsShapeOutput}})
	if err != nil {
		return nil, fmt.Errorf("gatetrain: logits shape: %w", err)
	}
	var wrt []*graphedit.Value
	for _, gi := range gates {
		wrt = append(wrt, g.Value(gi.Name))
	}
	for _, w := range weights {
		v := g.Value(w)
		if v == nil || !v.IsInitializer() {
			return nil, fmt.Errorf("gatetrain: weight %q is not an initializer of the model", w)
		}
		wrt = append(wrt, v)
	}
	vals, shapes, err := ReadWeights(g, weights)
	if err != nil {
		return nil, err
	}
	objective := loss
	var distill *graphedit.Value
	if o.Distill.On() {
		if objective, distill, err = addDistillLoss(g, logits, labels, loss, o.Distill); err != nil {
			return nil, err
		}
	}
	if _, err := autodiff.Build(g, objective, wrt, nil); err != nil {
		return nil, fmt.Errorf("gatetrain: gradient graph: %w", err)
	}
	// The trained weights are fed every step: their stored values would be
	// a second copy in ONNX Runtime's session, never read.
	for _, w := range weights {
		if err := g.RemoveInitializer(g.Value(w)); err != nil {
			return nil, fmt.Errorf("gatetrain: weight %q: %w", w, err)
		}
	}
	keep := map[string]bool{LossOutput: true, LogitsShapeOutput: true, DistillCEOutput: true}
	for _, v := range wrt {
		keep[GradName(v.Name())] = true
	}
	for _, o := range g.Outputs() {
		if !keep[o.Name()] {
			if err := g.RemoveOutput(o); err != nil {
				return nil, fmt.Errorf("gatetrain: output %q: %w", o.Name(), err)
			}
		}
	}
	outs := []*graphedit.Value{loss, shape.Output(0)}
	if distill != nil {
		outs = append(outs, distill)
	}
	for _, v := range outs {
		if err := g.AddOutput(v); err != nil {
			return nil, fmt.Errorf("gatetrain: output %s: %w", v.Name(), err)
		}
	}
	g.Cleanup()
	skips := 0
	if !o.FullBackward {
		if skips, err = skipClampedBackward(g, gates); err != nil {
			return nil, err
		}
		g.Cleanup()
	}
	return &TrainGraph{Graph: g, Gates: gates, Roles: roles, Weights: weights, WeightShapes: shapes, WeightValues: vals, Distill: o.Distill, SkipIfs: skips}, nil
}
