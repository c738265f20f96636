#!/usr/bin/env python3
"""Make the paired-bootstrap conformance set for onnxprune/verify/score.

Writes, next to this script:
  numpy_rng.json        NumPy's SeedSequence states, PCG64 outputs,
                        default_rng(seed).choice(n, size=(r, n)) matrices,
                        np.mean of float32 / float64 arrays and a float32
                        row sum past 2^24, which the Go code reproduces
  bootstrap/ref.es      the references: the first 200 verses of
                        models/corpus/test.es
  bootstrap/SYSTEM.es   hypothesis systems (see below)
  bootstrap.json        for several runs of `sacrebleu REF -i SYS... --paired-bs`:
                        the printed table (-f text) and, at full precision,
                        each system's score, bootstrap mean, 95% interval and
                        p-value from sacreBLEU's PairedTest

The systems: greedy.es and beam4.es are the reference model's translations of
the first 200 test verses, made beforehand (they need ONNX Runtime):

    head -200 models/corpus/test.en > /tmp/src200.en
    go run ./cmd/onnxprune translate models/reference/encoder_model.onnx \\
        models/reference/decoder_model.onnx --spm models/corpus/spm8k.model \\
        --src /tmp/src200.en -o verify/score/testdata/bootstrap/greedy.es
    (the same with --beam 4 -o .../beam4.es)

This script derives the others, with a fixed seed: dropout.es (greedy.es with
each word dropped with probability 0.15), drop03.es (the same with 0.03),
mix10.es (greedy.es with a random tenth of its lines taken from beam4.es),
refdrop.es (the references with 30%
of their words dropped: a strong system), shuffled.es (200 random verses of
models/corpus/dev.es: unrelated text in the right language) and source.es
(the English source copied).

Run from the repository root with sacrebleu==2.6.0 and NumPy 2 installed
(the project's venv):

    /opt/onnxprune-venv/bin/python verify/score/testdata/make_bootstrap.py
"""

import io
import json
import logging
import os
import random
import subprocess
import sys
from contextlib import redirect_stdout

import numpy as np
import sacrebleu
from sacrebleu.metrics import BLEU, CHRF
from sacrebleu.significance import PairedTest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SYSDIR = os.path.join(HERE, "bootstrap")
SEED = 20261203
N = 200
SACREBLEU = os.path.join(os.path.dirname(sys.executable), "sacrebleu")

logging.getLogger("sacrebleu").setLevel(logging.ERROR)


def read(path):
    with open(path, encoding="utf-8") as f:
        return [l.rstrip() for l in f.read().split("\n")[:-1]]


def write(name, lines):
    with open(os.path.join(SYSDIR, name), "w", encoding="utf-8") as f:
        f.write("".join(l + "\n" for l in lines))


def drop_words(lines, p, rng):
    out = []
    for l in lines:
        words = [w for w in l.split() if rng.random() >= p]
        out.append(" ".join(words))
    return out


def make_systems():
    rng = random.Random(SEED)
    refs = read(os.path.join(ROOT, "models", "corpus", "test.es"))[:N]
    write("ref.es", refs)
    greedy = read(os.path.join(SYSDIR, "greedy.es"))
    assert len(greedy) == N, "make greedy.es first (see the docstring)"
    write("dropout.es", drop_words(greedy, 0.15, rng))
    write("refdrop.es", drop_words(refs, 0.30, rng))
    dev = read(os.path.join(ROOT, "models", "corpus", "dev.es"))
    write("shuffled.es", rng.sample(dev, N))
    write("source.es", read(os.path.join(ROOT, "models", "corpus", "test.en"))[:N])
    # Systems close to greedy.es, for p-values that are not at their floor.
    write("drop03.es", drop_words(greedy, 0.03, rng))
    beam = read(os.path.join(SYSDIR, "beam4.es"))
    write("mix10.es", [b if rng.random() < 0.10 else g for g, b in zip(greedy, beam)])


# ------------------------------------------------------------ NumPy pieces

