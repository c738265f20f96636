"""Train the reference en->es Transformer on the Bible corpus (models/corpus).

Checkpoints every --ckpt-minutes to CKPT_DIR/last.pt (atomic rename) and keeps
CKPT_DIR/best.pt by dev loss; --resume continues from last.pt exactly where it
stopped (epoch, batch, optimizer, RNG). One thread by default: the machine is
shared.

  nice -n 10 /opt/onnxprune-venv/bin/python models/reference/train.py \
      --ckpt-dir /work/refmodel-ckpt [--resume]
"""

import argparse
import json
import math
import os
import pickle
import random
import sys
import time

import sentencepiece as spm
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Config, Seq2Seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(HERE, "..", "corpus"))


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=CORPUS)
    ap.add_argument("--spm", default=os.path.join(CORPUS, "spm8k.model"))
    ap.add_argument("--ckpt-dir", default="/work/refmodel-ckpt")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--d-model", type=int, default=128)
    ap.add_argument("--ffn-dim", type=int, default=512)
    ap.add_argument("--heads", type=int, default=8)
    ap.add_argument("--encoder-layers", type=int, default=6)
    ap.add_argument("--decoder-layers", type=int, default=3)
    ap.add_argument("--dropout", type=float, default=0.1)
    ap.add_argument("--max-tokens", type=int, default=3000, help="padded tokens per batch (max of src, tgt)")
    ap.add_argument("--max-len", type=int, default=160, help="drop training pairs longer than this (pieces)")
    ap.add_argument("--lr", type=float, default=1e-3, help="peak learning rate")
    ap.add_argument("--warmup", type=int, default=1000)
    ap.add_argument("--label-smoothing", type=float, default=0.1)
    ap.add_argument("--max-steps", type=int, default=0, help="stop after this many steps (0: no limit)")
    ap.add_argument("--max-minutes", type=float, default=0, help="stop after this many minutes in this run")
    ap.add_argument("--ckpt-minutes", type=float, default=5)
    ap.add_argument("--log-every", type=int, default=50)
    ap.add_argument("--max-epochs", type=int, default=30, help="stop after this many epochs")
    ap.add_argument("--patience-epochs", type=int, default=2,
                    help="converged when the best dev loss improved by at most --min-improvement over this many epochs")
    ap.add_argument("--min-improvement", type=float, default=0.003, help="relative dev-loss improvement (0.003 = 0.3%%)")
    ap.add_argument("--bleu-sentences", type=int, default=0, help="dev sentences decoded for the per-epoch BLEU (0: all)")
    return ap.parse_args(argv)


def encode_file(sp, path, bos_eos):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            ids = sp.encode(line.rstrip("\n"))
            if bos_eos:
                ids = [sp.bos_id()] + ids + [sp.eos_id()]
            else:
                ids = ids + [sp.eos_id()]
            out.append(ids)
    return out


def load_data(args, sp):
    cache = os.path.join(args.ckpt_dir, "data.pkl")
    if os.path.exists(cache):
        with open(cache, "rb") as f:
            return pickle.load(f)
    data = {}
    for split, d in (("train", os.path.join(args.corpus, "data")), ("dev", args.corpus)):
        src = encode_file(sp, os.path.join(d, split + ".en"), bos_eos=False)
        tgt = encode_file(sp, os.path.join(d, split + ".es"), bos_eos=True)
        data[split] = list(zip(src, tgt))
    tmp = cache + ".tmp"
    with open(tmp, "wb") as f:
        pickle.dump(data, f)
    os.replace(tmp, cache)
    return data


def make_batches(pairs, max_tokens, seed):
    """Group pairs of similar length; a batch's padded size
    (rows x max(len src, len tgt)) stays under max_tokens."""
    rng = random.Random(seed)
    order = sorted(range(len(pairs)), key=lambda i: (len(pairs[i][0]), len(pairs[i][1]), rng.random()))
    batches, cur, cur_max = [], [], 0
    for i in order:
        n = max(len(pairs[i][0]), len(pairs[i][1]))
        m = max(cur_max, n)
        if cur and m * (len(cur) + 1) > max_tokens:
            batches.append(cur)
            cur, m = [], n
        cur.append(i)
        cur_max = m
    if cur:
        batches.append(cur)
    rng.shuffle(batches)
    return batches


def collate(pairs, idx, pad):
    src = [pairs[i][0] for i in idx]
    tgt = [pairs[i][1] for i in idx]
    S = max(len(s) for s in src)
    T = max(len(t) for t in tgt)
    input_ids = torch.full((len(idx), S), pad, dtype=torch.long)
    mask = torch.zeros((len(idx), S), dtype=torch.long)
    dec = torch.full((len(idx), T - 1), pad, dtype=torch.long)
    labels = torch.full((len(idx), T - 1), pad, dtype=torch.long)
    for r, (s, t) in enumerate(zip(src, tgt)):
        input_ids[r, : len(s)] = torch.tensor(s)
        mask[r, : len(s)] = 1
        dec[r, : len(t) - 1] = torch.tensor(t[:-1])
        labels[r, : len(t) - 1] = torch.tensor(t[1:])
    return input_ids, mask, dec, labels


