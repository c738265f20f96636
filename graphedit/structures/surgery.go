package structures

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Report says what Remove did.
type Report struct {
	// FFNs lists the FFNs that lost neurons, Sublayers the sublayers
	// removed (by name).
	FFNs      []FFNChange
	Sublayers []string
	// Heads is head surgery's report (nil when no head was removed), with
	// the blocks named as in the discovery.
	Heads *heads.SurgeryReport
	// RemovedBytes is the initializer data the graph (with its subgraphs)
	// lost, net of copies and of the shape constants surgery adds: FFN
	// neurons, removed sublayers and heads together.
	RemovedBytes int64
	// Copies names FFN initializers other nodes read too, which the FFN
	// got its own sliced copy of.
	Copies []string
}

// FFNChange is one FFN's neuron count before and after surgery.
type FFNChange struct {
	FFN      string
	From, To int64
}

// Remove applies dec to g, whose structures d (from Discover on this very
// graph) describes: it removes the sublayers dec names, cuts the FFN
// neurons it does not keep, then the heads (heads.RemoveHeads on the
// blocks left). Entries naming structures g does not have are ignored: a
// decision is made for a whole model and applied to each of its files. A
// gated structure cannot lose neurons or be removed (its gate would not
// shrink): an error names it. On error g may be partly edited.
func Remove(g *graphedit.Graph, d *Discovery, dec Decision) (*Report, error) {
	if d.g != g {
		return nil, fmt.Errorf("structures: surgery: the discovery is of another graph")
	}
	rep := &Report{RemovedBytes: initBytes(g)}
	edited := map[*graphedit.Graph]bool{}
	removed := map[string]bool{}
	// What each bypassed residual sum became: a later sublayer whose
	// stream is that sum reads its replacement.
	replaced := map[*graphedit.Value]*graphedit.Value{}
	for _, s := range d.Sublayers {
		if !dec.Sublayers[s.Key()] {
			continue
		}
		if s.Gate != nil {
			return nil, fmt.Errorf("structures: surgery: %s is gated (input %s): remove it from the ungated model", s.Name(), s.Gate.Name())
		}
		for _, r := range s.residuals {
			if err := bypass(r, replaced); err != nil {
				return nil, fmt.Errorf("structures: surgery: %s: %w", s.Name(), err)
			}
			edited[r.g] = true
		}
		removed[s.Key()] = true
		rep.Sublayers = append(rep.Sublayers, s.Name())
	}
	for _, f := range d.FFNs {
		keep, ok := dec.Neurons[f.Key()]
		if !ok || removed[SublayerName(f.Kind, f.Layer, PartFFN)] {
			continue
		}
		if int64(len(keep)) != f.Width {
			return nil, fmt.Errorf("structures: surgery: %s has %d neurons, the decision gives %d", f.Name(), f.Width, len(keep))
		}
		kept := int64(countTrue(keep))
		if kept == f.Width {
			continue
		}
		if f.Gate != nil {
			return nil, fmt.Errorf("structures: surgery: %s is gated (input %s): prune the ungated model", f.Name(), f.Gate.Name())
		}
		copies, err := d.cutFFN(f, keep)
		if err != nil {
			return nil, fmt.Errorf("structures: surgery: %s: %w", f.Name(), err)
		}
		rep.Copies = append(rep.Copies, copies...)
		for _, r := range f.regions {
			edited[r.g] = true
		}
		rep.FFNs = append(rep.FFNs, FFNChange{FFN: f.Name(), From: f.Width, To: kept})
	}
	for _, b := range d.branches {
		if edited[b.g] {
			b.g.RefreshOuter()
			b.g.Cleanup()
			b.g.DropValueInfo()
			if err := g.SetSubgraph(b.ifNode, b.attr, b.g); err != nil {
				return nil, fmt.Errorf("structures: surgery: %w", err)
			}
		}
	}
	g.Cleanup()
	if len(edited) > 0 {
		g.DropValueInfo()
	}
	hrep, err := removeHeads(g, d, dec.Heads, removed, replaced)
	if err != nil {
		return nil, err
	}
	rep.Heads = hrep
	if err := g.InferShapes(); err != nil {
		return nil, fmt.Errorf("structures: surgery: the pruned graph is inconsistent: %w", err)
	}
	rep.RemovedBytes -= initBytes(g)
	return rep, nil
}

