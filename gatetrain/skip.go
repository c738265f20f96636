package gatetrain

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strconv"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// UnclampedInput is the training graph's input that says which gate
// gradients a run needs: a float vector with one element per gate input
// (TrainGraph.Gates order), nonzero when some gate of that input lies inside
// the Hard Concrete stretch (0 < g < 1) in this step. Its stored default is
// all ones, so a run that does not feed it gets every gradient.
//
// A sampled gate clamped at 0 or 1 has dg/dlogα = 0: its log α gets no
// gradient from the loss in that step whatever d loss/d g is. The training
// graph puts the backward nodes that only gate gradients need into If
// nodes, one per set of gate inputs they lead to, run when any input of the
// set is fed nonzero; a skipped If returns zeros for the gate gradients it
// computes, and placeholders (empty tensors) for values only other skipped
// Ifs read. The gradients of the inputs fed nonzero are computed by the same
// nodes as without the Ifs.
const UnclampedInput = "train/unclamped"

// skipPrefix names the nodes and values the pass adds.
const skipPrefix = "train/skip"

// skipClampedBackward wraps the nodes of g that no output but gate
// gradients needs into If nodes conditioned on UnclampedInput (added as an
// input with all-ones default). It returns the number of If nodes made: 0,
// and the graph unchanged, when no node qualifies, when one of them has
// subgraphs, or when shape inference leaves the type of one of their
// outputs unknown.
func skipClampedBackward(g *graphedit.Graph, gates []GateInput) (int, error) {
	if err := g.InferShapes(); err != nil {
		return 0, fmt.Errorf("gatetrain: skip clamped backward: %w", err)
	}
	order, err := g.TopoOrder()
	if err != nil {
		return 0, fmt.Errorf("gatetrain: skip clamped backward: %w", err)
	}
	gateOf := map[string]int{}
	for i, gi := range gates {
		gateOf[GradName(gi.Name)] = i
	}
	// reach[n]: the gate inputs whose gradient n leads to, and whether it
	// leads to any other output (the loss, weight gradients: always run).
	words := (len(gates) + 63) / 64
	type reach struct {
		gates  []uint64
		always bool
	}
	reaches := map[*graphedit.Node]*reach{}
	for i := len(order) - 1; i >= 0; i-- {
		n := order[i]
		r := &reach{gates: make([]uint64, words)}
		for _, v := range n.Outputs() {
			if v == nil {
				continue
			}
			if v.IsGraphOutput() {
				if k, ok := gateOf[v.Name()]; ok {
					r.gates[k/64] |= 1 << (k % 64)
				} else {
					r.always = true
				}
			}
			for _, u := range v.Uses() {
				ur := reaches[u.Node]
				if ur == nil {
					// A reader outside the order (none in a valid graph):
					// keep n unconditional.
					r.always = true
					continue
				}
				r.always = r.always || ur.always
				for w := range r.gates {
					r.gates[w] |= ur.gates[w]
				}
			}
		}
		reaches[n] = r
	}
	// Group the conditional nodes by the set of gate inputs they lead to.
	type group struct {
		gates []int
		nodes []*graphedit.Node
	}
	groups := map[string]*group{}
	var keys []string
	for _, n := range order {
		r := reaches[n]
		if r.always {
			continue
		}
		key := ""
		var members []int
		for k := range gates {
			if r.gates[k/64]>>(k%64)&1 == 1 {
				members = append(members, k)
				key += strconv.Itoa(k) + ","
			}
		}
		if len(members) == 0 {
			continue
		}
		if n.HasSubgraphs() {
			// Its subgraphs' captures are not moved: leave the graph as it is.
			return 0, nil
		}
		for _, v := range n.Outputs() {
			if v != nil && v.ElemType() == 0 {
				// An If output needs its type: leave the graph as it is.
				return 0, nil
			}
		}
		if groups[key] == nil {
			groups[key] = &group{gates: members}
			keys = append(keys, key)
		}
		groups[key].nodes = append(groups[key].nodes, n)
	}
	if len(keys) == 0 {
		return 0, nil
	}
	// A node's inputs come from nodes that lead to a superset of its gate
	// inputs: wrapping larger sets first leaves every value a set reads
	// already produced by an If or an unconditional node.
	sort.SliceStable(keys, func(a, b int) bool { return len(groups[keys[a]].gates) > len(groups[keys[b]].gates) })

	ones := make([]float32, len(gates))
	for i := range ones {
		ones[i] = 1
	}
	flags, err := g.AddInitializer(floatTensor(UnclampedInput, []int64{int64(len(gates))}, ones))
	if err != nil {
		return 0, fmt.Errorf("gatetrain: skip clamped backward: %w", err)
	}
	if err := g.ExposeInitializer(flags); err != nil {
		return 0, fmt.Errorf("gatetrain: skip clamped backward: %w", err)
	}
	zero, err := g.AddInitializer(floatTensor(g.FreshName(skipPrefix+"/zero"), nil, []float32{0}))
	if err != nil {
		return 0, fmt.Errorf("gatetrain: skip clamped backward: %w", err)
	}
	for _, key := range keys {
		grp := groups[key]
		if err := wrapInIf(g, grp.nodes, grp.gates, gates, flags, zero); err != nil {
			return 0, fmt.Errorf("gatetrain: skip clamped backward: %w", err)
		}
	}
	return len(keys), nil
}