def lr_at(step, args):
    step = max(step, 1)
    return args.lr * min(step / args.warmup, math.sqrt(args.warmup / step))


@torch.no_grad()
def dev_loss(model, pairs, pad, max_tokens):
    model.eval()
    tot, n = 0.0, 0
    for idx in make_batches(pairs, max_tokens, seed=0):
        input_ids, mask, dec, labels = collate(pairs, idx, pad)
        logits = model(input_ids, mask, dec)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), labels.reshape(-1), ignore_index=pad, reduction="sum")
        tot += loss.item()
        n += int((labels != pad).sum())
    model.train()
    return tot / n


@torch.no_grad()
def dev_bleu(model, pairs, sp, limit):
    """Greedy-decode the dev sources (first `limit`, 0: all) and score them
    against the dev references with sacreBLEU: (BLEU, chrF)."""
    import sacrebleu
    from model import greedy

    if limit:
        pairs = pairs[:limit]
    model.eval()
    c = model.config
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]))
    hyp = [None] * len(pairs)
    for i in range(0, len(order), 64):
        idx = order[i:i + 64]
        S = max(len(pairs[j][0]) for j in idx)
        ids = torch.full((len(idx), S), c.pad_id, dtype=torch.long)
        mask = torch.zeros((len(idx), S), dtype=torch.long)
        for r, j in enumerate(idx):
            ids[r, :len(pairs[j][0])] = torch.tensor(pairs[j][0])
            mask[r, :len(pairs[j][0])] = 1
        max_len = int(mask.sum(1).max()) * 3 // 2 + 10
        for j, out in zip(idx, greedy(model, ids, mask, max_len=max_len)):
            hyp[j] = sp.decode(out)
    ref = [sp.decode(t[1:-1]) for _, t in pairs]
    model.train()
    return sacrebleu.corpus_bleu(hyp, [ref]).score, sacrebleu.corpus_chrf(hyp, [ref]).score


def converged(curve, patience, min_improvement):
    """Whether the best dev loss of the last `patience` epochs improved on the
    best before them by at most `min_improvement` (relative)."""
    if len(curve) <= patience:
        return False
    before = min(r["dev_loss"] for r in curve[:-patience])
    recent = min(r["dev_loss"] for r in curve[-patience:])
    return recent > before * (1 - min_improvement)


def save(path, obj):
    tmp = path + ".tmp"
    torch.save(obj, tmp)
    os.replace(tmp, path)


