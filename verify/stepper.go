package verify

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"onnxprune/internal/modelfeed"
	"onnxprune/ortrun"
)

// stepper advances the decoders of a batch of rows one token at a time.
type stepper interface {
	// step appends tokens (one per row) to the rows' prefixes and returns the
	// logits of each row's next token as a rows×vocab slice.
	step(ctx context.Context, tokens []int64) (logits []float32, vocab int, err error)
	// reorder keeps the rows idx, in that order (rows may repeat): beam
	// search follows its surviving hypotheses, and finished rows leave.
	reorder(idx []int) error
	// rows is the current number of rows.
	rows() int
	// clone returns a stepper that continues from the same state
	// independently (benchmarks time one step again and again).
	clone() stepper
}

// encoded is a batch of sources ready for decoding.
type encoded struct {
	ids, mask *ortrun.Tensor // [rows, S] source ids and 0/1 mask
	hidden    *ortrun.Tensor // encoder output [rows, S, D] (nil for a single graph)
}

func (e *encoded) reorder(idx []int) error {
	var err error
	for _, t := range []**ortrun.Tensor{&e.ids, &e.mask, &e.hidden} {
		if *t == nil {
			continue
		}
		if *t, err = gatherRows(*t, idx); err != nil {
			return err
		}
	}
	return nil
}

// encode pads the sources and, for split layouts, runs the encoder once.
func (m *Model) encode(ctx context.Context, src [][]int64) (*encoded, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ids, mask := padRows(src, m.Specials.Pad)
	e := &encoded{ids: ids, mask: mask}
	if m.enc == nil {
		return e, nil
	}
	fi := m.mf.enc
	in := map[string]*ortrun.Tensor{fi.srcIDs: idsIn(ids, fi.seqFirst)}
	if m.Features != nil {
		t, err := m.featureBatch(src)
		if err != nil {
			return nil, err
		}
		in[fi.srcIDs] = t
	}
	if fi.srcMask != "" {
		in[fi.srcMask] = maskIn(mask, fi.srcMaskFormat)
	}
	out, err := m.enc.Run(in, []string{fi.encOut})
	if err != nil {
		return nil, err
	}
	e.hidden = out[fi.encOut]
	if e.hidden == nil || e.hidden.Float32s() == nil {
		return nil, fmt.Errorf("verify: %s: output %s is not float32, float16 or bfloat16", fi.path, fi.encOut)
	}
	return e, nil
}

// featureBatch gathers the features of utterance rows (FeatureRows) into
// a [rows, mel bins, frames] tensor.
func (m *Model) featureBatch(rows [][]int64) (*ortrun.Tensor, error) {
	f := m.Features
	data := make([]float32, 0, len(rows)*f.Mel*f.Frames)
	for _, r := range rows {
		if len(r) != 1 || r[0] < 0 || r[0] >= int64(f.N) {
			return nil, fmt.Errorf("verify: source row %v is not the index of one of the %d utterances of %s", r, f.N, f.Path)
		}
		data = append(data, f.Row(int(r[0]))...)
	}
	return ortrun.NewF32([]int64{int64(len(rows)), int64(f.Mel), int64(f.Frames)}, data), nil
}

// emptyPast returns a zero-length past tensor for input name of fi: the
// declared dims with the batch set to rows and other open dims to 0.
func emptyPast(fi *fileInfo, name string, rows int) *ortrun.Tensor {
	dims := slices.Clone(fi.inputDims[name])
	if len(dims) == 0 {
		dims = []int64{-1, -1, -1, -1}
	}
	dims[0] = int64(rows)
	for i := 1; i < len(dims); i++ {
		if dims[i] < 0 {
			dims[i] = 0
		}
	}
	return ortrun.NewF32(dims, []float32{})
}

