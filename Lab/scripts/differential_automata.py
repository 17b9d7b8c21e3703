#!/usr/bin/env python3
"""Compares fa-automaton (batch mode) with automata-lib on seeded random ε-NFAs.

Each case: a random ε-NFA A (1-12 states, alphabet of 1-3 symbols from "abc", random
nondeterminism, ε-moves and final states, initial state s0), random words (lengths 0-12),
a partner B (even cases: equivalent by construction, automata-lib's minimal DFA of A or
A reversed twice; odd cases: A mutated, or a fresh random NFA) and a random regular
expression R. Checked against automata-lib 9.2:
  - acceptance of every word by our ε-NFA simulation, subset DFA and minimal DFA;
  - our minimal complete DFA's state count = automata-lib's (from_nfa, to_complete, minify);
  - our verdict "A ≡ B" = automata-lib's NFA equality; a counterexample is accepted by
    exactly the side we name; on the first --brute cases, it equals the shortlex-first
    difference found by brute force over all words up to length 10 (in fa-automaton);
  - our regex of A, read back by automata-lib, is A's language; Thompson(R) accepts the
    words automata-lib's NFA for R accepts; regex(Thompson(R)) is R's language by
    automata-lib, and by our own round trip.
  --write-sample N writes the first N cases with automata-lib's answers as JSON for the
  Swift test suite (Tests/AutomatonOperationsTests/Resources/differential-sample.json).
"""

import argparse
import collections
import multiprocessing
import json
import random
import subprocess
import sys
import threading
import time

from automata.fa.dfa import DFA
from automata.fa.nfa import NFA


# Our expressions longer than this are checked by our own round trip only (automata-lib's
# from_regex takes seconds on them).
PEER_REGEX_LENGTH = 2000


def random_nfa(rng, symbols):
    n = rng.randint(1, 12)
    density = rng.uniform(0.1, 0.9)
    eps = rng.uniform(0.0, 0.3)
    final = rng.uniform(0.1, 0.5)
    states = [f"s{i}" for i in range(n)]
    transitions = {}
    for s in states:
        for a in symbols:
            while rng.random() < density * 0.7:
                transitions.setdefault((s, rng.choice(states)), set()).add(a)
                if rng.random() < 0.5:
                    break
        while rng.random() < eps:
            transitions.setdefault((s, rng.choice(states)), set()).add("")
    finals = {s for s in states if rng.random() < final}
    return states, transitions, finals


def to_json(states, transitions, finals, initial="s0"):
    return {
        "states": [{"id": s, "initial": s == initial, "final": s in finals} for s in states],
        "transitions": [
            {"from": f, "to": t, "symbols": sorted(x for x in syms if x), "epsilon": "" in syms}
            for (f, t), syms in sorted(transitions.items())
        ],
    }


def to_lib(states, transitions, finals, symbols, initial="s0"):
    table = {s: {} for s in states}
    for (f, t), syms in transitions.items():
        for a in syms:
            table[f].setdefault(a, set()).add(t)
    return NFA(states=set(states), input_symbols=set(symbols), transitions=table,
               initial_state=initial, final_states=set(finals))


def from_lib(nfa):
    """An automata-lib NFA or DFA as our (states, transitions, finals, initial)."""
    names = {s: f"s{i}" for i, s in enumerate(sorted(nfa.states, key=repr))}
    transitions = {}
    for s, row in nfa.transitions.items():
        for a, targets in row.items():
            for t in (targets if isinstance(targets, (set, frozenset)) else {targets}):
                transitions.setdefault((names[s], names[t]), set()).add(a)
    return (list(names.values()), transitions, {names[s] for s in nfa.final_states},
            names[nfa.initial_state])


def mutate(rng, states, transitions, finals, symbols):
    transitions = {k: set(v) for k, v in transitions.items()}
    finals = set(finals)
    kind = rng.randrange(3)
    if kind == 0:
        finals ^= {rng.choice(states)}
    elif kind == 1 or not transitions:
        transitions.setdefault((rng.choice(states), rng.choice(states)), set()).add(rng.choice(symbols))
    else:
        key = rng.choice(sorted(transitions))
        del transitions[key]
    return states, transitions, finals


