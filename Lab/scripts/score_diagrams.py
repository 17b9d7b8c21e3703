#!/usr/bin/env python3
"""Score fa-recognize output against the automata compose_diagrams.py intended.

RECOGNIZED: fa-recognize's JSON Lines (FORMATS.md §2), one object per drawing, in order.
EXPECTED:   compose_diagrams.py's expected file, same order.

A drawing is an exact match when, after renaming the recognised states by position (each
expected state is paired with the recognised state whose centre is nearest to its own,
within the expected radius, one to one), the states, their initial/final flags and the
multiset of transitions (from, to, sorted symbols, epsilon) are all identical.
Prints the percentage of exact matches, the same ignoring transition labels (geometry and
assembly alone), and a breakdown; --verbose lists the misses.

When the expected file lists "groups" (compose_flowchart_diagrams.py), it also prints:
  - arrow grouping: drawn arrows (transitions and initial arrows) whose strokes all lie in
    one recognised element (FORMATS.md §2 "strokes");
  - transition direction: of the drawn transitions recognised as a transition between the
    two right states (either way round), the share pointing the right way;
  - stray words rejected: handwritten words whose every stroke is a `rejected` element of
    its own;
  - multi-stroke states and loops grouped: the same as arrow grouping, for states (or
    rings) drawn in several arcs and loops with a separate head.
Python standard library only.

usage: score_diagrams.py RECOGNIZED EXPECTED [--verbose]

Pipeline:
  Lab/scripts/compose_diagrams.py --count 200 --seed 1 drawings.jsonl expected.jsonl
  fa-recognize drawings.jsonl > recognized.jsonl          # the real classifier, or:
  Lab/Sources/assemble-true-classes (see its header)      # true classes, geometry only
  Lab/scripts/score_diagrams.py recognized.jsonl expected.jsonl
"""
import argparse
import json
import math
import sys
from collections import Counter


def pair_states(expected_states, recognized_states):
    """{expected index: recognised id}, greedy on centre distance within the radius."""
    options = []
    for i, e in enumerate(expected_states):
        for r in recognized_states:
            d = math.hypot(e["center"]["x"] - r["center"]["x"],
                           e["center"]["y"] - r["center"]["y"])
            if d <= e["radius"]:
                options.append((d, i, r["id"]))
    options.sort()
    pairs, used = {}, set()
    for _, i, rid in options:
        if i not in pairs and rid not in used:
            pairs[i] = rid
            used.add(rid)
    return pairs


def without_labels(document):
    """The same automaton with every transition's symbols and ε flag removed."""
    copy = json.loads(json.dumps(document))
    for t in copy.get("automaton", {}).get("transitions", []):
        t["symbols"], t["epsilon"] = [], False
    return copy


def compare(recognized, expected):
    """A list of differences (empty when the automata match exactly)."""
    e_auto, r_auto = expected["automaton"], recognized.get("automaton", {})
    e_states, r_states = e_auto["states"], r_auto.get("states", [])
    problems = []
    pairs = pair_states(e_states, r_states)
    if len(r_states) != len(e_states):
        problems.append(f"{len(r_states)} states recognised, {len(e_states)} drawn")
    for i in range(len(e_states)):
        if i not in pairs:
            problems.append(f"state {i} not found")
    by_id = {s["id"]: s for s in r_states}
    for i, rid in pairs.items():
        for flag in ("initial", "final"):
            if bool(by_id[rid].get(flag)) != bool(e_states[i][flag]):
                problems.append(f"state {i} ({rid}) {flag} should be {e_states[i][flag]}")
    name = {i: rid for i, rid in pairs.items()}
    want = Counter((name.get(t["from"], f"?{t['from']}"), name.get(t["to"], f"?{t['to']}"),
                    tuple(sorted(t["symbols"])), bool(t["epsilon"]))
                   for t in e_auto["transitions"])
    got = Counter((t["from"], t["to"], tuple(sorted(t.get("symbols", []))),
                   bool(t.get("epsilon"))) for t in r_auto.get("transitions", []))
    for t in (want - got).elements():
        problems.append(f"missing transition {t}")
    for t in (got - want).elements():
        problems.append(f"extra transition {t}")
    return problems, pairs, want, got


