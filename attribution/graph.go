package attribution

import (
	"fmt"
	"strings"

	"onnxprune/attribution/lrp"
	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
)

// Names of the inputs and outputs the analysis graph adds.
const (
	// LabelsInput is the int64 [B,T] next-token labels of the loss.
	LabelsInput = "attr/labels"
	// LossOutput is the scalar cross-entropy loss (Michel et al.'s L).
	LossOutput = "attr/loss"
	// TopOutput is the top-1 logit of every step, [B,T].
	TopOutput = "attr/top1"
	// TargetOutput is the LRP target: the top-1 logits summed over steps.
	TargetOutput = "attr/target"
	// GradPrefix starts the plain gradients ("grad/gate/encoder.0").
	GradPrefix = "grad/"
	// RelPrefix starts the LRP signals ("lrp/gate/encoder.0").
	RelPrefix = "lrp/"
	// probsPrefix starts the exposed attention probabilities.
	probsPrefix = "attr/probs/"
)

// DetectNames fills the empty fields of given from the usual names and
// the graph (src_ids/input_ids, attention_mask or a bool key padding mask,
// tgt_ids/decoder_input_ids, decoder_attention_mask, logits:
// graphedit.GuessIORoles) and checks that they exist and that the logits
// have a position per decoder input position
// (graphedit.CheckLogitsPerPosition). Other inputs are fed by
// Example.Feeds.
func DetectNames(g *graphedit.Graph, given graphedit.IORoles) (graphedit.IORoles, error) {
	r, err := graphedit.GuessIORoles(g, given)
	if err != nil {
		return r, fmt.Errorf("attribution: %w", err)
	}
	has := map[string]bool{}
	var ins []string
	for _, v := range g.Inputs() {
		has[v.Name()] = true
		ins = append(ins, v.Name())
	}
	if r.Src == "" || r.DecIn == "" {
		return r, fmt.Errorf("attribution: the model needs source ids and decoder input ids in one graph (inputs are %s); split encoder/decoder files are not supported", strings.Join(ins, ", "))
	}
	for _, n := range []string{r.Src, r.SrcMask, r.DecIn, r.DecMask} {
		if n != "" && !has[n] {
			return r, fmt.Errorf("attribution: the model has no input %q (inputs are %s)", n, strings.Join(ins, ", "))
		}
	}
	if v := g.Value(r.Logits); r.Logits == "" || v == nil || !v.IsGraphOutput() {
		return r, fmt.Errorf("attribution: the model has no logits output %q", r.Logits)
	}
	if err := graphedit.CheckLogitsPerPosition(g, r); err != nil {
		return r, fmt.Errorf("attribution: %w", err)
	}
	return r, nil
}

// Cut is a value at which conservation is checked: the relevance summed
// over its elements should equal the target (less what biases absorbed).
type Cut struct {
	// Name says what the cut is: "embeddings", "encoder:1 input",
	// "logits input".
	Name string
	// Values are the graph values whose relevances add up at the cut.
	Values []string
	// Biases is the number of constant addends behind the cut.
	Biases int
	parts  []dotRef // the relevance of each value, summed over it
	shares []dotRef // what each constant addend behind it absorbed
}

// BlockInfo is one attention block of the analysis graph.
type BlockInfo struct {
	Name   string // KIND:LAYER
	Kind   heads.Kind
	Layer  int
	Heads  int
	Gate   string // gate input
	probs  string // exposed Softmax output, "" when the block has none
	batchH bool   // probs are [B*H,T,S]
}

// Graph is a model turned into the analysis graph: gates on every head,
// the attention probabilities exposed, the loss and its plain gradients,
// and the LRP signals of the top-1 logits.
type Graph struct {
	// G is the analysis graph itself (the model's graph, changed in place).
	G *graphedit.Graph
	// Names are the model's inputs and logits output.
	Names graphedit.IORoles
	// Blocks are the attention blocks, one per gate in InsertGates order;
	// Cuts are the conservation cuts.
	Blocks []BlockInfo
	Cuts   []Cut
	// Units are the FFN and sublayer gates (Options), after the blocks'.
	Units []UnitGate
}

// Options choose what the analysis graph gates besides the heads.
type Options struct {
	// Structures gates FFN neurons (or groups) and sublayers as train
	// --structures does; its Heads field is ignored (heads are always
	// gated).
	Structures structures.List
	// Blocks are the graph's attention blocks when the caller found them
	// already (for a joined graph: its files' blocks carried onto it,
	// heads.CarryJoined); nil: BuildGraph finds them (heads.FindHeads).
	Blocks []*heads.Block
}

