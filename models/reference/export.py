"""Export a checkpoint of the reference model to ONNX (TorchScript exporter,
opset 17) in two layouts, the second as Optimum's seq2seq exports with a
key/value cache:

  model.onnx          input_ids [B,S], attention_mask [B,S], decoder_input_ids [B,T] -> logits [B,T,V]
  encoder_model.onnx  input_ids, attention_mask -> last_hidden_state [B,S,D]
  decoder_model.onnx  input_ids [B,T], encoder_hidden_states [B,S,D], encoder_attention_mask [B,S]
                      -> logits [B,T,V], present.I.decoder.{key,value} [B,H,T,dh],
                         present.I.encoder.{key,value} [B,H,S,dh]
  decoder_with_past_model.onnx
                      input_ids [B,T], encoder_attention_mask [B,S],
                      past_key_values.I.decoder.{key,value} [B,H,P,dh],
                      past_key_values.I.encoder.{key,value} [B,H,S,dh]
                      -> logits [B,T,V], present.I.decoder.{key,value} [B,H,P+T,dh]

decoder_model.onnx alone decodes without a cache (the whole prefix at every
step; its logits are those of model.onnx); with the cache, its first call
returns every layer's self- and cross-attention keys and values and
decoder_with_past_model.onnx continues one token at a time from them, reading
no encoder states. All batch and length axes are dynamic (heads and head size
are fixed). Special token ids go into each model's metadata_props and into
config.json. Each export is checked against PyTorch on ONNX Runtime with a
batch and lengths different from the tracing inputs, the cached pair by
decoding step by step.

  /opt/onnxprune-venv/bin/python models/reference/export.py \
      --ckpt /work/refmodel-ckpt/best.pt --out models/reference

--from-onnx DIR rebuilds the PyTorch model from an earlier export's
encoder_model.onnx and decoder_model.onnx (weights and metadata), checks it
against DIR's three files, and writes only the decoder files and config.json
into --out: the cache layout of an export whose checkpoint is gone.
"""

import argparse
import json
import os
import shutil
import sys

import numpy as np
import onnx
import onnxruntime as ort
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import (Config, DecoderWithPastWrapper, DecoderWrapper, EncoderWrapper, Seq2Seq,  # noqa: E402
                   past_names)

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


