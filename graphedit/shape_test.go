package graphedit

import (
	"strings"
	"testing"

	"onnxprune/onnxio/onnxpb"
)

const (
	f32 = onnxpb.TensorProto_FLOAT
	i64 = onnxpb.TensorProto_INT64
)

// dimOf returns Unsqueeze(Gather(Shape(x), i), [0]) at opset 13.
func dimOf(b *Builder, x *Value, i int64, axes0 *Value) *Value {
	sh := b.Op("Shape", x)
	idx := b.Int64(b.g.FreshName("idx"), nil, []int64{i})
	return b.Op("Unsqueeze", b.Op("Gather", sh, idx), axes0)
}

func TestInferShapes(t *testing.T) {
	type tc struct {
		name  string
		opset int64
		build func(b *Builder) *Value // returns the value whose shape is checked
		want  string
	}
	cases := []tc{
		{"attention split heads keeps symbols", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "batch", "seq", 64)
			ax := b.Int64("ax0", []int64{1}, []int64{0})
			tgt := b.Op("Concat", dimOf(b, x, 0, ax), dimOf(b, x, 1, ax), b.Int64("h", []int64{1}, []int64{4}), b.Int64("dh", []int64{1}, []int64{16}), IntAttr("axis", 0))
			return b.Op("Reshape", x, tgt)
		}, "[batch,seq,4,16]"},
		{"scores and merge", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "batch", "seq", 64)
			q := b.Op("Transpose", b.Op("Reshape", x, b.Int64("t", []int64{4}, []int64{0, 0, 4, 16})), IntsAttr("perm", 0, 2, 1, 3))
			k := b.Op("Transpose", q, IntsAttr("perm", 0, 1, 3, 2))
			p := b.Op("Softmax", b.Op("MatMul", q, k), IntAttr("axis", -1))
			ctx := b.Op("Transpose", b.Op("MatMul", p, q), IntsAttr("perm", 0, 2, 1, 3))
			return b.Op("Reshape", ctx, b.Int64("m", []int64{2}, []int64{-1, 64}))
		}, "[batch*seq,64]"},
		{"reshape -1 recovers a symbol", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "batch", "seq", 64)
			flat := b.Op("Reshape", x, b.Int64("m", []int64{2}, []int64{-1, 64}))
			ax := b.Int64("ax0", []int64{1}, []int64{0})
			tgt := b.Op("Concat", b.Int64("neg", []int64{1}, []int64{-1}), dimOf(b, x, 1, ax), b.Int64("h", []int64{1}, []int64{4}), b.Int64("dh", []int64{1}, []int64{16}), IntAttr("axis", 0))
			return b.Op("Reshape", flat, tgt)
		}, "[batch,seq,4,16]"},
		{"conv front end", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "batch", 8, 32)
			w1 := b.Float32("w1", []int64{16, 8, 3}, make([]float32, 16*8*3))
			w2 := b.Float32("w2", []int64{16, 16, 3}, make([]float32, 16*16*3))
			h := b.Op("Conv", x, w1, IntsAttr("pads", 1, 1))
			return b.Op("Conv", h, w2, IntsAttr("pads", 1, 1), IntsAttr("strides", 2))
		}, "[batch,16,16]"},
		{"conv keeps a symbolic length at stride 1", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "batch", 8, "frames")
			w := b.Float32("w", []int64{4, 8, 3}, make([]float32, 4*8*3))
			return b.Op("Conv", x, w)
		}, "[batch,4,frames-2]"},
		{"slice of the last -k positions", 17, func(b *Builder) *Value {
			bias := b.Input("bias", f32, 1, 4, "keys", "keys")
			q := b.Input("q", f32, "batch", "tgt", 32)
			ax := b.Int64("ax0", []int64{1}, []int64{0})
			negT := b.Op("Neg", dimOf(b, q, 1, ax))
			return b.Op("Slice", bias, negT, b.Int64("end", []int64{1}, []int64{1 << 62}), b.Int64("axes", []int64{1}, []int64{2}))
		}, "[1,4,tgt,keys]"},
		{"broadcast mask", 17, func(b *Builder) *Value {
			s := b.Input("s", f32, "batch", 4, "tgt", "src")
			m := b.Input("m", f32, "batch", 1, 1, "src")
			return b.Op("Add", s, m)
		}, "[batch,4,tgt,src]"},
		{"embedding gather", 17, func(b *Builder) *Value {
			ids := b.Input("ids", i64, "batch", "seq")
			tab := b.Float32("tab", []int64{10, 8}, make([]float32, 80))
			return b.Op("Gather", tab, ids)
		}, "[batch,seq,8]"},
		{"gemm transB", 17, func(b *Builder) *Value {
			a := b.Input("a", f32, "n", 8)
			w := b.Float32("w", []int64{3, 8}, make([]float32, 24))
			return b.Op("Gemm", a, w, IntAttr("transB", 1))
		}, "[n,3]"},
		{"unsqueeze attr before 13", 11, func(b *Builder) *Value {
			x := b.Input("x", f32, "b", "s")
			return b.Op("Unsqueeze", x, IntsAttr("axes", 1, 2))
		}, "[b,1,1,s]"},
		{"squeeze input from 13", 13, func(b *Builder) *Value {
			x := b.Input("x", f32, "b", 1, "s")
			return b.Op("Squeeze", x, b.Int64("a", []int64{1}, []int64{1}))
		}, "[b,s]"},
		{"range over seq", 17, func(b *Builder) *Value {
			x := b.Input("x", i64, "batch", "seq")
			n := b.Op("Gather", b.Op("Shape", x), b.Int64("one", nil, []int64{1}))
			return b.Op("Range", b.Int64("zero", nil, []int64{0}), n, b.Int64("d", nil, []int64{1}))
		}, "[seq]"},
		{"torch expand pattern", 14, func(b *Builder) *Value {
			x := b.Input("x", f32, "batch", 1, "seq")
			ax := b.Int64("ax0", []int64{1}, []int64{0})
			shape := b.Op("Concat", dimOf(b, x, 0, ax), b.Int64("four", []int64{1}, []int64{4}), dimOf(b, x, 2, ax), IntAttr("axis", 0))
			ones := b.Op("ConstantOfShape", b.Op("Shape", shape), TensorAttr("value", &onnxpb.TensorProto{Dims: []int64{1}, DataType: ptr32(int32(i64)), Int64Data: []int64{1}}))
			negs := b.Op("Mul", ones, b.Int64("m1", nil, []int64{-1}))
			eq := b.Op("Equal", shape, negs)
			tgt := b.Op("Where", eq, ones, shape)
			return b.Op("Expand", x, tgt)
		}, "[batch,4,seq]"},
		{"slice last positions", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "batch", "seq", 64)
			return b.Op("Slice", x, b.Int64("st", []int64{1}, []int64{-3}), b.Int64("en", []int64{1}, []int64{1 << 62}), b.Int64("ax", []int64{1}, []int64{1}))
		}, "[batch,3,64]"},
		{"slice of a table to seq", 17, func(b *Builder) *Value {
			x := b.Input("x", i64, "batch", "seq")
			tab := b.Float32("pos", []int64{512, 8}, make([]float32, 512*8))
			seq := b.Op("Slice", b.Op("Shape", x), b.Int64("s1", []int64{1}, []int64{1}), b.Int64("e2", []int64{1}, []int64{2}))
			return b.Op("Slice", tab, b.Int64("z", []int64{1}, []int64{0}), seq, b.Int64("a0", []int64{1}, []int64{0}))
		}, "[seq,8]"},
		{"split packed qkv", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "seq", "batch", 96)
			outs := b.OpN("", "Split", 3, x, IntAttr("axis", -1))
			return outs[2]
		}, "[seq,batch,32]"},
		{"split sizes input", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "seq", 10)
			outs := b.OpN("", "Split", 2, x, b.Int64("sz", []int64{2}, []int64{3, 7}), IntAttr("axis", 1))
			return outs[1]
		}, "[seq,7]"},
		{"reduce mean keepdims opset 17", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "b", "s", 8)
			return b.Op("ReduceMean", x, IntsAttr("axes", -1))
		}, "[b,s,1]"},
		{"reduce sum axes input", 13, func(b *Builder) *Value {
			x := b.Input("x", f32, "b", "s", 8)
			return b.Op("ReduceSum", x, b.Int64("a", []int64{2}, []int64{0, 2}), IntAttr("keepdims", 0))
		}, "[s]"},
		{"layer norm", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "b", "s", 8)
			return b.Op("LayerNormalization", x, b.Float32("g", []int64{8}, make([]float32, 8)), b.Float32("be", []int64{8}, make([]float32, 8)))
		}, "[b,s,8]"},
		{"cast and erf", 17, func(b *Builder) *Value {
			x := b.Input("x", i64, "b", 3)
			return b.Op("Erf", b.Op("Cast", x, IntAttr("to", int64(f32))))
		}, "[b,3]"},
		{"trilu of constant of shape", 17, func(b *Builder) *Value {
			x := b.Input("x", i64, "b", "s")
			s1 := b.Op("Gather", b.Op("Shape", x), b.Int64("i1", []int64{1}, []int64{1}))
			sq := b.Op("Concat", s1, s1, IntAttr("axis", 0))
			return b.Op("Trilu", b.Op("ConstantOfShape", sq))
		}, "[s,s]"},
		{"ms attention", 17, func(b *Builder) *Value {
			b.Opset("com.microsoft", 1)
			x := b.Input("x", f32, "b", "s", 16)
			w := b.Float32("w", []int64{16, 48}, make([]float32, 16*48))
			return b.OpN("com.microsoft", "Attention", 1, x, w, b.Float32("bias", []int64{48}, make([]float32, 48)), IntAttr("num_heads", 4))[0]
		}, "[b,s,16]"},
		{"ms attention present with past", 17, func(b *Builder) *Value {
			b.Opset("com.microsoft", 1)
			x := b.Input("x", f32, "b", "s", 16)
			past := b.Input("past", f32, 2, "b", 4, "p", 4)
			w := b.Float32("w", []int64{16, 48}, make([]float32, 16*48))
			return b.OpN("com.microsoft", "Attention", 2, x, w, b.Float32("bias", []int64{48}, make([]float32, 48)), nil, past, IntAttr("num_heads", 4))[1]
		}, "[2,b,4,p+s,4]"},
		{"ms multi-head attention with past", 17, func(b *Builder) *Value {
			b.Opset("com.microsoft", 1)
			q := b.Input("q", f32, "b", "s", 32)
			pk := b.Input("pk", f32, "b", 4, "p", 8)
			pv := b.Input("pv", f32, "b", 4, "p", 8)
			outs := b.OpN("com.microsoft", "MultiHeadAttention", 3, q, q, q, nil, nil, nil, pk, pv, IntAttr("num_heads", 4))
			return b.Op("Concat", outs[1], outs[2], IntAttr("axis", 0))
		}, "[2*b,4,p+s,8]"},
		{"ms multi-head attention over cached keys", 17, func(b *Builder) *Value {
			b.Opset("com.microsoft", 1)
			q := b.Input("q", f32, "b", "s", 32)
			k := b.Input("k", f32, "b", 4, "enc", 8)
			outs := b.OpN("com.microsoft", "MultiHeadAttention", 3, q, k, k, IntAttr("num_heads", 4))
			return b.Op("Concat", outs[0], b.Op("Reshape", outs[2], b.Int64("t", []int64{3}, []int64{0, -1, 32})), IntAttr("axis", 1))
		}, "[b,enc+s,32]"},
		{"flatten", 17, func(b *Builder) *Value {
			x := b.Input("x", f32, "b", 3, 4)
			return b.Op("Flatten", x)
		}, "[b,12]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBuilder(c.opset)
			out := c.build(b)
			b.Output(out)
			g, err := b.Graph()
			if err != nil {
				t.Fatal(err)
			}
			if err := g.InferShapes(); err != nil {
				t.Fatal(err)
			}
			if got := ShapeString(out.Shape()); got != c.want {
				t.Errorf("shape = %s, want %s", got, c.want)
			}
		})
	}
}