// BuildGraph turns the graph of a model (not yet gated) into an analysis
// graph: it finds the attention heads, gates every head (g = 1 by default),
// exposes each block's attention probabilities, adds the cross-entropy loss
// against LabelsInput with the plain gradients of the gates (GradPrefix),
// and the LRP signals (RelPrefix, rules of package lrp) of TargetOutput
// with respect to the gates and the values of the conservation cuts.
// g is changed in place. With opts.Structures the FFN neurons (or groups)
// and sublayers get gates too, whose plain and LRP gradients leave the
// graph like the heads' (Graph.Units). The attention blocks are
// opts.Blocks when given, else found here.
func BuildGraph(g *graphedit.Graph, names graphedit.IORoles, opts Options) (*Graph, error) {
	names, err := DetectNames(g, names)
	if err != nil {
		return nil, err
	}
	for _, v := range g.Inputs() {
		if strings.HasPrefix(v.Name(), "gate/") {
			return nil, fmt.Errorf("attribution: the model is already gated (input %q): analyze the ungated or the pruned file", v.Name())
		}
	}
	if q := heads.QuantizingNode(g); q != nil {
		return nil, fmt.Errorf("attribution: the model quantizes its activations to integers (%s), through which gradients and relevance do not flow: analyze the float (fp32) model, then apply its decision to this file with 'onnxprune prune --gates gates.json' (or --remove)", q)
	}
	blocks := opts.Blocks
	if blocks == nil {
		if blocks, err = heads.FindHeads(g); err != nil {
			return nil, fmt.Errorf("attribution: %w", err)
		}
	}
	if len(blocks) == 0 {
		return nil, fmt.Errorf("attribution: no attention heads found")
	}
	gates, err := heads.InsertGates(g, blocks, nil)
	if err != nil {
		return nil, fmt.Errorf("attribution: %w", err)
	}
	ag := &Graph{G: g, Names: names}
	if ag.Units, err = gateStructures(g, blocks, opts.Structures); err != nil {
		return nil, err
	}
	fwd := map[*graphedit.Node]bool{}
	for _, n := range g.Nodes() {
		fwd[n] = true
	}
	byName := map[string]*heads.Block{}
	for _, b := range blocks {
		byName[b.Name()] = b
	}
	for _, gt := range gates {
		b := byName[gt.Block]
		bi := BlockInfo{Name: gt.Block, Kind: gt.Kind, Layer: gt.Layer, Heads: gt.Heads, Gate: gt.Name, batchH: b.BatchHeads}
		if b.Softmax != nil && b.Softmax.OpType() == "Softmax" && b.Softmax.Domain() == "" && b.Softmax.Graph() == g {
			p := b.Softmax.Output(0)
			id, err := identity(g, p, probsPrefix+b.Name())
			if err != nil {
				return nil, err
			}
			if err := g.AddOutput(id); err != nil {
				return nil, fmt.Errorf("attribution: exposing the attention of %s: %w", b.Name(), err)
			}
			bi.probs = id.Name()
		}
		ag.Blocks = append(ag.Blocks, bi)
	}
	logits := g.Value(names.Logits)

	// Michel et al.: the plain gradient of the loss.
	dec := g.Value(names.DecIn)
	labels, err := g.AddInput(LabelsInput, graphedit.ElemInt64, dec.Shape())
	if err != nil {
		return nil, fmt.Errorf("attribution: labels input: %w", err)
	}
	loss, err := autodiff.CrossEntropy(g, logits, labels, autodiff.CrossEntropyOptions{PadID: -100, Name: LossOutput})
	if err != nil {
		return nil, fmt.Errorf("attribution: loss: %w", err)
	}
	if err := g.AddOutput(loss); err != nil {
		return nil, fmt.Errorf("attribution: %w", err)
	}
	var gateVals []*graphedit.Value
	for _, b := range ag.Blocks {
		gateVals = append(gateVals, g.Value(b.Gate))
	}
	for _, u := range ag.Units {
		gateVals = append(gateVals, g.Value(u.Gate))
	}
	if _, err := autodiff.Build(g, loss, gateVals, &autodiff.Options{Prefix: GradPrefix}); err != nil {
		return nil, fmt.Errorf("attribution: gradient of the loss: %w", err)
	}

	// LRP: the top-1 logit of every step, summed.
	top, err := reduceMaxLast(g, logits)
	if err != nil {
		return nil, err
	}
	top, err = identity(g, top, TopOutput)
	if err != nil {
		return nil, err
	}
	// Computed from the logits projection's input where the projection is
	// found: its LRP signal is then the top-1 token's column of the weight,
	// a gather, not a product with the whole vocabulary's weights. The
	// nodes it adds belong to the forward pass (their constant addend, the
	// top-1 token's logit bias, absorbs its share like any bias).
	before := g.Nodes()
	var target *graphedit.Value
	if sum, ok, err := topLogitsFromProjection(g, logits); err != nil {
		return nil, err
	} else if ok {
		target, err = identity(g, sum, TargetOutput)
		if err != nil {
			return nil, err
		}
		known := map[*graphedit.Node]bool{}
		for _, n := range before {
			known[n] = true
		}
		for _, n := range g.Nodes() {
			if !known[n] {
				fwd[n] = true
			}
		}
	} else {
		target, err = node(g, "ReduceSum", TargetOutput, []*graphedit.Value{top}, graphedit.IntAttr("keepdims", 0))
		if err != nil {
			return nil, err
		}
	}
	for _, v := range []*graphedit.Value{top, target} {
		if err := g.AddOutput(v); err != nil {
			return nil, fmt.Errorf("attribution: %w", err)
		}
	}
	ag.Cuts = findCuts(g, blocks, logits, names.DecIn)
	wrt := append([]*graphedit.Value(nil), gateVals...)
	seen := map[string]bool{}
	for _, c := range ag.Cuts {
		for _, v := range c.Values {
			if !seen[v] {
				seen[v] = true
				wrt = append(wrt, g.Value(v))
			}
		}
	}
	var sources []*graphedit.Value
	for _, c := range ag.Cuts {
		if c.Name == "embeddings" {
			for _, v := range c.Values {
				sources = append(sources, g.Value(v))
			}
		}
	}
	sources = append(sources, gateVals...)
	rules := lrp.Rules()
	biases, err := findBiasNodes(g, fwd, sources, leadsTo(g, target, rules), rules)
	if err != nil {
		return nil, err
	}
	for _, b := range biases {
		if v := b.node.Output(0); !seen[v.Name()] {
			seen[v.Name()] = true
			wrt = append(wrt, v)
		}
	}
	sig, err := autodiff.Build(g, target, wrt, &autodiff.Options{Prefix: RelPrefix, Rules: rules, NoOutputs: true})
	if err != nil {
		return nil, fmt.Errorf("attribution: relevance graph: %w", err)
	}
	for _, v := range gateVals {
		out, err := identity(g, sig[v.Name()], RelPrefix+v.Name())
		if err != nil {
			return nil, err
		}
		if err := g.AddOutput(out); err != nil {
			return nil, fmt.Errorf("attribution: %w", err)
		}
	}
	// The relevance at the cuts and what the constants behind them
	// absorbed leave the graph as one scalar per cut value and one per
	// bias, each computed once however many cuts share it (the decoder
	// embeddings and most biases lie behind every encoder cut) and most of
	// them together (emitDots); Analyzer.Run adds them up per cut.
	var terms []dotTerm
	partOf := map[string]int{}
	shareOf := map[int]int{}
	type cutTerms struct{ parts, shares []int }
	per := make([]cutTerms, len(ag.Cuts))
	for i := range ag.Cuts {
		c := &ag.Cuts[i]
		var vals []*graphedit.Value
		for _, name := range c.Values {
			v := g.Value(name)
			vals = append(vals, v)
			k, ok := partOf[name]
			if !ok {
				k = len(terms)
				terms = append(terms, dotTerm{a: v, s: sig[name], like: v, scale: 1})
				partOf[name] = k
			}
			per[i].parts = append(per[i].parts, k)
		}
		behind := reach(vals)
		for j, b := range biases {
			if !behind[b.node] {
				continue
			}
			k, ok := shareOf[j]
			if !ok {
				y := b.node.Output(0)
				k = len(terms)
				terms = append(terms, dotTerm{a: b.bias, s: sig[y.Name()], like: y, scale: b.scale})
				shareOf[j] = k
			}
			per[i].shares = append(per[i].shares, k)
		}
		c.Biases = len(per[i].shares)
	}
	refs, err := emitDots(g, terms)
	if err != nil {
		return nil, err
	}
	for i := range ag.Cuts {
		for _, k := range per[i].parts {
			ag.Cuts[i].parts = append(ag.Cuts[i].parts, refs[k])
		}
		for _, k := range per[i].shares {
			ag.Cuts[i].shares = append(ag.Cuts[i].shares, refs[k])
		}
	}
	return ag, nil
}

