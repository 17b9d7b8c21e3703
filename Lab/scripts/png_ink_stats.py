#!/usr/bin/env python3
"""Ink statistics of the MNIST Maker PNGs (automata-editor), Python stdlib only.

Usage: python3 Lab/scripts/png_ink_stats.py [DATASET_DIR]   (default ../shared/datasets/automata-editor)

Decodes each 28x28 8-bit gray non-interlaced PNG with zlib (undoing the five PNG row filters)
and prints, per class, the mean and spread of the statistics that `InkStatistics` computes
in Swift with the same definitions (see docs/rasterizer.md):
  mean      mean pixel value (0...255)
  over128   fraction of pixels > 128
  width     apparent stroke width: mean over pixels > 128 of min(horizontal run, vertical run)
            of consecutive pixels > 128 through that pixel
  mass/len  not available for PNGs (no centre line), so not printed
  box       width and height of the box holding pixels > 0 (in pixels)
  margin    smallest distance from that box to the image border (in pixels)
"""
import os
import struct
import sys
import zlib


def decode_gray_png(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError(f'{path}: not a PNG')
    pos, idat, width, height = 8, b'', 0, 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if (depth, color, interlace) != (8, 0, 0):
                raise ValueError(f'{path}: not 8-bit gray non-interlaced')
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    rows, prev = [], bytearray(width)
    for y in range(height):
        line = raw[y * (width + 1):(y + 1) * (width + 1)]
        kind, cur = line[0], bytearray(line[1:])
        for x in range(width):
            a = cur[x - 1] if x else 0
            b = prev[x]
            c = prev[x - 1] if x else 0
            if kind == 1:
                cur[x] = (cur[x] + a) & 255
            elif kind == 2:
                cur[x] = (cur[x] + b) & 255
            elif kind == 3:
                cur[x] = (cur[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[x] = (cur[x] + pred) & 255
        rows.append(cur)
        prev = cur
    return width, height, [v for row in rows for v in row]


def ink_statistics(width, height, pixels):
    n = width * height
    mean = sum(pixels) / n
    on = [p > 128 for p in pixels]
    over = sum(on) / n
    runs = []
    for y in range(height):
        for x in range(width):
            if not on[y * width + x]:
                continue
            x0 = x
            while x0 > 0 and on[y * width + x0 - 1]:
                x0 -= 1
            x1 = x
            while x1 < width - 1 and on[y * width + x1 + 1]:
                x1 += 1
            y0 = y
            while y0 > 0 and on[(y0 - 1) * width + x]:
                y0 -= 1
            y1 = y
            while y1 < height - 1 and on[(y1 + 1) * width + x]:
                y1 += 1
            runs.append(min(x1 - x0 + 1, y1 - y0 + 1))
    stroke = sum(runs) / len(runs) if runs else 0.0
    xs = [i % width for i, p in enumerate(pixels) if p > 0]
    ys = [i // width for i, p in enumerate(pixels) if p > 0]
    if xs:
        box = (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        margin = min(min(xs), min(ys), width - 1 - max(xs), height - 1 - max(ys))
    else:
        box, margin = (0, 0), 0
    return dict(mean=mean, over128=over, width=stroke, boxMax=max(box), boxMin=min(box),
                margin=margin)


def summarize(name, stats):
    keys = ['mean', 'over128', 'width', 'boxMax', 'boxMin', 'margin']
    print(f'{name:8s} n={len(stats):4d}', end='')
    for k in keys:
        values = sorted(s[k] for s in stats)
        m = sum(values) / len(values)
        sd = (sum((v - m) ** 2 for v in values) / len(values)) ** 0.5
        med = values[len(values) // 2]
        print(f'  {k} {m:.3f}±{sd:.3f} (med {med:.3f})', end='')
    print()


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), '..', '..', '..', 'shared', 'datasets', 'automata-editor')
    for cls in sorted(os.listdir(root)):
        folder = os.path.join(root, cls)
        if not os.path.isdir(folder):
            continue
        stats = []
        for name in sorted(os.listdir(folder)):
            if name.endswith('.png'):
                stats.append(ink_statistics(*decode_gray_png(os.path.join(folder, name))))
        summarize(cls, stats)


if __name__ == '__main__':
    main()
