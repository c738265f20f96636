"""Write the log-alpha states of a gate-training run for `benchtrain
-log-alpha-states`: log alpha of every head at evenly spaced points of the
run, mapped onto a model with other layer counts, so that the bench's steps
clamp the gates as often as the run did.

  python3 bench/peers/run_states.py --run DIR --encoder-layers 6 --decoder-layers 6 \
      --heads 8 --points 10 --out bench/base-run-states.json

DIR is an `onnxprune train -o DIR` folder: train.jsonl gives P(open) of every
head after every step, gates.json the heads' names in the same order. Log
alpha is recovered from P(open) = sigmoid(log alpha - beta*log(-gamma/zeta))
with the run's beta, gamma, zeta. Point k (0-based) of P is the state after
step round((k + 0.5) * steps / P). Layer l of L target layers of a kind takes
the heads of layer floor(l * L_run / L) of the run's layers of that kind (the
same relative depth). Standard library only.
"""

import argparse
import json
import math
import os


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--run", required=True)
    ap.add_argument("--encoder-layers", type=int, required=True)
    ap.add_argument("--decoder-layers", type=int, required=True)
    ap.add_argument("--heads", type=int, required=True)
    ap.add_argument("--points", type=int, default=10)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    with open(os.path.join(args.run, "gates.json")) as f:
        gates = json.load(f)
    names = [h["name"] for h in gates["heads"]]
    beta, gamma, zeta = gates["beta"], gates["gamma"], gates["zeta"]
    shift = beta * math.log(-gamma / zeta)
    rows = []
    with open(os.path.join(args.run, "train.jsonl")) as f:
        for line in f:
            rows.append(json.loads(line))
    steps = len(rows)
    run_layers = {}
    for n in names:
        kind, layer, _ = n.split(":")
        run_layers[kind] = max(run_layers.get(kind, 0), int(layer) + 1)
    index = {n: i for i, n in enumerate(names)}

    def log_alpha(p):
        p = min(max(p, 1e-12), 1 - 1e-12)
        return math.log(p / (1 - p)) + shift

    target = [("encoder", args.encoder_layers), ("decoder", args.decoder_layers), ("cross", args.decoder_layers)]
    points, states = [], []
    for k in range(args.points):
        step = min(steps, max(1, round((k + 0.5) * steps / args.points)))
        p_open = rows[step - 1]["p_open"]
        state = []
        for kind, layers in target:
            for layer in range(layers):
                src = layer * run_layers[kind] // layers
                for h in range(args.heads):
                    state.append(round(log_alpha(p_open[index[f"{kind}:{src}:{h}"]]), 6))
        points.append(step)
        states.append(state)
    src = f"{os.path.basename(os.path.normpath(args.run))}: {steps} steps, {len(names)} heads ({', '.join(f'{k} {v} layers' for k, v in run_layers.items())})"
    with open(args.out, "w") as f:
        json.dump({"source": src, "steps": points, "states": states}, f, indent=None)
        f.write("\n")


if __name__ == "__main__":
    main()