def main(argv=None):
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    os.makedirs(args.ckpt_dir, exist_ok=True)
    log_path = os.path.join(args.ckpt_dir, "train.log")
    logf = open(log_path, "a", buffering=1)

    def log(msg):
        line = "%s %s" % (time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), msg)
        print(line, flush=True)
        logf.write(line + "\n")

    sp = spm.SentencePieceProcessor(model_file=args.spm)
    last = os.path.join(args.ckpt_dir, "last.pt")
    state = None
    if args.resume:
        if not os.path.exists(last):
            raise SystemExit("train: --resume but no checkpoint at %s" % last)
        state = torch.load(last, map_location="cpu", weights_only=False)
        cfg = Config(**state["config"])
        targs = state["args"]
        # Keep the recipe of the run being resumed; only run limits change.
        for k in ("seed", "max_tokens", "max_len", "lr", "warmup", "label_smoothing",
                  "max_epochs", "patience_epochs", "min_improvement", "bleu_sentences"):
            if k not in targs:
                continue
            setattr(args, k, targs[k])
    else:
        cfg = Config(
            vocab_size=sp.get_piece_size(), d_model=args.d_model, heads=args.heads,
            encoder_layers=args.encoder_layers, decoder_layers=args.decoder_layers,
            ffn_dim=args.ffn_dim, dropout=args.dropout, pad_id=sp.pad_id(), unk_id=sp.unk_id(),
            bos_id=sp.bos_id(), eos_id=sp.eos_id(), decoder_start_id=sp.bos_id(),
        )
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    model = Seq2Seq(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr, betas=(0.9, 0.98), eps=1e-9)
    step, epoch, batch_pos, trained_s, tokens_seen = 0, 0, 0, 0.0, 0
    best = float("inf")
    curve = []  # one row per finished epoch
    if state is not None:
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["optimizer"])
        step, epoch, batch_pos = state["step"], state["epoch"], state["batch_pos"]
        trained_s, tokens_seen, best = state["trained_s"], state["tokens_seen"], state["best_dev_loss"]
        torch.set_rng_state(state["torch_rng"])
        curve = list(state.get("curve", []))
        log("resumed from %s at step %d epoch %d batch %d (%.1f min trained)" % (last, step, epoch, batch_pos, trained_s / 60))
    else:
        log("new run: config %s args %s" % (json.dumps(cfg.to_dict()), json.dumps(vars(args))))
    nparams = sum(p.numel() for p in model.parameters())
    log("parameters: %d" % nparams)

    data = load_data(args, sp)
    train = [p for p in data["train"] if len(p[0]) <= args.max_len and len(p[1]) <= args.max_len]
    dev = data["dev"]
    log("train pairs %d (of %d), dev pairs %d" % (len(train), len(data["train"]), len(dev)))
    pad = cfg.pad_id

    def checkpoint(reason, dl=None):
        nonlocal best
        if dl is None:
            dl = dev_loss(model, dev, pad, args.max_tokens)
        st = {
            "config": cfg.to_dict(), "args": vars(args), "model": model.state_dict(),
            "optimizer": opt.state_dict(), "step": step, "epoch": epoch, "batch_pos": batch_pos,
            "trained_s": trained_s, "tokens_seen": tokens_seen, "torch_rng": torch.get_rng_state(),
            "dev_loss": dl, "best_dev_loss": min(best, dl), "curve": curve,
            "converged": bool(curve) and (converged(curve, args.patience_epochs, args.min_improvement)
                                          or len(curve) >= args.max_epochs),
        }
        save(last, st)
        tag = ""
        if dl < best:
            best = dl
            save(os.path.join(args.ckpt_dir, "best.pt"), st)
            tag = " (best)"
        log("checkpoint %s: step %d epoch %d dev_loss %.4f%s" % (reason, step, epoch, dl, tag))

    def end_of_epoch():
        """Dev loss and BLEU of the finished epoch: a row of the training
        curve (also appended to CKPT_DIR/curve.tsv), then a checkpoint."""
        dl = dev_loss(model, dev, pad, args.max_tokens)
        t0 = time.time()
        bleu, chrf = dev_bleu(model, dev, sp, args.bleu_sentences)
        row = {"epoch": epoch, "step": step, "tokens": tokens_seen, "trained_min": round(trained_s / 60, 1),
               "dev_loss": round(dl, 4), "dev_bleu": round(bleu, 2), "dev_chrf": round(chrf, 2)}
        curve.append(row)
        tsv = os.path.join(args.ckpt_dir, "curve.tsv")
        with open(tsv, "w") as f:
            f.write("\t".join(row) + "\n")
            for r in curve:
                f.write("\t".join(str(r[k]) for k in row) + "\n")
        log("epoch %d: step %d dev_loss %.4f dev BLEU %.2f chrF %.2f (decoded in %.0f s)" % (
            epoch, step, dl, bleu, chrf, time.time() - t0))
        checkpoint("epoch", dl)

    if state is not None and state.get("converged"):
        log("already converged at epoch %d (step %d); nothing to do" % (epoch, step))
        return
    model.train()
    run_start = time.time()
    last_ckpt = time.time()
    win_t, win_tok, win_loss, win_n = time.time(), 0, 0.0, 0
    stop = False
    while not stop:
        batches = make_batches(train, args.max_tokens, seed=args.seed * 1000 + epoch)
        while batch_pos < len(batches):
            idx = batches[batch_pos]
            t0 = time.time()
            input_ids, mask, dec, labels = collate(train, idx, pad)
            for g in opt.param_groups:
                g["lr"] = lr_at(step + 1, args)
            logits = model(input_ids, mask, dec)
            loss = F.cross_entropy(
                logits.reshape(-1, logits.shape[-1]), labels.reshape(-1),
                ignore_index=pad, label_smoothing=args.label_smoothing,
            )
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            step += 1
            batch_pos += 1
            ntok = int(mask.sum()) + int((labels != pad).sum())
            tokens_seen += ntok
            trained_s += time.time() - t0
            win_tok += ntok
            win_loss += loss.item()
            win_n += 1
            if step % args.log_every == 0:
                dt = time.time() - win_t
                log("step %d epoch %d batch %d/%d loss %.4f lr %.2e tok/s %.0f" % (
                    step, epoch, batch_pos, len(batches), win_loss / win_n, lr_at(step, args), win_tok / dt))
                win_t, win_tok, win_loss, win_n = time.time(), 0, 0.0, 0
            if args.max_steps and step >= args.max_steps:
                stop = True
            if args.max_minutes and time.time() - run_start > args.max_minutes * 60:
                stop = True
            if stop or time.time() - last_ckpt > args.ckpt_minutes * 60:
                checkpoint("stop" if stop else "periodic")
                last_ckpt = time.time()
                win_t, win_tok, win_loss, win_n = time.time(), 0, 0.0, 0
            if stop:
                break
        if not stop:
            epoch += 1
            batch_pos = 0
            log("epoch %d done at step %d" % (epoch, step))
            end_of_epoch()
            last_ckpt = time.time()
            win_t, win_tok, win_loss, win_n = time.time(), 0, 0.0, 0
            if converged(curve, args.patience_epochs, args.min_improvement):
                log("converged: best dev loss of the last %d epochs within %.2f%% of the best before" % (
                    args.patience_epochs, 100 * args.min_improvement))
                stop = True
            elif len(curve) >= args.max_epochs:
                log("stopping after %d epochs" % len(curve))
                stop = True
    log("stopped at step %d, %.1f min trained in all" % (step, trained_s / 60))


if __name__ == "__main__":
    main()
