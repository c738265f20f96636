"""Export a checkpoint of the reference model to ONNX (TorchScript exporter,
opset 17) in two layouts:

  model.onnx          input_ids [B,S], attention_mask [B,S], decoder_input_ids [B,T] -> logits [B,T,V]
  encoder_model.onnx  input_ids, attention_mask -> last_hidden_state [B,S,D]
  decoder_model.onnx  input_ids [B,T], encoder_hidden_states [B,S,D], encoder_attention_mask [B,S] -> logits

All batch and length axes are dynamic. Special token ids go into each model's
metadata_props and into config.json. Each export is checked against PyTorch on
ONNX Runtime with a batch and lengths different from the tracing inputs.

  /opt/onnxprune-venv/bin/python models/reference/export.py \
      --ckpt /work/refmodel-ckpt/best.pt --out models/reference
"""

import argparse
import json
import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Config, DecoderWrapper, EncoderWrapper, Seq2Seq  # noqa: E402

OPSET = 17
CHECK_TOL = 1e-4  # max |onnx - torch| on logits / hidden states


def load(ckpt):
    st = torch.load(ckpt, map_location="cpu", weights_only=False)
    cfg = Config(**st["config"])
    model = Seq2Seq(cfg)
    model.load_state_dict(st["model"])
    model.eval()
    return model, cfg, st


def metadata(cfg, st):
    return {
        "pad_token_id": cfg.pad_id, "unk_token_id": cfg.unk_id, "bos_token_id": cfg.bos_id,
        "eos_token_id": cfg.eos_id, "decoder_start_token_id": cfg.decoder_start_id,
        "vocab_size": cfg.vocab_size, "d_model": cfg.d_model, "encoder_attention_heads": cfg.heads,
        "decoder_attention_heads": cfg.heads, "encoder_layers": cfg.encoder_layers,
        "decoder_layers": cfg.decoder_layers, "ffn_dim": cfg.ffn_dim, "normalize_before": True,
        "tokenizer": "models/corpus/spm8k.model", "source_lang": "en", "target_lang": "es",
        "train_step": st["step"], "dev_loss": round(st["dev_loss"], 4),
    }


def add_metadata(path, meta):
    m = onnx.load(path)
    del m.metadata_props[:]
    for k, v in meta.items():
        p = m.metadata_props.add()
        p.key = k
        p.value = json.dumps(v) if not isinstance(v, str) else v
    m.producer_name = "onnxprune models/reference/export.py"
    onnx.checker.check_model(m)
    onnx.save(m, path)


def sample_inputs(cfg, b, s, t, seed):
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(4, cfg.vocab_size, (b, s), generator=g)
    mask = torch.ones(b, s, dtype=torch.long)
    for r in range(1, b):  # ragged rows: padding at the end
        n = s - r
        ids[r, n:] = cfg.pad_id
        mask[r, n:] = 0
    dec = torch.randint(4, cfg.vocab_size, (b, t), generator=g)
    dec[:, 0] = cfg.decoder_start_id
    return ids, mask, dec