func ptr32(x int32) *int32 { return &x }

func TestInferShapesErrors(t *testing.T) {
	cases := []struct {
		name  string
		build func(b *Builder) *Value
		want  string
	}{
		{"matmul inner mismatch", func(b *Builder) *Value {
			return b.Op("MatMul", b.Input("a", f32, "n", 3), b.Input("w", f32, 4, 5))
		}, "inner sizes differ"},
		{"broadcast mismatch", func(b *Builder) *Value {
			return b.Op("Add", b.Input("a", f32, "n", 3), b.Input("c", f32, 4))
		}, "cannot broadcast"},
		{"reshape count", func(b *Builder) *Value {
			return b.Op("Reshape", b.Input("a", f32, 2, 3), b.Int64("t", []int64{1}, []int64{7}))
		}, "element count"},
		{"concat rank", func(b *Builder) *Value {
			return b.Op("Concat", b.Input("a", f32, 2, 3), b.Input("c", f32, 3), IntAttr("axis", 0))
		}, "Concat of ranks"},
		{"per-channel scale of another width", func(b *Builder) *Value {
			w := b.Input("w", onnxpb.TensorProto_INT8, 4, 6)
			return b.Op("DequantizeLinear", w, b.Float32("s", []int64{4}, []float32{1, 1, 1, 1}), IntAttr("axis", 1))
		}, "per-axis input 1 has 4 values, axis 1 of the data 6"},
		{"per-column zero point of another width", func(b *Builder) *Value {
			x := b.Input("x", onnxpb.TensorProto_UINT8, "n", 4)
			w := b.Input("w", onnxpb.TensorProto_INT8, 4, 6)
			return b.Op("MatMulInteger", x, w, nil, b.Input("z", onnxpb.TensorProto_INT8, 5))
		}, "per-column input 3 has 5 values, the weight 6 columns"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBuilder(17)
			out := c.build(b)
			b.Output(out)
			g, err := b.Graph()
			if err != nil {
				t.Fatal(err)
			}
			err = g.InferShapes()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one containing %q", err, c.want)
			}
			n, _ := out.Producer()
			if !strings.Contains(err.Error(), n.Name()) {
				t.Errorf("error %q does not name node %q", err, n.Name())
			}
		})
	}
}

