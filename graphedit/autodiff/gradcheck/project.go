package gradcheck

import (
	"fmt"
	"math/rand"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// ProjectionLoss adds to g a scalar loss L = Σ_j Σ(outs_j ⊙ r_j), where
// each r_j is a new graph input shaped like outs_j and fed with standard
// normal values drawn from seed, so that dL/douts_j = r_j is a random
// direction. It runs the graph once on feeds to learn the output shapes,
// adds the r_j feeds to feeds, and returns the loss value's name.
func ProjectionLoss(g *graphedit.Graph, outs []*graphedit.Value, feeds map[string]*ortrun.Tensor, seed int64) (string, error) {
	_ = g.InferShapes() // output shapes keep their symbols where known
	m := g.ModelProto(nil)
	m.Graph.Output = nil
	for _, o := range outs {
		m.Graph.Output = append(m.Graph.Output, &onnxpb.ValueInfoProto{Name: proto.String(o.Name())})
	}
	b, err := proto.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("gradcheck: marshal probe model: %w", err)
	}
	s, err := ortrun.NewSessionFromBytes(b, ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1, Name: "probe"})
	if err != nil {
		return "", err
	}
	defer s.Close()
	var names []string
	for _, o := range outs {
		names = append(names, o.Name())
	}
	got, err := s.Run(feeds, names)
	if err != nil {
		return "", err
	}
	rng := rand.New(rand.NewSource(seed))
	var total *graphedit.Value
	for j, o := range outs {
		t := got[o.Name()]
		var elem int32
		r := &ortrun.Tensor{Shape: t.Shape}
		switch {
		case t.F64 != nil:
			elem = int32(onnxpb.TensorProto_DOUBLE)
			r.F64 = make([]float64, len(t.F64))
			for i := range r.F64 {
				r.F64[i] = rng.NormFloat64()
			}
		case t.F32 != nil:
			elem = int32(onnxpb.TensorProto_FLOAT)
			r.F32 = make([]float32, len(t.F32))
			for i := range r.F32 {
				r.F32[i] = float32(rng.NormFloat64())
			}
		default:
			return "", fmt.Errorf("gradcheck: output %q is not floating point", o.Name())
		}
		dims := o.Shape()
		if dims == nil {
			dims = graphedit.Dims()
			for _, d := range t.Shape {
				dims = append(dims, graphedit.IntDim(d))
			}
		}
		rv, err := g.AddInput(g.FreshName(fmt.Sprintf("gc/r%d", j)), elem, dims)
		if err != nil {
			return "", err
		}
		feeds[rv.Name()] = r
		p, err := addOp(g, "Mul", o, rv)
		if err != nil {
			return "", err
		}
		sum, err := addOp(g, "ReduceSum", p, graphedit.IntAttr("keepdims", 0))
		if err != nil {
			return "", err
		}
		if total == nil {
			total = sum
		} else if total, err = addOp(g, "Add", total, sum); err != nil {
			return "", err
		}
	}
	loss, err := addOp(g, "Identity", total)
	if err != nil {
		return "", err
	}
	if err := g.AddOutput(loss); err != nil {
		return "", err
	}
	return loss.Name(), nil
}

// addOp adds a one-output node; args are *graphedit.Value inputs and
// *onnxpb.AttributeProto attributes.
func addOp(g *graphedit.Graph, opType string, args ...any) (*graphedit.Value, error) {
	spec := graphedit.NodeSpec{OpType: opType, Outputs: []string{g.FreshName("gc/" + opType)}}
	for _, a := range args {
		switch t := a.(type) {
		case *graphedit.Value:
			spec.Inputs = append(spec.Inputs, t)
		case *onnxpb.AttributeProto:
			spec.Attrs = append(spec.Attrs, t)
		}
	}
	n, err := g.AddNode(spec)
	if err != nil {
		return nil, err
	}
	return n.Output(0), nil
}
