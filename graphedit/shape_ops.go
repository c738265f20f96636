package graphedit

import (
	"fmt"
	"math"

	"onnxprune/onnxio/onnxpb"
)

// shapeRules maps an op ("Type", or "domain:Type" outside the default
// domain) to its shape rule. Ops without a rule keep declared types.
var shapeRules map[string]shapeRule

func init() {
	shapeRules = map[string]shapeRule{
		"MatMul":             inferMatMul,
		"Gemm":               inferGemm,
		"Reshape":            inferReshape,
		"Transpose":          inferTranspose,
		"LayerNormalization": inferLayerNorm,
		"Gather":             inferGather,
		"GatherElements":     func(c *ictx) error { c.set(0, c.elem(0), c.shape(1)); return nil },
		"ScatterND":          sameAsInput0,
		"ScatterElements":    sameAsInput0,
		"Slice":              inferSlice,
		"Split":              inferSplit,
		"Concat":             inferConcat,
		"Unsqueeze":          inferUnsqueeze,
		"Squeeze":            inferSqueeze,
		"Expand":             inferExpand,
		"Cast":               inferCast,
		"CastLike":           func(c *ictx) error { c.set(0, c.elem(1), c.shape(0)); return nil },
		"Shape":              inferShape,
		"Size":               inferSize,
		"Constant":           inferConstant,
		"ConstantOfShape":    inferConstantOfShape,
		"Range":              inferRange,
		"Where":              inferWhere,
		"Not":                inferNot,
		"Identity":           inferIdentity,
		"Dropout":            inferDropout,
		"Flatten":            inferFlatten,
		"Tile":               inferTile,
		"NonZero": func(c *ictx) error {
			if r := c.rank(0); r >= 0 {
				c.set(0, elemInt64, append([]Dim{IntDim(int64(r))}, c.fresh(1)...))
			}
			return nil
		},
		"ArgMax": inferArgReduce,
		"ArgMin": inferArgReduce,
		"Neg":    inferNeg,
		"If":     inferIf,

		"com.microsoft:Attention":               inferMSAttention,
		"com.microsoft:MultiHeadAttention":      inferMSMultiHeadAttention,
		"com.microsoft:SkipLayerNormalization":  inferSkipLayerNorm,
		"com.microsoft:EmbedLayerNormalization": inferEmbedLayerNorm,
		"com.microsoft:FastGelu":                sameAsInput0,
		"com.microsoft:Gelu":                    sameAsInput0,
		"com.microsoft:BiasGelu":                sameAsInput0,
	}
	for _, op := range []string{"Erf", "Sqrt", "Tanh", "Relu", "Sigmoid", "Exp", "Log", "Abs",
		"Reciprocal", "Softplus", "Gelu", "Softmax", "LogSoftmax", "Trilu", "Floor", "Ceil",
		"Round", "Sin", "Cos", "Clip", "LeakyRelu", "Elu", "HardSigmoid", "HardSwish", "Sign",
		"CumSum", "Mish", "Selu", "Celu", "Softsign", "Tan", "Atan", "Asin", "Acos"} {
		shapeRules[op] = sameAsInput0
	}
	for _, op := range []string{"Add", "Sub", "Mul", "Div", "Pow", "Mod", "Max", "Min", "Sum", "Mean", "PRelu", "BitShift"} {
		shapeRules[op] = inferArith
	}
	for _, op := range []string{"Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor"} {
		shapeRules[op] = inferCompare
	}
	for _, op := range []string{"IsNaN", "IsInf"} {
		shapeRules[op] = func(c *ictx) error { c.set(0, elemBool, c.shape(0)); return nil }
	}
	for _, op := range []string{"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd",
		"ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"} {
		shapeRules[op] = inferReduce
	}
}

func sameAsInput0(c *ictx) error {
	c.set(0, c.elem(0), c.shape(0))
	return nil
}

func inferIdentity(c *ictx) error {
	c.set(0, c.elem(0), c.shape(0))
	c.setSym(0, c.sym(0))
	return nil
}

