#!/usr/bin/env python3
"""Compose automaton drawings whose arrows are REAL multi-stroke arrows of FC_A flowcharts.

Like compose_diagrams.py (same layouts, levels, typed labels, rotation/scale, shuffled
stroke order), but every transition and initial arrow is a real arrow of
shared/datasets/fc-flowcharts drawn in two or more strokes (a shaft and a separately drawn
head, two barbs, a triangle...), with its real pen order and pen direction; states are real
$1 circles or real flowchart connection circles, sometimes cut into two arcs; self-loops are
synthesised arcs whose head is, in some drawings, a real flowchart head drawn as its own
stroke; handwritten words (`text` groups of the flowcharts) are written beside transitions
as strays. The stroke order is shuffled, so heads are often drawn long after their shafts.

Arrows used: flowchart arrows of 2+ strokes made of one shaft (the stroke of largest
extent) and head strokes each near a shaft end (nearest distance ≤ the head stroke's
extent), smaller than 0.8 x the shaft and hand-sized (no point further than HEAD_REACH
from the shaft end: a longer stroke is the second leg of a bent connector, its own head at
its far end); the head end is the shaft end nearest the head strokes. The shaft is bent
(two-way pairs) and scaled to the layout; the head strokes keep a hand-sized scale
(12-25 % of the arrow, as compose_diagrams.py) and turn with the shaft's end.

Writers are split: --writers dev (even writer numbers: 2 6 8 12 14 16 18 20 22 28 32) for
tuning, heldout (odd: 5 9 11 15 17 19 23 29 33) for the reported figures, or all; or one
writer's number (e.g. --writers 28: every arrow, connection and word of that writer, for a
figure per writer — Lab/scripts/evaluate-flowchart-writers).

Writes two JSON Lines files, line k of each describing drawing k:
  DRAWINGS: FORMATS.md §1 drawing documents {"strokes", "labels", "inputs"}
  EXPECTED: as compose_diagrams.py ("automaton" with "from"/"to" state indices), plus
            "groups": [{"kind": state|ring|arrow|initial|loop|word|scribble,
                        "strokes": [stroke indices], "from": i, "to": j}]
Python standard library only. Seeded: the same --seed gives the same files.

usage: compose_flowchart_diagrams.py [--count N] [--seed S] [--level normal|hard]
                                     [--writers dev|heldout|all|N] DRAWINGS EXPECTED
"""
import argparse
import glob
import json
import math
import os
import random
import re
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compose_diagrams as base  # noqa: E402
from compose_diagrams import add, sub, mul, norm, rot, unit, boundary_point  # noqa: E402

FLOWCHARTS = os.path.join(HERE, "..", "..", "..", "shared", "datasets", "fc-flowcharts")
NS = "{http://www.w3.org/2003/InkML}"
REPOSITORY = os.path.realpath(os.path.join(HERE, "..", ".."))


def refuse_committable_output(*paths):
    """FC_A ink is for research use only and is read in place: anything derived from it is
    written outside the repository or under its gitignored out/, never where git could
    commit it. Exits with a message otherwise."""
    allowed = os.path.join(REPOSITORY, "out")
    for path in paths:
        target = os.path.realpath(path)
        if (os.path.commonpath([target, REPOSITORY]) == REPOSITORY
                and os.path.commonpath([target, allowed]) != allowed):
            sys.exit(f"{path}: drawings derived from FC_A ink (research use only) go under "
                     f"out/ or outside the repository, never where they could be committed")


def writer_number(path):
    m = re.match(r"writer(\d+)_", os.path.basename(path))
    return int(m.group(1)) if m else -1


