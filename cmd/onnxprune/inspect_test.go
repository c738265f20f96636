package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

func sp(s string) *string { return &s }
func ip(v int64) *int64   { return &v }

// inspectModel builds y = If(cond, Relu(x·W + b), Neg(x·W + b)) + c with W
// 4×3 float32, b 3 float32, c a Constant of 3 float16, and an int64 shape
// initializer also listed as an input: 12+3+3+2 = 20 parameters,
// 48+12+6+16 = 82 bytes.
func inspectModel() *onnxpb.ModelProto {
	f16 := &onnxpb.TensorProto{Dims: []int64{3}, DataType: ptr(int32(onnxpb.TensorProto_FLOAT16)), Int32Data: []int32{0x3c00, 0x4000, 0x4200}}
	dim := func(v any) *onnxpb.TensorShapeProto_Dimension {
		switch v := v.(type) {
		case int:
			return &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimValue{DimValue: int64(v)}}
		case string:
			return &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimParam{DimParam: v}}
		}
		return &onnxpb.TensorShapeProto_Dimension{}
	}
	value := func(name string, elem onnxpb.TensorProto_DataType, dims ...any) *onnxpb.ValueInfoProto {
		shape := &onnxpb.TensorShapeProto{}
		for _, d := range dims {
			shape.Dim = append(shape.Dim, dim(d))
		}
		return &onnxpb.ValueInfoProto{Name: sp(name), Type: &onnxpb.TypeProto{Value: &onnxpb.TypeProto_TensorType{
			TensorType: &onnxpb.TypeProto_Tensor{ElemType: ptr(int32(elem)), Shape: shape}}}}
	}
	branch := func(op, out string) *onnxpb.GraphProto {
		return &onnxpb.GraphProto{Name: sp(op),
			Node:   []*onnxpb.NodeProto{{OpType: sp(op), Input: []string{"h"}, Output: []string{out}}},
			Output: []*onnxpb.ValueInfoProto{{Name: sp(out)}}}
	}
	return &onnxpb.ModelProto{
		IrVersion:       ip(8),
		ProducerName:    sp("pytorch"),
		ProducerVersion: sp("2.5.1"),
		OpsetImport:     []*onnxpb.OperatorSetIdProto{{Domain: sp(""), Version: ip(17)}, {Domain: sp("com.microsoft"), Version: ip(1)}},
		Graph: &onnxpb.GraphProto{
			Name: sp("g"),
			Node: []*onnxpb.NodeProto{
				{OpType: sp("MatMul"), Input: []string{"x", "W"}, Output: []string{"xw"}},
				{OpType: sp("Add"), Input: []string{"xw", "b"}, Output: []string{"h"}},
				{OpType: sp("If"), Input: []string{"cond"}, Output: []string{"r"}, Attribute: []*onnxpb.AttributeProto{
					{Name: sp("then_branch"), G: branch("Relu", "t")}, {Name: sp("else_branch"), G: branch("Neg", "e")}}},
				{OpType: sp("Constant"), Output: []string{"c"}, Attribute: []*onnxpb.AttributeProto{{Name: sp("value"), T: f16}}},
				{OpType: sp("Cast"), Input: []string{"c"}, Output: []string{"c32"}},
				{OpType: sp("Add"), Input: []string{"r", "c32"}, Output: []string{"y"}},
				{OpType: sp("FusedGelu"), Domain: sp("com.microsoft"), Input: []string{"y"}, Output: []string{"z"}},
			},
			Initializer: []*onnxpb.TensorProto{
				onnxio.NewFloat32("W", []int64{4, 3}, make([]float32, 12)),
				onnxio.NewFloat32("b", []int64{3}, make([]float32, 3)),
				onnxio.NewInt64("shape", []int64{2}, []int64{-1, 3}),
			},
			Input: []*onnxpb.ValueInfoProto{
				value("x", onnxpb.TensorProto_FLOAT, "batch", 4),
				value("cond", onnxpb.TensorProto_BOOL),
				value("shape", onnxpb.TensorProto_INT64, 2),
			},
			Output: []*onnxpb.ValueInfoProto{value("z", onnxpb.TensorProto_FLOAT, "batch", nil)},
		},
	}
}

