package graphedit

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// richModel is a hand-written model using many corners of the format: doc
// strings, metadata, an orphan value_info entry, an initializer that is also
// an input, an If node whose branches read outer values, an omitted optional
// input and output, and unknown fields.
func richModel() *onnxpb.ModelProto {
	s := proto.String
	f := int32(onnxpb.TensorProto_FLOAT)
	vi := func(name string, dims ...any) *onnxpb.ValueInfoProto {
		v := ValueInfo(name, f, Dims(dims...))
		v.DocString = s("doc of " + name)
		return v
	}
	branch := func(name, op string) *onnxpb.GraphProto {
		return &onnxpb.GraphProto{
			Name:   s(name),
			Node:   []*onnxpb.NodeProto{{Name: s(name + "_n"), OpType: s(op), Input: []string{"h", "w"}, Output: []string{name + "_y"}}},
			Output: []*onnxpb.ValueInfoProto{vi(name+"_y", "batch", 4)},
		}
	}
	g := &onnxpb.GraphProto{
		Name:      s("rich"),
		DocString: s("graph doc"),
		Input:     []*onnxpb.ValueInfoProto{vi("x", "batch", 4), vi("w", 4), {Name: s("cond"), Type: tensorType(int32(onnxpb.TensorProto_BOOL), Dims())}},
		Initializer: []*onnxpb.TensorProto{
			{Name: s("w"), Dims: []int64{4}, DataType: proto.Int32(f), RawData: make([]byte, 16)},
			{Name: s("unused"), Dims: []int64{1}, DataType: proto.Int32(f), FloatData: []float32{3}},
		},
		Node: []*onnxpb.NodeProto{
			{Name: s("relu"), OpType: s("Relu"), Input: []string{"x"}, Output: []string{"h"}, DocString: s("node doc"),
				MetadataProps: []*onnxpb.StringStringEntryProto{{Key: s("k"), Value: s("v")}}},
			{Name: s("drop"), OpType: s("Dropout"), Input: []string{"h", "", ""}, Output: []string{"d", ""}},
			{Name: s("if"), OpType: s("If"), Input: []string{"cond"}, Output: []string{"y"},
				Attribute: []*onnxpb.AttributeProto{GraphAttr("then_branch", branch("then", "Add")), GraphAttr("else_branch", branch("else", "Mul"))}},
			{Name: s("add"), OpType: s("Add"), Input: []string{"y", "d"}, Output: []string{"z"}},
		},
		Output:        []*onnxpb.ValueInfoProto{vi("z", "batch", 4)},
		ValueInfo:     []*onnxpb.ValueInfoProto{vi("h", "batch", 4), vi("ghost", 7)},
		MetadataProps: []*onnxpb.StringStringEntryProto{{Key: s("gk"), Value: s("gv")}},
	}
	// An unknown field (number 999) on the graph must survive.
	g.ProtoReflect().SetUnknown(protowire.AppendString(protowire.AppendTag(nil, 999, protowire.BytesType), "future"))
	return &onnxpb.ModelProto{
		IrVersion:   proto.Int64(9),
		OpsetImport: []*onnxpb.OperatorSetIdProto{{Domain: s(""), Version: proto.Int64(17)}, {Domain: s("com.microsoft"), Version: proto.Int64(1)}},
		Graph:       g,
		DocString:   s("model doc"),
	}
}

