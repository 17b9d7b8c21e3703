#!/usr/bin/env python3
"""Each flowchart writer's elements, one at a time, in a small drawing: where a style fails.

The composed diagrams (compose_flowchart_diagrams.py) mix a writer's arrows, words, loop
heads and connector circles with crowding, so a writer who misses there may miss for any of
them. This probe places each element alone, in a drawing of two clean circles of radius 40
(R), and asks fa-recognize for the automaton the element should give:

  arrows      every arrow from q0 to q1 (place_fc_arrow, head at the composer's hand size),
              4 ways: straight, bowed 0.18, bowed -0.15 and turned, strokes shuffled in the
              last two. Right: one transition q0 -> q1 holding all the arrow's strokes.
  words       every word written 1.2 and 1.6 of its height beside a straight one-stroke
              arrow q0 -> q1. Right: the arrow is the only transition and every stroke
              of the word is rejected.
  loop heads  every arrow's head drawn apart at the end of a synthesised self-loop on q0 at
              3 angles away from the transition q0 -> q1. Right: one self-loop holding
              the arc and the head, and the transition.
  connectors  every connector circle as q1, at 8 turns, whole and (as the composer does)
              cut into two arcs, with a transition q0 -> q1 and an initial arrow into q1.
              Right: the transition and the initial arrow into the connector's state
              (its strokes may go to a head: only the automaton counts).
  open rounds every one-stroke connector circle as q1, at 8 turns, left open (the last
              15 % of its length not drawn, as some hands leave a round) and cut into two
              arcs; right as for connectors.

Prints, per writer, the failures of each kind over the placements. Seeded: the same run
gives the same counts. Python standard library only.

usage: probe_flowchart_elements.py [--writers dev|heldout|all|N[,N...]] [--fa-recognize PATH]
                                   [--model PATH] [--flowcharts DIR] [--show K]
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compose_diagrams as base  # noqa: E402
import compose_flowchart_diagrams as fc  # noqa: E402
from compose_diagrams import add, mul, norm, rot, sub  # noqa: E402

R = 40.0
OPENING = 0.15   # the share of an open round's ink (by length) left undrawn (open rounds)


def circle(center, start):
    return [(center[0] + R * math.cos(start + 2 * math.pi * i / 40),
             center[1] + R * math.sin(start + 2 * math.pi * i / 40)) for i in range(41)]


def straight_arrow(a, b):
    """A one-stroke arrow from a to b with a V head of 15 units."""
    d = sub(b, a)
    u = mul(1 / norm(d), d)
    left, right = rot(mul(-15, u), 0.5), rot(mul(-15, u), -0.5)
    return [a, b, add(b, left), b, add(b, right)]


def members(element):
    return sorted(element.get("strokes", [element["stroke"]]))


def arrow_probes(writer_arrows):
    for k, arrow in enumerate(writer_arrows):
        for variant, (bend, turn) in enumerate([(0, 0), (0.18, 1.1), (-0.15, 2.5), (0.05, 4.0)]):
            a = add((300, 250), rot((-150, 0), turn))
            b = add((300, 250), rot((150, 0), turn))
            u = mul(1 / norm(sub(b, a)), sub(b, a))
            start, tip = add(a, mul(R + 5, u)), add(b, mul(-R - 5, u))
            head = max(8.0, min(0.18 * norm(sub(tip, start)), 0.6 * R + 6))
            rng = random.Random(k * 7 + variant)
            placed, _ = fc.place_fc_arrow(rng, [arrow], start, tip, head, bend)
            if variant >= 2:
                rng.shuffle(placed)
            strokes = [circle(a, 1.0), circle(b, 2.0)] + placed
            want = list(range(2, len(strokes)))

            def right(result, want=want):
                states = {e["stroke"]: e.get("state") for e in result["elements"]
                          if e["role"] in ("state", "final")}
                moves = [e for e in result["elements"] if e["role"] == "transition"]
                return (len(moves) == 1 and members(moves[0]) == want
                        and states.get(0) is not None
                        and moves[0].get("from") == states.get(0)
                        and moves[0].get("to") == states.get(1))
            yield f"arrow {k} way {variant}", strokes, right


def word_probes(writer_words):
    for k, word in enumerate(writer_words):
        for height, offset in ((16, 1.2), (22, 1.6)):
            strokes = [circle((150, 250), 1.0), circle((450, 250), 2.0),
                       straight_arrow((195, 250), (405, 250))]
            strokes += fc.place_strokes(word, (300, 250 - offset * height), height, 0.0)

            def right(result):
                moves = [e for e in result["elements"] if e["role"] == "transition"]
                return (len(moves) == 1 and members(moves[0]) == [2] and all(
                    e["role"] == "rejected" for e in result["elements"] if members(e)[0] >= 3))
            yield f"word {k} at {offset}", strokes, right


def loop_head_probes(heads):
    for k, hd in enumerate(heads):
        for variant, angle in enumerate((-1.57, 1.2, 2.6)):
            rng = random.Random(k * 10 + variant)
            loop, _ = base.synth_loop(rng, (300, 250), R, angle)
            arc = loop[:40]
            placed = fc.head_at_end(hd, arc, 0.35 * R * rng.uniform(0.8, 1.3))
            strokes = [circle((300, 250), 1.0), circle((520, 250), 2.0),
                       straight_arrow((345, 250), (475, 250)), arc] + placed
            want = list(range(3, len(strokes)))

            def right(result, want=want):
                loops = [e for e in result["elements"] if e["role"] == "cycle"]
                return (len(loops) == 1 and members(loops[0]) == want
                        and sum(e["role"] == "transition" for e in result["elements"]) == 1)
            yield f"loop head {k} angle {variant}", strokes, right


def connector_probes(connections, opened=False):
    for k, conn in enumerate(connections):
        if opened and len(conn) != 1:
            continue
        for variant in range(8 if opened else 16):
            rng = random.Random(variant)
            state = fc.place_connection(conn, (450, 250), R, variant * 2 * math.pi / 8)
            if opened:
                state = [base.trim(state[0], 1 - OPENING)]
            if (variant >= 8 or opened) and len(state) == 1:
                state = list(fc.cut_in_two(rng, state[0]) or state)
            strokes = [circle((150, 250), 1.0), straight_arrow((195, 250), (405, 250)),
                       straight_arrow((450, 140), (450, 205))] + state

            def right(result):
                names = {}
                for e in result["elements"]:
                    if e["role"] in ("state", "final"):
                        for x in members(e):
                            names[x] = e.get("state")
                target = names.get(3) or names.get(4)
                moves = [e for e in result["elements"] if e["role"] == "transition"]
                starts = [e for e in result["elements"] if e["role"] == "initial"]
                return (len(set(names.values())) == 2 and target is not None
                        and len(moves) == 1 and moves[0].get("to") == target
                        and moves[0].get("from") == names.get(0)
                        and len(starts) == 1 and starts[0].get("to") == target)
            yield f"connector {k} turn {variant % 8}" + (" open" if opened else "") \
                + (" in arcs" if variant >= 8 or opened else ""), strokes, right


def recognise(tool, model, probes):
    """(name, right?) for each probe, from one fa-recognize run over them all."""
    if not probes:
        return []
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "probes.jsonl")
        with open(path, "w") as f:
            for _, strokes, _ in probes:
                f.write(json.dumps({"strokes": [[{"x": round(x, 2), "y": round(y, 2)}
                                                  for x, y in s] for s in strokes]}) + "\n")
        command = [tool] + (["--model", model] if model else []) + [path]
        out = subprocess.run(command, capture_output=True, text=True)
        lines = out.stdout.splitlines()
        if len(lines) != len(probes):
            sys.exit(f"fa-recognize gave {len(lines)} results for {len(probes)} drawings: "
                     f"{out.stderr.strip()}")
    results = [json.loads(line) for line in lines]
    return [(name, plain(result) and right(result))
            for (name, _, right), result in zip(probes, results)]


def plain(result):
    """Every probe draws two states, neither final."""
    states = result["automaton"]["states"]
    return len(states) == 2 and not any(s["final"] for s in states)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--writers", default="dev")
    ap.add_argument("--fa-recognize", default=os.path.join(HERE, "..", "..", ".build", "release",
                                                           "fa-recognize"))
    ap.add_argument("--model")
    ap.add_argument("--flowcharts", default=fc.FLOWCHARTS)
    ap.add_argument("--show", type=int, default=0, help="list up to K failures per writer")
    args = ap.parse_args()
    if not os.path.isdir(args.flowcharts):
        sys.exit(f"needs {args.flowcharts} (the FC_A flowcharts; see its README)")
    if not os.access(args.fa_recognize, os.X_OK):
        sys.exit(f"no fa-recognize at {args.fa_recognize}: swift build -c release "
                 "--product fa-recognize, or give --fa-recognize PATH")
    chosen = {"dev": fc.DEV_WRITERS, "heldout": fc.HELDOUT_WRITERS,
              "all": sorted(fc.DEV_WRITERS + fc.HELDOUT_WRITERS)}.get(args.writers)
    if chosen is None:
        try:
            chosen = [int(w) for w in args.writers.split(",")]
        except ValueError:
            sys.exit("--writers is dev, heldout, all or writer numbers (e.g. 28 or 5,23)")
    kinds = ("arrows", "words", "loop heads", "connectors", "open rounds")
    print(f"{'writer':<7}" + "".join(f"{k:>16}" for k in kinds))
    for writer in chosen:
        arrows, connections, words = fc.load_flowcharts(args.flowcharts, str(writer))
        print(f"writer {writer}: probing", file=sys.stderr)
        results = [recognise(args.fa_recognize, args.model, list(make))
                   for make in (arrow_probes(arrows), word_probes(words),
                                loop_head_probes(fc.head_shapes(arrows)),
                                connector_probes(connections),
                                connector_probes(connections, opened=True))]
        cells = [f"{sum(not ok for _, ok in r)}/{len(r)}" for r in results]
        print(f"{writer:<7}" + "".join(f"{c:>16}" for c in cells))
        failed = [name for r in results for name, ok in r if not ok]
        for name in failed[:args.show]:
            print(f"    missed: {name}")


if __name__ == "__main__":
    main()