// wrapInIf moves nodes (in topological order) into the then-branch of an
// If node run when any of the gate inputs members is flagged, and makes
// the If produce, under the same names, every value of theirs read
// elsewhere: in the else-branch zeros for gate gradients and empty
// placeholders for the rest.
func wrapInIf(g *graphedit.Graph, nodes []*graphedit.Node, members []int, gates []GateInput, flags, zero *graphedit.Value) error {
	in := map[*graphedit.Node]bool{}
	for _, n := range nodes {
		in[n] = true
	}
	// Inside the branch every value the nodes make gets a fresh name, so
	// that nothing shadows the main graph's values while both exist.
	inner := map[string]string{}
	var exported []*graphedit.Value
	for _, n := range nodes {
		for _, v := range n.Outputs() {
			if v == nil {
				continue
			}
			inner[v.Name()] = g.FreshName(v.Name() + "/then")
			out := v.IsGraphOutput()
			for _, u := range v.Uses() {
				if !in[u.Node] {
					out = true
				}
			}
			if out {
				exported = append(exported, v)
			}
		}
	}
	then := &onnxpb.GraphProto{Name: proto.String(g.FreshName(skipPrefix + "/then"))}
	for _, n := range nodes {
		np := proto.Clone(n.Proto()).(*onnxpb.NodeProto)
		np.Input = np.Input[:0]
		for _, v := range n.Inputs() {
			name := ""
			if v != nil {
				name = v.Name()
				if r, ok := inner[name]; ok {
					name = r
				}
			}
			np.Input = append(np.Input, name)
		}
		np.Output = np.Output[:0]
		for _, v := range n.Outputs() {
			name := ""
			if v != nil {
				name = inner[v.Name()]
			}
			np.Output = append(np.Output, name)
		}
		then.Node = append(then.Node, np)
	}
	els := &onnxpb.GraphProto{Name: proto.String(g.FreshName(skipPrefix + "/else"))}
	gradOf := map[string]GateInput{}
	for _, gi := range gates {
		gradOf[GradName(gi.Name)] = gi
	}
	outNames := make([]string, len(exported))
	for i, v := range exported {
		then.Output = append(then.Output, graphedit.ValueInfo(inner[v.Name()], v.ElemType(), nil))
		var t *onnxpb.TensorProto
		if gi, ok := gradOf[v.Name()]; ok && v.IsGraphOutput() {
			t = floatTensor("", []int64{int64(gi.Heads)}, make([]float32, gi.Heads))
		} else {
			// A value only other skipped nodes read: an empty tensor of
			// its type and rank stands in.
			dims := make([]int64, max(v.Rank(), 1))
			t = &onnxpb.TensorProto{DataType: proto.Int32(v.ElemType()), Dims: dims, RawData: []byte{}}
		}
		name := g.FreshName(v.Name() + "/else")
		els.Node = append(els.Node, &onnxpb.NodeProto{OpType: proto.String("Constant"), Output: []string{name}, Attribute: []*onnxpb.AttributeProto{graphedit.TensorAttr("value", t)}})
		els.Output = append(els.Output, graphedit.ValueInfo(name, v.ElemType(), nil))
		outNames[i] = g.FreshName(v.Name())
	}

	idx := make([]int64, len(members))
	for i, k := range members {
		idx[i] = int64(k)
	}
	idxV, err := g.AddInitializer(int64Tensor(g.FreshName(skipPrefix+"/gates"), idx))
	if err != nil {
		return err
	}
	sel, err := addOp(g, "Gather", []*graphedit.Value{flags, idxV})
	if err != nil {
		return err
	}
	anyV, err := addOp(g, "ReduceMax", []*graphedit.Value{sel}, graphedit.IntAttr("keepdims", 0))
	if err != nil {
		return err
	}
	cond, err := addOp(g, "Greater", []*graphedit.Value{anyV, zero})
	if err != nil {
		return err
	}
	ifNode, err := g.AddNode(graphedit.NodeSpec{OpType: "If", Name: g.FreshName(skipPrefix + "/if"), Inputs: []*graphedit.Value{cond}, Outputs: outNames,
		Attrs: []*onnxpb.AttributeProto{graphedit.GraphAttr("then_branch", then), graphedit.GraphAttr("else_branch", els)}})
	if err != nil {
		return err
	}
	names := make([]string, len(exported))
	for i, v := range exported {
		names[i] = v.Name()
		if err := g.ReplaceAllUses(v, ifNode.Output(i), &graphedit.ReplaceOptions{GraphOutputs: true}); err != nil {
			return err
		}
	}
	if err := g.RemoveNodes(nodes...); err != nil {
		return err
	}
	for i := range exported {
		if err := g.Rename(ifNode.Output(i), names[i]); err != nil {
			return err
		}
	}
	return nil
}

