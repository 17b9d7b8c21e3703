import DrawingClassifier
import Foundation
import SwiftProtobuf

/// Writes a classifier as an ONNX model (FORMATS.md §7): a standard graph of Conv, Relu,
/// MaxPool, Flatten, Gemm and Softmax nodes, opset 13.
///
/// Input `drawing` float32 `[N, 1, H, W]` (pixel × scale, white ink on black; N is dynamic),
/// output `probabilities` float32 `[N, K]`, class labels in the metadata entry `classes`
/// (comma-separated, output order). Our layout is ONNX's: activations NCHW, convolution
/// weights `[O, C, k, k]`, Flatten keeps (C, H, W) order, dense weights `[O, I]` (Gemm with
/// transB = 1). Weights are stored as raw little-endian float32, bit for bit.
public enum OnnxExport {
    public static let opsetVersion: Int64 = 13
    /// IR version 7 is the one that goes with opset 13.
    public static let irVersion: Int64 = 7
    public static let inputName = "drawing"
    public static let outputName = "probabilities"

    /// The ONNX model message for a classifier.
    public static func model(_ classifier: Classifier) throws(ModelExchangeError) -> Onnx_ModelProto {
        let network = try ExportableNetwork(classifier)
        var graph = Onnx_GraphProto()
        graph.name = "drawing_classifier"
        graph.input = [valueInfo(inputName, exampleShape: [1, network.height, network.width])]
        graph.output = [valueInfo(outputName, exampleShape: [network.classes.count])]
        var previous = inputName
        var counts: [String: Int] = [:]
        for layer in network.layers {
            let (operation, kind) = operationName(layer.spec)
            let name = "\(kind)\(counts[kind, default: 0])"
            counts[kind, default: 0] += 1
            var node = Onnx_NodeProto()
            node.opType = operation
            node.name = name
            node.input = [previous]
            node.output = [name]
            switch layer.spec {
            case let .conv2D(_, _, kernelSize, padding):
                node.attribute = [ints("kernel_shape", [kernelSize, kernelSize]),
                                  ints("pads", [padding, padding, padding, padding]),
                                  ints("strides", [1, 1]), ints("dilations", [1, 1])]
            case let .maxPool2D(size):
                node.attribute = [ints("kernel_shape", [size, size]), ints("strides", [size, size])]
            case .flatten:
                node.attribute = [int("axis", 1)]
            case .dense:
                node.attribute = [int("transB", 1)]
            case .relu:
                break
            }
            if let weight = layer.weight, let bias = layer.bias {
                graph.initializer.append(tensor(name + ".weight", weight))
                graph.initializer.append(tensor(name + ".bias", bias))
                node.input += [name + ".weight", name + ".bias"]
            }
            graph.node.append(node)
            previous = name
        }
        var softmax = Onnx_NodeProto()
        softmax.opType = "Softmax"
        softmax.name = "softmax"
        softmax.input = [previous]
        softmax.output = [outputName]
        softmax.attribute = [int("axis", 1)]
        graph.node.append(softmax)

        var model = Onnx_ModelProto()
        model.irVersion = irVersion
        var opset = Onnx_OperatorSetIdProto()
        opset.domain = ""
        opset.version = opsetVersion
        model.opsetImport = [opset]
        model.producerName = "fa-train"
        model.docString = "Drawing classifier. Input: \(network.height)×\(network.width) grayscale, "
            + "pixel × \(network.scale), white ink on black. Output: class probabilities "
            + "in the order of metadata 'classes'."
        model.metadataProps = [entry("classes", network.classes.joined(separator: ","))]
        model.graph = graph
        return model
    }

    /// The model file's bytes.
    public static func encode(_ classifier: Classifier) throws(ModelExchangeError) -> [UInt8] {
        let message = try model(classifier)
        do {
            return try message.serializedBytes()
        } catch {
            // Serializing a complete message of plain fields does not fail.
            throw .notExportable(reason: "protobuf encoding failed: \(error)")
        }
    }

    /// The ONNX operator and our name stem for a layer.
    private static func operationName(_ spec: LayerSpec) -> (String, String) {
        switch spec {
        case .conv2D: ("Conv", "conv")
        case .relu: ("Relu", "relu")
        case .maxPool2D: ("MaxPool", "pool")
        case .flatten: ("Flatten", "flatten")
        case .dense: ("Gemm", "dense")
        }
    }

    /// A float32 tensor `[N, exampleShape…]` with a symbolic batch size N.
    private static func valueInfo(_ name: String, exampleShape: [Int]) -> Onnx_ValueInfoProto {
        var batch = Onnx_TensorShapeProto.Dimension()
        batch.dimParam = "N"
        var shape = Onnx_TensorShapeProto()
        shape.dim = [batch] + exampleShape.map { size in
            var dim = Onnx_TensorShapeProto.Dimension()
            dim.dimValue = Int64(size)
            return dim
        }
        var tensorType = Onnx_TypeProto.Tensor()
        tensorType.elemType = Int32(Onnx_TensorProto.DataType.float.rawValue)
        tensorType.shape = shape
        var type = Onnx_TypeProto()
        type.tensorType = tensorType
        var info = Onnx_ValueInfoProto()
        info.name = name
        info.type = type
        return info
    }

    private static func tensor(_ name: String, _ value: Tensor) -> Onnx_TensorProto {
        var proto = Onnx_TensorProto()
        proto.name = name
        proto.dims = value.shape.map(Int64.init)
        proto.dataType = Int32(Onnx_TensorProto.DataType.float.rawValue)
        var raw = Data(capacity: value.count * 4)
        for scalar in value.scalars {
            withUnsafeBytes(of: scalar.bitPattern.littleEndian) { raw.append(contentsOf: $0) }
        }
        proto.rawData = raw
        return proto
    }

    private static func ints(_ name: String, _ values: [Int]) -> Onnx_AttributeProto {
        var attribute = Onnx_AttributeProto()
        attribute.name = name
        attribute.type = .ints
        attribute.ints = values.map(Int64.init)
        return attribute
    }

    private static func int(_ name: String, _ value: Int) -> Onnx_AttributeProto {
        var attribute = Onnx_AttributeProto()
        attribute.name = name
        attribute.type = .int
        attribute.i = Int64(value)
        return attribute
    }

    private static func entry(_ key: String, _ value: String) -> Onnx_StringStringEntryProto {
        var entry = Onnx_StringStringEntryProto()
        entry.key = key
        entry.value = value
        return entry
    }
}
