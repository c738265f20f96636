package graphedit

// Shape rules for ops that rearrange data: Reshape, Transpose, Flatten,
// Unsqueeze, Squeeze, Expand, Tile, Concat, Split.

import (
	"fmt"
)

func inferReshape(c *ictx) error {
	data := c.shape(0)
	var target []Dim
	if c.opset() < 5 {
		s, ok := c.n.AttrInts("shape")
		if ok {
			target = intDims(s)
		}
	} else {
		target = c.sym(1)
	}
	if target == nil {
		if r, ok := c.targetRank(1); ok {
			c.set(0, c.elem(0), c.fresh(r))
		} else {
			c.set(0, c.elem(0), nil)
		}
		return nil
	}
	allowZero := c.n.AttrInt("allowzero", 0) != 0
	out := make([]Dim, len(target))
	neg := -1
	for i, t := range target {
		switch {
		case t.Known() && t.Value == 0 && !allowZero:
			if data != nil && i < len(data) {
				out[i] = data[i]
			} else if data != nil {
				return fmt.Errorf("Reshape target %s copies dim %d of a rank-%d input", ShapeString(target), i, len(data))
			} else {
				out[i] = c.g.freshDim()
			}
		case t.Known() && t.Value == -1:
			if neg >= 0 {
				return fmt.Errorf("Reshape target %s has two -1", ShapeString(target))
			}
			neg = i
		case t.Known() && t.Value < -1:
			return fmt.Errorf("Reshape target %s has a negative size", ShapeString(target))
		default:
			out[i] = t
		}
	}
	if neg >= 0 {
		out[neg] = c.g.freshDim()
		if data != nil {
			total, ok1 := dimProduct(data)
			rest := append(append([]Dim{}, out[:neg]...), out[neg+1:]...)
			part, ok2 := dimProduct(rest)
			if ok1 && ok2 {
				if d, ok := dimOp('/', total, part); ok && (!d.Known() || d.Value*valueOr(part) == valueOr(total)) {
					out[neg] = d
				}
			}
		}
	} else if data != nil {
		t1, ok1 := dimProduct(data)
		t2, ok2 := dimProduct(out)
		if ok1 && ok2 && t1.Known() && t2.Known() && t1.Value != t2.Value {
			return fmt.Errorf("Reshape of %s to %s changes the element count", ShapeString(data), ShapeString(out))
		}
	}
	c.set(0, c.elem(0), out)
	if s := c.sym(0); s != nil && len(out) <= 1 {
		c.passSym()
	}
	return nil
}

// valueOr returns a known dim's value, or 0 for a symbolic one (used only
// where both sides are known).
func valueOr(d Dim) int64 {
	if d.Known() {
		return d.Value
	}
	return 0
}

func inferTranspose(c *ictx) error {
	in := c.shape(0)
	if in == nil {
		c.set(0, c.elem(0), nil)
		return nil
	}
	perm, ok := c.n.AttrInts("perm")
	if !ok {
		perm = make([]int64, len(in))
		for i := range perm {
			perm[i] = int64(len(in) - 1 - i)
		}
	}
	if len(perm) != len(in) {
		return fmt.Errorf("Transpose perm %v for rank %d", perm, len(in))
	}
	out := make([]Dim, len(in))
	seen := make([]bool, len(in))
	for i, p := range perm {
		a, err := normAxis(p, len(in))
		if err != nil || seen[a] {
			return fmt.Errorf("Transpose perm %v is not a permutation", perm)
		}
		seen[a] = true
		out[i] = in[a]
	}
	c.set(0, c.elem(0), out)
	return nil
}

func inferSplit(c *ictx) error {
	in := c.shape(0)
	nout := c.n.NumOutputs()
	if in == nil {
		for i := 0; i < nout; i++ {
			c.set(i, c.elem(0), nil)
		}
		return nil
	}
	axis, err := normAxis(c.n.AttrInt("axis", 0), len(in))
	if err != nil {
		return err
	}
	var sizes []Dim
	if c.opset() >= 13 {
		if c.in(1) != nil {
			sizes = c.sym(1)
		}
	} else if s, ok := c.n.AttrInts("split"); ok {
		sizes = intDims(s)
	}
	if sizes == nil && !(c.opset() >= 13 && c.in(1) != nil) {
		d := in[axis]
		if d.Known() {
			if nout > 0 && d.Value%int64(nout) == 0 {
				sizes = intDims(repeatInt(d.Value/int64(nout), nout))
			} else if nout > 0 {
				// opset 18 num_outputs: the last chunk is smaller.
				chunk := (d.Value + int64(nout) - 1) / int64(nout)
				xs := repeatInt(chunk, nout)
				xs[nout-1] = d.Value - chunk*int64(nout-1)
				sizes = intDims(xs)
			}
		} else if part, ok := dimOp('/', d, IntDim(int64(nout))); ok {
			sizes = make([]Dim, nout)
			for i := range sizes {
				sizes[i] = part
			}
		}
	}
	for i := 0; i < nout; i++ {
		out := append([]Dim{}, in...)
		if sizes != nil && i < len(sizes) {
			out[axis] = sizes[i]
		} else {
			out[axis] = c.g.freshDim()
		}
		c.set(i, c.elem(0), out)
	}
	return nil
}

func repeatInt(x int64, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = x
	}
	return out
}