def read_inkml(path):
    """({trace id: [(x, y)]}, [(truth, [trace ids])]) of one flowchart file."""
    root = ET.parse(path).getroot()
    traces = {}
    for t in root.iter(NS + "trace"):
        pts = [tuple(map(float, p.split()[:2])) for p in (t.text or "").split(",") if p.strip()]
        traces[t.get("id")] = pts
    groups = []
    for g in root.iter(NS + "traceGroup"):
        a = g.find(NS + "annotation")
        views = [v.get("traceDataRef") for v in g.findall(NS + "traceView")]
        if a is not None and views:
            groups.append((a.text.strip(), views))
    return traces, groups


def extent(pts):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return math.hypot(max(xs) - min(xs), max(ys) - min(ys))


def gap(point, pts):
    return min(norm(sub(q, point)) for q in pts)


DEV_WRITERS = (2, 6, 8, 12, 14, 16, 18, 20, 22, 28, 32)
HELDOUT_WRITERS = (5, 9, 11, 15, 17, 19, 23, 29, 33)
# The furthest a head stroke reaches from its shaft's end, in FC_A ink units. Every head
# stroke of the dev writers' arrows lies within 145 of it; a bent connector drawn as two
# legs, the second ending in the head (writer 5), reaches 200-500 and is no shaft-and-head.
HEAD_REACH = 180.0


def load_flowcharts(folder, writers):
    """Multi-stroke arrows, connection circles (as stroke lists) and words of the chosen
    writers. An arrow is {"strokes": [...], "shaft": k, "tip_at_end": bool}."""
    paths = sorted(glob.glob(os.path.join(folder, "writer*.inkml")))
    keep = {"dev": lambda n: n in DEV_WRITERS, "heldout": lambda n: n in HELDOUT_WRITERS,
            "all": lambda n: n in DEV_WRITERS + HELDOUT_WRITERS}.get(
                writers, lambda n: str(n) == writers)
    arrows, connections, words = [], [], []
    for path in paths:
        if not keep(writer_number(path)):
            continue
        traces, groups = read_inkml(path)
        for truth, views in groups:
            strokes = [traces[v] for v in views if v in traces and len(traces[v]) >= 2]
            if len(strokes) != len(views) or not strokes:
                continue
            if truth == "arrow" and len(strokes) >= 2:
                k = max(range(len(strokes)), key=lambda i: extent(strokes[i]))
                shaft = strokes[k]
                heads = [s for i, s in enumerate(strokes) if i != k]
                ends = [shaft[0], shaft[-1]]
                ok = extent(shaft) > 0
                near = []
                for h in heads:
                    d = [gap(e, h) for e in ends]
                    e = min(0, 1, key=lambda i: d[i])
                    ok = ok and d[e] <= extent(h) and extent(h) <= 0.8 * extent(shaft)
                    ok = ok and max(norm(sub(p, ends[e])) for p in h) <= HEAD_REACH
                    near.append(e)
                if ok and len(set(near)) == 1:
                    arrows.append({"strokes": strokes, "shaft": k, "tip_at_end": near[0] == 1})
            elif truth == "connection":
                connections.append(strokes)
            elif truth == "text" and len(strokes) <= 10:
                pts = [p for s in strokes for p in s]
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                w, h = max(xs) - min(xs), max(ys) - min(ys)
                if h > 0 and w <= 5 * h:
                    words.append(strokes)
    return arrows, connections, words


def bow(points, start, tip, bend):
    """Offsets points lying along start→tip sideways by bend·length·sin(πt)."""
    d = sub(tip, start)
    length = norm(d)
    left = unit(math.atan2(d[1], d[0]) - math.pi / 2)
    out = []
    for q in points:
        t = max(0.0, min(1.0, ((q[0] - start[0]) * d[0] + (q[1] - start[1]) * d[1])
                         / (length * length)))
        out.append(add(q, mul(bend * length * math.sin(math.pi * t), left)))
    return out


