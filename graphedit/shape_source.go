package graphedit

// Shape rules for ops that make shapes or values: Shape, Size, Constant,
// ConstantOfShape, Range; reductions; If.

import "onnxprune/onnxio/onnxpb"

func inferShape(c *ictx) error {
	in := c.shape(0)
	if in == nil {
		c.set(0, elemInt64, c.fresh(1))
		return nil
	}
	r := int64(len(in))
	start, end := c.n.AttrInt("start", 0), c.n.AttrInt("end", r)
	if start < 0 {
		start += r
	}
	if end < 0 {
		end += r
	}
	start, end = min(max(start, 0), r), min(max(end, 0), r)
	if end < start {
		end = start
	}
	s := append([]Dim{}, in[start:end]...)
	c.set(0, elemInt64, []Dim{IntDim(int64(len(s)))})
	c.setSym(0, s)
	return nil
}

func inferSize(c *ictx) error {
	c.set(0, elemInt64, []Dim{})
	if in := c.shape(0); in != nil {
		if p, ok := dimProduct(in); ok {
			c.setSym(0, []Dim{p})
		}
	}
	return nil
}

func inferConstant(c *ictx) error {
	tp := constantAttrTensor(c.n)
	if tp == nil {
		return nil
	}
	c.set(0, tp.GetDataType(), intDims(tp.GetDims()))
	if s := c.g.symOf(c.n.Output(0)); s != nil {
		c.setSym(0, s)
	}
	return nil
}

func inferConstantOfShape(c *ictx) error {
	elem := elemFloat
	var fill int64
	fillKnown := true
	if t := c.n.AttrTensor("value"); t != nil {
		elem = t.GetDataType()
		if isIntLike(elem) {
			if ints, ok := decodeSmallInts(c.g, t); ok && len(ints) == 1 {
				fill = ints[0]
			} else {
				fillKnown = false
			}
		}
	}
	target := c.sym(0)
	if target == nil {
		if r, ok := c.targetRank(0); ok {
			c.set(0, elem, c.fresh(r))
		} else {
			c.set(0, elem, nil)
		}
		return nil
	}
	c.set(0, elem, target)
	if isIntLike(elem) && fillKnown && len(target) <= 1 {
		n := int64(1)
		if len(target) == 1 {
			if !target[0].Known() {
				return nil
			}
			n = target[0].Value
		}
		if n >= 0 && n <= maxSymElems {
			c.setSym(0, intDims(repeatInt(fill, int(n))))
		}
	}
	return nil
}

func inferRange(c *ictx) error {
	start, limit, delta := c.sym(0), c.sym(1), c.sym(2)
	elem := c.elem(0)
	if start == nil || limit == nil || delta == nil || len(start) != 1 || len(limit) != 1 || len(delta) != 1 {
		c.set(0, elem, c.fresh(1))
		return nil
	}
	s, l, d := start[0], limit[0], delta[0]
	var n Dim
	switch {
	case s.Known() && l.Known() && d.Known() && d.Value != 0:
		k := (l.Value - s.Value + d.Value - sign(d.Value)) / d.Value
		n = IntDim(max(k, 0))
	case d.Known() && d.Value == 1:
		var ok bool
		if n, ok = dimOp('-', l, s); !ok {
			n = c.g.freshDim()
		}
	default:
		n = c.g.freshDim()
	}
	c.set(0, elem, []Dim{n})
	if n.Known() && n.Value <= maxSymElems && s.Known() && d.Known() {
		vals := make([]int64, n.Value)
		for i := range vals {
			vals[i] = s.Value + int64(i)*d.Value
		}
		c.setSym(0, intDims(vals))
	}
	return nil
}

func sign(x int64) int64 {
	if x < 0 {
		return -1
	}
	return 1
}

func inferReduce(c *ictx) error {
	in := c.shape(0)
	keep := c.n.AttrInt("keepdims", 1) != 0
	fromInput := int64(18)
	if c.n.OpType() == "ReduceSum" {
		fromInput = 13
	}
	axes, present, ok := c.axesArg("axes", 1, fromInput)
	if in == nil || !ok {
		if in != nil && keep {
			c.set(0, c.elem(0), c.fresh(len(in)))
		} else {
			c.set(0, c.elem(0), nil)
		}
		return nil
	}
	if !present || len(axes) == 0 {
		if c.n.AttrInt("noop_with_empty_axes", 0) != 0 {
			c.set(0, c.elem(0), in)
			return nil
		}
		axes = make([]int64, len(in))
		for i := range axes {
			axes[i] = int64(i)
		}
	}
	red := make([]bool, len(in))
	for _, a := range axes {
		k, err := normAxis(a, len(in))
		if err != nil {
			return err
		}
		red[k] = true
	}
	out := []Dim{}
	for k, d := range in {
		switch {
		case !red[k]:
			out = append(out, d)
		case keep:
			out = append(out, IntDim(1))
		}
	}
	c.set(0, c.elem(0), out)
	return nil
}

func inferArgReduce(c *ictx) error {
	in := c.shape(0)
	if in == nil {
		c.set(0, elemInt64, nil)
		return nil
	}
	k, err := normAxis(c.n.AttrInt("axis", 0), len(in))
	if err != nil {
		return err
	}
	out := append([]Dim{}, in[:k]...)
	if c.n.AttrInt("keepdims", 1) != 0 {
		out = append(out, IntDim(1))
	}
	out = append(out, in[k+1:]...)
	c.set(0, elemInt64, out)
	return nil
}

// decodeSmallInts decodes an attribute tensor of an integer type.
func decodeSmallInts(g *Graph, t *onnxpb.TensorProto) ([]int64, bool) {
	n := int64(1)
	for _, d := range t.GetDims() {
		n *= d
	}
	if n > maxSymElems {
		return nil, false
	}
	dt, err := decodeTensor(g, t)
	if err != nil {
		return nil, false
	}
	ints, err := dt.AsInt64()
	return ints, err == nil
}

// inferIf takes the outputs' types from the branches' declared outputs:
// dimensions the branches agree on are kept, others become fresh symbols.
func inferIf(c *ictx) error {
	thenG, elseG := c.n.Attr("then_branch").GetG(), c.n.Attr("else_branch").GetG()
	if thenG == nil || elseG == nil {
		return nil
	}
	for i := 0; i < c.n.NumOutputs(); i++ {
		if i >= len(thenG.GetOutput()) || i >= len(elseG.GetOutput()) {
			break
		}
		te, td := declaredShape(c.g, thenG.GetOutput()[i])
		ee, ed := declaredShape(c.g, elseG.GetOutput()[i])
		if te == 0 {
			te = ee
		}
		if td == nil || ed == nil || len(td) != len(ed) {
			c.set(i, te, nil)
			continue
		}
		out := make([]Dim, len(td))
		for k := range td {
			if SameDim(td[k], ed[k]) {
				out[k] = td[k]
			} else {
				out[k] = c.g.freshDim()
			}
		}
		c.set(i, te, out)
	}
	return nil
}

// declaredShape reads a value info's element type and shape (nil: unknown).
func declaredShape(g *Graph, vi *onnxpb.ValueInfoProto) (int32, []Dim) {
	v := &Value{typ: vi.GetType(), rank: -1}
	g.initShape(v)
	return v.elem, v.Shape()
}