// node adds one node with one output named out.
func node(g *graphedit.Graph, op, out string, ins []*graphedit.Value, attrs ...*graphedit.Attribute) (*graphedit.Value, error) {
	n, err := g.AddNode(graphedit.NodeSpec{OpType: op, Name: g.FreshName("attr/" + op), Inputs: ins, Outputs: []string{out}, Attrs: attrs})
	if err != nil {
		return nil, fmt.Errorf("attribution: adding %s %q: %w", op, out, err)
	}
	return n.Output(0), nil
}

func identity(g *graphedit.Graph, v *graphedit.Value, name string) (*graphedit.Value, error) {
	return node(g, "Identity", g.FreshName(name), []*graphedit.Value{v})
}

// reduceMaxLast is ReduceMax over the last axis, keepdims 0 (axes as an
// attribute before opset 18, an input from 18).
func reduceMaxLast(g *graphedit.Graph, x *graphedit.Value) (*graphedit.Value, error) {
	keep := graphedit.IntAttr("keepdims", 0)
	if g.Opset("") >= 18 {
		axes, err := g.AddInitializer(onnxio.NewInt64(g.FreshName("attr/axes"), []int64{1}, []int64{-1}))
		if err != nil {
			return nil, fmt.Errorf("attribution: %w", err)
		}
		return node(g, "ReduceMax", g.FreshName("attr/max"), []*graphedit.Value{x, axes}, keep)
	}
	return node(g, "ReduceMax", g.FreshName("attr/max"), []*graphedit.Value{x}, graphedit.IntsAttr("axes", -1), keep)
}

