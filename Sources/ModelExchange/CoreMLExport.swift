import DrawingClassifier
import Foundation
import SwiftProtobuf

/// Writes a classifier as a Core ML `NeuralNetworkClassifier` with the interface of the
/// original app's turicreate model (FORMATS.md §7), so it can replace that model as it is:
///
/// - input `drawing`: a `width`×`height` grayscale image, preprocessed by a channel scale
///   (1/255 for our models; white ink on black);
/// - outputs `labelProbability` (dictionary class → probability, the softmax layer's output)
///   and `label` (the most probable class);
/// - specification version 1, as turicreate wrote it.
///
/// Layers map one to one: convolution (weights `[O, C, k, k]`, as ours), ReLU activation,
/// max pooling (valid, stride = window), flatten (channel first, as ours), inner product
/// (weights `[O, I]`, as ours), then softmax. Weights are float32 values, bit for bit.
public enum CoreMLExport {
    public static let specificationVersion: Int32 = 1
    public static let inputName = "drawing"
    public static let probabilitiesName = "labelProbability"
    public static let labelName = "label"

    /// The Core ML model message for a classifier.
    public static func model(_ classifier: Classifier) throws(ModelExchangeError) -> CoreML_Specification_Model {
        let network = try ExportableNetwork(classifier)
        var nn = CoreML_Specification_NeuralNetworkClassifier()
        var scaler = CoreML_Specification_NeuralNetworkImageScaler()
        scaler.channelScale = network.scale
        var preprocessing = CoreML_Specification_NeuralNetworkPreprocessing()
        preprocessing.featureName = inputName
        preprocessing.scaler = scaler
        nn.preprocessing = [preprocessing]
        var labels = CoreML_Specification_StringVector()
        labels.vector = network.classes
        nn.stringClassLabels = labels
        nn.labelProbabilityLayerName = probabilitiesName

        var previous = inputName
        var counts: [String: Int] = [:]
        for layer in network.layers {
            let kind = stem(layer.spec)
            let name = "\(kind)\(counts[kind, default: 0])"
            counts[kind, default: 0] += 1
            var proto = CoreML_Specification_NeuralNetworkLayer()
            proto.name = name
            proto.input = [previous]
            proto.output = [name]
            proto.layer = layerParameters(layer)
            nn.layers.append(proto)
            previous = name
        }
        var softmax = CoreML_Specification_NeuralNetworkLayer()
        softmax.name = probabilitiesName
        softmax.input = [previous]
        softmax.output = [probabilitiesName]
        softmax.softmax = CoreML_Specification_SoftmaxLayerParams()
        nn.layers.append(softmax)

        var image = CoreML_Specification_ImageFeatureType()
        image.width = Int64(network.width)
        image.height = Int64(network.height)
        image.colorSpace = .grayscale
        var imageType = CoreML_Specification_FeatureType()
        imageType.imageType = image
        var dictionary = CoreML_Specification_DictionaryFeatureType()
        dictionary.stringKeyType = CoreML_Specification_StringFeatureType()
        var dictionaryType = CoreML_Specification_FeatureType()
        dictionaryType.dictionaryType = dictionary
        var stringType = CoreML_Specification_FeatureType()
        stringType.stringType = CoreML_Specification_StringFeatureType()

        var description = CoreML_Specification_ModelDescription()
        description.input = [feature(inputName, "Input image", imageType)]
        description.output = [
            feature(probabilitiesName, "drawing classifier prediction probabilities", dictionaryType),
            feature(labelName, "drawing classifier class label of top prediction", stringType),
        ]
        description.predictedFeatureName = labelName
        description.predictedProbabilitiesName = probabilitiesName
        var metadata = CoreML_Specification_Metadata()
        metadata.shortDescription = "Drawing classifier trained by fa-train"
        metadata.userDefined = ["classes": network.classes.joined(separator: ","),
                                "source": "fa-train export"]
        description.metadata = metadata

        var model = CoreML_Specification_Model()
        model.specificationVersion = specificationVersion
        model.description_p = description
        model.neuralNetworkClassifier = nn
        return model
    }

