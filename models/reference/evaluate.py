"""Greedy-decode a split of the corpus and score it with sacreBLEU (and chrF).

Backends: "onnx" runs the exported encoder_model.onnx + decoder_model.onnx on
ONNX Runtime (what the project measures); "torch" runs a checkpoint.

  /opt/onnxprune-venv/bin/python models/reference/evaluate.py --backend onnx \
      --model-dir models/reference --split test --hyp-out /tmp/test.hyp
"""

import argparse
import json
import os
import sys
import time

import numpy as np
import sacrebleu
import sentencepiece as spm

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(HERE, "..", "corpus"))


def batches(n, size):
    for i in range(0, n, size):
        yield range(i, min(n, i + size))


def pad_batch(seqs, pad):
    S = max(len(s) for s in seqs)
    ids = np.full((len(seqs), S), pad, dtype=np.int64)
    mask = np.zeros((len(seqs), S), dtype=np.int64)
    for r, s in enumerate(seqs):
        ids[r, : len(s)] = s
        mask[r, : len(s)] = 1
    return ids, mask


class OnnxTranslator:
    def __init__(self, model_dir, threads):
        import onnxruntime as ort

        with open(os.path.join(model_dir, "config.json")) as f:
            self.cfg = json.load(f)
        so = ort.SessionOptions()
        so.intra_op_num_threads = threads
        so.inter_op_num_threads = 1
        prov = ["CPUExecutionProvider"]
        self.enc = ort.InferenceSession(os.path.join(model_dir, "encoder_model.onnx"), so, providers=prov)
        self.dec = ort.InferenceSession(os.path.join(model_dir, "decoder_model.onnx"), so, providers=prov)

    def translate(self, ids, mask, max_len):
        c = self.cfg
        mem = self.enc.run(None, {"input_ids": ids, "attention_mask": mask})[0]
        b = ids.shape[0]
        ys = np.full((b, 1), c["decoder_start_token_id"], dtype=np.int64)
        done = np.zeros(b, dtype=bool)
        for _ in range(max_len):
            logits = self.dec.run(None, {"input_ids": ys, "encoder_hidden_states": mem, "encoder_attention_mask": mask})[0]
            nxt = logits[:, -1].argmax(-1)
            nxt = np.where(done, c["pad_token_id"], nxt)
            ys = np.concatenate([ys, nxt[:, None]], 1)
            done |= nxt == c["eos_token_id"]
            if done.all():
                break
        return strip(ys[:, 1:].tolist(), c["eos_token_id"], c["pad_token_id"])


class TorchTranslator:
    def __init__(self, ckpt, threads):
        import torch

        sys.path.insert(0, HERE)
        from model import Config, Seq2Seq

        torch.set_num_threads(threads)
        st = torch.load(ckpt, map_location="cpu", weights_only=False)
        self.model = Seq2Seq(Config(**st["config"]))
        self.model.load_state_dict(st["model"])
        self.model.eval()
        c = self.model.config
        self.cfg = {"pad_token_id": c.pad_id, "eos_token_id": c.eos_id}
        self.torch = torch

    def translate(self, ids, mask, max_len):
        from model import greedy

        t = self.torch
        return greedy(self.model, t.from_numpy(ids), t.from_numpy(mask), max_len=max_len)


def strip(rows, eos, pad):
    out = []
    for row in rows:
        ids = []
        for t in row:
            if t == eos or t == pad:
                break
            ids.append(int(t))
        out.append(ids)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--backend", choices=["onnx", "torch"], default="onnx")
    ap.add_argument("--model-dir", default=HERE)
    ap.add_argument("--ckpt", default="/work/refmodel-ckpt/best.pt")
    ap.add_argument("--spm", default=os.path.join(CORPUS, "spm8k.model"))
    ap.add_argument("--corpus", default=CORPUS)
    ap.add_argument("--split", default="test")
    ap.add_argument("--limit", type=int, default=0, help="first N sentences only (0: all)")
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hyp-out", default="")
    ap.add_argument("--json-out", default="")
    args = ap.parse_args()

    sp = spm.SentencePieceProcessor(model_file=args.spm)
    with open(os.path.join(args.corpus, args.split + ".en"), encoding="utf-8") as f:
        src = [l.rstrip("\n") for l in f]
    with open(os.path.join(args.corpus, args.split + ".es"), encoding="utf-8") as f:
        ref = [l.rstrip("\n") for l in f]
    if args.limit:
        src, ref = src[: args.limit], ref[: args.limit]
    tr = OnnxTranslator(args.model_dir, args.threads) if args.backend == "onnx" else TorchTranslator(args.ckpt, args.threads)
    pad, eos = tr.cfg["pad_token_id"], tr.cfg["eos_token_id"]
    enc = [sp.encode(s) + [eos] for s in src]
    # Sort by length for less padding; restore order after.
    order = sorted(range(len(enc)), key=lambda i: len(enc[i]))
    hyp = [None] * len(enc)
    t0 = time.time()
    for rng in batches(len(order), args.batch_size):
        idx = [order[i] for i in rng]
        ids, mask = pad_batch([enc[i] for i in idx], pad)
        max_len = int(mask.sum(1).max() * 1.5) + 10
        for i, out in zip(idx, tr.translate(ids, mask, max_len)):
            hyp[i] = sp.decode(out)
    secs = time.time() - t0
    bleu = sacrebleu.corpus_bleu(hyp, [ref])
    chrf = sacrebleu.corpus_chrf(hyp, [ref])
    res = {"split": args.split, "sentences": len(hyp), "backend": args.backend, "bleu": round(bleu.score, 2),
           "chrf": round(chrf.score, 2), "bleu_signature": str(bleu), "decode_seconds": round(secs, 1)}
    print(json.dumps(res, indent=1, ensure_ascii=False))
    for i in range(min(3, len(hyp))):
        print("SRC:", src[i], "\nREF:", ref[i], "\nHYP:", hyp[i])
    if args.hyp_out:
        with open(args.hyp_out, "w", encoding="utf-8") as f:
            f.write("\n".join(hyp) + "\n")
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(res, f, indent=1, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    main()
