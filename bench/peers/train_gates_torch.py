"""PyTorch peer of gatetrain's training-step benchmark (BenchmarkTrainStepPlanted).

Runs the same gated step as the Go loop on the same model weights and the same
batch: the planted fixture (models/planted, weights from planted_weights.npz),
the first --lines sentence pairs of its training corpus laid out as the Go
batcher lays them out (source + EOS, decoder input BOS + target, labels
target + EOS), every model weight frozen and only the gates' log alpha
trained. One step: one Hard Concrete sample per head, forward, cross-entropy,
expected-L0 penalty averaged over layers, backward, gradient-norm clipping,
Adam. Prints one JSON line with target tokens per second.

--joint trains the encoder's weights too (the source embedding, every enc_*
module and the encoder's own copy of the positional table, which the model
shares with the decoder: the set gatetrain.UntieWeights and EncoderWeights
find in planted.onnx, 9312 values plus the table's 1024), with their own Adam at --weight-lr and their own gradient-norm
clipping at --clip-norm, as gatetrain's Trainer does. --losses N adds the
objective of the first N steps (warm-up steps first) to the JSON line, to
compare with bench/cmd/benchtrain -losses N; with --init-log-alpha 20 every
sampled gate is exactly 1, so the first step's loss does not depend on the
noise generator and must equal the Go side's.

Run in the project venv (CPU, current PyTorch from PyPI):
  python bench/peers/train_gates_torch.py --threads 1
bench/peers/train_gates_bench.sh runs it next to the Go benchmark and prints
the ratio.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLANTED = os.path.join(ROOT, "models", "planted")
sys.path.insert(0, PLANTED)
import make_planted as mp  # noqa: E402


def read_ids(path, n):
    out = []
    with open(path) as f:
        for line in f:
            out.append([int(x) for x in line.split()])
            if len(out) == n:
                break
    return out


def untied_forward(self, src_ids, tgt_ids, g_enc=None, g_dec=None, g_crs=None):
    """Planted.forward with the encoder reading its own positional table."""
    s, t = src_ids.shape[1], tgt_ids.shape[1]
    key_pad = ((src_ids == mp.PAD).to(torch.float32) * -1e9).unsqueeze(1).unsqueeze(1)
    steps = torch.arange(t, device=tgt_ids.device)
    causal = (steps.unsqueeze(0) > steps.unsqueeze(1)).to(torch.float32) * -1e9
    x = self.src_embed(src_ids) * math.sqrt(mp.D_MODEL) + self.enc_pe[:s].unsqueeze(0)
    x = self.enc_ln1(x + self.enc_att(x, x, key_pad, g_enc))
    mem = self.enc_ln2(x + self.enc_ffn(x))
    y = self.tgt_embed(tgt_ids) * math.sqrt(mp.D_MODEL) + self.pe[:t].unsqueeze(0)
    y = self.dec_ln1(y + self.dec_att(y, y, causal, g_dec))
    y = self.dec_ln2(y + self.crs_att(y, mem, key_pad, g_crs))
    y = self.dec_ln3(y + self.dec_ffn(y))
    return self.out(y)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--lines", type=int, default=64)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--beta", type=float, default=0.33)
    ap.add_argument("--gamma", type=float, default=-0.1)
    ap.add_argument("--zeta", type=float, default=1.1)
    ap.add_argument("--l0-lambda", type=float, default=0.05)
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--init-log-alpha", type=float, default=2.0)
    ap.add_argument("--clip-norm", type=float, default=5.0)
    ap.add_argument("--joint", action="store_true",
                    help="also train the encoder weights (Adam at --weight-lr)")
    ap.add_argument("--weight-lr", type=float, default=1e-4)
    ap.add_argument("--losses", type=int, default=0,
                    help="report the objective of the first N steps")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    torch.manual_seed(args.seed)

    model = mp.Planted()
    weights = np.load(os.path.join(PLANTED, "planted_weights.npz"))
    model.load_state_dict({k: torch.from_numpy(weights[k]) for k in weights.files})
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)
    enc = [p for n, p in model.named_parameters() if n.startswith(("src_embed.", "enc_"))]
    if args.joint:
        # gatetrain gives the encoder a copy of the shared positional table
        # and trains it; the decoder keeps the original, frozen.
        model.enc_pe = torch.nn.Parameter(model.pe.clone())
        enc.append(model.enc_pe)
        model.forward = untied_forward.__get__(model)
        for p in enc:
            p.requires_grad_(True)
        wopt = torch.optim.Adam(enc, lr=args.weight_lr)

    src = read_ids(os.path.join(PLANTED, "train.src"), args.lines)
    tgt = read_ids(os.path.join(PLANTED, "train.tgt"), args.lines)
    s, d, lab = mp.batch(src, tgt, list(range(len(src))))
    tokens = int((lab != mp.PAD).sum())

    blocks = len(mp.KINDS)
    log_alpha = torch.full((blocks, mp.NHEAD), args.init_log_alpha, requires_grad=True)
    opt = torch.optim.Adam([log_alpha], lr=args.lr)
    shift = args.beta * math.log(-args.gamma / args.zeta)
    losses = []

    def step():
        u = torch.rand(blocks, mp.NHEAD).clamp(1e-6, 1 - 1e-6)
        sc = torch.sigmoid((torch.log(u) - torch.log1p(-u) + log_alpha) / args.beta)
        g = (sc * (args.zeta - args.gamma) + args.gamma).clamp(0, 1)
        logits = model(s, d, g[0], g[1], g[2])
        ce = torch.nn.functional.cross_entropy(
            logits.reshape(-1, mp.VOCAB), lab.reshape(-1), ignore_index=mp.PAD)
        l0 = torch.sigmoid(log_alpha - shift).sum() / blocks
        loss = ce + args.l0_lambda * l0
        opt.zero_grad()
        if args.joint:
            wopt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_([log_alpha], args.clip_norm)
        opt.step()
        if args.joint:
            torch.nn.utils.clip_grad_norm_(enc, args.clip_norm)
            wopt.step()
        if len(losses) < args.losses:
            losses.append(loss.item())

    for _ in range(args.warmup):
        step()
    t0 = time.perf_counter()
    for _ in range(args.steps):
        step()
    el = time.perf_counter() - t0
    out = {
        "peer": "torch", "torch": torch.__version__, "threads": args.threads,
        "mode": "joint" if args.joint else "gates",
        "trained_weights": sum(p.numel() for p in enc) if args.joint else 0,
        "steps": args.steps, "tokens_per_step": tokens,
        "ms_per_step": 1000 * el / args.steps,
        "tokens_per_s": tokens * args.steps / el,
    }
    if args.losses:
        out["first_losses"] = losses
    print(json.dumps(out))


if __name__ == "__main__":
    main()