func TestConstFolding(t *testing.T) {
	b := NewBuilder(17)
	x := b.Input("x", f32, "batch", 7, 64)
	ax := b.Int64("ax0", []int64{1}, []int64{0})
	d1 := dimOf(b, x, 1, ax)
	d2 := b.Op("Mul", d1, b.Int64("two", []int64{1}, []int64{2}))
	sum := b.Op("Add", d2, b.Int64("three", nil, []int64{3}))
	cat := b.Op("Concat", dimOf(b, x, 0, ax), sum, IntAttr("axis", 0))
	b.Output(cat)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	if ints, ok := g.ConstInts(sum); !ok || len(ints) != 1 || ints[0] != 17 {
		t.Errorf("ConstInts(sum) = %v,%v want [17]", ints, ok)
	}
	if tt, ok := g.ConstValue(sum); !ok || tt.DataType != i64 || len(tt.I64) != 1 || tt.I64[0] != 17 || len(tt.Dims) != 1 {
		t.Errorf("ConstValue(sum) = %+v,%v", tt, ok)
	}
	if _, ok := g.ConstInts(cat); ok {
		t.Errorf("ConstInts(cat) known, but it holds the symbolic batch")
	}
	sv, ok := g.ShapeValue(cat)
	if !ok || ShapeString(sv) != "[batch,17]" {
		t.Errorf("ShapeValue(cat) = %s,%v", ShapeString(sv), ok)
	}
	if _, ok := g.ConstValue(x); ok {
		t.Errorf("graph input reported constant")
	}
}