func ptr[T any](v T) *T { return &v }

// writeInspectModel saves inspectModel into a temporary folder.
func writeInspectModel(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "model.onnx")
	if err := (&onnxio.Model{Proto: inspectModel()}).Save(path, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestInspectText(t *testing.T) {
	path := writeInspectModel(t)
	code, out, stderr := runCLI("inspect", path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		path + "\n",
		"ir_version: 8\n",
		"opsets:     ai.onnx 17, com.microsoft 1\n",
		"producer:   pytorch 2.5.1\n",
		"x     float32  [batch, 4]\n",
		"cond  bool     []\n",
		"(and 1 initializers also listed as inputs)\n",
		"z  float32  [batch, ?]\n",
		"nodes: 9, 8 kinds of op\n",
		"parameters: 20 in 4 tensors, 82 B\n",
		"float32   15 in 2 tensors, 60 B\n",
		"int64     2 in 1 tensors, 16 B\n",
		"float16   3 in 1 tensors, 6 B\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, want := range [][]string{{"Add", "2"}, {"com.microsoft:FusedGelu", "1"}, {"If", "1"}} {
		if !hasLine(out, want...) {
			t.Errorf("no op histogram line %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "shape  int64") {
		t.Errorf("initializer-backed input listed among inputs:\n%s", out)
	}
}

func TestInspectJSON(t *testing.T) {
	path := writeInspectModel(t)
	code, out, stderr := runCLI("inspect", "--json", path, path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var doc struct {
		Models []modelSummary `json:"models"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if len(doc.Models) != 2 {
		t.Fatalf("%d models, want 2", len(doc.Models))
	}
	s := doc.Models[0]
	if s.IRVersion != 8 || s.ProducerName != "pytorch" || s.Nodes != 9 || s.Parameters.Elements != 20 || s.Parameters.Bytes != 82 {
		t.Errorf("summary %+v", s)
	}
	if len(s.Inputs) != 2 || s.Inputs[0].Shape[0] != "batch" || s.Inputs[0].Shape[1] != float64(4) {
		t.Errorf("inputs %+v", s.Inputs)
	}
	if len(s.Outputs) != 1 || s.Outputs[0].Shape[1] != nil {
		t.Errorf("outputs %+v", s.Outputs)
	}
	if s.Ops[0].Op != "Add" || s.Ops[0].Count != 2 {
		t.Errorf("most frequent op %+v, want Add 2", s.Ops[0])
	}
}

// TestInspectBadInput checks that unreadable models exit with code 2 and
// one line on stderr naming the file, with nothing on stdout.
func TestInspectBadInput(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(writeInspectModel(t))
	if err != nil {
		t.Fatal(err)
	}
	undefined := inspectModel()
	undefined.Graph.Node[1].Input[1] = "bias"
	undefinedPath := filepath.Join(dir, "undefined.onnx")
	if err := (&onnxio.Model{Proto: undefined}).Save(undefinedPath, nil); err != nil {
		t.Fatal(err)
	}
	cycle := inspectModel()
	cycle.Graph.Node[0].Input[0] = "h" // MatMul reads Add's output, Add reads MatMul's
	cyclePath := filepath.Join(dir, "cycle.onnx")
	if err := (&onnxio.Model{Proto: cycle}).Save(cyclePath, nil); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"empty.onnx":     nil,
		"truncated.onnx": good[:len(good)*2/3],
		"png.onnx":       append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 100)...),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		file, want string
	}{
		{"empty.onnx", "empty file"},
		{"truncated.onnx", "truncated"},
		{"png.onnx", "PNG image"},
		{"missing.onnx", "no such file"},
		{"undefined.onnx", `reads undefined value "bias"`},
		{"cycle.onnx", "cycle"},
	} {
		path := filepath.Join(dir, c.file)
		for _, args := range [][]string{{"inspect", path}, {"inspect", "--json", writeInspectModel(t), path}} {
			code, out, stderr := runCLI(args...)
			if code != 2 {
				t.Errorf("%v: exit %d, want 2", args, code)
			}
			if out != "" {
				t.Errorf("%v: printed to stdout: %q", args, out)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if len(lines) != 1 || !strings.Contains(stderr, path) || !strings.Contains(stderr, c.want) {
				t.Errorf("%v: stderr %q, want one line naming %s and containing %q", args, stderr, path, c.want)
			}
		}
	}
	if code, _, stderr := runCLI("inspect"); code != 2 || !strings.Contains(stderr, "at least one MODEL") {
		t.Errorf("no model: exit %d, stderr %q", code, stderr)
	}
}

// TestInspectExternalEscape checks that a model whose external data leaves
// its folder is refused, and accepted with --allow-dir.
func TestInspectExternalEscape(t *testing.T) {
	root := t.TempDir()
	modelDir, weights := filepath.Join(root, "m"), filepath.Join(root, "weights")
	for _, d := range []string{modelDir, weights} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(weights, "w.bin"), make([]byte, 48), 0o644); err != nil {
		t.Fatal(err)
	}
	p := inspectModel()
	w := p.Graph.Initializer[0]
	w.RawData = nil
	w.DataLocation = ptr(onnxpb.TensorProto_EXTERNAL)
	w.ExternalData = []*onnxpb.StringStringEntryProto{{Key: sp("location"), Value: sp("../weights/w.bin")}}
	path := filepath.Join(modelDir, "model.onnx")
	if err := (&onnxio.Model{Proto: p}).Save(path, nil); err == nil {
		t.Fatal("saving a model with an escaping location succeeded") // Save reads the data
	}
	b, err := proto.Marshal(p) // without onnxio's checks, to write a broken model

	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("inspect", path)
	if code != 2 || !strings.Contains(stderr, `"../weights/w.bin"`) || !strings.Contains(stderr, `"W"`) {
		t.Errorf("escaping location: exit %d, stderr %q", code, stderr)
	}
	code, out, stderr := runCLI("inspect", "--allow-dir", weights, path)
	if code != 0 || !strings.Contains(out, "external data: yes") {
		t.Errorf("with --allow-dir: exit %d, stderr %q, out %q", code, stderr, out)
	}
}

// hasLine reports whether some line of out consists of exactly fields.
func hasLine(out string, fields ...string) bool {
	for _, l := range strings.Split(out, "\n") {
		if strings.Join(strings.Fields(l), " ") == strings.Join(fields, " ") {
			return true
		}
	}
	return false
}

// TestInspectFixtures runs inspect on every exported fixture model: each is
// read without error and has nodes, opsets, inputs, outputs and parameters.
func TestInspectFixtures(t *testing.T) {
	const dir = "../../models/fixtures"
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		t.Skipf("%s does not exist yet", dir)
	}
	var paths []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir // scratch folders of the fixture scripts
		}
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".onnx") {
			paths = append(paths, p)
		}
		return nil
	})
	if len(paths) == 0 {
		t.Fatalf("no .onnx fixtures under %s", dir)
	}
	code, out, stderr := runCLI(append([]string{"inspect", "--json"}, paths...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Models []modelSummary `json:"models"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Models) != len(paths) {
		t.Fatalf("%d summaries for %d models", len(doc.Models), len(paths))
	}
	for _, s := range doc.Models {
		if s.Nodes == 0 || len(s.Opsets) == 0 || len(s.Inputs) == 0 || len(s.Outputs) == 0 || s.Parameters.Elements == 0 {
			t.Errorf("%s: implausible summary %+v", s.Path, s)
		}
	}
}
