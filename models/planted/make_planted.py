"""Makes the planted-redundancy fixture for gate training (models/planted/).

A tiny encoder-decoder (1 encoder layer, 1 decoder layer, 4 heads of size 8 in
each of encoder self-attention, decoder self-attention and cross-attention) is
trained on a reverse task: the target is the source read backwards. Heads 2
and 3 of every attention block have their output-projection rows held at zero
during training and in the exported file, so they cannot influence the output:
a gate on them has exactly zero gradient and a sparsity penalty must close it.
The other heads are whatever the training made of them.

Writes:
  planted.onnx        inputs src_ids [B,S], tgt_ids [B,T] (int64) and one gate
                      per block, gate/encoder.0, gate/decoder.0, gate/cross.0
                      (float [4], initializers of ones that are also inputs, so
                      leaving them out runs the dense model); output logits
                      [B,T,V]. The gate multiplies each head's context vector
                      before the output projection.
  planted_ungated.onnx the same weights without gate inputs (for head discovery).
  train.src/.tgt, dev.src/.tgt  token ids, one sentence a line, space separated,
                      without BOS/EOS (the trainer adds them: decoder input
                      BOS + target, labels target + EOS).
  planted.json        the vocabulary and special ids, the planted (zeroed) heads,
                      and per head the dev loss when that head alone is removed.
  planted_weights.npz the trained PyTorch parameters (state_dict names), so the
                      PyTorch peer benchmark (bench/peers/train_gates_torch.py)
                      runs the same weights.

Run in the project venv:  python models/planted/make_planted.py
"""

import json
import math
import os
import random

import numpy as np
import onnx
import torch
from onnx import numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20260101
VOCAB = 24
PAD, BOS, EOS = 0, 1, 2
D_MODEL = 32
NHEAD = 4
HEAD_DIM = D_MODEL // NHEAD
DIM_FF = 64
MAX_LEN = 32
MIN_WORDS, MAX_WORDS = 3, 10
DEAD_HEADS = (2, 3)  # zeroed output-projection rows in every block
KINDS = ("encoder", "decoder", "cross")
TRAIN_LINES, DEV_LINES = 3000, 200
STEPS, BATCH, LR = 800, 64, 5e-3


class Attention(torch.nn.Module):
    """Multi-head attention with explicit per-head reshapes and an optional gate."""

    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(D_MODEL, D_MODEL)
        self.k = torch.nn.Linear(D_MODEL, D_MODEL)
        self.v = torch.nn.Linear(D_MODEL, D_MODEL)
        self.o = torch.nn.Linear(D_MODEL, D_MODEL)
        mask = torch.ones(D_MODEL)
        for h in DEAD_HEADS:
            mask[h * HEAD_DIM:(h + 1) * HEAD_DIM] = 0
        self.register_buffer("alive", mask)
        self.kill()

    def kill(self):
        with torch.no_grad():
            self.o.weight.mul_(self.alive.unsqueeze(0))

    def forward(self, xq, xkv, bias, gate):
        b, tq, _ = xq.shape
        tk = xkv.shape[1]
        q = self.q(xq).view(b, tq, NHEAD, HEAD_DIM).transpose(1, 2)
        k = self.k(xkv).view(b, tk, NHEAD, HEAD_DIM).transpose(1, 2)
        v = self.v(xkv).view(b, tk, NHEAD, HEAD_DIM).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(HEAD_DIM) + bias
        ctx = torch.matmul(torch.softmax(scores, dim=-1), v)  # [B, H, Tq, dh]
        if gate is not None:
            ctx = ctx * gate.view(1, NHEAD, 1, 1)
        ctx = ctx.transpose(1, 2).reshape(b, tq, D_MODEL)
        return self.o(ctx)


class FFN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(D_MODEL, DIM_FF)
        self.b = torch.nn.Linear(DIM_FF, D_MODEL)

    def forward(self, x):
        return self.b(torch.relu(self.a(x)))


