package graphedit

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Every edit checks everything first and mutates after: when it returns an
// error the graph is unchanged.

// NodeSpec describes a node for AddNode.
type NodeSpec struct {
	// OpType and Domain name the operator ("" is the default ONNX domain).
	OpType string
	Domain string
	// Name is the node name; empty means a fresh name from OpType.
	Name string
	// Inputs are values of the graph; nil is an omitted optional input.
	Inputs []*Value
	// Outputs are the names of the new output values; "" is an omitted
	// optional output. Use FreshName to get names that cannot collide.
	Outputs []string
	// Attrs are the node attributes (kept as given).
	Attrs     []*onnxpb.AttributeProto
	DocString string
	// Before, when set, places the new node just before this node in the
	// graph order; otherwise the node is appended. (ToProto always writes a
	// topological order.)
	Before *Node
}

// AddNode creates a node and its output values. It fails, changing nothing,
// when an input is not a value of this graph, an output name or the node
// name is taken, or a subgraph attribute reads an undefined value.
func (g *Graph) AddNode(s NodeSpec) (*Node, error) {
	if s.OpType == "" {
		return nil, fmt.Errorf("graphedit: add node %q: empty op type", s.Name)
	}
	name := s.Name
	if name == "" {
		name = g.FreshName(s.OpType)
	} else if g.nodeName[name] > 0 || g.subNames[name] {
		return nil, fmt.Errorf("graphedit: add node %q: node name already in use", name)
	}
	for i, v := range s.Inputs {
		if v != nil && v.g != g {
			return nil, fmt.Errorf("graphedit: add node %q: input %d (%q) is not a value of this graph", name, i, v.name)
		}
	}
	seen := map[string]bool{}
	for _, o := range s.Outputs {
		if o == "" {
			continue
		}
		if g.nameTaken(o) || seen[o] {
			return nil, fmt.Errorf("graphedit: add node %q: output name %q already in use", name, o)
		}
		seen[o] = true
	}
	if s.Before != nil && s.Before.g != g {
		return nil, fmt.Errorf("graphedit: add node %q: Before node %s is not in this graph", name, s.Before)
	}
	np := &onnxpb.NodeProto{Name: proto.String(name), OpType: proto.String(s.OpType), Attribute: s.Attrs}
	if s.Domain != "" {
		np.Domain = proto.String(s.Domain)
	}
	if s.DocString != "" {
		np.DocString = proto.String(s.DocString)
	}
	n := &Node{g: g, proto: np}
	// Subgraph captures are checked before anything is mutated.
	for _, sg := range subgraphs(np) {
		for _, fn := range freeNames(sg) {
			if !g.canResolve(fn) {
				return nil, fmt.Errorf("graphedit: add node %q: subgraph %q reads undefined value %q", name, sg.GetName(), fn)
			}
		}
	}
	// Mutate.
	g.gen++
	g.nodeName[name]++
	g.auth.names[name] = true
	for _, sg := range subgraphs(np) {
		collectNames(sg, g.subNames)
		collectNames(sg, g.auth.names)
	}
	for i, o := range s.Outputs {
		if o == "" {
			n.outputs = append(n.outputs, nil)
			continue
		}
		v := g.newValue(o)
		v.producer, v.outIndex = n, i
		n.outputs = append(n.outputs, v)
	}
	for i, v := range s.Inputs {
		n.inputs = append(n.inputs, v)
		if v != nil {
			v.addUse(n, i)
		}
	}
	_ = g.attachCaptures(n) // cannot fail: checked above
	pos := len(g.nodes)
	if s.Before != nil {
		pos = g.indexOf(s.Before)
	}
	g.nodes = append(g.nodes, nil)
	copy(g.nodes[pos+1:], g.nodes[pos:])
	g.nodes[pos] = n
	return n, nil
}

func (g *Graph) indexOf(n *Node) int {
	for i, x := range g.nodes {
		if x == n {
			return i
		}
	}
	return -1
}