// initBytes is the size of the data of g's initializers, those of its
// subgraphs (If branches) included.
func initBytes(g *graphedit.Graph) int64 {
	var walk func(gp *onnxpb.GraphProto) int64
	walk = func(gp *onnxpb.GraphProto) int64 {
		var n int64
		for _, t := range gp.GetInitializer() {
			n += onnxio.TensorByteSize(t)
		}
		for _, nd := range gp.GetNode() {
			for _, a := range nd.GetAttribute() {
				if a.GetG() != nil {
					n += walk(a.GetG())
				}
				for _, sg := range a.GetGraphs() {
					n += walk(sg)
				}
			}
		}
		return n
	}
	return walk(g.ToProto())
}

// removeHeads runs head surgery, after the structures' surgery, on the
// blocks of d that lose heads: carried onto g as the surgery left it
// (heads.CarryJoined), so that they keep their names and no second head
// discovery runs. A value the surgery replaced (replaced: a bypassed
// residual sum, a fused normalization's output) is looked up as its
// replacement. The heads of a removed sublayer (removed, by sublayer key)
// are left alone: the sublayer went whole; so are those of a block the
// surgery left unread, which went with it.
func removeHeads(g *graphedit.Graph, d *Discovery, dec heads.Decision, removed map[string]bool, replaced map[*graphedit.Value]*graphedit.Value) (*heads.SurgeryReport, error) {
	var cut []*heads.Block
	now := heads.Decision{}
	for _, b := range d.Heads.Blocks {
		keep, ok := dec[b.Name()]
		if !ok || countTrue(keep) == len(keep) || removed[BlockSublayer(b.Kind, b.Layer)] {
			continue
		}
		if b.Softmax.Graph() == nil {
			// Gone with the code nothing reads any more (a removed
			// cross-attention takes the encoder of a single graph).
			continue
		}
		if b.Gate != nil {
			return nil, fmt.Errorf("structures: surgery: block %s is gated (input %s): prune the ungated model", b.Name(), b.Gate.Name())
		}
		cut = append(cut, b)
		now[b.Name()] = keep
	}
	if len(cut) == 0 {
		return nil, nil
	}
	renamed := map[string]string{}
	for old := range replaced {
		if old.Graph() != nil {
			continue // still in its graph (a graph output keeps its name)
		}
		v := replaced[old]
		for replaced[v] != nil {
			v = replaced[v]
		}
		renamed[old.Name()] = v.Name()
	}
	blocks, err := heads.CarryJoined([]heads.JoinedPart{{Graph: g, Blocks: cut, Renamed: renamed}}, g)
	if err != nil {
		return nil, fmt.Errorf("structures: surgery: %w", err)
	}
	rep, err := heads.RemoveHeads(g, blocks, now)
	if err != nil {
		return nil, fmt.Errorf("structures: surgery: %w", err)
	}
	return rep, nil
}

func countTrue(xs []bool) int {
	n := 0
	for _, x := range xs {
		if x {
			n++
		}
	}
	return n
}

// bypass removes a sublayer in one graph: readers of the residual sum
// read the stream instead. replaced maps the sums of sublayers already
// bypassed to what replaced them, and gets this one's.
func bypass(r *residual, replaced map[*graphedit.Value]*graphedit.Value) error {
	stream := r.stream
	for replaced[stream] != nil {
		stream = replaced[stream]
	}
	if r.skipLN {
		return bypassSkipLN(r, stream, replaced)
	}
	replaced[r.add.Output(0)] = stream
	return replaceKeepingName(r.g, r.add.Output(0), stream)
}

// replaceKeepingName makes the readers of old read repl; a graph output
// old becomes an Identity of repl under old's name.
func replaceKeepingName(g *graphedit.Graph, old, repl *graphedit.Value) error {
	if !old.IsGraphOutput() {
		return g.ReplaceAllUses(old, repl, nil)
	}
	name := old.Name()
	n, err := g.AddNode(graphedit.NodeSpec{OpType: "Identity", Inputs: []*graphedit.Value{repl}, Outputs: []string{g.FreshName(name + "/bypass")}})
	if err != nil {
		return err
	}
	if err := g.ReplaceAllUses(old, n.Output(0), &graphedit.ReplaceOptions{GraphOutputs: true}); err != nil {
		return err
	}
	if err := g.Rename(old, g.FreshName(name+"/bypassed")); err != nil {
		return err
	}
	return g.Rename(n.Output(0), name)
}

