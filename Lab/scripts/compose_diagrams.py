#!/usr/bin/env python3
"""Compose realistic finite-automaton drawings from REAL pen strokes, with their truth.

Circles (states, final rings) and arrows (transitions, initial arrows) are real strokes of
the $1 gesture logs (shared/datasets/dollar-gestures, read in place), moved, scaled and
rotated into place the way people draw diagrams:
  - states of very different sizes; real circles left as drawn (open, overshooting), some
    trimmed open further; final rings around them, slightly off-centre, drawn before or
    after the state;
  - arrows whose ends overshoot into a circle or stop short of it; two-way transitions as
    two arrows bent to opposite sides; initial arrows from outside;
  - self-loops (synthesised: the logs have no loop gesture) as a noisy arc with a head;
  - typed labels beside each transition, some with two symbols, some ε; labels of a
    two-way pair close to both arrows (each still nearer to its own);
  - a stray scribble (a real `star`, `x`, `pigtail`... stroke) in some drawings;
  - the whole drawing rotated and scaled, its strokes shuffled.
Only the stroke's own gesture is used to place it: the shaft of a real $1 arrow ends where
the pen first turns back towards the start (its barbs point backwards).

Writes two JSON Lines files, line k of each describing drawing k:
  DRAWINGS: FORMATS.md §1 drawing documents {"strokes", "labels", "inputs"}
  EXPECTED: {"id", "classes": [true class per stroke: circle/arrow/cycle/scribble],
             "automaton": {"states": [{"center", "radius", "initial", "final"}],
                           "transitions": [{"from", "to", "symbols", "epsilon"}]}}
             with "from"/"to" indices into "states".
Python standard library only. Seeded: the same --seed gives the same files.

usage: compose_diagrams.py [--count N] [--seed S] [--level normal|hard] [--dataset DIR]
                          [--strays GESTURE,...] DRAWINGS EXPECTED
"""
import argparse
import glob
import json
import math
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATASET = os.path.join(HERE, "..", "..", "..", "shared", "datasets", "dollar-gestures")
SCRIBBLES = ["star", "x", "pigtail", "question_mark", "delete_mark", "check"]


def read_gesture(path):
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    pts = [(float(x), float(y)) for x, y in
           re.findall(r'<Point X="([-\d.eE]+)" Y="([-\d.eE]+)"', text)]
    return pts


def load(dataset, name):
    paths = sorted(glob.glob(os.path.join(dataset, "s*", "*", name + "[0-9]*.xml")))
    strokes = [read_gesture(p) for p in paths]
    return [s for s in strokes if len(s) >= 8]


# --- small plane helpers ---------------------------------------------------------------

def add(a, b): return (a[0] + b[0], a[1] + b[1])
def sub(a, b): return (a[0] - b[0], a[1] - b[1])
def mul(s, a): return (s * a[0], s * a[1])
def norm(a): return math.hypot(a[0], a[1])
def rot(a, t): return (math.cos(t) * a[0] - math.sin(t) * a[1],
                       math.sin(t) * a[0] + math.cos(t) * a[1])
def unit(t): return (math.cos(t), math.sin(t))


def path_length(pts):
    return sum(norm(sub(pts[i], pts[i - 1])) for i in range(1, len(pts)))


def dist_to_polyline(p, pts):
    best = math.inf
    for a, b in zip(pts, pts[1:]):
        ab, ap = sub(b, a), sub(p, a)
        l2 = ab[0] * ab[0] + ab[1] * ab[1]
        t = 0.0 if l2 == 0 else max(0.0, min(1.0, (ap[0] * ab[0] + ap[1] * ab[1]) / l2))
        best = min(best, norm(sub(ap, mul(t, ab))))
    return best


def coverage(pts, center):
    """Angle the points cover around `center`: 2π minus the largest angular gap."""
    angles = sorted(math.atan2(p[1] - center[1], p[0] - center[0]) for p in pts)
    gaps = [b - a for a, b in zip(angles, angles[1:])] + [angles[0] + 2 * math.pi - angles[-1]]
    return 2 * math.pi - max(gaps)