def tip_corner(arrow):
    """The shaft stroke oriented towards its head, and the index of its tip on it. The tip is
    the shaft's end, unless the stroke goes on into a barb drawn with it: then it is the
    corner before that barb — the shaft point nearest the separate head strokes, when the
    ink beyond it turns back (by more than 100°) and is at least 3 % of the stroke."""
    shaft = arrow["strokes"][arrow["shaft"]]
    line = shaft if arrow["tip_at_end"] else shaft[::-1]
    heads = [p for i, h in enumerate(arrow["strokes"]) if i != arrow["shaft"] for p in h]
    c = min(range(len(line)), key=lambda i: min(norm(sub(line[i], p)) for p in heads))
    length = sum(norm(sub(line[i + 1], line[i])) for i in range(len(line) - 1))
    beyond = sum(norm(sub(line[i + 1], line[i])) for i in range(c, len(line) - 1))
    if c < 2 or beyond < 0.03 * length:
        return line, len(line) - 1
    into, out = sub(line[c], line[max(0, c - 5)]), sub(line[-1], line[c])
    turn = abs(math.remainder(math.atan2(out[1], out[0]) - math.atan2(into[1], into[0]),
                              2 * math.pi))
    return line, (c if turn > math.radians(100) else len(line) - 1)


def place_fc_arrow(rng, arrows, start, tip, head_size, bend=0.0):
    """A real multi-stroke arrow from `start` to `tip`: its strokes in their drawn order
    and pen direction, the shaft bowed by `bend`, the head strokes — and a barb drawn with
    the shaft, past its tip (`tip_corner`) — scaled to `head_size` about the tip.
    Returns (strokes, index of the shaft among them)."""
    arrow = rng.choice(arrows)
    line, c = tip_corner(arrow)
    s0, s1 = line[0], line[c]
    chord = sub(s1, s0)
    src_len, src_angle = norm(chord), math.atan2(chord[1], chord[0])
    d = sub(tip, start)
    length, angle = norm(d), math.atan2(d[1], d[0])
    heads = [s for i, s in enumerate(arrow["strokes"]) if i != arrow["shaft"]]
    barb = line[c + 1:]
    hand = head_size / (max(norm(sub(p, s1)) for h in heads + [barb] for p in h) or 1.0)
    tangent_turn = math.atan2(-math.pi * bend, 1.0)

    def at_hand(stroke):
        return [add(tip, mul(hand, rot(rot(sub(p, s1), angle - src_angle), -tangent_turn)))
                for p in stroke]
    out = []
    for i, stroke in enumerate(arrow["strokes"]):
        if i == arrow["shaft"]:
            moved = [add(start, mul(length / src_len, rot(sub(p, s0), angle - src_angle)))
                     for p in line[:c + 1]]
            placed = bow(moved, start, tip, bend) + at_hand(barb)
            out.append(placed if arrow["tip_at_end"] else placed[::-1])
        else:
            out.append(at_hand(stroke))
    return out, arrow["shaft"]


def place_strokes(strokes, center, size, turn):
    """Strokes moved so their joint bounding box is centred on `center` with height
    `size`, turned by `turn`."""
    pts = [p for s in strokes for p in s]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    c = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    scale = size / max(max(ys) - min(ys), 1e-9)
    return [[add(center, mul(scale, rot(sub(p, c), turn))) for p in s] for s in strokes]


def place_connection(conn, center, radius, turn):
    """A connection circle's strokes moved so their joint bounding box is centred on
    `center`, half its mean side equal to `radius`, turned by `turn`."""
    pts = [p for s in conn for p in s]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    half = ((max(xs) - min(xs)) + (max(ys) - min(ys))) / 4
    c = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return [[add(center, mul(radius / half, rot(sub(p, c), turn))) for p in s] for s in conn]


def cut_in_two(rng, pts):
    """A stroke cut into two arcs at a random point (30-70 % along), the second starting
    up to 2 points before the cut (overlapping) or 3 after (a gap); None when an arc would
    have under 4 points."""
    n = len(pts)
    cut = rng.randint(int(0.3 * n), int(0.7 * n))
    overlap = rng.randint(-2, 3)
    first, second = pts[:cut + max(overlap, 0)], pts[cut - min(overlap, 0):]
    return (first, second) if len(first) >= 4 and len(second) >= 4 else None