// RemoveNodes removes nodes and their output values. It fails, changing
// nothing, when an output of a removed node is a graph output or is still
// read by a node that is not removed too (subgraph captures included).
func (g *Graph) RemoveNodes(nodes ...*Node) error {
	set := map[*Node]bool{}
	for _, n := range nodes {
		if n == nil || n.g != g {
			return fmt.Errorf("graphedit: remove nodes: node %s is not in this graph", n)
		}
		set[n] = true
	}
	for _, n := range nodes {
		for _, v := range n.outputs {
			if v == nil {
				continue
			}
			if v.IsGraphOutput() {
				return fmt.Errorf("graphedit: remove node %s: its output %q is a graph output", n, v.name)
			}
			for _, u := range v.uses {
				if !set[u.Node] {
					return fmt.Errorf("graphedit: remove node %s: its output %q is still used by node %s", n, v.name, u.Node)
				}
			}
		}
	}
	g.gen++
	for _, n := range nodes {
		g.detachNode(n)
	}
	kept := g.nodes[:0]
	for _, n := range g.nodes {
		if !set[n] {
			kept = append(kept, n)
		}
	}
	for i := len(kept); i < len(g.nodes); i++ {
		g.nodes[i] = nil
	}
	g.nodes = kept
	return nil
}

// detachNode drops n's uses of its inputs and captures and its output values.
func (g *Graph) detachNode(n *Node) {
	for i, v := range n.inputs {
		if v != nil {
			v.removeUse(n, i)
		}
	}
	for _, v := range n.captures {
		v.removeUse(n, CapturedInput)
	}
	for _, v := range n.outputs {
		if v != nil {
			delete(g.values, v.name)
			v.g = nil
		}
	}
	if name := n.Name(); name != "" {
		if g.nodeName[name]--; g.nodeName[name] <= 0 {
			delete(g.nodeName, name)
		}
	}
	n.g = nil
}

// ReplaceOptions tunes ReplaceAllUses.
type ReplaceOptions struct {
	// GraphOutputs allows replacing a graph output: the output slot then
	// holds the new value (and so carries its name; Rename to keep the old).
	GraphOutputs bool
	// Except lists nodes whose uses are left alone (typically the node that
	// computes the new value from the old one).
	Except []*Node
}

// ReplaceAllUses makes every reader of old read repl instead. It fails,
// changing nothing, when old is a graph output and opts.GraphOutputs is not
// set, when old is read from inside a subgraph (subgraphs are not edited),
// or when the rewiring would create a cycle.
func (g *Graph) ReplaceAllUses(old, repl *Value, opts *ReplaceOptions) error {
	if opts == nil {
		opts = &ReplaceOptions{}
	}
	if old == nil || repl == nil || old.g != g || repl.g != g {
		return fmt.Errorf("graphedit: replace uses of %s with %s: both must be values of this graph", old, repl)
	}
	if old == repl {
		return nil
	}
	if old.IsGraphOutput() && !opts.GraphOutputs {
		return fmt.Errorf("graphedit: replace uses of %q with %q: %q is a graph output (set GraphOutputs to allow)", old.name, repl.name, old.name)
	}
	except := map[*Node]bool{}
	for _, n := range opts.Except {
		except[n] = true
	}
	var moved []Use
	for _, u := range old.uses {
		if except[u.Node] {
			continue
		}
		if u.Captured() {
			return fmt.Errorf("graphedit: replace uses of %q: it is read inside a subgraph of node %s", old.name, u.Node)
		}
		moved = append(moved, u)
	}
	anc := g.ancestors(repl)
	for _, u := range moved {
		if anc[u.Node] {
			return fmt.Errorf("graphedit: replace uses of %q with %q: node %s would read its own result (cycle)", old.name, repl.name, u.Node)
		}
	}
	g.gen++
	for _, u := range moved {
		old.removeUse(u.Node, u.Input)
		u.Node.inputs[u.Input] = repl
		repl.addUse(u.Node, u.Input)
	}
	if opts.GraphOutputs {
		for _, p := range g.outputs {
			if p.v == old {
				p.v = repl
				if repl.typ != nil {
					p.info = shallowValueInfo(p.info)
					p.info.Type = repl.typ
				}
			}
		}
	}
	return nil
}

