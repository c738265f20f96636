package verify

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/internal/modelfeed"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// torchMaskTol bounds the difference from PyTorch's logits: the fp32
// bound between ONNX Runtime and PyTorch.
const torchMaskTol = 1e-5

// torchMaskFiles are nn.Transformer exports whose padding masks are bool
// graph inputs, true at padding: TorchScript batch-first and
// sequence-first, dynamo opset 18, torch 1.13, and one with sequence-first
// ids and logits and the causal mask as a float input.
var torchMaskFiles = []string{
	"../models/fixtures/torch_masks/ts_opset17_batch_first.onnx",
	"../models/fixtures/torch_masks/ts_opset17_seq_first.onnx",
	"../models/fixtures/torch_masks/dynamo_opset18_batch_first.onnx",
	"../models/fixtures/torch113_masks/opset14.onnx",
	"../models/fixtures/torch_seqio/ts_opset17.onnx",
}

// readRefTensor reads one ONNX test-data tensor.
func readRefTensor(t *testing.T, path string) *onnxio.Tensor {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tp onnxpb.TensorProto
	if err := proto.Unmarshal(b, &tp); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	d, err := onnxio.DecodeTensor(&tp, nil)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return d
}

// unpad returns the rows of ids [B, L] without the positions mask [B, L]
// marks true (padding).
func unpad(ids *onnxio.Tensor, mask *onnxio.Tensor) [][]int64 {
	b, l := int(ids.Dims[0]), int(ids.Dims[1])
	rows := make([][]int64, b)
	for i := range b {
		for j := range l {
			if !mask.Bool[i*l+j] {
				rows[i] = append(rows[i], ids.I64[i*l+j])
			}
		}
	}
	return rows
}

// The decoder of verify feeds the bool key padding masks of nn.Transformer
// exports (found by their length axes, true at padding as the graph's
// Where(mask, -inf, 0) shows): on the fixtures' padded batch of three
// (sources of 7, 5 and 4 tokens, targets of 5, 3 and 4), the logits of every
// target token equal PyTorch's within torchMaskTol. Fed as Hugging Face
// masks (1 on tokens) or not at all, the shorter rows would differ.
func TestTorchMaskFeeds(t *testing.T) {
	for _, file := range torchMaskFiles {
		t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
			m, err := OpenModel([]string{file}, ModelOptions{Overrides: "pad=0,bos=1,eos=2,decoder-start=1"})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			fi := m.mf.single
			want := graphedit.MaskFormat{Bool: true, TrueMasks: true}
			if fi.srcMask != "src_pad_mask" || fi.tgtMask != "tgt_pad_mask" || fi.srcMaskFormat != want || fi.tgtMaskFormat != want {
				t.Fatalf("masks %q (%s), %q (%s); want src_pad_mask and tgt_pad_mask, %s", fi.srcMask, fi.srcMaskFormat, fi.tgtMask, fi.tgtMaskFormat, want)
			}
			seqIO := filepath.Base(filepath.Dir(file)) == "torch_seqio"
			if fi.seqFirst != seqIO || (fi.causalMask == "tgt_mask") != seqIO || (seqIO && fi.causalFormat != graphedit.MaskFormat{Float: true}) {
				t.Fatalf("sequence-first %v, causal mask %q (%s); want %v and tgt_mask (float) for %s only", fi.seqFirst, fi.causalMask, fi.causalFormat, seqIO, "torch_seqio")
			}
			set := filepath.Join(file[:len(file)-len(".onnx")], "test_data_set_1")
			in := map[string]*onnxio.Tensor{}
			for j := range 4 {
				d := readRefTensor(t, filepath.Join(set, fmt.Sprintf("input_%d.pb", j)))
				in[d.Name] = d
			}
			ref := readRefTensor(t, filepath.Join(set, "output_0.pb"))
			if seqIO { // ids [len, batch] and logits [len, batch, vocab]
				for _, n := range []string{"src_ids", "tgt_ids"} {
					d := in[n]
					d.I64 = modelfeed.Transpose(d.I64, int(d.Dims[0]), int(d.Dims[1]))
					d.Dims = []int64{d.Dims[1], d.Dims[0]}
				}
				lo, err := logitsOut(ortrun.NewF32(ref.Dims, ref.F32), true)
				if err != nil {
					t.Fatal(err)
				}
				ref.F32, ref.Dims = lo.F32, lo.Shape
			}
			src := unpad(in["src_ids"], in["src_pad_mask"])
			tgt := unpad(in["tgt_ids"], in["tgt_pad_mask"])
			e, err := m.encode(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			ids, keep := padRows(tgt, m.Specials.Pad)
			logits, err := m.fullLogits(e, ids, keep)
			if err != nil {
				t.Fatal(err)
			}
			if len(logits.Shape) != 3 || logits.Shape[0] != ref.Dims[0] || logits.Shape[1] != ref.Dims[1] || logits.Shape[2] != ref.Dims[2] {
				t.Fatalf("logits %v, reference %v", logits.Shape, ref.Dims)
			}
			T, V := int(ref.Dims[1]), int(ref.Dims[2])
			worst, n := 0.0, 0
			for i, row := range tgt {
				for p := range row {
					for v := range V {
						k := (i*T+p)*V + v
						worst = max(worst, math.Abs(float64(logits.F32[k]-ref.F32[k])))
						n++
					}
				}
			}
			if n == 0 || !(worst <= torchMaskTol) {
				t.Errorf("%d logits compared, max diff from PyTorch %.3g (tolerance %g)", n, worst, torchMaskTol)
			}
			t.Logf("%d logits of %d rows, max diff from PyTorch %.3g", n, len(tgt), worst)
		})
	}
}
