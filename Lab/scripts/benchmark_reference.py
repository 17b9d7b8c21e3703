#!/usr/bin/env python3
"""PyTorch reference for Lab/scripts/benchmark: the same drawing classifier, the same data.

Network (FORMATS.md model, as built by Network.drawingClassifierSpecs(classCount: 3)):
  [N,1,28,28] conv3x3 same 16 -> ReLU -> maxpool2 -> [N,16,14,14]
              conv3x3 same 32 -> ReLU -> maxpool2 -> [N,32,7,7]
              conv3x3 same 64 -> ReLU -> maxpool2 -> [N,64,3,3] -> flatten 576
              dense 128 -> ReLU -> dense 3 (logits; softmax cross-entropy)
Training: SGD, learning rate 0.01, momentum 0.9, no weight decay, reshuffled every epoch.
Images: the PNG folders (one subfolder per class), scalars = pixel / 255, like
ImageFolderDataset.tensors().

usage:
  benchmark_reference.py train --data DIR --epochs N --batch-size B --threads T
  benchmark_reference.py infer --data DIR --threads T --seconds S
  benchmark_reference.py onnx --data DIR --threads T --seconds S --model FILE.onnx
  benchmark_reference.py matmul --size N --threads T
Prints one line of `key=value` pairs on stdout (the harness parses it).
Needs torch (onnx: onnxruntime and numpy); reads PNGs with the standard library only (8-bit
gray, non-interlaced). `onnx` runs our own model, exported by `fa-train export --format onnx`,
in onnxruntime (CPU, intra-op threads T, one inter-op thread, all graph optimisations);
`matmul` times torch.mm on N×N float32 matrices (the large-product row of the roofline).
"""
import argparse
import os
import struct
import sys
import time
import warnings
import zlib

# torch warns at import when numpy is absent; numpy is not needed here.
warnings.filterwarnings("ignore", message="Failed to initialize NumPy")