func TestRoundTripUnedited(t *testing.T) {
	m := richModel()
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var m2 onnxpb.ModelProto
	if err := proto.Unmarshal(b, &m2); err != nil {
		t.Fatal(err)
	}
	g, err := FromModel(&m2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.ToProto(); !proto.Equal(got, m.GetGraph()) {
		t.Errorf("ToProto differs from the original graph")
	}
	if got := g.ModelProto(&m2); !proto.Equal(got, m) {
		t.Errorf("ModelProto differs from the original model")
	}
	if err := g.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

func TestStructure(t *testing.T) {
	g, err := FromModel(richModel(), nil)
	if err != nil {
		t.Fatal(err)
	}
	h := g.Value("h")
	var got []string
	for _, u := range h.Uses() {
		got = append(got, u.Node.Name()+":"+itoa(u.Input))
	}
	if want := "drop:0 if:-1"; strings.Join(got, " ") != want {
		t.Errorf("uses of h = %q, want %q", strings.Join(got, " "), want)
	}
	w := g.Value("w")
	if !w.IsGraphInput() || !w.IsInitializer() {
		t.Errorf("w: input=%v initializer=%v, want both", w.IsGraphInput(), w.IsInitializer())
	}
	if n, i := g.Value("d").Producer(); n.Name() != "drop" || i != 0 {
		t.Errorf("producer of d = %v,%d", n, i)
	}
	if g.Node("drop").Input(1) != nil || g.Node("drop").Output(1) != nil {
		t.Errorf("omitted optional slots should be nil")
	}
	if g.Opset("") != 17 || g.Opset("ai.onnx") != 17 || g.Opset("com.microsoft") != 1 || g.Opset("x") != 0 {
		t.Errorf("Opset wrong")
	}
	// Uses returns a copy.
	us := h.Uses()
	us[0].Node = nil
	if h.Uses()[0].Node == nil {
		t.Errorf("Uses did not return a copy")
	}
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}

func TestCloneAndSetAttr(t *testing.T) {
	m := richModel()
	g, err := FromModel(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	orig := proto.Clone(m.GetGraph())
	c, err := g.Clone()
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(c.ToProto(), orig) {
		t.Fatal("clone differs from the original")
	}
	if err := c.Node("relu").SetAttr(IntAttr("extra", 3)); err != nil {
		t.Fatal(err)
	}
	if got := c.Node("relu").AttrInt("extra", 0); got != 3 {
		t.Errorf("attribute read back = %d", got)
	}
	if err := c.RemoveNodes(c.Node("add")); err == nil {
		t.Errorf("removing the producer of a graph output succeeded")
	}
	// Swap the If's branch for one reading an undefined value: refused.
	bad := &onnxpb.GraphProto{Name: proto.String("bad"), Output: []*onnxpb.ValueInfoProto{{Name: proto.String("nowhere")}}}
	if err := c.Node("if").SetAttr(GraphAttr("then_branch", bad)); err == nil || !strings.Contains(err.Error(), "nowhere") {
		t.Errorf("SetAttr with a bad subgraph: err = %v", err)
	}
	// A branch reading x instead of h: h loses its captured use.
	good := &onnxpb.GraphProto{Name: proto.String("good"),
		Node:   []*onnxpb.NodeProto{{OpType: proto.String("Neg"), Input: []string{"x"}, Output: []string{"good_y"}}},
		Output: []*onnxpb.ValueInfoProto{{Name: proto.String("good_y")}}}
	if err := c.Node("if").SetAttr(GraphAttr("then_branch", good)); err != nil {
		t.Fatal(err)
	}
	if err := c.Node("if").SetAttr(GraphAttr("else_branch", good)); err != nil {
		t.Fatal(err)
	}
	for _, u := range c.Value("h").Uses() {
		if u.Captured() {
			t.Errorf("h still captured after both branches stopped reading it")
		}
	}
	if c.FreshName("good_y") == "good_y" {
		t.Errorf("FreshName handed out a name used in a new subgraph")
	}
	if !proto.Equal(g.ToProto(), orig) || !proto.Equal(m.GetGraph(), orig) {
		t.Errorf("editing the clone changed the original")
	}
}

// TestElemTypes: the element type constants are ONNX's data type numbers.
func TestElemTypes(t *testing.T) {
	for got, want := range map[int32]onnxpb.TensorProto_DataType{
		ElemFloat32: onnxpb.TensorProto_FLOAT, ElemInt64: onnxpb.TensorProto_INT64,
		ElemFloat16: onnxpb.TensorProto_FLOAT16, ElemFloat64: onnxpb.TensorProto_DOUBLE,
		ElemBFloat16: onnxpb.TensorProto_BFLOAT16,
	} {
		if got != int32(want) {
			t.Errorf("%v is %d, want %d", want, got, want)
		}
	}
	if !IsFloat(int32(onnxpb.TensorProto_BFLOAT16)) || IsFloat(int32(onnxpb.TensorProto_INT8)) {
		t.Error("IsFloat: bfloat16 is float, int8 is not")
	}
}
