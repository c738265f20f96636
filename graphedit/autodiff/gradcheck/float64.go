package gradcheck

import (
	"encoding/binary"
	"fmt"
	"math"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// noDoubleKernel lists ops of the default domain, with float inputs and one
// float output, that ONNX Runtime's CPU provider runs in float32 only;
// Float64Model wraps them in casts (Erf, which also lacks a float64
// kernel, is rebuilt from float64 ops instead).
var noDoubleKernel = map[string]bool{"Conv": true, "ConvTranspose": true}

// inFloat32 returns n run in float32 between casts: its inputs cast to
// float32, its output cast back to float64.
func (c *f64conv) inFloat32(n *onnxpb.NodeProto) []*onnxpb.NodeProto {
	c.kept++
	c.n++
	var nodes []*onnxpb.NodeProto
	for k, in := range n.Input {
		if in == "" {
			continue
		}
		fin := fmt.Sprintf("%s/f32in%d", in, c.n)
		nodes = append(nodes, castNode(in, fin, tFloat))
		n.Input[k] = fin
	}
	out := n.Output[0]
	fout := fmt.Sprintf("%s/f32out%d", out, c.n)
	n.Output[0] = fout
	return append(nodes, n, castNode(fout, out, tDouble))
}

const (
	tFloat  = int32(onnxpb.TensorProto_FLOAT)
	tDouble = int32(onnxpb.TensorProto_DOUBLE)
)

// Float64Model returns a copy of m whose values that depend on a float
// graph input are computed in float64: those inputs, the float ops reading
// them (directly or through other such ops), their Cast targets, and the
// declared outputs they reach become float64, and each float32 value such
// an op reads from elsewhere (an initializer, a Constant, a value computed
// from constants and integers only) is cast to float64 where it is read.
// Everything else keeps its float32 computation. That is what finite
// differences need: the perturbed inputs move only float64 values, and the
// rest computes bit for bit what the float32 model computes. Converting it
// too would change the function where float32 rounding decides an integer:
// T5's relative position bucket is a float32 log cast to int64, and a
// distance on a bucket boundary (8 with 8 buckets and distance 16) lands in
// another bucket in float64. value_info is dropped and re-inferred by ONNX
// Runtime. Ops without a float64 kernel are wrapped in casts and run in
// float32; kept counts them, since they limit the precision of finite
// differences. Ops of other domains (com.microsoft fused ops) are an error:
// they have no float64 kernels. A model with subgraphs (If, Loop, Scan) is
// converted whole, every float32 value and op becoming float64. src reads
// external initializer data (nil: inline only).
func Float64Model(m *onnxpb.ModelProto, src onnxio.ExternalSource) (out *onnxpb.ModelProto, kept int, err error) {
	out = proto.Clone(m).(*onnxpb.ModelProto)
	c := &f64conv{src: src, dims: staticDims(out.GetGraph())}
	for _, o := range out.GetOpsetImport() {
		if o.GetDomain() == "" || o.GetDomain() == "ai.onnx" {
			c.opset = o.GetVersion()
		}
	}
	if hasSubgraphs(out.GetGraph()) {
		err = c.graph(out.GetGraph())
	} else {
		err = c.liveGraph(out)
	}
	if err != nil {
		return nil, 0, err
	}
	return out, c.kept, nil
}

type f64conv struct {
	src   onnxio.ExternalSource
	dims  map[string][]int64 // static dims of the main graph's initializers and inputs
	kept  int
	n     int
	opset int64
}

func (c *f64conv) graph(gp *onnxpb.GraphProto) error {
	for _, vi := range append(append([]*onnxpb.ValueInfoProto{}, gp.Input...), gp.Output...) {
		if tt := vi.GetType().GetTensorType(); tt != nil && tt.GetElemType() == tFloat {
			tt.ElemType = proto.Int32(tDouble)
		}
	}
	gp.ValueInfo = nil
	for i, t := range gp.Initializer {
		nt, err := c.tensor(t)
		if err != nil {
			return err
		}
		gp.Initializer[i] = nt
	}
	var nodes []*onnxpb.NodeProto
	for _, n := range gp.Node {
		for _, a := range n.Attribute {
			if a.G != nil {
				if err := c.graph(a.G); err != nil {
					return err
				}
			}
			for _, sg := range a.Graphs {
				if err := c.graph(sg); err != nil {
					return err
				}
			}
		}
		if n.GetDomain() != "" && n.GetDomain() != "ai.onnx" {
			return fmt.Errorf("node %q: %s:%s has no float64 kernel in ONNX Runtime", n.GetName(), n.GetDomain(), n.GetOpType())
		}
		switch n.GetOpType() {
		case "Constant":
			for k, a := range n.Attribute {
				switch a.GetName() {
				case "value":
					nt, err := c.tensor(a.T)
					if err != nil {
						return err
					}
					a.T = nt
				case "value_float":
					n.Attribute[k] = &onnxpb.AttributeProto{Name: proto.String("value"), Type: onnxpb.AttributeProto_TENSOR.Enum(), T: f64Tensor([]float64{float64(a.GetF())}, nil)}
				case "value_floats":
					vals := make([]float64, len(a.Floats))
					for i, f := range a.Floats {
						vals[i] = float64(f)
					}
					n.Attribute[k] = &onnxpb.AttributeProto{Name: proto.String("value"), Type: onnxpb.AttributeProto_TENSOR.Enum(), T: f64Tensor(vals, []int64{int64(len(vals))})}
				}
			}
		case "ConstantOfShape":
			found := false
			for _, a := range n.Attribute {
				if a.GetName() == "value" {
					found = true
					nt, err := c.tensor(a.T)
					if err != nil {
						return err
					}
					a.T = nt
				}
			}
			if !found {
				n.Attribute = append(n.Attribute, &onnxpb.AttributeProto{Name: proto.String("value"), Type: onnxpb.AttributeProto_TENSOR.Enum(), T: f64Tensor([]float64{0}, []int64{1})})
			}
		case "Cast", "EyeLike", "RandomNormalLike", "RandomUniformLike":
			retargetFloat64(n)
		}
		nodes = append(nodes, c.float64Nodes(n)...)
	}
	gp.Node = nodes
	return nil
}

// retargetFloat64 makes a Cast, EyeLike or Random*Like node whose target
// type ("to" or "dtype") is float32 produce float64 instead.
func retargetFloat64(n *onnxpb.NodeProto) {
	for _, a := range n.Attribute {
		if (a.GetName() == "to" || a.GetName() == "dtype") && a.GetI() == int64(tFloat) {
			a.I = proto.Int64(int64(tDouble))
		}
	}
}

// float64Nodes returns the nodes that compute n once the float values it
// reads are float64: Erf rebuilt from float64 ops, a Conv rebuilt where
// c.conv can, other ops without a float64 kernel run in float32 between
// casts, and any other op n itself.
func (c *f64conv) float64Nodes(n *onnxpb.NodeProto) []*onnxpb.NodeProto {
	if n.GetOpType() == "Erf" {
		c.n++
		return c.erf(n.Input[0], n.Output[0])
	}
	if n.GetOpType() == "Conv" {
		if conv, ok := c.conv(n); ok {
			return conv
		}
	}
	if noDoubleKernel[n.GetOpType()] {
		return c.inFloat32(n)
	}
	return []*onnxpb.NodeProto{n}
}

func castNode(in, out string, to int32) *onnxpb.NodeProto {
	return &onnxpb.NodeProto{OpType: proto.String("Cast"), Input: []string{in}, Output: []string{out},
		Attribute: []*onnxpb.AttributeProto{{Name: proto.String("to"), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(int64(to))}}}
}

// tensor converts a float32 tensor to float64 (others are returned as is).
func (c *f64conv) tensor(t *onnxpb.TensorProto) (*onnxpb.TensorProto, error) {
	if t == nil || t.GetDataType() != tFloat {
		return t, nil
	}
	d, err := onnxio.DecodeTensor(t, c.src)
	if err != nil {
		return nil, err
	}
	vals := make([]float64, len(d.F32))
	for i, f := range d.F32 {
		vals[i] = float64(f)
	}
	nt := f64Tensor(vals, t.GetDims())
	nt.Name = t.Name
	return nt, nil
}

func f64Tensor(vals []float64, dims []int64) *onnxpb.TensorProto {
	raw := make([]byte, 8*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint64(raw[8*i:], math.Float64bits(v))
	}
	return &onnxpb.TensorProto{DataType: proto.Int32(tDouble), Dims: append([]int64{}, dims...), RawData: raw}
}

// toF64 returns float32 feeds as float64 copies (others unchanged).
func toF64(feeds map[string]*ortrun.Tensor) map[string]*ortrun.Tensor {
	out := make(map[string]*ortrun.Tensor, len(feeds))
	for k, v := range feeds {
		if v.F32 != nil {
			d := make([]float64, len(v.F32))
			for i, f := range v.F32 {
				d[i] = float64(f)
			}
			out[k] = &ortrun.Tensor{Shape: v.Shape, F64: d}
			continue
		}
		out[k] = v
	}
	return out
}

// erfTerms is the number of series terms erf64 sums; with |x| clipped to
// erfClip the last term is below 1e-17 of the sum.
const (
	erfTerms = 200
	erfClip  = 6.0 // erf(±6) is ±1 in float64 (erfc(6) ≈ 2e-17)
)

// erf returns float64 nodes computing out = erf(in) from the series
//
//	erf(x) = sign(x)·2/√π·exp(−x²)·Σ_n 2ⁿ|x|^(2n+1)/(2n+1)!!
//
// whose terms are all positive (no cancellation), each evaluated as
// exp(n·ln2 + (2n+1)·ln|x| − ln(2n+1)!!) on an extra axis and summed.
// The result is accurate to a few 1e-15 and, unlike a float32 Erf, smooth
// at that level, as finite differences need.
func (c *f64conv) erf(in, out string) []*onnxpb.NodeProto {
	p := fmt.Sprintf("%s/erf64_%d/", out, c.n)
	c1 := make([]float64, erfTerms)
	c0 := make([]float64, erfTerms)
	for n := range c1 {
		lg1, _ := math.Lgamma(float64(2*n + 2))
		lg2, _ := math.Lgamma(float64(n + 1))
		lnDF := lg1 - float64(n)*math.Ln2 - lg2 // ln (2n+1)!!
		c1[n] = float64(2*n + 1)
		c0[n] = float64(n)*math.Ln2 - lnDF
	}
	konst := func(name string, vals []float64, dims []int64) *onnxpb.NodeProto {
		return &onnxpb.NodeProto{OpType: proto.String("Constant"), Output: []string{p + name},
			Attribute: []*onnxpb.AttributeProto{{Name: proto.String("value"), Type: onnxpb.AttributeProto_TENSOR.Enum(), T: f64Tensor(vals, dims)}}}
	}
	op := func(opType, outName string, ins ...string) *onnxpb.NodeProto {
		return &onnxpb.NodeProto{OpType: proto.String(opType), Input: ins, Output: []string{outName}}
	}
	withAttr := func(n *onnxpb.NodeProto, a ...*onnxpb.AttributeProto) *onnxpb.NodeProto {
		n.Attribute = append(n.Attribute, a...)
		return n
	}
	intAttr := func(name string, v int64) *onnxpb.AttributeProto {
		return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(v)}
	}
	intsAttr := func(name string, v ...int64) *onnxpb.AttributeProto {
		return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INTS.Enum(), Ints: v}
	}
	nodes := []*onnxpb.NodeProto{
		konst("c1", c1, []int64{erfTerms}),
		konst("c0", c0, []int64{erfTerms}),
		konst("lo", []float64{-erfClip}, nil),
		konst("hi", []float64{erfClip}, nil),
		konst("zero", []float64{0}, nil),
		konst("one", []float64{1}, nil),
		konst("mone", []float64{-1}, nil),
		konst("k", []float64{2 / math.Sqrt(math.Pi)}, nil),
		op("Min", p+"xc", in, p+"hi"),
		op("Max", p+"x", p+"xc", p+"lo"),
		op("Abs", p+"a", p+"x"),
		op("Log", p+"la", p+"a"),
	}
	if c.opset >= 13 {
		nodes = append(nodes,
			&onnxpb.NodeProto{OpType: proto.String("Constant"), Output: []string{p + "axis"},
				Attribute: []*onnxpb.AttributeProto{{Name: proto.String("value"), Type: onnxpb.AttributeProto_TENSOR.Enum(),
					T: &onnxpb.TensorProto{DataType: proto.Int32(int32(onnxpb.TensorProto_INT64)), Dims: []int64{1}, Int64Data: []int64{-1}}}}},
			op("Unsqueeze", p+"lu", p+"la", p+"axis"))
	} else {
		nodes = append(nodes, withAttr(op("Unsqueeze", p+"lu", p+"la"), intsAttr("axes", -1)))
	}
	nodes = append(nodes,
		op("Mul", p+"e1", p+"lu", p+"c1"),
		op("Add", p+"e", p+"e1", p+"c0"),
		op("Exp", p+"t", p+"e"))
	if c.opset >= 13 {
		nodes = append(nodes, withAttr(op("ReduceSum", p+"s", p+"t", p+"axis"), intAttr("keepdims", 0)))
	} else {
		nodes = append(nodes, withAttr(op("ReduceSum", p+"s", p+"t"), intsAttr("axes", -1), intAttr("keepdims", 0)))
	}
	nodes = append(nodes,
		op("Mul", p+"x2", p+"x", p+"x"),
		op("Neg", p+"nx2", p+"x2"),
		op("Exp", p+"g", p+"nx2"),
		op("Less", p+"neg", p+"x", p+"zero"),
		op("Where", p+"sign", p+"neg", p+"mone", p+"one"),
		op("Mul", p+"gs", p+"g", p+"s"),
		op("Mul", p+"gk", p+"gs", p+"k"),
		op("Mul", out, p+"gk", p+"sign"),
	)
	return nodes
}
