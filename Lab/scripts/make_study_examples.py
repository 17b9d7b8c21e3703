#!/usr/bin/env python3
"""Writes the drawings of the original usability study's last two tasks to examples/:
  examples/study-10-star.json         L = (10)*
  examples/study-starts-with-011.json L = {w in {0,1}* : w starts with 011}
Strokes are drawn by the helpers below (circles with a small overlap, arrows with the head
drawn in the same stroke, self-loops above a state), with typed labels and words to run.
Deterministic: the small wobble comes from fixed sines. Python 3 standard library only.
  Lab/scripts/make_study_examples.py && fa-recognize examples/study-10-star.json --expect-regex '(10)*'
"""

import json
import math


def pt(x, y):
    return {"x": round(x, 1), "y": round(y, 1)}


def circle(cx, cy, r, phase=0.0):
    points = []
    for i in range(48):
        t = -2.2 + phase + 2 * math.pi * 1.06 * i / 47
        wobble = 1 + 0.03 * math.sin(3 * t + phase)
        points.append(pt(cx + r * wobble * math.cos(t), cy + r * wobble * math.sin(t)))
    return points


def head(x0, y0, x1, y1):
    """The two barbs at (x1, y1) for a shaft arriving from (x0, y0), drawn out and back."""
    angle = math.atan2(y1 - y0, x1 - x0)
    points = []
    for side in (1, -1):
        a = angle + math.pi - side * 0.5
        bx, by = x1 + 14 * math.cos(a), y1 + 14 * math.sin(a)
        steps = 5
        points += [pt(x1 + (bx - x1) * k / steps, y1 + (by - y1) * k / steps) for k in range(1, steps + 1)]
        if side == 1:
            points += [pt(bx + (x1 - bx) * k / steps, by + (y1 - by) * k / steps) for k in range(1, steps + 1)]
    return points


def arrow(x0, y0, x1, y1, bend=0.0):
    """A shaft from (x0, y0) to (x1, y1), bowed sideways by `bend`, then its head."""
    n = max(8, int(math.hypot(x1 - x0, y1 - y0) / 4))
    nx, ny = -(y1 - y0), x1 - x0
    length = math.hypot(nx, ny)
    nx, ny = nx / length, ny / length
    points = []
    for i in range(n + 1):
        t = i / n
        b = bend * 4 * t * (1 - t) + 0.8 * math.sin(9 * t)
        points.append(pt(x0 + (x1 - x0) * t + nx * b, y0 + (y1 - y0) * t + ny * b))
    tail = points[-3]
    return points + head(tail["x"], tail["y"], x1, y1)


def loop(cx, cy, r):
    """A self-loop above the state at (cx, cy) of radius r, ending in a head."""
    points = []
    for i in range(31):
        t = math.pi * (0.75 + 1.5 * i / 30)  # from lower left, over the top, to lower right
        points.append(pt(cx + 28 * math.cos(t) * -1, cy - r - 22 + 28 * math.sin(t)))
    tail = points[-3]
    return points + head(tail["x"], tail["y"], points[-1]["x"], points[-1]["y"])


def drawing(states, finals, transitions, loops, inputs):
    strokes, labels = [], []
    for i, (x, y) in enumerate(states):
        strokes.append(circle(x, y, 38, phase=0.3 * i))
    for s in finals:
        x, y = states[s]
        strokes.append(circle(x, y, 48, phase=1.0))
    x, y = states[0]
    strokes.append(arrow(x - 110, y, x - 42, y))
    for a, b, text, bend in transitions:
        (xa, ya), (xb, yb) = states[a], states[b]
        sign = 1 if xb > xa else -1
        strokes.append(arrow(xa + sign * 42, ya + bend * 0.3, xb - sign * 42, yb + bend * 0.3,
                             bend=bend))
        labels.append({"text": text, "x": round((xa + xb) / 2), "y": round(ya + bend * 1.3 - 18 * sign)})
    for s, texts in loops:
        x, y = states[s]
        strokes.append(loop(x, y, 38))
        for k, text in enumerate(texts):
            labels.append({"text": text, "x": round(x - 10 + 20 * k), "y": round(y - 38 - 62)})
    return {"strokes": strokes, "labels": labels, "inputs": inputs}


def write(path, document):
    with open(path, "w") as f:
        f.write("{\"strokes\":[\n")
        f.write(",\n".join("  " + json.dumps(s, separators=(",", ":")) for s in document["strokes"]))
        f.write("\n],\n\"labels\":" + json.dumps(document["labels"], ensure_ascii=False))
        f.write(",\n\"inputs\":" + json.dumps(document["inputs"]) + "}\n")


write("examples/study-10-star.json", drawing(
    states=[(150, 150), (360, 150)], finals=[0],
    transitions=[(0, 1, "1", -10), (1, 0, "0", -10)], loops=[],
    inputs=["", "10", "1010", "1", "101", "0"]))
write("examples/study-starts-with-011.json", drawing(
    states=[(150, 200), (330, 200), (510, 200), (690, 200)], finals=[3],
    transitions=[(0, 1, "0", 0), (1, 2, "1", 0), (2, 3, "1", 0)], loops=[(3, ["0", "1"])],
    inputs=["011", "0110", "01101", "01", "111", ""]))