// topLogitsFromProjection emits Σ_t logits[t, argmax_t] computed from the
// input x of the projection that makes the logits (MatMul by a matrix W
// [D,V], an optional bias b [V], Identity nodes between): Σ_t x_t·W[:,a_t]
// + b[a_t] with a = ArgMax(logits). Its value is the summed top-1 logit;
// its gradient with respect to x is the gathered columns of W. ok is false
// (and nothing is added) when the logits are not made that way.
func topLogitsFromProjection(g *graphedit.Graph, logits *graphedit.Value) (sum *graphedit.Value, ok bool, err error) {
	n, _ := logits.Producer()
	for n != nil && n.OpType() == "Identity" && n.Domain() == "" {
		n, _ = n.Input(0).Producer()
	}
	var bias *graphedit.Value
	if n != nil && n.OpType() == "Add" && n.Domain() == "" && n.NumInputs() == 2 {
		for i := 0; i < 2; i++ {
			p, _ := n.Input(i).Producer()
			if p != nil && p.OpType() == "MatMul" && p.Domain() == "" {
				bias = n.Input(1 - i)
				n = p
				break
			}
		}
	}
	if n == nil || n.OpType() != "MatMul" || n.Domain() != "" {
		return nil, false, nil
	}
	x, w := n.Input(0), n.Input(1)
	r := logits.Rank()
	wd, ld := w.Shape(), logits.Shape()
	if r < 2 || x.Rank() != r || w.Rank() != 2 || !isFloat(x) || !isFloat(w) || !isFloat(logits) ||
		!wd[1].Known() || !ld[r-1].Known() || wd[1].Value != ld[r-1].Value {
		return nil, false, nil
	}
	V := wd[1].Value
	if bias != nil {
		bd := bias.Shape()
		if bias.Rank() != 1 || !isFloat(bias) || !bd[0].Known() || bd[0].Value != V {
			return nil, false, nil
		}
	}
	if g.Opset("") < 13 {
		return nil, false, nil // ReduceSum takes its axes as an input from 13
	}
	idx, err := node(g, "ArgMax", g.FreshName("attr/top/argmax"), []*graphedit.Value{logits},
		graphedit.IntAttr("axis", -1), graphedit.IntAttr("keepdims", 0))
	if err != nil {
		return nil, false, err
	}
	cols, err := node(g, "Gather", g.FreshName("attr/top/columns"), []*graphedit.Value{w, idx}, graphedit.IntAttr("axis", 1))
	if err != nil {
		return nil, false, err
	}
	perm := make([]int64, r)
	for i := range perm {
		perm[i] = int64(i+1) % int64(r)
	}
	cols, err = node(g, "Transpose", g.FreshName("attr/top/columns_t"), []*graphedit.Value{cols}, graphedit.IntsAttr("perm", perm...))
	if err != nil {
		return nil, false, err
	}
	prod, err := node(g, "Mul", g.FreshName("attr/top/mul"), []*graphedit.Value{x, cols})
	if err != nil {
		return nil, false, err
	}
	last, err := g.AddInitializer(onnxio.NewInt64(g.FreshName("attr/top/axes"), []int64{1}, []int64{-1}))
	if err != nil {
		return nil, false, fmt.Errorf("attribution: %w", err)
	}
	top, err := node(g, "ReduceSum", g.FreshName("attr/top/dot"), []*graphedit.Value{prod, last}, graphedit.IntAttr("keepdims", 0))
	if err != nil {
		return nil, false, err
	}
	if bias != nil {
		b, err := node(g, "Gather", g.FreshName("attr/top/bias"), []*graphedit.Value{bias, idx}, graphedit.IntAttr("axis", 0))
		if err != nil {
			return nil, false, err
		}
		if top, err = node(g, "Add", g.FreshName("attr/top/logit"), []*graphedit.Value{top, b}); err != nil {
			return nil, false, err
		}
	}
	sum, err = node(g, "ReduceSum", g.FreshName("attr/top/sum"), []*graphedit.Value{top}, graphedit.IntAttr("keepdims", 0))
	if err != nil {
		return nil, false, err
	}
	return sum, true, nil
}

