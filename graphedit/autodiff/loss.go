package autodiff

import (
	"fmt"

	"onnxprune/graphedit"
)

// CrossEntropyOptions tunes CrossEntropy.
type CrossEntropyOptions struct {
	// Smoothing is the label-smoothing weight ε in [0, 1): the target puts
	// 1−ε on the label and ε spread evenly over the vocabulary.
	Smoothing float64
	// PadID is the label value ignored by the loss (HF uses -100, Marian
	// its pad token id).
	PadID int64
	// Name is the loss value's name; "" means "loss" (or a fresh variant).
	Name string
}

// CrossEntropy adds to g the token-level cross-entropy of logits [B, T, V]
// (any rank ≥ 1: the last axis is the vocabulary) against integer labels
// [B, T], as ONNX ops at g's opset, and returns the scalar loss:
//
//	logp   = LogSoftmax(logits, axis=−1)
//	tok    = −(1−ε)·logp[label] − ε·mean_v logp[v]
//	loss   = Σ_{label ≠ pad} tok / max(1, #{label ≠ pad})
//
// which is PyTorch's CrossEntropyLoss(ignore_index=pad,
// label_smoothing=ε, reduction="mean"). The label's log-probability is
// picked with a one-hot mask built from Equal(labels, Range(V)), so every
// op on the path to the logits has a backward rule. Pad positions may hold
// any value, also one outside [0, V).
func CrossEntropy(g *graphedit.Graph, logits, labels *graphedit.Value, opts CrossEntropyOptions) (*graphedit.Value, error) {
	if logits == nil || labels == nil || logits.Graph() != g || labels.Graph() != g {
		return nil, fmt.Errorf("autodiff: cross-entropy: logits and labels must be values of graph %q", g.Name())
	}
	if opts.Smoothing < 0 || opts.Smoothing >= 1 {
		return nil, fmt.Errorf("autodiff: cross-entropy: label smoothing %v outside [0, 1)", opts.Smoothing)
	}
	_ = g.InferShapes()
	t := logits.ElemType()
	if t != elemFloat && t != elemDouble {
		return nil, fmt.Errorf("autodiff: cross-entropy: logits %q have element type %s, want float or double", logits.Name(), elemName(t))
	}
	e := &emitter{g: g, opset: g.Opset(""), prefix: "loss/", base: "ce", elems: map[*graphedit.Value]int32{}}
	lab := labels
	if lt := labels.ElemType(); lt != elemInt64 {
		if lt != int32(6) /* INT32 */ {
			return nil, fmt.Errorf("autodiff: cross-entropy: labels %q have element type %s, want int64 or int32", labels.Name(), elemName(lt))
		}
		lab = e.cast(labels, elemInt64)
	}
	k := func(x float64) *graphedit.Value { return e.scalar(t, x) }
	logp := e.op("LogSoftmax", in(logits), attrInt("axis", -1))
	v := e.reshape(e.dimOf(logits, -1), e.ints())
	mask := e.op("Not", in(e.op("Equal", in(lab, e.int0(opts.PadID)))))
	safe := e.op("Where", in(mask, lab, e.int0(0)))
	hot := e.cast(e.op("Equal", in(e.unsqueeze(safe, -1), e.op("Range", in(e.int0(0), v, e.int0(1))))), t)
	tok := e.neg(e.reduceSum(e.mul(hot, logp), []int64{-1}, false))
	if opts.Smoothing > 0 {
		smooth := e.neg(e.reduceMean(logp, []int64{-1}, false))
		tok = e.add(e.mul(k(1-opts.Smoothing), tok), e.mul(k(opts.Smoothing), smooth))
	}
	maskf := e.cast(mask, t)
	num := e.op("ReduceSum", in(e.mul(tok, maskf)), attrInt("keepdims", 0))
	den := e.op("Max", in(e.op("ReduceSum", in(maskf), attrInt("keepdims", 0)), k(1)))
	name := opts.Name
	if name == "" {
		name = "loss"
	}
	loss := e.named("Div", name, num, den)
	if e.err != nil {
		return nil, fmt.Errorf("autodiff: cross-entropy: %w", e.err)
	}
	loss.SetType(t, []graphedit.Dim{})
	return loss, nil
}

