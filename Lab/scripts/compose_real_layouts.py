#!/usr/bin/env python3
"""Turn the FC_A flowcharts into automaton drawings: REAL whole layouts that no composer arranged.

Each flowchart of shared/datasets/fc-flowcharts (InkML with traceGroups and a FlowchartML
block) becomes one drawing of FORMATS.md §1 and its expected automaton:

  - every node (process, decision, data, terminator, connection) becomes a state: its
    outline strokes are replaced by ONE real circle stroke of another writer — a $1 `circle`
    (dollar-gestures) or, in 30 % of nodes, a one-stroke FC_A connection circle of another
    writer of the same split — turned by a random angle, maybe mirrored, then stretched to
    the node's bounding box (a process box gives a wide oval). The circle takes the stroke
    position of the node's first outline stroke;
  - every arrow is kept as drawn (all its strokes, pen direction and place in the stroke
    order); FlowchartML says which node it leaves (`source`) and reaches (`target`, at the
    tip): it is a transition source → target. (No FC_A arrow lacks a source or a target,
    so there are no initial arrows, and no state is initial; no state is final.)
  - a word that labels an arrow in FlowchartML ("yes", "no", "then", "0"...) is what a
    label is in our format: TYPED text, not ink (as in compose_flowchart_diagrams.py, where
    typed labels are typed and handwriting is stray). Its ink is dropped and a typed label
    is placed at the centre of that ink's bounding box; its text is the word's first letter
    or digit, lower case (one-character symbols, FORMATS.md §5: yes/no → y/n, then/else →
    t/e, true/false → t/f, 0/1). Which transition the label belongs to follows the format
    (§2: the transition whose drawn path — here its shaft, the arrow's stroke of largest
    extent — passes nearest the label's point), which is nearly always the arrow the writer
    meant; `ambiguousLabels` counts the labels whose own shaft is not clearly nearest
    (own distance > 0.6 × the nearest other's, the composer's test);
  - every other word (the text written inside nodes, and the rare free text) is kept as
    drawn: handwriting the recogniser must reject, one `rejected` element per stroke;
  - arrows without a label give a transition with no symbols and no ε.

Files whose annotation is incomplete (a traceGroup with no FlowchartML reference, a node
with no outline, a trace in no group, an arrow whose ends are not nodes) are skipped and
counted on stderr.

Writers are split as in compose_flowchart_diagrams.py: --writers dev (even writer numbers)
for developing, heldout (odd) read once for the reported figures, all, or one writer's
number. The circle strokes are the composers' $1 circles (all $1 writers: a different
person from every FC_A writer) and connections of OTHER writers of the same split.

Writes two JSON Lines files, line k of each describing flowchart k (sorted by file name):
  DRAWINGS: FORMATS.md §1 drawing documents {"strokes", "labels", "inputs"}
  EXPECTED: as compose_flowchart_diagrams.py: {"id", "file", "automaton": {"states":
            [{"center", "radius", "initial", "final"}], "transitions": [{"from", "to",
            "symbols", "epsilon"}]}, "groups": [{"kind": state|arrow|word, "strokes",
            "from", "to", "state"}], "ambiguousLabels"} (state radius: half the mean side
            of the node's box; each state also says its FC_A "node" type and the "aspect"
            of its box, width / height), scored by score_diagrams.py.
Derived from FC_A ink (research use only): write them under out/ (gitignored), never commit.
Python standard library only. Seeded per file: the same --seed gives the same drawing for a
file whatever the other files chosen.

usage: compose_real_layouts.py [--seed S] [--writers dev|heldout|all|N] DRAWINGS EXPECTED
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
from compose_diagrams import add, sub, mul, norm, rot  # noqa: E402
from compose_flowchart_diagrams import (DEV_WRITERS, HELDOUT_WRITERS,  # noqa: E402
                                        writer_number, extent, refuse_committable_output)

SHARED = os.path.join(HERE, "..", "..", "..", "shared", "datasets")
FLOWCHARTS = os.path.join(SHARED, "fc-flowcharts")
DOLLAR = os.path.join(SHARED, "dollar-gestures")
INK = "{http://www.w3.org/2003/InkML}"
FML = "{LUNAM/IRCCyN/FlowchartML}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
NODE_TYPES = ("process", "decision", "data", "terminator", "connection")
CONNECTION_SHARE = 0.3  # as compose_flowchart_diagrams.state_strokes


class Incomplete(Exception):
    """A flowchart whose annotation does not say what every stroke is."""


def read_flowchart(path):
    """The traces (in stroke order), nodes, arrows, texts and symbol groups of one file."""
    root = ET.parse(path).getroot()
    traces = []
    for t in root.iter(INK + "trace"):
        pts = [tuple(map(float, p.split()[:2])) for p in (t.text or "").split(",") if p.strip()]
        traces.append((t.get("id"), pts))
    flow = root.find(".//" + FML + "flowchart")
    if flow is None:
        raise Incomplete("no FlowchartML block")
    nodes, arrows, texts = {}, {}, {}
    for el in flow:
        tag = el.tag.replace(FML, "")
        if tag == "node":
            nodes[el.get(XML_ID)] = el.get("type")
        elif tag == "arrow":
            arrows[el.get(XML_ID)] = (el.get("source"), el.get("target"))
        for t in el.iter(FML + "text"):
            texts[t.get(XML_ID)] = (tag, el.get(XML_ID), (t.text or "").strip())
    groups = []
    for g in root.iter(INK + "traceGroup"):
        a = g.find(INK + "annotation")
        views = [v.get("traceDataRef") for v in g.findall(INK + "traceView")]
        if a is None or not views:
            continue
        ref = g.find(INK + "annotationXML")
        groups.append((a.text.strip(), views, ref.get("href") if ref is not None else None))
    return traces, nodes, arrows, texts, groups


def one_stroke_connections(paths):
    """{writer number: [connection strokes drawn in one stroke]} of the given files."""
    out = {}
    for path in paths:
        traces, _, _, _, groups = read_flowchart(path)
        ink = dict(traces)
        for truth, views, _ in groups:
            if truth == "connection" and len(views) == 1 and len(ink.get(views[0], [])) >= 8:
                out.setdefault(writer_number(path), []).append(ink[views[0]])
    return out


def stretched_circle(rng, circle, box):
    """`circle` turned by a random angle (mirrored half the time), then scaled on each axis
    so its bounding box is `box` (x0, y0, x1, y1)."""
    turn, mirror = rng.uniform(0, 2 * math.pi), rng.random() < 0.5
    pts = [rot(((-p[0] if mirror else p[0]), p[1]), turn) for p in circle]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    w, h = max(max(xs) - min(xs), 1e-9), max(max(ys) - min(ys), 1e-9)
    x0, y0, x1, y1 = box
    return [(x0 + (p[0] - min(xs)) * (x1 - x0) / w, y0 + (p[1] - min(ys)) * (y1 - y0) / h)
            for p in pts]


def box_of(strokes):
    pts = [p for s in strokes for p in s]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def label_text(word):
    """A word's one-character symbol: its first letter or digit, lower case."""
    m = re.search(r"[0-9A-Za-z]", word)
    return m.group(0).lower() if m else None


