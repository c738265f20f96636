"""Pack a training checkpoint into the compact resume state committed to the
repository, or unpack it back into a checkpoint that train.py --resume reads.

Development machines are not kept between sessions, so training that spans
several sessions resumes from `models/reference/state/resume.pt`. To keep the
repository's history small, the packed state stores the model weights in
float32 (exact) and Adam's two moment estimates in bfloat16 (relative rounding
at most 2^-8); everything else (step, epoch, position in the epoch, RNG state,
learning-rate recipe, training curve) is kept as is. A resume from the packed
state therefore continues the same run up to that rounding of the moments;
a resume from the local last.pt is exact.

  python models/reference/state.py pack /work/refmodel-ckpt/last.pt models/reference/state/resume.pt
  python models/reference/state.py unpack models/reference/state/resume.pt /work/refmodel-ckpt/last.pt
"""

import argparse
import os

import torch

MOMENTS = ("exp_avg", "exp_avg_sq")


def convert(opt_state, dtype):
    out = {"param_groups": opt_state["param_groups"], "state": {}}
    for k, st in opt_state["state"].items():
        out["state"][k] = {n: (v.to(dtype) if n in MOMENTS else v) for n, v in st.items()}
    return out


def save(path, obj):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    torch.save(obj, tmp)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("action", choices=["pack", "unpack"])
    ap.add_argument("src")
    ap.add_argument("dst")
    a = ap.parse_args()
    st = torch.load(a.src, map_location="cpu", weights_only=False)
    st = dict(st)
    st["optimizer"] = convert(st["optimizer"], torch.bfloat16 if a.action == "pack" else torch.float32)
    st["packed"] = a.action == "pack"
    save(a.dst, st)
    print("%s: step %d epoch %d batch %d, dev loss %.4f -> %s (%.1f MB)" % (
        a.action, st["step"], st["epoch"], st["batch_pos"], st["dev_loss"], a.dst, os.path.getsize(a.dst) / 1e6))


if __name__ == "__main__":
    main()
