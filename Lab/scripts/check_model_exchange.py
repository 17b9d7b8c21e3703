"""Parity checks of fa-train's ONNX and Core ML export and Core ML import (issue 16).

Run by Lab/scripts/check-model-exchange inside its virtual environment (onnx, onnxruntime,
coremltools, numpy). Our probabilities come from `fa-train predict --json` (full precision,
with the exact pixels the network saw), so every runtime is compared on the same input.
Exits 1 when any check fails.
"""
import argparse
import glob
import json
import os
import struct
import subprocess
import sys
import warnings

import numpy as np

warnings.filterwarnings("ignore")
import onnx  # noqa: E402
import onnxruntime  # noqa: E402
import coremltools  # noqa: E402

TOLERANCE = 1e-5
failures = []


def check(condition, what):
    print(("  ok    " if condition else "  FAIL  ") + what)
    if not condition:
        failures.append(what)


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"{' '.join(args[:3])} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def model_header(path):
    """The JSON header of our model file (FORMATS.md §3)."""
    data = open(path, "rb").read()
    assert data[:8] == b"FAMODEL\n", path
    length = struct.unpack("<I", data[12:16])[0]
    return json.loads(data[16:16 + length])


def ours(fa_train, model, pngs):
    """Our probabilities [N, K] and pixels [N, H, W] from fa-train predict --json."""
    lines = run([fa_train, "predict", "--json", "--model", model] + pngs).splitlines()
    rows = [json.loads(line) for line in lines]
    assert [r["file"] for r in rows] == pngs
    probabilities = np.array([r["probabilities"] for r in rows], dtype=np.float64)
    side = int(round(len(rows[0]["pixels"]) ** 0.5))
    pixels = np.array([r["pixels"] for r in rows], dtype=np.uint8).reshape(len(rows), side, side)
    return probabilities, pixels


# --- An independent forward pass of a Core ML NeuralNetworkClassifier spec (float64) ---

def weights(params, shape):
    assert len(params.floatValue) == int(np.prod(shape)), "float32 weights expected"
    return np.array(params.floatValue, dtype=np.float64).reshape(shape)


def convolution(x, layer):
    o, c = layer.outputChannels, layer.kernelChannels
    kh, kw = layer.kernelSize
    w = weights(layer.weights, (o, c, kh, kw))
    if layer.WhichOneof("ConvolutionPaddingType") == "same":
        top_left = layer.same.asymmetryMode == 1  # TOP_LEFT_HEAVY
        pads = []
        for k in (kh, kw):
            total = k - 1
            start = (total + 1) // 2 if top_left else total // 2
            pads.append((start, total - start))
    else:
        edges = layer.valid.paddingAmounts.borderAmounts
        pads = [(e.startEdgeSize, e.endEdgeSize) for e in edges] or [(0, 0), (0, 0)]
    x = np.pad(x, ((0, 0), (0, 0), pads[0], pads[1]))
    n, _, h, wd = x.shape
    oh, ow = h - kh + 1, wd - kw + 1
    y = np.zeros((n, o, oh, ow))
    for i in range(kh):
        for j in range(kw):
            y += np.einsum("nchw,oc->nohw", x[:, :, i:i + oh, j:j + ow], w[:, :, i, j])
    if layer.hasBias:
        y += weights(layer.bias, (o,))[None, :, None, None]
    return y


def max_pool(x, layer):
    kh, kw = layer.kernelSize
    sh, sw = layer.stride
    n, c, h, w = x.shape
    oh, ow = (h - kh) // sh + 1, (w - kw) // sw + 1
    y = np.full((n, c, oh, ow), -np.inf)
    for i in range(kh):
        for j in range(kw):
            y = np.maximum(y, x[:, :, i:i + sh * oh:sh, j:j + sw * ow:sw])
    return y