def grouping(recognized, expected, pairs):
    """Counts for the group metrics of one drawing (see the module docstring)."""
    element_of = {}
    elements = recognized.get("elements", [])
    for k, e in enumerate(elements):
        for stroke in e.get("strokes", [e.get("stroke")]):
            element_of[stroke] = k
    c = Counter()
    for g in expected.get("groups", []):
        owners = {element_of.get(s) for s in g["strokes"]}
        whole = len(owners) == 1 and None not in owners
        kind = g["kind"]
        if kind in ("arrow", "initial"):
            c["arrows"] += 1
            c["arrows grouped"] += whole
            if kind == "arrow" and whole:
                e = elements[owners.pop()]
                want = (pairs.get(g["from"]), pairs.get(g["to"]))
                got = (e.get("from"), e.get("to"))
                if e.get("role") == "transition" and None not in want and \
                        set(got) == set(want) and want[0] != want[1]:
                    c["directed"] += 1
                    c["direction right"] += got == want
        elif kind == "word":
            c["words"] += 1
            c["words rejected"] += all(
                element_of.get(s) is not None
                and elements[element_of[s]].get("role") == "rejected"
                and len(elements[element_of[s]].get("strokes", [s])) == 1
                for s in g["strokes"])
        elif len(g["strokes"]) > 1:
            c["multi " + kind] += 1
            c["multi " + kind + " grouped"] += whole
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("recognized")
    ap.add_argument("expected")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    with open(args.recognized, encoding="utf-8") as f:
        recognized = [json.loads(l) for l in f if l.strip()]
    with open(args.expected, encoding="utf-8") as f:
        expected = [json.loads(l) for l in f if l.strip()]
    if len(recognized) != len(expected):
        print(f"warning: {len(recognized)} recognised drawings for {len(expected)} expected",
              file=sys.stderr)
    exact = structure = states_total = states_found = flags_ok = 0
    trans_total = trans_found = trans_extra = 0
    kinds = Counter()
    groups = Counter()
    for k, (r, e) in enumerate(zip(recognized, expected)):
        problems, pairs, want, got = compare(r, e)
        groups += grouping(r, e, pairs)
        exact += not problems
        structure += not compare(without_labels(r), without_labels(e))[0]
        states_total += len(e["automaton"]["states"])
        states_found += len(pairs)
        flags_ok += len(pairs) - sum(1 for p in problems if " should be " in p)
        trans_total += sum(want.values())
        trans_found += sum((want & got).values())
        trans_extra += sum((got - want).values())
        for p in problems:
            kinds[p.split(" (")[0].split(" should")[0].rsplit(" ", 1)[0]
                  if p.startswith("state") else p.split(" (")[0]] += 1
        if problems and args.verbose:
            print(f"drawing {k}: " + "; ".join(problems))
    n = min(len(recognized), len(expected))
    pct = lambda a, b: 100.0 * a / b if b else 0.0
    # Stray scribbles (no element): rejected when fa-recognize gave them the role
    # "rejected" (classified as other, unlike every class, or fitting nothing).
    strays = strays_rejected = 0
    for r, e in zip(recognized, expected):
        roles = {el.get("stroke"): el.get("role") for el in r.get("elements", [])}
        for index, kind in enumerate(e.get("classes", [])):
            if kind == "scribble":
                strays += 1
                strays_rejected += roles.get(index) == "rejected"
    print(f"exact automata: {exact}/{n} = {pct(exact, n):.1f}%  "
          f"(ignoring labels: {pct(structure, n):.1f}%)")
    print(f"states found: {pct(states_found, states_total):.1f}%  "
          f"flags right: {pct(flags_ok, states_total):.1f}%  "
          f"transitions found: {pct(trans_found, trans_total):.1f}%  "
          f"extra transitions: {trans_extra}")
    if strays:
        print(f"stray strokes rejected: {strays_rejected}/{strays} = "
              f"{pct(strays_rejected, strays):.1f}%")
    ambiguous = [k for k, e in enumerate(expected[:n]) if e.get("ambiguousLabels")]
    if ambiguous:
        missed = sum(1 for k in ambiguous if compare(recognized[k], expected[k])[0])
        print(f"drawings where the composer found no unambiguous label spot: {len(ambiguous)} "
              f"({missed} of them missed)")
    if groups:
        print(f"arrow grouping: {groups['arrows grouped']}/{groups['arrows']} = "
              f"{pct(groups['arrows grouped'], groups['arrows']):.1f}%  "
              f"transition direction: {groups['direction right']}/{groups['directed']} = "
              f"{pct(groups['direction right'], groups['directed']):.1f}%  "
              f"stray words rejected: {groups['words rejected']}/{groups['words']} = "
              f"{pct(groups['words rejected'], groups['words']):.1f}%")
        multi = [k[len("multi "):] for k in groups if k.startswith("multi ")
                 and not k.endswith(" grouped")]
        if multi:
            print("multi-stroke " + ", ".join(
                f"{k}s grouped: {groups['multi ' + k + ' grouped']}/{groups['multi ' + k]}"
                for k in sorted(multi)))
    if kinds:
        print("misses by kind: " + ", ".join(f"{k} ×{v}" for k, v in kinds.most_common()))


if __name__ == "__main__":
    main()
