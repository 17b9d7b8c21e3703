#!/usr/bin/env python3
"""Seeded generator of hand-like single pen strokes: circle, arrow, cycle.

Python 3 standard library only. The output is deterministic for a given --seed: all randomness
comes from the SplitMix64 below (integer arithmetic), every sample has its own generator derived
from (seed, class, index), and coordinates are written rounded to 0.1.

Classes (one stroke each, as drawn in a hand-drawn finite-automata editor):
  circle  a state: an ellipse-like loop, open or overlapping at the ends, with wobble.
  arrow   a transition: a straight or bent shaft, then the head in the same stroke.
  cycle   a self-loop: a curl, arch or loop of about 115-340 degrees ending in an arrow head.

Each file is a turicreate stroke list: a JSON array of strokes, each an array of
{"x": .., "y": ..} points (y grows downwards), for example
datasets/synthetic-strokes/arrow/arrow-0007.json.

  Lab/scripts/generate_strokes.py --seed 2026 --per-class 300 --out datasets/synthetic-strokes
"""

import argparse
import json
import math
import os
import sys

CLASSES = ("arrow", "circle", "cycle")
MASK64 = (1 << 64) - 1
TAU = 2.0 * math.pi


# ----------------------------------------------------------------------------- random

class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014): the same sequence on every Python version."""

    def __init__(self, seed):
        self.state = seed & MASK64

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def random(self):
        """Uniform in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def uniform(self, low, high):
        return low + (high - low) * self.random()

    def log_uniform(self, low, high):
        return low * math.exp(math.log(high / low) * self.random())

    def normal(self, mean=0.0, sigma=1.0):
        """Box-Muller, one value per call (no hidden cached state)."""
        u1 = 1.0 - self.random()  # (0, 1]
        u2 = self.random()
        return mean + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(TAU * u2)

    def clipped_normal(self, mean, sigma, low, high):
        return min(high, max(low, self.normal(mean, sigma)))

    def chance(self, probability):
        return self.random() < probability

    def sign(self):
        return 1.0 if self.random() < 0.5 else -1.0

    def pick(self, weighted):
        """Pick a key from a list of (key, weight) pairs."""
        total = sum(w for _, w in weighted)
        r = self.random() * total
        for key, weight in weighted:
            r -= weight
            if r < 0:
                return key
        return weighted[-1][0]


def sample_rng(seed, class_index, index):
    """An independent generator per sample: adding samples never changes earlier ones."""
    mixer = SplitMix64(seed)
    base = mixer.next_u64()
    return SplitMix64(base ^ ((class_index + 1) * 0xD1B54A32D192ED03 + index * 0x9E3779B97F4A7C15))


# ----------------------------------------------------------------------------- paths
# A path is a dense polyline [(x, y), ...] of the ideal motion; `corners` marks indices where
# the pen turns sharply (the pen slows down there).

def rotate(point, angle):
    c, s = math.cos(angle), math.sin(angle)
    return (point[0] * c - point[1] * s, point[0] * s + point[1] * c)


def direction(angle):
    return (math.cos(angle), math.sin(angle))


def line(a, b, step=1.0):
    n = max(2, int(math.hypot(b[0] - a[0], b[1] - a[1]) / step) + 1)
    return [(a[0] + (b[0] - a[0]) * i / (n - 1), a[1] + (b[1] - a[1]) * i / (n - 1))
            for i in range(n)]


def quadratic(a, control, b, step=1.0):
    length = math.hypot(control[0] - a[0], control[1] - a[1]) + \
        math.hypot(b[0] - control[0], b[1] - control[1])
    n = max(3, int(length / step) + 1)
    out = []
    for i in range(n):
        t = i / (n - 1)
        u = 1 - t
        out.append((u * u * a[0] + 2 * u * t * control[0] + t * t * b[0],
                    u * u * a[1] + 2 * u * t * control[1] + t * t * b[1]))
    return out


def append(path, piece):
    """Append a piece that starts where the path ends (the shared point is not repeated)."""
    path.extend(piece[1:] if path else piece)


