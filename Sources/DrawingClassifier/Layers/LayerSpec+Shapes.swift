/// Why a list of layer specs does not describe a usable network.
public struct ArchitectureError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
}

extension LayerSpec {
    /// The per-example output shape for a per-example input shape (`[C, H, W]` or
    /// `[features]`), or an error naming what does not fit.
    public func outputShape(for input: [Int]) throws(ArchitectureError) -> [Int] {
        switch self {
        case let .conv2D(inputChannels, outputChannels, kernelSize, padding):
            guard input.count == 3, input[0] == inputChannels else {
                throw ArchitectureError(description:
                    "conv2D expects [\(inputChannels), H, W] input, got \(input)")
            }
            guard outputChannels > 0, kernelSize > 0, padding >= 0, padding < kernelSize else {
                throw ArchitectureError(description: "conv2D has invalid sizes \(self)")
            }
            let h = input[1] + 2 * padding - kernelSize + 1, w = input[2] + 2 * padding - kernelSize + 1
            guard h > 0, w > 0 else {
                throw ArchitectureError(description: "conv2D kernel \(kernelSize) is larger than \(input)")
            }
            return [outputChannels, h, w]
        case .relu:
            return input
        case let .maxPool2D(size):
            guard input.count == 3, size > 0, input[1] >= size, input[2] >= size else {
                throw ArchitectureError(description: "maxPool2D(\(size)) cannot pool \(input)")
            }
            return [input[0], input[1] / size, input[2] / size]
        case .flatten:
            return [input.reduce(1, *)]
        case let .dense(inputCount, outputCount):
            guard input == [inputCount], outputCount > 0 else {
                throw ArchitectureError(description: "dense expects [\(inputCount)] input, got \(input)")
            }
            return [outputCount]
        }
    }

    /// The number of weights and biases this layer holds.
    public var parameterCount: Int {
        switch self {
        case let .conv2D(inputChannels, outputChannels, kernelSize, _):
            outputChannels * inputChannels * kernelSize * kernelSize + outputChannels
        case let .dense(inputCount, outputCount):
            outputCount * inputCount + outputCount
        case .relu, .maxPool2D, .flatten:
            0
        }
    }
}

extension Array where Element == LayerSpec {
    /// Checks that the layers chain from `inputShape` to `[classCount]` logits and that the
    /// network is of a sane size (at most `maximumParameters` weights), before anything is
    /// allocated.
    public func validate(inputShape: [Int], classCount: Int,
                         maximumParameters: Int = 50_000_000) throws(ArchitectureError) {
        guard !isEmpty else { throw ArchitectureError(description: "the network has no layers") }
        var shape = inputShape
        var parameters = 0
        for spec in self {
            // Cap every size before multiplying, so absurd numbers cannot overflow.
            if case let .conv2D(i, o, k, _) = spec, i > 4096 || o > 4096 || k > 64 {
                throw ArchitectureError(description: "conv2D sizes are too large: \(spec)")
            }
            if case let .dense(i, o) = spec, i > 10_000_000 || o > 100_000 {
                throw ArchitectureError(description: "dense sizes are too large: \(spec)")
            }
            shape = try spec.outputShape(for: shape)
            parameters += spec.parameterCount
            guard parameters <= maximumParameters else {
                throw ArchitectureError(description: "more than \(maximumParameters) parameters")
            }
        }
        guard shape == [classCount] else {
            throw ArchitectureError(description:
                "the network ends in \(shape), not in \(classCount) class scores")
        }
    }
}
