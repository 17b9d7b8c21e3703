import DrawingClassifier
import Foundation
import ModelExchange
import SwiftProtobuf
import Testing

@Suite struct CoreMLImportTests {
    static let original = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/models/AutomataClassifier.mlmodel").path

    static func exported() throws -> CoreML_Specification_Model {
        try CoreMLExport.model(SmallModel.classifier())
    }

    static func importError(_ data: Data) -> ModelExchangeError? {
        do {
            _ = try CoreMLImport.classifier(from: data, path: "x.mlmodel")
            return nil
        } catch {
            return error
        }
    }

    static func importError(_ model: CoreML_Specification_Model) -> ModelExchangeError? {
        do {
            _ = try CoreMLImport.classifier(from: model, path: "x.mlmodel")
            return nil
        } catch {
            return error
        }
    }

    @Test func aTruncatedFileIsNotCoreML() throws {
        let bytes: [UInt8] = try CoreMLExport.encode(SmallModel.classifier())
        let error = Self.importError(Data(bytes.prefix(bytes.count / 2)))
        #expect(error == .notCoreML(path: "x.mlmodel", reason: "protobuf decoding failed: truncated"))
    }

    @Test(arguments: ["this is a text file, not a model\n", "", "\u{89}PNG\r\n\u{1a}\n"])
    func bytesThatAreNoProtobufModelAreNotCoreML(_ text: String) throws {
        guard case let .notCoreML(path, _)? = Self.importError(Data(text.utf8)) else {
            Issue.record("expected notCoreML for \(text.debugDescription)")
            return
        }
        #expect(path == "x.mlmodel")
    }

    @Test func aPipelineIsRefusedAsOne() throws {
        var pipeline = CoreML_Specification_Model()
        pipeline.specificationVersion = 1
        var inner = CoreML_Specification_Pipeline()
        inner.models = [try Self.exported()]
        pipeline.pipeline = inner
        let error = try #require(Self.importError(pipeline))
        #expect(error.description == "file x.mlmodel: cannot import this Core ML model: it is a "
            + "pipeline of models; import takes a single neural-network classifier (a turicreate "
            + "drawing classifier)")
    }

    @Test func anotherArchitectureNamesTheLayerItCannotMap() throws {
        var model = try Self.exported()
        var batchnorm = CoreML_Specification_NeuralNetworkLayer()
        batchnorm.name = "bn0"
        batchnorm.input = ["conv0"]
        batchnorm.output = ["bn0"]
        batchnorm.batchnorm = CoreML_Specification_UnmappedLayerParams()
        model.neuralNetworkClassifier.layers.insert(batchnorm, at: 1)
        model.neuralNetworkClassifier.layers[2].input = ["bn0"]
        #expect(Self.importError(model) == .unsupportedLayer(path: "x.mlmodel", layer: "bn0",
            reason: "a batchnorm layer has no counterpart in our network"))

        var sigmoid = try Self.exported()
        sigmoid.neuralNetworkClassifier.layers[1].activation.sigmoid = .init()
        #expect(Self.importError(sigmoid) == .unsupportedLayer(path: "x.mlmodel", layer: "relu0",
            reason: "only the ReLU activation maps, this is sigmoid"))

        var strided = try Self.exported()
        strided.neuralNetworkClassifier.layers[0].convolution.stride = [2, 2]
        #expect(Self.importError(strided) == .unsupportedLayer(path: "x.mlmodel", layer: "conv0",
            reason: "stride [2, 2] or dilation [1, 1] is not 1"))

        var half = try Self.exported()
        half.neuralNetworkClassifier.layers[7].innerProduct.weights.float16Value = Data([0, 0])
        #expect(Self.importError(half) == .unsupportedLayer(path: "x.mlmodel", layer: "dense0",
            reason: "its weights are half-precision or quantized; only float32 maps"))

        var regressor = CoreML_Specification_Model()
        regressor.specificationVersion = 1
        regressor.neuralNetworkRegressor = .init()
        #expect(Self.importError(regressor)?.description.contains("neuralNetworkRegressor model") == true)
        for error in [Self.importError(model), Self.importError(regressor)] {
            #expect(error.map { !$0.description.contains("\n") } == true)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: original),
                   "needs ../shared/models/AutomataClassifier.mlmodel"))
    func theOriginalAppsModelIsOurDefaultArchitecture() throws {
        let classifier = try CoreMLImport.read(from: Self.original)
        #expect(classifier.classes == ["arrow", "circle", "cycle"])
        #expect(classifier.network.specs == Network.drawingClassifierSpecs(classCount: 3))
        #expect(classifier.preprocessing == Preprocessing.mnistMaker)
        #expect(classifier.network.parameterValues().map(\.count).reduce(0, +) == 97_539)
    }
}