// fullLogits runs the decoder without a cache on whole target prefixes
// ([rows, T], padded, with tgtKeep 1 on their tokens) and returns logits
// [rows, T, V].
func (m *Model) fullLogits(e *encoded, tgt, tgtKeep *ortrun.Tensor) (*ortrun.Tensor, error) {
	var (
		s  *ortrun.Session
		fi *fileInfo
		in = map[string]*ortrun.Tensor{}
	)
	switch {
	case m.single != nil:
		s, fi = m.single, m.mf.single
		in[fi.srcIDs] = idsIn(e.ids, fi.seqFirst)
		if fi.srcMask != "" {
			in[fi.srcMask] = maskIn(e.mask, fi.srcMaskFormat)
		}
		if fi.tgtMask != "" {
			in[fi.tgtMask] = maskIn(tgtKeep, fi.tgtMaskFormat)
		}
		if fi.causalMask != "" {
			in[fi.causalMask] = modelfeed.Causal(int(tgt.Shape[1]), fi.causalFormat)
		}
	case m.dec != nil:
		s, fi = m.dec, m.mf.dec
	case m.merged != nil:
		s, fi = m.merged, m.mf.merged
		in[useCacheName] = ortrun.NewBool([]int64{1}, []bool{false})
		for _, p := range fi.pastIn {
			in[p] = emptyPast(fi, p, int(tgt.Shape[0]))
		}
	default:
		return nil, fmt.Errorf("verify: %s: no decoder without cache", m)
	}
	in[fi.tgtIDs] = idsIn(tgt, fi.seqFirst)
	if fi.encState != "" {
		in[fi.encState] = e.hidden
	}
	if fi.encMask != "" {
		in[fi.encMask] = e.mask
	}
	out, err := s.Run(in, []string{fi.logits})
	if err != nil {
		return nil, err
	}
	return logitsOut(out[fi.logits], fi.seqFirst)
}

// fullStepper decodes without a cache: every step runs the decoder (or the
// single graph) on the whole prefix and keeps the last position.
type fullStepper struct {
	m      *Model
	e      *encoded
	prefix [][]int64
}

func (f *fullStepper) rows() int { return len(f.prefix) }

func (f *fullStepper) step(ctx context.Context, tokens []int64) ([]float32, int, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	if len(tokens) != len(f.prefix) {
		return nil, 0, fmt.Errorf("verify: %d tokens for %d rows", len(tokens), len(f.prefix))
	}
	for i, t := range tokens {
		f.prefix[i] = append(f.prefix[i], t)
	}
	tgt, keep := padRows(f.prefix, f.m.Specials.Pad)
	logits, err := f.m.fullLogits(f.e, tgt, keep)
	if err != nil {
		return nil, 0, err
	}
	return lastPosition(logits, len(f.prefix), f.m.Files[len(f.m.Files)-1])
}

func (f *fullStepper) clone() stepper {
	p := make([][]int64, len(f.prefix))
	for i := range p {
		p[i] = slices.Clone(f.prefix[i])
	}
	e := *f.e
	return &fullStepper{m: f.m, e: &e, prefix: p}
}

func (f *fullStepper) reorder(idx []int) error {
	p := make([][]int64, len(idx))
	for i, r := range idx {
		p[i] = slices.Clone(f.prefix[r])
	}
	f.prefix = p
	return f.e.reorder(idx)
}

// cacheStepper decodes with past key/values: the first step runs the decoder
// without past (or the merged decoder's first-step branch), later steps feed
// the present outputs back as past.
type cacheStepper struct {
	m    *Model
	e    *encoded
	n    int
	past map[string]*ortrun.Tensor // by past input name
	// kv are the buffers the self-attention presents are written into, by
	// past input name (nil until the first cached step).
	kv map[string]*presentBuffers
}