def arc_length(path):
    lengths = [0.0]
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        lengths.append(lengths[-1] + math.hypot(bx - ax, by - ay))
    return lengths


def heading(path, from_end=True, span=6.0):
    """Direction (radians) of the path's last (or first) `span` units of travel."""
    pts = path[::-1] if from_end else path
    end = pts[0]
    travelled, other = 0.0, pts[0]
    for p in pts[1:]:
        travelled += math.hypot(p[0] - other[0], p[1] - other[1])
        other = p
        if travelled >= span:
            break
    if from_end:
        return math.atan2(end[1] - other[1], end[0] - other[0])
    return math.atan2(other[1] - end[1], other[0] - end[0])


def extend(path, length, turn, step=1.0):
    """Continue the path from its end for `length` units, turning by `turn` radians on the way."""
    angle = heading(path, span=4.0)
    n = max(2, int(length / step))
    x, y = path[-1]
    out = [(x, y)]
    for i in range(n):
        a = angle + turn * (i + 0.5) / n
        x += math.cos(a) * length / n
        y += math.sin(a) * length / n
        out.append((x, y))
    append(path, out)


def prepend(path, length, turn, step=1.0):
    """Add a lead-in of `length` units before the path's start, curving by `turn` radians."""
    reversed_path = path[::-1]
    extend(reversed_path, length, turn, step)
    path[:] = reversed_path[::-1]


# ----------------------------------------------------------------------------- arrow heads

HEAD_STYLES = (
    ("out-back-out", 55),   # tip -> barb 1 -> back to the tip -> barb 2 (the $1 arrow)
    ("triangle", 8),        # tip -> barb 1 -> barb 2 -> tip (a closed head)
    ("open-v", 14),         # tip -> barb 1 -> barb 2 (the head's base drawn, no return)
    ("one-barb", 10),       # tip -> barb 1 only
    ("hook-back", 13),      # tip -> barb 1 -> back to the tip -> a second barb nearer the shaft
)
# A self-loop's head is larger relative to the drawing; a closed triangle there reads as a blob.
LOOP_HEAD_STYLES = (("out-back-out", 55), ("triangle", 3), ("open-v", 18), ("one-barb", 12),
                    ("hook-back", 12))


def arrow_head(rng, tip, angle, length, spread, style, turn_first):
    """Append-ready points of a one-stroke head whose tip is `tip` and that points along `angle`.

    length: barb length; spread: barb half-angle (radians); turn_first: +1 or -1, which barb first.
    Returns (points, corner offsets within the points).
    """
    lengths = [length * rng.uniform(0.75, 1.2), length * rng.uniform(0.75, 1.2)]
    spreads = [spread * rng.uniform(0.75, 1.25), spread * rng.uniform(0.75, 1.25)]
    back = angle + math.pi
    barbs = []
    for k, side in enumerate((turn_first, -turn_first)):
        a = back + side * spreads[k]
        barbs.append((tip[0] + lengths[k] * math.cos(a), tip[1] + lengths[k] * math.sin(a)))

    def bent(a, b):
        # barbs are rarely perfectly straight
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        d = math.hypot(b[0] - a[0], b[1] - a[1])
        nx, ny = -(b[1] - a[1]) / (d or 1), (b[0] - a[0]) / (d or 1)
        bow = rng.normal(0, 0.08) * d
        return quadratic(a, (mx + nx * bow, my + ny * bow), b, step=0.7)

    def near_tip():
        jitter = length * rng.uniform(0.0, 0.15)
        a = rng.uniform(0, TAU)
        return (tip[0] + jitter * math.cos(a), tip[1] + jitter * math.sin(a))

    points, corners = [tip], [0]
    if style == "out-back-out":
        append(points, bent(tip, barbs[0]))
        corners.append(len(points) - 1)
        again = near_tip()
        append(points, bent(barbs[0], again))
        corners.append(len(points) - 1)
        # the second barb starts from where the pen came back to
        append(points, bent(again, barbs[1]))
    elif style == "triangle":
        append(points, bent(tip, barbs[0]))
        corners.append(len(points) - 1)
        append(points, bent(barbs[0], barbs[1]))
        corners.append(len(points) - 1)
        append(points, bent(barbs[1], near_tip()))
    elif style == "open-v":
        append(points, bent(tip, barbs[0]))
        corners.append(len(points) - 1)
        append(points, bent(barbs[0], barbs[1]))
    elif style == "one-barb":
        append(points, bent(tip, barbs[0]))
    else:  # hook-back
        append(points, bent(tip, barbs[0]))
        corners.append(len(points) - 1)
        end = (tip[0] + math.cos(back + turn_first * spreads[1] * 0.3) * lengths[1],
               tip[1] + math.sin(back + turn_first * spreads[1] * 0.3) * lengths[1])
        mid = near_tip()
        append(points, bent(barbs[0], mid))
        corners.append(len(points) - 1)
        append(points, bent(mid, barbs[1]) if rng.chance(0.5) else bent(mid, end))
    return points, corners