def head_at_end(hd, arc, size):
    """The head strokes of `hd` (from head_shapes) at the end of `arc`, turned with the
    arc's last direction and scaled so they reach `size` from its end."""
    end, before = arc[-1], arc[-4]
    turn = math.atan2(end[1] - before[1], end[0] - before[0]) - hd["angle"]
    hand = size / (max(norm(sub(p, hd["tip"])) for h in hd["strokes"] for p in h) or 1)
    return [[add(end, mul(hand, rot(sub(p, hd["tip"]), turn))) for p in h]
            for h in hd["strokes"]]


def state_strokes(rng, circles, connections, center, radius, arcs_chance):
    """A state's circle: a real $1 circle or flowchart connection, sometimes cut into two
    arcs (the second drawn separately, overlapping or leaving a small gap)."""
    if connections and rng.random() < 0.3:
        conn = rng.choice(connections)
        strokes = place_connection(conn, center, radius, rng.uniform(0, 2 * math.pi))
    else:
        strokes = [base.place_circle(rng, circles, center, radius)]
    if len(strokes) == 1 and rng.random() < arcs_chance:
        arcs = cut_in_two(rng, strokes[0])
        if arcs:
            strokes = list(arcs) if rng.random() < 0.7 else [arcs[1], arcs[0]]
    return strokes


