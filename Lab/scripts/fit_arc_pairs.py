"""Fits the arc-pair model (StrokeGrouping+ArcPairModel.swift): a network of one hidden layer
of rectified units giving the log-odds that two strokes are one round drawn in two arcs,
trained on the pairs listed by `grouping-features --arcs` (as fit_head_offers.py: full-batch
Adam on the mean cross-entropy, a little L2; seeded). A pair is right when both strokes are
in one drawn state or final state's other circle. Writes the Swift source of
`ArcPairWeights` to stdout; reports to stderr how many pairs it gets right at log-odds 0, on
the training sets and on the test sets.

usage: fit_arc_pairs.py --train SET... --test SET... [--hidden 8] [--l2 0.003] [--seed 1]
       (SET: path prefix of SET.drawings.jsonl, SET.expected.jsonl and SET.arcs)
"""
import json
import sys

from fit_head_offers import arguments, cross_entropy, fit_and_test, swift

ROUNDS = ("state", "ring")


def labelled(prefix):
    """(key, right, inputs) per pair; key = (prefix, drawing, first stroke). Right when both
    strokes are in one drawn round (none is in a drawing of the $1 composer, whose expected
    groups are not listed)."""
    expected = [json.loads(line) for line in open(prefix + ".expected.jsonl")]
    round_of = []   # per drawing: stroke -> its round group's number
    for e in expected:
        mine = {}
        for k, g in enumerate(e.get("groups", [])):   # ($1 diagrams: no round in arcs)
            if g["kind"] in ROUNDS:
                for s in g["strokes"]:
                    mine[s] = k
        round_of.append(mine)
    rows = []
    for line in open(prefix + ".arcs"):
        fields = line.split()
        drawing, a, b = int(fields[0]), int(fields[1]), int(fields[2])
        mine = round_of[drawing]
        rows.append(((prefix, drawing, a), a in mine and mine.get(a) == mine.get(b),
                     [float(x) for x in fields[3:]]))
    return rows


def main():
    args = arguments(__doc__.split("\n")[0], hidden=8)

    def report(name, rows, x, y, scores):
        taken = scores >= 0
        print(f"{name}: {len(rows)} pairs, {int(y.sum())} right; at log-odds 0 taken "
              f"{int((taken & (y == 1)).sum())} right and {int((taken & (y == 0)).sum())} wrong; "
              f"cross-entropy {cross_entropy(y, scores):.4f}", file=sys.stderr)
    weights, count = fit_and_test(args, labelled, "pairs", "fit_arc_pairs", report)
    print(swift(weights, "ArcPairWeights",
                ["The arc-pair model (`StrokeGrouping.arcPairLogit`): the log-odds that two arcs are",
                 "one round from `ArcPairFeatures.inputs`."],
                f"Lab/scripts/fit-grouping-models (fit_arc_pairs.py --hidden {args.hidden} "
                f"--l2 {args.l2:g} --seed {args.seed}, {count} pairs)"), end="")


if __name__ == "__main__":
    main()