// findCuts lists the conservation cuts: the token embeddings (outputs of
// Gather from a float matrix initializer: token and learned position
// tables), for each encoder self-attention block the residual stream
// entering it together with the decoder-side embeddings (the two carry all
// the relevance between them), and the input of the projection that makes
// the logits. The stream entering a block is the block's input, walked
// back through layout ops (Transpose, Reshape, …) and a LayerNormalization
// (pre-LN layers; in post-LN layers the sum before the norm is as good a
// cut).
func findCuts(g *graphedit.Graph, blocks []*heads.Block, logits *graphedit.Value, decIn string) []Cut {
	var cuts []Cut
	var emb, decEmb []string
	memo := map[*graphedit.Value]bool{}
	for _, n := range g.Nodes() {
		if n.OpType() != "Gather" || n.Domain() != "" || n.NumInputs() < 2 {
			continue
		}
		w := n.Input(0)
		if w == nil || !w.IsInitializer() || w.Rank() != 2 || !graphedit.IsFloat(w.ElemType()) {
			continue
		}
		if out := n.Output(0); out != nil && graphedit.IsFloat(out.ElemType()) {
			emb = append(emb, out.Name())
			if dependsOn(n.Input(1), decIn, memo) {
				decEmb = append(decEmb, out.Name())
			}
		}
	}
	if len(emb) > 0 {
		cuts = append(cuts, Cut{Name: "embeddings", Values: emb})
	}
	for _, b := range blocks {
		if b.Kind != heads.KindEncoder || b.QueryInput == nil || b.Graph != "main" {
			continue
		}
		stream := b.QueryInput
		for {
			p, _ := stream.Producer()
			if p == nil || p.Domain() != "" || !streamOps[p.OpType()] || p.Input(0) == nil || !isFloat(p.Input(0)) {
				break
			}
			stream = p.Input(0)
		}
		cuts = append(cuts, Cut{Name: b.Name() + " stream + decoder embeddings", Values: append([]string{stream.Name()}, decEmb...)})
	}
	// The logits projection: walk back through Identity and a bias Add.
	n, _ := logits.Producer()
	for n != nil && n.OpType() == "Identity" {
		n, _ = n.Input(0).Producer()
	}
	if n != nil && n.OpType() == "Add" {
		for _, x := range n.Inputs() {
			if p, _ := x.Producer(); p != nil && (p.OpType() == "MatMul" || p.OpType() == "Gemm") {
				n = p
				break
			}
		}
	}
	if n != nil && (n.OpType() == "MatMul" || n.OpType() == "Gemm") {
		cuts = append(cuts, Cut{Name: "logits input", Values: []string{n.Input(0).Name()}})
	}
	return cuts
}

// streamOps are the ops walked back from a block's input to the residual
// stream: layout changes and a pre-LN layer norm.
var streamOps = map[string]bool{"Transpose": true, "Reshape": true, "Identity": true, "Squeeze": true, "Unsqueeze": true, "LayerNormalization": true}

// dependsOn reports whether v is computed from the graph input named in.
func dependsOn(v *graphedit.Value, in string, memo map[*graphedit.Value]bool) bool {
	if v == nil {
		return false
	}
	if d, ok := memo[v]; ok {
		return d
	}
	memo[v] = false
	if v.Name() == in {
		memo[v] = true
		return true
	}
	p, _ := v.Producer()
	if p == nil {
		return false
	}
	for _, x := range p.Inputs() {
		if dependsOn(x, in, memo) {
			memo[v] = true
			return true
		}
	}
	return false
}
