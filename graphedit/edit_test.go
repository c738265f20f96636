package graphedit

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// chain builds x -> Relu(a) -> Neg(b) -> Sigmoid(c) -> output, plus a dead
// branch x -> Exp(dead) and an unused initializer.
func chain(t *testing.T) (*Graph, map[string]*Value) {
	t.Helper()
	b := NewBuilder(17)
	x := b.Input("x", f32, "n", 4)
	a := b.Op("Relu", x)
	bb := b.Op("Neg", a)
	c := b.Op("Sigmoid", bb)
	dead := b.Op("Exp", x)
	w := b.Float32("w_unused", []int64{1}, []float32{1})
	b.Output(c)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	return g, map[string]*Value{"x": x, "a": a, "b": bb, "c": c, "dead": dead, "w": w}
}

// unchanged fails the test when the graph's proto differs from before.
func unchanged(t *testing.T, g *Graph, before *onnxpb.GraphProto, what string) {
	t.Helper()
	if !proto.Equal(g.ToProto(), before) {
		t.Errorf("%s: graph changed although the edit failed", what)
	}
	if err := g.Validate(); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

func TestEditsCheckFirst(t *testing.T) {
	cases := []struct {
		name string
		edit func(g *Graph, v map[string]*Value) error
		want string
	}{
		{"remove a node still read", func(g *Graph, v map[string]*Value) error {
			n, _ := v["a"].Producer()
			return g.RemoveNodes(n)
		}, "still used"},
		{"remove a graph output producer", func(g *Graph, v map[string]*Value) error {
			n, _ := v["c"].Producer()
			return g.RemoveNodes(n)
		}, "graph output"},
		{"replace a graph output without flag", func(g *Graph, v map[string]*Value) error {
			return g.ReplaceAllUses(v["c"], v["a"], nil)
		}, "graph output"},
		{"replace into a cycle", func(g *Graph, v map[string]*Value) error {
			return g.ReplaceAllUses(v["a"], v["b"], nil)
		}, "cycle"},
		{"set input into a cycle", func(g *Graph, v map[string]*Value) error {
			n, _ := v["a"].Producer()
			return g.SetInput(n, 0, v["c"])
		}, "cycle"},
		{"add node with taken output name", func(g *Graph, v map[string]*Value) error {
			_, err := g.AddNode(NodeSpec{OpType: "Relu", Inputs: []*Value{v["x"]}, Outputs: []string{v["b"].Name()}})
			return err
		}, "already in use"},
		{"add node with taken node name", func(g *Graph, v map[string]*Value) error {
			n, _ := v["b"].Producer()
			_, err := g.AddNode(NodeSpec{OpType: "Relu", Name: n.Name(), Inputs: []*Value{v["x"]}, Outputs: []string{"fresh"}})
			return err
		}, "already in use"},
		{"add node reading a foreign value", func(g *Graph, v map[string]*Value) error {
			other, _ := chain(t)
			_, err := g.AddNode(NodeSpec{OpType: "Relu", Inputs: []*Value{other.Value("x")}, Outputs: []string{"fresh"}})
			return err
		}, "not a value of this graph"},
		{"add node whose subgraph reads nothing known", func(g *Graph, v map[string]*Value) error {
			body := &onnxpb.GraphProto{Name: proto.String("body"),
				Node:   []*onnxpb.NodeProto{{OpType: proto.String("Relu"), Input: []string{"nowhere"}, Output: []string{"r"}}},
				Output: []*onnxpb.ValueInfoProto{{Name: proto.String("r")}}}
			_, err := g.AddNode(NodeSpec{OpType: "If", Inputs: []*Value{v["x"]}, Outputs: []string{"fresh"},
				Attrs: []*onnxpb.AttributeProto{GraphAttr("then_branch", body), GraphAttr("else_branch", body)}})
			return err
		}, `"nowhere"`},
		{"remove a used initializer", func(g *Graph, v map[string]*Value) error {
			init, err := g.AddInitializer(&onnxpb.TensorProto{Name: proto.String("k"), DataType: proto.Int32(int32(f32)), FloatData: []float32{2}})
			if err != nil {
				return err
			}
			if _, err := g.AddNode(NodeSpec{OpType: "Mul", Inputs: []*Value{v["x"], init}, Outputs: []string{"m"}}); err != nil {
				return err
			}
			return g.RemoveInitializer(init)
		}, "still used"},
		{"rename onto a taken name", func(g *Graph, v map[string]*Value) error {
			return g.Rename(v["a"], v["b"].Name())
		}, "already in use"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, v := chain(t)
			err := c.edit(g, v)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one containing %q", err, c.want)
			}
		})
		t.Run(c.name+"/unchanged", func(t *testing.T) {
			g, v := chain(t)
			if c.name == "remove a used initializer" {
				return // this case edits the graph on purpose before the failing step
			}
			before := g.ToProto()
			_ = c.edit(g, v)
			unchanged(t, g, before, c.name)
		})
	}
}

