#!/usr/bin/env python3
"""Render stroke files to 28x28 PNGs in the MNIST Maker look, and build comparison montages.

Python 3 standard library only. This is a viewing tool for checking the synthetic strokes
against the real automata-editor PNGs by eye and by simple numbers; the committed PNGs are
produced by the project's own rasterizer, not by this script.

The look imitated: a round, anti-aliased pen whose width is fixed in the drawing's own units
(so a small drawing gets a thicker line after scaling), the drawing's bounds (including the
pen) fitted into the square keeping the aspect ratio, centred, white ink on black, each
output pixel the average of a supersampled block (area averaging).

Examples:
  Lab/scripts/preview_strokes.py montage --strokes datasets/synthetic-strokes \
      --real ../shared/datasets/automata-editor --per-class 30 --out /tmp/montage.png
  Lab/scripts/preview_strokes.py render --strokes datasets/synthetic-strokes --out /tmp/png
  Lab/scripts/preview_strokes.py stats --strokes datasets/synthetic-strokes \
      --real ../shared/datasets/automata-editor
"""

import argparse
import json
import math
import os
import re
import struct
import sys
import zlib

CLASSES = ("arrow", "circle", "cycle")

# Pen width in drawing units. The generator draws at screen-like point sizes; this width was
# tuned so that the previews' mean pixel per class lands near the real PNGs' (see `stats`).
DEFAULT_PEN = 3.6
SIZE = 28
SUPERSAMPLE = 5


# ----------------------------------------------------------------------------- PNG I/O

