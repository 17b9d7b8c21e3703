"""Fits the head-offer model (StrokeGrouping+HeadOfferModel.swift): a network of one hidden
layer of rectified units giving the log-odds that a head offer is right, trained on the
offers listed by grouping-features (full-batch Adam on the mean cross-entropy, a little
L2 on the weights; seeded, so a seed reproduces the weights exactly). Writes the weights as
the Swift source of `HeadOfferWeights` to stdout, the inputs' standardisation folded into
the hidden layer; reports to stderr how often a head offered to several shafts has its
right one ranked first, on the training sets and on the test sets.

usage: fit_head_offers.py --train SET... --test SET... [--hidden 12] [--l2 0.003] [--seed 1]
       (SET: path prefix of SET.drawings.jsonl, SET.expected.jsonl and SET.offers)
"""
import argparse
import json
import math
import os
import sys
from collections import defaultdict

# One thread: the sums, and so the weights, come out the same on every run.
for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[name] = "1"
import numpy as np  # noqa: E402

ARROWS = ("arrow", "initial", "loop")


def extent(points):
    xs = [p["x"] for p in points]
    ys = [p["y"] for p in points]
    return math.hypot(max(xs) - min(xs), max(ys) - min(ys))


def labelled(prefix):
    """(key, right, inputs) per offer; key = (prefix, drawing, head). An offer is right
    when head and shaft are strokes of one drawn arrow, the shaft its longest stroke."""
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


def loss_and_gradients(params, z, y, l2):
    """The mean cross-entropy of the network (params: hidden weights, hidden biases, output
    weights, output bias) on standardised inputs z and labels y, plus l2/2 times the
    squared weights, and its gradient with respect to each parameter."""
    w1, b1, w2, b2 = params
    pre = z @ w1.T + b1
    h = np.maximum(pre, 0)
    logit = np.clip(h @ w2 + b2[0], -30, 30)
    p = 1 / (1 + np.exp(-logit))
    loss = float(np.mean(np.logaddexp(0, logit) - y * logit)
                 + l2 / 2 * (np.sum(w1 * w1) + np.sum(w2 * w2)))
    d_out = (p - y) / len(y)                       # d loss / d logit
    d_pre = np.outer(d_out, w2) * (pre > 0)
    grads = [d_pre.T @ z + l2 * w1, d_pre.sum(axis=0), h.T @ d_out + l2 * w2,
             np.array([d_out.sum()])]
    return loss, grads


def check_gradients(seed=0, epsilon=1e-6):
    """The largest relative difference between `loss_and_gradients`' gradient and central
    finite differences, on a small random network and data."""
    rng = np.random.default_rng(seed)
    z = rng.normal(size=(40, 6))
    y = (rng.random(40) < 0.5).astype(float)
    params = [rng.normal(size=(5, 6)), rng.normal(size=5), rng.normal(size=5),
              rng.normal(size=1)]
    _, grads = loss_and_gradients(params, z, y, 0.1)
    worst = 0.0
    for param, grad in zip(params, grads):
        for i in np.ndindex(param.shape):
            keep = param[i]
            param[i] = keep + epsilon
            up, _ = loss_and_gradients(params, z, y, 0.1)
            param[i] = keep - epsilon
            down, _ = loss_and_gradients(params, z, y, 0.1)
            param[i] = keep
            numeric = (up - down) / (2 * epsilon)
            worst = max(worst, abs(numeric - grad[i]) / max(1e-8, abs(numeric) + abs(grad[i])))
    return worst


def fit(x, y, hidden, seed, l2, steps=3000, rate=0.01):
    """The network's weights in the inputs' own units: (hidden, hidden bias, output, output
    bias). Full-batch Adam from seeded He-initialised weights."""
    mean = x.mean(axis=0)
    sd = x.std(axis=0)
    sd[sd == 0] = 1.0
    z = (x - mean) / sd
    rng = np.random.default_rng(seed)
    params = [rng.normal(0, math.sqrt(2 / z.shape[1]), (hidden, z.shape[1])), np.zeros(hidden),
              rng.normal(0, math.sqrt(1 / hidden), hidden), np.zeros(1)]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    for step in range(1, steps + 1):
        _, grads = loss_and_gradients(params, z, y, l2)
        for k, (param, grad) in enumerate(zip(params, grads)):
            m, v = moments[k]
            m[:] = 0.9 * m + 0.1 * grad
            v[:] = 0.999 * v + 0.001 * grad * grad
            param -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    w1, b1, w2, b2 = params
    return w1 / sd, b1 - (w1 / sd) @ mean, w2, float(b2[0])