def random_regex(rng, symbols, depth=0):
    """A random expression as (ours, automata-lib's) text."""
    r = rng.random()
    if depth >= 4 or r < 0.3:
        if rng.random() < 0.05:
            return "ε", "()"
        a = rng.choice(symbols)
        return a, a
    if r < 0.55:
        parts = [random_regex(rng, symbols, depth + 1) for _ in range(rng.randint(2, 3))]
        return "".join(p[0] for p in parts), "".join(p[1] for p in parts)
    if r < 0.75:
        parts = [random_regex(rng, symbols, depth + 1) for _ in range(rng.randint(2, 3))]
        return ("(" + "|".join(p[0] for p in parts) + ")",
                "(" + "|".join(p[1] for p in parts) + ")")
    op = rng.choice("*+?")
    inner = random_regex(rng, symbols, depth + 1)
    return "(" + inner[0] + ")" + op, "(" + inner[1] + ")" + op


def lib_regex_nfa(ours, symbols):
    """automata-lib's NFA for one of our expressions (ε and ∅ appear only whole)."""
    if ours == "∅":
        return NFA(states={0}, input_symbols=set(symbols), transitions={0: {}},
                   initial_state=0, final_states=set())
    return NFA.from_regex(ours.replace("ε", "()"), input_symbols=set(symbols))


def make_case(rng, index, brute_cases):
    k = rng.randint(1, 3)
    symbols = list("abc"[:k])
    a = random_nfa(rng, symbols)
    lib_a = to_lib(*a, symbols)
    if index % 2 == 0:
        if index % 4 == 0:
            b = from_lib(DFA.from_nfa(lib_a))
        else:
            b = from_lib(lib_a.reverse().reverse())
    elif index % 4 == 1:
        b = mutate(rng, *a, symbols) + ("s0",)
    else:
        b = random_nfa(rng, symbols) + ("s0",)
    words = ["".join(rng.choice(symbols) for _ in range(rng.randint(0, 12))) for _ in range(8)]
    words.append("")
    regex = random_regex(rng, symbols)
    case = {"a": to_json(*a), "b": to_json(*b), "alphabet": symbols, "words": words,
            "regex": regex[0]}
    if index < brute_cases:
        case["brute"] = 10
    return case, (a, b, symbols, regex)


def expectations(case, data):
    """automata-lib's answers for one case."""
    a, b, symbols, regex = data
    lib_a = to_lib(*a, symbols)
    lib_b = to_lib(b[0], b[1], b[2], symbols, b[3])
    complete_min = DFA.from_nfa(lib_a, minify=False).to_complete().minify()
    lib_r = NFA.from_regex(regex[1], input_symbols=set(symbols))
    return {
        "accepts": [lib_a.accepts_input(w) for w in case["words"]],
        "minStates": len(complete_min.states),
        "equivalent": lib_a == lib_b,
        "regexAccepts": [lib_r.accepts_input(w) for w in case["words"]],
    }, lib_a, lib_b, lib_r


def compact(automaton):
    """An automaton object in the sample's short form: {"states": n, "initial": i,
    "final": [..], "edges": "from:symbols:to ..."} with states numbered in order and ε
    written as the symbol ε."""
    number = {s["id"]: i for i, s in enumerate(automaton["states"])}
    edges = [f'{number[t["from"]]}:{"".join(t["symbols"])}{"ε" if t["epsilon"] else ""}:{number[t["to"]]}'
             for t in automaton["transitions"]]
    return {"states": len(number),
            "initial": next(i for i, s in enumerate(automaton["states"]) if s["initial"]),
            "final": [i for i, s in enumerate(automaton["states"]) if s["final"]],
            "edges": " ".join(edges)}


