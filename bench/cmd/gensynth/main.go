// Command gensynth writes a synthetic encoder–decoder Transformer with random
// weights, in the graph pattern the usual exporters write (pre-norm layers,
// per-head Reshape/Transpose attention, separate Q/K/V/O projections), saved
// with external data. `make bench` uses it for the surgery figure on a
// Transformer-big shape (6+6 layers, d_model 1024, 16 heads, FFN 4096); small
// shapes make test models.
//
//	gensynth -o /tmp/big/model.onnx                      # Transformer-big, about 200M parameters
//	gensynth -d-model 64 -heads 4 -ffn 128 -vocab 100 -o small/model.onnx
//
// The model reads src_ids [B,S] and tgt_ids [B,T] (int64) and returns logits
// [B,T,V]. It has no positional encoding and no masks: it exists to be edited,
// not to translate.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// shape is the model's architecture.
type shape struct {
	encLayers, decLayers int
	dModel, heads, ffn   int
	vocab                int
}

func (s shape) params() int64 {
	d, f, v := int64(s.dModel), int64(s.ffn), int64(s.vocab)
	attn := 4*d*d + 4*d
	ffn := 2*d*f + f + d
	ln := 2 * d
	enc := attn + ffn + 2*ln
	dec := 2*attn + ffn + 3*ln
	return int64(s.encLayers)*enc + int64(s.decLayers)*dec + 2*ln + 3*v*d
}

// builder collects nodes and initializers; weights come from a seeded
// xorshift generator (uniform in ±scale), fast enough for a few hundred
// million values.
type builder struct {
	nodes []*onnxpb.NodeProto
	inits []*onnxpb.TensorProto
	rng   uint64
	n     int
}

func (b *builder) next() float32 {
	b.rng ^= b.rng << 13
	b.rng ^= b.rng >> 7
	b.rng ^= b.rng << 17
	return float32(b.rng>>40)/float32(1<<24)*2 - 1
}

func (b *builder) weight(name string, scale float32, dims ...int64) string {
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = b.next() * scale
	}
	b.inits = append(b.inits, onnxio.NewFloat32(name, dims, v))
	return name
}

func (b *builder) constant(name string, dims []int64, v []float32) string {
	b.inits = append(b.inits, onnxio.NewFloat32(name, dims, v))
	return name
}

func (b *builder) ints(name string, v ...int64) string {
	b.inits = append(b.inits, onnxio.NewInt64(name, []int64{int64(len(v))}, v))
	return name
}

func (b *builder) op(op string, out string, inputs []string, attrs ...*onnxpb.AttributeProto) string {
	b.n++
	b.nodes = append(b.nodes, &onnxpb.NodeProto{
		Name: proto.String(fmt.Sprintf("%s_%d", op, b.n)), OpType: proto.String(op),
		Input: inputs, Output: []string{out}, Attribute: attrs,
	})
	return out
}

func intsAttr(name string, v ...int64) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INTS.Enum(), Ints: v}
}

func intAttr(name string, v int64) *onnxpb.AttributeProto {
	return &onnxpb.AttributeProto{Name: proto.String(name), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(v)}
}

func (b *builder) layerNorm(p, x string, d int64) string {
	ones := make([]float32, d)
	for i := range ones {
		ones[i] = 1 + b.next()*0.05
	}
	g := b.constant(p+".ln.weight", []int64{d}, ones)
	beta := b.weight(p+".ln.bias", 0.05, d)
	return b.op("LayerNormalization", p+".ln.out", []string{x, g, beta}, intAttr("axis", -1))
}

func (b *builder) linear(p, x string, in, out int64) string {
	w := b.weight(p+".weight", float32(1/math.Sqrt(float64(in))), in, out)
	bias := b.weight(p+".bias", 0.02, out)
	y := b.op("MatMul", p+".mm", []string{x, w})
	return b.op("Add", p+".out", []string{y, bias})
}

// attention is multi-head attention of queries from xq over keys and values
// from xkv: [B,L,D] → [B,L,D].
func (b *builder) attention(p, xq, xkv string, s shape) string {
	d, h := int64(s.dModel), int64(s.heads)
	dh := d / h
	split := b.ints(p+".split_shape", 0, 0, h, dh)
	merge := b.ints(p+".merge_shape", 0, 0, d)
	q := b.linear(p+".q_proj", xq, d, d)
	k := b.linear(p+".k_proj", xkv, d, d)
	v := b.linear(p+".v_proj", xkv, d, d)
	q = b.op("Reshape", p+".q_heads", []string{q, split})
	q = b.op("Transpose", p+".q_t", []string{q}, intsAttr("perm", 0, 2, 1, 3))
	k = b.op("Reshape", p+".k_heads", []string{k, split})
	k = b.op("Transpose", p+".k_t", []string{k}, intsAttr("perm", 0, 2, 3, 1))
	v = b.op("Reshape", p+".v_heads", []string{v, split})
	v = b.op("Transpose", p+".v_t", []string{v}, intsAttr("perm", 0, 2, 1, 3))
	sc := b.op("MatMul", p+".scores", []string{q, k})
	scale := b.constant(p+".scale", nil, []float32{float32(1 / math.Sqrt(float64(dh)))})
	sc = b.op("Mul", p+".scaled", []string{sc, scale})
	pr := b.op("Softmax", p+".probs", []string{sc}, intAttr("axis", -1))
	o := b.op("MatMul", p+".context", []string{pr, v})
	o = b.op("Transpose", p+".context_t", []string{o}, intsAttr("perm", 0, 2, 1, 3))
	o = b.op("Reshape", p+".merged", []string{o, merge})
	return b.linear(p+".out_proj", o, d, d)
}

