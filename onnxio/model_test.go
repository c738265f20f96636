package onnxio

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

func TestSaveLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	p := tinyModel()
	m := &Model{Proto: p}
	out := filepath.Join(dir, "m.onnx")
	if err := m.Save(out, nil); err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, dir); strings.Join(got, ",") != "m.onnx" {
		t.Errorf("files after save: %v, want only m.onnx", got)
	}
	m2, err := Load(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(p, m2.Proto) {
		t.Error("loaded model differs from the saved one")
	}
	if m2.Path != out {
		t.Errorf("Path = %q, want %q", m2.Path, out)
	}
	b1, _ := os.ReadFile(out)
	out2 := filepath.Join(dir, "m2.onnx")
	if err := m2.Save(out2, nil); err != nil {
		t.Fatal(err)
	}
	b2, _ := os.ReadFile(out2)
	if !bytes.Equal(b1, b2) {
		t.Error("load → save is not byte-identical")
	}
}

// TestUnknownFieldsSurvive adds fields unknown to the schema at three levels
// (model, node, tensor) and checks they come back byte for byte.
func TestUnknownFieldsSurvive(t *testing.T) {
	unknown := func(num protowire.Number, v uint64) []byte {
		b := protowire.AppendTag(nil, num, protowire.VarintType)
		return protowire.AppendVarint(b, v)
	}
	p := tinyModel()
	p.Graph.Node[0].ProtoReflect().SetUnknown(unknown(1000, 7))
	p.Graph.Initializer[1].ProtoReflect().SetUnknown(unknown(999, 1<<40))
	p.ProtoReflect().SetUnknown(unknown(77, 3))
	b, err := proto.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(b, "unknown.onnx", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Proto.Graph.Node[0].ProtoReflect().GetUnknown()) == 0 {
		t.Fatal("unknown node field dropped on parse")
	}
	got, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b) {
		t.Errorf("unknown fields: marshal differs at byte %d", firstDiff(got, b))
	}
	// Through a file, which Load maps and unmaps: nothing may point into it.
	path := filepath.Join(t.TempDir(), "unknown.onnx")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	m2, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	got2, err := m2.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got2, b) {
		t.Errorf("unknown fields through Load: marshal differs at byte %d", firstDiff(got2, b))
	}
}

// TestBadInputs feeds files that are not models: each gives a one-line
// error naming the file, and none panics.
func TestBadInputs(t *testing.T) {
	good, err := proto.Marshal(tinyModel())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(r.Uint32())
	}
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 64)...)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty file"},
		{"truncated", good[:len(good)/2], "truncated or corrupt"},
		{"png", png, "PNG image"},
		{"random", random, "not"},
		{"text", []byte("hello, world\n"), "not"},
		{"no graph", []byte{0x08, 0x07}, "no graph"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		path := filepath.Join(dir, c.name+".onnx")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, nil)
		if err == nil {
			t.Errorf("%s: loaded without error", c.name)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, path) || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q should be one line naming %s and containing %q", c.name, msg, path, c.want)
		}
	}
	if _, err := Load(filepath.Join(dir, "missing.onnx"), nil); err == nil || !strings.Contains(err.Error(), "missing.onnx") {
		t.Errorf("missing file: error %v", err)
	}
	if _, err := Load(dir, nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: error %v", err)
	}
}

// nested returns a model whose graph has an If node whose then-branch has an
// If node … depth levels deep.
func nested(depth int) *onnxpb.ModelProto {
	p := tinyModel()
	var inner *onnxpb.GraphProto
	for range depth {
		g := &onnxpb.GraphProto{Name: str("body"),
			Node:   []*onnxpb.NodeProto{{OpType: str("Identity"), Input: []string{"x"}, Output: []string{"o"}}},
			Output: []*onnxpb.ValueInfoProto{{Name: str("o")}}}
		if inner != nil {
			g.Node = append(g.Node, &onnxpb.NodeProto{OpType: str("If"), Input: []string{"x"}, Output: []string{"o2"},
				Attribute: []*onnxpb.AttributeProto{{Name: str("then_branch"), G: inner}}})
		}
		inner = g
	}
	p.Graph.Node = append(p.Graph.Node, &onnxpb.NodeProto{OpType: str("If"), Input: []string{"x"}, Output: []string{"z"},
		Attribute: []*onnxpb.AttributeProto{{Name: str("then_branch"), G: inner}}})
	return p
}