func inferDropout(c *ictx) error {
	c.set(0, c.elem(0), c.shape(0))
	c.set(1, elemBool, c.shape(0))
	return nil
}

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
			case dimEqual(x, y):
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
			if dimEqual(x, y) {
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

func inferMatMul(c *ictx) error {
	a, b := c.shape(0), c.shape(1)
	if a == nil || b == nil {
		c.set(0, c.elem(0), nil)
		return nil
	}
	if len(a) == 0 || len(b) == 0 {
		return fmt.Errorf("MatMul of a scalar")
	}
	aa, bb := a, b
	if len(a) == 1 {
		aa = []Dim{IntDim(1), a[0]}
	}
	if len(b) == 1 {
		bb = []Dim{b[0], IntDim(1)}
	}
	k1, k2 := aa[len(aa)-1], bb[len(bb)-2]
	if k1.Known() && k2.Known() && k1.Value != k2.Value {
		return fmt.Errorf("MatMul inner sizes differ: %s and %s", ShapeString(a), ShapeString(b))
	}
	batch, err := c.broadcast(aa[:len(aa)-2], bb[:len(bb)-2])
	if err != nil {
		return err
	}
	out := append([]Dim{}, batch...)
	if len(a) > 1 {
		out = append(out, aa[len(aa)-2])
	}
	if len(b) > 1 {
		out = append(out, bb[len(bb)-1])
	}
	c.set(0, c.elem(0), out)
	return nil
}

func inferGemm(c *ictx) error {
	a, b := c.shape(0), c.shape(1)
	if len(a) != 2 || len(b) != 2 {
		c.set(0, c.elem(0), nil)
		return nil
	}
	m, k1 := a[0], a[1]
	if c.n.AttrInt("transA", 0) != 0 {
		m, k1 = a[1], a[0]
	}
	k2, n := b[0], b[1]
	if c.n.AttrInt("transB", 0) != 0 {
		k2, n = b[1], b[0]
	}
	if k1.Known() && k2.Known() && k1.Value != k2.Value {
		return fmt.Errorf("Gemm inner sizes differ: %s and %s", ShapeString(a), ShapeString(b))
	}
	c.set(0, c.elem(0), []Dim{m, n})
	return nil
}

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
		c.setSym(0, s)
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

func inferLayerNorm(c *ictx) error {
	x := c.shape(0)
	c.set(0, c.elem(0), x)
	if x == nil {
		return nil
	}
	axis, err := normAxis(c.n.AttrInt("axis", -1), len(x))
	if err != nil {
		return err
	}
	stat := append([]Dim{}, x[:axis]...)
	for range x[axis:] {
		stat = append(stat, IntDim(1))
	}
	st := int32(c.n.AttrInt("stash_type", 1))
	c.set(1, st, stat)
	c.set(2, st, stat)
	return nil
}

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
		for i, k := range ix {
			if k < 0 {
				k += int64(len(s))
			}
			if k < 0 || k >= int64(len(s)) {
				return fmt.Errorf("Gather index %d out of range for %d elements", ix[i], len(s))
			}
			res[i] = s[k]
		}
		c.setSym(0, res)
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
	if step != 1 || !start.Known() {
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
	sym := c.sym(0)
	var symOut []Dim
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
			}
		}
	}
	c.set(0, c.elem(0), out)
	if symOut != nil || (sym != nil && len(data) == 1 && out[0].Known() && out[0].Value == 0 && data[0].Known() && data[0].Value == int64(len(sym))) {
		if symOut == nil {
			symOut = []Dim{}
		}
		c.setSym(0, symOut)
	}
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
		for i := 0; i < c.n.NumInputs(); i++ {
			s := c.sym(i)
			if s == nil {
				return nil
			}
			all = append(all, s...)
		}
		if all == nil {
			all = []Dim{}
		}
		c.setSym(0, all)
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
		c.setSym(0, c.sym(0))
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
		c.setSym(0, c.sym(0))
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
	}
	return nil
}

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

// inferMSAttention handles com.microsoft Attention: input [B,S,hidden],
// weights [hidden, q+k+v]; output [B,S,v].
func inferMSAttention(c *ictx) error {
	x, w := c.shape(0), c.shape(1)
	if len(x) != 3 {
		c.set(0, c.elem(0), nil)
		return nil
	}
	var v Dim
	if q, ok := c.n.AttrInts("qkv_hidden_sizes"); ok && len(q) == 3 {
		v = IntDim(q[2])
	} else if len(w) == 2 {
		var ok bool
		if v, ok = dimOp('/', w[1], IntDim(3)); !ok {
			v = c.g.freshDim()
		}
	} else {
		v = c.g.freshDim()
	}
	c.set(0, c.elem(0), []Dim{x[0], x[1], v})
	return nil
}

// inferMSMultiHeadAttention handles com.microsoft MultiHeadAttention:
// query [B,S,D] gives output [B,S,Dv], Dv from a 3-D value input.
func inferMSMultiHeadAttention(c *ictx) error {
	q := c.shape(0)
	if len(q) != 3 {
		c.set(0, c.elem(0), nil)
		return nil
	}
	d := q[2]
	if v := c.shape(2); len(v) == 3 {
		d = v[2]
	}
	c.set(0, c.elem(0), []Dim{q[0], q[1], d})
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
			if dimEqual(td[k], ed[k]) {
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

// inferSkipLayerNorm handles com.microsoft SkipLayerNormalization: output 0
// and the optional sum (output 3) have the input's shape; mean and inverse
// std deviation (outputs 1, 2) have its leading dims and trailing 1.
func inferSkipLayerNorm(c *ictx) error {
	x := c.shape(0)
	c.set(0, c.elem(0), x)
	c.set(3, c.elem(0), x)
	if x != nil && len(x) > 0 {
		stat := append(append([]Dim{}, x[:len(x)-1]...), IntDim(1))
		c.set(1, elemFloat, stat)
		c.set(2, elemFloat, stat)
	}
	return nil
}

// inferEmbedLayerNorm handles com.microsoft EmbedLayerNormalization:
// input_ids [B,S] and word embeddings [V,H] give [B,S,H] and a mask index [B].
func inferEmbedLayerNorm(c *ictx) error {
	ids, emb := c.shape(0), c.shape(2)
	if len(ids) != 2 || len(emb) != 2 {
		return nil
	}
	c.set(0, c.elem(2), []Dim{ids[0], ids[1], emb[1]})
	c.set(1, int32(onnxpb.TensorProto_INT32), []Dim{ids[0]})
	c.set(2, c.elem(2), []Dim{ids[0], ids[1], emb[1]})
	return nil
}
