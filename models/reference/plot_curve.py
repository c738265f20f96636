"""Draw the reference model's training curve (dev loss and dev BLEU per
epoch) from curve.tsv as an SVG, with the standard library only.

  python3 models/reference/plot_curve.py models/reference/curve.tsv models/reference/curve.svg
"""

import csv
import sys

W, H = 720, 360
L, R, T, B = 70, 70, 40, 50


def scale(v, lo, hi, a, b):
    return a + (v - lo) * (b - a) / ((hi - lo) or 1)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open(src) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    ep = [int(r["epoch"]) for r in rows]
    loss = [float(r["dev_loss"]) for r in rows]
    bleu = [float(r["dev_bleu"]) for r in rows]
    x0, x1 = 0, max(ep) + 1
    l0, l1 = min(loss) * 0.95, max(loss) * 1.02
    b0, b1 = 0, max(bleu) * 1.1
    X = lambda e: scale(e, x0, x1, L, W - R)
    YL = lambda v: scale(v, l0, l1, H - B, T)
    YB = lambda v: scale(v, b0, b1, H - B, T)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="sans-serif" font-size="12">' % (W, H, W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="22" font-size="14">Reference model: dev loss and dev BLEU per epoch</text>' % L,
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (L, H - B, W - R, H - B),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#1f77b4"/>' % (L, T, L, H - B),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#d62728"/>' % (W - R, T, W - R, H - B)]
    for e in range(x0, x1 + 1):
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (X(e), H - B + 16, e))
    out.append('<text x="%d" y="%d" text-anchor="middle">epoch</text>' % ((L + W - R) // 2, H - 12))
    for i in range(6):
        v = l0 + (l1 - l0) * i / 5
        out.append('<text x="%d" y="%.1f" text-anchor="end" fill="#1f77b4">%.2f</text>' % (L - 6, YL(v) + 4, v))
        v = b0 + (b1 - b0) * i / 5
        out.append('<text x="%d" y="%.1f" fill="#d62728">%.1f</text>' % (W - R + 6, YB(v) + 4, v))
    out.append('<text x="14" y="%d" fill="#1f77b4" transform="rotate(-90 14 %d)" text-anchor="middle">dev loss (1,030 verses)</text>' % ((T + H - B) // 2, (T + H - B) // 2))
    out.append('<text x="%d" y="%d" fill="#d62728" transform="rotate(90 %d %d)" text-anchor="middle">dev BLEU (300 verses)</text>' % (W - 14, (T + H - B) // 2, W - 14, (T + H - B) // 2))
    for ys, col in ((list(map(YL, loss)), "#1f77b4"), (list(map(YB, bleu)), "#d62728")):
        pts = " ".join("%.1f,%.1f" % (X(e), y) for e, y in zip(ep, ys))
        out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>' % (pts, col))
        out += ['<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (X(e), y, col) for e, y in zip(ep, ys)]
    out.append("</svg>")
    with open(dst, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