def logits(weights, x):
    w1, b1, w2, b2 = weights
    return np.maximum(x @ w1.T + b1, 0) @ w2 + b2


def first_right(rows, scores):
    """Of the heads offered to several shafts, one of them right: how many rank it first."""
    by_head = defaultdict(list)
    for (key, right, _), score in zip(rows, scores):
        by_head[key].append((score, right))
    contested = [v for v in by_head.values() if len(v) > 1 and any(r for _, r in v)]
    return sum(max(v)[1] for v in contested), len(contested)


def cross_entropy(y, scores):
    p = 1 / (1 + np.exp(-np.clip(scores, -30, 30)))
    return float(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))


def swift(weights, name, summary, generator):
    """The Swift source of `name`, an enum holding the fitted network as a `SmallNetwork`
    (`summary`: its doc comment's lines; `generator`: what wrote it)."""
    w1, b1, w2, b2 = weights
    def row(values):
        return "[" + ", ".join(f"{v:.6g}" for v in values) + "]"
    lines = [f"// Generated by {generator}: do not edit.", ""]
    lines += [f"/// {line}" for line in summary]
    lines += [f"enum {name} {{", "    static let network = SmallNetwork(", "        hidden: ["]
    lines += [f"            {row(r)}," for r in w1]
    lines += ["        ],", f"        hiddenBias: {row(b1)},", f"        output: {row(w2)},",
              f"        outputBias: {b2:.6g})", "}"]
    return "\n".join(lines) + "\n"


def arguments(description, hidden):
    """The fitting scripts' command line: --train SET..., --test SET..., --hidden (default
    `hidden`), --l2, --seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--train", nargs="+", required=True)
    parser.add_argument("--test", nargs="*", default=[])
    parser.add_argument("--hidden", type=int, default=hidden)
    parser.add_argument("--l2", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def matrices(rows):
    """The inputs and the labels (1 right, 0 wrong) of labelled rows (key, right, inputs)."""
    return (np.array([r[2] for r in rows]), np.array([1.0 if r[1] else 0.0 for r in rows]))


def fit_and_test(args, labelled, noun, script, report):
    """The weights fitted (`checked_fit`) on the rows `labelled` lists for the command
    line's training sets, and how many rows there were; `report(name, rows, x, y, scores)`
    is called for the training sets and for the test sets, if any."""
    train = [row for prefix in args.train for row in labelled(prefix)]
    x, y = matrices(train)
    print(f"{len(train)} {noun}, {int(y.sum())} right", file=sys.stderr)
    weights = checked_fit(x, y, args, script)
    for name, prefixes in (("train", args.train), ("test", args.test)):
        rows = [row for prefix in prefixes for row in labelled(prefix)]
        if rows:
            xs, ys = matrices(rows)
            report(name, rows, xs, ys, logits(weights, xs))
    return weights, len(train)


def checked_fit(x, y, args, script):
    """`fit` with the command line's settings, once the gradient has been checked against
    finite differences (`script` names the caller in the message if it is not)."""
    worst = check_gradients()
    if worst > 1e-6:
        sys.exit(f"{script}: the gradient differs from finite differences by {worst:.2g}")
    print(f"gradient check: largest relative difference {worst:.1e}", file=sys.stderr)
    return fit(x, y, args.hidden, args.seed, args.l2)


def main():
    # (12 units and 0.003: the best of the sizes 4-16 and L2 1e-4 to 1e-2 tried, each
    # fitted on ten dev writers' one-writer sets and tested on the eleventh in turn.)
    args = arguments(__doc__.split("\n")[0], hidden=12)

    # (gap + lateral offset, inputs 0 and 1: how offers were ranked before any model.)
    def report(name, rows, x, y, scores):
        plain, model = first_right(rows, -(x[:, 0] + x[:, 1])), first_right(rows, scores)
        print(f"{name}: contested heads ranked right first: gap + lateral "
              f"{plain[0]}/{plain[1]}, model {model[0]}/{model[1]}; "
              f"cross-entropy {cross_entropy(y, scores):.4f}", file=sys.stderr)
    weights, count = fit_and_test(args, labelled, "offers", "fit_head_offers", report)
    print(swift(weights, "HeadOfferWeights",
                ["The head-offer model (`StrokeGrouping.headOfferLogit`): the log-odds that an offer is",
                 "right from `OfferFeatures.inputs`."],
                f"Lab/scripts/fit-grouping-models (fit_head_offers.py --hidden {args.hidden} "
                f"--l2 {args.l2:g} --seed {args.seed}, {count} offers)"), end="")


if __name__ == "__main__":
    main()