// ancestors returns the nodes v depends on (its producer included).
func (g *Graph) ancestors(v *Value) map[*Node]bool {
	seen := map[*Node]bool{}
	var stack []*Node
	if v.producer != nil {
		stack = append(stack, v.producer)
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		for _, in := range n.inputs {
			if in != nil && in.producer != nil {
				stack = append(stack, in.producer)
			}
		}
		for _, in := range n.captures {
			if in.producer != nil {
				stack = append(stack, in.producer)
			}
		}
	}
	return seen
}

// SetInput makes input slot i of n read v (nil omits an optional input).
// i may equal NumInputs() to append a slot. It fails, changing nothing, when
// v is not a value of this graph or depends on n (a cycle).
func (g *Graph) SetInput(n *Node, i int, v *Value) error {
	if n == nil || n.g != g {
		return fmt.Errorf("graphedit: set input: node %s is not in this graph", n)
	}
	if i < 0 || i > len(n.inputs) {
		return fmt.Errorf("graphedit: set input %d of node %s: index out of range (%d inputs)", i, n, len(n.inputs))
	}
	if v != nil {
		if v.g != g {
			return fmt.Errorf("graphedit: set input %d of node %s: %q is not a value of this graph", i, n, v.name)
		}
		if g.ancestors(v)[n] {
			return fmt.Errorf("graphedit: set input %d of node %s to %q: cycle", i, n, v.name)
		}
	}
	g.gen++
	if i == len(n.inputs) {
		n.inputs = append(n.inputs, nil)
	}
	if old := n.inputs[i]; old != nil {
		old.removeUse(n, i)
	}
	n.inputs[i] = v
	if v != nil {
		v.addUse(n, i)
	}
	return nil
}

// Rename gives v a new, unused name. Values read from inside a subgraph
// cannot be renamed (subgraphs are not edited).
func (g *Graph) Rename(v *Value, name string) error {
	if v == nil || v.g != g {
		return fmt.Errorf("graphedit: rename %s: not a value of this graph", v)
	}
	if name == v.name {
		return nil
	}
	if v.outer {
		return fmt.Errorf("graphedit: rename %q: it is defined in an enclosing graph", v.name)
	}
	if name == "" || g.nameTaken(name) {
		return fmt.Errorf("graphedit: rename %q to %q: name empty or already in use", v.name, name)
	}
	for _, u := range v.uses {
		if u.Captured() {
			return fmt.Errorf("graphedit: rename %q: it is read inside a subgraph of node %s", v.name, u.Node)
		}
	}
	g.gen++
	delete(g.values, v.name)
	v.name = name
	g.values[name] = v
	g.auth.names[name] = true
	return nil
}

// Cleanup removes nodes whose outputs nothing reads (transitively), and
// initializers nothing reads. It never removes a graph output, a graph input,
// or a value read inside a subgraph. It returns g so calls chain.
func (g *Graph) Cleanup() *Graph {
	live := map[*Node]bool{}
	var stack []*Node
	mark := func(v *Value) {
		if v != nil && v.producer != nil && !live[v.producer] {
			live[v.producer] = true
			stack = append(stack, v.producer)
		}
	}
	for _, p := range g.outputs {
		mark(p.v)
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, v := range n.inputs {
			mark(v)
		}
		for _, v := range n.captures {
			mark(v)
		}
	}
	var dead []*Node
	for _, n := range g.nodes {
		if !live[n] {
			dead = append(dead, n)
		}
	}
	if len(dead) > 0 {
		g.gen++
		set := map[*Node]bool{}
		for _, n := range dead {
			set[n] = true
			g.detachNode(n)
		}
		kept := g.nodes[:0]
		for _, n := range g.nodes {
			if !set[n] {
				kept = append(kept, n)
			}
		}
		g.nodes = kept
	}
	for _, v := range g.Initializers() {
		if !v.input && len(v.uses) == 0 && !v.IsGraphOutput() {
			g.gen++
			g.dropInit(v)
		}
	}
	return g
}