func TestEditsSucceed(t *testing.T) {
	g, v := chain(t)
	// Insert a gate after a: y = Mul(a, k), every reader of a reads y.
	k, err := g.AddInitializer(&onnxpb.TensorProto{Name: proto.String("gate"), DataType: proto.Int32(int32(f32)), FloatData: []float32{0.5}})
	if err != nil {
		t.Fatal(err)
	}
	mul, err := g.AddNode(NodeSpec{OpType: "Mul", Inputs: []*Value{v["a"], k}, Outputs: []string{g.FreshName("gated")}})
	if err != nil {
		t.Fatal(err)
	}
	y := mul.Output(0)
	if err := g.ReplaceAllUses(v["a"], y, &ReplaceOptions{Except: []*Node{mul}}); err != nil {
		t.Fatal(err)
	}
	nb, _ := v["b"].Producer()
	if nb.Input(0) != y {
		t.Errorf("Neg reads %s, want %s", nb.Input(0), y)
	}
	if got := v["a"].Uses(); len(got) != 1 || got[0].Node != mul {
		t.Errorf("uses of a = %v, want only the Mul", got)
	}
	// The appended Mul sits after its reader; ToProto still writes a
	// topological order.
	gp := g.ToProto()
	pos := map[string]int{}
	for i, n := range gp.GetNode() {
		for _, o := range n.GetOutput() {
			pos[o] = i
		}
	}
	for i, n := range gp.GetNode() {
		for _, in := range n.GetInput() {
			if p, ok := pos[in]; ok && p >= i {
				t.Errorf("node %q reads %q before it is produced", n.GetName(), in)
			}
		}
	}
	// Replace the graph output explicitly.
	nc, _ := v["c"].Producer()
	if err := g.ReplaceAllUses(v["c"], v["b"], &ReplaceOptions{GraphOutputs: true}); err != nil {
		t.Fatal(err)
	}
	if g.Outputs()[0] != v["b"] {
		t.Errorf("graph output is %s, want %s", g.Outputs()[0], v["b"])
	}
	g.Cleanup()
	if nc.Graph() != nil {
		t.Errorf("Cleanup kept the Sigmoid no longer feeding the output")
	}
	if n, _ := v["dead"].Producer(); n.Graph() != nil {
		t.Errorf("Cleanup kept the dead Exp")
	}
	if g.Value("w_unused") != nil {
		t.Errorf("Cleanup kept the unused initializer")
	}
	if g.Value("x") == nil || g.Value("gate") == nil {
		t.Errorf("Cleanup removed a graph input or a used initializer")
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	if g.NumNodes() != 3 {
		t.Errorf("%d nodes after cleanup, want 3 (Relu, Mul, Neg)", g.NumNodes())
	}
}

// ifGraph has an If node whose branches read the outer value h.
func ifGraph(t *testing.T) *Graph {
	t.Helper()
	m := richModel()
	g, err := FromModel(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSubgraphCaptures(t *testing.T) {
	g := ifGraph(t)
	h := g.Value("h")
	drop := g.Node("drop")
	// Reading h from the If's branches keeps Relu alive even once the
	// Dropout is gone.
	if err := g.ReplaceAllUses(g.Value("d"), g.Value("x"), nil); err != nil {
		t.Fatal(err)
	}
	g.Cleanup()
	if drop.Graph() != nil {
		t.Errorf("dead Dropout kept")
	}
	if g.Value("h") != h || g.Node("relu") == nil {
		t.Fatalf("Cleanup removed h, read inside the If branches")
	}
	if err := g.RemoveNodes(g.Node("relu")); err == nil || !strings.Contains(err.Error(), "if") {
		t.Errorf("removing relu: err = %v, want one naming the If", err)
	}
	if err := g.ReplaceAllUses(h, g.Value("x"), nil); err == nil || !strings.Contains(err.Error(), "subgraph") {
		t.Errorf("replacing h: err = %v, want a subgraph error", err)
	}
	if err := g.Rename(h, "h2"); err == nil {
		t.Errorf("renaming a captured value succeeded")
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestFreshName(t *testing.T) {
	g := ifGraph(t)
	seen := map[string]bool{}
	for _, prefix := range []string{"then_y", "then_y", "h", "then_n", "gate/enc.L3", "gate/enc.L3", "ghost"} {
		name := g.FreshName(prefix)
		if seen[name] {
			t.Errorf("FreshName(%q) = %q twice", prefix, name)
		}
		seen[name] = true
		if !strings.HasPrefix(name, prefix) {
			t.Errorf("FreshName(%q) = %q lacks the prefix", prefix, name)
		}
		for _, taken := range []string{"then_y", "else_y", "h", "then_n", "ghost", "x", "z"} {
			if name == taken {
				t.Errorf("FreshName(%q) = %q, a name already used in the graph or a subgraph", prefix, name)
			}
		}
	}
	if got := g.FreshName("gate/enc.L0"); got != "gate/enc.L0" {
		t.Errorf("FreshName of a free prefix = %q, want the prefix itself", got)
	}
}

func TestTopoOrder(t *testing.T) {
	s := proto.String
	node := func(name, op string, in []string, out string) *onnxpb.NodeProto {
		return &onnxpb.NodeProto{Name: s(name), OpType: s(op), Input: in, Output: []string{out}}
	}
	in := []*onnxpb.ValueInfoProto{ValueInfo("x", int32(f32), Dims(2))}
	out := []*onnxpb.ValueInfoProto{ValueInfo("z", int32(f32), Dims(2))}
	cases := []struct {
		name  string
		nodes []*onnxpb.NodeProto
		want  string // node order, or the error fragment
		err   bool
	}{
		{"sorted stays", []*onnxpb.NodeProto{node("a", "Relu", []string{"x"}, "p"), node("b", "Neg", []string{"x"}, "q"), node("c", "Add", []string{"p", "q"}, "z")}, "a b c", false},
		{"independent keep order", []*onnxpb.NodeProto{node("b", "Neg", []string{"x"}, "q"), node("c", "Add", []string{"p", "q"}, "z"), node("a", "Relu", []string{"x"}, "p")}, "b a c", false},
		{"reversed chain", []*onnxpb.NodeProto{node("c", "Sigmoid", []string{"q"}, "z"), node("b", "Neg", []string{"p"}, "q"), node("a", "Relu", []string{"x"}, "p")}, "a b c", false},
		{"cycle", []*onnxpb.NodeProto{node("a", "Add", []string{"x", "q"}, "p"), node("b", "Neg", []string{"p"}, "q"), node("c", "Relu", []string{"q"}, "z")}, "cycle through node", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := FromProto(&onnxpb.GraphProto{Name: s("t"), Node: c.nodes, Input: in, Output: out}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			order, err := g.TopoOrder()
			if c.err {
				if err == nil || !strings.Contains(err.Error(), c.want) || !(strings.Contains(err.Error(), `"a"`) || strings.Contains(err.Error(), `"b"`)) {
					t.Fatalf("err = %v, want a cycle error naming a or b", err)
				}
				if g.Validate() == nil {
					t.Errorf("Validate accepted a cycle")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, n := range order {
				names = append(names, n.Name())
			}
			if got := strings.Join(names, " "); got != c.want {
				t.Errorf("order = %s, want %s", got, c.want)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	s := proto.String
	in := []*onnxpb.ValueInfoProto{ValueInfo("x", int32(f32), Dims(2))}
	out := []*onnxpb.ValueInfoProto{ValueInfo("z", int32(f32), Dims(2))}
	cases := []struct {
		name  string
		graph *onnxpb.GraphProto
		want  []string
	}{
		{"undefined input", &onnxpb.GraphProto{Input: in, Output: out, Node: []*onnxpb.NodeProto{
			{Name: s("n1"), OpType: s("Add"), Input: []string{"x", "ghost"}, Output: []string{"z"}}}}, []string{"n1", "ghost", "undefined"}},
		{"two producers", &onnxpb.GraphProto{Input: in, Output: out, Node: []*onnxpb.NodeProto{
			{Name: s("n1"), OpType: s("Relu"), Input: []string{"x"}, Output: []string{"z"}},
			{Name: s("n2"), OpType: s("Neg"), Input: []string{"x"}, Output: []string{"z"}}}}, []string{"n1", "n2", `"z"`, "duplicate"}},
		{"node output shadows an input", &onnxpb.GraphProto{Input: in, Output: out, Node: []*onnxpb.NodeProto{
			{Name: s("n1"), OpType: s("Relu"), Input: []string{"x"}, Output: []string{"x"}}}}, []string{"n1", `"x"`, "duplicate"}},
		{"undefined output", &onnxpb.GraphProto{Input: in, Output: out}, []string{`"z"`}},
		{"subgraph reads undefined", &onnxpb.GraphProto{Input: in, Output: out, Node: []*onnxpb.NodeProto{
			{Name: s("loop"), OpType: s("If"), Input: []string{"x"}, Output: []string{"z"}, Attribute: []*onnxpb.AttributeProto{
				GraphAttr("then_branch", &onnxpb.GraphProto{Name: s("body"), Output: []*onnxpb.ValueInfoProto{{Name: s("nowhere")}}})}}}},
			[]string{"loop", "nowhere"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := FromProto(c.graph, nil, nil)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans several lines: %q", err)
			}
		})
	}
}

func TestSetInitializer(t *testing.T) {
	m := richModel()
	orig := proto.Clone(m.GetGraph())
	g, err := FromModel(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	// w is a graph input with a default; slicing it updates the declaration.
	w := g.Value("w")
	sliced := &onnxpb.TensorProto{Name: proto.String("ignored"), Dims: []int64{3}, DataType: proto.Int32(int32(f32)), FloatData: []float32{1, 2, 3}}
	if err := g.SetInitializer(w, sliced); err != nil {
		t.Fatal(err)
	}
	gp := g.ToProto()
	var in *onnxpb.ValueInfoProto
	for _, x := range gp.GetInput() {
		if x.GetName() == "w" {
			in = x
		}
	}
	if d := in.GetType().GetTensorType().GetShape().GetDim(); len(d) != 1 || d[0].GetDimValue() != 3 {
		t.Errorf("input declaration of w = %v, want [3]", in.GetType())
	}
	if gp.GetInitializer()[0].GetName() != "w" || len(gp.GetInitializer()[0].GetFloatData()) != 3 {
		t.Errorf("initializer not replaced under its own name: %v", gp.GetInitializer()[0])
	}
	if ShapeString(w.Shape()) != "[3]" {
		t.Errorf("shape of w = %s", ShapeString(w.Shape()))
	}
	// Exposing a plain initializer makes it an input with a default.
	u := g.Value("unused")
	if err := g.ExposeInitializer(u); err != nil {
		t.Fatal(err)
	}
	if !u.IsGraphInput() || !u.IsInitializer() {
		t.Errorf("exposed initializer: input=%v initializer=%v", u.IsGraphInput(), u.IsInitializer())
	}
	if _, ok := g.ConstValue(u); ok {
		t.Errorf("an overridable default is reported constant")
	}
	ins := g.ToProto().GetInput()
	if last := ins[len(ins)-1]; last.GetName() != "unused" || last.GetType().GetTensorType().GetShape().GetDim()[0].GetDimValue() != 1 {
		t.Errorf("last input = %v, want unused declared [1]", last)
	}
	if err := g.ExposeInitializer(g.Value("h")); err == nil {
		t.Errorf("exposing a node output succeeded")
	}
	if err := g.SetInitializer(g.Value("h"), sliced); err == nil {
		t.Errorf("SetInitializer on a node output succeeded")
	}
	// The model the graph was built from is untouched.
	if !proto.Equal(m.GetGraph(), orig) {
		t.Errorf("editing the graph changed the model it was built from")
	}
}