// SoftCrossEntropyOptions tunes SoftCrossEntropy.
type SoftCrossEntropyOptions struct {
	// Temperature T divides the logits before the softmax (≤ 0 means 1).
	Temperature float64
	// PadID is the label value whose positions the loss ignores.
	PadID int64
	// Name is the loss value's name; "" means "soft_ce" (or a fresh
	// variant).
	Name string
}

// SoftCrossEntropy adds to g the cross-entropy of logits [B, T, V] against
// a target distribution probs of the same shape (a teacher's softmax, at
// the same temperature), averaged over the positions whose label is not
// the pad id, and returns the scalar:
//
//	logq = LogSoftmax(logits / T, axis=−1)
//	tok  = −Σ_v probs[v]·logq[v]
//	loss = Σ_{label ≠ pad} tok / max(1, #{label ≠ pad})
//
// Its gradient with respect to the logits is (softmax(logits/T) − probs)/T
// per kept position, divided by their count: subtracting the target's
// entropy (a constant) gives the KL divergence KL(probs ‖ q), with the same
// gradient. probs are an input, not differentiated.
func SoftCrossEntropy(g *graphedit.Graph, logits, probs, labels *graphedit.Value, opts SoftCrossEntropyOptions) (*graphedit.Value, error) {
	if logits == nil || probs == nil || labels == nil || logits.Graph() != g || probs.Graph() != g || labels.Graph() != g {
		return nil, fmt.Errorf("autodiff: soft cross-entropy: logits, target probabilities and labels must be values of graph %q", g.Name())
	}
	_ = g.InferShapes()
	t := logits.ElemType()
	if t != elemFloat && t != elemDouble {
		return nil, fmt.Errorf("autodiff: soft cross-entropy: logits %q have element type %s, want float or double", logits.Name(), elemName(t))
	}
	if probs.ElemType() != t {
		return nil, fmt.Errorf("autodiff: soft cross-entropy: target probabilities %q have element type %s, the logits %s", probs.Name(), elemName(probs.ElemType()), elemName(t))
	}
	e := &emitter{g: g, opset: g.Opset(""), prefix: "loss/", base: "soft_ce", elems: map[*graphedit.Value]int32{}}
	lab := labels
	if lt := labels.ElemType(); lt != elemInt64 {
		if lt != int32(6) /* INT32 */ {
			return nil, fmt.Errorf("autodiff: soft cross-entropy: labels %q have element type %s, want int64 or int32", labels.Name(), elemName(lt))
		}
		lab = e.cast(labels, elemInt64)
	}
	temp := opts.Temperature
	if temp <= 0 {
		temp = 1
	}
	z := logits
	if temp != 1 {
		z = e.div(logits, e.scalar(t, temp))
	}
	logq := e.op("LogSoftmax", in(z), attrInt("axis", -1))
	tok := e.neg(e.reduceSum(e.mul(probs, logq), []int64{-1}, false))
	maskf := e.cast(e.op("Not", in(e.op("Equal", in(lab, e.int0(opts.PadID))))), t)
	num := e.op("ReduceSum", in(e.mul(tok, maskf)), attrInt("keepdims", 0))
	den := e.op("Max", in(e.op("ReduceSum", in(maskf), attrInt("keepdims", 0)), e.scalar(t, 1)))
	name := opts.Name
	if name == "" {
		name = "soft_ce"
	}
	loss := e.named("Div", name, num, den)
	if e.err != nil {
		return nil, fmt.Errorf("autodiff: soft cross-entropy: %w", e.err)
	}
	loss.SetType(t, []graphedit.Dim{})
	return loss, nil
}
