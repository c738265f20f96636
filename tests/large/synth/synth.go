// Package synth writes synthetic Transformer-like ONNX models with their
// weights in an external data file, of any size, for the robustness tests
// (large models, memory use, interrupted runs).
//
// The model is an encoder: token ids [batch, seq] → Gather from an embedding
// table [vocab, E] → Layers blocks of self-attention (Optimum layout: Q, K
// and V MatMul projections with bias, Reshape to [B, T, H, dh], Transpose
// to heads, Softmax(QKᵀ)·V, merge, output projection with bias, residual
// Add) → MatMul with an output table [E, vocab] → logits. Nearly all of its
// bytes are the two vocabulary tables, so the vocabulary sets the size.
//
// Weights are deterministic functions of the seed, the tensor name and the
// element index (splitmix64), small enough that the model runs without
// overflow. The data file is written sequentially, each tensor at an offset
// aligned to 4096 bytes, and never held in memory.
package synth

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// Config sets the model's shape.
type Config struct {
	Layers  int    // attention blocks
	Heads   int    // heads per block
	HeadDim int    // dh; the model width is Heads*HeadDim
	Vocab   int    // rows of the embedding table and columns of the output table
	Seed    uint64 // weights depend on it
}

// Width is the model width E = Heads*HeadDim.
func (c Config) Width() int { return c.Heads * c.HeadDim }

// Bytes is the size of the model's weights (the external data, padding
// aside).
func (c Config) Bytes() int64 {
	e := int64(c.Width())
	per := 4*e*e + 4*e // Q, K, V, O weights and biases
	return 4 * (2*int64(c.Vocab)*e + int64(c.Layers)*per)
}

// VocabFor returns the vocabulary that makes a model of cfg's other
// settings about size bytes large.
func VocabFor(c Config, size int64) int {
	e := int64(c.Width())
	rest := c.Bytes() - 4*2*int64(c.Vocab)*e
	v := (size - rest) / (4 * 2 * e)
	if v < 1 {
		v = 1
	}
	return int(v)
}

const align = 4096

type extTensor struct {
	name string
	dims []int64
}

// Write writes the model to dir/name and its weights to dir/name+".data"
// and returns the model's path.
func Write(dir, name string, c Config) (string, error) {
	if c.Layers < 1 || c.Heads < 1 || c.HeadDim < 1 || c.Vocab < 1 {
		return "", fmt.Errorf("synth: config %+v: every size must be positive", c)
	}
	e := int64(c.Width())
	var ts []extTensor
	ts = append(ts, extTensor{"embed", []int64{int64(c.Vocab), e}})
	for l := 0; l < c.Layers; l++ {
		for _, p := range []string{"q", "k", "v", "o"} {
			ts = append(ts, extTensor{fmt.Sprintf("layer%d.%s.weight", l, p), []int64{e, e}})
			ts = append(ts, extTensor{fmt.Sprintf("layer%d.%s.bias", l, p), []int64{e}})
		}
	}
	ts = append(ts, extTensor{"lm_head", []int64{e, int64(c.Vocab)}})

	dataName := name + ".data"
	protos, err := writeData(filepath.Join(dir, dataName), dataName, ts, c.Seed)
	if err != nil {
		return "", err
	}
	m, err := buildModel(c, protos)
	if err != nil {
		return "", err
	}
	b, err := proto.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("synth: %w", err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return "", fmt.Errorf("synth: %w", err)
	}
	return path, nil
}

// Value is element i of the tensor called name in a model made with seed:
// uniform in [-scale, scale) with scale 0.5/sqrt(fan-in) for weights and
// 0.1 for biases and tables.
func Value(seed uint64, name string, dims []int64, i int64) float32 {
	return scaleOf(name, dims) * unit(tensorKey(seed, name)+uint64(i))
}

func tensorKey(seed uint64, name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return splitmix(seed ^ h.Sum64())
}