def read_gray_png(path):
    """(width, height, bytes) of an 8-bit grayscale, non-interlaced PNG."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"file {path}: not a PNG (bad signature)")
    offset, idat = 8, []
    width = height = None
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color != 0 or interlace != 0:
                raise ValueError(f"file {path}: only 8-bit gray non-interlaced PNGs are read")
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if width is None:
        raise ValueError(f"file {path}: no IHDR chunk")
    raw = zlib.decompress(b"".join(idat))
    rows, previous, stride = [], bytearray(width), width + 1
    for y in range(height):
        kind, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
        for x in range(width):
            left = line[x - 1] if x else 0
            up, corner = previous[x], previous[x - 1] if x else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[x] = (line[x] + pred) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, b"".join(rows)


def load_dataset(root):
    """images float [N,1,28,28] in 0...1, labels long [N], class names (sorted folders)."""
    import torch
    classes = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
    pixels, labels = bytearray(), []
    for label, name in enumerate(classes):
        folder = os.path.join(root, name)
        for file in sorted(os.listdir(folder)):
            if not file.lower().endswith(".png"):
                continue
            width, height, gray = read_gray_png(os.path.join(folder, file))
            if (width, height) != (28, 28):
                raise ValueError(f"file {os.path.join(folder, file)}: not 28x28")
            pixels += gray
            labels.append(label)
    images = torch.frombuffer(pixels, dtype=torch.uint8).float().div(255)
    return images.reshape(-1, 1, 28, 28), torch.tensor(labels), classes


def drawing_classifier(class_count=3):
    import torch.nn as nn
    return nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),   # [N,16,14,14]
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # [N,32,7,7]
        nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # [N,64,3,3]
        nn.Flatten(), nn.Linear(576, 128), nn.ReLU(), nn.Linear(128, class_count))


def train(args):
    import torch
    images, labels, _ = load_dataset(args.data)
    torch.manual_seed(1)
    model = drawing_classifier()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    loss_fn = torch.nn.CrossEntropyLoss()
    n = images.shape[0]
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for _ in range(args.epochs):
        order = torch.randperm(n)
        total, correct = 0.0, 0
        for start in range(0, n, args.batch_size):
            index = order[start:start + args.batch_size]
            x, y = images[index], labels[index]
            optimizer.zero_grad(set_to_none=True)
            logits = model(x)
            loss = loss_fn(logits, y)
            loss.backward()
            optimizer.step()
            total += loss.item() * len(index)
            correct += int((logits.argmax(1) == y).sum())
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    samples = n * args.epochs
    print(f"samples={samples} wall_s={wall:.4f} cpu_s={cpu:.4f} "
          f"samples_per_s={samples / wall:.1f} samples_per_cpu_s={samples / cpu:.1f} "
          f"last_loss={total / n:.4f} last_accuracy={correct / n:.3f}")


def infer(args):
    import torch
    images, _, _ = load_dataset(args.data)
    torch.manual_seed(1)
    model = drawing_classifier().eval()
    singles = [images[i:i + 1].clone() for i in range(images.shape[0])]
    batch = images[torch.arange(256) % images.shape[0]].clone()

    def run(x):
        return float(model(x).softmax(1)[0, 0])

    with torch.inference_mode():
        print(time_inference(run, run, singles, batch, args.seconds))


def time_inference(run_single, run_batch, singles, batch, seconds):
    """The key=value line of `infer`: single-image latency, then batch-256 throughput.
    `run_single(x)` / `run_batch(x)` return the probability of class 0 of the first row."""
    sink = 0.0
    for i in range(50):
        sink += run_single(singles[i % len(singles)])
    latencies, start, i = [], time.perf_counter(), 0
    single_cpu = time.process_time()
    while time.perf_counter() - start < seconds / 2 or len(latencies) < 100:
        t = time.perf_counter()
        sink += run_single(singles[i % len(singles)])
        latencies.append(time.perf_counter() - t)
        i += 1
    single_wall = time.perf_counter() - start
    single_cpu = time.process_time() - single_cpu
    latencies.sort()
    run_batch(batch)
    batches, start, cpu0 = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds / 2 or batches < 5:
        sink += run_batch(batch)
        batches += 1
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
    count = len(latencies)
    return (f"single_median_us={latencies[count // 2] * 1e6:.1f} "
            f"single_p10_us={latencies[count // 10] * 1e6:.1f} "
            f"single_p90_us={latencies[count * 9 // 10] * 1e6:.1f} "
            f"single_mean_us={single_wall / count * 1e6:.1f} "
            f"single_cpu_us={single_cpu / count * 1e6:.1f} "
            f"batch256_sps={batches * 256 / wall:.1f} "
            f"batch256_per_cpu_s={batches * 256 / cpu:.1f} sink={sink:.3f}")


def onnx(args):
    """Our exported model in onnxruntime: outputs are logits, softmax in numpy (as ours and
    PyTorch's rows include the softmax)."""
    import numpy as np
    import onnxruntime as ort
    images, _, _ = load_dataset(args.data)
    options = ort.SessionOptions()
    options.intra_op_num_threads = args.threads
    options.inter_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = ort.InferenceSession(args.model, options, providers=["CPUExecutionProvider"])
    name = session.get_inputs()[0].name
    array = images.numpy()
    singles = [np.ascontiguousarray(array[i:i + 1]) for i in range(array.shape[0])]
    batch = np.ascontiguousarray(array[np.arange(256) % array.shape[0]])

    def run(x):
        logits = session.run(None, {name: x})[0]
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        return float((e / e.sum(axis=1, keepdims=True))[0, 0])

    print(time_inference(run, run, singles, batch, args.seconds)
          + f" onnxruntime_version={ort.__version__}")


def matmul(args):
    import torch
    n = args.size
    a, b = torch.rand(n, n), torch.rand(n, n)
    c = torch.mm(a, b)
    best, start = float("inf"), time.perf_counter()
    while time.perf_counter() - start < 1:
        t = time.perf_counter()
        torch.mm(a, b, out=c)
        best = min(best, time.perf_counter() - t)
    print(f"matmul_n={n} matmul_gflops={2 * n ** 3 / best / 1e9:.1f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    t = sub.add_parser("train")
    t.add_argument("--data", required=True)
    t.add_argument("--epochs", type=int, default=10)
    t.add_argument("--batch-size", type=int, default=32)
    t.add_argument("--threads", type=int, default=1)
    i = sub.add_parser("infer")
    i.add_argument("--data", required=True)
    i.add_argument("--threads", type=int, default=1)
    i.add_argument("--seconds", type=float, default=4)
    o = sub.add_parser("onnx")
    o.add_argument("--data", required=True)
    o.add_argument("--threads", type=int, default=1)
    o.add_argument("--seconds", type=float, default=4)
    o.add_argument("--model", required=True)
    m = sub.add_parser("matmul")
    m.add_argument("--size", type=int, default=1024)
    m.add_argument("--threads", type=int, default=1)
    m.add_argument("--data", default=".")
    args = parser.parse_args()
    if not os.path.isdir(args.data):
        sys.exit(f"{args.data}: no such folder (the real PNGs live in ../shared/datasets)")
    import torch
    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    {"train": train, "infer": infer, "onnx": onnx, "matmul": matmul}[args.mode](args)


if __name__ == "__main__":
    main()
