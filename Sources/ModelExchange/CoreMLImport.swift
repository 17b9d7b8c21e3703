import DrawingClassifier
import Foundation
import StrokeFormats
import SwiftProtobuf

/// Reads a Core ML drawing classifier (a turicreate drawing classifier, or one written by
/// `CoreMLExport`) into our classifier, layer by layer, so that our tools run it.
///
/// What maps: one grayscale image input with a channel scale (no bias), string or integer
/// class labels, and a chain of convolution (stride 1, no dilation or groups, symmetric
/// padding), ReLU, max pooling (window = stride, no padding), flatten (channel first),
/// inner product (float32 weights), ending in softmax. The layouts are ours: convolution
/// weights `[O, C, k, k]`, dense `[O, I]`, flatten in (C, H, W) order. Anything else is an
/// error that names the layer and what it cannot map; nothing is approximated.
public enum CoreMLImport {
    /// Files larger than this are refused before reading.
    public static let maximumBytes = 512 << 20

    /// Reads and converts an `.mlmodel` file.
    public static func read(from path: String) throws(ModelExchangeError) -> Classifier {
        let data: Data
        do {
            data = Data(try BoundedFile.read(contentsOf: path, limit: maximumBytes, regularFileOnly: true))
        } catch {
            throw .unreadable(path: path, reason: error.reason(expecting: "drawing classifier"))
        }
        return try classifier(from: data, path: path)
    }

    /// Converts the bytes of an `.mlmodel` file; `path` only names the file in errors.
    public static func classifier(from data: Data, path: String) throws(ModelExchangeError) -> Classifier {
        let model: CoreML_Specification_Model
        do {
            model = try CoreML_Specification_Model(serializedBytes: data)
        } catch {
            throw .notCoreML(path: path, reason: "protobuf decoding failed: \(error)")
        }
        return try classifier(from: model, path: path)
    }

    /// Converts a decoded Core ML model.
    public static func classifier(from model: CoreML_Specification_Model,
                                  path: String) throws(ModelExchangeError) -> Classifier {
        let nn: CoreML_Specification_NeuralNetworkClassifier
        switch model.type {
        case let .neuralNetworkClassifier(classifier):
            nn = classifier
        case .pipeline, .pipelineClassifier, .pipelineRegressor:
            throw .unsupportedModel(path: path, reason: "it is a pipeline of models; import takes "
                + "a single neural-network classifier (a turicreate drawing classifier)")
        case let .some(other):
            throw .unsupportedModel(path: path, reason: "it is a \(caseName(other)) model; import "
                + "takes a neural-network classifier (a turicreate drawing classifier)")
        case nil:
            throw .notCoreML(path: path, reason: "no model in it, or it is truncated")
        }
        guard model.specificationVersion > 0, model.hasDescription_p else {
            throw .notCoreML(path: path, reason: "no specification version or description")
        }
        let (input, width, height) = try imageInput(model.description_p, path: path)
        let scale = try inputScale(nn, input: input, path: path)
        let classes: [String]
        switch nn.classLabels {
        case let .stringClassLabels(labels): classes = labels.vector
        case let .int64ClassLabels(labels): classes = labels.vector.map(String.init)
        case nil: throw .unsupportedModel(path: path, reason: "it has no class labels")
        }
        guard classes.count >= 2, Set(classes).count == classes.count else {
            throw .unsupportedModel(path: path, reason: "it needs at least two distinct class labels")
        }

        var specs: [LayerSpec] = []
        var values: [Tensor] = []
        var shape = [1, height, width]  // per example, [C, H, W] or [features]
        var previous = input
        var endsInSoftmax = false
        for layer in nn.layers {
            let mapping = LayerMapping(layer: layer, path: path)
            guard !endsInSoftmax else {
                throw mapping.error("it follows the softmax, which must be the last layer")
            }
            guard layer.input == [previous], layer.output.count == 1 else {
                throw mapping.error("the network is not a single chain (inputs \(layer.input), "
                    + "expected [\(previous)])")
            }
            previous = layer.output[0]
            guard let kind = layer.layer else { throw mapping.error("it has no layer type") }
            let spec: LayerSpec
            switch kind {
            case let .convolution(conv):
                let (convSpec, weight, bias) = try mapping.convolution(conv, inputShape: shape)
                spec = convSpec
                values += [weight, bias]
            case let .activation(activation):
                guard case .reLu = activation.nonlinearityType else {
                    throw mapping.error("only the ReLU activation maps, this is "
                        + (activation.nonlinearityType.map(caseName) ?? "none"))
                }
                spec = .relu
            case let .pooling(pool):
                spec = try mapping.pooling(pool)
            case let .flatten(flatten):
                guard flatten.mode == .channelFirst else {
                    throw mapping.error("only channel-first flattening maps")
                }
                spec = .flatten
            case let .innerProduct(dense):
                let (denseSpec, weight, bias) = try mapping.innerProduct(dense, inputShape: shape)
                spec = denseSpec
                values += [weight, bias]
            case .softmax:
                endsInSoftmax = true
                continue
            default:
                throw mapping.error("a \(caseName(kind)) layer has no counterpart in our network")
            }
            do {
                shape = try spec.outputShape(for: shape)
            } catch {
                throw mapping.error("\(error)")
            }
            specs.append(spec)
        }
        guard endsInSoftmax else {
            throw .unsupportedModel(path: path, reason: "the network does not end in softmax")
        }
        do {
            try specs.validate(inputShape: [1, height, width], classCount: classes.count)
        } catch {
            throw .unsupportedModel(path: path, reason: "\(error)")
        }
        var rng = SplitMix64(seed: 0)
        var network = Network(specs: specs, using: &rng)
        do {
            try network.setParameterValues(values)
        } catch {
            throw .unsupportedModel(path: path, reason: "\(error)")
        }
        var preprocessing = Preprocessing.mnistMaker
        preprocessing.width = width
        preprocessing.height = height
        preprocessing.scale = scale
        var training = TrainingMetadata()
        let metadata = model.description_p.metadata
        training.notes = "imported from Core ML \(URL(fileURLWithPath: path).lastPathComponent)"
            + (metadata.shortDescription.isEmpty ? "" : " (\(metadata.shortDescription))")
        return Classifier(network: network, classes: classes, preprocessing: preprocessing,
                          training: training)
    }