def export_all(model, cfg, st, out, decoders_only=False):
    """Writes the files of the module docstring into out and checks them;
    decoders_only writes only the two decoder files and config.json."""
    os.makedirs(out, exist_ok=True)
    meta = metadata(cfg, st)
    ids, mask, dec = sample_inputs(cfg, 2, 7, 5, seed=1)
    full = os.path.join(out, "model.onnx")
    enc_path = os.path.join(out, "encoder_model.onnx")
    written = []
    if not decoders_only:
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
        torch.onnx.export(
            EncoderWrapper(model).eval(), (ids, mask), enc_path, dynamo=False, opset_version=OPSET,
            input_names=["input_ids", "attention_mask"], output_names=["last_hidden_state"],
            dynamic_axes={
                "input_ids": {0: "batch_size", 1: "encoder_sequence_length"},
                "attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
                "last_hidden_state": {0: "batch_size", 1: "encoder_sequence_length"},
            },
        )
        written += [full, enc_path]
    model.eval()
    past = past_names(cfg.decoder_layers)
    present = ["present" + n[len("past_key_values"):] for n in past]
    with torch.no_grad():
        mem = model.encode(ids, mask)
        _, self_kv, cross_kv = model.decode_cached(dec, mask, memory=mem)
    past_values = []
    for (k, v), (ck, cv) in zip(self_kv, cross_kv):
        past_values += [k, v, ck, cv]
    axes = {
        "input_ids": {0: "batch_size", 1: "decoder_sequence_length"},
        "encoder_hidden_states": {0: "batch_size", 1: "encoder_sequence_length"},
        "encoder_attention_mask": {0: "batch_size", 1: "encoder_sequence_length"},
        "logits": {0: "batch_size", 1: "decoder_sequence_length"},
    }
    for p in present:
        axes[p] = {0: "batch_size", 2: "decoder_sequence_length" if ".decoder." in p else "encoder_sequence_length"}
    dec_path = os.path.join(out, "decoder_model.onnx")
    torch.onnx.export(
        DecoderWrapper(model).eval(), (dec, mem, mask), dec_path, dynamo=False, opset_version=OPSET,
        input_names=["input_ids", "encoder_hidden_states", "encoder_attention_mask"],
        output_names=["logits"] + present, dynamic_axes=axes,
    )
    axes = {k: axes[k] for k in ("input_ids", "encoder_attention_mask", "logits")}
    for n in past:
        axes[n] = {0: "batch_size", 2: "past_decoder_sequence_length" if ".decoder." in n else "encoder_sequence_length"}
    self_present = [p for p in present if ".decoder." in p]
    for p in self_present:
        axes[p] = {0: "batch_size", 2: "past_decoder_sequence_length + decoder_sequence_length"}
    past_path = os.path.join(out, "decoder_with_past_model.onnx")
    torch.onnx.export(
        DecoderWithPastWrapper(model).eval(), (dec[:, :1], mask, *past_values), past_path, dynamo=False,
        opset_version=OPSET, input_names=["input_ids", "encoder_attention_mask"] + past,
        output_names=["logits"] + self_present, dynamic_axes=axes,
    )
    model.eval()
    written += [dec_path, past_path]
    for p in written:
        add_metadata(p, meta)
    cfg_json = dict(meta)
    cfg_json.update({
        "model_type": "onnxprune-reference-transformer", "layouts": {
            "single": "model.onnx", "encoder": "encoder_model.onnx", "decoder": "decoder_model.onnx",
            "decoder_with_past": "decoder_with_past_model.onnx"},
        "positions": "sinusoidal", "max_position_embeddings": cfg.max_positions,
        "tie_word_embeddings": True, "activation_function": "relu", "dropout": cfg.dropout,
    })
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(cfg_json, f, indent=2, sort_keys=True)
        f.write("\n")
    check(model, cfg, full, enc_path, dec_path)
    check_cached(model, cfg, enc_path, dec_path, past_path)
    return written


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


def state_from_onnx(src):
    """The model of an earlier export in folder src: named initializers are
    parameters (the files' "model." prefix dropped), and the weight of each
    MatMul that reads an unnamed initializer is the transpose of the Linear
    the node's name gives (/decoder_layers.0/ffn/fc1/MatMul ->
    decoder_layers.0.ffn.fc1.weight). Config and step from the metadata and
    config.json."""
    from onnx import numpy_helper

    with open(os.path.join(src, "config.json")) as f:
        meta = json.load(f)
    cfg = Config(vocab_size=meta["vocab_size"], d_model=meta["d_model"], heads=meta["encoder_attention_heads"],
                 encoder_layers=meta["encoder_layers"], decoder_layers=meta["decoder_layers"], ffn_dim=meta["ffn_dim"],
                 dropout=meta["dropout"], max_positions=meta["max_position_embeddings"], pad_id=meta["pad_token_id"],
                 unk_id=meta["unk_token_id"], bos_id=meta["bos_token_id"], eos_id=meta["eos_token_id"],
                 decoder_start_id=meta["decoder_start_token_id"])
    model = Seq2Seq(cfg)
    want = model.state_dict()
    got = {}
    for name in ("encoder_model.onnx", "decoder_model.onnx"):
        m = onnx.load(os.path.join(src, name))
        inits = {t.name: numpy_helper.to_array(t) for t in m.graph.initializer}
        for k, v in inits.items():
            if k.startswith("model."):
                got[k[len("model."):]] = v
        for n in m.graph.node:
            if n.op_type != "MatMul" or n.input[1] not in inits or n.input[1].startswith("model."):
                continue
            scope = n.name.strip("/").split("/")[:-1]
            if not scope:  # the output projection: the tied embedding, transposed
                continue
            got[".".join(scope) + ".weight"] = inits[n.input[1]].T
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    if missing or extra:
        raise SystemExit("export: %s: parameters missing %s, unexpected %s" % (src, missing[:5], extra[:5]))
    model.load_state_dict({k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in got.items()})
    model.eval()
    st = {"step": meta["train_step"], "dev_loss": meta["dev_loss"], "epoch": 0, "trained_s": 0}
    return model, cfg, st