// addOp adds a one-output node of the default domain and returns its output.
func addOp(g *graphedit.Graph, op string, inputs []*graphedit.Value, attrs ...*onnxpb.AttributeProto) (*graphedit.Value, error) {
	n, err := g.AddNode(graphedit.NodeSpec{OpType: op, Name: g.FreshName(skipPrefix + "/" + op), Inputs: inputs,
		Outputs: []string{g.FreshName(skipPrefix + "/" + op)}, Attrs: attrs})
	if err != nil {
		return nil, err
	}
	return n.Output(0), nil
}

// floatTensor makes a float32 tensor proto (nil dims: a scalar).
func floatTensor(name string, dims []int64, vals []float32) *onnxpb.TensorProto {
	raw := make([]byte, 4*len(vals))
	for i, x := range vals {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(x))
	}
	t := &onnxpb.TensorProto{DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT)), Dims: dims, RawData: raw}
	if name != "" {
		t.Name = proto.String(name)
	}
	return t
}

// int64Tensor makes a named int64 vector tensor proto.
func int64Tensor(name string, vals []int64) *onnxpb.TensorProto {
	raw := make([]byte, 8*len(vals))
	for i, x := range vals {
		binary.LittleEndian.PutUint64(raw[8*i:], uint64(x))
	}
	return &onnxpb.TensorProto{Name: proto.String(name), DataType: proto.Int32(int32(onnxpb.TensorProto_INT64)), Dims: []int64{int64(len(vals))}, RawData: raw}
}

// SkipGates returns the gate inputs (indices into TrainGraph.Gates) of
// which any flagged in UnclampedInput makes node n run, when n is one of the
// If nodes a training graph skips the backward of clamped gates with; ok is
// false for any other node.
func SkipGates(n *graphedit.Node) (gates []int, ok bool) {
	if n == nil || n.OpType() != "If" || n.NumInputs() != 1 {
		return nil, false
	}
	step := func(v *graphedit.Value, op string) *graphedit.Node {
		if v == nil {
			return nil
		}
		p, _ := v.Producer()
		if p == nil || p.OpType() != op {
			return nil
		}
		return p
	}
	greater := step(n.Input(0), "Greater")
	if greater == nil {
		return nil, false
	}
	reduce := step(greater.Input(0), "ReduceMax")
	if reduce == nil {
		return nil, false
	}
	gather := step(reduce.Input(0), "Gather")
	if gather == nil || gather.NumInputs() != 2 || gather.Input(0).Name() != UnclampedInput || gather.Input(1).Initializer() == nil {
		return nil, false
	}
	t, err := onnxio.DecodeTensor(gather.Input(1).Initializer(), nil)
	if err != nil || t.I64 == nil {
		return nil, false
	}
	for _, k := range t.I64 {
		gates = append(gates, int(k))
	}
	return gates, true
}
