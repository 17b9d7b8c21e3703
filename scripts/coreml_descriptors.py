"""Writes the Core ML specification that ModelExchange needs as one FileDescriptorSet, for
protoc's --descriptor_set_in (called by scripts/generate-protobuf).

The descriptors are the ones compiled into the PyPI package coremltools (its wheel ships no
.proto text). The full specification generates ~30 000 lines of Swift, most of it the ~150
neural-network layer types and ~35 model types we never read, so it is pruned by one
mechanical rule: in the `Model.Type` and `NeuralNetworkLayer.layer` oneofs, every alternative
outside KEPT_MODEL_TYPES / KEPT_LAYERS keeps its name and field number, but its payload
becomes an empty message (`UnmappedModel` / `UnmappedLayerParams`), whose contents a decoder
keeps as unknown fields. Then every message, enum and file no longer reachable from `Model`
is dropped. So a decoded model still says which layer or model type it holds ("a batchnorm
layer"), and the wire format is unchanged.

Usage: python coreml_descriptors.py OUTPUT.pb  (prints the file names to give protoc)
"""
import sys

from google.protobuf import descriptor_pb2
from coremltools.proto import Model_pb2

KEPT_MODEL_TYPES = {"pipelineClassifier", "pipelineRegressor", "pipeline",
                    "neuralNetworkClassifier", "neuralNetworkRegressor", "neuralNetwork"}
KEPT_LAYERS = {"convolution", "pooling", "activation", "innerProduct", "softmax", "flatten"}
PACKAGE = ".CoreML.Specification."


def load():
    files, seen = [], set()

    def add(descriptor):
        if descriptor.name in seen:
            return
        seen.add(descriptor.name)
        for dependency in descriptor.dependencies:
            add(dependency)
        proto = descriptor_pb2.FileDescriptorProto()
        descriptor.CopyToProto(proto)
        files.append(proto)
    add(Model_pb2.DESCRIPTOR)
    return files


def message(files, name):
    for f in files:
        for m in f.message_type:
            if m.name == name:
                return f, m
    raise KeyError(name)


def redirect(files, message_name, oneof_name, kept, placeholder):
    """Points the oneof's alternatives outside `kept` at an empty placeholder message."""
    f, m = message(files, message_name)
    empty = f.message_type.add()
    empty.name = placeholder
    oneof = [i for i, o in enumerate(m.oneof_decl) if o.name == oneof_name][0]
    for field in m.field:
        if field.HasField("oneof_index") and field.oneof_index == oneof and field.name not in kept:
            field.type_name = PACKAGE + placeholder


def prune(files):
    """Keeps the top-level messages and enums reachable from Model, and the files holding them."""
    owner = {}  # full name of every message and enum (nested too) → (file, top-level name)

    def index(f, prefix, top, messages, enums):
        for m in messages:
            full = prefix + m.name
            owner[full] = (f.name, top or m.name)
            index(f, full + ".", top or m.name, m.nested_type, m.enum_type)
        for e in enums:
            owner[prefix + e.name] = (f.name, top or e.name)
    for f in files:
        index(f, "." + f.package + ".", None, f.message_type, f.enum_type)
    tops = {}  # (file, top-level name) → descriptor
    for f in files:
        for item in list(f.message_type) + list(f.enum_type):
            tops[(f.name, item.name)] = item

    def references(m):
        for field in m.field:
            if field.type_name:
                yield field.type_name
        for nested in m.nested_type:
            yield from references(nested)

    kept, queue = set(), [owner[PACKAGE + "Model"]]
    while queue:
        key = queue.pop()
        if key in kept:
            continue
        kept.add(key)
        item = tops[key]
        if isinstance(item, descriptor_pb2.DescriptorProto):
            queue.extend(owner[name] for name in references(item))
    result = []
    for f in files:
        messages = [m for m in f.message_type if (f.name, m.name) in kept]
        enums = [e for e in f.enum_type if (f.name, e.name) in kept]
        if not messages and not enums:
            continue
        needed = sorted({owner[n][0] for m in messages for n in references(m)} - {f.name})
        del f.message_type[:]
        f.message_type.extend(messages)
        del f.enum_type[:]
        f.enum_type.extend(enums)
        del f.dependency[:]
        f.dependency.extend(needed)
        del f.public_dependency[:]
        result.append(f)
    return result


def main():
    files = load()
    redirect(files, "Model", "Type", KEPT_MODEL_TYPES, "UnmappedModel")
    redirect(files, "NeuralNetworkLayer", "layer", KEPT_LAYERS, "UnmappedLayerParams")
    files = prune(files)
    out = descriptor_pb2.FileDescriptorSet()
    out.file.extend(files)
    open(sys.argv[1], "wb").write(out.SerializeToString())
    print(" ".join(f.name for f in files))


if __name__ == "__main__":
    main()