def check(item):
    """Compares our answers for one case with automata-lib's: (index, counts, mismatches,
    automata-lib's answers)."""
    index, case, data, ours = item
    counts = collections.Counter()
    wrong = []

    def mismatch(what, detail):
        wrong.append((what, detail))

    if "error" in ours:
        mismatch("error", ours["error"])
        return index, counts, wrong, {}
    expected, lib_a, lib_b, lib_r = expectations(case, data)
    symbols = data[2]
    counts["cases"] += 1
    counts["words"] += len(case["words"])
    for key in ("nfa", "dfa", "min"):
        if ours[key] != expected["accepts"]:
            mismatch(f"{key} acceptance", (case["words"], ours[key], expected["accepts"]))
        else:
            counts[f"{key}Words"] += len(case["words"])
    if ours["minStates"] != expected["minStates"]:
        mismatch("minimal DFA states", (ours["minStates"], expected["minStates"]))
    else:
        counts["minStates"] += 1
    if ours["equivalent"] != expected["equivalent"] or (index % 2 == 0 and not ours["equivalent"]):
        mismatch("equivalence", (ours["equivalent"], expected["equivalent"]))
    else:
        counts["equivalenceVerdicts"] += 1
        counts["equivalentPairs"] += ours["equivalent"]
        counts["equivalentByConstruction"] += index % 2 == 0
    if not ours["equivalent"]:
        w = ours["counterexample"]
        in_a, in_b = lib_a.accepts_input(w), lib_b.accepts_input(w)
        if in_a == in_b or in_a != ours["acceptedByA"]:
            mismatch("counterexample", (w, in_a, in_b, ours["acceptedByA"]))
        else:
            counts["counterexamples"] += 1
    if "brute" in case:
        brute = ours.get("brute")
        if brute == "skipped":
            counts["bruteSkipped"] += 1
        else:
            claimed = ours["counterexample"]
            if claimed is not None and len(claimed) > 10:
                claimed = None  # beyond the enumeration
            if brute != claimed:
                mismatch("shortest counterexample", (ours["counterexample"], brute))
            else:
                counts["bruteShortest"] += 1
                counts["bruteShortestDiffering"] += brute is not None
    if "regex" not in ours:
        counts["regexOfATooLarge"] += 1
    elif not ours["roundTrip"] or ours["roundTripWords"] != expected["accepts"]:
        mismatch("regex round trip of A", ours["regex"])
    elif len(ours["regex"]) > PEER_REGEX_LENGTH:
        counts["regexOfAOwnCheckOnly"] += 1
    elif lib_regex_nfa(ours["regex"], symbols) != lib_a:
        mismatch("regex of A", ours["regex"])
    else:
        counts["regexOfA"] += 1
    if ours["regexWords"] != expected["regexAccepts"]:
        mismatch("Thompson acceptance", (case["regex"], ours["regexWords"]))
    else:
        counts["regexWords"] += 1
    if "regexRegex" not in ours:
        counts["regexRoundTripTooLarge"] += 1
    elif not ours["regexRoundTrip"]:
        mismatch("regex → automaton → regex → automaton", (case["regex"], ours["regexRegex"]))
    elif len(ours["regexRegex"]) > PEER_REGEX_LENGTH:
        counts["regexRoundTripOwnCheckOnly"] += 1
    elif lib_regex_nfa(ours["regexRegex"], symbols) != lib_r:
        mismatch("regex → automaton → regex (peer)", (case["regex"], ours["regexRegex"]))
    else:
        counts["regexRoundTrip"] += 1
    return index, counts, wrong, expected


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--brute", type=int, default=10_000,
                        help="cases whose counterexample is checked by brute force")
    parser.add_argument("--workers", type=int, default=2, help="processes comparing answers")
    parser.add_argument("--write-sample", type=int, default=0)
    parser.add_argument("--sample-path",
                        default="Tests/AutomatonOperationsTests/Resources/differential-sample.json")
    args = parser.parse_args()
    started = time.time()
    rng = random.Random(args.seed)
    cases = [make_case(rng, i, args.brute) for i in range(args.cases)]

    process = subprocess.Popen([args.binary, "batch"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, bufsize=1 << 20)

    def feed():
        for case, _ in cases:
            process.stdin.write(json.dumps(case, ensure_ascii=False) + "\n")
        process.stdin.close()

    threading.Thread(target=feed, daemon=True).start()
    outputs = [json.loads(process.stdout.readline()) for _ in cases]
    process.wait()
    print(f"fa-automaton batch: {len(cases)} cases answered after {time.time() - started:.0f} s",
          file=sys.stderr)

    counts = collections.Counter()
    mismatches = []
    sample = []
    with multiprocessing.Pool(args.workers) as pool:
        work = ((i, case, data, ours)
                for i, ((case, data), ours) in enumerate(zip(cases, outputs)))
        for index, found, wrong, expected in pool.imap(check, work, chunksize=100):
            counts.update(found)
            for what, detail in wrong:
                mismatches.append((index, what, detail))
                if len(mismatches) <= 20:
                    print(f"MISMATCH case {index}: {what}: {detail}", file=sys.stderr)
            if index < args.write_sample:
                case, data = cases[index]
                sample.append({"a": compact(case["a"]), "b": compact(case["b"]),
                               "alphabet": "".join(data[2]), "words": case["words"],
                               "regex": case["regex"], **expected})
            if (index + 1) % 10_000 == 0:
                print(f"{index + 1} cases compared, {len(mismatches)} mismatches, "
                      f"{time.time() - started:.0f} s", file=sys.stderr)
    if args.write_sample:
        with open(args.sample_path, "w") as f:
            json.dump({"generator": f"Lab/scripts/differential-automata --seed {args.seed} "
                                    f"--write-sample {args.write_sample} (automata-lib 9.2.0)",
                       "cases": sample}, f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")
    result = dict(sorted(counts.items()))
    result["mismatches"] = len(mismatches)
    result["seconds"] = round(time.time() - started)
    print(json.dumps(result, indent=2))
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
