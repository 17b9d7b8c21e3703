#!/usr/bin/env python3
"""The tables of Lab/scripts/benchmark, from its results.tsv and roofline.tsv (standard library).

usage: benchmark_summary.py RESULTS.tsv ROOFLINE.tsv > summary.md

results.tsv: `METRIC  IMPL  VALUE` lines (IMPL: ours, base = the --baseline revision, torch,
onnx) and `meta  KEY  VALUE`. roofline.tsv: `peak  machine  GFLOPS`, `matmul  IMPL  GFLOPS`,
`pass  IMPL  LAYER  PASS  µs  MFLOP` (bench-train layers: one training chunk, one thread).
Every cell is min / **median** / max over the rounds; ratios compare medians and are
"higher is better for ours" (time rows inverted).
"""
import statistics
import sys

COLUMNS = [("base", "baseline"), ("torch", "PyTorch"), ("onnx", "onnxruntime")]


def cell(values):
    if not values:
        return "—", None
    med = statistics.median(values)
    digits = 1 if med < 100 else 0
    return f"{min(values):.{digits}f} / **{med:.{digits}f}** / {max(values):.{digits}f}", med


def ratio(ours, other, metric):
    if ours is None or not other:
        return "—"
    return f"{(other / ours if 'µs' in metric else ours / other):.2f}×"


def main_table(path):
    rows, meta, order = {}, {}, []
    for line in open(path):
        metric, impl, value = line.rstrip("\n").split("\t")
        if metric == "meta":
            meta[impl] = value
            continue
        if metric not in order:
            order.append(metric)
        if value:
            rows.setdefault((metric, impl), []).append(float(value))
    present = [(key, name) for key, name in COLUMNS if any(k[1] == key for k in rows)]
    header = "| measurement | ours min / **median** / max |"
    rule = "|---|---|"
    for _, name in present:
        header += f" {name} | ours vs {name} |"
        rule += "---|---|"
    print(header)
    print(rule)
    for metric in order:
        ours, a = cell(rows.get((metric, "ours"), []))
        line = f"| {metric} | {ours} |"
        for key, _ in present:
            text, b = cell(rows.get((metric, key), []))
            line += f" {text} | {ratio(a, b, metric)} |"
        print(line)
    print()
    for key, value in meta.items():
        print(f"- {key}: {value}")
    return rows


def roofline_table(path, results):
    peaks, matmul, passes, order = [], {}, {}, []
    for line in open(path):
        fields = line.rstrip("\n").split("\t")
        if fields[0] == "peak" and fields[2]:
            peaks.append(float(fields[2]))
        elif fields[0] == "matmul" and fields[2]:
            matmul.setdefault(fields[1], []).append(float(fields[2]))
        elif fields[0] == "pass":
            _, impl, layer, kind, us, mflop = fields
            key = (layer, kind)
            if key not in order:
                order.append(key)
            passes.setdefault((impl, key), []).append((float(us), float(mflop)))
    if not peaks:
        return
    peak = statistics.median(peaks)
    print()
    print(f"### Roofline (one thread; FP32 peak {peak:.1f} GFLOP/s measured by "
          f"peak-probe, median of {len(peaks)})")
    print()
    print("GFLOP/s count a convolution's direct work (2·O·C·9 per output pixel); Winograd "
          "does 2.25× fewer multiplications, so its effective rate can pass 100 %.")
    print()
    print("| item | time µs (median) | MFLOP | GFLOP/s | % of peak | baseline µs | "
          "ours vs baseline |")
    print("|---|---|---|---|---|---|---|")
    for impl, name in [("ours", "1024³ matrix product, ours"),
                       ("torch", "1024³ matrix product, torch.mm")]:
        if impl in matmul:
            g = statistics.median(matmul[impl])
            print(f"| {name} | — | {2 * 1024 ** 3 / 1e6:.0f} | {g:.1f} | "
                  f"{100 * g / peak:.0f} % | — | — |")
    # Training as a whole: samples/s × FLOPs per sample (from the layer rows of one chunk).
    chunk_flops = sum(statistics.median(m for _, m in passes[("ours", key)])
                      for key in order if ("ours", key) in passes)
    per_sample = chunk_flops / 4 * 1e6 if chunk_flops else 11.74e6
    for metric in ["train b32 t1 samples/s", "train b256 t1 samples/s",
                   "train b32 t2 samples/s", "train b256 t2 samples/s"]:
        threads = 2 if " t2 " in metric else 1
        for impl, name in [("ours", "ours"), ("base", "baseline"), ("torch", "PyTorch")]:
            values = results.get((metric, impl))
            if not values:
                continue
            g = statistics.median(values) * per_sample / 1e9
            print(f"| training {metric.split()[1]} {metric.split()[2]}, {name} (whole step) "
                  f"| — | {per_sample / 1e6:.2f} per sample | {g:.1f} | "
                  f"{100 * g / (peak * threads):.0f} % of {threads} core(s) | — | — |")
    total = 0.0
    for key in order:
        if ("ours", key) in passes:
            total += statistics.median(u for u, _ in passes[("ours", key)])
    for key in order:
        values = passes.get(("ours", key))
        if not values:
            continue
        us = statistics.median(u for u, _ in values)
        mflop = values[0][1]
        g = mflop / us * 1e3 if us > 0 and mflop > 0 else 0
        base = passes.get(("base", key))
        base_us = statistics.median(u for u, _ in base) if base else None
        rate = f"{g:.1f}" if mflop else "—"
        share = f"{100 * g / peak:.0f} %" if mflop else "—"
        print(f"| {key[0]} {key[1]} | {us:.1f} ({100 * us / total:.0f} % of layers) | "
              f"{mflop:.2f} | {rate} | {share} | "
              f"{f'{base_us:.1f}' if base_us is not None else '—'} | "
              f"{f'{base_us / us:.2f}×' if base_us and us > 0 else '—'} |")
    rates = results.get(("train b32 t1 samples/s", "ours"))
    if rates:
        step = 4 / statistics.median(rates) * 1e6
        print(f"| outside the layers (batching, loss, gradient sums, SGD; from train b32 t1) | "
              f"{max(0.0, step - total):.1f} | — | — | — | — | — |")
    print(f"| all layers, one chunk of 4 | {total:.1f} | {chunk_flops:.2f} | "
          f"{chunk_flops / total * 1e3:.1f} | {100 * chunk_flops / total * 1e3 / peak:.0f} % "
          f"| — | — |")


if __name__ == "__main__":
    rows = main_table(sys.argv[1])
    if len(sys.argv) > 2:
        roofline_table(sys.argv[2], rows)
