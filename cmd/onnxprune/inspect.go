package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// inspectOptions holds the flags of `onnxprune inspect`.
type inspectOptions struct {
	json       bool
	heads      bool
	structures bool
	allowDirs  []string
	models     []string
}

func inspectCommand() command {
	c := command{
		name:  "inspect",
		short: "summarise a model: opsets, inputs/outputs, ops, parameters",
		usage: "inspect [flags] MODEL...",
		long: `Print a model's IR version, opsets, producer, inputs and outputs with shapes
(symbolic dimensions by name, unknown ones as ?), a histogram of its ops (subgraphs
included), and its parameters: the elements and bytes of its initializers and of its
Constant nodes' tensors, per element type. Tensor data in external files is counted
from the tensors' shapes, not read.

A folder given as MODEL stands for the Optimum export's files in it
(encoder_model.onnx, decoder_model.onnx, decoder_with_past_model.onnx,
decoder_model_merged.onnx), else its model.onnx; with --heads they are read as one
model. A model that cannot be read (not ONNX, truncated, an external data location
outside its folder, a node reading an undefined value, ...) is an error naming the
file.`,
		example: `  bin/onnxprune inspect models/planted/planted_ungated.onnx
  bin/onnxprune inspect --heads models/reference/encoder_model.onnx models/reference/decoder_model.onnx
  bin/onnxprune inspect --ffn models/reference/encoder_model.onnx models/reference/decoder_model.onnx | head -20
  bin/onnxprune inspect --json models/fixtures/marian | head -20
  bin/onnxprune inspect --heads --allow-dir models/fixtures models/fixtures/t5`,
	}
	c.run = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		var o inspectOptions
		fs := newFlagSet(c, stdout)
		fs.BoolVar(&o.json, "json", false, "print one JSON document {\"models\": [...]} instead of text")
		fs.BoolVar(&o.heads, "heads", false, "print the attention heads instead (several files: one model), see docs/surgery.md")
		// --structures names what gate and train gate (a list); here the
		// listing of FFNs and sublayers is --ffn, like --heads for heads.
		fs.BoolVar(&o.structures, "ffn", false, "print the FFN blocks and residual sublayers instead (several files: one model), see docs/surgery.md")
		newDeprecations(fs, stderr).rename("structures", "ffn")
		fs.StringArrayVar(&o.allowDirs, "allow-dir", nil, allowDirHelp)
		models, err := parseModelFlags(fs, args, "inspect")
		if err != nil {
			return err
		}
		o.models = models
		if o.heads {
			return o.runHeads(stdout)
		}
		if o.structures {
			return o.runStructures(stdout)
		}
		return o.run(ctx, stdout)
	}
	return c
}

// runHeads prints the attention inventory of the files read as one model:
// a table, or with --json {"models": [...], "blocks": [...]}.
func (o *inspectOptions) runHeads(stdout io.Writer) error {
	ms, err := loadModelSet(o.models, o.allowDirs, true)
	if err != nil {
		return err
	}
	defer ms.close()
	blocks, err := ms.inventory()
	if err != nil {
		return err
	}
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		nu := ms.notUnderstood()
		if nu == nil {
			nu = []notUnderstood{}
		}
		if blocks == nil {
			blocks = []*blockInfo{}
		}
		return enc.Encode(struct {
			Models        []string        `json:"models"`
			Blocks        []*blockInfo    `json:"blocks"`
			NotUnderstood []notUnderstood `json:"not_understood"`
		}{o.models, blocks, nu})
	}
	writeHeadTable(stdout, blocks)
	writeNotUnderstood(stdout, ms.notUnderstood(), "not listed above")
	return nil
}

// run summarises every model first and prints only when all could be read,
// so that --json output is either complete or absent.
func (o *inspectOptions) run(ctx context.Context, stdout io.Writer) error {
	var sums []*modelSummary
	for _, path := range o.models {
		if err := ctx.Err(); err != nil {
			return err
		}
		m, err := onnxio.Load(path, &onnxio.LoadOptions{AllowDirs: o.allowDirs})
		if err != nil {
			return err
		}
		// The graph IR checks what onnxio does not: cycles.
		g, err := graphedit.Load(m) // its errors name the file
		if err == nil {
			if err = g.Validate(); err != nil {
				err = fmt.Errorf("%s: %w", path, err)
			}
		}
		if err != nil {
			m.Close()
			return err
		}
		s := summarize(m)
		m.Close()
		sums = append(sums, s)
	}
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Models []*modelSummary `json:"models"`
		}{sums})
	}
	for i, s := range sums {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		s.writeText(stdout)
	}
	return nil
}