func inferConcat(c *ictx) error {
	var out []Dim
	elem := int32(0)
	for i := 0; i < c.n.NumInputs(); i++ {
		if elem == 0 {
			elem = c.elem(i)
		}
	}
	for i := 0; i < c.n.NumInputs(); i++ {
		s := c.shape(i)
		if s == nil {
			c.set(0, elem, nil)
			return nil
		}
		if out == nil {
			out = append([]Dim{}, s...)
			continue
		}
		if len(s) != len(out) {
			return fmt.Errorf("Concat of ranks %d and %d", len(out), len(s))
		}
	}
	if out == nil {
		return nil
	}
	axis, err := normAxis(c.n.AttrInt("axis", 0), len(out))
	if err != nil {
		return err
	}
	sum := IntDim(0)
	for i := 0; i < c.n.NumInputs(); i++ {
		s := c.shape(i)
		for k := range s {
			if k == axis {
				continue
			}
			if s[k].Known() && out[k].Known() && s[k].Value != out[k].Value {
				return fmt.Errorf("Concat on axis %d of %s and %s", axis, ShapeString(c.shape(0)), ShapeString(s))
			}
			if !out[k].Known() && s[k].Known() {
				out[k] = s[k]
			}
		}
		var ok bool
		if sum, ok = dimOp('+', sum, s[axis]); !ok {
			sum = c.g.freshDim()
		}
	}
	out[axis] = sum
	c.set(0, elem, out)
	if len(out) == 1 {
		var all []Dim
		var srcs []ElemSource
		for i := 0; i < c.n.NumInputs(); i++ {
			s := c.sym(i)
			if s == nil {
				return nil
			}
			all = append(all, s...)
			srcs = append(srcs, c.src(i)...)
		}
		if all == nil {
			all = []Dim{}
		}
		c.setSym(0, all)
		c.setSrc(0, srcs)
	}
	return nil
}

func inferUnsqueeze(c *ictx) error {
	in := c.shape(0)
	axes, present, ok := c.axesArg("axes", 1, 13)
	if in == nil || !ok || !present {
		c.set(0, c.elem(0), nil)
		return nil
	}
	r := len(in) + len(axes)
	ins := make([]bool, r)
	for _, a := range axes {
		k, err := normAxis(a, r)
		if err != nil {
			return err
		}
		if ins[k] {
			return fmt.Errorf("Unsqueeze axes %v repeat an axis", axes)
		}
		ins[k] = true
	}
	out := make([]Dim, 0, r)
	j := 0
	for k := 0; k < r; k++ {
		if ins[k] {
			out = append(out, IntDim(1))
		} else {
			out = append(out, in[j])
			j++
		}
	}
	c.set(0, c.elem(0), out)
	if len(out) <= 1 {
		c.passSym()
	}
	return nil
}

func inferSqueeze(c *ictx) error {
	in := c.shape(0)
	axes, present, ok := c.axesArg("axes", 1, 13)
	if in == nil || !ok {
		c.set(0, c.elem(0), nil)
		return nil
	}
	drop := make([]bool, len(in))
	if present {
		for _, a := range axes {
			k, err := normAxis(a, len(in))
			if err != nil {
				return err
			}
			if in[k].Known() && in[k].Value != 1 {
				return fmt.Errorf("Squeeze axis %d has size %d", a, in[k].Value)
			}
			drop[k] = true
		}
	} else {
		for k, d := range in {
			drop[k] = d.Known() && d.Value == 1
		}
	}
	out := []Dim{}
	for k, d := range in {
		if !drop[k] {
			out = append(out, d)
		}
	}
	c.set(0, c.elem(0), out)
	if len(out) <= 1 {
		c.passSym()
	}
	return nil
}

func inferExpand(c *ictx) error {
	in := c.shape(0)
	target := c.sym(1)
	if target == nil {
		if r, ok := c.targetRank(1); ok && in != nil {
			c.set(0, c.elem(0), c.fresh(max(len(in), r)))
		} else {
			c.set(0, c.elem(0), nil)
		}
		return nil
	}
	out, err := c.broadcast(in, target)
	if err != nil {
		return err
	}
	c.set(0, c.elem(0), out)
	if s := c.sym(0); s != nil && len(out) <= 1 {
		c.setSym(0, symBinary(s, make([]Dim, max(1, len(out))), func(x, _ Dim) (Dim, bool) { return x, true }))
	}
	return nil
}

func inferFlatten(c *ictx) error {
	in := c.shape(0)
	if in == nil {
		c.set(0, c.elem(0), c.fresh(2))
		return nil
	}
	axis := c.n.AttrInt("axis", 1)
	if axis < 0 {
		axis += int64(len(in))
	}
	if axis < 0 || axis > int64(len(in)) {
		return fmt.Errorf("Flatten axis %d for rank %d", c.n.AttrInt("axis", 1), len(in))
	}
	a, ok1 := dimProduct(in[:axis])
	b, ok2 := dimProduct(in[axis:])
	if !ok1 {
		a = c.g.freshDim()
	}
	if !ok2 {
		b = c.g.freshDim()
	}
	c.set(0, c.elem(0), []Dim{a, b})
	return nil
}

func inferTile(c *ictx) error {
	in := c.shape(0)
	reps := c.sym(1)
	if in == nil || reps == nil || len(reps) != len(in) {
		if in != nil {
			c.set(0, c.elem(0), c.fresh(len(in)))
		}
		return nil
	}
	out := make([]Dim, len(in))
	for i := range in {
		d, ok := dimOp('*', in[i], reps[i])
		if !ok {
			d = c.g.freshDim()
		}
		out[i] = d
	}
	c.set(0, c.elem(0), out)
	return nil
}