def compose(rng, circles, connections, arrows, heads, words, level):
    n = rng.randint(*level["states"])
    states = []
    for _ in range(400):
        if len(states) == n:
            break
        r = rng.uniform(22, 60)
        c = (rng.uniform(0, 620), rng.uniform(0, 420))
        if all(norm(sub(c, s["center"])) > level["spacing"] * (r + s["radius"]) + 30
               for s in states):
            states.append({"center": c, "radius": r, "initial": False, "final": False})
    n = len(states)
    strokes, groups, labels, transitions = [], [], [], []
    alphabet = ["a", "b", "c"]

    def emit(kind, new, **extra):
        groups.append({"kind": kind, "strokes": list(range(len(strokes), len(strokes) + len(new))),
                       **extra})
        strokes.extend(new)

    for k, s in enumerate(states):
        emit("state", state_strokes(rng, circles, connections, s["center"], s["radius"], 0.2),
             state=k)
        if rng.random() < 0.35:
            s["final"] = True
            ring = s["radius"] * rng.uniform(1.18, 1.4)
            off = mul(rng.uniform(0, 0.1) * s["radius"], unit(rng.uniform(0, 2 * math.pi)))
            emit("ring", state_strokes(rng, circles, [], add(s["center"], off), ring, 0.15),
                 state=k)

    def outer(s):
        return s["radius"] * (1.3 if s["final"] else 1.0)

    def label_for():
        u = rng.random()
        if u < 0.12:
            return ["ε"], [], True
        if u < 0.3:
            pair = sorted(rng.sample(alphabet, 2))
            return pair, pair, False
        sym = rng.choice(alphabet)
        return [sym], [sym], False

    label_jobs = []
    word_spots = []  # (point, direction of the transition) beside each transition
    pairs = [(i, i + 1) if rng.random() < 0.7 else (i + 1, i) for i in range(n - 1)]
    for _ in range(rng.randint(0, 2)):
        i, j = rng.sample(range(n), 2)
        if (i, j) not in pairs:
            pairs.append((i, j))
    for i, j in list(pairs):
        if (j, i) not in pairs and rng.random() < 0.25:
            pairs.append((j, i))
    for i, j in pairs:
        a, b = states[i], states[j]
        two_way = (j, i) in pairs
        d = sub(b["center"], a["center"])
        base_angle = math.atan2(d[1], d[0])
        bend = rng.uniform(0.12, 0.22) if two_way else rng.uniform(-0.06, 0.06)
        spread = 2.2 * bend
        start = boundary_point(a["center"], outer(a), base_angle - spread,
                               rng.uniform(*level["start_gap"]) * a["radius"])
        tip = boundary_point(b["center"], outer(b), base_angle + math.pi + spread,
                             rng.uniform(*level["tip_gap"]) * b["radius"])
        length = norm(sub(tip, start))
        head = rng.uniform(0.12, 0.25) * length
        head = max(8.0, min(head, 0.6 * min(a["radius"], b["radius"]) + 6))
        placed, shaft = place_fc_arrow(rng, arrows, start, tip, head, bend)
        owner = len(strokes) + shaft
        emit("arrow", placed, **{"from": i, "to": j})
        texts, symbols, eps = label_for()
        transitions.append({"from": i, "to": j, "symbols": symbols, "epsilon": eps})
        dd = sub(tip, start)
        left = mul(1 / (norm(dd) or 1), (dd[1], -dd[0]))
        outside = 1 if bend >= 0 else -1
        sides = [outside, -outside] if abs(bend) >= 0.07 else rng.sample([-1, 1], 2)
        g = rng.uniform(9, 16)
        candidates = []
        for gg in (g, 1.6 * g):
            for side in sides:
                for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78):
                    bw = bend * length * math.sin(math.pi * t)
                    candidates.append(add(add(start, mul(t, dd)), mul(bw + side * gg, left)))
        # Then beside the shaft as it was drawn (a real arrow bends away from the ideal
        # bow): where a person writes a label that belongs to this arrow alone.
        ink = strokes[owner]
        along = [0.0]
        for a, b in zip(ink, ink[1:]):
            along.append(along[-1] + norm(sub(b, a)))
        for t in (0.5, 0.4, 0.6, 0.3, 0.7):
            k = next((m for m in range(1, len(ink)) if along[m] >= t * along[-1]), len(ink) - 1)
            tangent = sub(ink[k], ink[k - 1])
            normal = mul(1 / (norm(tangent) or 1), (tangent[1], -tangent[0]))
            for gg in (g, 1.6 * g):
                for side in (1, -1):
                    candidates.append(add(ink[k], mul(side * gg, normal)))
        label_jobs.append((texts, owner, candidates))
        # A handwritten word on the other side of the arrow from the typed label's first
        # choice: (middle point on the bow, unit normal towards that side).
        t = rng.uniform(0.35, 0.65)
        bw = bend * length * math.sin(math.pi * t)
        word_spots.append((add(add(start, mul(t, dd)), mul(bw, left)), mul(-sides[0], left),
                           math.atan2(dd[1], dd[0])))

    loop_angles = {}
    for k, s in enumerate(states):
        if rng.random() < 0.3:
            used = []
            for i, j in pairs:
                if k in (i, j):
                    o = states[j if i == k else i]["center"]
                    used.append(math.atan2(o[1] - s["center"][1], o[0] - s["center"][0]))
            cands = [t * math.pi / 4 for t in range(8)]
            angle = max(cands, key=lambda t: min(
                [abs(math.remainder(t - u, 2 * math.pi)) for u in used] or [math.pi]))
            angle += rng.uniform(-0.25, 0.25)
            loop_angles[k] = angle
            loop, reach = base.synth_loop(rng, s["center"], outer(s), angle)
            if rng.random() < 0.5:
                # The head drawn as its own stroke: a real flowchart head at the arc's end.
                arc = loop[:40]
                hd = rng.choice(heads)
                size = 0.35 * outer(s) * rng.uniform(0.8, 1.3)
                emit("loop", [arc] + head_at_end(hd, arc, size), state=k)
            else:
                emit("loop", [loop], state=k)
            owner = groups[-1]["strokes"][0]
            texts, symbols, eps = label_for()
            transitions.append({"from": k, "to": k, "symbols": symbols, "epsilon": eps})
            label_jobs.append((texts, owner, [
                boundary_point(s["center"], outer(s), angle + da, reach + rng.uniform(8, 14))
                for da in (0, -0.3, 0.3)]))

    target = rng.randrange(n)
    s = states[target]
    used = [math.atan2(states[j if i == target else i]["center"][1] - s["center"][1],
                       states[j if i == target else i]["center"][0] - s["center"][0])
            for i, j in pairs if target in (i, j)] + ([loop_angles[target]]
                                                     if target in loop_angles else [])
    angles = sorted([t * math.pi / 4 for t in range(8)], key=lambda t: -min(
        [abs(math.remainder(t - u, 2 * math.pi)) for u in used] or [math.pi])
        + 0.2 * abs(math.remainder(t - math.pi, 2 * math.pi)))
    length = s["radius"] * rng.uniform(1.0, 1.8) + 20
    gp = rng.uniform(-0.15, 0.3) * s["radius"]

    def clear(angle):
        st = boundary_point(s["center"], outer(s), angle, gp + length)
        return all(norm(sub(st, o["center"])) > outer(o) + o["radius"] + 10
                   for k, o in enumerate(states) if k != target)
    angle = next((t for t in angles if clear(t)), angles[0])
    tip = boundary_point(s["center"], outer(s), angle, gp)
    start = add(tip, mul(length, unit(angle)))
    emit("initial", place_fc_arrow(rng, arrows, start, tip, max(8.0, 0.25 * length))[0],
         to=target)
    s["initial"] = True

    # Handwritten words beside some transitions, kept clear of states and other ink.
    radii = sorted(st["radius"] for st in states)
    mean_r = sum(radii) / len(radii)
    for point, normal, direction in word_spots:
        if not words or rng.random() >= 0.6:
            continue
        word = rng.choice(words)
        height = mean_r * rng.uniform(0.35, 0.6)
        turn = direction if abs(math.remainder(direction, math.pi)) < math.pi / 2 \
            else direction + math.pi
        turn = math.remainder(turn, 2 * math.pi) * rng.uniform(0.0, 0.3)
        for offset in (1.2, 1.6, 2.2):
            center = add(point, mul(offset * height, normal))
            placed = place_strokes(word, center, height, turn)
            ink = [p for st in placed for p in st]
            if all(norm(sub(p, o["center"])) > outer(o) + 0.4 * o["radius"]
                   for p in ink for o in states) and all(
                    base.dist_to_polyline(p, other) > 0.25 * height
                    for other in strokes for p in ink[::3]):
                emit("word", placed)
                break

    carriers = [k for _, k, _ in label_jobs]
    ambiguous = 0
    assert len(carriers) == len(transitions)  # one labelled path per transition, in order
    heard = [[] for _ in carriers]  # the label texts nearest each carrier's path
    for texts, owner, candidates in label_jobs:
        if len(texts) > 1 and rng.random() < 0.5:
            texts = [",".join(texts)]
        offsets = [12 * (k - (len(texts) - 1) / 2) for k in range(len(texts))]

        def ambiguity(p):
            worst = 0.0
            for dx in offsets:
                q = (p[0] + dx, p[1])
                own = base.dist_to_polyline(q, strokes[owner])
                other = min([base.dist_to_polyline(q, strokes[k]) for k in carriers
                             if k != owner] or [math.inf])
                worst = max(worst, own / max(other, 1e-9))
            return worst
        spot = next((p for p in candidates if ambiguity(p) <= 0.6), None)
        if spot is None:
            spot = min(candidates, key=ambiguity)
            ambiguous += 1
        for text, dx in zip(texts, offsets):
            labels.append({"text": text, "x": spot[0] + dx, "y": spot[1]})
            # A label belongs to the path that passes nearest it (FORMATS.md §2): where no
            # spot is unambiguous, that may be another transition's.
            q = (spot[0] + dx, spot[1])
            heard[min(range(len(carriers)),
                      key=lambda c: base.dist_to_polyline(q, strokes[carriers[c]]))].append(text)
    for t, texts in zip(transitions, heard):
        tokens = [tok for text in texts for tok in text.split(",")]
        t["symbols"] = sorted(set(tok for tok in tokens if tok != "ε"))
        t["epsilon"] = "ε" in tokens

    turn, scale = rng.uniform(-level["turn"], level["turn"]), math.exp(rng.uniform(-0.7, 0.7))
    shift = (rng.uniform(50, 400), rng.uniform(50, 400))

    def move(p):
        return add(shift, mul(scale, rot(p, turn)))

    strokes = [[move(p) for p in st] for st in strokes]
    for lab in labels:
        lab["x"], lab["y"] = move((lab["x"], lab["y"]))
    for st in states:
        st["center"], st["radius"] = move(st["center"]), st["radius"] * scale
    order = list(range(len(strokes)))
    rng.shuffle(order)
    new_index = {old: new for new, old in enumerate(order)}
    strokes = [strokes[k] for k in order]
    for g in groups:
        g["strokes"] = sorted(new_index[k] for k in g["strokes"])
    rng.shuffle(labels)
    doc = {"strokes": [[{"x": round(x, 2), "y": round(y, 2)} for x, y in st] for st in strokes],
           "labels": [{"text": l["text"], "x": round(l["x"], 2), "y": round(l["y"], 2)}
                      for l in labels],
           "inputs": []}
    expected = {"groups": groups, "automaton": {
        "states": [{"center": {"x": round(st["center"][0], 2), "y": round(st["center"][1], 2)},
                    "radius": round(st["radius"], 2), "initial": st["initial"],
                    "final": st["final"]} for st in states],
        "transitions": transitions}, "ambiguousLabels": ambiguous}
    return doc, expected


