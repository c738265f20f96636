// Package gradcheck compares the gradients that autodiff.Build emits, run
// on ONNX Runtime, with central finite differences of the same forward
// graph, also run on ONNX Runtime.
//
// For each requested value w and each sampled element w_k,
//
//	numeric_k = (L(w + h·e_k) − L(w − h·e_k)) / 2h
//
// and the error of a gradient is norm-wise relative:
//
//	err = max_k |analytic_k − numeric_k| / max(max_k |numeric_k|, Floor)
//
// Floor keeps a gradient that is zero everywhere from dividing by zero.
// Float64 graphs meet Float64Tol, float32 graphs Float32Tol. The step h is
// chosen per element type (Float64Step, Float32Step); for float32 the
// estimate is Richardson-extrapolated from steps h and h/2, which cancels
// the h² error term.
//
// Two modes serve float32 models, whose own finite differences drown small
// gradients in rounding: Float64Forward runs the differences on a float64
// copy of the forward model (Float64Model: what depends on the fed float
// inputs becomes float64, what float32 rounding decides stays float32;
// Erf, which has no float64 kernel, is rebuilt from a positive series),
// and Directions compares
// directional derivatives gᵀu along random u, which move the loss far more
// than a single element does (for models whose fused com.microsoft ops run
// in float32 only).
//
// Finite differences run the forward graph as written (no ONNX Runtime
// graph optimizations); the gradient graph runs optimized, as training
// runs it.
//
// ProjectionLoss turns any outputs into a scalar loss along random
// directions, so single ops and small graphs can be checked.
package gradcheck