def add_head(rng, path, corners, head_angle, length, spread, styles=HEAD_STYLES):
    style = rng.pick(styles)
    head, head_corners = arrow_head(rng, path[-1], head_angle, length, spread, style, rng.sign())
    offset = len(path) - 1
    append(path, head)
    corners.extend(offset + c for c in head_corners)


# ----------------------------------------------------------------------------- classes

def make_circle(rng):
    """An ellipse-like loop drawn in one go, usually started near the top; the end overlaps
    the start for a while (sometimes leaves a gap) and often hooks inwards as the pen lifts."""
    diameter = rng.log_uniform(75, 160)
    a = diameter / 2
    b = a * rng.clipped_normal(0.77, 0.12, 0.4, 1.02)
    tilt = rng.pick(((0, 72), (1, 17), (2, 11)))
    if tilt == 0:
        tilt = rng.normal(-0.12, 0.3)              # wider than tall, often rising to the right
    elif tilt == 1:
        tilt = math.pi / 2 + rng.normal(0, 0.22)   # taller than wide
    else:
        tilt = rng.uniform(0, math.pi)
    clockwise = rng.chance(0.45)
    # the start is usually near the top of the drawing (y down: -pi/2 is up)
    start = (-math.pi / 2 + rng.normal(0.15, 0.4)) if rng.chance(0.8) else rng.uniform(0, TAU)
    start -= tilt  # measured in the ellipse's own frame
    overshoot = rng.clipped_normal(0.55, 0.35, -0.4, 1.4)
    if rng.chance(0.05):
        overshoot = rng.uniform(1.4, 2.6)  # a second partial lap
    sweep = TAU + overshoot
    drift = rng.normal(-0.02, 0.05)            # radius change start -> end
    center_drift = (rng.normal(0, 0.035) * a, rng.normal(0, 0.035) * a)
    harmonics = [(rng.uniform(0, 0.08), rng.uniform(0, TAU)),
                 (rng.uniform(0, 0.05), rng.uniform(0, TAU))]
    sign = 1.0 if clockwise else -1.0
    n = max(40, int(sweep * a / 1.0))
    path = []
    for i in range(n + 1):
        t = i / n
        theta = start + sign * sweep * t
        radius = 1 + drift * t + harmonics[0][0] * math.cos(2 * theta + harmonics[0][1]) \
            + harmonics[1][0] * math.cos(3 * theta + harmonics[1][1])
        p = (a * radius * math.cos(theta), b * radius * math.sin(theta))
        p = rotate(p, tilt)
        path.append((p[0] + center_drift[0] * t, p[1] + center_drift[1] * t))
    if rng.chance(0.8):
        # the pen lifts with an inward hook (into the loop, often at the top)
        extend(path, diameter * rng.uniform(0.04, 0.22), sign * rng.uniform(0.5, 2.2))
    if rng.chance(0.3):
        # a small landing tick before the loop proper
        prepend(path, diameter * rng.uniform(0.02, 0.08), sign * rng.uniform(-1.5, 1.5))
    return path, [], diameter