// modelSummary is what inspect reports about one model (also its JSON form).
type modelSummary struct {
	Path            string         `json:"path"`
	IRVersion       int64          `json:"ir_version"`
	Opsets          []opsetSummary `json:"opsets"`
	ProducerName    string         `json:"producer_name"`
	ProducerVersion string         `json:"producer_version"`
	Inputs          []valueSummary `json:"inputs"`
	// InitializerInputs counts graph inputs that are also initializers
	// (overridable defaults); they are not listed in Inputs.
	InitializerInputs int            `json:"initializer_inputs"`
	Outputs           []valueSummary `json:"outputs"`
	Nodes             int            `json:"nodes"`
	Ops               []opCount      `json:"ops"`
	Parameters        paramSummary   `json:"parameters"`
	ExternalData      bool           `json:"external_data"`
}

type opsetSummary struct {
	Domain  string `json:"domain"`
	Version int64  `json:"version"`
}

type valueSummary struct {
	Name string `json:"name"`
	// Type is the element type in lower case ("float32", "int64"), or the
	// kind of a non-tensor value ("sequence", "map", "optional").
	Type string `json:"type"`
	// Shape lists the dims: a number (int64), a symbolic name (string), or
	// null when unknown. It is null when the rank is unknown.
	Shape []any `json:"shape"`
}

type opCount struct {
	Op    string `json:"op"` // "MatMul", or "domain:Op" outside the default domain
	Count int    `json:"count"`
}

type paramSummary struct {
	Elements int64         `json:"elements"`
	Bytes    int64         `json:"bytes"`
	Tensors  int           `json:"tensors"`
	ByType   []paramByType `json:"by_type"`
}

type paramByType struct {
	Type     string `json:"type"`
	Elements int64  `json:"elements"`
	Bytes    int64  `json:"bytes"`
	Tensors  int    `json:"tensors"`
}

func summarize(m *onnxio.Model) *modelSummary {
	p := m.Proto
	g := p.GetGraph()
	s := &modelSummary{
		Path:            m.Path,
		IRVersion:       p.GetIrVersion(),
		ProducerName:    p.GetProducerName(),
		ProducerVersion: p.GetProducerVersion(),
		ExternalData:    m.HasExternalData(),
	}
	for _, op := range p.GetOpsetImport() {
		d := op.GetDomain()
		if d == "" {
			d = "ai.onnx"
		}
		s.Opsets = append(s.Opsets, opsetSummary{Domain: d, Version: op.GetVersion()})
	}
	inits := map[string]bool{}
	for _, t := range g.GetInitializer() {
		inits[t.GetName()] = true
	}
	for _, vi := range g.GetInput() {
		if inits[vi.GetName()] {
			s.InitializerInputs++
			continue
		}
		s.Inputs = append(s.Inputs, describeValue(vi))
	}
	for _, vi := range g.GetOutput() {
		s.Outputs = append(s.Outputs, describeValue(vi))
	}
	s.Nodes, s.Ops = opHistogram(g)
	s.Parameters = countParams(m)
	return s
}

func describeValue(vi *onnxpb.ValueInfoProto) valueSummary {
	v := valueSummary{Name: vi.GetName(), Type: "?"}
	t := vi.GetType()
	switch {
	case t.GetTensorType() != nil:
		tt := t.GetTensorType()
		v.Type = dtypeLabel(onnxpb.TensorProto_DataType(tt.GetElemType()))
		if tt.Shape != nil {
			v.Shape = []any{}
			for _, d := range tt.Shape.GetDim() {
				var dim any // unknown
				switch x := d.Value.(type) {
				case *onnxpb.TensorShapeProto_Dimension_DimValue:
					dim = x.DimValue
				case *onnxpb.TensorShapeProto_Dimension_DimParam:
					if x.DimParam != "" {
						dim = x.DimParam
					}
				}
				v.Shape = append(v.Shape, dim)
			}
		}
	case t.GetSequenceType() != nil:
		v.Type = "sequence"
	case t.GetMapType() != nil:
		v.Type = "map"
	case t.GetOptionalType() != nil:
		v.Type = "optional"
	case t.GetSparseTensorType() != nil:
		v.Type = "sparse " + dtypeLabel(onnxpb.TensorProto_DataType(t.GetSparseTensorType().GetElemType()))
	}
	return v
}

// dtypeLabel names an element type the way ML engineers write it.
func dtypeLabel(dt onnxpb.TensorProto_DataType) string {
	switch dt {
	case onnxpb.TensorProto_FLOAT:
		return "float32"
	case onnxpb.TensorProto_DOUBLE:
		return "float64"
	case onnxpb.TensorProto_FLOAT16:
		return "float16"
	}
	if name, ok := onnxpb.TensorProto_DataType_name[int32(dt)]; ok {
		return strings.ToLower(name)
	}
	return fmt.Sprintf("type%d", int32(dt))
}