// bypassSkipLN replaces SkipLayerNormalization(input, skip, γ, β, bias) by
// LayerNormalization(stream, γ, β) and its sum output by the stream.
func bypassSkipLN(r *residual, stream *graphedit.Value, replaced map[*graphedit.Value]*graphedit.Value) error {
	g, n := r.g, r.add
	for _, i := range []int{1, 2} {
		if i < n.NumOutputs() && n.Output(i) != nil && (n.Output(i).NumUses() > 0 || n.Output(i).IsGraphOutput()) {
			return fmt.Errorf("%s: its mean or inverse deviation output is read", n)
		}
	}
	if g.Opset("") < 17 {
		return fmt.Errorf("%s: replacing it needs LayerNormalization (opset 17), the graph imports opset %d", n, g.Opset(""))
	}
	ins := []*graphedit.Value{stream, n.Input(2)}
	if n.NumInputs() > 3 && n.Input(3) != nil {
		ins = append(ins, n.Input(3))
	}
	attrs := []*onnxpb.AttributeProto{graphedit.IntAttr("axis", -1)}
	if a := n.Attr("epsilon"); a != nil {
		attrs = append(attrs, graphedit.FloatAttr("epsilon", a.GetF()))
	}
	ln, err := g.AddNode(graphedit.NodeSpec{OpType: "LayerNormalization", Inputs: ins, Outputs: []string{g.FreshName(label(n) + "/bypass")}, Attrs: attrs})
	if err != nil {
		return err
	}
	if n.Output(0) != nil {
		replaced[n.Output(0)] = ln.Output(0)
		if err := replaceKeepingName(g, n.Output(0), ln.Output(0)); err != nil {
			return err
		}
	}
	if n.NumOutputs() > 3 && n.Output(3) != nil {
		replaced[n.Output(3)] = stream
		if err := replaceKeepingName(g, n.Output(3), stream); err != nil {
			return err
		}
	}
	return nil
}

// sliceTarget is a tensor an FFN's surgery slices: its initializer (the
// enclosing graph's for an outer value) and the neuron axis.
type sliceTarget struct {
	iv   *graphedit.Value
	axis int
}

// targets lists the tensors the region's surgery slices, in a fixed
// order: each projection's weight on its neuron axis with the per-channel
// scales and zero points that run along that axis (those along the other
// axis stay), and the per-neuron constants.
func (r *ffnRegion) targets() []sliceTarget {
	var out []sliceTarget
	add := func(v *graphedit.Value, axis int) {
		if v.IsOuter() {
			v = v.OuterDefinition()
		}
		out = append(out, sliceTarget{v, axis})
	}
	project := func(p Projection, axis int) {
		add(p.Weight, axis)
		for _, c := range p.params {
			if c.axis == axis {
				add(c.v, 0)
			}
		}
	}
	for _, u := range r.ups {
		project(u, u.neuronAxis(true))
	}
	for _, c := range r.consts {
		add(c.v, c.axis)
	}
	project(r.down, r.down.neuronAxis(false))
	return out
}

// members returns the nodes of the region: what reads its tensors.
func (r *ffnRegion) members() map[*graphedit.Node]bool {
	m := map[*graphedit.Node]bool{r.down.Node: true}
	for n := range r.nodes {
		m[n] = true
	}
	for _, n := range r.down.chain {
		m[n] = true
	}
	return m
}