// presentBuffers spare decoding a new key/value cache at every step: a
// self-attention present is its past grown by one position along one axis,
// so once that axis is known the next present's shape is too, and ONNX
// Runtime writes it into one of two buffers, the one that does not hold
// the past it reads (ortrun.Session.RunInto). Without them every step
// allocates the whole cache again and Go's garbage collector runs often: a
// 160-token greedy translation of the reference model took 0.99 ms a token
// without them, 0.78 ms with.
type presentBuffers struct {
	axis int          // the axis that grows at each step (-1: not known yet, -2: none)
	buf  [2][]float32 // backing arrays, used in turn
	cur  int          // the buffer the current past lies in (-1: neither)
}

// into returns a tensor for the present of past, laid over the buffer
// that does not hold past, and which buffer that is; nil when the growing
// axis is not known yet or the cache is not float32.
func (b *presentBuffers) into(past *ortrun.Tensor) (*ortrun.Tensor, int) {
	if b.axis < 0 || past.F32 == nil || b.axis >= len(past.Shape) {
		return nil, -1
	}
	shape := slices.Clone(past.Shape)
	shape[b.axis]++
	size := int64(1)
	for _, d := range shape {
		size *= d
	}
	i := 0
	if b.cur == 0 {
		i = 1
	}
	if int64(cap(b.buf[i])) < size {
		// room for a few more steps before the next allocation
		b.buf[i] = make([]float32, size+size/4)
	}
	return &ortrun.Tensor{Shape: shape, F32: b.buf[i][:size]}, i
}

// learn records which axis grew from past to present: the one axis where
// present is one longer, every other equal.
func (b *presentBuffers) learn(past, present *ortrun.Tensor) {
	if b.axis != -1 || past == nil || present == nil || len(past.Shape) != len(present.Shape) {
		return
	}
	axis := -1
	for a := range past.Shape {
		switch {
		case present.Shape[a] == past.Shape[a]:
		case present.Shape[a] == past.Shape[a]+1 && axis < 0:
			axis = a
		default:
			return
		}
	}
	b.axis = axis
}

func (c *cacheStepper) rows() int { return c.n }

func (c *cacheStepper) cachedFile() *fileInfo {
	if c.m.mf.decPast != nil {
		return c.m.mf.decPast
	}
	return c.m.mf.merged
}

// selfPast reports whether past input p of the cached decoder is updated at
// every step (self-attention) rather than fixed after the first (cross).
func (c *cacheStepper) selfPast(p string) bool {
	fi := c.cachedFile()
	if fi.role == roleMerged {
		// Optimum's merged cache branch returns empty placeholders for the
		// cross-attention presents: the caller keeps the first step's.
		return !strings.Contains(p, ".encoder.")
	}
	return slices.Contains(fi.outputs, presentName(p))
}