def rng_vectors():
    seeds = [0, 1, 7, 12345, 2**32 - 1, 2**32, 2**32 + 5, 2**63 + 12345, 2**64 - 1]
    out = {"numpy_version": np.__version__, "seed_sequence": [], "pcg64": [], "choice": [], "draws": [], "mean": []}
    for s in seeds:
        state = np.random.SeedSequence(s).generate_state(4, np.uint64)
        out["seed_sequence"].append({"seed": str(s), "state": [str(int(v)) for v in state]})
        raw = np.random.PCG64(s).random_raw(8)
        out["pcg64"].append({"seed": str(s), "raw": [str(int(v)) for v in raw]})
    # Whole index matrices, as sacreBLEU draws them.
    for s, r, n in [(12345, 4, 10), (12345, 3, 1), (1, 5, 2), (7, 6, 3), (2**32 + 5, 3, 97)]:
        m = np.random.default_rng(s).choice(n, size=(r, n), replace=True)
        out["choice"].append({"seed": str(s), "resamples": r, "n": n, "indices": m.tolist()})
    # Long runs of bounded draws, checksummed: count draws below n.
    for s, n, count in [(12345, 200, 200 * 1000), (12345, 1029, 1029 * 1000), (12345, 1000003, 2000000),
                        (99, 2**31 - 1, 200000), (3, 3 * 2**29 + 1, 200000), (5, 2**31 + 2**30 + 7, 200000)]:
        m = np.random.default_rng(s).choice(n, size=count, replace=True).astype(object)
        out["draws"].append({"seed": str(s), "n": n, "count": count,
                             "first": [int(v) for v in m[:64]], "sum": str(int(m.sum())),
                             "weighted_sum": str(int((m * np.arange(1, count + 1, dtype=object)).sum()))})
    # sacreBLEU sums a resample's float32 statistics with _s.sum(0); past 2^24
    # the order matters, and NumPy adds row after row.
    g = np.random.default_rng(SEED + 1)
    stats = g.integers(0, 1_000_001, size=(300, 4)).astype(np.float32)
    rows = g.choice(300, size=300, replace=True)
    out["row_sum"] = {"stats": stats.tolist(), "rows": rows.tolist(),
                      "sum": [float(v) for v in stats[rows].sum(0)]}
    g = np.random.default_rng(SEED)
    for n in [1, 5, 7, 8, 9, 16, 100, 127, 128, 129, 200, 257, 1000]:
        for dtype in ("float32", "float64"):
            a = (g.standard_normal(n) * 10 ** g.uniform(-3, 3, n)).astype(dtype)
            out["mean"].append({"dtype": dtype, "values": [float(v) for v in a], "mean": float(a.mean())})
    return out


# ------------------------------------------------------------ sacreBLEU runs

# Each run: the references (ref.es unless given), systems (baseline first), the sacrebleu command's options, the
# same options for `onnxprune score` (None: it has none), the metrics' keyword arguments (BLEU,
# CHRF; None leaves the metric out), the seed (SACREBLEU_SEED) and the number
# of resamples.
RUNS = [
    {"systems": ["greedy.es", "beam4.es", "dropout.es", "refdrop.es", "shuffled.es", "source.es",
                 "drop03.es", "mix10.es"],
     "cli": ["-m", "bleu", "chrf"], "onnxprune": [],
     "bleu": {}, "chrf": {}, "seed": 12345, "n": 1000},
    {"systems": ["beam4.es", "greedy.es", "dropout.es"],
     "cli": ["-m", "bleu", "chrf", "-w", "4"], "onnxprune": ["--width", "4"],
     "bleu": {}, "chrf": {}, "seed": 12345, "n": 1000},
    {"systems": ["greedy.es", "dropout.es", "source.es", "drop03.es", "mix10.es"],
     "cli": ["-m", "bleu", "chrf", "--paired-bs-n", "500", "-w", "2"],
     "onnxprune": ["--paired-bs-n", "500", "--width", "2", "--seed", "7"],
     "bleu": {}, "chrf": {}, "seed": 7, "n": 500},
    {"systems": ["greedy.es", "beam4.es", "refdrop.es", "mix10.es"],
     "cli": ["-m", "bleu", "chrf", "-lc", "--chrf-lowercase", "--tokenize", "intl",
             "--chrf-word-order", "2", "-w", "3"],
     "onnxprune": ["--lowercase", "--tokenize", "intl", "--chrf-word-order", "2", "--width", "3"],
     "bleu": {"lowercase": True, "tokenize": "intl"}, "chrf": {"lowercase": True, "word_order": 2},
     "seed": 12345, "n": 1000},
    {"systems": ["mix10.es", "greedy.es", "drop03.es"],
     "cli": ["-m", "bleu", "--smooth-method", "floor"],
     "onnxprune": ["--metrics", "bleu", "--smooth-method", "floor"],
     "bleu": {"smooth_method": "floor"}, "chrf": None, "seed": 12345, "n": 1000},
    {"refs": ["ref.es", "refdrop.es"], "systems": ["greedy.es", "mix10.es", "drop03.es"],
     "cli": ["-m", "bleu", "chrf", "--smooth-method", "add-k", "--chrf-beta", "3", "--chrf-whitespace", "-w", "3"],
     "onnxprune": ["--smooth-method", "add-k", "--chrf-beta", "3", "--chrf-whitespace", "--width", "3",
                   "--seed", "4294967301"],
     "bleu": {"smooth_method": "add-k"}, "chrf": {"beta": 3, "whitespace": True},
     "seed": 2**32 + 5, "n": 1000},
    # For the package only (the score command has no flag for chrF's eps
    # smoothing): systems with n-gram orders that find no match.
    {"systems": ["source.es", "shuffled.es", "greedy.es"],
     "cli": ["-m", "bleu", "chrf", "--smooth-method", "none", "--chrf-eps-smoothing", "-w", "3",
             "--paired-bs-n", "300"],
     "onnxprune": None,
     "bleu": {"smooth_method": "none"}, "chrf": {"eps_smoothing": True}, "seed": 12345, "n": 300},
]