func scaleOf(name string, dims []int64) float32 {
	if len(dims) == 2 && name != "embed" && name != "lm_head" {
		return float32(0.5 / math.Sqrt(float64(dims[0])))
	}
	return 0.1
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// unit maps x to [-1, 1).
func unit(x uint64) float32 {
	return float32(int64(splitmix(x)>>40)-(1<<23)) / (1 << 23)
}

func writeData(path, location string, ts []extTensor, seed uint64) (map[string]*onnxpb.TensorProto, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("synth: %w", err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	out := map[string]*onnxpb.TensorProto{}
	var off int64
	var buf [4]byte
	for _, t := range ts {
		if pad := (align - off%align) % align; pad > 0 {
			if _, err := w.Write(make([]byte, pad)); err != nil {
				f.Close()
				return nil, fmt.Errorf("synth: %s: %w", path, err)
			}
			off += pad
		}
		n := int64(1)
		for _, d := range t.dims {
			n *= d
		}
		key, scale := tensorKey(seed, t.name), scaleOf(t.name, t.dims)
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint32(buf[:], math.Float32bits(scale*unit(key+uint64(i))))
			if _, err := w.Write(buf[:]); err != nil {
				f.Close()
				return nil, fmt.Errorf("synth: %s: %w", path, err)
			}
		}
		out[t.name] = &onnxpb.TensorProto{
			Name:         proto.String(t.name),
			Dims:         t.dims,
			DataType:     proto.Int32(int32(onnxpb.TensorProto_FLOAT)),
			DataLocation: onnxpb.TensorProto_EXTERNAL.Enum(),
			ExternalData: []*onnxpb.StringStringEntryProto{
				{Key: proto.String("location"), Value: proto.String(location)},
				{Key: proto.String("offset"), Value: proto.String(strconv.FormatInt(off, 10))},
				{Key: proto.String("length"), Value: proto.String(strconv.FormatInt(4*n, 10))},
			},
		}
		off += 4 * n
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return nil, fmt.Errorf("synth: %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("synth: %s: %w", path, err)
	}
	return out, nil
}

func buildModel(c Config, ts map[string]*onnxpb.TensorProto) (*onnxpb.ModelProto, error) {
	b := graphedit.NewBuilder(17)
	tokens := b.Input("input_ids", onnxpb.TensorProto_INT64, "batch", "seq")
	x := b.Op("Gather", b.Tensor(ts["embed"]), tokens)
	split := b.Int64("split_shape", []int64{4}, []int64{0, 0, int64(c.Heads), int64(c.HeadDim)})
	merge := b.Int64("merge_shape", []int64{3}, []int64{0, 0, -1})
	perm := func() *onnxpb.AttributeProto { return graphedit.IntsAttr("perm", 0, 2, 1, 3) }
	scale := b.Float32("score_scale", nil, []float32{float32(1 / math.Sqrt(float64(c.HeadDim)))})
	for l := 0; l < c.Layers; l++ {
		proj := func(p string, in *graphedit.Value) *graphedit.Value {
			w := b.Tensor(ts[fmt.Sprintf("layer%d.%s.weight", l, p)])
			bias := b.Tensor(ts[fmt.Sprintf("layer%d.%s.bias", l, p)])
			return b.Op("Add", b.Op("MatMul", in, w), bias)
		}
		heads := func(p string) *graphedit.Value {
			return b.Op("Transpose", b.Op("Reshape", proj(p, x), split), perm())
		}
		q, k, v := heads("q"), heads("k"), heads("v")
		s := b.Op("Mul", b.Op("MatMul", q, b.Op("Transpose", k, graphedit.IntsAttr("perm", 0, 1, 3, 2))), scale)
		p := b.Op("Softmax", s, graphedit.IntAttr("axis", -1))
		ctx := b.Op("MatMul", p, v)
		merged := b.Op("Reshape", b.Op("Transpose", ctx, perm()), merge)
		x = b.Op("Add", x, proj("o", merged))
	}
	logits := b.Op("MatMul", x, b.Tensor(ts["lm_head"]))
	b.Output(logits)
	m, err := b.Model()
	if err != nil {
		return nil, fmt.Errorf("synth: %w", err)
	}
	m.ProducerName = proto.String("onnxprune tests/large/synth")
	return m, nil
}

// BuildBinary builds the onnxprune command into dir and returns its path.
// It runs `go build` in the module, so the caller's working directory must
// be inside it.
func BuildBinary(dir string) (string, error) {
	bin := filepath.Join(dir, "onnxprune")
	cmd := exec.Command("go", "build", "-o", bin, "onnxprune/cmd/onnxprune")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("synth: go build: %v\n%s", err, out)
	}
	return bin, nil
}

// Binary is the onnxprune command built at most once per test process into
// a temporary folder: the shared set-up of the end-to-end test packages.
type Binary struct {
	once sync.Once
	path string
	err  error
}

// Path builds the command on the first call and returns its path.
func (b *Binary) Path() (string, error) {
	b.once.Do(func() {
		dir, err := os.MkdirTemp("", "onnxprune-bin-")
		if err != nil {
			b.err = err
			return
		}
		b.path, b.err = BuildBinary(dir)
	})
	return b.path, b.err
}

// Remove deletes the built command and its folder, if it was built.
func (b *Binary) Remove() {
	if b.path != "" {
		os.RemoveAll(filepath.Dir(b.path))
	}
}
