package attribution

import (
	"context"
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/attribution/conllu"
	"onnxprune/graphedit"
	"onnxprune/internal/modelfeed"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// Example is one sentence pair, teacher-forced.
type Example struct {
	// Src are the source ids (with EOS when the model expects it).
	Src []int64
	// Feat, in place of Src for a model whose source is features
	// (Whisper's input_features), are the utterance's Mel × Frames
	// features; its source positions are then the encoder's.
	Feat        []float32
	Mel, Frames int
	// DecIn is the decoder input (BOS + target); Labels the next tokens
	// (target + EOS), as long as DecIn.
	DecIn, Labels []int64
	// SrcWords maps each source position to the 0-based index of the word
	// it belongs to, or −1 (specials). nil: every position that is not EOS
	// is a word of its own.
	SrcWords []int
	// Tree is the dependency tree of the source, or nil.
	Tree *conllu.Sentence
	// Feeds are further inputs (constructed models in tests).
	Feeds map[string]*ortrun.Tensor
}

// Analyzer runs the analysis graph of one model on ONNX Runtime.
type Analyzer struct {
	// Graph is the analysis graph the session runs.
	Graph *Graph
	// Progress, when set, is called after each example with the number
	// done and the total.
	Progress func(done, total int)
	sess     *ortrun.Session
	outs     []string
}

// New builds the analysis graph of g (changed in place; opts: what it
// gates besides the heads) and its ONNX Runtime session. m is the model g
// was loaded from (its other fields and external data are kept), or nil
// for a graph built in memory.
func New(g *graphedit.Graph, m *onnxio.Model, names graphedit.IORoles, so ortrun.Options, opts Options) (*Analyzer, error) {
	ag, err := BuildGraph(g, names, opts)
	if err != nil {
		return nil, err
	}
	var data []byte
	if m != nil {
		g.Store(m)
		data, err = m.Marshal()
	} else {
		data, err = proto.Marshal(g.ModelProto(nil))
	}
	if err != nil {
		return nil, fmt.Errorf("attribution: serializing the analysis graph: %w", err)
	}
	if so.Name == "" {
		so.Name = "analysis graph"
	}
	s, err := ortrun.NewSessionFromBytes(data, so)
	if err != nil {
		return nil, fmt.Errorf("attribution: %w", err)
	}
	a := &Analyzer{Graph: ag, sess: s}
	a.outs = []string{LossOutput, TopOutput, TargetOutput}
	for _, b := range ag.Blocks {
		a.outs = append(a.outs, GradPrefix+b.Gate, RelPrefix+b.Gate)
		if b.probs != "" {
			a.outs = append(a.outs, b.probs)
		}
	}
	for _, u := range ag.Units {
		a.outs = append(a.outs, GradPrefix+u.Gate, RelPrefix+u.Gate)
	}
	listed := map[string]bool{}
	for _, c := range ag.Cuts {
		for _, o := range append(append([]dotRef(nil), c.parts...), c.shares...) {
			if !listed[o.name] {
				listed[o.name] = true
				a.outs = append(a.outs, o.name)
			}
		}
	}
	return a, nil
}

// Close releases the session.
func (a *Analyzer) Close() error { return a.sess.Close() }

// Result is what one example gives.
type Result struct {
	// Loss is the cross-entropy; Target the summed top-1 logits; Top the
	// top-1 logit of each step.
	Loss, Target float64
	Top          []float32
	// Grad and Rel are per block (Graph.Blocks order) and head: ∂L/∂g and
	// g·∂R/∂g at g = 1.
	Grad, Rel [][]float64
	// UnitGrad and UnitRel are the same per FFN or sublayer gate
	// (Graph.Units order) and unit.
	UnitGrad, UnitRel [][]float64
	// Probs are per block the attention probabilities [H][T][S] flattened
	// (nil where the block has none), with T and S.
	Probs [][]float32
	T, S  []int
	// Cuts is the relevance summed at each cut (Graph.Cuts order), and
	// Absorbed what the constant addends behind each cut kept.
	Cuts, Absorbed []float64
}

func ones(n int) []int64 {
	o := make([]int64, n)
	for i := range o {
		o[i] = 1
	}
	return o
}

// Run analyzes one example.
func (a *Analyzer) Run(ex Example) (*Result, error) {
	n := a.Graph.Names
	if (len(ex.Src) == 0 && len(ex.Feat) == 0) || len(ex.DecIn) == 0 || len(ex.Labels) != len(ex.DecIn) {
		return nil, fmt.Errorf("attribution: example needs a source, decoder input and labels of the same length (have %d, %d, %d)", max(len(ex.Src), len(ex.Feat)), len(ex.DecIn), len(ex.Labels))
	}
	feeds := map[string]*ortrun.Tensor{
		n.DecIn:     modelfeed.IDs(ex.DecIn, 1, len(ex.DecIn), n.SeqFirst),
		LabelsInput: modelfeed.IDs(ex.Labels, 1, len(ex.Labels), n.SeqFirst),
	}
	if ex.Feat != nil {
		if len(ex.Feat) != ex.Mel*ex.Frames {
			return nil, fmt.Errorf("attribution: %d features for %d mel bins × %d frames", len(ex.Feat), ex.Mel, ex.Frames)
		}
		feeds[n.Src] = ortrun.NewF32([]int64{1, int64(ex.Mel), int64(ex.Frames)}, ex.Feat)
	} else {
		feeds[n.Src] = modelfeed.IDs(ex.Src, 1, len(ex.Src), n.SeqFirst)
	}
	if n.SrcMask != "" && ex.Feat == nil {
		feeds[n.SrcMask] = modelfeed.Mask([]int64{1, int64(len(ex.Src))}, ones(len(ex.Src)), n.SrcMaskFormat)
	}
	if n.DecMask != "" {
		feeds[n.DecMask] = modelfeed.Mask([]int64{1, int64(len(ex.DecIn))}, ones(len(ex.DecIn)), n.DecMaskFormat)
	}
	if n.CausalMask != "" {
		feeds[n.CausalMask] = modelfeed.Causal(len(ex.DecIn), n.CausalFormat)
	}
	for k, v := range ex.Feeds {
		feeds[k] = v
	}
	out, err := a.sess.Run(feeds, a.outs)
	if err != nil {
		return nil, fmt.Errorf("attribution: %w", err)
	}
	// Values of a float16 model come back as float16 (Float32s widens).
	r := &Result{Loss: float64(out[LossOutput].Float32s()[0]), Target: float64(out[TargetOutput].Float32s()[0]), Top: out[TopOutput].Float32s()}
	for _, b := range a.Graph.Blocks {
		r.Grad = append(r.Grad, f64(out[GradPrefix+b.Gate].Float32s()))
		r.Rel = append(r.Rel, f64(out[RelPrefix+b.Gate].Float32s()))
		if b.probs == "" {
			r.Probs = append(r.Probs, nil)
			r.T, r.S = append(r.T, 0), append(r.S, 0)
			continue
		}
		p := out[b.probs]
		sh, probs := p.Shape, p.Float32s()
		if len(sh) < 2 {
			return nil, fmt.Errorf("attribution: attention of %s has shape %v", b.Name, sh)
		}
		t, s := int(sh[len(sh)-2]), int(sh[len(sh)-1])
		if len(probs) != b.Heads*t*s {
			return nil, fmt.Errorf("attribution: attention of %s has shape %v, want %d heads of %dx%d for one sentence", b.Name, sh, b.Heads, t, s)
		}
		r.Probs = append(r.Probs, probs)
		r.T, r.S = append(r.T, t), append(r.S, s)
	}
	for _, u := range a.Graph.Units {
		r.UnitGrad = append(r.UnitGrad, f64(out[GradPrefix+u.Gate].F32))
		r.UnitRel = append(r.UnitRel, f64(out[RelPrefix+u.Gate].F32))
	}
	sum := func(refs []dotRef) (float64, error) {
		var s float64
		for _, o := range refs {
			t := out[o.name]
			var vals []float32
			if t != nil {
				vals = t.Float32s()
			}
			if o.index >= len(vals) {
				return 0, fmt.Errorf("attribution: output %q has no element %d", o.name, o.index)
			}
			s += float64(vals[o.index])
		}
		return s, nil
	}
	for _, c := range a.Graph.Cuts {
		rel, err := sum(c.parts)
		if err != nil {
			return nil, err
		}
		abs, err := sum(c.shares)
		if err != nil {
			return nil, err
		}
		r.Cuts = append(r.Cuts, rel)
		r.Absorbed = append(r.Absorbed, abs)
	}
	return r, nil
}

func f64(x []float32) []float64 {
	o := make([]float64, len(x))
	for i, v := range x {
		o[i] = float64(v)
	}
	return o
}

// Analyze runs every example and gathers the measures. When ctx is
// cancelled it stops between examples and returns the report of the
// examples done so far (Partial set) with ctx's error.
func (a *Analyzer) Analyze(ctx context.Context, exs []Example, cfg Config) (*Report, error) {
	acc := newAccumulator(a.Graph, cfg)
	for i, ex := range exs {
		if err := ctx.Err(); err != nil {
			rep := acc.report()
			rep.Partial = true
			return rep, err
		}
		r, err := a.Run(ex)
		if err != nil {
			return nil, fmt.Errorf("example %d: %w", i+1, err)
		}
		if err := acc.add(ex, r); err != nil {
			return nil, fmt.Errorf("example %d: %w", i+1, err)
		}
		if a.Progress != nil {
			a.Progress(i+1, len(exs))
		}
	}
	return acc.report(), nil
}