func TestResourceLimits(t *testing.T) {
	ext := onnxpb.TensorProto_EXTERNAL
	withInit := func(tp *onnxpb.TensorProto) *onnxpb.ModelProto {
		p := tinyModel()
		tp.Name = str("W")
		p.Graph.Initializer[0] = tp
		return p
	}
	manyAttrs := tinyModel()
	for i := range DefaultMaxAttributes + 1 {
		manyAttrs.Graph.Node[0].Attribute = append(manyAttrs.Graph.Node[0].Attribute, &onnxpb.AttributeProto{Name: str(string(rune('a' + i%26)))})
	}
	longList := tinyModel()
	longList.Graph.Node[0].Attribute = []*onnxpb.AttributeProto{{Name: str("ints"), Ints: make([]int64, 101)}}
	negShape := tinyModel()
	negShape.Graph.Input[0].Type.GetTensorType().Shape.Dim[1].Value = &onnxpb.TensorShapeProto_Dimension_DimValue{DimValue: -4}
	cases := []struct {
		name string
		p    *onnxpb.ModelProto
		opts *LoadOptions
		want string
	}{
		{"2^40 elements", withInit(&onnxpb.TensorProto{Dims: []int64{1 << 20, 1 << 20}, DataType: int32Ptr(1), RawData: make([]byte, 16)}), nil, "needs 4398046511104 bytes"},
		{"2^40 elements typed", withInit(&onnxpb.TensorProto{Dims: []int64{1 << 40}, DataType: int32Ptr(7), Int64Data: []int64{1}}), nil, "needs 1099511627776 values"},
		{"2^70 elements", withInit(&onnxpb.TensorProto{Dims: []int64{1 << 35, 1 << 35}, DataType: int32Ptr(1)}), nil, "more than 2^63"},
		{"negative dim", withInit(&onnxpb.TensorProto{Dims: []int64{-3, 4}, DataType: int32Ptr(1)}), nil, "negative dimension"},
		{"short raw_data", withInit(&onnxpb.TensorProto{Dims: []int64{4, 3}, DataType: int32Ptr(1), RawData: make([]byte, 47)}), nil, "needs 48 bytes, raw_data has 47"},
		{"unknown dtype", withInit(&onnxpb.TensorProto{Dims: []int64{1}, DataType: int32Ptr(999), RawData: make([]byte, 4)}), nil, "unknown data type 999"},
		{"external no location", withInit(&onnxpb.TensorProto{Dims: []int64{1}, DataType: int32Ptr(1), DataLocation: &ext}), nil, "no location"},
		{"external bad offset", withInit(&onnxpb.TensorProto{Dims: []int64{1}, DataType: int32Ptr(1), DataLocation: &ext,
			ExternalData: []*onnxpb.StringStringEntryProto{kv("location", "w"), kv("offset", "-1")}}), nil, "not a non-negative integer"},
		{"negative declared shape", negShape, nil, "negative dimension -4"},
		{"deep subgraphs", nested(DefaultMaxSubgraphDepth + 2), nil, "nested more than"},
		{"very deep subgraphs", nested(200), nil, "nested too deeply"},
		{"deep subgraphs, limit 3", nested(4), &LoadOptions{MaxSubgraphDepth: 3}, "nested more than 3"},
		{"many attributes", manyAttrs, nil, "attributes (limit 4096)"},
		{"long attribute list", longList, &LoadOptions{MaxListLen: 100}, "list of 101 values"},
	}
	for _, c := range cases {
		b, err := proto.Marshal(c.p)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Parse(b, "bad.onnx", c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "bad.onnx") {
			t.Errorf("%s: error %v, want one naming bad.onnx and containing %q", c.name, err, c.want)
		}
	}
	// Within the limits the nested model loads.
	b, _ := proto.Marshal(nested(DefaultMaxSubgraphDepth - 1))
	if _, err := Parse(b, "ok.onnx", &LoadOptions{SkipNameCheck: true}); err != nil {
		t.Errorf("nesting within the limit refused: %v", err)
	}
}

func TestCheckNames(t *testing.T) {
	edit := func(f func(p *onnxpb.ModelProto)) *onnxpb.ModelProto {
		p := tinyModel()
		f(p)
		return p
	}
	sub := func(inputs ...string) *onnxpb.GraphProto {
		return &onnxpb.GraphProto{Name: str("branch"),
			Node:   []*onnxpb.NodeProto{{Name: str("inner"), OpType: str("Add"), Input: inputs, Output: []string{"s"}}},
			Output: []*onnxpb.ValueInfoProto{{Name: str("s")}}}
	}
	addIf := func(g *onnxpb.GraphProto) func(p *onnxpb.ModelProto) {
		return func(p *onnxpb.ModelProto) {
			p.Graph.Node = append(p.Graph.Node, &onnxpb.NodeProto{Name: str("if"), OpType: str("If"), Input: []string{"x"}, Output: []string{"r"},
				Attribute: []*onnxpb.AttributeProto{{Name: str("then_branch"), G: g}}})
		}
	}
	cases := []struct {
		name string
		p    *onnxpb.ModelProto
		want string // "" = valid
	}{
		{"valid", tinyModel(), ""},
		{"input is also initializer", edit(func(p *onnxpb.ModelProto) {
			p.Graph.Input = append(p.Graph.Input, &onnxpb.ValueInfoProto{Name: str("W")})
		}), ""},
		{"optional input omitted", edit(func(p *onnxpb.ModelProto) { p.Graph.Node[0].Input = append(p.Graph.Node[0].Input, "") }), ""},
		{"subgraph reads outer value", edit(addIf(sub("x", "xw"))), ""},
		{"undefined input", edit(func(p *onnxpb.ModelProto) { p.Graph.Node[1].Input[1] = "bias" }), `node "add" reads undefined value "bias"`},
		{"duplicate output", edit(func(p *onnxpb.ModelProto) { p.Graph.Node[1].Output[0] = "xw" }), `duplicate value name "xw"`},
		{"output shadows input", edit(func(p *onnxpb.ModelProto) { p.Graph.Node[0].Output[0] = "x" }), `duplicate value name "x"`},
		{"duplicate initializer", edit(func(p *onnxpb.ModelProto) { p.Graph.Initializer[1].Name = str("W") }), `duplicate value name "W"`},
		{"undefined graph output", edit(func(p *onnxpb.ModelProto) { p.Graph.Output[0].Name = str("yy") }), `graph output "yy"`},
		{"subgraph reads undefined", edit(addIf(sub("x", "nowhere"))), `reads undefined value "nowhere"`},
	}
	for _, c := range cases {
		b, _ := proto.Marshal(c.p)
		m, err := Parse(b, "names.onnx", &LoadOptions{SkipNameCheck: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		err = m.CheckNames()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
		// Load runs the same check by default.
		if _, err := Parse(b, "names.onnx", nil); (err == nil) != (c.want == "") {
			t.Errorf("%s: Parse error %v", c.name, err)
		}
	}
}