    /// The `.mlmodel` file's bytes.
    public static func encode(_ classifier: Classifier) throws(ModelExchangeError) -> [UInt8] {
        let message = try model(classifier)
        do {
            return try message.serializedBytes()
        } catch {
            // Serializing a complete message of plain fields does not fail.
            throw .notExportable(reason: "protobuf encoding failed: \(error)")
        }
    }

    private static func stem(_ spec: LayerSpec) -> String {
        switch spec {
        case .conv2D: "conv"
        case .relu: "relu"
        case .maxPool2D: "pool"
        case .flatten: "flatten"
        case .dense: "dense"
        }
    }

    private static func layerParameters(_ layer: ExportableNetwork.Layer)
        -> CoreML_Specification_NeuralNetworkLayer.OneOf_Layer {
        switch layer.spec {
        case let .conv2D(inputChannels, outputChannels, kernelSize, padding):
            var conv = CoreML_Specification_ConvolutionLayerParams()
            conv.outputChannels = UInt64(outputChannels)
            conv.kernelChannels = UInt64(inputChannels)
            conv.nGroups = 1
            conv.kernelSize = [UInt64(kernelSize), UInt64(kernelSize)]
            conv.stride = [1, 1]
            conv.dilationFactor = [1, 1]
            if kernelSize % 2 == 1 && padding == kernelSize / 2 {
                // "same" as turicreate writes it (an odd kernel pads both sides alike).
                var same = CoreML_Specification_SamePadding()
                same.asymmetryMode = .topLeftHeavy
                conv.same = same
            } else {
                var edge = CoreML_Specification_BorderAmounts.EdgeSizes()
                edge.startEdgeSize = UInt64(padding)
                edge.endEdgeSize = UInt64(padding)
                var amounts = CoreML_Specification_BorderAmounts()
                amounts.borderAmounts = [edge, edge]
                var valid = CoreML_Specification_ValidPadding()
                valid.paddingAmounts = amounts
                conv.valid = valid
            }
            conv.hasBias_p = true
            conv.weights = weights(layer.weight)
            conv.bias = weights(layer.bias)
            return .convolution(conv)
        case .relu:
            var activation = CoreML_Specification_ActivationParams()
            activation.reLu = CoreML_Specification_ActivationReLU()
            return .activation(activation)
        case let .maxPool2D(size):
            var pool = CoreML_Specification_PoolingLayerParams()
            pool.type = .max
            pool.kernelSize = [UInt64(size), UInt64(size)]
            pool.stride = [UInt64(size), UInt64(size)]
            var amounts = CoreML_Specification_BorderAmounts()
            amounts.borderAmounts = [.init(), .init()]
            var valid = CoreML_Specification_ValidPadding()
            valid.paddingAmounts = amounts
            pool.valid = valid
            return .pooling(pool)
        case .flatten:
            var flatten = CoreML_Specification_FlattenLayerParams()
            flatten.mode = .channelFirst
            return .flatten(flatten)
        case let .dense(inputCount, outputCount):
            var dense = CoreML_Specification_InnerProductLayerParams()
            dense.inputChannels = UInt64(inputCount)
            dense.outputChannels = UInt64(outputCount)
            dense.hasBias_p = true
            dense.weights = weights(layer.weight)
            dense.bias = weights(layer.bias)
            return .innerProduct(dense)
        }
    }

    private static func weights(_ tensor: Tensor?) -> CoreML_Specification_WeightParams {
        var params = CoreML_Specification_WeightParams()
        params.floatValue = tensor?.scalars ?? []
        return params
    }

    private static func feature(_ name: String, _ text: String,
                                _ type: CoreML_Specification_FeatureType) -> CoreML_Specification_FeatureDescription {
        var feature = CoreML_Specification_FeatureDescription()
        feature.name = name
        feature.shortDescription = text
        feature.type = type
        return feature
    }
}
