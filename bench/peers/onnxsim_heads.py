"""Surgery peer of `make bench`: attention-head pruning with onnxsim.

onnxsim (PyPI `onnxsim`, onnx-simplifier) 0.8 offers
`onnxsim.apply_attention_head_pruning(model, sparsity, importance_norm)`: it
drops the lowest-norm fraction `sparsity` of the heads of every attention
block it matches (fused com.microsoft Attention / MultiHeadAttention /
GroupQueryAttention nodes, and some decomposed patterns). It takes no list of
heads, so this script runs it first and reports which heads it kept; the
harness then asks onnxprune to remove exactly the others and compares.

  prune:   python onnxsim_heads.py prune --model M.onnx --sparsity 0.5 --out P.onnx
           -> JSON: version, seconds (load + prune + save), matched blocks and
              the heads each kept (by the node name of the attention op or of
              the Softmax of a decomposed block), file bytes
  compare: python onnxsim_heads.py compare --a A.onnx --b B.onnx --data DIR
           -> JSON: max |A - B| over the outputs both have, on ONNX's
              test_data_set_0/input_*.pb in DIR
  version: python onnxsim_heads.py version -> JSON: onnxsim's version, or the error
"""

import argparse
import glob
import json
import os
import statistics
import sys
import time


def fail(msg):
    print(json.dumps({"error": msg}))
    sys.exit(0)


def version():
    try:
        import onnxsim
    except Exception as e:  # noqa: BLE001 - report any import failure
        fail(f"import onnxsim: {e}")
    v = getattr(onnxsim, "__version__", "?")
    print(json.dumps({"version": v, "has_head_pruning": hasattr(onnxsim, "apply_attention_head_pruning")}))


def producers(graph):
    return {o: n for n in graph.node for o in n.output}


def consumers(graph):
    c = {}
    for n in graph.node:
        for i in n.input:
            c.setdefault(i, []).append(n)
    return c


def attention_outputs(graph):
    """Attention nodes with the output-projection weight their output meets:
    (node name, num_heads, weight initializer name)."""
    inits = {t.name for t in graph.initializer}
    cons = consumers(graph)
    out = []
    for n in graph.node:
        if n.domain != "com.microsoft" or "Attention" not in n.op_type:
            continue
        heads = next((a.i for a in n.attribute if a.name == "num_heads"), 0)
        frontier, w = [n.output[0]], None
        for _ in range(3):
            nxt = []
            for v in frontier:
                for c in cons.get(v, []):
                    if c.op_type in ("MatMul", "Gemm") and len(c.input) > 1 and c.input[1] in inits:
                        w = c.input[1]
                    nxt.extend(c.output)
            if w:
                break
            frontier = nxt
        if heads and w:
            out.append((n.name, heads, w))
    return out


def prune(model, sparsity, out_path, repeats):
    try:
        import onnx
        import onnxsim
        from onnx import numpy_helper
    except Exception as e:  # noqa: BLE001
        fail(f"import: {e}")
    orig = onnx.load(model)
    before = {t.name: numpy_helper.to_array(t) for t in orig.graph.initializer}
    # Timed as onnxprune's surgery is: load, prune, save; one untimed run
    # first, then the median of `repeats` runs.
    times = []
    for i in range(repeats + 1):
        t0 = time.perf_counter()
        m = onnx.load(model)
        p = onnxsim.apply_attention_head_pruning(m, sparsity=sparsity)
        onnx.save(p, out_path)
        if i > 0:
            times.append(time.perf_counter() - t0)
    secs = statistics.median(times)
    after = {t.name: numpy_helper.to_array(t) for t in p.graph.initializer}
    m = orig
    blocks = []
    for name, heads, w in attention_outputs(m.graph):
        a, b = before[w], after.get(w)
        dh = a.shape[0] // heads
        kept = []
        if b is not None:
            for h in range(heads):
                blk = a[h * dh:(h + 1) * dh]
                for k in range(b.shape[0] // dh):
                    if (b[k * dh:(k + 1) * dh] == blk).all():
                        kept.append(h)
                        break
        blocks.append({"node": name, "heads": heads, "kept": kept, "changed": b is None or b.shape != a.shape})
    print(json.dumps({"version": getattr(onnxsim, "__version__", "?"), "seconds": secs, "runs_s": times,
                      "blocks": blocks, "matched": sum(1 for b in blocks if b["changed"]),
                      "resized_weights": sum(1 for k, v in before.items() if k not in after or after[k].shape != v.shape),
                      "file_bytes": os.path.getsize(out_path)}))


def compare(a, b, data):
    try:
        import numpy as np
        import onnx
        import onnxruntime as ort
        from onnx import numpy_helper
    except Exception as e:  # noqa: BLE001
        fail(f"import: {e}")
    feeds = {}
    for f in sorted(glob.glob(os.path.join(data, "test_data_set_0", "input_*.pb"))):
        t = onnx.TensorProto()
        with open(f, "rb") as fh:
            t.ParseFromString(fh.read())
        feeds[t.name] = numpy_helper.to_array(t)
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.log_severity_level = 3
    outs, stale = [], []
    for path in (a, b):
        s = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
        names = [o.name for o in s.get_outputs()]
        res = s.run(None, {k: v for k, v in feeds.items() if k in {i.name for i in s.get_inputs()}})
        outs.append(dict(zip(names, res)))
        # Outputs whose declared fixed sizes disagree with what the model returns.
        n = 0
        for o, r in zip(s.get_outputs(), res):
            if len(o.shape) != r.ndim or any(isinstance(d, int) and d != x for d, x in zip(o.shape, r.shape)):
                n += 1
        stale.append(n)
    common = [k for k in outs[0] if k in outs[1] and outs[0][k].shape == outs[1][k].shape]
    diff = max((float(np.max(np.abs(outs[0][k] - outs[1][k]))) if outs[0][k].size else 0.0) for k in common) if common else None
    print(json.dumps({"outputs": len(common), "max_abs_diff": diff, "stale_output_shapes": stale}))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("version")
    p = sub.add_parser("prune")
    p.add_argument("--model", required=True)
    p.add_argument("--sparsity", type=float, default=0.5)
    p.add_argument("--out", required=True)
    p.add_argument("--repeats", type=int, default=1, help="timed runs after one untimed run (median)")
    c = sub.add_parser("compare")
    c.add_argument("--a", required=True)
    c.add_argument("--b", required=True)
    c.add_argument("--data", required=True)
    args = ap.parse_args()
    if args.cmd == "version":
        version()
    elif args.cmd == "prune":
        prune(args.model, args.sparsity, args.out, args.repeats)
    else:
        compare(args.a, args.b, args.data)


if __name__ == "__main__":
    main()