def convert(path, rng, circles, connections):
    """(drawing document, expected) of one flowchart; raises Incomplete."""
    traces, nodes, arrows, texts, groups = read_flowchart(path)
    ink = dict(traces)
    role = {}                      # trace id → ("node", id) | ("arrow", id) | ("label", text id) | ("word", k)
    outline = {n: [] for n in nodes}
    arrow_strokes = {a: [] for a in arrows}
    label_ink = {}
    for k, (truth, views, href) in enumerate(groups):
        if truth in NODE_TYPES:
            if href not in nodes:
                raise Incomplete(f"a {truth} group refers to no node ({href})")
            outline[href] += views
            who = ("node", href)
        elif truth == "arrow":
            if href not in arrows:
                raise Incomplete(f"an arrow group refers to no arrow ({href})")
            arrow_strokes[href] += views
            who = ("arrow", href)
        elif truth == "text":
            owner = texts.get(href)
            if owner and owner[0] == "arrow":
                label_ink.setdefault(href, []).extend(views)
                who = ("label", href)
            else:
                who = ("word", k)   # words inside nodes, free text: handwriting
        else:
            raise Incomplete(f"unknown truth '{truth}'")
        for v in views:
            if v in role:
                raise Incomplete(f"trace {v} in two groups")
            role[v] = who
    for tid, _ in traces:
        if tid not in role:
            raise Incomplete(f"trace {tid} in no group")
    for n, views in outline.items():
        if not views:
            raise Incomplete(f"node {n} has no outline strokes")
    for a, (s, t) in arrows.items():
        if s not in nodes or t not in nodes or not arrow_strokes[a]:
            raise Incomplete(f"arrow {a} does not join two drawn nodes")

    node_index = {n: k for k, n in enumerate(nodes)}
    strokes, placed = [], {}
    stroke_groups = {}            # ("node"|"arrow"|"word", id) → stroke indices in the drawing
    states = [None] * len(nodes)
    writer = writer_number(path)
    others = [c for w, cs in connections.items() if w != writer for c in cs]
    for tid, pts in traces:
        kind, ident = role[tid]
        if kind == "label":
            continue
        if kind == "node":
            if ident in placed:
                continue
            box = box_of([ink[v] for v in outline[ident]])
            source = rng.choice(others) if others and rng.random() < CONNECTION_SHARE \
                else rng.choice(circles)
            pts = stretched_circle(rng, source, box)
            placed[ident] = True
            states[node_index[ident]] = {
                "node": nodes[ident], "box": box,
                "center": ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                "radius": ((box[2] - box[0]) + (box[3] - box[1])) / 4}
        stroke_groups.setdefault((kind, ident), []).append(len(strokes))
        strokes.append(pts)

    shaft = {a: max(stroke_groups[("arrow", a)], key=lambda i: extent(strokes[i]))
             for a in arrows}
    carriers = list(arrows)       # every FC_A arrow has a source: all are transitions
    heard = {a: set() for a in arrows}
    labels, ambiguous = [], 0
    for text_id, views in label_ink.items():
        text = label_text(texts[text_id][2])
        if text is None:
            continue
        box = box_of([ink[v] for v in views])
        point = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        own = texts[text_id][1]
        dist = {a: base.dist_to_polyline(point, strokes[shaft[a]]) for a in carriers}
        nearest = min(carriers, key=lambda a: (dist[a], carriers.index(a)))
        other = min([d for a, d in dist.items() if a != own] or [math.inf])
        ambiguous += dist[own] > 0.6 * other
        heard[nearest].add(text)
        labels.append({"text": text, "x": round(point[0], 2), "y": round(point[1], 2)})

    groups_out = []
    for n in nodes:
        groups_out.append({"kind": "state", "strokes": stroke_groups[("node", n)],
                           "state": node_index[n]})
    transitions = []
    for a, (s, t) in arrows.items():
        groups_out.append({"kind": "arrow", "strokes": stroke_groups[("arrow", a)],
                           "from": node_index[s], "to": node_index[t]})
        transitions.append({"from": node_index[s], "to": node_index[t],
                            "symbols": sorted(heard[a]), "epsilon": False})
    for (kind, ident), indices in stroke_groups.items():
        if kind == "word":
            groups_out.append({"kind": "word", "strokes": indices})
    doc = {"strokes": [[{"x": round(x, 2), "y": round(y, 2)} for x, y in s] for s in strokes],
           "labels": labels, "inputs": []}
    expected = {"file": os.path.basename(path), "groups": groups_out, "automaton": {
        "states": [{"center": {"x": round(s["center"][0], 2), "y": round(s["center"][1], 2)},
                    "radius": round(s["radius"], 2), "initial": False, "final": False,
                    "node": s["node"], "aspect": round((s["box"][2] - s["box"][0])
                                                       / max(s["box"][3] - s["box"][1], 1e-9), 2)}
                   for s in states],
        "transitions": transitions}, "ambiguousLabels": ambiguous}
    return doc, expected