class Planted(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.src_embed = torch.nn.Embedding(VOCAB, D_MODEL)
        self.tgt_embed = torch.nn.Embedding(VOCAB, D_MODEL)
        self.enc_att = Attention()
        self.enc_ln1 = torch.nn.LayerNorm(D_MODEL)
        self.enc_ffn = FFN()
        self.enc_ln2 = torch.nn.LayerNorm(D_MODEL)
        self.dec_att = Attention()
        self.dec_ln1 = torch.nn.LayerNorm(D_MODEL)
        self.crs_att = Attention()
        self.dec_ln2 = torch.nn.LayerNorm(D_MODEL)
        self.dec_ffn = FFN()
        self.dec_ln3 = torch.nn.LayerNorm(D_MODEL)
        self.out = torch.nn.Linear(D_MODEL, VOCAB)
        pos = torch.arange(MAX_LEN, dtype=torch.float32).unsqueeze(1)
        div = torch.exp(torch.arange(0, D_MODEL, 2, dtype=torch.float32)
                        * (-math.log(10000.0) / D_MODEL))
        pe = torch.zeros(MAX_LEN, D_MODEL)
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        self.register_buffer("pe", pe)

    def attentions(self):
        return (self.enc_att, self.dec_att, self.crs_att)

    def forward(self, src_ids, tgt_ids, g_enc=None, g_dec=None, g_crs=None):
        s, t = src_ids.shape[1], tgt_ids.shape[1]
        key_pad = (src_ids == PAD).to(torch.float32) * -1e9  # [B, S]
        key_pad = key_pad.unsqueeze(1).unsqueeze(1)  # [B, 1, 1, S]
        steps = torch.arange(t, device=tgt_ids.device)
        causal = (steps.unsqueeze(0) > steps.unsqueeze(1)).to(torch.float32) * -1e9
        x = self.src_embed(src_ids) * math.sqrt(D_MODEL) + self.pe[:s].unsqueeze(0)
        x = self.enc_ln1(x + self.enc_att(x, x, key_pad, g_enc))
        mem = self.enc_ln2(x + self.enc_ffn(x))
        y = self.tgt_embed(tgt_ids) * math.sqrt(D_MODEL) + self.pe[:t].unsqueeze(0)
        y = self.dec_ln1(y + self.dec_att(y, y, causal, g_dec))
        y = self.dec_ln2(y + self.crs_att(y, mem, key_pad, g_crs))
        y = self.dec_ln3(y + self.dec_ffn(y))
        return self.out(y)


class Gated(torch.nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, src_ids, tgt_ids, g_enc, g_dec, g_crs):
        return self.m(src_ids, tgt_ids, g_enc, g_dec, g_crs)


def make_corpus(rng, n):
    src, tgt = [], []
    for _ in range(n):
        k = rng.randint(MIN_WORDS, MAX_WORDS)
        s = [rng.randint(3, VOCAB - 1) for _ in range(k)]
        src.append(s)
        tgt.append(list(reversed(s)))
    return src, tgt


def write_ids(path, lines):
    with open(path, "w") as f:
        for ids in lines:
            f.write(" ".join(str(i) for i in ids) + "\n")


def batch(src, tgt, idx):
    """Source + EOS; decoder input BOS + target; labels target + EOS (PAD elsewhere)."""
    s_len = max(len(src[i]) for i in idx) + 1
    t_len = max(len(tgt[i]) for i in idx) + 1
    s = torch.full((len(idx), s_len), PAD, dtype=torch.int64)
    d = torch.full((len(idx), t_len), PAD, dtype=torch.int64)
    lab = torch.full((len(idx), t_len), PAD, dtype=torch.int64)
    for r, i in enumerate(idx):
        s[r, :len(src[i]) + 1] = torch.tensor(src[i] + [EOS])
        d[r, :len(tgt[i]) + 1] = torch.tensor([BOS] + tgt[i])
        lab[r, :len(tgt[i]) + 1] = torch.tensor(tgt[i] + [EOS])
    return s, d, lab


def loss_of(model, src, tgt, gates=None):
    idx = list(range(len(src)))
    s, d, lab = batch(src, tgt, idx)
    with torch.no_grad():
        g = gates or {}
        logits = model(s, d, g.get("encoder"), g.get("decoder"), g.get("cross"))
        return torch.nn.functional.cross_entropy(
            logits.reshape(-1, VOCAB), lab.reshape(-1), ignore_index=PAD).item()


def gated_file(model, path):
    s, d, _ = batch([[3, 4, 5]], [[5, 4, 3]], [0])
    ones = torch.ones(NHEAD)
    torch.onnx.export(
        Gated(model), (s, d, ones, ones, ones), path, dynamo=False, opset_version=17,
        input_names=["src_ids", "tgt_ids", "gate/encoder.0", "gate/decoder.0", "gate/cross.0"],
        output_names=["logits"],
        dynamic_axes={"src_ids": {0: "batch", 1: "src_len"},
                      "tgt_ids": {0: "batch", 1: "tgt_len"},
                      "logits": {0: "batch", 1: "tgt_len"}},
        do_constant_folding=True)
    m = onnx.load(path)
    # The gates default to 1: an initializer that is also an input.
    for name in ("gate/encoder.0", "gate/decoder.0", "gate/cross.0"):
        m.graph.initializer.append(numpy_helper.from_array(np.ones(NHEAD, np.float32), name))
    onnx.checker.check_model(m)
    onnx.save(m, path)


def main():
    torch.set_num_threads(1)
    rng = random.Random(SEED)
    torch.manual_seed(SEED)
    train_src, train_tgt = make_corpus(rng, TRAIN_LINES)
    dev_src, dev_tgt = make_corpus(rng, DEV_LINES)
    for name, lines in (("train.src", train_src), ("train.tgt", train_tgt),
                        ("dev.src", dev_src), ("dev.tgt", dev_tgt)):
        write_ids(os.path.join(HERE, name), lines)

    model = Planted()
    opt = torch.optim.Adam(model.parameters(), lr=LR)
    order = list(range(TRAIN_LINES))
    for step in range(STEPS):
        idx = rng.sample(order, BATCH)
        s, d, lab = batch(train_src, train_tgt, idx)
        loss = torch.nn.functional.cross_entropy(
            model(s, d).reshape(-1, VOCAB), lab.reshape(-1), ignore_index=PAD)
        opt.zero_grad()
        loss.backward()
        opt.step()
        for a in model.attentions():
            a.kill()
        if step % 100 == 0 or step == STEPS - 1:
            print("step %4d  loss %.4f" % (step, loss.item()), flush=True)
    model.eval()

    dense = loss_of(model, dev_src, dev_tgt)
    ablation = {}
    for kind in KINDS:
        for h in range(NHEAD):
            g = torch.ones(NHEAD)
            g[h] = 0
            ablation["%s:0:%d" % (kind, h)] = loss_of(model, dev_src, dev_tgt, {kind: g})
    print("dev loss %.5f" % dense)
    for k, v in ablation.items():
        print("  without %-10s %.5f" % (k, v))

    np.savez(os.path.join(HERE, "planted_weights.npz"),
             **{k: v.detach().numpy() for k, v in model.state_dict().items()})
    gated_file(model, os.path.join(HERE, "planted.onnx"))
    s, d, _ = batch([[3, 4, 5]], [[5, 4, 3]], [0])
    torch.onnx.export(
        model, (s, d), os.path.join(HERE, "planted_ungated.onnx"), dynamo=False,
        opset_version=17, input_names=["src_ids", "tgt_ids"], output_names=["logits"],
        dynamic_axes={"src_ids": {0: "batch", 1: "src_len"},
                      "tgt_ids": {0: "batch", 1: "tgt_len"},
                      "logits": {0: "batch", 1: "tgt_len"}},
        do_constant_folding=True)

    info = {
        "script": "make_planted.py",
        "torch": torch.__version__,
        "seed": SEED,
        "vocab": VOCAB, "pad_id": PAD, "bos_id": BOS, "eos_id": EOS,
        "heads_per_block": NHEAD, "head_dim": HEAD_DIM, "d_model": D_MODEL,
        "task": "reverse the source",
        "dead_heads": ["%s:0:%d" % (k, h) for k in KINDS for h in DEAD_HEADS],
        "dev_loss": dense,
        "dev_loss_without_head": ablation,
    }
    with open(os.path.join(HERE, "planted.json"), "w") as f:
        json.dump(info, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