    /// The one input: a grayscale image of a fixed size.
    private static func imageInput(_ description: CoreML_Specification_ModelDescription,
                                   path: String) throws(ModelExchangeError) -> (String, Int, Int) {
        guard description.input.count == 1, let input = description.input.first else {
            throw .unsupportedModel(path: path, reason: "it has \(description.input.count) inputs; "
                + "import takes one grayscale image")
        }
        guard case let .imageType(image) = input.type.type else {
            throw .unsupportedModel(path: path, reason: "input '\(input.name)' is not an image")
        }
        guard image.colorSpace == .grayscale else {
            throw .unsupportedModel(path: path, reason: "input '\(input.name)' is not a grayscale image")
        }
        guard (1...1024).contains(image.width), (1...1024).contains(image.height) else {
            throw .unsupportedModel(path: path,
                reason: "input image size \(image.width)×\(image.height) is not usable")
        }
        return (input.name, Int(image.width), Int(image.height))
    }

    /// The channel scale of the input's preprocessing (1 without one); a bias or a mean image
    /// does not map onto our preprocessing.
    private static func inputScale(_ nn: CoreML_Specification_NeuralNetworkClassifier, input: String,
                                   path: String) throws(ModelExchangeError) -> Float {
        let steps = nn.preprocessing.filter { $0.featureName == input || $0.featureName.isEmpty }
        guard let step = steps.first else { return 1 }
        guard steps.count == 1, case let .scaler(scaler) = step.preprocessor else {
            throw .unsupportedModel(path: path, reason: "input preprocessing other than one "
                + "channel scale (a mean image, or several steps) does not map")
        }
        guard scaler.grayBias == 0 else {
            throw .unsupportedModel(path: path, reason: "input preprocessing adds a gray bias "
                + "of \(scaler.grayBias); only a channel scale maps")
        }
        guard scaler.channelScale > 0, scaler.channelScale.isFinite else {
            throw .unsupportedModel(path: path, reason: "input channel scale \(scaler.channelScale) "
                + "is not usable")
        }
        return scaler.channelScale
    }

    /// The name of an enum case without its payload, for error messages (the generated
    /// oneof enums have no names of their own).
    public static func caseName(_ value: Any) -> String {
        Mirror(reflecting: value).children.first?.label ?? "\(value)"
    }
}

/// Maps the parameters of one Core ML layer onto a layer spec and its weights.
private struct LayerMapping {
    var layer: CoreML_Specification_NeuralNetworkLayer
    var path: String

    func error(_ reason: String) -> ModelExchangeError {
        .unsupportedLayer(path: path, layer: layer.name, reason: reason)
    }

