package verify

import (
	"crypto/sha256"
	"fmt"
	"slices"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// CallShape fixes the sizes of one model call for counting FLOPs.
type CallShape struct {
	// Batch is the number of rows.
	Batch int
	// SrcLen is the (padded) source length.
	SrcLen int
	// TgtLen is the number of target positions fed in this call (1 for a
	// cached step).
	TgtLen int
	// PastLen is the length of the past key/values fed (cached steps).
	PastLen int
}

// FLOPCount is the analytic cost of one call: 2·M·K·N per MatMul or Gemm
// (one multiply and one add per multiply-accumulate), from shapes inferred
// with the call's sizes.
type FLOPCount struct {
	// FLOPs is the sum over the counted nodes.
	FLOPs int64 `json:"flops"`
	// Nodes is the number of MatMul/Gemm nodes counted.
	Nodes int `json:"nodes"`
	// Uncounted names MatMul-like nodes whose shapes stayed unknown, and
	// subgraphs (If/Loop bodies) that were not entered.
	Uncounted []string `json:"uncounted,omitempty"`
}

// flopGraph is one file's IR, loaded once and cloned per count.
type flopGraph struct {
	fi   *fileInfo
	g    *graphedit.Graph
	m    *onnxio.Model
	done func() // releases m (fileInfo.open); nil: m is the caller's
}

// loadFLOPGraph loads fi's graph; for a merged decoder, useCache selects the
// If branch that is inlined (the other is never counted).
func loadFLOPGraph(fi *fileInfo, useCache bool) (*flopGraph, error) {
	m, done, err := fi.open(nil)
	if err != nil {
		return nil, err
	}
	var g *graphedit.Graph
	if fi.role == roleMerged {
		if g, err = graphedit.LoadInlined(m, useCacheName, useCache); err != nil {
			err = fmt.Errorf("verify: %s: %w", fi.path, err)
		}
	} else {
		g, err = fi.graph(m)
	}
	if err != nil {
		done()
		return nil, err
	}
	return &flopGraph{fi: fi, g: g, m: m, done: done}, nil
}

func (fg *flopGraph) close() {
	if fg.done != nil {
		fg.done()
	}
}

// count infers shapes for the call and sums MatMul/Gemm FLOPs. cross
// reports whether a past input is a fixed cross-attention cache (its length
// is the source length) rather than a growing self-attention one.
func (fg *flopGraph) count(cs CallShape, cross func(string) bool) (FLOPCount, error) {
	g, err := fg.g.Clone()
	if err != nil {
		return FLOPCount{}, err
	}
	fi := fg.fi
	B, S, T, P := int64(cs.Batch), int64(cs.SrcLen), int64(cs.TgtLen), int64(cs.PastLen)
	for _, v := range g.Inputs() {
		if v.IsInitializer() {
			continue
		}
		name := v.Name()
		decl := fi.inputDims[name]
		var dims []int64
		switch {
		case name == fi.srcIDs && fi.srcFeatures:
			dims = slices.Clone(decl)
			dims[0] = B
			if slices.Contains(dims, -1) {
				return FLOPCount{}, fmt.Errorf("verify: %s: features input %s has dims %v, want [batch, fixed mel bins, fixed frames]", fi.path, name, decl)
			}
		case name == fi.srcIDs && fi.seqFirst:
			dims = []int64{S, B}
		case name == fi.tgtIDs && fi.seqFirst:
			dims = []int64{T, B}
		case name == fi.srcIDs || name == fi.srcMask || name == fi.encMask:
			dims = []int64{B, S}
		case name == fi.tgtIDs || name == fi.tgtMask:
			dims = []int64{B, T}
		case name == fi.causalMask:
			dims = []int64{T, T}
		case name == fi.encState:
			if len(decl) != 3 || decl[2] < 0 {
				return FLOPCount{}, fmt.Errorf("verify: %s: %s has dims %v, want [batch, length, fixed width]", fi.path, name, decl)
			}
			dims = []int64{B, S, decl[2]}
		case name == useCacheName:
			dims = slices.Clone(decl)
		case isPast(name):
			// The graph's own declaration: surgery on the file's
			// ungated graph (a cost meter's cut) changes head counts.
			decl = declaredShape(v)
			l := P
			if cross(name) {
				l = S
			}
			switch {
			case len(decl) == 4 && decl[1] >= 0 && decl[3] >= 0:
				dims = []int64{B, decl[1], l, decl[3]}
			case v.NumUses() == 0:
				// Unread (a pruned-away sublayer's cache): any size will do.
				dims = []int64{B, 0, l, max(0, decl[len(decl)-1])}
			default:
				return FLOPCount{}, fmt.Errorf("verify: %s: past %s has dims %v, want [batch, heads, length, head size]", fi.path, name, decl)
			}
		default:
			return FLOPCount{}, fmt.Errorf("verify: %s: no size for input %s", fi.path, name)
		}
		ds := make([]graphedit.Dim, len(dims))
		for i, d := range dims {
			ds[i] = graphedit.IntDim(d)
		}
		v.SetType(v.ElemType(), ds)
	}
	if err := g.InferShapes(); err != nil {
		return FLOPCount{}, fmt.Errorf("verify: %s: shapes: %w", fi.path, err)
	}
	var fc FLOPCount
	for _, n := range g.Nodes() {
		if n.HasSubgraphs() {
			fc.Uncounted = append(fc.Uncounted, fmt.Sprintf("%s %s (subgraph)", n.OpType(), n.Name()))
			continue
		}
		op := n.OpType()
		if op != "MatMul" && op != "Gemm" && op != "FusedMatMul" {
			continue
		}
		f, ok := matmulFLOPs(n)
		if !ok {
			fc.Uncounted = append(fc.Uncounted, fmt.Sprintf("%s %s", op, n.Name()))
			continue
		}
		fc.FLOPs += f
		fc.Nodes++
	}
	return fc, nil
}

// declaredShape is v's declared dims, -1 where symbolic (nil when the rank
// is unknown).
func declaredShape(v *graphedit.Value) []int64 {
	var dims []int64
	for _, d := range v.Shape() {
		if d.Known() {
			dims = append(dims, d.Value)
		} else {
			dims = append(dims, -1)
		}
	}
	return dims
}

// matmulFLOPs is 2 · (output elements) · K, K the contracted size.
func matmulFLOPs(n *graphedit.Node) (int64, bool) {
	if n.NumInputs() < 2 || n.NumOutputs() < 1 {
		return 0, false
	}
	a, okA := graphedit.KnownSizes(n.Input(0).Shape())
	out, okO := graphedit.KnownSizes(n.Output(0).Shape())
	if !okA || !okO || len(a) == 0 || n.Output(0).Rank() < 0 {
		return 0, false
	}
	k := a[len(a)-1]
	if n.OpType() == "Gemm" && n.AttrInt("transA", 0) != 0 {
		if len(a) != 2 {
			return 0, false
		}
		k = a[0]
	}
	if n.OpType() == "FusedMatMul" && n.AttrInt("transA", 0) != 0 && len(a) >= 2 {
		k = a[len(a)-2]
	}
	elems := int64(1)
	for _, d := range out {
		elems *= d
	}
	return 2 * elems * k, true
}

// FLOPShape fixes the sizes a model's FLOPs are counted at.
type FLOPShape struct {
	// Batch, SrcLen and TgtLen are the rows, the source length and the
	// number of generated tokens of a whole-sentence translation.
	Batch  int `json:"batch"`
	SrcLen int `json:"src_len"`
	TgtLen int `json:"tgt_len"`
	// StepPast is the number of target tokens before the counted decoder
	// step (0 is the first step, fed the decoder start id alone).
	StepPast int `json:"step_past"`
}

// ModelFLOPs are the analytic costs of a model's calls at one FLOPShape.
type ModelFLOPs struct {
	Shape FLOPShape `json:"shape"`
	// Encoder is one encoder run (zero for a single graph, whose every call
	// runs the encoder again).
	Encoder FLOPCount `json:"encoder"`
	// Step is one decoder step after StepPast tokens: a cached step, or the
	// uncached decoder (single graph) over StepPast+1 positions.
	Step FLOPCount `json:"step"`
	// Sentence is the encoder plus all TgtLen steps.
	Sentence int64 `json:"sentence"`
	// PerToken is Sentence / (Batch · TgtLen).
	PerToken float64 `json:"per_token"`
	// PerSourceToken is Encoder / (Batch · SrcLen).
	PerSourceToken float64 `json:"per_source_token"`
}

// flopCounter counts the FLOPs of a model's calls; graphs load lazily.
type flopCounter struct {
	m      *Model
	cache  bool
	graphs map[string]*flopGraph
}

func (fc *flopCounter) graph(fi *fileInfo, useCache bool) (*flopGraph, error) {
	key := fmt.Sprintf("%s|%v", fi.path, useCache)
	if g, ok := fc.graphs[key]; ok {
		return g, nil
	}
	g, err := loadFLOPGraph(fi, useCache)
	if err != nil {
		return nil, err
	}
	fc.graphs[key] = g
	return g, nil
}

func (fc *flopCounter) close() {
	for _, g := range fc.graphs {
		g.close()
	}
}

func never(string) bool { return false }

// step counts decoder step t (t tokens before it) at batch b, source s.
func (fc *flopCounter) step(b, s, t int) (FLOPCount, error) {
	m, mf := fc.m, fc.m.mf
	switch {
	case mf.single != nil:
		g, err := fc.graph(mf.single, false)
		if err != nil {
			return FLOPCount{}, err
		}
		return g.count(CallShape{Batch: b, SrcLen: s, TgtLen: t + 1}, never)
	case fc.cache && m.Cached() && t > 0:
		cs := CallShape{Batch: b, SrcLen: s, TgtLen: 1, PastLen: t}
		if mf.decPast != nil {
			g, err := fc.graph(mf.decPast, true)
			if err != nil {
				return FLOPCount{}, err
			}
			st := &cacheStepper{m: m}
			return g.count(cs, func(p string) bool { return !st.selfPast(p) })
		}
		g, err := fc.graph(mf.merged, true)
		if err != nil {
			return FLOPCount{}, err
		}
		st := &cacheStepper{m: m}
		return g.count(cs, func(p string) bool { return !st.selfPast(p) })
	}
	n := t + 1
	if fc.cache && m.Cached() {
		n = 1 // the first cached step feeds the start id alone
	}
	cs := CallShape{Batch: b, SrcLen: s, TgtLen: n}
	if mf.dec != nil {
		g, err := fc.graph(mf.dec, false)
		if err != nil {
			return FLOPCount{}, err
		}
		return g.count(cs, never)
	}
	g, err := fc.graph(mf.merged, false)
	if err != nil {
		return FLOPCount{}, err
	}
	return g.count(cs, never)
}

// CountFLOPs returns the model's analytic FLOPs at shape, decoding with the
// key/value cache when cache is set and the model has one.
func (m *Model) CountFLOPs(shape FLOPShape, cache bool) (*ModelFLOPs, error) {
	if shape.Batch < 1 || shape.SrcLen < 1 || shape.TgtLen < 1 || shape.StepPast < 0 {
		return nil, fmt.Errorf("verify: FLOP shape %+v needs batch, source and target lengths ≥ 1", shape)
	}
	fc := &flopCounter{m: m, cache: cache, graphs: map[string]*flopGraph{}}
	defer fc.close()
	return m.countFLOPs(fc, shape)
}

// countFLOPs counts the calls of the graphs fc holds or loads.
func (m *Model) countFLOPs(fc *flopCounter, shape FLOPShape) (*ModelFLOPs, error) {
	out := &ModelFLOPs{Shape: shape}
	b, s := shape.Batch, shape.SrcLen
	if n := m.encoderPositions(); n > 0 {
		s = n
	}
	if m.mf.enc != nil {
		g, err := fc.graph(m.mf.enc, false)
		if err != nil {
			return nil, err
		}
		if out.Encoder, err = g.count(CallShape{Batch: b, SrcLen: s}, never); err != nil {
			return nil, err
		}
	}
	var err error
	if out.Step, err = fc.step(b, s, shape.StepPast); err != nil {
		return nil, err
	}
	// Step costs are polynomials of degree ≤ 2 in t (attention over the
	// prefix, once or for every position): fit t = 1, 2, 3, check at t = 4,
	// and count every step only when the check fails.
	steps := make([]int64, 0, 5)
	for t := 0; t < min(5, shape.TgtLen); t++ {
		c, err := fc.step(b, s, t)
		if err != nil {
			return nil, err
		}
		steps = append(steps, c.FLOPs)
	}
	quad := func(t int) int64 { // through (1, f1), (2, f2), (3, f3)
		f1, f2, f3 := steps[1], steps[2], steps[3]
		d1, d2 := f2-f1, f3-2*f2+f1
		k := int64(t - 1)
		return f1 + k*d1 + k*(k-1)/2*d2
	}
	fits := len(steps) == 5 && quad(4) == steps[4]
	out.Sentence = out.Encoder.FLOPs
	for t := 0; t < shape.TgtLen; t++ {
		switch {
		case t < len(steps):
			out.Sentence += steps[t]
		case fits:
			out.Sentence += quad(t)
		default:
			c, err := fc.step(b, s, t)
			if err != nil {
				return nil, err
			}
			out.Sentence += c.FLOPs
		}
	}
	out.PerToken = float64(out.Sentence) / float64(b*shape.TgtLen)
	out.PerSourceToken = float64(out.Encoder.FLOPs) / float64(b*s)
	return out, nil
}

// ParamCount is the number of floating-point weights of a model.
type ParamCount struct {
	// Total counts weights repeated in several files (a decoder and its
	// with-past twin, embeddings shared by encoder and decoder) once: a
	// tensor (same dims and bytes) found n times in one file and m times in
	// another counts max(n, m) times.
	Total int64 `json:"total"`
	// ByFile counts each file's floating-point initializers.
	ByFile map[string]int64 `json:"by_file"`
}

// CountParams counts the floating-point initializer elements of the files.
func (m *Model) CountParams() (*ParamCount, error) {
	pc := &ParamCount{ByFile: map[string]int64{}}
	most := map[string]int{}    // tensor key → most copies in one file
	elems := map[string]int64{} // tensor key → elements
	for _, fi := range m.mf.all {
		om, done, err := fi.open(&onnxio.LoadOptions{SkipNameCheck: true, AllowDirs: fi.allowDirs})
		if err != nil {
			return nil, err
		}
		var n int64
		copies := map[string]int{}
		var ferr error
		walkTensors(om.Proto.GetGraph(), func(t *onnxpb.TensorProto) {
			switch onnxpb.TensorProto_DataType(t.GetDataType()) {
			case onnxpb.TensorProto_FLOAT, onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16, onnxpb.TensorProto_DOUBLE:
			default:
				return
			}
			e := int64(1)
			for _, d := range t.GetDims() {
				e *= d
			}
			n += e
			raw, err := om.RawBytes(t)
			if err != nil {
				ferr = err
				return
			}
			sum := sha256.Sum256(raw)
			key := fmt.Sprintf("%d%v%x", t.GetDataType(), t.GetDims(), sum[:16])
			copies[key]++
			elems[key] = e
		})
		done()
		if ferr != nil {
			return nil, fmt.Errorf("verify: %s: %w", fi.path, ferr)
		}
		for k, c := range copies {
			most[k] = max(most[k], c)
		}
		pc.ByFile[fi.path] = n
	}
	for k, c := range most {
		pc.Total += int64(c) * elems[k]
	}
	return pc, nil
}

// walkTensors visits the initializers of g and of its subgraphs.
func walkTensors(g *onnxpb.GraphProto, f func(*onnxpb.TensorProto)) {
	for _, t := range g.GetInitializer() {
		f(t)
	}
	for _, n := range g.GetNode() {
		for _, a := range n.GetAttribute() {
			if a.GetG() != nil {
				walkTensors(a.GetG(), f)
			}
			for _, sg := range a.GetGraphs() {
				walkTensors(sg, f)
			}
		}
	}
}

// encoderPositions is the encoder output length of a model whose source is
// features of a fixed size (declared by its encoder output), or 0.
func (m *Model) encoderPositions() int {
	fi := m.mf.enc
	if fi == nil || !fi.srcFeatures {
		return 0
	}
	if d := fi.outputDims[fi.encOut]; len(d) == 3 && d[1] > 0 {
		return int(d[1])
	}
	return 0
}