def head_shapes(arrows):
    """The head strokes of each arrow, with the tip and the shaft's direction into it."""
    out = []
    for a in arrows:
        line, c = tip_corner(a)
        s0, s1 = line[0], line[c]
        out.append({"strokes": [s for i, s in enumerate(a["strokes"]) if i != a["shaft"]],
                    "tip": s1, "angle": math.atan2(s1[1] - s0[1], s1[0] - s0[0])})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("drawings")
    ap.add_argument("expected")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", choices=sorted(base.LEVELS), default="normal")
    ap.add_argument("--writers", default="heldout",
                    help="dev, heldout, all, or one writer's number")
    ap.add_argument("--flowcharts", default=FLOWCHARTS)
    ap.add_argument("--dollar", default=base.DEFAULT_DATASET)
    args = ap.parse_args()
    refuse_committable_output(args.drawings, args.expected)
    arrows, connections, words = load_flowcharts(args.flowcharts, args.writers)
    circles = base.load(args.dollar, "circle")
    if not arrows or not circles:
        sys.exit(f"no multi-stroke arrows of writers '{args.writers}' under {args.flowcharts} "
                 f"(writer numbers: dev {' '.join(map(str, DEV_WRITERS))}, held-out "
                 f"{' '.join(map(str, HELDOUT_WRITERS))}) or no circles under {args.dollar}")
    heads = head_shapes(arrows)
    rng = random.Random(args.seed)
    with open(args.drawings, "w", encoding="utf-8") as fd, \
         open(args.expected, "w", encoding="utf-8") as fe:
        for k in range(args.count):
            doc, expected = compose(rng, circles, connections, arrows, heads, words,
                                    base.LEVELS[args.level])
            fd.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
            fe.write(json.dumps({"id": k, **expected}, ensure_ascii=False,
                                separators=(",", ":")) + "\n")
    who = f"writer {args.writers}" if args.writers.isdigit() else f"{args.writers} writers"
    print(f"wrote {args.count} drawings ({who}: {len(arrows)} arrows, "
          f"{len(connections)} connections, {len(words)} words; {len(circles)} $1 circles)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