def arrow_angle(rng):
    kind = rng.pick((("right", 36), ("left", 8), ("down", 10), ("up", 8), ("diagonal", 16),
                     ("any", 22)))
    if kind == "any":
        return rng.uniform(0, TAU)
    if kind == "diagonal":
        return math.pi / 4 + (math.pi / 2) * int(rng.random() * 4) + rng.normal(0, 0.15)
    base = {"right": 0.0, "down": math.pi / 2, "left": math.pi, "up": -math.pi / 2}[kind]
    return base + rng.normal(0, 0.1)


def make_arrow(rng):
    """A shaft (straight or bent) from tail to tip, then a one-stroke head."""
    length = rng.log_uniform(80, 240)
    angle = arrow_angle(rng)
    bend = rng.normal(0, 0.03) if rng.chance(0.88) else rng.normal(0, 0.1)
    tail = (0.0, 0.0)
    tip = (length, 0.0)
    control = (length * rng.uniform(0.35, 0.65), 2 * bend * length)
    shaft = quadratic(tail, control, tip)
    shaft = [rotate(p, angle) for p in shaft]
    head_angle = heading(shaft, span=max(6.0, 0.08 * length))
    head_angle += rng.normal(0, 0.07)
    head_length = max(8.0, length * rng.clipped_normal(0.17, 0.05, 0.09, 0.32))
    spread = rng.clipped_normal(0.42, 0.11, 0.24, 0.75)
    path, corners = list(shaft), []
    add_head(rng, path, corners, head_angle, head_length, spread)
    return path, corners, length


def make_cycle(rng):
    """A self-loop: an elliptic arc over the top, a tail, and a head at its end, in one stroke.

    Canonical frame (before a mirror and a rotation): the loop stands above its state and is
    drawn clockwise on screen (y down), starting low on the left, over the top and down the
    right. Three kinds:
      curl  ~200-320 degrees, then the tail bends in towards the lower middle (like "@");
      arch  ~150-240 degrees (like "n"), the tail drops down to the head at the right foot;
      loop  nearly closed (~300-350 degrees), a short tail.
    """
    diameter = rng.log_uniform(55, 180)
    a = diameter / 2
    kind = rng.pick((("curl", 62), ("arch", 28), ("loop", 10)))
    if kind == "arch":
        b = a * rng.clipped_normal(0.8, 0.15, 0.45, 1.15)
        start = rng.clipped_normal(math.radians(180), math.radians(15), math.radians(140),
                                   math.radians(215))
        sweep = rng.clipped_normal(math.radians(170), math.radians(28), math.radians(115),
                                   math.radians(235))
        shrink = rng.clipped_normal(1.0, 0.08, 0.8, 1.2)
    elif kind == "curl":
        b = a * rng.clipped_normal(0.8, 0.17, 0.35, 1.2)
        start = rng.clipped_normal(math.radians(130), math.radians(25), math.radians(80),
                                   math.radians(200))
        sweep = rng.clipped_normal(math.radians(275), math.radians(30), math.radians(200),
                                   math.radians(330))
        shrink = rng.clipped_normal(0.95, 0.08, 0.75, 1.1)  # radius at the end / at the start
    else:
        b = a * rng.clipped_normal(0.85, 0.15, 0.5, 1.2)
        start = rng.clipped_normal(math.radians(110), math.radians(30), math.radians(45),
                                   math.radians(200))
        sweep = rng.clipped_normal(math.radians(315), math.radians(12), math.radians(290),
                                   math.radians(340))
        shrink = rng.clipped_normal(0.9, 0.1, 0.65, 1.1)
    harmonic = (rng.uniform(0, 0.07), rng.uniform(0, TAU))
    axis_tilt = rng.normal(math.radians(-12), math.radians(18))  # egg leaning to the right
    n = max(40, int(sweep * a / 1.0))
    path = []
    for i in range(n + 1):
        t = i / n
        theta = start + sweep * t
        radius = (1 + (shrink - 1) * t) * (1 + harmonic[0] * math.cos(2 * theta + harmonic[1]))
        path.append(rotate((a * radius * math.cos(theta), b * radius * math.sin(theta)),
                           axis_tilt))
    if kind == "arch" or rng.chance(0.25):
        # a lead-in from the state's rim, roughly along the arc's start
        prepend(path, diameter * rng.uniform(0.03, 0.25 if kind == "arch" else 0.15),
                rng.normal(0, 0.15))
    end = path[-1]
    if kind == "curl" and rng.chance(0.1):
        # no bend: the head sits on the rim at the arc's end
        extend(path, diameter * rng.uniform(0.0, 0.12) + 1.0, rng.normal(0.15, 0.3))
    elif kind == "curl":
        # bend in towards a point inside the loop, below its centre
        target = rotate((rng.uniform(-0.4, 0.35) * a, rng.uniform(0.05, 0.8) * b), axis_tilt)
        reach = math.hypot(target[0] - end[0], target[1] - end[1])
        along = heading(path, span=4.0)
        k = rng.uniform(0.2, 0.6) * reach
        control = (end[0] + k * math.cos(along), end[1] + k * math.sin(along))
        if reach > 2:
            append(path, quadratic(end, control, target))
    elif kind == "arch":
        # the right leg drops to the head, often long and straight
        extend(path, diameter * rng.uniform(0.15, 0.7), rng.normal(0, 0.2))
    else:
        extend(path, diameter * rng.uniform(0.0, 0.12) + 1.0, rng.normal(0.2, 0.3))
    corners = []
    head_angle = heading(path, span=max(5.0, 0.05 * diameter))
    head_angle += math.radians(rng.clipped_normal(3, 10, -25, 30))
    head_length = diameter * rng.clipped_normal(0.25, 0.07, 0.12, 0.42)
    spread = rng.clipped_normal(0.52, 0.12, 0.28, 0.9)
    add_head(rng, path, corners, head_angle, head_length, spread, LOOP_HEAD_STYLES)
    mirror = rng.chance(0.45)
    tilt = rng.normal(0, 0.3) if rng.chance(0.78) else rng.uniform(0, TAU)
    out = []
    for x, y in path:
        out.append(rotate((-x if mirror else x, y), tilt))
    return out, corners, diameter