def coreml_forward(spec, pixels):
    """Class probabilities [N, K] of a Core ML NeuralNetworkClassifier for grayscale pixels."""
    nn = spec.neuralNetworkClassifier
    scaler = nn.preprocessing[0].scaler
    x = pixels[:, None, :, :].astype(np.float64) * np.float64(np.float32(scaler.channelScale))
    x += scaler.grayBias
    for layer in nn.layers:
        kind = layer.WhichOneof("layer")
        params = getattr(layer, kind)
        if kind == "convolution":
            x = convolution(x, params)
        elif kind == "activation":
            assert params.WhichOneof("NonlinearityType") == "ReLU"
            x = np.maximum(x, 0)
        elif kind == "pooling":
            assert params.type == 0  # MAX
            x = max_pool(x, params)
        elif kind == "flatten":
            assert params.mode == 0  # CHANNEL_FIRST
            x = x.reshape(x.shape[0], -1)
        elif kind == "innerProduct":
            w = weights(params.weights, (params.outputChannels, params.inputChannels))
            x = x @ w.T + (weights(params.bias, (params.outputChannels,)) if params.hasBias else 0)
        elif kind == "softmax":
            e = np.exp(x - x.max(axis=1, keepdims=True))
            x = e / e.sum(axis=1, keepdims=True)
        else:
            raise ValueError(f"layer {layer.name}: {kind} not implemented")
    return x


def interface(spec):
    """What the original app sees of a Core ML classifier."""
    d = spec.description
    image = d.input[0].type.imageType
    nn = spec.neuralNetworkClassifier
    return {
        "model type": spec.WhichOneof("Type"),
        "inputs": [(i.name, i.type.WhichOneof("Type")) for i in d.input],
        "image size": (image.width, image.height),
        "colour space": image.DESCRIPTOR.fields_by_name["colorSpace"].enum_type
                                         .values_by_number[image.colorSpace].name,
        "outputs": [(o.name, o.type.WhichOneof("Type"),
                     o.type.dictionaryType.WhichOneof("KeyType") if o.type.HasField("dictionaryType")
                     else None) for o in d.output],
        "predicted feature": d.predictedFeatureName,
        "predicted probabilities": d.predictedProbabilitiesName,
        "preprocessing": [(p.featureName, p.WhichOneof("preprocessor"),
                           np.float32(p.scaler.channelScale), p.scaler.grayBias)
                          for p in nn.preprocessing],
        "label probability layer": nn.labelProbabilityLayerName,
    }


def compare(name, reference, ours_probabilities):
    diff = float(np.abs(reference - ours_probabilities).max())
    agree = float((reference.argmax(1) == ours_probabilities.argmax(1)).mean())
    check(diff < TOLERANCE, f"{name}: max |Δp| = {diff:.2e} (< {TOLERANCE:g})")
    check(agree == 1.0, f"{name}: predicted classes equal on {agree * 100:.1f} % of "
                        f"{len(reference)} images")
    return diff, agree


def check_export(args, label, model, pngs, original_interface, results):
    print(f"{label} ({model})")
    classes = model_header(model)["classes"]
    probabilities, pixels = ours(args.fa_train, model, pngs)
    scale = np.float32(model_header(model)["preprocessing"]["scale"])

    onnx_path = os.path.join(args.work, label + ".onnx")
    run([args.fa_train, "export", "--model", model, "--format", "onnx", "--output", onnx_path])
    proto = onnx.load(onnx_path)
    onnx.checker.check_model(proto, full_check=True)
    check(True, "onnx.checker.check_model (full check) passes")
    metadata = {p.key: p.value for p in proto.metadata_props}
    check(metadata.get("classes") == ",".join(classes), f"ONNX metadata classes = {metadata.get('classes')}")
    operators = {"conv2D": "Conv", "relu": "Relu", "maxPool2D": "MaxPool", "flatten": "Flatten",
                 "dense": "Gemm"}
    expected = [operators[next(iter(layer))] for layer in model_header(model)["architecture"]]
    found = [n.op_type for n in proto.graph.node]
    check(found == expected + ["Softmax"], "ONNX nodes: " + " ".join(found))
    session = onnxruntime.InferenceSession(onnx_path, providers=["CPUExecutionProvider"])
    x = (pixels.astype(np.float32) * scale)[:, None, :, :]
    (onnx_probabilities,) = session.run(["probabilities"], {"drawing": x})
    onnx_diff, onnx_agree = compare("onnxruntime vs fa-train", onnx_probabilities.astype(np.float64),
                                    probabilities)

    coreml_path = os.path.join(args.work, label + ".mlmodel")
    run([args.fa_train, "export", "--model", model, "--format", "coreml", "--output", coreml_path])
    spec = coremltools.utils.load_spec(coreml_path)
    check(True, "coremltools loads the exported spec")
    mine = interface(spec)
    for key, value in original_interface.items():
        check(mine[key] == value, f"Core ML {key}: {mine[key]}"
              + ("" if mine[key] == value else f" (original: {value})"))
    labels = list(spec.neuralNetworkClassifier.stringClassLabels.vector)
    check(labels == classes, f"Core ML class labels = {labels}")
    coreml_diff, coreml_agree = compare("NumPy forward pass of the Core ML spec vs fa-train",
                                        coreml_forward(spec, pixels), probabilities)
    results[label] = dict(onnx_diff=onnx_diff, onnx_agree=onnx_agree,
                          coreml_diff=coreml_diff, coreml_agree=coreml_agree)