import (
	"fmt"
	"math"
	"math/rand"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// Tolerances and steps. Float64: the truncation error of a central
// difference is h²/6·|L”'| ≈ 2e-11 and the rounding error ε·|L|/h ≈ 1e-11
// at h = 1e-5, far below 1e-6. Float32: rounding dominates (6e-8·|L|/h),
// so the step is large and the h² term is cancelled by extrapolation.
const (
	Float64Tol  = 1e-6
	Float32Tol  = 2e-3
	Float64Step = 1e-5
	Float32Step = 1e-2
	// Float64KeptStep is the step on a float64 forward model that still runs
	// some ops in float32: their output rounding (6e-8 relative) divided by
	// the step stays near 1e-4, and extrapolation removes the h² term.
	Float64KeptStep = 1e-3
	// DirectionalNorm and DirectionalElem size the float32 perturbation
	// along a random direction u: its norm is min(DirectionalNorm,
	// DirectionalElem·√n) for n elements. The loss then moves by a sizable
	// h·gᵀu, so rounding (6e-8·|L|) is small beside it, while the values
	// move little enough for the extrapolated difference (error h⁴). Float32
	// rounding and curvature pull opposite ways; on the fused fixtures, over
	// 10 seeds, caps of 0.3 and 1.0 gave worst errors of 4e-3 (rounding) and
	// 2.8e-3 (curvature on large matrices), 0.5 gave 2.1e-3; 4-element gate
	// vectors need the small per-element size (norm 0.3 there: up to 3e-2).
	DirectionalNorm = 0.5
	DirectionalElem = 0.05
	// Floor is the smallest denominator of the relative error.
	Floor = 1e-3
)

// Options tunes Check.
type Options struct {
	// Seed picks the sampled elements.
	Seed int64
	// Samples bounds the elements perturbed per requested value; 0 means
	// every element.
	Samples int
	// Step overrides the finite-difference step.
	Step float64
	// Tol overrides the tolerance.
	Tol float64
	// Build are the autodiff options.
	Build *autodiff.Options
	// Session are the ONNX Runtime options (one intra-op thread by default).
	Session *ortrun.Options
	// Float64Forward computes the finite differences on a float64 copy of
	// the forward model (Float64Model), so a float32 gradient graph is
	// compared with differences free of float32 rounding. The step is then
	// Float64Step, or Float64KeptStep with extrapolation when some op had to
	// stay in float32.
	Float64Forward bool
	// External reads external initializer data for Float64Forward.
	External onnxio.ExternalSource
	// Directions, when positive, compares directional derivatives along
	// that many random directions u (standard normal per element) instead
	// of single elements: analytic gᵀu against (L(w+hu) − L(w−hu))/2h.
	// Moving every element at once makes the change in the loss large
	// against float32 rounding, for models whose ops only run in float32.
	Directions int
}

// Result is the comparison for one requested value.
type Result struct {
	Name string
	// Index lists the flat positions compared; Analytic and Numeric the
	// gradient there.
	Index             []int
	Analytic, Numeric []float64
	// Err is the norm-wise relative error, Tol the tolerance it must meet.
	Err, Tol float64
}

// OK reports whether the error is within tolerance.
func (r Result) OK() bool { return r.Err <= r.Tol && !math.IsNaN(r.Err) }

// String gives one line: the value, the relative error, the tolerance and
// the number of elements compared.
func (r Result) String() string {
	return fmt.Sprintf("d/d%s: rel err %.3g (tol %.1g) over %d elements", r.Name, r.Err, r.Tol, len(r.Index))
}

// Check differentiates loss with respect to wrt (graph inputs, or
// initializers that are also graph inputs) in g, which it modifies by
// adding the backward nodes. feeds must hold every required graph input,
// including each wrt value. base supplies the model fields (IR version,
// metadata) around the graph; nil makes a fresh model.
func Check(g *graphedit.Graph, base *onnxpb.ModelProto, loss string, wrt []string, feeds map[string]*ortrun.Tensor, opts Options) ([]Result, error) {
	lossV := g.Value(loss)
	if lossV == nil {
		return nil, fmt.Errorf("gradcheck: no loss value %q", loss)
	}
	var ws []*graphedit.Value
	for _, name := range wrt {
		w := g.Value(name)
		if w == nil {
			return nil, fmt.Errorf("gradcheck: no value %q", name)
		}
		if !w.IsGraphInput() {
			return nil, fmt.Errorf("gradcheck: %q is not a graph input; finite differences need to feed it", name)
		}
		if feeds[name] == nil {
			return nil, fmt.Errorf("gradcheck: no feed for %q", name)
		}
		ws = append(ws, w)
	}
	sopts := ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1}
	if opts.Session != nil {
		sopts = *opts.Session
	}
	fwdModel := forwardModel(g, base, loss)
	fwdFeeds := feeds
	kept := 0
	if opts.Float64Forward {
		var err error
		if fwdModel, kept, err = Float64Model(fwdModel, opts.External); err != nil {
			return nil, fmt.Errorf("gradcheck: float64 forward model: %w", err)
		}
		fwdFeeds = toF64(feeds)
	}
	fwdBytes, err := proto.Marshal(fwdModel)
	if err != nil {
		return nil, fmt.Errorf("gradcheck: marshal forward model: %w", err)
	}
	grads, err := autodiff.Build(g, lossV, ws, opts.Build)
	if err != nil {
		return nil, err
	}
	bwdBytes, err := proto.Marshal(g.ModelProto(base))
	if err != nil {
		return nil, fmt.Errorf("gradcheck: marshal backward model: %w", err)
	}
	bwd, err := ortrun.NewSessionFromBytes(bwdBytes, withName(sopts, "backward"))
	if err != nil {
		return nil, err
	}
	defer bwd.Close()
	var outNames []string
	for _, name := range wrt {
		outNames = append(outNames, grads[name].Name())
	}
	got, err := bwd.Run(feeds, outNames)
	if err != nil {
		return nil, err
	}
	// The differences are of the forward graph as written: ONNX Runtime's
	// fusions would rewrite it, and on float64 they need not compute the
	// same function (T5's layer norm, once its input depends on a fed
	// weight, moved d/dgate by 4% on the T5 fixture).
	fopts := withName(sopts, "forward")
	fopts.Optimization = ortrun.OptDisable
	fwd, err := ortrun.NewSessionFromBytes(fwdBytes, fopts)
	if err != nil {
		return nil, err
	}
	defer fwd.Close()

	rng := rand.New(rand.NewSource(opts.Seed))
	var results []Result
	for i, name := range wrt {
		an, err := floats(got[outNames[i]])
		if err != nil {
			return nil, fmt.Errorf("gradcheck: gradient of %q: %w", name, err)
		}
		f := feeds[name]
		is64 := f.F64 != nil
		n := f.Len()
		if len(an) != n {
			return nil, fmt.Errorf("gradcheck: gradient of %q has %d elements, the value %d", name, len(an), n)
		}
		step, tol := Float32Step, Float32Tol
		if is64 {
			step, tol = Float64Step, Float64Tol
		}
		extrapolate := !is64
		if opts.Float64Forward {
			step, extrapolate = Float64Step, false
			if kept > 0 {
				step, extrapolate = Float64KeptStep, true
			}
		}
		if opts.Step > 0 {
			step = opts.Step
		}
		if opts.Tol > 0 {
			tol = opts.Tol
		}
		if opts.Directions > 0 {
			r := Result{Name: name, Tol: tol}
			for d := 0; d < opts.Directions; d++ {
				u := make([]float64, n)
				dot, norm := 0.0, 0.0
				for k := range u {
					u[k] = rng.NormFloat64()
					dot += an[k] * u[k]
					norm += u[k] * u[k]
				}
				h := step
				if !is64 && opts.Step == 0 {
					target := math.Min(DirectionalNorm, DirectionalElem*math.Sqrt(float64(n)))
					h = target / math.Sqrt(norm)
				}
				num, err := centralDir(fwd, fwdFeeds, name, loss, u, h, extrapolate)
				if err != nil {
					return nil, err
				}
				r.Index = append(r.Index, d)
				r.Analytic = append(r.Analytic, dot)
				r.Numeric = append(r.Numeric, num)
			}
			r.Err = relErr(r.Analytic, r.Numeric)
			results = append(results, r)
			continue
		}
		idx := sample(rng, n, opts.Samples)
		r := Result{Name: name, Index: idx, Tol: tol}
		for _, k := range idx {
			num, err := central(fwd, fwdFeeds, name, loss, k, step, extrapolate)
			if err != nil {
				return nil, err
			}
			r.Analytic = append(r.Analytic, an[k])
			r.Numeric = append(r.Numeric, num)
		}
		r.Err = relErr(r.Analytic, r.Numeric)
		results = append(results, r)
	}
	return results, nil
}

