"""PyTorch peer of the paper-size training rows of `make bench`: the gated
training step of gatetrain on the Transformer-base model written by
make_base.py (same weights), on the batch file the Go worker reads, framed as
gatetrain's batcher frames it (source + EOS, decoder input BOS + target,
labels target + EOS; the batch file has no padding).

One step: one Hard Concrete sample per head (β 0.33, γ −0.1, ζ 1.1), every
head's output scaled by its gate before the output projection, forward,
cross-entropy, λ times the expected-L0 penalty averaged over the gated blocks
(encoder, decoder self- and cross-attention), backward, clipping of the log α
gradient at --clip-norm, Adam at --lr. --joint also trains the encoder (every
encoder_layers.* and encoder_norm.* parameter, and the encoder's own copy of
the embedding, which the model shares with the decoder: what
gatetrain.UntieWeights and EncoderWeights train) with its own Adam at
--weight-lr and its own clipping, as gatetrain's Trainer does. Prints one
JSON line: target tokens per second, per-step times, and with --losses N the
objective of the first N steps (--init-log-alpha 20 makes every gate exactly
1, so those do not depend on the noise generator).

  python bench/peers/train_base_torch.py --dir bench/.work/base --batch batch.json --threads 1
"""

import argparse
import json
import math
import os
import sys
import time

import torch
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "models", "reference"))
import model as ref  # noqa: E402


def gated_attention_forward(self, x, kv, bias, past=None, cached=None):
    """ref.Attention.forward (same arguments and results) with each head's
    output scaled by self.gate."""
    b, t, d = x.shape
    q = self.split(self.q_proj(x) * self.scale)
    if cached is None:
        k = self.split(self.k_proj(kv))
        v = self.split(self.v_proj(kv))
    else:
        k, v = cached
    if past is not None:
        k = torch.cat([past[0], k], dim=2)
        v = torch.cat([past[1], v], dim=2)
    probs = torch.softmax(torch.matmul(q, k.transpose(-1, -2)) + bias, dim=-1)
    ctx = torch.matmul(probs, v) * self.gate[None, :, None, None]
    return self.out_proj(ctx.transpose(1, 2).reshape(b, t, d)), (k, v)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", required=True)
    ap.add_argument("--batch", required=True)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--l0-lambda", type=float, default=0.01)
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--init-log-alpha", type=float, default=3.0)
    ap.add_argument("--clip-norm", type=float, default=5.0)
    ap.add_argument("--joint", action="store_true")
    ap.add_argument("--weight-lr", type=float, default=1e-4)
    ap.add_argument("--losses", type=int, default=0)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    torch.manual_seed(args.seed)

    with open(os.path.join(args.dir, "config.json")) as f:
        cfg = ref.Config(**json.load(f)["config"])
    model = ref.Seq2Seq(cfg)
    model.load_state_dict(torch.load(os.path.join(args.dir, "weights.pt"), map_location="cpu"))
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)
    ref.Attention.forward = gated_attention_forward
    blocks = ([l.self_attn for l in model.encoder_layers] + [l.self_attn for l in model.decoder_layers]
              + [l.cross_attn for l in model.decoder_layers])
    log_alpha = torch.full((len(blocks), cfg.heads), args.init_log_alpha, requires_grad=True)
    opt = torch.optim.Adam([log_alpha], lr=args.lr)

    enc = []
    if args.joint:
        enc_embed = torch.nn.Parameter(model.embed.weight.detach().clone())
        enc = [enc_embed] + [p for n, p in model.named_parameters()
                             if n.startswith(("encoder_layers.", "encoder_norm."))]
        for p in enc:
            p.requires_grad_(True)
        wopt = torch.optim.Adam(enc, lr=args.weight_lr)

        def embed_source(ids):
            x = F.embedding(ids, enc_embed) * model.embed_scale + model.positions[:ids.shape[1]]
            return x

        def encode(input_ids, attention_mask):
            bias = model.padding_bias(attention_mask)
            x = embed_source(input_ids)
            for layer in model.encoder_layers:
                x = layer(x, bias)
            return model.encoder_norm(x)
        model.encode = encode

    with open(args.batch) as f:
        bf = json.load(f)
    src = torch.tensor([s + [bf["eos"]] for s in bf["src"]], dtype=torch.long)
    dec = torch.tensor([[bf["bos"]] + t for t in bf["tgt"]], dtype=torch.long)
    lab = torch.tensor([t + [bf["eos"]] for t in bf["tgt"]], dtype=torch.long)
    mask = torch.ones_like(src)
    tokens = int(lab.numel())

    beta, gamma, zeta = 0.33, -0.1, 1.1
    shift = beta * math.log(-gamma / zeta)
    losses, times = [], []

    def step():
        u = torch.rand(len(blocks), cfg.heads).clamp(1e-6, 1 - 1e-6)
        s = torch.sigmoid((torch.log(u) - torch.log1p(-u) + log_alpha) / beta)
        g = (s * (zeta - gamma) + gamma).clamp(0, 1)
        for i, blk in enumerate(blocks):
            blk.gate = g[i]
        logits = model(src, mask, dec)
        ce = F.cross_entropy(logits.reshape(-1, cfg.vocab_size), lab.reshape(-1))
        l0 = torch.sigmoid(log_alpha - shift).sum() / len(blocks)
        loss = ce + args.l0_lambda * l0
        opt.zero_grad()
        if enc:
            wopt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_([log_alpha], args.clip_norm)
        opt.step()
        if enc:
            torch.nn.utils.clip_grad_norm_(enc, args.clip_norm)
            wopt.step()
        if len(losses) < args.losses:
            losses.append(loss.item())

    cpu = 0.0
    for i in range(args.warmup + args.steps):
        t0, c0 = time.perf_counter(), time.process_time()
        step()
        times.append(time.perf_counter() - t0)
        if i >= args.warmup:
            cpu += time.process_time() - c0
    timed = sorted(times[args.warmup:])
    med = timed[len(timed) // 2] if len(timed) % 2 else (timed[len(timed) // 2 - 1] + timed[len(timed) // 2]) / 2
    print(json.dumps({
        "peer": "torch", "torch": torch.__version__, "threads": args.threads,
        "mode": "joint" if args.joint else "gates",
        "trained_weights": sum(p.numel() for p in enc), "tokens_per_step": tokens,
        "step_s": times, "median_s": med, "tokens_per_s": tokens / med,
        "cpu_s_per_step": cpu / args.steps, "first_losses": losses,
    }))


if __name__ == "__main__":
    main()