func (c *cacheStepper) step(ctx context.Context, tokens []int64) ([]float32, int, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	if len(tokens) != c.n {
		return nil, 0, fmt.Errorf("verify: %d tokens for %d rows", len(tokens), c.n)
	}
	cf := c.cachedFile()
	tok := ortrun.NewI64([]int64{int64(c.n), 1}, slices.Clone(tokens))
	var (
		s    *ortrun.Session
		fi   *fileInfo
		in   = map[string]*ortrun.Tensor{}
		want []string
	)
	first := c.past == nil
	switch {
	case first && c.m.dec != nil:
		s, fi = c.m.dec, c.m.mf.dec
	case first:
		s, fi = c.m.merged, c.m.mf.merged
		in[useCacheName] = ortrun.NewBool([]int64{1}, []bool{false})
		for _, p := range fi.pastIn {
			in[p] = emptyPast(fi, p, c.n)
		}
	default:
		s, fi = c.m.sessionOf(cf), cf
		if fi.role == roleMerged {
			in[useCacheName] = ortrun.NewBool([]int64{1}, []bool{true})
		}
		for _, p := range fi.pastIn {
			in[p] = c.past[p]
		}
	}
	in[fi.tgtIDs] = tok
	if fi.encState != "" {
		in[fi.encState] = c.e.hidden
	}
	if fi.encMask != "" {
		in[fi.encMask] = c.e.mask
	}
	want = append(want, fi.logits)
	var into map[string]*ortrun.Tensor
	written := map[string]int{} // past input -> the buffer its present goes into
	for _, p := range cf.pastIn {
		if first || c.selfPast(p) {
			name := presentName(p)
			if !slices.Contains(fi.outputs, name) {
				return nil, 0, fmt.Errorf("verify: %s has no output %s for past input %s of %s", fi.path, name, p, cf.path)
			}
			want = append(want, name)
			if first {
				continue
			}
			if t, i := c.kv[p].into(c.past[p]); t != nil {
				if into == nil {
					into = map[string]*ortrun.Tensor{}
				}
				into[name], written[p] = t, i
			}
		}
	}
	out, err := s.RunInto(in, want, into)
	if err != nil && into != nil {
		// A present of another shape than its past grown by one: decode
		// this model without the buffers.
		for _, b := range c.kv {
			b.axis = -2
		}
		clear(written)
		out, err = s.Run(in, want)
	}
	if err != nil {
		return nil, 0, err
	}
	if first {
		c.past = map[string]*ortrun.Tensor{}
		c.kv = map[string]*presentBuffers{}
	}
	for _, p := range cf.pastIn {
		if first || c.selfPast(p) {
			present := out[presentName(p)]
			b := c.kv[p]
			if b == nil {
				b = &presentBuffers{axis: -1, cur: -1}
				c.kv[p] = b
			}
			if !first {
				b.learn(c.past[p], present)
			}
			b.cur = -1
			if i, ok := written[p]; ok {
				b.cur = i
			}
			c.past[p] = present
		}
	}
	return lastPosition(out[fi.logits], c.n, fi.path)
}

func (c *cacheStepper) clone() stepper {
	e := *c.e
	// The two share their pasts: neither may write into buffers the
	// other's past may lie in, so both start new ones.
	c.kv = forgetBuffers(c.kv)
	d := &cacheStepper{m: c.m, e: &e, n: c.n, kv: forgetBuffers(c.kv)}
	if c.past != nil {
		d.past = make(map[string]*ortrun.Tensor, len(c.past))
		for k, v := range c.past {
			d.past[k] = v
		}
	}
	return d
}

func (c *cacheStepper) reorder(idx []int) error {
	if err := c.e.reorder(idx); err != nil {
		return err
	}
	for k, t := range c.past {
		g, err := gatherRows(t, idx)
		if err != nil {
			return fmt.Errorf("verify: past %s: %w", k, err)
		}
		c.past[k] = g
		if b := c.kv[k]; b != nil {
			b.cur = -1 // the gathered past is a copy: both buffers are free
		}
	}
	c.n = len(idx)
	return nil
}

// forgetBuffers returns present buffers that know what kv learnt (the
// growing axes) but hold no memory of kv's.
func forgetBuffers(kv map[string]*presentBuffers) map[string]*presentBuffers {
	if kv == nil {
		return nil
	}
	out := make(map[string]*presentBuffers, len(kv))
	for k, b := range kv {
		out[k] = &presentBuffers{axis: b.axis, cur: -1}
	}
	return out
}

func (m *Model) sessionOf(fi *fileInfo) *ortrun.Session {
	switch fi {
	case m.mf.single:
		return m.single
	case m.mf.enc:
		return m.enc
	case m.mf.dec:
		return m.dec
	case m.mf.decPast:
		return m.decPast
	case m.mf.merged:
		return m.merged
	}
	return nil
}

// newStepper starts decoding an encoded batch.
func (m *Model) newStepper(e *encoded, cache bool) stepper {
	n := int(e.ids.Shape[0])
	if cache && m.Cached() {
		return &cacheStepper{m: m, e: e, n: n}
	}
	return &fullStepper{m: m, e: e, prefix: make([][]int64, n)}
}
