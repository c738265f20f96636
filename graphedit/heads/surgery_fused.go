package heads

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// emptyFusedPresents prepares the removal of fused attention node n
// (com.microsoft Attention, QAttention or MultiHeadAttention) whose block
// keeps no head: the node cannot run with num_heads = 0, so its present
// key and value outputs, which the file returns as graph outputs, become
// empty tensors of the same layout with 0 heads (ConstantOfShape of
// [B,0,T,dh], or [2,B,0,T,dh] for Attention's packed present), under
// their names and with the types declared for them. Once the output
// projection is replaced by its bias nothing reads the node and it goes.
// With a past cache, the presents' length is the cache's plus the new
// tokens'.
func emptyFusedPresents(g *graphedit.Graph, n *graphedit.Node, dh int64) error {
	// The past cache's slot and its length axis.
	pastSlot, pastAxis := 6, int64(2) // MultiHeadAttention's past key [B,H,T,dh]
	switch n.OpType() {
	case "Attention":
		pastSlot, pastAxis = 4, 3 // past [2,B,H,T,dh]
	case "QAttention":
		pastSlot, pastAxis = 8, 3
	}
	past := graphedit.OptionalInput(n, pastSlot)
	prefix := "prune/" + nodeLabel(n) + "/empty"
	i64 := func(vals ...int64) (*graphedit.Value, error) {
		return g.AddInitializer(onnxio.NewInt64(g.FreshName(prefix+"/const"), []int64{int64(len(vals))}, vals))
	}
	// dimOf returns axis ax of x's shape as a 1-element tensor.
	dimOf := func(x *graphedit.Value, ax int64) (*graphedit.Value, error) {
		shp, err := g.AddNode(graphedit.NodeSpec{OpType: "Shape", Inputs: []*graphedit.Value{x}, Outputs: []string{g.FreshName(prefix + "/shape")}})
		if err != nil {
			return nil, err
		}
		st, err := i64(ax)
		if err != nil {
			return nil, err
		}
		en, err := i64(ax + 1)
		if err != nil {
			return nil, err
		}
		sl, err := g.AddNode(graphedit.NodeSpec{OpType: "Slice", Inputs: []*graphedit.Value{shp.Output(0), st, en}, Outputs: []string{g.FreshName(prefix + "/dim")}})
		if err != nil {
			return nil, err
		}
		return sl.Output(0), nil
	}
	query := n.Input(0)
	for k := 1; k < n.NumOutputs(); k++ {
		o := n.Output(k)
		if o == nil || (o.NumUses() == 0 && !o.IsGraphOutput()) {
			continue
		}
		batch, err := dimOf(query, 0)
		if err != nil {
			return err
		}
		var lead []*graphedit.Value
		var length *graphedit.Value
		if n.OpType() == "MultiHeadAttention" {
			key := n.Input(1)
			switch key.Rank() {
			case 3:
				length, err = dimOf(key, 1)
			case 4:
				length, err = dimOf(key, 2)
			default:
				return fmt.Errorf("fused %s: keys %q of rank %d", n, key.Name(), key.Rank())
			}
		} else {
			two, e := i64(2)
			if e != nil {
				return e
			}
			lead = append(lead, two)
			length, err = dimOf(query, 1)
		}
		if err != nil {
			return err
		}
		if past != nil {
			cached, err := dimOf(past, pastAxis)
			if err != nil {
				return err
			}
			sum, err := g.AddNode(graphedit.NodeSpec{OpType: "Add", Inputs: []*graphedit.Value{cached, length}, Outputs: []string{g.FreshName(prefix + "/length")}})
			if err != nil {
				return err
			}
			length = sum.Output(0)
		}
		zeroHeads, err := i64(0)
		if err != nil {
			return err
		}
		width, err := i64(dh)
		if err != nil {
			return err
		}
		parts := append(lead, batch, zeroHeads, length, width)
		shape, err := g.AddNode(graphedit.NodeSpec{OpType: "Concat", Inputs: parts, Outputs: []string{g.FreshName(prefix + "/dims")},
			Attrs: []*onnxpb.AttributeProto{graphedit.IntAttr("axis", 0)}})
		if err != nil {
			return err
		}
		elem := o.ElemType()
		if elem == 0 {
			elem = int32(onnxpb.TensorProto_FLOAT)
		}
		size, ok := onnxio.ByteSize(onnxpb.TensorProto_DataType(elem), 1)
		if !ok {
			return fmt.Errorf("fused %s: present %q has element type %d", n, o.Name(), elem)
		}
		zero := &onnxpb.TensorProto{Name: proto.String("value"), Dims: []int64{1}, DataType: &elem, RawData: make([]byte, size)}
		name := o.Name()
		if err := g.Rename(o, g.FreshName(name+"/fused")); err != nil {
			return err
		}
		empty, err := g.AddNode(graphedit.NodeSpec{OpType: "ConstantOfShape", Inputs: []*graphedit.Value{shape.Output(0)}, Outputs: []string{name},
			Attrs: []*onnxpb.AttributeProto{graphedit.TensorAttr("value", zero)}})
		if err != nil {
			return err
		}
		if o.IsGraphOutput() {
			empty.Output(0).SetType(elem, o.Shape()) // as redeclared, 0 heads
		}
		if err := g.ReplaceAllUses(o, empty.Output(0), &graphedit.ReplaceOptions{GraphOutputs: true}); err != nil {
			return err
		}
	}
	return nil
}