// cutFFN keeps the kept neurons of f in every graph it occurs in (both
// branches of a merged decoder's If) and returns the copies it made. A
// tensor that nodes outside f read too (a zero point the quantizer shares
// between weights, in any graph) is copied in the graph that holds it,
// f's readers in every graph are pointed at the copy, and the copy is
// sliced; otherwise the tensor is sliced in place, once.
func (d *Discovery) cutFFN(f *FFN, keep []bool) ([]string, error) {
	if countTrue(keep) == 0 {
		for _, r := range f.regions {
			if err := r.zeroDown(); err != nil {
				return nil, err
			}
		}
		return nil, nil
	}
	idx := make([]int64, 0, len(keep))
	for i, k := range keep {
		if k {
			idx = append(idx, int64(i))
		}
	}
	type reader struct {
		g   *graphedit.Graph
		own []graphedit.Use
	}
	var order []sliceTarget
	readers := map[*graphedit.Value][]reader{}
	for _, r := range f.regions {
		members := r.members()
		for _, t := range r.targets() {
			if _, ok := readers[t.iv]; !ok {
				order = append(order, t)
			}
			if slices.ContainsFunc(readers[t.iv], func(rd reader) bool { return rd.g == r.g }) {
				continue // the same tensor again (a zero point two projections share)
			}
			v := r.g.Value(t.iv.Name())
			var own []graphedit.Use
			for _, u := range v.Uses() {
				if members[u.Node] {
					own = append(own, u)
				}
			}
			readers[t.iv] = append(readers[t.iv], reader{r.g, own})
		}
	}
	var copies []string
	for _, t := range order {
		iv, owned := t.iv, 0
		for _, rd := range readers[iv] {
			owned += len(rd.own)
		}
		if owned < d.numReaders(iv) {
			holder := iv.Graph()
			c, err := holder.AddInitializer(cloneTensor(iv.Initializer(), holder.FreshName(iv.Name()+"/ffn")))
			if err != nil {
				return copies, err
			}
			for _, rd := range readers[iv] {
				cv := c
				if rd.g != holder {
					if cv, err = rd.g.OuterValue(c.Name()); err != nil {
						return copies, err
					}
				}
				for _, u := range rd.own {
					if err := rd.g.SetInput(u.Node, u.Input, cv); err != nil {
						return copies, err
					}
				}
			}
			copies = append(copies, iv.Name())
			iv = c
		}
		if err := sliceInitializer(iv, t.axis, idx, int64(len(keep))); err != nil {
			return copies, err
		}
	}
	return copies, nil
}

// numReaders counts the node inputs that read initializer iv: in its own
// graph, and, for one of the main graph, in the If branches the discovery
// holds (where it is an outer value), the If node's captures aside.
func (d *Discovery) numReaders(iv *graphedit.Value) int {
	n := 0
	for _, u := range iv.Uses() {
		if !u.Captured() {
			n++
		}
	}
	if iv.Graph() != d.g {
		return n
	}
	for _, b := range d.branches {
		if v := b.g.Value(iv.Name()); v != nil && v.IsOuter() {
			n += v.NumUses()
		}
	}
	return n
}

// zeroDown replaces the down projection's float result by zeros of its
// shape (plus the bias the node adds itself: a Gemm's, scaled by beta, or
// an integer product's): an FFN without neurons adds only its down bias.
func (r *ffnRegion) zeroDown() error {
	g, n := r.g, r.down.Node
	out := r.down.Out
	d := r.down.size(1 - r.down.neuronAxis(false))
	if d <= 0 {
		return fmt.Errorf("down projection %s: output size unknown", n)
	}
	// The shape of the FFN's input, not of its hidden activation, so that
	// the up projections and the activation go.
	y, err := g.AddZeroProduct(n, r.input, out, d, r.down.bias, "prune/"+label(n)+"/empty")
	if err != nil {
		return fmt.Errorf("down projection %s: %w", n, err)
	}
	return replaceKeepingName(g, out, y)
}

// sliceInitializer keeps entries idx of axis of initializer v (of size
// full on that axis).
func sliceInitializer(v *graphedit.Value, axis int, idx []int64, full int64) error {
	if dims := v.Initializer().GetDims(); axis >= len(dims) || dims[axis] != full {
		return fmt.Errorf("initializer %q has shape %v, want %d on axis %d", v.Name(), dims, full, axis)
	}
	_, err := v.Graph().SliceInitializer(v, axis, idx)
	return err
}

// cloneTensor copies a tensor under a new name.
func cloneTensor(t *onnxpb.TensorProto, name string) *onnxpb.TensorProto {
	c := proto.Clone(t).(*onnxpb.TensorProto)
	c.Name = proto.String(name)
	return c
}
