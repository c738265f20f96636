package graphedit

// Shape rules for Gather and Slice.

import (
	"fmt"
	"math"
)

func inferGather(c *ictx) error {
	data, idx := c.shape(0), c.shape(1)
	if data == nil || idx == nil {
		c.set(0, c.elem(0), nil)
		return nil
	}
	axis, err := normAxis(c.n.AttrInt("axis", 0), len(data))
	if err != nil {
		return err
	}
	out := append(append(append([]Dim{}, data[:axis]...), idx...), data[axis+1:]...)
	c.set(0, c.elem(0), out)
	if s := c.sym(0); s != nil && len(data) == 1 {
		ix, ok := c.ints(1)
		if !ok {
			return nil
		}
		res := make([]Dim, len(ix))
		srcIn, srcs := c.src(0), make([]ElemSource, len(ix))
		for i, k := range ix {
			if k < 0 {
				k += int64(len(s))
			}
			if k < 0 || k >= int64(len(s)) {
				return fmt.Errorf("Gather index %d out of range for %d elements", ix[i], len(s))
			}
			res[i] = s[k]
			srcs[i] = srcIn[k]
		}
		c.setSym(0, res)
		c.setSrc(0, srcs)
	}
	return nil
}

// sliceLen computes the length of a slice of a dimension; ok is false when
// it cannot be told.
func sliceLen(d, start, end Dim, step int64) (Dim, bool) {
	const big = math.MaxInt64 / 4
	if d.Known() && start.Known() && end.Known() {
		n, s, e := d.Value, start.Value, end.Value
		if step > 0 {
			if s < 0 {
				s += n
			}
			s = min(max(s, 0), n)
			if e < 0 {
				e += n
			}
			e = min(max(e, 0), n)
			if e <= s {
				return IntDim(0), true
			}
			return IntDim((e - s + step - 1) / step), true
		}
		if s < 0 {
			s += n
		}
		s = min(max(s, 0), n-1)
		if e < 0 {
			e += n
		}
		e = min(max(e, -1), n-1)
		if s <= e {
			return IntDim(0), true
		}
		return IntDim((s - e + (-step) - 1) / (-step)), true
	}
	if step != 1 {
		return Dim{}, false
	}
	if !start.Known() {
		// x[-k:] with k from a shape (T5's position bias sliced to the
		// query length): k is taken to lie within the dim, as a symbolic
		// end is below.
		if end.Known() && end.Value >= big {
			if k, ok := dimOp('*', start, IntDim(-1)); ok && negatedSymbol(start) {
				return k, true
			}
		}
		return Dim{}, false
	}
	s := start.Value
	switch {
	case end.Known() && end.Value >= big && s >= 0:
		return dimOp('-', d, IntDim(s))
	case end.Known() && end.Value >= big && s < 0:
		return IntDim(-s), true
	case end.Known() && end.Value < 0 && s >= 0:
		return dimOp('-', d, IntDim(s-end.Value))
	case !end.Known() && s >= 0:
		// A symbolic end (from Shape) is taken to lie within the dim.
		return dimOp('-', end, IntDim(s))
	}
	return Dim{}, false
}

// negatedSymbol reports whether d is minus a symbolic size: a polynomial
// whose coefficients are all negative (so d < 0 for every positive size).
func negatedSymbol(d Dim) bool {
	p := dimPoly(d)
	if len(p) == 0 {
		return false
	}
	for _, c := range p {
		if c >= 0 {
			return false
		}
	}
	return true
}

func inferSlice(c *ictx) error {
	data := c.shape(0)
	var starts, ends, axes, steps []Dim
	if c.opset() < 10 {
		s, _ := c.n.AttrInts("starts")
		e, _ := c.n.AttrInts("ends")
		starts, ends = intDims(s), intDims(e)
		if a, ok := c.n.AttrInts("axes"); ok {
			axes = intDims(a)
		}
	} else {
		starts, ends = c.sym(1), c.sym(2)
		if c.in(3) != nil {
			if axes = c.sym(3); axes == nil {
				starts = nil
			}
		}
		if c.in(4) != nil {
			if steps = c.sym(4); steps == nil {
				starts = nil
			}
		}
	}
	if data == nil {
		c.set(0, c.elem(0), nil)
		return nil
	}
	if starts == nil || ends == nil || len(starts) != len(ends) {
		c.set(0, c.elem(0), c.fresh(len(data)))
		return nil
	}
	out := append([]Dim{}, data...)
	sym, srcIn := c.sym(0), c.src(0)
	var symOut []Dim
	var srcOut []ElemSource
	for i := range starts {
		axis := int64(i)
		if axes != nil {
			if i >= len(axes) || !axes[i].Known() {
				c.set(0, c.elem(0), c.fresh(len(data)))
				return nil
			}
			axis = axes[i].Value
		}
		a, err := normAxis(axis, len(data))
		if err != nil {
			return err
		}
		step := int64(1)
		if steps != nil {
			if i >= len(steps) || !steps[i].Known() || steps[i].Value == 0 {
				c.set(0, c.elem(0), c.fresh(len(data)))
				return nil
			}
			step = steps[i].Value
		}
		l, ok := sliceLen(data[a], starts[i], ends[i], step)
		if !ok {
			l = c.g.freshDim()
		}
		out[a] = l
		if sym != nil && len(data) == 1 && l.Known() && starts[i].Known() && data[0].Known() && data[0].Value == int64(len(sym)) {
			s := starts[i].Value
			if s < 0 {
				s += int64(len(sym))
			}
			if step > 0 {
				s = min(max(s, 0), int64(len(sym)))
			} else {
				s = min(max(s, 0), int64(len(sym))-1)
			}
			for k := int64(0); k < l.Value; k++ {
				symOut = append(symOut, sym[s+k*step])
				srcOut = append(srcOut, srcIn[s+k*step])
			}
		}
	}
	c.set(0, c.elem(0), out)
	if symOut != nil || (sym != nil && len(data) == 1 && out[0].Known() && out[0].Value == 0 && data[0].Known() && data[0].Value == int64(len(sym))) {
		if symOut == nil {
			symOut = []Dim{}
		}
		c.setSym(0, symOut)
		c.setSrc(0, srcOut)
	}
	return nil
}
