package autodiff

import (
	"fmt"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// emitter adds backward nodes to a graph. It keeps the first error and
// turns every later call into a no-op returning nil, so rules read as
// straight-line formulas; the builder checks err after each rule.
type emitter struct {
	g      *graphedit.Graph
	opset  int64  // default-domain opset of the graph
	prefix string // name prefix of everything emitted (e.g. "grad/")
	base   string // name stem of the forward node being differentiated
	nodes  []*graphedit.Node
	elems  map[*graphedit.Value]int32 // element types the graph does not record
	err    error
}

func (e *emitter) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// failf records a formatted error.
func (e *emitter) failf(format string, a ...any) {
	e.fail(fmt.Errorf(format, a...))
}

// opN emits a default-domain node with n outputs.
func (e *emitter) opN(opType string, n int, ins []*graphedit.Value, attrs ...*onnxpb.AttributeProto) []*graphedit.Value {
	if e.err != nil {
		return make([]*graphedit.Value, n)
	}
	stem := e.prefix + e.base + "/" + opType
	outs := make([]string, n)
	for i := range outs {
		outs[i] = e.g.FreshName(stem)
	}
	node, err := e.g.AddNode(graphedit.NodeSpec{
		Name:    e.g.FreshName(stem),
		OpType:  opType,
		Inputs:  ins,
		Outputs: outs,
		Attrs:   attrs,
	})
	if err != nil {
		e.fail(fmt.Errorf("emitting %s: %w", opType, err))
		return make([]*graphedit.Value, n)
	}
	e.nodes = append(e.nodes, node)
	return node.Outputs()
}

// op emits a default-domain node with one output.
func (e *emitter) op(opType string, ins []*graphedit.Value, attrs ...*onnxpb.AttributeProto) *graphedit.Value {
	return e.opN(opType, 1, ins, attrs...)[0]
}

// shared returns the output of a default-domain node opType(ins...) without
// attributes and with one output that the graph already holds (an earlier
// Build on the same graph emitted it: the loss gradient and the LRP pass of
// an analysis graph both need, say, the sign of every Relu output), or emits
// one. Only ops that are pure functions of their inputs may be shared.
func (e *emitter) shared(opType string, ins ...*graphedit.Value) *graphedit.Value {
	if e.err == nil && len(ins) > 0 && ins[0] != nil {
		for _, u := range ins[0].Uses() {
			n := u.Node
			if n == nil || u.Input != 0 || n.OpType() != opType || n.Domain() != "" || n.NumOutputs() != 1 ||
				n.NumInputs() != len(ins) || len(n.Attributes()) != 0 || n.Graph() != e.g || n.Output(0) == nil {
				continue
			}
			same := true
			for i, x := range ins {
				if n.Input(i) != x {
					same = false
				}
			}
			if same {
				return n.Output(0)
			}
		}
	}
	return e.op(opType, ins)
}

// in is shorthand for an input list.
func in(vs ...*graphedit.Value) []*graphedit.Value { return vs }

// constant emits a Constant node holding t.
func (e *emitter) constant(t *onnxpb.TensorProto) *graphedit.Value {
	return e.op("Constant", nil, attrTensor("value", t))
}

// scalar emits a rank-0 constant x of element type elem.
func (e *emitter) scalar(elem int32, x float64) *graphedit.Value {
	switch elem {
	case elemFloat, elemDouble, elemInt64:
		return e.constant(scalarTensor(elem, x, nil))
	case elemFloat16, elemBFloat16:
		return e.cast(e.constant(scalarTensor(elemFloat, x, nil)), elem)
	}
	e.failf("no constant of element type %s", elemName(elem))
	return nil
}

// ints emits a 1-D int64 constant.
func (e *emitter) ints(xs ...int64) *graphedit.Value { return e.constant(int64Tensor(xs)) }

// int0 emits a rank-0 int64 constant.
func (e *emitter) int0(x int64) *graphedit.Value {
	return e.constant(scalarTensor(elemInt64, float64(x), nil))
}

func (e *emitter) cast(x *graphedit.Value, elem int32) *graphedit.Value {
	return e.op("Cast", in(x), attrInt("to", int64(elem)))
}

func (e *emitter) shape(x *graphedit.Value) *graphedit.Value { return e.op("Shape", in(x)) }

func (e *emitter) reshape(x, shape *graphedit.Value) *graphedit.Value {
	return e.op("Reshape", in(x, shape))
}

// reshapeLike reshapes x to the runtime shape of like, or to a constant
// shape when like's shape is fully known.
func (e *emitter) reshapeLike(x, like *graphedit.Value) *graphedit.Value {
	if s, ok := staticShape(like); ok {
		return e.reshape(x, e.ints(s...))
	}
	return e.reshape(x, e.shape(like))
}

func (e *emitter) add(a, b *graphedit.Value) *graphedit.Value { return e.op("Add", in(a, b)) }
func (e *emitter) sub(a, b *graphedit.Value) *graphedit.Value { return e.op("Sub", in(a, b)) }
func (e *emitter) mul(a, b *graphedit.Value) *graphedit.Value { return e.op("Mul", in(a, b)) }
func (e *emitter) div(a, b *graphedit.Value) *graphedit.Value { return e.op("Div", in(a, b)) }
func (e *emitter) neg(a *graphedit.Value) *graphedit.Value    { return e.op("Neg", in(a)) }

// reduceSum sums over constant axes; axes is an attribute before opset 13
// and an input from 13. Empty axes reduce nothing (the caller skips).
func (e *emitter) reduceSum(x *graphedit.Value, axes []int64, keepdims bool) *graphedit.Value {
	return e.reduce("ReduceSum", 13, x, axes, keepdims)
}

// reduceMean averages over constant axes (axes input from opset 18).
func (e *emitter) reduceMean(x *graphedit.Value, axes []int64, keepdims bool) *graphedit.Value {
	return e.reduce("ReduceMean", 18, x, axes, keepdims)
}

func (e *emitter) reduce(opType string, inputFrom int64, x *graphedit.Value, axes []int64, keepdims bool) *graphedit.Value {
	kd := int64(0)
	if keepdims {
		kd = 1
	}
	if e.opset >= inputFrom {
		return e.op(opType, in(x, e.ints(axes...)), attrInt("keepdims", kd))
	}
	return e.op(opType, in(x), attrInts("axes", axes...), attrInt("keepdims", kd))
}

// reduceSumDyn sums over runtime axes (a 1-D int64 value); empty axes
// reduce nothing. It needs opset 13.
func (e *emitter) reduceSumDyn(x, axes *graphedit.Value) *graphedit.Value {
	if e.opset < 13 {
		e.failf("summing over axes known only at run time needs opset 13 or later (graph has %d)", e.opset)
		return nil
	}
	return e.op("ReduceSum", in(x, axes), attrInt("keepdims", 1), attrInt("noop_with_empty_axes", 1))
}

// unsqueeze inserts size-1 axes (attribute before opset 13, input from 13).
func (e *emitter) unsqueeze(x *graphedit.Value, axes ...int64) *graphedit.Value {
	if e.opset >= 13 {
		return e.op("Unsqueeze", in(x, e.ints(axes...)))
	}
	return e.op("Unsqueeze", in(x), attrInts("axes", axes...))
}

// transpose emits a Transpose with the given permutation (nil: reverse).
func (e *emitter) transpose(x *graphedit.Value, perm []int64) *graphedit.Value {
	if perm == nil {
		return e.op("Transpose", in(x))
	}
	return e.op("Transpose", in(x), attrInts("perm", perm...))
}

// zerosLike emits zeros with the shape and element type of v.
func (e *emitter) zerosLike(v *graphedit.Value) *graphedit.Value {
	elem := e.elem(v)
	if elem != elemFloat && elem != elemDouble {
		return e.cast(e.op("ConstantOfShape", in(e.shape(v))), elem) // default value: float 0
	}
	return e.op("ConstantOfShape", in(e.shape(v)), attrTensor("value", scalarTensor(elem, 0, []int64{1})))
}

// dimOf emits the size of axis a of v as a 1-D int64 tensor of length 1,
// as a constant when the size is known.
func (e *emitter) dimOf(v *graphedit.Value, axis int64) *graphedit.Value {
	if s := v.Shape(); s != nil {
		a := axis
		if a < 0 {
			a += int64(len(s))
		}
		if a >= 0 && a < int64(len(s)) && s[a].Known() {
			return e.ints(s[a].Value)
		}
	}
	return e.op("Gather", in(e.shape(v), e.ints(axis)), attrInt("axis", 0))
}

// staticShape returns v's shape as integers when every dimension is known.
func staticShape(v *graphedit.Value) ([]int64, bool) {
	if v == nil {
		return nil, false
	}
	return graphedit.KnownSizes(v.Shape())
}

// elemName names an element type for messages.
func elemName(elem int32) string {
	return onnxpb.TensorProto_DataType(elem).String()
}
