import DrawingClassifier
import Foundation
import ModelExchange
import SwiftProtobuf
import Testing

@Suite struct OnnxExportTests {
    static func decoded() throws -> (Onnx_ModelProto, Classifier) {
        let classifier = SmallModel.classifier()
        let bytes = try OnnxExport.encode(classifier)
        return (try Onnx_ModelProto(serializedBytes: bytes), classifier)
    }

    @Test func theGraphIsTheStandardOperatorChainAtOpset13() throws {
        let (model, _) = try Self.decoded()
        #expect(model.irVersion == 7)
        #expect(model.opsetImport.map(\.version) == [13])
        #expect(model.graph.node.map(\.opType) == ["Conv", "Relu", "MaxPool", "Conv", "Relu", "MaxPool",
                                                   "Flatten", "Gemm", "Relu", "Gemm", "Softmax"])
        #expect(model.metadataProps.map { "\($0.key)=\($0.value)" } == ["classes=ring,line"])
        let nodes = model.graph.node
        let chain = zip(nodes.dropFirst(), nodes).allSatisfy { $0.input.first == $1.output.first }
        #expect(chain && nodes.first?.input.first == "drawing" && nodes.last?.output == ["probabilities"])
        func ints(_ node: Onnx_NodeProto, _ name: String) -> [Int64] {
            node.attribute.first { $0.name == name }?.ints ?? []
        }
        #expect(ints(nodes[0], "pads") == [1, 1, 1, 1] && ints(nodes[3], "pads") == [0, 0, 0, 0])
        #expect(ints(nodes[0], "kernel_shape") == [3, 3] && ints(nodes[2], "strides") == [2, 2])
        #expect(nodes[7].attribute.map { "\($0.name)=\($0.i)" } == ["transB=1"])
        #expect(nodes[10].attribute.map { "\($0.name)=\($0.i)" } == ["axis=1"])
    }

    @Test func inputAndOutputHaveADynamicBatch() throws {
        let (model, _) = try Self.decoded()
        func dims(_ info: Onnx_ValueInfoProto) -> [String] {
            info.type.tensorType.shape.dim.map { $0.dimParam.isEmpty ? "\($0.dimValue)" : $0.dimParam }
        }
        #expect(model.graph.input.map(\.name) == ["drawing"])
        #expect(dims(model.graph.input[0]) == ["N", "1", "8", "8"])
        #expect(model.graph.output.map(\.name) == ["probabilities"])
        #expect(dims(model.graph.output[0]) == ["N", "2"])
        #expect(model.graph.input[0].type.tensorType.elemType == 1)  // FLOAT
    }

    @Test func everyWeightIsTheModelsBitForBit() throws {
        let (model, classifier) = try Self.decoded()
        let values = classifier.network.parameterValues()
        #expect(model.graph.initializer.count == values.count)
        for (tensor, value) in zip(model.graph.initializer, values) {
            #expect(tensor.dims == value.shape.map(Int64.init), "\(tensor.name)")
            let raw = [UInt8](tensor.rawData)
            #expect(raw.count == value.count * 4)
            let bits = stride(from: 0, to: raw.count, by: 4).map { i in
                UInt32(raw[i]) | UInt32(raw[i + 1]) << 8 | UInt32(raw[i + 2]) << 16 | UInt32(raw[i + 3]) << 24
            }
            #expect(bits == value.scalars.bits, "\(tensor.name)")
        }
        // Each parameterized node names its two initializers.
        let named = model.graph.node.filter { $0.input.count == 3 }.flatMap { $0.input.dropFirst() }
        #expect(named == model.graph.initializer.map(\.name))
    }

    @Test func aLabelWithACommaIsRefused() {
        var classifier = SmallModel.classifier()
        classifier.classes = ["a,b", "c"]
        #expect(throws: ModelExchangeError.notExportable(reason:
            "a class label contains a comma, and the labels are stored comma-separated")) {
            try OnnxExport.encode(classifier)
        }
    }
}
