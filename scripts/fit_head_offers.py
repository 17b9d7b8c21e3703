"""Fits the head-offer model's weights: a logistic regression (Newton's method, a little L2)
of whether a head offer is right, on the offers listed by head-offer-features.

usage: fit_head_offers.py SET...   (SET: path prefix of SET.drawings.jsonl,
                                    SET.expected.jsonl and SET.offers)
"""
import json
import math
import sys
from collections import defaultdict

ARROWS = ("arrow", "initial", "loop")


def extent(points):
    xs = [p["x"] for p in points]
    ys = [p["y"] for p in points]
    return math.hypot(max(xs) - min(xs), max(ys) - min(ys))


def labelled(prefix):
    """(key, right, inputs) per offer; key = (prefix, drawing, head)."""
    drawings = [json.loads(line) for line in open(prefix + ".drawings.jsonl")]
    expected = [json.loads(line) for line in open(prefix + ".expected.jsonl")]
    shaft_of = []   # per drawing: stroke -> the shaft of its drawn arrow
    for d, e in zip(drawings, expected):
        mine = {}
        for g in e["groups"]:
            if g["kind"] in ARROWS:
                shaft = max(g["strokes"], key=lambda k: extent(d["strokes"][k]))
                for k in g["strokes"]:
                    mine[k] = shaft
        shaft_of.append(mine)
    rows = []
    for line in open(prefix + ".offers"):
        fields = line.split()
        drawing, head, shaft = int(fields[0]), int(fields[1]), int(fields[2])
        right = shaft_of[drawing].get(head) == shaft and head != shaft
        rows.append(((prefix, drawing, head), right, [float(x) for x in fields[4:]]))
    return rows


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(rows, l2=1e-3, iterations=30):
    """Weights in the inputs' own units (the inputs are standardised while fitting)."""
    n = len(rows[0][2])
    cols = list(zip(*[r[2] for r in rows]))
    mean = [sum(c) / len(c) for c in cols]
    sd = [math.sqrt(sum((x - mu) ** 2 for x in c) / len(c)) or 1.0 for c, mu in zip(cols, mean)]
    mean[0], sd[0] = 0.0, 1.0  # the constant input
    z = [[(x - mu) / s for x, mu, s in zip(r[2], mean, sd)] for r in rows]
    y = [1.0 if r[1] else 0.0 for r in rows]
    w = [0.0] * n
    for _ in range(iterations):
        grad = [l2 * wi for wi in w]
        hess = [[l2 if i == j else 0.0 for j in range(n)] for i in range(n)]
        for zi, yi in zip(z, y):
            t = sum(a * b for a, b in zip(w, zi))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, t))))
            g, h = (p - yi) / len(z), p * (1 - p) / len(z)
            for i in range(n):
                grad[i] += g * zi[i]
                hz = h * zi[i]
                row = hess[i]
                for j in range(i, n):
                    row[j] += hz * zi[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(g) for g in grad) < 1e-9:
            break
    raw = [wi / s for wi, s in zip(w, sd)]
    raw[0] = w[0] - sum(wi * mu / s for wi, mu, s in zip(w, mean, sd))
    return raw


def first_right(rows, score):
    """Of the heads offered to several shafts, one of them right: how many rank it first."""
    by_head = defaultdict(list)
    for key, right, inputs in rows:
        by_head[key].append((score(inputs), right))
    contested = [v for v in by_head.values() if len(v) > 1 and any(r for _, r in v)]
    return sum(max(v)[1] for v in contested), len(contested)


def main():
    rows = [row for prefix in sys.argv[1:] for row in labelled(prefix)]
    print(f"{len(rows)} offers, {sum(r[1] for r in rows)} right", file=sys.stderr)
    w = fit(rows)
    # (Before the model, offers ranked by gap + lateral offset: inputs 1 and 2.)
    before = first_right(rows, lambda x: -(x[1] + x[2]))
    after = first_right(rows, lambda x: sum(a * b for a, b in zip(w, x)))
    print(f"contested heads ranked right first: gap + lateral {before[0]}/{before[1]}, "
          f"model {after[0]}/{after[1]}")
    print("static let headOfferWeights: [Double] = [")
    for i in range(0, len(w), 10):
        print("    " + " ".join(f"{x:.4f}," for x in w[i:i + 10]))
    print("]")


if __name__ == "__main__":
    main()