func withName(o ortrun.Options, name string) ortrun.Options {
	o.Name = name
	return o
}

// forwardModel returns the model with loss as its only output.
func forwardModel(g *graphedit.Graph, base *onnxpb.ModelProto, loss string) *onnxpb.ModelProto {
	m := g.ModelProto(base)
	gp := m.Graph
	var out []*onnxpb.ValueInfoProto
	for _, o := range gp.Output {
		if o.GetName() == loss {
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		out = append(out, &onnxpb.ValueInfoProto{Name: proto.String(loss)})
	}
	gp.Output = out
	return m
}

// central estimates dL/dw_k, extrapolating from h and h/2 when asked.
// The difference quotient divides by the perturbation actually applied
// (w_k ± h rounded to the element type).
func central(s *ortrun.Session, feeds map[string]*ortrun.Tensor, name, loss string, k int, h float64, extrapolate bool) (float64, error) {
	d := func(h float64) (float64, error) {
		lp, ap, err := lossAt(s, feeds, name, loss, k, h)
		if err != nil {
			return 0, err
		}
		lm, am, err := lossAt(s, feeds, name, loss, k, -h)
		if err != nil {
			return 0, err
		}
		return (lp - lm) / (ap - am), nil
	}
	d1, err := d(h)
	if err != nil || !extrapolate {
		return d1, err
	}
	d2, err := d(h / 2)
	if err != nil {
		return 0, err
	}
	return (4*d2 - d1) / 3, nil
}

// centralDir estimates the derivative along u (extrapolated when asked).
func centralDir(s *ortrun.Session, feeds map[string]*ortrun.Tensor, name, loss string, u []float64, h float64, extrapolate bool) (float64, error) {
	at := func(step float64) (float64, error) {
		f := feeds[name]
		p := &ortrun.Tensor{Shape: f.Shape}
		if f.F64 != nil {
			p.F64 = make([]float64, len(f.F64))
			for i, x := range f.F64 {
				p.F64[i] = x + step*u[i]
			}
		} else {
			p.F32 = make([]float32, len(f.F32))
			for i, x := range f.F32 {
				p.F32[i] = x + float32(step*u[i])
			}
		}
		in := make(map[string]*ortrun.Tensor, len(feeds))
		for n, v := range feeds {
			in[n] = v
		}
		in[name] = p
		out, err := s.Run(in, []string{loss})
		if err != nil {
			return 0, err
		}
		vals, err := floats(out[loss])
		if err != nil {
			return 0, err
		}
		return vals[0], nil
	}
	d := func(h float64) (float64, error) {
		lp, err := at(h)
		if err != nil {
			return 0, err
		}
		lm, err := at(-h)
		if err != nil {
			return 0, err
		}
		return (lp - lm) / (2 * h), nil
	}
	d1, err := d(h)
	if err != nil || !extrapolate {
		return d1, err
	}
	d2, err := d(h / 2)
	if err != nil {
		return 0, err
	}
	return (4*d2 - d1) / 3, nil
}

// lossAt runs the forward model with element k of feed name moved by delta,
// returning the loss and the perturbation actually applied.
func lossAt(s *ortrun.Session, feeds map[string]*ortrun.Tensor, name, loss string, k int, delta float64) (float64, float64, error) {
	f := feeds[name]
	p := &ortrun.Tensor{Shape: f.Shape}
	var applied float64
	if f.F64 != nil {
		p.F64 = append([]float64(nil), f.F64...)
		p.F64[k] += delta
		applied = p.F64[k] - f.F64[k]
	} else {
		p.F32 = append([]float32(nil), f.F32...)
		p.F32[k] += float32(delta)
		applied = float64(p.F32[k]) - float64(f.F32[k])
	}
	in := make(map[string]*ortrun.Tensor, len(feeds))
	for n, v := range feeds {
		in[n] = v
	}
	in[name] = p
	out, err := s.Run(in, []string{loss})
	if err != nil {
		return 0, 0, err
	}
	vals, err := floats(out[loss])
	if err != nil {
		return 0, 0, err
	}
	if len(vals) != 1 {
		return 0, 0, fmt.Errorf("gradcheck: loss %q has %d elements, want 1", loss, len(vals))
	}
	return vals[0], applied, nil
}

func floats(t *ortrun.Tensor) ([]float64, error) {
	switch {
	case t == nil:
		return nil, fmt.Errorf("missing tensor")
	case t.F64 != nil:
		return t.F64, nil
	case t.F32 != nil:
		out := make([]float64, len(t.F32))
		for i, x := range t.F32 {
			out[i] = float64(x)
		}
		return out, nil
	}
	return nil, fmt.Errorf("tensor of type %s is not floating point", t.DType())
}

// sample picks up to m distinct flat positions of n (all when m <= 0 or
// m >= n), sorted.
func sample(rng *rand.Rand, n, m int) []int {
	if m <= 0 || m >= n {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	perm := rng.Perm(n)[:m]
	out := append([]int(nil), perm...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func relErr(a, n []float64) float64 {
	num, den := 0.0, Floor
	for i := range a {
		num = math.Max(num, math.Abs(a[i]-n[i]))
		den = math.Max(den, math.Abs(n[i]))
	}
	if math.IsNaN(num) {
		return math.NaN()
	}
	return num / den
}
