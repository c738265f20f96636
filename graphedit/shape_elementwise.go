package graphedit

// Shape rules for elementwise ops, comparisons, Where and Cast.

func inferNot(c *ictx) error {
	c.set(0, elemBool, c.shape(0))
	c.setSym(0, symBinary(c.sym(0), []Dim{IntDim(0)}, func(x, _ Dim) (Dim, bool) {
		if !x.Known() {
			return Dim{}, false
		}
		return boolDim(x.Value == 0), true
	}))
	return nil
}

func inferNeg(c *ictx) error {
	c.set(0, c.elem(0), c.shape(0))
	c.setSym(0, symBinary(c.sym(0), []Dim{IntDim(-1)}, func(x, y Dim) (Dim, bool) { return dimOp('*', x, y) }))
	return nil
}

func inferArith(c *ictx) error {
	shapes := make([][]Dim, c.n.NumInputs())
	for i := range shapes {
		shapes[i] = c.shape(i)
	}
	out, err := c.broadcast(shapes...)
	if err != nil {
		return err
	}
	c.set(0, c.elem(0), out)
	if c.n.NumInputs() != 2 || !isIntLike(c.elem(0)) {
		return nil
	}
	var f func(x, y Dim) (Dim, bool)
	switch c.n.OpType() {
	case "Add":
		f = func(x, y Dim) (Dim, bool) { return dimOp('+', x, y) }
	case "Sub":
		f = func(x, y Dim) (Dim, bool) { return dimOp('-', x, y) }
	case "Mul":
		f = func(x, y Dim) (Dim, bool) { return dimOp('*', x, y) }
	case "Div":
		f = func(x, y Dim) (Dim, bool) { return dimOp('/', x, y) }
	case "Max", "Min":
		isMax := c.n.OpType() == "Max"
		f = func(x, y Dim) (Dim, bool) {
			switch {
			case x.Known() && y.Known():
				if (x.Value > y.Value) == isMax {
					return x, true
				}
				return y, true
			case SameDim(x, y):
				return x, true
			// A size is at least 1: max(size, c<=1) is the size.
			case isMax && y.Known() && y.Value <= 1:
				return x, true
			case isMax && x.Known() && x.Value <= 1:
				return y, true
			}
			return Dim{}, false
		}
	case "Mod":
		f = func(x, y Dim) (Dim, bool) {
			if x.Known() && y.Known() && y.Value != 0 {
				m := x.Value % y.Value
				if m != 0 && (m < 0) != (y.Value < 0) {
					m += y.Value
				}
				return IntDim(m), true
			}
			return Dim{}, false
		}
	default:
		return nil
	}
	c.setSym(0, symBinary(c.sym(0), c.sym(1), f))
	return nil
}

func inferCompare(c *ictx) error {
	out, err := c.broadcast(c.shape(0), c.shape(1))
	if err != nil {
		return err
	}
	c.set(0, elemBool, out)
	op := c.n.OpType()
	c.setSym(0, symBinary(c.sym(0), c.sym(1), func(x, y Dim) (Dim, bool) {
		if x.Known() && y.Known() {
			a, b := x.Value, y.Value
			switch op {
			case "Equal":
				return boolDim(a == b), true
			case "Less":
				return boolDim(a < b), true
			case "Greater":
				return boolDim(a > b), true
			case "LessOrEqual":
				return boolDim(a <= b), true
			case "GreaterOrEqual":
				return boolDim(a >= b), true
			case "And":
				return boolDim(a != 0 && b != 0), true
			case "Or":
				return boolDim(a != 0 || b != 0), true
			case "Xor":
				return boolDim((a != 0) != (b != 0)), true
			}
			return Dim{}, false
		}
		if op == "Equal" {
			if SameDim(x, y) {
				return IntDim(1), true
			}
			// A symbolic size is never negative: torch's Expand pattern
			// compares shapes with -1.
			if (x.Known() && x.Value < 0) || (y.Known() && y.Value < 0) {
				return IntDim(0), true
			}
		}
		return Dim{}, false
	}))
	return nil
}

func inferWhere(c *ictx) error {
	out, err := c.broadcast(c.shape(0), c.shape(1), c.shape(2))
	if err != nil {
		return err
	}
	c.set(0, c.elem(1), out)
	cond, a, b := c.sym(0), c.sym(1), c.sym(2)
	if cond == nil || a == nil || b == nil {
		return nil
	}
	ab := symBinary(a, b, func(x, y Dim) (Dim, bool) { return x, true })
	if ab == nil {
		return nil
	}
	n := max(len(cond), len(a), len(b))
	if (len(cond) != n && len(cond) != 1) || (len(a) != n && len(a) != 1) || (len(b) != n && len(b) != 1) {
		return nil
	}
	res := make([]Dim, n)
	for i := range res {
		k := cond[min(i, len(cond)-1)]
		if !k.Known() {
			return nil
		}
		if k.Value != 0 {
			res[i] = a[min(i, len(a)-1)]
		} else {
			res[i] = b[min(i, len(b)-1)]
		}
	}
	c.setSym(0, res)
	return nil
}

func inferCast(c *ictx) error {
	to := int32(c.n.AttrInt("to", 0))
	c.set(0, to, c.shape(0))
	if s := c.sym(0); s != nil && isIntLike(to) {
		if to == elemBool {
			s = symBinary(s, []Dim{IntDim(0)}, func(x, _ Dim) (Dim, bool) {
				if !x.Known() {
					return IntDim(1), true // a size is never 0 here
				}
				return boolDim(x.Value != 0), true
			})
		}
		c.setSym(0, s)
		if to != elemBool {
			c.setSrc(0, c.src(0))
		}
	}
	return nil
}