func (b *builder) ffn(p, x string, s shape) string {
	d, f := int64(s.dModel), int64(s.ffn)
	y := b.linear(p+".fc1", x, d, f)
	y = b.op("Relu", p+".relu", []string{y})
	return b.linear(p+".fc2", y, f, d)
}

func build(s shape, seed uint64) *onnxpb.ModelProto {
	b := &builder{rng: seed | 1}
	d, v := int64(s.dModel), int64(s.vocab)
	srcEmb := b.weight("encoder.embed_tokens.weight", 0.05, v, d)
	tgtEmb := b.weight("decoder.embed_tokens.weight", 0.05, v, d)
	x := b.op("Gather", "encoder.embedded", []string{srcEmb, "src_ids"})
	for l := 0; l < s.encLayers; l++ {
		p := fmt.Sprintf("encoder.layers.%d", l)
		h := b.layerNorm(p+".self_attn", x, d)
		a := b.attention(p+".self_attn", h, h, s)
		x = b.op("Add", p+".res1", []string{x, a})
		h = b.layerNorm(p+".ffn", x, d)
		x = b.op("Add", p+".res2", []string{x, b.ffn(p, h, s)})
	}
	enc := b.layerNorm("encoder.final", x, d)
	y := b.op("Gather", "decoder.embedded", []string{tgtEmb, "tgt_ids"})
	for l := 0; l < s.decLayers; l++ {
		p := fmt.Sprintf("decoder.layers.%d", l)
		h := b.layerNorm(p+".self_attn", y, d)
		y = b.op("Add", p+".res1", []string{y, b.attention(p+".self_attn", h, h, s)})
		h = b.layerNorm(p+".encoder_attn", y, d)
		y = b.op("Add", p+".res2", []string{y, b.attention(p+".encoder_attn", h, enc, s)})
		h = b.layerNorm(p+".ffn", y, d)
		y = b.op("Add", p+".res3", []string{y, b.ffn(p, h, s)})
	}
	y = b.layerNorm("decoder.final", y, d)
	w := b.weight("lm_head.weight", float32(1/math.Sqrt(float64(d))), d, v)
	b.op("MatMul", "logits", []string{y, w})

	i64 := int32(onnxpb.TensorProto_INT64)
	f32 := int32(onnxpb.TensorProto_FLOAT)
	vi := func(name string, elem int32, dims ...any) *onnxpb.ValueInfoProto {
		sh := &onnxpb.TensorShapeProto{}
		for _, dm := range dims {
			switch x := dm.(type) {
			case string:
				sh.Dim = append(sh.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimParam{DimParam: x}})
			case int64:
				sh.Dim = append(sh.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimValue{DimValue: x}})
			}
		}
		return &onnxpb.ValueInfoProto{Name: proto.String(name), Type: &onnxpb.TypeProto{Value: &onnxpb.TypeProto_TensorType{
			TensorType: &onnxpb.TypeProto_Tensor{ElemType: proto.Int32(elem), Shape: sh}}}}
	}
	return &onnxpb.ModelProto{
		IrVersion:    proto.Int64(8),
		ProducerName: proto.String("onnxprune-bench-gensynth"),
		OpsetImport:  []*onnxpb.OperatorSetIdProto{{Domain: proto.String(""), Version: proto.Int64(17)}},
		Graph: &onnxpb.GraphProto{
			Name:        proto.String("synthetic_transformer"),
			Node:        b.nodes,
			Initializer: b.inits,
			Input:       []*onnxpb.ValueInfoProto{vi("src_ids", i64, "batch", "src_len"), vi("tgt_ids", i64, "batch", "tgt_len")},
			Output:      []*onnxpb.ValueInfoProto{vi("logits", f32, "batch", "tgt_len", v)},
		},
	}
}

func main() {
	var s shape
	out := flag.String("o", "", "output model file (its data file is written beside it)")
	flag.IntVar(&s.encLayers, "encoder-layers", 6, "encoder layers")
	flag.IntVar(&s.decLayers, "decoder-layers", 6, "decoder layers")
	flag.IntVar(&s.dModel, "d-model", 1024, "model width")
	flag.IntVar(&s.heads, "heads", 16, "attention heads per block")
	flag.IntVar(&s.ffn, "ffn", 4096, "feed-forward width")
	flag.IntVar(&s.vocab, "vocab", 8192, "vocabulary size (source and target embeddings and output projection)")
	seed := flag.Uint64("seed", 1, "seed of the random weights")
	inline := flag.Bool("inline", false, "keep tensor data inside the model file")
	flag.Parse()
	if *out == "" || s.heads <= 0 || s.dModel%s.heads != 0 || s.encLayers < 0 || s.decLayers < 0 || s.ffn <= 0 || s.vocab <= 0 {
		fmt.Fprintln(os.Stderr, "gensynth: need -o, heads > 0 dividing d-model, and positive sizes")
		os.Exit(2)
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "gensynth:", err)
		os.Exit(2)
	}
	m := &onnxio.Model{Proto: build(s, *seed)}
	opts := &onnxio.SaveOptions{ExternalData: !*inline, InlineData: *inline}
	if err := m.Save(*out, opts); err != nil {
		fmt.Fprintln(os.Stderr, "gensynth:", err)
		os.Exit(2)
	}
	fmt.Printf("%s: %d parameters (%d encoder + %d decoder layers, d_model %d, %d heads, FFN %d, vocabulary %d)\n",
		*out, s.params(), s.encLayers, s.decLayers, s.dModel, s.heads, s.ffn, s.vocab)
}