def read_png_gray(path):
    """Decode an 8-bit, non-interlaced PNG (gray, gray+alpha, RGB, RGBA) to rows of gray."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"file {path}: not a PNG (bad signature)")
    pos, idat, width, height, channels = 8, [], 0, 0, 1
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace != 0 or color not in (0, 2, 4, 6):
                raise ValueError(f"file {path}: only 8-bit non-interlaced PNGs are supported")
            channels = {0: 1, 2: 3, 4: 2, 6: 4}[color]
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, prev, p = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[p], bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                guess = a + b - c
                pa, pb, pc = abs(guess - a), abs(guess - b), abs(guess - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([line[x * channels] for x in range(width)])
        prev = line
    return rows


def write_png_gray(path, rows):
    """Write rows of 0...255 values as an 8-bit grayscale PNG."""
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\x00" + bytes(row) for row in rows)

    def chunk(kind, body):
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))
    tmp = path + ".tmp"
    with open(tmp, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)


# ----------------------------------------------------------------------------- strokes

def load_strokes(path):
    """Read a turicreate stroke list (JSON) or a $1 gesture XML file as [[(x, y), ...], ...]."""
    with open(path, encoding="utf-8-sig") as handle:
        text = handle.read()
    if text.lstrip().startswith("<"):
        points = [(float(x), float(y)) for x, y in
                  re.findall(r'<Point X="([-0-9.]+)" Y="([-0-9.]+)"', text)]
        return [points]
    data = json.loads(text)
    if isinstance(data, dict):
        data = data["strokes"]
    return [[(float(p["x"]), float(p["y"])) for p in stroke] for stroke in data]


# ----------------------------------------------------------------------------- raster

def render(strokes, pen=DEFAULT_PEN, size=SIZE, supersample=SUPERSAMPLE, soften=0.12):
    """Rasterize strokes to size x size gray rows (white on black).

    The bounds of the points, grown by half the pen on every side, are scaled to fit the square
    keeping the aspect ratio and centred. Every supersampled subpixel within half a pen of the
    polyline is ink; each output pixel is the mean of its subpixels, then a light blur
    (`soften`) imitates the soft edges of the real PNGs.
    """
    points = [p for stroke in strokes for p in stroke]
    if not points:
        return [[0] * size for _ in range(size)]
    min_x = min(p[0] for p in points) - pen / 2
    max_x = max(p[0] for p in points) + pen / 2
    min_y = min(p[1] for p in points) - pen / 2
    max_y = max(p[1] for p in points) + pen / 2
    extent = max(max_x - min_x, max_y - min_y, 1e-6)
    grid = size * supersample
    scale = grid / extent
    off_x = (grid - (max_x - min_x) * scale) / 2 - min_x * scale
    off_y = (grid - (max_y - min_y) * scale) / 2 - min_y * scale
    radius = pen * scale / 2
    r2 = radius * radius
    ink = bytearray(grid * grid)
    for stroke in strokes:
        pts = [(x * scale + off_x, y * scale + off_y) for x, y in stroke]
        if len(pts) == 1:
            pts = pts * 2
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            x0 = max(0, int(math.floor(min(ax, bx) - radius)))
            x1 = min(grid - 1, int(math.ceil(max(ax, bx) + radius)))
            y0 = max(0, int(math.floor(min(ay, by) - radius)))
            y1 = min(grid - 1, int(math.ceil(max(ay, by) + radius)))
            for gy in range(y0, y1 + 1):
                cy = gy + 0.5
                base = gy * grid
                for gx in range(x0, x1 + 1):
                    if ink[base + gx]:
                        continue
                    cx = gx + 0.5
                    t = 0.0 if length2 == 0 else ((cx - ax) * dx + (cy - ay) * dy) / length2
                    t = 0.0 if t < 0 else 1.0 if t > 1 else t
                    ex, ey = ax + t * dx - cx, ay + t * dy - cy
                    if ex * ex + ey * ey <= r2:
                        ink[base + gx] = 1
    block = supersample * supersample
    coverage = []
    for y in range(size):
        row = []
        for x in range(size):
            total = 0
            for sy in range(y * supersample, (y + 1) * supersample):
                start = sy * grid + x * supersample
                total += sum(ink[start:start + supersample])
            row.append(total / block)
        coverage.append(row)
    if soften > 0:
        coverage = blur(coverage, soften)
    return [[min(255, int(round(255 * v))) for v in row] for row in coverage]


def blur(rows, side):
    """Separable [side, 1 - 2 side, side] blur (zero outside): the real PNGs' lines are soft,
    a one-pixel line peaks near 190 and spreads over two to three pixels."""
    size = len(rows)
    centre = 1 - 2 * side

    def one_pass(grid):
        out = []
        for row in grid:
            out.append([centre * row[x] + side * ((row[x - 1] if x > 0 else 0)
                        + (row[x + 1] if x + 1 < size else 0)) for x in range(size)])
        return out

    horizontal = one_pass(rows)
    transposed = [list(col) for col in zip(*horizontal)]
    return [list(col) for col in zip(*one_pass(transposed))]


# ----------------------------------------------------------------------------- files

def class_files(root, cls, ext, limit=None):
    folder = os.path.join(root, cls)
    if not os.path.isdir(folder):
        return []
    names = sorted(n for n in os.listdir(folder) if n.endswith(ext))
    if limit is not None and len(names) > limit:
        step = len(names) / limit  # spread the pick over the whole folder
        names = [names[int(i * step)] for i in range(limit)]
    return [os.path.join(folder, n) for n in names]


def image_stats(rows):
    """(mean pixel, ink pixels > 40, bounding width, bounding height) of one image."""
    flat = [v for row in rows for v in row]
    xs = [x for row in rows for x, v in enumerate(row) if v > 40]
    ys = [y for y, row in enumerate(rows) for v in row if v > 40]
    width = max(xs) - min(xs) + 1 if xs else 0
    height = max(ys) - min(ys) + 1 if ys else 0
    return sum(flat) / len(flat), len(xs), width, height


def montage(tiles, columns, scale=3, gap=2, background=70):
    """Lay 28x28 tiles (None = empty) out in a grid, each magnified `scale` times."""
    rows_n = (len(tiles) + columns - 1) // columns
    cell = SIZE * scale + gap
    width, height = columns * cell, rows_n * cell
    canvas = [[background] * width for _ in range(height)]
    for k, tile in enumerate(tiles):
        if tile is None:
            continue
        ox, oy = (k % columns) * cell, (k // columns) * cell
        for y in range(SIZE):
            for x in range(SIZE):
                v = tile[y][x]
                for dy in range(scale):
                    line = canvas[oy + y * scale + dy]
                    for dx in range(scale):
                        line[ox + x * scale + dx] = v
    return canvas


# ----------------------------------------------------------------------------- commands

def command_render(args):
    for cls in CLASSES:
        os.makedirs(os.path.join(args.out, cls), exist_ok=True)
        for path in class_files(args.strokes, cls, ".json"):
            name = os.path.splitext(os.path.basename(path))[0] + ".png"
            write_png_gray(os.path.join(args.out, cls, name), render(load_strokes(path), args.pen))


def command_montage(args):
    """Per class: `per-class` synthetic tiles, then a separator row, then as many real tiles."""
    columns, tiles = args.columns, []
    for cls in CLASSES:
        synthetic = [render(load_strokes(p), args.pen)
                     for p in class_files(args.strokes, cls, ".json", args.per_class)]
        real = [read_png_gray(p) for p in class_files(args.real, cls, ".png", args.per_class)] \
            if args.real else []
        for group in (synthetic, real):
            tiles += group + [None] * ((-len(group)) % columns)
            tiles += [None] * columns
    write_png_gray(args.out, montage(tiles, columns, scale=args.scale))
    print(f"wrote {args.out}", file=sys.stderr)


def summarize(label, values):
    columns = list(zip(*values))
    if not columns:
        return f"{label:22s} (none)"
    parts = []
    for name, column in zip(("mean", "inkpx", "bboxW", "bboxH"), columns):
        ordered = sorted(column)
        mean, median = sum(column) / len(column), ordered[len(ordered) // 2]
        parts.append(f"{name} {mean:5.1f} (median {median:5.1f})")
    return f"{label:22s} n={len(values):4d}  " + "  ".join(parts)


def command_stats(args):
    for cls in CLASSES:
        synthetic = [image_stats(render(load_strokes(p), args.pen))
                     for p in class_files(args.strokes, cls, ".json", args.limit)]
        print(summarize(f"synthetic {cls}", synthetic))
        if args.real:
            real = [image_stats(read_png_gray(p)) for p in class_files(args.real, cls, ".png")]
            print(summarize(f"real {cls}", real))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("render", "montage", "stats"):
        p = sub.add_parser(name)
        p.add_argument("--strokes", required=True, help="folder with <class>/*.json stroke files")
        p.add_argument("--pen", type=float, default=DEFAULT_PEN, help="pen width in drawing units")
        if name == "render":
            p.add_argument("--out", required=True, help="output folder for <class>/*.png")
        else:
            p.add_argument("--real", help="folder with real <class>/*.png files to compare with")
        if name == "montage":
            p.add_argument("--per-class", type=int, default=30, help="tiles per class and source")
            p.add_argument("--columns", type=int, default=15, help="tiles per montage row")
            p.add_argument("--scale", type=int, default=3, help="magnification of each tile")
            p.add_argument("--out", required=True, help="montage PNG to write")
        if name == "stats":
            p.add_argument("--limit", type=int, default=None, help="synthetic files per class")
    args = parser.parse_args()
    commands = {"render": command_render, "montage": command_montage, "stats": command_stats}
    commands[args.command](args)


if __name__ == "__main__":
    main()