def trim(pts, fraction):
    """The first `fraction` of the stroke by arc length."""
    total, walked, out = path_length(pts), 0.0, [pts[0]]
    for i in range(1, len(pts)):
        walked += norm(sub(pts[i], pts[i - 1]))
        if walked > fraction * total:
            break
        out.append(pts[i])
    return out


# --- placing real strokes ----------------------------------------------------------------

def place_circle(rng, circles, center, radius, open_fraction=1.0):
    """A real circle stroke with its bounding box centred on `center`, half its mean
    bounding-box side equal to `radius`, turned by a random angle (and maybe mirrored)."""
    pts = rng.choice(circles)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    c = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    half = ((max(xs) - min(xs)) + (max(ys) - min(ys))) / 4
    if open_fraction < 1.0:
        # Left open, but still a circle: keep at least 280° around its centre.
        opened = trim(pts, open_fraction)
        if coverage(opened, c) >= math.radians(280):
            pts = opened
    turn, mirror = rng.uniform(0, 2 * math.pi), rng.random() < 0.5
    out = []
    for p in pts:
        v = sub(p, c)
        if mirror:
            v = (-v[0], v[1])
        out.append(add(center, mul(radius / half, rot(v, turn))))
    return out


def split_arrow(pts):
    """(shaft, head) of a real $1 arrow. The shaft ends where the pen first turns back: the
    first point, past half the largest distance from the start, after which that distance
    drops by 3% of it within four points (the barbs point backwards)."""
    start = pts[0]
    dist = [norm(sub(p, start)) for p in pts]
    far = max(dist)
    for k in range(len(pts) - 4):
        ahead = dist[k + 1:k + 5]
        if dist[k] >= 0.5 * far and max(ahead) <= dist[k] and ahead[-1] <= dist[k] - 0.03 * far:
            return pts[:k + 1], pts[k:]
    k = dist.index(far)
    return pts[:k + 1], pts[k:]