// AddLeadingDims adds nodes computing the dims of x before its last axis, a
// 1-D int64 tensor (Shape, then Slice [0, -1)), for a shape that keeps x's
// leading dims and replaces its last one. New names start with prefix.
func (g *Graph) AddLeadingDims(x *Value, prefix string) (*Value, error) {
	shape, err := g.AddNode(NodeSpec{OpType: "Shape", Inputs: []*Value{x}, Outputs: []string{g.FreshName(prefix + "/Shape")}})
	if err != nil {
		return nil, err
	}
	bound := func(v int64) (*Value, error) {
		return g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/const"), []int64{1}, []int64{v}))
	}
	start, err := bound(0)
	if err != nil {
		return nil, err
	}
	end, err := bound(-1)
	if err != nil {
		return nil, err
	}
	lead, err := g.AddNode(NodeSpec{OpType: "Slice", Inputs: []*Value{shape.Output(0), start, end}, Outputs: []string{g.FreshName(prefix + "/Slice")}})
	if err != nil {
		return nil, err
	}
	return lead.Output(0), nil
}

// AddZeroProduct adds nodes computing what projection node n (MatMul,
// Gemm or an integer product) outputs as out when its weight is all
// zeros: zeros of shape [the leading dims of x, its input…, size] in out's
// element type (a 2-D out from a higher-rank x, a Gemm on flattened rows,
// takes their product as its one leading dim), plus bias, the bias n adds
// itself (nil: none; a Gemm's scaled by its beta). New names start with
// prefix. The caller replaces out's uses.
func (g *Graph) AddZeroProduct(n *Node, x, out *Value, size int64, bias *Value, prefix string) (*Value, error) {
	add := func(op string, ins []*Value, attrs ...*Attribute) (*Value, error) {
		nd, err := g.AddNode(NodeSpec{OpType: op, Inputs: ins, Outputs: []string{g.FreshName(prefix + "/" + op)}, Attrs: attrs})
		if err != nil {
			return nil, err
		}
		return nd.Output(0), nil
	}
	i64 := func(vals ...int64) (*Value, error) {
		return g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/const"), []int64{int64(len(vals))}, vals))
	}
	lead, err := g.AddLeadingDims(x, prefix)
	if err != nil {
		return nil, err
	}
	if out.Rank() >= 0 && x.Rank() >= 0 && out.Rank() != x.Rank() {
		if out.Rank() != 2 {
			return nil, fmt.Errorf("output rank %d from input rank %d", out.Rank(), x.Rank())
		}
		// Rows of a 2-D Gemm: the product of the leading dims.
		ax, err := i64(0)
		if err != nil {
			return nil, err
		}
		if g.Opset("") >= 18 {
			lead, err = add("ReduceProd", []*Value{lead, ax}, IntAttr("keepdims", 1))
		} else {
			lead, err = add("ReduceProd", []*Value{lead}, IntsAttr("axes", 0), IntAttr("keepdims", 1))
		}
		if err != nil {
			return nil, err
		}
	}
	sv, err := i64(size)
	if err != nil {
		return nil, err
	}
	shape, err := add("Concat", []*Value{lead, sv}, IntAttr("axis", 0))
	if err != nil {
		return nil, err
	}
	// The zeros and beta take the element type of the output they replace
	// (a float16 model's projection computes in float16).
	zero, err := FloatConst("value", out, []int64{1}, []float32{0})
	if err != nil {
		return nil, err
	}
	y, err := add("ConstantOfShape", []*Value{shape}, TensorAttr("value", zero))
	if err != nil || bias == nil {
		return y, err
	}
	if beta := n.AttrFloat("beta", 1); n.OpType() == "Gemm" && beta != 1 {
		bt, err := FloatConst(g.FreshName(prefix+"/beta"), out, nil, []float32{beta})
		if err != nil {
			return nil, err
		}
		bv, err := g.AddInitializer(bt)
		if err != nil {
			return nil, err
		}
		if bias, err = add("Mul", []*Value{bias, bv}); err != nil {
			return nil, err
		}
	}
	return add("Add", []*Value{y, bias})
}
