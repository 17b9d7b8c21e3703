import DrawingClassifier
import Foundation

/// A small classifier for the exchange tests: 8×8 input, a "same" and a "valid" convolution
/// (so both padding forms are written), two classes.
///   [1, 8, 8] conv(2, k3, p1) → relu → pool 2 → [2, 4, 4] conv(3, k3, p0) → [3, 2, 2]
///   → relu → pool 2 → [3, 1, 1] → flatten → dense 3 → 4 → relu → dense 4 → 2
enum SmallModel {
    static let specs: [LayerSpec] = [
        .conv2D(inputChannels: 1, outputChannels: 2, kernelSize: 3, padding: 1), .relu,
        .maxPool2D(size: 2),
        .conv2D(inputChannels: 2, outputChannels: 3, kernelSize: 3, padding: 0), .relu,
        .maxPool2D(size: 2), .flatten,
        .dense(inputCount: 3, outputCount: 4), .relu,
        .dense(inputCount: 4, outputCount: 2),
    ]

    static func classifier(seed: UInt64 = 7) -> Classifier {
        var rng = SplitMix64(seed: seed)
        var network = Network(specs: specs, using: &rng)
        // Non-zero biases, so a dropped or misplaced bias shows.
        let values = network.parameterValues().map { value in
            value.shape.count == 1
                ? Tensor(shape: value.shape, scalars: value.scalars.indices.map { Float($0 + 1) * 0.01 })
                : value
        }
        try? network.setParameterValues(values)
        var preprocessing = Preprocessing.mnistMaker
        preprocessing.width = 8
        preprocessing.height = 8
        return Classifier(network: network, classes: ["ring", "line"], preprocessing: preprocessing)
    }

    /// A deterministic 8×8 input batch of two images `[2, 1, 8, 8]`.
    static func input() -> Tensor {
        Tensor(shape: [2, 1, 8, 8], scalars: (0..<128).map { Float(($0 * 37) % 256) / 255 })
    }
}

extension Array where Element == Float {
    var bits: [UInt32] { map(\.bitPattern) }
}