// opHistogram counts the nodes of g and of its subgraphs by op, most
// frequent first (ties by name).
func opHistogram(g *onnxpb.GraphProto) (int, []opCount) {
	counts := map[string]int{}
	total := 0
	var walk func(g *onnxpb.GraphProto)
	walk = func(g *onnxpb.GraphProto) {
		for _, n := range g.GetNode() {
			op := n.GetOpType()
			if d := n.GetDomain(); d != "" && d != "ai.onnx" {
				op = d + ":" + op
			}
			counts[op]++
			total++
			for _, a := range n.GetAttribute() {
				if a.G != nil {
					walk(a.G)
				}
				for _, sg := range a.Graphs {
					walk(sg)
				}
			}
		}
	}
	walk(g)
	out := make([]opCount, 0, len(counts))
	for op, c := range counts {
		out = append(out, opCount{Op: op, Count: c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Op < out[j].Op
	})
	return total, out
}

// countParams adds up initializers (dense and the values of sparse ones) and
// the tensors of Constant nodes, in every graph of the model.
func countParams(m *onnxio.Model) paramSummary {
	byType := map[string]*paramByType{}
	var ps paramSummary
	for _, r := range m.Tensors() {
		if r.SparseIndices || (r.Constant && (r.Node == nil || r.Node.GetOpType() != "Constant")) {
			continue
		}
		t := r.Tensor
		dt := onnxpb.TensorProto_DataType(t.GetDataType())
		n := int64(1)
		for _, d := range t.GetDims() {
			n *= d // Load has checked dims for negatives and overflow
		}
		size, ok := onnxio.ByteSize(dt, n)
		if !ok { // strings
			size = 0
			for _, s := range t.GetStringData() {
				size += int64(len(s))
			}
		}
		label := dtypeLabel(dt)
		b := byType[label]
		if b == nil {
			b = &paramByType{Type: label}
			byType[label] = b
		}
		b.Elements += n
		b.Bytes += size
		b.Tensors++
		ps.Elements += n
		ps.Bytes += size
		ps.Tensors++
	}
	for _, b := range byType {
		ps.ByType = append(ps.ByType, *b)
	}
	sort.Slice(ps.ByType, func(i, j int) bool {
		if ps.ByType[i].Bytes != ps.ByType[j].Bytes {
			return ps.ByType[i].Bytes > ps.ByType[j].Bytes
		}
		return ps.ByType[i].Type < ps.ByType[j].Type
	})
	if ps.ByType == nil {
		ps.ByType = []paramByType{}
	}
	return ps
}

// writeText prints the summary for a person; every string from the model
// goes through printable.
func (s *modelSummary) writeText(w io.Writer) {
	fmt.Fprintf(w, "%s\n", printable(s.Path))
	fmt.Fprintf(w, "  ir_version: %d\n", s.IRVersion)
	var ops []string
	for _, o := range s.Opsets {
		ops = append(ops, fmt.Sprintf("%s %d", printable(o.Domain), o.Version))
	}
	fmt.Fprintf(w, "  opsets:     %s\n", strings.Join(ops, ", "))
	producer := printable(strings.TrimSpace(s.ProducerName + " " + s.ProducerVersion))
	if producer == "" {
		producer = "(unknown)"
	}
	fmt.Fprintf(w, "  producer:   %s\n", producer)
	writeValues := func(title string, vs []valueSummary) {
		fmt.Fprintf(w, "  %s:\n", title)
		width := 0
		for _, v := range vs {
			width = max(width, len(printable(v.Name)))
		}
		for _, v := range vs {
			shape := "(rank unknown)"
			if v.Shape != nil {
				dims := make([]string, len(v.Shape))
				for i, d := range v.Shape {
					dims[i] = "?"
					if d != nil {
						dims[i] = printable(fmt.Sprint(d))
					}
				}
				shape = "[" + strings.Join(dims, ", ") + "]"
			}
			fmt.Fprintf(w, "    %-*s  %-8s %s\n", width, printable(v.Name), v.Type, shape)
		}
	}
	writeValues("inputs", s.Inputs)
	if s.InitializerInputs > 0 {
		fmt.Fprintf(w, "    (and %d initializers also listed as inputs)\n", s.InitializerInputs)
	}
	writeValues("outputs", s.Outputs)
	fmt.Fprintf(w, "  nodes: %d, %d kinds of op\n", s.Nodes, len(s.Ops))
	width := 0
	for _, o := range s.Ops {
		width = max(width, len(printable(o.Op)))
	}
	for _, o := range s.Ops {
		fmt.Fprintf(w, "    %-*s  %d\n", width, printable(o.Op), o.Count)
	}
	p := s.Parameters
	fmt.Fprintf(w, "  parameters: %s in %d tensors, %s\n", groupDigits(p.Elements), p.Tensors, humanBytes(p.Bytes))
	for _, b := range p.ByType {
		fmt.Fprintf(w, "    %-8s  %s in %d tensors, %s\n", b.Type, groupDigits(b.Elements), b.Tensors, humanBytes(b.Bytes))
	}
	if s.ExternalData {
		fmt.Fprintln(w, "  external data: yes")
	}
}

// groupDigits writes n with thousands separators: 1234567 → "1,234,567".
func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// humanBytes gives a byte count in B, KiB, MiB or GiB with one decimal.
func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v := float64(n)
	for _, u := range []string{"KiB", "MiB", "GiB", "TiB"} {
		v /= unit
		if v < unit || u == "TiB" {
			return fmt.Sprintf("%.1f %s", v, u)
		}
	}
	return ""
}