def place_arrow(rng, arrows, start, tip, head_size, bend=0.0):
    """A real arrow whose shaft runs from `start` to `tip`, bowed sideways by `bend` x the
    shaft length (positive = to the left on screen), with its real head scaled to
    `head_size` (the largest barb extent) and turned to follow the shaft's end tangent."""
    shaft, head = split_arrow(rng.choice(arrows))
    # A pen hook before the shaft proper (the point furthest back along the chord within
    # the first fifth) keeps the hand's scale, like the head: it must not grow with the
    # arrow's length.
    chord = sub(shaft[-1], shaft[0])
    along = lambda p: (p[0] - shaft[0][0]) * chord[0] + (p[1] - shaft[0][1]) * chord[1]
    h = min(range(max(1, len(shaft) // 5)), key=lambda i: along(shaft[i]))
    hook, shaft = shaft[:h + 1], shaft[h:]
    s0, s1 = shaft[0], shaft[-1]
    chord = sub(s1, s0)
    src_len, src_angle = norm(chord), math.atan2(chord[1], chord[0])
    d = sub(tip, start)
    length, angle = norm(d), math.atan2(d[1], d[0])
    left = unit(angle - math.pi / 2)  # y down: left of travel
    hand = head_size / (max(norm(sub(p, s1)) for p in head) or 1.0)
    out = [add(start, mul(hand, rot(sub(p, s0), angle - src_angle))) for p in hook[:-1]]
    for p in shaft:
        v = rot(sub(p, s0), angle - src_angle)
        q = add(start, mul(length / src_len, v))
        t = max(0.0, min(1.0, ((q[0] - start[0]) * d[0] + (q[1] - start[1]) * d[1])
                         / (length * length)))
        out.append(add(q, mul(bend * length * math.sin(math.pi * t), left)))
    # End tangent of the bow: h(t) = B sin(pi t), dh/dt(1) = -pi B (B in units of length).
    tangent_turn = math.atan2(-math.pi * bend, 1.0)
    for p in head[1:]:
        v = rot(sub(p, s1), angle - src_angle)
        v = rot(v, -tangent_turn)  # the head follows the bowed shaft's end direction
        out.append(add(tip, mul(hand, v)))
    return out


def synth_loop(rng, center, radius, angle):
    """A hand-drawn-looking self-loop on the state at `center`: a jittered arc leaving and
    re-entering the circle around direction `angle`, ending in a one- or two-barb head."""
    rho = radius * rng.uniform(0.4, 0.65)
    lc = add(center, mul(radius + rho * rng.uniform(0.2, 0.6), unit(angle)))
    back = angle + math.pi
    start_t, sweep = back + rng.uniform(0.7, 1.1), 2 * math.pi - rng.uniform(1.5, 2.1)
    n = 40
    wobble = [rng.gauss(0, 0.03 * rho) for _ in range(n)]
    pts = [add(lc, mul(rho + wobble[k], unit(start_t + sweep * k / (n - 1)))) for k in range(n)]
    if rng.random() < 0.5:
        pts.reverse()
    end, before = pts[-1], pts[-4]
    back_dir = sub(before, end)
    back_dir = mul(1 / (norm(back_dir) or 1), back_dir)
    barb = 0.35 * rho
    b1 = add(end, mul(barb, rot(back_dir, 0.5)))
    b2 = add(end, mul(barb, rot(back_dir, -0.5)))
    pts += [b1, end, b2] if rng.random() < 0.6 else [b1]
    reach = norm(sub(lc, center)) + rho - radius  # how far the arc goes beyond the circle
    return pts, reach


# --- composing one drawing ---------------------------------------------------------------

def boundary_point(center, radius, angle, gap):
    return add(center, mul(radius + gap, unit(angle)))


# How untidy drawings are. "hard" stretches every range: more and closer states, arrows
# stopping further short or reaching deeper in, any rotation.
LEVELS = {
    "normal": {"states": (2, 5), "spacing": 2.3, "start_gap": (-0.3, 0.3),
               "tip_gap": (-0.2, 0.35), "turn": 0.5},
    "hard": {"states": (3, 7), "spacing": 1.7, "start_gap": (-0.5, 0.55),
             "tip_gap": (-0.45, 0.6), "turn": math.pi},
}


def compose(rng, circles, arrows, scribbles, level=LEVELS["normal"]):
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
    strokes, classes, labels, transitions = [], [], [], []
    alphabet = ["a", "b", "c"]

    for s in states:
        opened = rng.uniform(0.8, 0.95) if rng.random() < 0.25 else 1.0
        strokes.append(place_circle(rng, circles, s["center"], s["radius"], opened))
        classes.append("circle")
        if rng.random() < 0.35:
            s["final"] = True
            ring = s["radius"] * rng.uniform(1.18, 1.4)
            off = mul(rng.uniform(0, 0.1) * s["radius"], unit(rng.uniform(0, 2 * math.pi)))
            strokes.append(place_circle(rng, circles, add(s["center"], off), ring))
            classes.append("circle")

    def outer(s):
        return s["radius"] * (1.3 if s["final"] else 1.0)

    def label_for(rng):
        u = rng.random()
        if u < 0.12:
            return ["ε"], [], True
        if u < 0.3:
            pair = sorted(rng.sample(alphabet, 2))
            return pair, pair, False
        sym = rng.choice(alphabet)
        return [sym], [sym], False

    label_jobs = []  # (texts, index of the stroke it labels, candidate points)

    def add_labels(texts, owner, candidates):
        label_jobs.append((texts, owner, candidates))

    # Transitions: a spanning chain plus a few extra edges, some two-way.
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
        base = math.atan2(d[1], d[0])
        bend = rng.uniform(0.12, 0.22) if two_way else rng.uniform(-0.06, 0.06)
        # A bow to the left leaves and enters the circles turned towards that side.
        spread = 2.2 * bend
        start = boundary_point(a["center"], outer(a), base - spread,
                               rng.uniform(*level["start_gap"]) * a["radius"])
        tip = boundary_point(b["center"], outer(b), base + math.pi + spread,
                             rng.uniform(*level["tip_gap"]) * b["radius"])
        length = norm(sub(tip, start))
        head = rng.uniform(0.12, 0.25) * length
        head = max(8.0, min(head, 0.6 * min(a["radius"], b["radius"]) + 6))
        strokes.append(place_arrow(rng, arrows, start, tip, head, bend))
        classes.append("arrow")
        texts, symbols, eps = label_for(rng)
        transitions.append({"from": i, "to": j, "symbols": symbols, "epsilon": eps})
        dd = sub(tip, start)
        left = mul(1 / (norm(dd) or 1), (dd[1], -dd[0]))
        outside = 1 if bend >= 0 else -1
        sides = [outside, -outside] if abs(bend) >= 0.07 else rng.sample([-1, 1], 2)
        gap = rng.uniform(9, 16)
        candidates = []
        for g in (gap, 1.6 * gap):
            for side in sides:
                for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78):
                    on_chord = add(start, mul(t, dd))
                    bow = bend * length * math.sin(math.pi * t)
                    candidates.append(add(on_chord, mul(bow + side * g, left)))
        add_labels(texts, len(strokes) - 1, candidates)

    # Self-loops on some states, pointing away from their arrows.
    loop_angles = {}
    for k, s in enumerate(states):
        if rng.random() < 0.3:
            used = []
            for i, j in pairs:
                if k in (i, j):
                    o = states[j if i == k else i]["center"]
                    used.append(math.atan2(o[1] - s["center"][1], o[0] - s["center"][0]))
            candidates = [t * math.pi / 4 for t in range(8)]
            angle = max(candidates, key=lambda t: min(
                [abs(math.remainder(t - u, 2 * math.pi)) for u in used] or [math.pi]))
            angle += rng.uniform(-0.25, 0.25)
            loop_angles[k] = angle
            loop, reach = synth_loop(rng, s["center"], outer(s), angle)
            strokes.append(loop)
            classes.append("cycle")
            texts, symbols, eps = label_for(rng)
            transitions.append({"from": k, "to": k, "symbols": symbols, "epsilon": eps})
            add_labels(texts, len(strokes) - 1, [
                boundary_point(s["center"], outer(s), angle + da, reach + rng.uniform(8, 14))
                for da in (0, -0.3, 0.3)])

    # An initial arrow into one state, from the side with most room.
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
    gap = rng.uniform(-0.15, 0.3) * s["radius"]

    def clear(angle):
        # People start an initial arrow in empty space, not next to another state.
        start = boundary_point(s["center"], outer(s), angle, gap + length)
        return all(norm(sub(start, o["center"])) > outer(o) + o["radius"] + 10
                   for k, o in enumerate(states) if k != target)
    angle = next((t for t in angles if clear(t)), angles[0])
    tip = boundary_point(s["center"], outer(s), angle, gap)
    start = add(tip, mul(length, unit(angle)))
    strokes.append(place_arrow(rng, arrows, start, tip, max(8.0, 0.25 * length)))
    classes.append("arrow")
    s["initial"] = True

    # A stray scribble in an empty spot.
    if rng.random() < 0.35:
        for _ in range(100):
            c = (rng.uniform(-60, 680), rng.uniform(-60, 480))
            if all(norm(sub(c, t["center"])) > 2.6 * t["radius"] + 30 for t in states):
                strokes.append(place_circle(rng, scribbles, c, rng.uniform(12, 30)))
                classes.append("scribble")
                break

    # Labels: the first candidate spot clearly nearer its own stroke than any other
    # (as a person would place it), else the least ambiguous one.
    carriers = [k for _, k, _ in label_jobs]
    ambiguous_labels = 0
    for texts, owner, candidates in label_jobs:
        # Several symbols: one label each, side by side, or one "a,b" label.
        if len(texts) > 1 and rng.random() < 0.5:
            texts = [",".join(texts)]
        offsets = [12 * (k - (len(texts) - 1) / 2) for k in range(len(texts))]

        def ambiguity(p):
            worst = 0.0
            for dx in offsets:
                q = (p[0] + dx, p[1])
                own = dist_to_polyline(q, strokes[owner])
                other = min([dist_to_polyline(q, strokes[k]) for k in carriers if k != owner]
                            or [math.inf])
                worst = max(worst, own / max(other, 1e-9))
            return worst
        spot = next((p for p in candidates if ambiguity(p) <= 0.6), None)
        if spot is None:
            spot = min(candidates, key=ambiguity)
            ambiguous_labels += 1
        for text, dx in zip(texts, offsets):
            labels.append({"text": text, "x": spot[0] + dx, "y": spot[1]})

    # Whole drawing: rotate, scale, shift; then shuffle the strokes.
    turn, scale = rng.uniform(-level["turn"], level["turn"]), math.exp(rng.uniform(-0.7, 0.7))
    shift = (rng.uniform(50, 400), rng.uniform(50, 400))

    def move(p):
        return add(shift, mul(scale, rot(p, turn)))

    strokes = [[move(p) for p in st] for st in strokes]
    for lab in labels:
        lab["x"], lab["y"] = move((lab["x"], lab["y"]))
    for s in states:
        s["center"], s["radius"] = move(s["center"]), s["radius"] * scale
    order = list(range(len(strokes)))
    rng.shuffle(order)
    strokes = [strokes[k] for k in order]
    classes = [classes[k] for k in order]
    rng.shuffle(labels)

    doc = {"strokes": [[{"x": round(x, 2), "y": round(y, 2)} for x, y in st]
                       for st in strokes],
           "labels": [{"text": l["text"], "x": round(l["x"], 2), "y": round(l["y"], 2)}
                      for l in labels],
           "inputs": []}
    expected = {"classes": classes, "automaton": {
        "states": [{"center": {"x": round(s["center"][0], 2), "y": round(s["center"][1], 2)},
                    "radius": round(s["radius"], 2), "initial": s["initial"],
                    "final": s["final"]} for s in states],
        "transitions": transitions}, "ambiguousLabels": ambiguous_labels}
    return doc, expected


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("drawings")
    ap.add_argument("expected")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dataset", default=DEFAULT_DATASET)
    ap.add_argument("--level", choices=sorted(LEVELS), default="normal",
                    help="how untidy the drawings are")
    ap.add_argument("--strays", default=",".join(SCRIBBLES),
                    help="comma-separated $1 gestures drawn as stray strokes "
                         "(e.g. star,x,pigtail,question_mark: shapes no model was trained on)")
    args = ap.parse_args()
    circles, arrows = load(args.dataset, "circle"), load(args.dataset, "arrow")
    scribbles = [s for name in args.strays.split(",") if name for s in load(args.dataset, name)]
    if not circles or not arrows:
        sys.exit(f"no circle/arrow gestures under {args.dataset}")
    missing = [name for name in args.strays.split(",") if name and not load(args.dataset, name)]
    if missing or not scribbles:
        sys.exit(f"no stray gestures {', '.join(missing) or args.strays!r} under {args.dataset}")
    rng = random.Random(args.seed)
    with open(args.drawings, "w", encoding="utf-8") as fd, \
         open(args.expected, "w", encoding="utf-8") as fe:
        for k in range(args.count):
            doc, expected = compose(rng, circles, arrows, scribbles, LEVELS[args.level])
            fd.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
            fe.write(json.dumps({"id": k, **expected}, ensure_ascii=False,
                                separators=(",", ":")) + "\n")
    print(f"wrote {args.count} drawings ({len(circles)} circles, {len(arrows)} arrows, "
          f"{len(scribbles)} scribbles available)", file=sys.stderr)


if __name__ == "__main__":
    main()
