#!/usr/bin/env python3
"""States found on the real layouts, by FC_A node type and by the aspect of the node's box.

RECOGNIZED: fa-recognize's JSON Lines; EXPECTED: compose_real_layouts.py's expected file
(its states carry "node" and "aspect"). A state is found when score_diagrams.py pairs it
with a recognised state (centre within the expected radius). Shows how much of the real
layouts' loss comes from ovals: the node outlines are redrawn as circles stretched to the
node's box, so a process box becomes a wide oval.
Python standard library only.

usage: score_states_by_shape.py RECOGNIZED EXPECTED
"""
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from score_diagrams import pair_states  # noqa: E402


def shape(aspect):
    a = max(aspect, 1 / aspect) if aspect > 0 else float("inf")
    return ("round (aspect ≤ 1.3)" if a <= 1.3 else "oval 1.3-2" if a <= 2
            else "oval 2-3" if a <= 3 else "oval > 3")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    with open(sys.argv[1], encoding="utf-8") as f:
        recognized = [json.loads(l) for l in f if l.strip()]
    with open(sys.argv[2], encoding="utf-8") as f:
        expected = [json.loads(l) for l in f if l.strip()]
    total, found = Counter(), Counter()
    for r, e in zip(recognized, expected):
        states = e["automaton"]["states"]
        pairs = pair_states(states, r.get("automaton", {}).get("states", []))
        for i, s in enumerate(states):
            for key in ("node " + s["node"], shape(s["aspect"])):
                total[key] += 1
                found[key] += i in pairs
    for key in sorted(total):
        print(f"{key:<22} {found[key]:>5}/{total[key]:<5} = "
              f"{100.0 * found[key] / total[key]:.1f}%")


if __name__ == "__main__":
    main()
