package graphedit

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Graph is an editable ONNX graph. Build one with FromModel or FromProto (or
// a Builder); write it back with ToProto or ModelProto.
type Graph struct {
	shell  *onnxpb.GraphProto // original non-list fields (name, doc string, metadata, unknown fields)
	opsets []*onnxpb.OperatorSetIdProto

	nodes     []*Node
	values    map[string]*Value
	inputs    []*port
	outputs   []*port
	inits     []*Value
	sparse    []string // names defined by sparse initializers (kept in shell)
	valueInfo []viEntry

	auth     *authority      // names taken; shared with subgraph IRs
	subNames map[string]bool // value and node names defined inside subgraphs
	nodeName map[string]int  // node names of this graph and how many nodes carry each
	gen      int             // bumped by every edit; analysis caches compare it
	anGen    int             // gen when InferShapes last ran
	analyzed bool            // InferShapes has run
	ext      onnxio.ExternalSource
	// outerFn tells which names an enclosing graph defines (subgraph IR).
	outerFn func(name string) bool
	parent  *Graph // the enclosing graph of a subgraph IR, nil otherwise
}

// authority hands out names and made-up dims. A graph and the IRs of its
// subgraphs share one, so no name is handed out twice in a model.
type authority struct {
	names     map[string]bool // every name taken: values, nodes, subgraphs, FreshName results
	fresh     map[string]int  // next suffix per FreshName prefix
	unk       int             // counter for unk_N dims
	freshSyms map[string]bool // unk_N symbols made up
}

// port is a graph input or output: the value and its own declaration.
type port struct {
	v    *Value
	info *onnxpb.ValueInfoProto
}

// viEntry is one value_info entry: for a value of the graph, or an orphan
// entry naming nothing (kept so a round trip loses nothing).
type viEntry struct {
	v      *Value
	orphan *onnxpb.ValueInfoProto
}

// Options controls how a graph is built from a proto.
type Options struct {
	// External reads initializer data stored outside the proto
	// (data_location = EXTERNAL) when an analysis first needs it; nil allows
	// inline data only. An *onnxio.Model satisfies it.
	External onnxio.ExternalSource
	// Outer, when set, names the values an enclosing graph defines: the
	// graph may read them without defining them (they become outer values).
	// Graph.Subgraph sets it; top-level graphs leave it nil.
	Outer func(name string) bool
}

// Load builds the IR of a loaded model's main graph; external initializer
// data is read lazily through m.
func Load(m *onnxio.Model) (*Graph, error) {
	if m == nil {
		return nil, fmt.Errorf("graphedit: nil model")
	}
	g, err := FromModel(m.Proto, &Options{External: m})
	if err != nil && m.Path != "" {
		return nil, fmt.Errorf("%s: %w", m.Path, err)
	}
	return g, err
}

// Store writes the graph and its opset imports back into m.Proto (the other
// model fields are kept), ready for m.Save.
func (g *Graph) Store(m *onnxio.Model) {
	m.Proto = g.ModelProto(m.Proto)
}

// FromModel builds the IR of a model's main graph, keeping its opset imports.
func FromModel(m *onnxpb.ModelProto, opts *Options) (*Graph, error) {
	if m == nil || m.GetGraph() == nil {
		return nil, fmt.Errorf("graphedit: model has no graph")
	}
	return FromProto(m.GetGraph(), m.GetOpsetImport(), opts)
}

// FromProto builds the IR of gp. The protos of gp's nodes, initializers and
// value infos are shared, never mutated: edits replace them with copies.
func FromProto(gp *onnxpb.GraphProto, opsets []*onnxpb.OperatorSetIdProto, opts *Options) (*Graph, error) {
	g := newGraph()
	g.shell = shellOf(gp)
	g.opsets = opsets
	if opts != nil {
		g.ext = opts.External
		g.outerFn = opts.Outer
	}
	gname := gp.GetName()
	errf := func(format string, a ...any) error {
		return fmt.Errorf("graphedit: graph %q: "+format, append([]any{gname}, a...)...)
	}
	for _, in := range gp.GetInput() {
		name := in.GetName()
		if name == "" {
			return nil, errf("graph input with an empty name")
		}
		if _, dup := g.values[name]; dup {
			return nil, errf("duplicate graph input %q", name)
		}
		v := g.newValue(name)
		v.input = true
		v.typ = in.GetType()
		g.inputs = append(g.inputs, &port{v: v, info: in})
	}
	for _, t := range gp.GetInitializer() {
		name := t.GetName()
		if name == "" {
			return nil, errf("initializer with an empty name")
		}
		v := g.values[name]
		switch {
		case v == nil:
			v = g.newValue(name)
		case v.init != nil:
			return nil, errf("duplicate initializer %q", name)
		}
		v.init = t
		g.inits = append(g.inits, v)
	}
	for _, st := range gp.GetSparseInitializer() {
		name := st.GetValues().GetName()
		if name == "" {
			continue
		}
		if _, dup := g.values[name]; dup {
			return nil, errf("duplicate value %q (sparse initializer)", name)
		}
		g.newValue(name)
		g.sparse = append(g.sparse, name)
	}
	for _, np := range gp.GetNode() {
		n := &Node{g: g, proto: np}
		if np.GetName() != "" {
			g.nodeName[np.GetName()]++
			g.auth.names[np.GetName()] = true
		}
		for _, sg := range subgraphs(np) {
			collectNames(sg, g.subNames)
		}
		for i, name := range np.GetOutput() {
			if name == "" {
				n.outputs = append(n.outputs, nil)
				continue
			}
			if old, dup := g.values[name]; dup {
				return nil, errf("duplicate value name %q: produced by node %s and by %s", name, n, describeProducer(old))
			}
			v := g.newValue(name)
			v.producer, v.outIndex = n, i
			n.outputs = append(n.outputs, v)
		}
		g.nodes = append(g.nodes, n)
	}
	for _, n := range g.nodes {
		for i, name := range n.proto.GetInput() {
			if name == "" {
				n.inputs = append(n.inputs, nil)
				continue
			}
			v := g.resolve(name)
			if v == nil {
				return nil, errf("node %s reads undefined value %q", n, name)
			}
			n.inputs = append(n.inputs, v)
			v.addUse(n, i)
		}
		if err := g.attachCaptures(n); err != nil {
			return nil, errf("%w", err)
		}
	}
	for _, out := range gp.GetOutput() {
		v := g.resolve(out.GetName())
		if v == nil {
			return nil, errf("graph output %q is not produced by any node, input or initializer", out.GetName())
		}
		if v.typ == nil {
			v.typ = out.GetType()
		}
		g.outputs = append(g.outputs, &port{v: v, info: out})
	}
	for _, vi := range gp.GetValueInfo() {
		v := g.values[vi.GetName()]
		if v == nil || v.info != nil {
			g.valueInfo = append(g.valueInfo, viEntry{orphan: vi})
			continue
		}
		v.info = vi
		if v.typ == nil || v.producer != nil {
			v.typ = preferTyped(v.typ, vi.GetType())
		}
		g.valueInfo = append(g.valueInfo, viEntry{v: v})
	}
	for _, v := range g.values {
		g.initShape(v)
	}
	for name := range g.subNames {
		g.auth.names[name] = true
	}
	for _, vi := range gp.GetValueInfo() {
		g.auth.names[vi.GetName()] = true
	}
	return g, nil
}

// preferTyped returns the declaration carrying more shape information.
func preferTyped(a, b *onnxpb.TypeProto) *onnxpb.TypeProto {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	if a.GetTensorType().GetShape() == nil && b.GetTensorType().GetShape() != nil {
		return b
	}
	return a
}

func newGraph() *Graph {
	return &Graph{
		shell:    &onnxpb.GraphProto{},
		values:   map[string]*Value{},
		auth:     &authority{names: map[string]bool{}, fresh: map[string]int{}, freshSyms: map[string]bool{}},
		subNames: map[string]bool{},
		nodeName: map[string]int{},
	}
}

// resolve finds a value by name, making an outer value for a name an
// enclosing graph defines.
func (g *Graph) resolve(name string) *Value {
	if v := g.values[name]; v != nil {
		return v
	}
	if name == "" || g.outerFn == nil || !g.outerFn(name) {
		return nil
	}
	v := g.newValue(name)
	v.outer = true
	return v
}

func (g *Graph) newValue(name string) *Value {
	v := &Value{g: g, name: name, rank: -1}
	g.values[name] = v
	g.auth.names[name] = true
	return v
}

func describeProducer(v *Value) string {
	switch {
	case v.producer != nil:
		return "node " + v.producer.String()
	case v.input:
		return "graph input"
	case v.init != nil:
		return "initializer"
	default:
		return "sparse initializer"
	}
}

// shellOf copies the graph's fields other than the node, input, output,
// initializer and value_info lists.
func shellOf(gp *onnxpb.GraphProto) *onnxpb.GraphProto {
	s := &onnxpb.GraphProto{
		Name:                   gp.Name,
		DocString:              gp.DocString,
		SparseInitializer:      gp.SparseInitializer,
		QuantizationAnnotation: gp.QuantizationAnnotation,
		MetadataProps:          gp.MetadataProps,
	}
	if u := gp.ProtoReflect().GetUnknown(); len(u) > 0 {
		s.ProtoReflect().SetUnknown(u)
	}
	return s
}

// Name returns the graph name.
func (g *Graph) Name() string { return g.shell.GetName() }

// DocString returns the graph doc string.
func (g *Graph) DocString() string { return g.shell.GetDocString() }

// Opsets returns the opset imports (shared; read-only).
func (g *Graph) Opsets() []*onnxpb.OperatorSetIdProto { return g.opsets }

// Opset returns the imported version of a domain ("" and "ai.onnx" are the
// default domain), or 0 when the domain is not imported.
func (g *Graph) Opset(domain string) int64 {
	if domain == "ai.onnx" {
		domain = ""
	}
	for _, o := range g.opsets {
		d := o.GetDomain()
		if d == "ai.onnx" {
			d = ""
		}
		if d == domain {
			return o.GetVersion()
		}
	}
	return 0
}

// SetOpset sets (or adds) the imported version of a domain.
func (g *Graph) SetOpset(domain string, version int64) {
	out := make([]*onnxpb.OperatorSetIdProto, 0, len(g.opsets)+1)
	found := false
	for _, o := range g.opsets {
		d := o.GetDomain()
		if d == domain || (d == "ai.onnx" && domain == "") || (d == "" && domain == "ai.onnx") {
			o = &onnxpb.OperatorSetIdProto{Domain: o.Domain, Version: proto.Int64(version)}
			found = true
		}
		out = append(out, o)
	}
	if !found {
		out = append(out, &onnxpb.OperatorSetIdProto{Domain: proto.String(domain), Version: proto.Int64(version)})
	}
	g.opsets = out
}

// Nodes returns a copy of the node list in graph order.
func (g *Graph) Nodes() []*Node { return append([]*Node(nil), g.nodes...) }

// NumNodes returns the number of nodes.
func (g *Graph) NumNodes() int { return len(g.nodes) }

// Value returns the value with the given name, or nil.
func (g *Graph) Value(name string) *Value { return g.values[name] }

// Node returns the first node with the given name, or nil.
func (g *Graph) Node(name string) *Node {
	for _, n := range g.nodes {
		if n.Name() == name {
			return n
		}
	}
	return nil
}

// Inputs returns the graph inputs in order (a copy).
func (g *Graph) Inputs() []*Value {
	out := make([]*Value, len(g.inputs))
	for i, p := range g.inputs {
		out[i] = p.v
	}
	return out
}

// Outputs returns the graph outputs in order (a copy).
func (g *Graph) Outputs() []*Value {
	out := make([]*Value, len(g.outputs))
	for i, p := range g.outputs {
		out[i] = p.v
	}
	return out
}

// Initializers returns the values with initializer data, in order (a copy).
func (g *Graph) Initializers() []*Value { return append([]*Value(nil), g.inits...) }

// Values returns every value of the graph, in a deterministic order: graph
// inputs, initializers, then node outputs in node order.
func (g *Graph) Values() []*Value {
	seen := map[*Value]bool{}
	var out []*Value
	add := func(v *Value) {
		if v != nil && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, p := range g.inputs {
		add(p.v)
	}
	for _, v := range g.inits {
		add(v)
	}
	for _, n := range g.nodes {
		for _, v := range n.outputs {
			add(v)
		}
	}
	return out
}

// External returns the handle used for external tensor data (may be nil).
func (g *Graph) External() onnxio.ExternalSource { return g.ext }

// Clone returns an independent copy of the graph (same opsets and external
// data handle). Protos of initializers and attributes are shared, which is
// safe because edits never modify a proto in place. Values and nodes of the
// copy are new objects: find them by name.
func (g *Graph) Clone() (*Graph, error) {
	c, err := FromProto(g.ToProto(), g.opsets, &Options{External: g.ext})
	if err != nil {
		return nil, err
	}
	for name := range g.auth.names {
		c.auth.names[name] = true
	}
	return c, nil
}