def export_all(model, cfg, st, out):
    os.makedirs(out, exist_ok=True)
    meta = metadata(cfg, st)
    ids, mask, dec = sample_inputs(cfg, 2, 7, 5, seed=1)
    full = os.path.join(out, "model.onnx")
    torch.onnx.export(
        model, (ids, mask, dec), full, dynamo=False, opset_version=OPSET,
        input_names=["input_ids", "attention_mask", "decoder_input_ids"], output_names=["logits"],
        dynamic_axes={
            "input_ids": {0: "batch_size", 1: "encoder_sequence_length"},
            "attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
            "decoder_input_ids": {0: "batch_size", 1: "decoder_sequence_length"},
            "logits": {0: "batch_size", 1: "decoder_sequence_length"},
        },
    )
    enc_path = os.path.join(out, "encoder_model.onnx")
    torch.onnx.export(
        EncoderWrapper(model).eval(), (ids, mask), enc_path, dynamo=False, opset_version=OPSET,
        input_names=["input_ids", "attention_mask"], output_names=["last_hidden_state"],
        dynamic_axes={
            "input_ids": {0: "batch_size", 1: "encoder_sequence_length"},
            "attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
            "last_hidden_state": {0: "batch_size", 1: "encoder_sequence_length"},
        },
    )
    with torch.no_grad():
        mem = model.encode(ids, mask)
    dec_path = os.path.join(out, "decoder_model.onnx")
    torch.onnx.export(
        DecoderWrapper(model).eval(), (dec, mem, mask), dec_path, dynamo=False, opset_version=OPSET,
        input_names=["input_ids", "encoder_hidden_states", "encoder_attention_mask"], output_names=["logits"],
        dynamic_axes={
            "input_ids": {0: "batch_size", 1: "decoder_sequence_length"},
            "encoder_hidden_states": {0: "batch_size", 1: "encoder_sequence_length"},
            "encoder_attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
            "logits": {0: "batch_size", 1: "decoder_sequence_length"},
        },
    )
    model.eval()
    for p in (full, enc_path, dec_path):
        add_metadata(p, meta)
    cfg_json = dict(meta)
    cfg_json.update({
        "model_type": "onnxprune-reference-transformer", "layouts": {
            "single": "model.onnx", "encoder": "encoder_model.onnx", "decoder": "decoder_model.onnx"},
        "positions": "sinusoidal", "max_position_embeddings": cfg.max_positions,
        "tie_word_embeddings": True, "activation_function": "relu", "dropout": cfg.dropout,
    })
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(cfg_json, f, indent=2, sort_keys=True)
        f.write("\n")
    check(model, cfg, full, enc_path, dec_path)


def check(model, cfg, full, enc_path, dec_path):
    # Exporting a wrapper leaves the wrapped model in the wrapper's mode.
    model.eval()
    ids, mask, dec = sample_inputs(cfg, 3, 11, 6, seed=2)
    with torch.no_grad():
        want = model(ids, mask, dec).numpy()
        want_mem = model.encode(ids, mask).numpy()
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    s_full = ort.InferenceSession(full, so, providers=["CPUExecutionProvider"])
    got = s_full.run(None, {"input_ids": ids.numpy(), "attention_mask": mask.numpy(), "decoder_input_ids": dec.numpy()})[0]
    s_enc = ort.InferenceSession(enc_path, so, providers=["CPUExecutionProvider"])
    mem = s_enc.run(None, {"input_ids": ids.numpy(), "attention_mask": mask.numpy()})[0]
    s_dec = ort.InferenceSession(dec_path, so, providers=["CPUExecutionProvider"])
    got2 = s_dec.run(None, {"input_ids": dec.numpy(), "encoder_hidden_states": mem, "encoder_attention_mask": mask.numpy()})[0]
    errs = {
        "model.onnx logits": float(np.abs(got - want).max()),
        "encoder last_hidden_state": float(np.abs(mem - want_mem).max()),
        "encoder+decoder logits": float(np.abs(got2 - want).max()),
    }
    for k, v in errs.items():
        print("check %-28s max |onnx - torch| = %.2e" % (k, v))
        if not v <= CHECK_TOL:
            raise SystemExit("export: %s differs from PyTorch by %.3g > %g" % (k, v, CHECK_TOL))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ckpt", default="/work/refmodel-ckpt/best.pt")
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    torch.set_num_threads(1)
    model, cfg, st = load(args.ckpt)
    print("checkpoint %s: step %d, epoch %d, dev_loss %.4f, %.1f min trained" % (
        args.ckpt, st["step"], st["epoch"], st["dev_loss"], st["trained_s"] / 60))
    export_all(model, cfg, st, args.out)
    for n in ("model.onnx", "encoder_model.onnx", "decoder_model.onnx"):
        p = os.path.join(args.out, n)
        print("%s %.2f MB" % (p, os.path.getsize(p) / 1e6))


if __name__ == "__main__":
    main()
