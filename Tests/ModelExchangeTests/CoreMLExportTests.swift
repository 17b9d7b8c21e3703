import DrawingClassifier
import Foundation
import ModelExchange
import SwiftProtobuf
import Testing

@Suite struct CoreMLExportTests {
    static func decoded() throws -> (CoreML_Specification_Model, Classifier) {
        let classifier = SmallModel.classifier()
        let bytes = try CoreMLExport.encode(classifier)
        return (try CoreML_Specification_Model(serializedBytes: bytes), classifier)
    }

    @Test func theInterfaceIsTheOriginalAppsClassifiers() throws {
        let (model, _) = try Self.decoded()
        #expect(model.specificationVersion == 1)
        let d = model.description_p
        #expect(d.input.map(\.name) == ["drawing"])
        let image = d.input[0].type.imageType
        #expect(image.width == 8 && image.height == 8 && image.colorSpace == .grayscale)
        #expect(d.output.map(\.name) == ["labelProbability", "label"])
        #expect(d.output[0].type.dictionaryType.keyType == .stringKeyType(.init()))
        #expect(d.output[1].type.type == .stringType(.init()))
        #expect(d.predictedFeatureName == "label" && d.predictedProbabilitiesName == "labelProbability")
        let nn = model.neuralNetworkClassifier
        #expect(nn.stringClassLabels.vector == ["ring", "line"])
        #expect(nn.labelProbabilityLayerName == "labelProbability")
        #expect(nn.preprocessing.map(\.featureName) == ["drawing"])
        #expect(nn.preprocessing[0].scaler.channelScale == Float(1.0 / 255.0))
    }

    @Test func layersMapOneToOneWithTheModelsWeightsBitForBit() throws {
        let (model, classifier) = try Self.decoded()
        let layers = model.neuralNetworkClassifier.layers
        #expect(layers.map { $0.layer.map(CoreMLImport.caseName) ?? "" } == [
            "convolution", "activation", "pooling", "convolution", "activation", "pooling",
            "flatten", "innerProduct", "activation", "innerProduct", "softmax"])
        var stored: [[Float]] = []
        for layer in layers {
            switch layer.layer {
            case let .convolution(conv):
                stored += [conv.weights.floatValue, conv.bias.floatValue]
            case let .innerProduct(dense):
                stored += [dense.weights.floatValue, dense.bias.floatValue]
            default: break
            }
        }
        #expect(stored.map(\.bits) == classifier.network.parameterValues().map(\.scalars.bits))
        #expect(layers[0].convolution.kernelChannels == 1 && layers[0].convolution.outputChannels == 2)
        #expect(layers[0].convolution.same.asymmetryMode == .topLeftHeavy)
        let valid = layers[3].convolution.valid.paddingAmounts.borderAmounts
        #expect(valid.map { [$0.startEdgeSize, $0.endEdgeSize] } == [[0, 0], [0, 0]])
        #expect(layers[2].pooling.kernelSize == [2, 2] && layers[2].pooling.stride == [2, 2])
        #expect(layers[6].flatten.mode == .channelFirst)
        #expect(layers[9].innerProduct.inputChannels == 4 && layers[9].innerProduct.outputChannels == 2)
    }

    @Test func importingTheExportGivesBackTheSameModelBitForBit() throws {
        let classifier = SmallModel.classifier()
        let bytes = try CoreMLExport.encode(classifier)
        let back = try CoreMLImport.classifier(from: Data(bytes), path: "small.mlmodel")
        #expect(back.network.specs == classifier.network.specs)
        #expect(back.classes == classifier.classes && back.preprocessing == classifier.preprocessing)
        #expect(back.network.parameterValues().map(\.scalars.bits)
                == classifier.network.parameterValues().map(\.scalars.bits))
        let input = SmallModel.input()
        #expect(back.probabilities(input).scalars.bits == classifier.probabilities(input).scalars.bits)
    }
}