    func convolution(_ conv: CoreML_Specification_ConvolutionLayerParams, inputShape: [Int])
        throws(ModelExchangeError) -> (LayerSpec, Tensor, Tensor) {
        guard inputShape.count == 3 else { throw error("a convolution needs an image input") }
        guard !conv.isDeconvolution else { throw error("deconvolution does not map") }
        guard conv.nGroups <= 1 else { throw error("grouped convolution does not map") }
        guard conv.kernelSize.count == 2, conv.kernelSize[0] == conv.kernelSize[1],
              (1...64).contains(conv.kernelSize[0]) else {
            throw error("kernel size \(conv.kernelSize) is not square")
        }
        guard conv.stride.allSatisfy({ $0 == 1 }), conv.dilationFactor.allSatisfy({ $0 == 1 }) else {
            throw error("stride \(conv.stride) or dilation \(conv.dilationFactor) is not 1")
        }
        let k = Int(conv.kernelSize[0])
        guard (1...4096).contains(conv.outputChannels) else {
            throw error("\(conv.outputChannels) output channels is not in 1...4096")
        }
        let (c, o) = (inputShape[0], Int(conv.outputChannels))
        guard conv.kernelChannels == UInt64(c) else {
            throw error("kernel channels \(conv.kernelChannels) do not match \(c) input channels")
        }
        let padding: Int
        switch conv.convolutionPaddingType {
        case .same:
            guard k % 2 == 1 else { throw error("'same' padding of an even kernel is uneven") }
            padding = k / 2
        case let .valid(valid):
            let edges = valid.paddingAmounts.borderAmounts
            guard edges.count == 0 || (edges.count == 2 && edges.allSatisfy({
                $0.startEdgeSize == $0.endEdgeSize && $0.startEdgeSize == edges[0].startEdgeSize
            })), (edges.first?.startEdgeSize ?? 0) < UInt64(k) else {
                throw error("padding \(edges.map { [$0.startEdgeSize, $0.endEdgeSize] }) is not "
                    + "the same on every side and smaller than the kernel")
            }
            padding = Int(edges.first?.startEdgeSize ?? 0)
        case nil:
            throw error("it has no padding type")
        }
        let weight = try floats(conv.weights, count: o * c * k * k, what: "weights")
        let bias = conv.hasBias_p ? try floats(conv.bias, count: o, what: "bias")
            : [Float](repeating: 0, count: o)
        return (.conv2D(inputChannels: c, outputChannels: o, kernelSize: k, padding: padding),
                Tensor(shape: [o, c, k, k], scalars: weight), Tensor(shape: [o], scalars: bias))
    }

    func pooling(_ pool: CoreML_Specification_PoolingLayerParams) throws(ModelExchangeError) -> LayerSpec {
        guard pool.type == .max else { throw error("only max pooling maps") }
        guard !pool.globalPooling else { throw error("global pooling does not map") }
        guard pool.kernelSize.count == 2, pool.kernelSize[0] == pool.kernelSize[1],
              pool.stride == pool.kernelSize, (1...64).contains(pool.kernelSize[0]) else {
            throw error("window \(pool.kernelSize) with stride \(pool.stride) is not a square "
                + "window moved by its own size")
        }
        guard case let .valid(valid) = pool.poolingPaddingType,
              valid.paddingAmounts.borderAmounts.allSatisfy({ $0.startEdgeSize == 0 && $0.endEdgeSize == 0 })
        else {
            throw error("only unpadded ('valid') pooling maps")
        }
        return .maxPool2D(size: Int(pool.kernelSize[0]))
    }

    func innerProduct(_ dense: CoreML_Specification_InnerProductLayerParams, inputShape: [Int])
        throws(ModelExchangeError) -> (LayerSpec, Tensor, Tensor) {
        guard inputShape.count == 1 else {
            throw error("an inner product on an image needs a flatten layer before it")
        }
        guard (1...100_000).contains(dense.outputChannels) else {
            throw error("\(dense.outputChannels) output channels is not in 1...100000")
        }
        let (i, o) = (inputShape[0], Int(dense.outputChannels))
        guard dense.inputChannels == UInt64(i) else {
            throw error("\(dense.inputChannels) input channels do not match \(i) features")
        }
        guard !dense.int8DynamicQuantize else { throw error("int8 quantization does not map") }
        let weight = try floats(dense.weights, count: o * i, what: "weights")
        let bias = dense.hasBias_p ? try floats(dense.bias, count: o, what: "bias")
            : [Float](repeating: 0, count: o)
        return (.dense(inputCount: i, outputCount: o),
                Tensor(shape: [o, i], scalars: weight), Tensor(shape: [o], scalars: bias))
    }

    /// Float32 weights of the expected count; half-precision or quantized weights do not map.
    func floats(_ params: CoreML_Specification_WeightParams, count: Int,
                what: String) throws(ModelExchangeError) -> [Float] {
        guard params.float16Value.isEmpty, params.rawValue.isEmpty, params.int8RawValue.isEmpty,
              !params.hasQuantization else {
            throw error("its \(what) are half-precision or quantized; only float32 maps")
        }
        guard params.floatValue.count == count else {
            throw error("it has \(params.floatValue.count) \(what), expected \(count)")
        }
        guard params.floatValue.allSatisfy(\.isFinite) else {
            throw error("its \(what) contain NaN or infinity")
        }
        return params.floatValue
    }
}