# ----------------------------------------------------------------------------- pen model

def wobble(rng, path, size, amount):
    """Add a smooth 2-D displacement that varies along the arc length (hand unsteadiness)."""
    lengths = arc_length(path)
    total = lengths[-1] or 1.0
    waves = []
    for _ in range(4):
        cycles = rng.uniform(0.4, 3.5)
        amp = amount * size * rng.uniform(0.2, 1.0) / (1 + 0.5 * cycles)
        waves.append((cycles, amp, rng.uniform(0, TAU), rng.uniform(0, TAU), rng.uniform(0, TAU)))
    out = []
    for (x, y), s in zip(path, lengths):
        u = s / total
        dx = dy = 0.0
        for cycles, amp, phase_x, phase_y, _ in waves:
            dx += amp * math.sin(TAU * cycles * u + phase_x)
            dy += amp * math.sin(TAU * cycles * u + phase_y)
        out.append((x + dx, y + dy))
    return out


def speed_profile(rng, path, corners, size):
    """Relative pen speed at each dense point: slow at the ends and at sharp corners."""
    lengths = arc_length(path)
    total = lengths[-1] or 1.0
    ramp_in = rng.uniform(0.03, 0.15) * total
    ramp_out = rng.uniform(0.03, 0.15) * total
    corner_reach = rng.uniform(0.03, 0.08) * size
    corner_floor = rng.uniform(0.15, 0.45)
    modulation = [(rng.uniform(0.5, 3.0), rng.uniform(0.0, 0.3), rng.uniform(0, TAU))
                  for _ in range(2)]
    corner_positions = [lengths[c] for c in corners]
    speeds = []
    for s in lengths:
        v = min(1.0, 0.25 + 0.75 * s / ramp_in) * min(1.0, 0.3 + 0.7 * (total - s) / ramp_out)
        for c in corner_positions:
            d = abs(s - c)
            if d < corner_reach:
                v *= corner_floor + (1 - corner_floor) * d / corner_reach
        for cycles, depth, phase in modulation:
            v *= 1 + depth * math.sin(TAU * cycles * s / total + phase)
        speeds.append(max(v, 0.05))
    return lengths, speeds