func TestShapeSources(t *testing.T) {
	b := NewBuilder(17)
	x := b.Input("x", f32, "batch", "seq", 64)
	ax := b.Int64("ax0", []int64{1}, []int64{0})
	c := b.Op("Constant", IntsAttr("value_ints", 0, 0, 4, 16))
	sl := b.Op("Slice", c, b.Int64("s2", []int64{1}, []int64{2}), b.Int64("e4", []int64{1}, []int64{4}))
	heads := b.Op("Gather", b.Int64("hd", []int64{2}, []int64{8, 4}), b.Int64("one", []int64{1}, []int64{1}))
	cat := b.Op("Concat", dimOf(b, x, 0, ax), heads, b.Op("Cast", sl, IntAttr("to", int64(i64))), IntAttr("axis", 0))
	b.Output(b.Op("Reshape", x, b.Op("Identity", cat)))
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	src, ok := g.ShapeSources(cat)
	if !ok {
		t.Fatal("no sources")
	}
	var got []string
	for _, s := range src {
		if s.Value == nil {
			got = append(got, "computed")
		} else {
			got = append(got, s.Value.Name()+"["+itoa(s.Index)+"]")
		}
	}
	want := "computed hd[1] " + c.Name() + "[2] " + c.Name() + "[3]"
	if strings.Join(got, " ") != want {
		t.Errorf("sources = %q, want %q", strings.Join(got, " "), want)
	}
	if _, ok := g.ShapeSources(x); ok {
		t.Errorf("sources reported for a float input")
	}
}
