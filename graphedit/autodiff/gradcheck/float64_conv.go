package gradcheck

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// staticDims records the dims of the main graph's initializers and inputs
// whose shape is fully known.
func staticDims(gp *onnxpb.GraphProto) map[string][]int64 {
	out := map[string][]int64{}
	for _, t := range gp.GetInitializer() {
		out[t.GetName()] = t.GetDims()
	}
	for _, vi := range gp.GetInput() {
		var dims []int64
		for _, d := range vi.GetType().GetTensorType().GetShape().GetDim() {
			if _, known := d.GetValue().(*onnxpb.TensorShapeProto_Dimension_DimValue); !known {
				dims = nil
				break
			}
			dims = append(dims, d.GetDimValue())
		}
		if dims != nil {
			out[vi.GetName()] = dims
		}
	}
	return out
}

// conv returns float64 nodes computing the Conv node n (ONNX Runtime's CPU
// provider has no float64 Conv) as a sum over kernel positions κ of
// W[:, :, κ] · X_pad[:, :, κ·d + s·y], each a strided Slice and a MatMul
// per group, plus the bias; ok is false when the weight's shape is not
// known or auto_pad is set, and the caller runs the node in float32.
func (c *f64conv) conv(n *onnxpb.NodeProto) (nodes []*onnxpb.NodeProto, ok bool) {
	wd := c.dims[n.Input[1]]
	if len(wd) < 3 || c.opset < 11 {
		return nil, false
	}
	rank := len(wd) - 2
	group, strides, dilations, pads := int64(1), ones(rank), ones(rank), make([]int64, 2*rank)
	for _, a := range n.GetAttribute() {
		switch a.GetName() {
		case "group":
			group = a.GetI()
		case "strides":
			strides = a.GetInts()
		case "dilations":
			dilations = a.GetInts()
		case "pads":
			pads = a.GetInts()
		case "auto_pad":
			if s := string(a.GetS()); s != "NOTSET" && s != "VALID" {
				return nil, false
			}
		}
	}
	m, cg := wd[0], wd[1]
	if group < 1 || m%group != 0 || len(strides) != rank || len(dilations) != rank || len(pads) != 2*rank {
		return nil, false
	}
	c.n++
	p := fmt.Sprintf("%s/conv64_%d/", n.Output[0], c.n)
	add := func(opType string, ins []string, attrs ...*onnxpb.AttributeProto) string {
		out := fmt.Sprintf("%s%d", p, len(nodes))
		nodes = append(nodes, &onnxpb.NodeProto{OpType: proto.String(opType), Input: ins, Output: []string{out}, Attribute: attrs})
		return out
	}
	ints := func(v ...int64) string {
		return add("Constant", nil, &onnxpb.AttributeProto{Name: proto.String("value"), Type: onnxpb.AttributeProto_TENSOR.Enum(),
			T: &onnxpb.TensorProto{DataType: proto.Int32(int32(onnxpb.TensorProto_INT64)), Dims: []int64{int64(len(v))}, Int64Data: v}})
	}
	axes := make([]int64, rank)
	for i := range axes {
		axes[i] = int64(2 + i)
	}
	allPads := make([]int64, 2*(rank+2))
	copy(allPads[2:], pads[:rank])
	copy(allPads[rank+4:], pads[rank:])
	xp := add("Pad", []string{n.Input[0], ints(allPads...)})
	// Output sizes: (padded − span)/s + 1 per spatial axis.
	sizes := add("Slice", []string{add("Shape", []string{xp}), ints(2), ints(int64(2 + rank))})
	span := make([]int64, rank)
	for i := range span {
		span[i] = (wd[2+i]-1)*dilations[i] + 1
	}
	outSizes := add("Add", []string{add("Div", []string{add("Sub", []string{sizes, ints(span...)}), ints(strides...)}), ints(ones(rank)...)})
	// The slice of each kernel position ends at start + (out−1)·s + 1.
	reach := add("Add", []string{add("Mul", []string{add("Sub", []string{outSizes, ints(ones(rank)...)}), ints(strides...)}), ints(ones(rank)...)})
	var terms []string
	kappa := make([]int64, rank)
	for {
		starts, wStarts, wEnds := make([]int64, rank), make([]int64, rank), make([]int64, rank)
		for i := range kappa {
			starts[i] = kappa[i] * dilations[i]
			wStarts[i], wEnds[i] = kappa[i], kappa[i]+1
		}
		xs := add("Slice", []string{xp, ints(starts...), add("Add", []string{ints(starts...), reach}), ints(axes...), ints(strides...)})
		xs = add("Reshape", []string{xs, ints(0, group, cg, -1)})
		wk := add("Slice", []string{n.Input[1], ints(wStarts...), ints(wEnds...), ints(axes...)})
		wk = add("Reshape", []string{wk, ints(group, m/group, cg)})
		terms = append(terms, add("MatMul", []string{wk, xs})) // [N, g, M/g, P]
		i := rank - 1
		for i >= 0 {
			kappa[i]++
			if kappa[i] < wd[2+i] {
				break
			}
			kappa[i] = 0
			i--
		}
		if i < 0 {
			break
		}
	}
	sum := terms[0]
	if len(terms) > 1 {
		sum = add("Sum", terms)
	}
	shape := add("Concat", []string{add("Slice", []string{add("Shape", []string{n.Input[0]}), ints(0), ints(1)}), ints(m), outSizes},
		&onnxpb.AttributeProto{Name: proto.String("axis"), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(0)})
	y := add("Reshape", []string{sum, shape})
	if len(n.Input) > 2 && n.Input[2] != "" {
		add("Add", []string{y, add("Reshape", []string{n.Input[2], ints(append([]int64{m}, ones(rank)...)...)})})
	}
	// The last node (the Reshape, or the bias Add) writes the Conv's output.
	nodes[len(nodes)-1].Output = []string{n.Output[0]}
	return nodes, true
}

func ones(n int) []int64 {
	v := make([]int64, n)
	for i := range v {
		v[i] = 1
	}
	return v
}
