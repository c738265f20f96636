package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// torchMaskEquivTol bounds the pruned model's teacher-forced logits against
// the original with the removed heads gated to 0: the same computation less
// the zeroed heads' terms, so only fp32 summation order differs.
const torchMaskEquivTol = 1e-5

// The pipeline on nn.Transformer exports whose padding masks are bool graph
// inputs (src_pad_mask, tgt_pad_mask, true at padding) and that have no
// configuration files: TorchScript batch-first, TorchScript with
// sequence-first ids and logits and a float causal-mask input
// (torch_seqio), dynamo opset 18, Debian's torch 1.13. train runs 3 steps on padded batches with
// finite losses that change; analyze ranks all 24 heads; verify finds the
// pruned model within torchMaskEquivTol of the gated original; greedy
// translations of the gated file (every gate 1) equal the original's, and a
// padded batch of 8 translates as sentence by sentence does.
func TestTorchMasksPipeline(t *testing.T) {
	src, tgt := filepath.Join("testdata", "t5", "src.ids"), filepath.Join("testdata", "t5", "tgt.ids")
	const specials = "pad=0,bos=1,eos=2,decoder-start=1"
	const spec = "encoder:0:1,cross:1:*,decoder:0:2"
	cli := func(args ...string) string {
		t.Helper()
		stdout, stderr, code := runVerifyCLI(t, context.Background(), args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", args[0], code, stderr)
		}
		return stdout
	}
	for _, file := range []string{"torch_masks/ts_opset17_batch_first.onnx", "torch_seqio/ts_opset17.onnx",
		"torch_masks/dynamo_opset18_batch_first.onnx", "torch113_masks/opset14.onnx"} {
		t.Run(file, func(t *testing.T) {
			model := filepath.Join("..", "..", "models", "fixtures", file)
			dir := t.TempDir()
			gated := filepath.Join(dir, "gated.onnx")
			cli("gate", model, "-o", gated)

			train := filepath.Join(dir, "train")
			cli("train", model, "--ids", "--train", src+","+tgt, "--dev", src+","+tgt,
				"--specials", "pad=0,decoder-start=1,eos=2", "--max-steps", "3", "--max-tokens", "16", "-o", train)
			checkTrainLosses(t, train, 3)

			analyze := filepath.Join(dir, "analyze")
			cli("analyze", model, "--dev", src+","+tgt, "--ids", "--specials", specials, "-o", analyze)
			checkAllHeadsRanked(t, analyze, 24)

			pruned := filepath.Join(dir, "pruned.onnx")
			cli("prune", model, "--remove", spec, "-o", pruned)
			vout := filepath.Join(dir, "verify")
			cli("verify", "--original", model, "--pruned", pruned, "--test", src+","+tgt, "--ids", "--specials", specials,
				"--max-len", "8", "--remove", spec, "--no-bench", "-o", vout)
			r := readVerifyReport(t, vout)
			if r.Equivalence == nil || !r.Equivalence.Passed || !(r.Equivalence.MaxAbsDiff <= torchMaskEquivTol) || r.Sentences != 8 {
				t.Errorf("verify: equivalence %+v, %d sentences; want within %g", r.Equivalence, r.Sentences, torchMaskEquivTol)
			}

			translate := func(m, name string, extra ...string) []byte {
				out := filepath.Join(dir, name)
				cli(append([]string{"translate", m, "--src", src, "--ids", "--specials", specials, "--max-len", "8", "-o", out}, extra...)...)
				b, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			orig := translate(model, "original.txt")
			if n := strings.Count(string(orig), "\n"); n != 8 || len(bytes.TrimSpace(orig)) == 0 {
				t.Fatalf("translate: %d lines:\n%s", n, orig)
			}
			if g := translate(gated, "gated.txt"); !bytes.Equal(g, orig) {
				t.Errorf("translate: the gated model with every gate 1 gives\n%s\nthe original\n%s", g, orig)
			}
			if one := translate(model, "one.txt", "--batch", "1"); !bytes.Equal(one, orig) {
				t.Errorf("translate: one sentence at a time gives\n%s\nin padded batches\n%s", one, orig)
			}
		})
	}
}