def accuracy(evaluate_output):
    line = [l for l in evaluate_output.splitlines() if l.startswith("accuracy")][-1]
    return line  # "accuracy 0.993 (672 of 677)"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fa-train", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--data", required=True, help="automata-editor PNG class folders")
    parser.add_argument("--strokes", required=True, help="the $1 gesture tree")
    parser.add_argument("--original", required=True, help="the original app's .mlmodel")
    parser.add_argument("models", nargs="+", help="label=path of our models to export")
    args = parser.parse_args()

    pngs = sorted(glob.glob(os.path.join(args.data, "*", "*.png")))
    print(f"{len(pngs)} PNGs in {args.data}")
    original = coremltools.utils.load_spec(args.original)
    original_interface = interface(original)
    results = {}
    for item in args.models:
        label, path = item.split("=", 1)
        check_export(args, label, path, pngs, original_interface, results)

    print(f"import of the original app's model ({args.original})")
    imported = os.path.join(args.work, "original.model")
    run([args.fa_train, "import", "--coreml", args.original, "--output", imported])
    probabilities, pixels = ours(args.fa_train, imported, pngs)
    reference = coreml_forward(original, pixels)
    import_diff, import_agree = compare("NumPy forward pass of the original spec vs fa-train (imported)",
                                        reference, probabilities)
    # fa-train evaluate's confusion counts against the NumPy pass's (diagonal = correct).
    classes = list(original.neuralNetworkClassifier.stringClassLabels.vector)
    truth = np.array([classes.index(os.path.basename(os.path.dirname(p))) for p in pngs])
    evaluate = run([args.fa_train, "evaluate", "--model", imported, "--data", args.data])
    numpy_correct = int((reference.argmax(1) == truth).sum())
    check(f"({numpy_correct} of {len(pngs)})" in accuracy(evaluate),
          f"fa-train evaluate: {accuracy(evaluate)}; NumPy pass: {numpy_correct} of {len(pngs)} correct")

    print("accuracy, side by side")
    rows = []
    for label, path in [("original app (imported)", imported)] + [
            tuple(m.split("=", 1)) for m in args.models]:
        pngs_accuracy = accuracy(run([args.fa_train, "evaluate", "--model", path, "--data", args.data],
                                     ))
        strokes_accuracy = accuracy(run([args.fa_train, "evaluate", "--model", path, "--strokes",
                                         args.strokes, "--classes", "arrow,circle"],
                                        ))
        rows.append((label, pngs_accuracy, strokes_accuracy))
        print(f"  {label:26} automata-editor PNGs: {pngs_accuracy:30} $1 circle+arrow: {strokes_accuracy}")

    print("summary")
    for label, r in results.items():
        print(f"  {label}: ONNX max |Δp| {r['onnx_diff']:.2e}, classes {r['onnx_agree'] * 100:.0f} % equal; "
              f"Core ML (NumPy) max |Δp| {r['coreml_diff']:.2e}, classes {r['coreml_agree'] * 100:.0f} % equal")
    print(f"  original app's model imported: max |Δp| {import_diff:.2e} vs NumPy, "
          f"classes {import_agree * 100:.0f} % equal")
    print(f"{len(failures)} failed" if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