def sample_by_time(rng, path, lengths, speeds, count):
    """Sample the path at (nearly) equal time steps: fast parts get sparse points."""
    times = [0.0]
    for i in range(1, len(path)):
        ds = lengths[i] - lengths[i - 1]
        times.append(times[-1] + ds * 2 / (speeds[i] + speeds[i - 1]))
    total = times[-1]
    out, j = [], 0
    steps = max(2, count)
    t = 0.0
    for k in range(steps):
        target = total * k / (steps - 1)
        if 0 < k < steps - 1:
            target += rng.uniform(-0.3, 0.3) * total / (steps - 1)  # clock jitter
        target = min(max(target, t), total)
        t = target
        while j < len(times) - 2 and times[j + 1] < target:
            j += 1
        span = times[j + 1] - times[j]
        f = 0.0 if span <= 0 else min(1.0, max(0.0, (target - times[j]) / span))
        (ax, ay), (bx, by) = path[j], path[j + 1]
        out.append((ax + (bx - ax) * f, ay + (by - ay) * f))
    return out


def pen_stroke(rng, path, corners, size, count):
    path = wobble(rng, path, size, rng.uniform(0.006, 0.03))
    lengths, speeds = speed_profile(rng, path, corners, size)
    points = sample_by_time(rng, path, lengths, speeds, count)
    tremor = rng.uniform(0.05, 0.5)
    return [(x + rng.normal(0, tremor), y + rng.normal(0, tremor)) for x, y in points]


POINT_COUNTS = {"circle": (30, 180), "arrow": (25, 150), "cycle": (35, 200)}
MAKERS = {"circle": make_circle, "arrow": make_arrow, "cycle": make_cycle}


def make_drawing(rng, cls):
    path, corners, size = MAKERS[cls](rng)
    count = int(rng.log_uniform(*POINT_COUNTS[cls]))
    points = pen_stroke(rng, path, corners, size, count)
    # place it somewhere on a screen-like canvas
    min_x = min(p[0] for p in points)
    min_y = min(p[1] for p in points)
    ox, oy = rng.uniform(20, 500) - min_x, rng.uniform(20, 700) - min_y
    return [[(x + ox, y + oy) for x, y in points]]


def format_drawing(strokes):
    def number(v):
        text = f"{round(v, 1):.1f}"
        return "0.0" if text == "-0.0" else text
    parts = []
    for stroke in strokes:
        parts.append("[" + ",".join(f'{{"x":{number(x)},"y":{number(y)}}}' for x, y in stroke)
                     + "]")
    return "[" + ",".join(parts) + "]\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=2026, help="master seed (default 2026)")
    parser.add_argument("--per-class", type=int, default=300, help="drawings per class")
    parser.add_argument("--out", default="datasets/synthetic-strokes", help="output folder")
    parser.add_argument("--classes", default=",".join(CLASSES), help="comma-separated classes")
    args = parser.parse_args()
    if not 0 < args.per_class <= 100000:
        parser.error("--per-class must be between 1 and 100000")
    for cls in args.classes.split(","):
        if cls not in CLASSES:
            parser.error(f"unknown class {cls!r}; expected one of {', '.join(CLASSES)}")
        folder = os.path.join(args.out, cls)
        os.makedirs(folder, exist_ok=True)
        class_index = CLASSES.index(cls)
        for index in range(args.per_class):
            rng = sample_rng(args.seed, class_index, index)
            text = format_drawing(make_drawing(rng, cls))
            json.loads(text)  # self-check: always valid JSON
            path = os.path.join(folder, f"{cls}-{index:04d}.json")
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(tmp, path)
        print(f"{cls}: {args.per_class} drawings in {folder}", file=sys.stderr)


if __name__ == "__main__":
    main()
