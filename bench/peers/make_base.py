"""Write the Transformer-base model of `make bench`'s paper-size rows: the
reference architecture (models/reference/model.py) at the size of Vaswani et
al.'s base model (d_model 512, 8 heads, FFN 2048, 6 encoder + 6 decoder
layers) with the reference's 8k vocabulary, freshly initialized from a fixed
seed (LayerNorms at their initial values, so the exporter merges them, as it
does for any model exported before training).

  python bench/peers/make_base.py --out bench/.work/base

Writes model.onnx (one graph, TorchScript exporter, opset 17, the inputs of
models/reference/export.py), weights.pt (the state dict the PyTorch peer
loads) and config.json. About 190 MB each: the folder is git-ignored and
made again by the harness when missing.
"""

import argparse
import json
import os
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "models", "reference"))
from model import Config, Seq2Seq  # noqa: E402

BASE = dict(vocab_size=8000, d_model=512, heads=8, encoder_layers=6, decoder_layers=6,
            ffn_dim=2048, dropout=0.0, max_positions=512)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    cfg = Config(**BASE)
    model = Seq2Seq(cfg).eval()
    ids = torch.randint(4, cfg.vocab_size, (2, 7))
    mask = torch.ones(2, 7, dtype=torch.long)
    dec = torch.randint(4, cfg.vocab_size, (2, 5))
    tmp = os.path.join(args.out, "model.onnx.tmp")
    torch.onnx.export(
        model, (ids, mask, dec), tmp, dynamo=False, opset_version=17,
        input_names=["input_ids", "attention_mask", "decoder_input_ids"], output_names=["logits"],
        dynamic_axes={
            "input_ids": {0: "batch_size", 1: "encoder_sequence_length"},
            "attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
            "decoder_input_ids": {0: "batch_size", 1: "decoder_sequence_length"},
            "logits": {0: "batch_size", 1: "decoder_sequence_length"},
        },
    )
    torch.save(model.state_dict(), os.path.join(args.out, "weights.pt"))
    params = sum(p.numel() for p in model.parameters())
    with open(os.path.join(args.out, "config.json"), "w") as f:
        json.dump({"config": cfg.to_dict(), "parameters": params, "seed": args.seed,
                   "torch": torch.__version__}, f, indent=1)
        f.write("\n")
    os.replace(tmp, os.path.join(args.out, "model.onnx"))
    print(json.dumps({"model": os.path.join(args.out, "model.onnx"), "parameters": params}))


if __name__ == "__main__":
    main()