def chosen(writers):
    group = {"dev": DEV_WRITERS, "heldout": HELDOUT_WRITERS,
             "all": DEV_WRITERS + HELDOUT_WRITERS}
    if writers in group:
        return group[writers], group[writers]
    n = int(writers)
    split = DEV_WRITERS if n in DEV_WRITERS else HELDOUT_WRITERS if n in HELDOUT_WRITERS \
        else None
    if split is None:
        raise SystemExit(f"writer {n} is in neither split (dev {DEV_WRITERS}, "
                         f"held-out {HELDOUT_WRITERS})")
    return (n,), split


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("drawings")
    ap.add_argument("expected")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--writers", default="heldout",
                    help="dev, heldout, all, or one writer's number")
    ap.add_argument("--flowcharts", default=FLOWCHARTS)
    ap.add_argument("--dollar", default=DOLLAR)
    args = ap.parse_args()
    refuse_committable_output(args.drawings, args.expected)
    drawn, split = chosen(args.writers)
    paths = sorted(glob.glob(os.path.join(args.flowcharts, "writer*.inkml")))
    circles = base.load(args.dollar, "circle")
    connections = one_stroke_connections([p for p in paths if writer_number(p) in split])
    paths = [p for p in paths if writer_number(p) in drawn]
    if not paths or not circles:
        sys.exit(f"no flowcharts of writers '{args.writers}' under {args.flowcharts} or no "
                 f"circles under {args.dollar}")
    written, skipped = 0, []
    counts = {"states": 0, "arrows": 0, "labels": 0, "ambiguous": 0, "words": 0, "strokes": 0}
    with open(args.drawings, "w", encoding="utf-8") as fd, \
         open(args.expected, "w", encoding="utf-8") as fe:
        for path in paths:
            rng = random.Random(f"{args.seed}:{os.path.basename(path)}")
            try:
                doc, expected = convert(path, rng, circles, connections)
            except Incomplete as e:
                skipped.append(f"{os.path.basename(path)}: {e}")
                continue
            fd.write(json.dumps(doc, separators=(",", ":")) + "\n")
            fe.write(json.dumps({"id": written, **expected}, separators=(",", ":")) + "\n")
            written += 1
            counts["states"] += len(expected["automaton"]["states"])
            counts["arrows"] += len(expected["automaton"]["transitions"])
            counts["labels"] += len(doc["labels"])
            counts["ambiguous"] += expected["ambiguousLabels"]
            counts["words"] += sum(g["kind"] == "word" for g in expected["groups"])
            counts["strokes"] += len(doc["strokes"])
    for line in skipped:
        print(f"skipped {line}", file=sys.stderr)
    print(f"wrote {written} real layouts of {args.writers} writers (seed {args.seed}; "
          f"{len(skipped)} files skipped): {counts['states']} states, {counts['arrows']} "
          f"transitions, {counts['labels']} typed labels ({counts['ambiguous']} ambiguous), "
          f"{counts['words']} handwritten words, {counts['strokes']} strokes",
          file=sys.stderr)


if __name__ == "__main__":
    main()
