package graphedit

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

func TestSubgraphEdit(t *testing.T) {
	m := richModel()
	orig := proto.Clone(m.GetGraph())
	g, err := FromModel(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	ifNode := g.Node("if")
	sub, err := g.Subgraph(ifNode, "then_branch")
	if err != nil {
		t.Fatal(err)
	}
	h := sub.Value("h")
	if h == nil || !h.IsOuter() {
		t.Fatalf("h in the branch: %v, want an outer value", h)
	}
	if got := ShapeString(h.Shape()); got != "[batch,4]" {
		t.Errorf("outer h has shape %s, want the enclosing graph's [batch,4]", got)
	}
	if !proto.Equal(sub.ToProto(), orig.(*onnxpb.GraphProto).GetNode()[2].GetAttribute()[0].GetG()) {
		t.Errorf("unedited branch does not write back equal")
	}
	if err := sub.Rename(h, "h_renamed"); err == nil {
		t.Errorf("renaming an outer value succeeded")
	}
	// Gate h inside the branch: every reader in the branch reads Neg(h).
	name := sub.FreshName("h")
	if name == "h" || g.Value(name) != nil {
		t.Errorf("FreshName in the branch returned %q, a name of the enclosing graph", name)
	}
	neg, err := sub.AddNode(NodeSpec{OpType: "Neg", Inputs: []*Value{h}, Outputs: []string{name}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sub.ReplaceAllUses(h, neg.Output(0), &ReplaceOptions{Except: []*Node{neg}}); err != nil {
		t.Fatal(err)
	}
	if err := sub.InferShapes(); err != nil {
		t.Fatal(err)
	}
	if got := ShapeString(neg.Output(0).Shape()); got != "[batch,4]" {
		t.Errorf("Neg(h) in the branch has shape %s", got)
	}
	if !proto.Equal(g.ToProto(), orig) {
		t.Errorf("editing the branch IR changed the graph before SetSubgraph")
	}
	if err := g.SetSubgraph(ifNode, "then_branch", sub); err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	back, err := FromProto(g.ToProto(), g.Opsets(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, n := range back.Node("if").Attr("then_branch").GetG().GetNode() {
		ops = append(ops, n.GetOpType())
	}
	if got := strings.Join(ops, " "); got != "Neg Add" {
		t.Errorf("then branch ops = %q, want \"Neg Add\"", got)
	}
	// h is still captured by the If, so Cleanup keeps its producer.
	g.Cleanup()
	if g.Node("relu") == nil {
		t.Errorf("Cleanup removed relu, read inside the edited branch")
	}
	// A branch may start reading an outer value it did not read before...
	sub2, err := g.Subgraph(ifNode, "else_branch")
	if err != nil {
		t.Fatal(err)
	}
	x, err := sub2.OuterValue("x")
	if err != nil || ShapeString(x.Shape()) != "[batch,4]" {
		t.Fatalf("OuterValue(x) = %v, %v", x, err)
	}
	if _, err := sub2.OuterValue("else_y"); err == nil {
		t.Errorf("OuterValue of the branch's own value succeeded")
	}
	if _, err := sub2.AddNode(NodeSpec{OpType: "Neg", Inputs: []*Value{x}, Outputs: []string{"h"}}); err == nil {
		t.Errorf("a branch defined %q, a value of the enclosing graph", "h")
	}
	if _, err := sub2.OuterValue("nowhere"); err == nil {
		t.Errorf("OuterValue of an unknown name succeeded")
	}
	// ...but not one computed from the If itself.
	z, err := sub2.OuterValue("z")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sub2.AddNode(NodeSpec{OpType: "Identity", Inputs: []*Value{z}, Outputs: []string{sub2.FreshName("zz")}}); err != nil {
		t.Fatal(err)
	}
	zz := sub2.Nodes()[len(sub2.Nodes())-1].Output(0)
	if err := sub2.AddOutput(zz); err != nil {
		t.Fatal(err)
	}
	before := g.ToProto()
	if err := g.SetSubgraph(ifNode, "else_branch", sub2); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("SetSubgraph reading the If's own result: err = %v, want a cycle error", err)
	}
	if !proto.Equal(g.ToProto(), before) {
		t.Errorf("failed SetSubgraph changed the graph")
	}
	if _, err := g.Subgraph(ifNode, "no_such"); err == nil {
		t.Errorf("Subgraph of a missing attribute succeeded")
	}
}

// TestDuplicateNodeNames reads, edits and writes a graph whose If branch
// holds two nodes with one name (as Optimum's merged decoders do): node
// names are labels, kept as they are.
func TestDuplicateNodeNames(t *testing.T) {
	s := proto.String
	f := int32(onnxpb.TensorProto_FLOAT)
	branch := &onnxpb.GraphProto{
		Name: s("with_past"),
		Node: []*onnxpb.NodeProto{
			{Name: s("Constant_508"), OpType: s("Constant"), Output: []string{"c1"},
				Attribute: []*onnxpb.AttributeProto{{Name: s("value_float"), Type: onnxpb.AttributeProto_FLOAT.Enum(), F: proto.Float32(2)}}},
			{Name: s("Constant_508"), OpType: s("Constant"), Output: []string{"c2"},
				Attribute: []*onnxpb.AttributeProto{{Name: s("value_float"), Type: onnxpb.AttributeProto_FLOAT.Enum(), F: proto.Float32(3)}}},
			{Name: s("mul"), OpType: s("Mul"), Input: []string{"x", "c1"}, Output: []string{"a"}},
			{Name: s("mul"), OpType: s("Mul"), Input: []string{"a", "c2"}, Output: []string{"b"}},
		},
		Output: []*onnxpb.ValueInfoProto{ValueInfo("b", f, Dims("n"))},
	}
	other := &onnxpb.GraphProto{
		Name:   s("no_past"),
		Node:   []*onnxpb.NodeProto{{Name: s("Constant_508"), OpType: s("Identity"), Input: []string{"x"}, Output: []string{"e"}}},
		Output: []*onnxpb.ValueInfoProto{ValueInfo("e", f, Dims("n"))},
	}
	gp := &onnxpb.GraphProto{
		Name:  s("merged"),
		Input: []*onnxpb.ValueInfoProto{ValueInfo("x", f, Dims("n")), ValueInfo("cond", int32(onnxpb.TensorProto_BOOL), Dims())},
		Node: []*onnxpb.NodeProto{{Name: s("optimum::if"), OpType: s("If"), Input: []string{"cond"}, Output: []string{"y"},
			Attribute: []*onnxpb.AttributeProto{GraphAttr("then_branch", branch), GraphAttr("else_branch", other)}}},
		Output: []*onnxpb.ValueInfoProto{ValueInfo("y", f, Dims("n"))},
	}
	orig := proto.Clone(gp).(*onnxpb.GraphProto)
	g, err := FromProto(gp, []*onnxpb.OperatorSetIdProto{{Domain: s(""), Version: proto.Int64(17)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(g.ToProto(), orig) {
		t.Fatalf("unedited graph does not write back equal")
	}
	ifNode := g.Node("optimum::if")
	sub, err := g.Subgraph(ifNode, "then_branch")
	if err != nil {
		t.Fatal(err)
	}
	// Edit: negate the branch result.
	b := sub.Value("b")
	neg, err := sub.AddNode(NodeSpec{OpType: "Neg", Inputs: []*Value{b}, Outputs: []string{sub.FreshName("b_neg")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sub.ReplaceAllUses(b, neg.Output(0), &ReplaceOptions{Except: []*Node{neg}, GraphOutputs: true}); err != nil {
		t.Fatal(err)
	}
	if err := g.SetSubgraph(ifNode, "then_branch", sub); err != nil {
		t.Fatal(err)
	}
	back, err := FromProto(g.ToProto(), g.Opsets(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, n := range back.Node("optimum::if").Attr("then_branch").GetG().GetNode() {
		names = append(names, n.GetName()+"/"+n.GetOpType())
	}
	want := "Constant_508/Constant Constant_508/Constant mul/Mul mul/Mul Neg/Neg"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("then branch nodes = %q, want %q", got, want)
	}
}
