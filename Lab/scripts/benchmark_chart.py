#!/usr/bin/env python3
"""Bar chart of where a training chunk's time goes, from Lab/scripts/benchmark's roofline.tsv.

usage: benchmark_chart.py ROOFLINE.tsv OUT.png [RESULTS.tsv]   (needs matplotlib: .venv-bench)

One bar per layer and pass (median µs of bench-train layers, one thread, chunk of 4), largest
first, coloured by pass; each bar is labelled with its GFLOP/s and % of the measured FP32 peak.
With a --baseline run, the baseline's time is drawn as an outline behind each bar. With
RESULTS.tsv, one more bar: the rest of a training step per chunk of 4 (fa-train batch 32, one
thread: 4 / samples/s minus the layers' sum: batching, loss, gradient sums, SGD).
GFLOP/s count a convolution's direct work (2·O·C·9 per output pixel): Winograd does 2.25×
fewer multiplications, so its effective rate can pass 100 % of the peak.
"""
import statistics
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

peaks, passes = [], {}
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split("\t")
    if f[0] == "peak" and f[2]:
        peaks.append(float(f[2]))
    elif f[0] == "pass":
        passes.setdefault((f[1], f[2], f[3]), []).append((float(f[4]), float(f[5])))
peak = statistics.median(peaks) if peaks else None
items = []
for (impl, layer, kind), values in passes.items():
    if impl != "ours":
        continue
    us = statistics.median(u for u, _ in values)
    base = passes.get(("base", layer, kind))
    items.append((us, layer, kind, values[0][1],
                  statistics.median(u for u, _ in base) if base else None))
if len(sys.argv) > 3:
    rates = [float(f[2]) for f in (line.rstrip("\n").split("\t") for line in open(sys.argv[3]))
             if f[0] == "train b32 t1 samples/s" and f[1] == "ours" and f[2]]
    if rates:
        step = 4 / statistics.median(rates) * 1e6
        layers = sum(i[0] for i in items)
        items.append((max(0.0, step - layers), "outside the layers", "rest of the step", 0, None))
items.sort(reverse=True)
items = [i for i in items if i[0] >= 1.0]  # flatten and the 3-class layer: too small to see
colors = {"forward": "#4c72b0", "input gradient": "#dd8452", "weight gradient": "#55a868",
          "rest of the step": "#8c8c8c"}
short = (lambda name: name.split(". ", 1)[-1].replace("conv2D(input: ", "conv ").replace(", output: ", "→")
         .replace(", kernelSize: 3, padding: 1)", "").replace("dense(inputCount: ", "dense ")
         .replace(", outputCount: ", "→").replace(")", "").replace("maxPool2D(size: 2",
                                                                   "max-pool 2"))
fig, ax = plt.subplots(figsize=(9, 0.42 * len(items) + 1.4))
labels = [f"{layer.split('. ')[0]}. {short(layer)} · {kind}" if ". " in layer
          else f"{layer} · {kind}" for _, layer, kind, _, _ in items]
y = range(len(items))
if any(b is not None for *_, b in items):
    ax.barh(y, [b or 0 for *_, b in items], color="none", edgecolor="#999999",
            linestyle="--", label="baseline")
ax.barh(y, [i[0] for i in items], color=[colors[i[2]] for i in items])
for k, (us, _, _, mflop, _) in enumerate(items):
    text = f"{us:.0f} µs"
    if mflop and peak:
        g = mflop / us * 1e3
        text += f"  {g:.0f} GFLOP/s = {100 * g / peak:.0f} % of peak (effective)"
    ax.text(us, k, " " + text, va="center", fontsize=8)
ax.set_yticks(list(y), labels, fontsize=8)
ax.invert_yaxis()
total = sum(i[0] for i in items)
ax.set_xlabel(f"µs per training chunk of 4 examples, one thread (all bars: {total:.0f} µs)")
title = "Where a training step's time goes (bench-train layers)"
if peak:
    title += f"; FP32 peak {peak:.0f} GFLOP/s"
ax.set_title(title, fontsize=10)
ax.set_xlim(0, max(i[0] for i in items) * 1.9)
for kind, color in colors.items():
    ax.barh([0], [0], color=color, label=kind)
ax.legend(fontsize=8, loc="lower right")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