def run_cli(run):
    refs = [os.path.join("bootstrap", r) for r in run.get("refs", ["ref.es"])]
    hyps = [os.path.join("bootstrap", s) for s in run["systems"]]
    args = [SACREBLEU, *refs, "-i", *hyps, *run["cli"], "--paired-bs", "-f", "text"]
    env = dict(os.environ, SACREBLEU_SEED=str(run["seed"]))
    p = subprocess.run(args, cwd=HERE, env=env, capture_output=True, text=True, check=True)
    return args[1:], p.stdout


def run_api(run):
    os.environ["SACREBLEU_SEED"] = str(run["seed"])
    refs = [read(os.path.join(SYSDIR, r)) for r in run.get("refs", ["ref.es"])]
    named = [(s, read(os.path.join(SYSDIR, s))) for s in run["systems"]]
    metrics = {}
    if run["bleu"] is not None:
        metrics["BLEU"] = BLEU(**run["bleu"])
    if run["chrf"] is not None:
        metrics["chrF"] = CHRF(**run["chrf"])
    test = PairedTest(named, metrics, refs, test_type="bs", n_samples=run["n"])
    sigs, scores = test()
    out = {}
    for name, results in scores.items():
        if name == "System":
            continue
        out[name] = [{"score": float(r.score), "mean": float(r.mean), "ci": float(r.ci),
                      "p_value": None if r.p_value is None else float(r.p_value),
                      "mean_type": type(r.mean).__name__} for r in results]
    return out, {k: str(v) for k, v in sigs.items()}


def main():
    assert sacrebleu.__version__ == "2.6.0", sacrebleu.__version__
    make_systems()
    with open(os.path.join(HERE, "numpy_rng.json"), "w") as f:
        json.dump(rng_vectors(), f, indent=0, sort_keys=True)
        f.write("\n")
    runs = []
    for run in RUNS:
        cli_args, stdout = run_cli(run)
        results, sigs = run_api(run)
        runs.append({"refs": run.get("refs", ["ref.es"]), "systems": run["systems"], "seed": run["seed"], "resamples": run["n"],
                     "bleu_options": run["bleu"], "chrf_options": run["chrf"],
                     "sacrebleu_args": cli_args, "onnxprune_args": run["onnxprune"], "stdout": stdout,
                     "results": results, "signatures": sigs})
    doc = {"sacrebleu_version": sacrebleu.__version__, "numpy_version": np.__version__,
           "python_version": sys.version.split()[0], "runs": runs}
    with open(os.path.join(HERE, "bootstrap.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