def check_cached(model, cfg, enc_path, dec_path, past_path):
    """Greedy-style decoding with the cache against PyTorch: the first token
    through decoder_model.onnx, each later one through
    decoder_with_past_model.onnx fed the presents, each step's logits
    against the uncached decoder's at that position."""
    model.eval()
    ids, mask, dec = sample_inputs(cfg, 3, 11, 6, seed=2)
    with torch.no_grad():
        want = model.decode(dec, model.encode(ids, mask), mask).numpy()
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    s_enc = ort.InferenceSession(enc_path, so, providers=["CPUExecutionProvider"])
    s_dec = ort.InferenceSession(dec_path, so, providers=["CPUExecutionProvider"])
    s_past = ort.InferenceSession(past_path, so, providers=["CPUExecutionProvider"])
    mem = s_enc.run(None, {"input_ids": ids.numpy(), "attention_mask": mask.numpy()})[0]
    names = past_names(cfg.decoder_layers)
    present = lambda n: "present" + n[len("past_key_values"):]  # noqa: E731
    out_dec = [o.name for o in s_dec.get_outputs()]
    res = dict(zip(out_dec, s_dec.run(None, {"input_ids": dec[:, :1].numpy(), "encoder_hidden_states": mem,
                                             "encoder_attention_mask": mask.numpy()})))
    err = float(np.abs(res["logits"][:, 0] - want[:, 0]).max())
    past = {n: res[present(n)] for n in names}
    out_past = [o.name for o in s_past.get_outputs()]
    for t in range(1, dec.shape[1]):
        feed = dict(past, input_ids=dec[:, t:t + 1].numpy(), encoder_attention_mask=mask.numpy())
        res = dict(zip(out_past, s_past.run(None, feed)))
        err = max(err, float(np.abs(res["logits"][:, 0] - want[:, t]).max()))
        past.update({n: res[present(n)] for n in names if ".decoder." in n})
    print("check %-28s max |onnx - torch| = %.2e" % ("cached steps logits", err))
    if not err <= CHECK_TOL:
        raise SystemExit("export: cached decoding differs from PyTorch by %.3g > %g" % (err, CHECK_TOL))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ckpt", default="/work/refmodel-ckpt/best.pt")
    ap.add_argument("--from-onnx", metavar="DIR", help="rebuild the model from DIR's ONNX files; write only the decoders")
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    torch.set_num_threads(1)
    if args.from_onnx:
        model, cfg, st = state_from_onnx(args.from_onnx)
        print("%s: step %d, dev_loss %.4f" % (args.from_onnx, st["step"], st["dev_loss"]))
        # the rebuilt model against the files it was read from
        check(model, cfg, *(os.path.join(args.from_onnx, n) for n in ("model.onnx", "encoder_model.onnx", "decoder_model.onnx")))
        for n in ("model.onnx", "encoder_model.onnx"):
            if os.path.abspath(args.out) != os.path.abspath(args.from_onnx):
                shutil.copyfile(os.path.join(args.from_onnx, n), os.path.join(args.out, n))
        written = export_all(model, cfg, st, args.out, decoders_only=True)
    else:
        model, cfg, st = load(args.ckpt)
        print("checkpoint %s: step %d, epoch %d, dev_loss %.4f, %.1f min trained" % (
            args.ckpt, st["step"], st["epoch"], st["dev_loss"], st["trained_s"] / 60))
        written = export_all(model, cfg, st, args.out)
    for p in written:
        print("%s %.2f MB" % (p, os.path.getsize(p) / 1e6))


if __name__ == "__main__":
    main()
