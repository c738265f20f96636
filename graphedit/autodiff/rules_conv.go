package autodiff

import "onnxprune/graphedit"

func convRules() []Rule {
	return []Rule{{Op: "Conv", MinOpset: 11, Grad: gradConv}}
}

// convGeom is the geometry of a Conv node: spatial rank, kernel sizes,
// strides, dilations, pads (begins then ends) and groups.
type convGeom struct {
	rank                     int
	kernel, strides, dilates []int64
	pads                     []int64
	groups                   int64
	outC, inCPerGroup        int64
}

// readConvGeom reads the attributes of a Conv node and the static shape of
// its weight, refusing what the rule does not support (auto_pad other than
// NOTSET or VALID, a weight of unknown shape).
func readConvGeom(c *Context) (convGeom, bool) {
	n := c.Node()
	w := c.X(1)
	ws, ok := staticShape(w)
	if !ok || len(ws) < 3 {
		c.Fail("Conv gradient needs the weight's shape [M, C/group, k...] (have %v)", w.Shape())
		return convGeom{}, false
	}
	g := convGeom{rank: len(ws) - 2, outC: ws[0], inCPerGroup: ws[1], kernel: ws[2:], groups: n.AttrInt("group", 1)}
	switch ap := n.AttrString("auto_pad", "NOTSET"); ap {
	case "NOTSET", "VALID":
	default:
		c.Fail("Conv gradient: auto_pad %s is not supported (NOTSET or VALID with explicit pads)", ap)
		return convGeom{}, false
	}
	if ks, ok := n.AttrInts("kernel_shape"); ok && !equalInts(ks, g.kernel) {
		c.Fail("Conv gradient: kernel_shape %v differs from the weight's %v", ks, g.kernel)
		return convGeom{}, false
	}
	ones := func() []int64 {
		v := make([]int64, g.rank)
		for i := range v {
			v[i] = 1
		}
		return v
	}
	g.strides, g.dilates, g.pads = ones(), ones(), make([]int64, 2*g.rank)
	if v, ok := n.AttrInts("strides"); ok {
		g.strides = v
	}
	if v, ok := n.AttrInts("dilations"); ok {
		g.dilates = v
	}
	if v, ok := n.AttrInts("pads"); ok {
		g.pads = v
	}
	if len(g.strides) != g.rank || len(g.dilates) != g.rank || len(g.pads) != 2*g.rank || g.groups < 1 || g.outC%g.groups != 0 {
		c.Fail("Conv gradient: strides %v, dilations %v, pads %v or group %d do not fit a %d-D kernel of %d output channels", g.strides, g.dilates, g.pads, g.groups, g.rank, g.outC)
		return convGeom{}, false
	}
	return g, true
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// gradConv: Y[n,o,y] = Σ_{c∈group(o), k} X[n,c,y·s+k·d−p] · W[o,c,k] + B[o],
// for 1-D to N-D kernels with strides s, dilations d, pads p and groups.
//
//	dX = ConvTranspose(dY, W; s, d, begin pads, group), padded with zeros
//	     or cut at the end to the size of X
//
// (inputs past the last window get zeros, positions in the end pads are
// cut; decided at run time, so the rule works for symbolic sizes);
//
//	dW = Slice_k(Transpose(Conv(X', dY'; strides d, dilations s, p, group)))
//
// with the batch moved into the channels (X' = [C/g, g·N, S], dY' as
// weights [M, N, Sy]): each output channel's kernel is the correlation of
// its input channels with its output gradient; and dB = Σ_{n,y} dY.
func gradConv(c *Context) {
	e := c.e
	geo, ok := readConvGeom(c)
	if !ok {
		return
	}
	x, w, dy := c.X(0), c.X(1), c.GY(0)
	spatial := func(v *graphedit.Value) *graphedit.Value {
		return e.op("Slice", in(e.shape(v), e.ints(2), e.ints(int64(2+geo.rank))))
	}
	if c.Need(0) {
		// Pads at the begins only: the output starts at input position 0
		// and runs to the end of the last window, which may stop short of
		// the input's end (zeros) or pass it (into the end pads: cut).
		begins := append(append([]int64{}, geo.pads[:geo.rank]...), make([]int64, geo.rank)...)
		ct := e.op("ConvTranspose", in(dy, w), attrInts("strides", geo.strides...), attrInts("dilations", geo.dilates...),
			attrInts("pads", begins...), attrInt("group", geo.groups))
		short := e.op("Max", in(e.sub(spatial(x), spatial(ct)), e.ints(0)))
		pads := e.op("Concat", in(e.ints(make([]int64, 2+geo.rank)...), e.ints(0, 0), short), attrInt("axis", 0))
		c.SetGrad(0, e.op("Slice", in(e.op("Pad", in(ct, pads)), e.ints(make([]int64, geo.rank)...), spatial(x), e.ints(seq(2, geo.rank)...))))
	}
	if c.Need(1) {
		g, cg, mg := geo.groups, geo.inCPerGroup, geo.outC/geo.groups
		// X [N, g·C/g, S] → [C/g, g·N, S].
		xs := e.reshape(x, e.op("Concat", in(e.dimOf(x, 0), e.ints(g, cg), spatial(x)), attrInt("axis", 0)))
		xs = e.transpose(xs, append([]int64{2, 1, 0}, seq(3, geo.rank)...))
		xs = e.reshape(xs, e.op("Concat", in(e.ints(cg, -1), spatial(x)), attrInt("axis", 0)))
		// dY [N, g·M/g, Sy] → [M, N, Sy].
		ds := e.reshape(dy, e.op("Concat", in(e.dimOf(dy, 0), e.ints(g, mg), spatial(dy)), attrInt("axis", 0)))
		ds = e.transpose(ds, append([]int64{1, 2, 0}, seq(3, geo.rank)...))
		ds = e.reshape(ds, e.op("Concat", in(e.ints(geo.outC, -1), spatial(dy)), attrInt("axis", 0)))
		corr := e.op("Conv", in(xs, ds), attrInts("strides", geo.dilates...), attrInts("dilations", geo.strides...),
			attrInts("pads", geo.pads...), attrInt("group", g))
		dw := e.transpose(corr, append([]int64{1, 0}, seq(2, geo.rank)...))
		c.SetGrad(1, e.op("Slice", in(dw, e.ints(make([]int64, geo.rank)...), e.ints(geo.kernel...), e.ints(seq(2, geo.rank)...))))
	}
	if c.Need(2) {
		c.SetGrad(2, e.reduceSum(dy, append([]int64{0}, seq(2, geo.rank)...), false))
	}
}

// seq returns from, from+1, …: n values.
func seq(from, n int) []int64 {
	p := make([]int64, n)
	for i := range p {
		p[i] = int64(from + i)
	}
	return p
}
