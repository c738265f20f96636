package graphedit

import (
	"fmt"

	"onnxprune/onnxio/onnxpb"
)

// ictx is the view a shape rule has of one node.
type ictx struct {
	g *Graph
	n *Node
}

// shapeRule infers the outputs of one node from its inputs.
type shapeRule func(c *ictx) error

func (g *Graph) inferNode(n *Node) (err error) {
	key := n.OpType()
	if d := n.Domain(); d != "" && d != "ai.onnx" {
		key = d + ":" + key
	}
	rule, ok := shapeRules[key]
	if !ok {
		return nil
	}
	// A rule meeting a malformed model must report it, not crash the tool.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("shape rule for %s failed on malformed input: %v", key, r)
		}
	}()
	return rule(&ictx{g: g, n: n})
}

func (c *ictx) in(i int) *Value { return c.n.Input(i) }

// shape returns input i's shape, nil when unknown or absent.
func (c *ictx) shape(i int) []Dim {
	v := c.in(i)
	if v == nil || v.rank < 0 {
		return nil
	}
	return v.dims
}

func (c *ictx) rank(i int) int {
	v := c.in(i)
	if v == nil {
		return -1
	}
	return v.rank
}

func (c *ictx) elem(i int) int32 {
	if v := c.in(i); v != nil {
		return v.elem
	}
	return 0
}

// sym returns the tracked contents of input i.
func (c *ictx) sym(i int) []Dim { return c.g.symOf(c.in(i)) }

// ints returns input i's contents when fully known.
func (c *ictx) ints(i int) ([]int64, bool) { return KnownSizes(c.sym(i)) }

func (c *ictx) opset() int64 {
	if v := c.g.Opset(""); v > 0 {
		return v
	}
	return 21
}

// set records output i's inferred type, merged with its declaration.
func (c *ictx) set(i int, elem int32, dims []Dim) {
	v := c.n.Output(i)
	if v == nil {
		return
	}
	var declared []Dim
	if v.rank >= 0 {
		declared = v.dims
	}
	if elem == 0 {
		elem = v.elem
	}
	merged := c.g.mergeDims(dims, declared)
	if merged == nil {
		v.setShape(elem, nil)
		return
	}
	v.setShape(elem, merged)
}

// setSym records output i's contents (a rank-0 or rank-1 tensor).
func (c *ictx) setSym(i int, s []Dim) {
	v := c.n.Output(i)
	if v == nil || s == nil || len(s) > maxSymElems {
		return
	}
	v.an0().sym = s
}

// maxRank bounds the ranks shape inference makes up dims for.
const maxRank = 64

// targetRank reads the length of a 1-D shape input (Reshape, Expand,
// ConstantOfShape targets) whose contents are unknown.
func (c *ictx) targetRank(i int) (int, bool) {
	s := c.shape(i)
	if len(s) != 1 || !s[0].Known() || s[0].Value < 0 || s[0].Value > maxRank {
		return 0, false
	}
	return int(s[0].Value), true
}

// src returns the element sources of input i (nil entries: computed).
func (c *ictx) src(i int) []ElemSource {
	v := c.in(i)
	s := c.g.symOf(v)
	if s == nil {
		return nil
	}
	if len(v.an.src) == len(s) {
		return v.an.src
	}
	return make([]ElemSource, len(s))
}

// setSrc records the element sources of output i; call it after setSym.
func (c *ictx) setSrc(i int, src []ElemSource) {
	v := c.n.Output(i)
	if v == nil || v.an == nil || len(src) != len(v.an.sym) {
		return
	}
	v.an.src = src
}

// passSym copies input 0's contents and their sources to output 0.
func (c *ictx) passSym() {
	c.setSym(0, c.sym(0))
	c.setSrc(0, c.src(0))
}

// fresh returns n fresh symbolic dims.
func (c *ictx) fresh(n int) []Dim {
	out := make([]Dim, n)
	for i := range out {
		out[i] = c.g.freshDim()
	}
	return out
}

// axesArg reads axes from attribute (before opset `fromInput`) or from input
// i (from that opset on). present is false when no axes were given; ok is
// false when they were given but are not constant.
func (c *ictx) axesArg(attr string, input int, fromInput int64) (axes []int64, present, ok bool) {
	if c.opset() < fromInput {
		a, has := c.n.AttrInts(attr)
		return a, has, true
	}
	if c.in(input) == nil {
		return nil, false, true
	}
	a, known := c.ints(input)
	return a, true, known
}

func normAxis(a int64, r int) (int, error) {
	if a < -int64(r) || a >= int64(r) {
		return 0, fmt.Errorf("axis %d out of range for rank %d", a, r)
	}
	if a < 0 {
		a += int64(r)
	}
	return int(a), nil
}

// broadcast applies numpy broadcasting; nil when a rank is unknown. Known
// sizes that differ (neither 1) are an error.
func (c *ictx) broadcast(shapes ...[]Dim) ([]Dim, error) {
	r := 0
	for _, s := range shapes {
		if s == nil {
			return nil, nil
		}
		r = max(r, len(s))
	}
	out := make([]Dim, r)
	for k := 1; k <= r; k++ {
		var known *Dim
		var syms []Dim
		for _, s := range shapes {
			if len(s) < k {
				continue
			}
			d := s[len(s)-k]
			if d.Known() {
				if d.Value == 1 {
					continue
				}
				if known != nil && known.Value != d.Value {
					return nil, fmt.Errorf("cannot broadcast %s", shapesString(shapes))
				}
				dd := d
				known = &dd
				continue
			}
			dup := false
			for _, x := range syms {
				if SameDim(x, d) {
					dup = true
				}
			}
			if !dup {
				syms = append(syms, d)
			}
		}
		switch {
		case known != nil:
			out[r-k] = *known
		case len(syms) == 0:
			out[r-k] = IntDim(1)
		case len(syms) == 1:
			out[r-k] = syms[0]
		default:
			out[r-k] = c.g.freshDim()
		}
	}
	return out, nil
}

func shapesString(shapes [][]Dim) string {
	s := ""
	for i, x := range shapes {
		if i > 0 {
			s += " and "
		}
		s += ShapeString(x)
	}
	return s
}

// symBinary combines two tracked contents elementwise with broadcasting of
// a single element.
func symBinary(a, b []Dim, f func(x, y Dim) (Dim, bool)) []Dim {
	if a == nil || b == nil {
		return nil
	}
	n := max(len(a), len(b))
	if (len(a) != n && len(a) != 1) || (len(b) != n && len(b) != 1) {
		return nil
	}
	out := make([]Dim, n)
	for i := range out {
		x, y := a[min(i, len(a)-1)], b[min(i, len(b)-1)]
		d, ok := f(x, y)
		if !ok {
			return nil
		}
		out[i] = d
	}
	return out
}

func boolDim(b bool) Dim {
	if b {
		return IntDim(1)
	}
	return IntDim(0)
}

const elemBool = int32(onnxpb.TensorProto_BOOL)
const elemInt64 = int32(onnxpb.TensorProto_INT64)
const elemFloat = int32(onnxpb.TensorProto_FLOAT)
