/// Why a list of parameter values cannot be loaded into a network.
public struct ParameterMismatchError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
}

/// A feed-forward stack of layers ending in class scores (logits).
///
/// `forward` runs the layers in order and caches what `backward` needs; `backward` runs them
/// in reverse, accumulating parameter gradients. Parameters are visited in a fixed order
/// (layer by layer, weight before bias), which is also their order in a model file.
public struct Network: Sendable {
    public var layers: [any Layer]

    public init(layers: [any Layer]) {
        self.layers = layers
    }

    /// Builds the layers described by `specs` with Glorot-uniform weights and zero biases.
    /// A leading convolution skips its (unused) input gradient.
    public init(specs: [LayerSpec], using rng: inout SplitMix64) {
        var layers: [any Layer] = []
        for (index, spec) in specs.enumerated() {
            switch spec {
            case let .conv2D(inputChannels, outputChannels, kernelSize, padding):
                var conv = Conv2D(inputChannels: inputChannels, outputChannels: outputChannels,
                                  kernelSize: kernelSize, padding: padding, using: &rng)
                conv.computesInputGradient = index > 0
                layers.append(conv)
            case .relu:
                layers.append(ReLU())
            case let .maxPool2D(size):
                layers.append(MaxPool2D(size: size))
            case .flatten:
                layers.append(Flatten())
            case let .dense(inputCount, outputCount):
                layers.append(Dense(inputCount: inputCount, outputCount: outputCount, using: &rng))
            }
        }
        self.init(layers: layers)
    }

    /// The reference turicreate drawing-classifier architecture for 28×28 single-channel
    /// input: three conv(3×3, same)–ReLU–maxpool(2) stages with 16, 32 and 64 channels
    /// (28 → 14 → 7 → 3), then dense 576 → 128, ReLU, dense 128 → `classCount`.
    public static func drawingClassifierSpecs(classCount: Int) -> [LayerSpec] {
        [
            .conv2D(inputChannels: 1, outputChannels: 16, kernelSize: 3, padding: 1), .relu,
            .maxPool2D(size: 2),
            .conv2D(inputChannels: 16, outputChannels: 32, kernelSize: 3, padding: 1), .relu,
            .maxPool2D(size: 2),
            .conv2D(inputChannels: 32, outputChannels: 64, kernelSize: 3, padding: 1), .relu,
            .maxPool2D(size: 2),
            .flatten,
            .dense(inputCount: 64 * 3 * 3, outputCount: 128), .relu,
            .dense(inputCount: 128, outputCount: classCount),
        ]
    }

    /// Makes every layer use the given matrix kernel (which must be supported here). Results
    /// differ from path to path only in rounding.
    public mutating func useKernels(_ path: KernelPath) {
        for index in layers.indices {
            if var conv = layers[index] as? Conv2D {
                conv.kernelPath = path
                layers[index] = conv
            } else if var dense = layers[index] as? Dense {
                dense.kernelPath = path
                layers[index] = dense
            }
        }
    }

    /// The architecture, one spec per layer.
    public var specs: [LayerSpec] { layers.map(\.spec) }

    /// Logits `[N, K]` for a batch; caches what `backward` needs. An empty batch gives
    /// `[0, K]` without running the layers.
    public mutating func forward(_ input: Tensor) -> Tensor {
        if input.shape.first == 0 {
            var shape = Array(input.shape.dropFirst())
            for spec in specs { shape = (try? spec.outputShape(for: shape)) ?? shape }
            return Tensor(zeros: [0] + shape)
        }
        var x = input
        for index in layers.indices { x = layers[index].forward(x) }
        return x
    }

    /// Takes dLoss/dLogits `[N, K]` of the last `forward` and adds into every parameter's
    /// gradient.
    public mutating func backward(_ logitsGrad: Tensor) {
        var grad = logitsGrad
        for index in layers.indices.reversed() {
            grad = layers[index].backward(grad)
        }
    }

    /// Visits every parameter, layer by layer, in the fixed file order.
    public mutating func updateParameters(_ body: (inout Parameter) -> Void) {
        for index in layers.indices { layers[index].updateParameters(body) }
    }

    /// Sets every gradient to zero.
    public mutating func zeroGradients() {
        updateParameters { p in
            p.grad.scalars.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
    }

    /// The parameter values in the fixed order (the model file's weight order).
    public func parameterValues() -> [Tensor] {
        var copy = self
        var values: [Tensor] = []
        copy.updateParameters { values.append($0.value) }
        return values
    }

    /// The parameter gradients in the same order as `parameterValues()`.
    public func parameterGradients() -> [Tensor] {
        var copy = self
        var grads: [Tensor] = []
        copy.updateParameters { grads.append($0.grad) }
        return grads
    }

    /// Replaces every parameter value, in `parameterValues()` order. Throws (and changes
    /// nothing) when the count or any shape differs.
    public mutating func setParameterValues(_ values: [Tensor]) throws(ParameterMismatchError) {
        let expected = parameterValues().map(\.shape)
        guard values.count == expected.count else {
            throw ParameterMismatchError(description:
                "the network has \(expected.count) parameter tensors, got \(values.count)")
        }
        for (index, (value, shape)) in zip(values, expected).enumerated()
        where value.shape != shape {
            throw ParameterMismatchError(description:
                "parameter \(index) should have shape \(shape), got \(value.shape)")
        }
        var index = 0
        updateParameters { p in
            p.value = values[index]
            index += 1
        }
    }

    /// Class probabilities `[N, K]` (softmax of the logits). Does not change the network, so
    /// several threads may call it at once.
    public func probabilities(_ input: Tensor) -> Tensor {
        softmax(logits(input))
    }

    /// Logits `[N, K]` without touching this network's caches: each example runs through an
    /// `InferencePlan` (channels last, cache-sized buffers). A network the plan does not
    /// cover runs `forward` in slices of `sliceSize` examples, so the unfolded convolution
    /// inputs stay in cache (a whole batch of 256 unfolds to ~29 MB and ran 3–4× slower).
    public func logits(_ input: Tensor, sliceSize: Int = 16) -> Tensor {
        outputs(input, layers: layers.count, sliceSize: sliceSize)
    }

    /// The activations after the first `layerCount` layers, `[N, …]`, computed like
    /// `logits`.
    public func outputs(_ input: Tensor, layers layerCount: Int, sliceSize: Int = 16) -> Tensor {
        precondition((0...layers.count).contains(layerCount),
                     "The network has \(layers.count) layers, asked for \(layerCount).")
        let n = input.shape.first ?? 0
        if n == 0 {
            var shape = Array(input.shape.dropFirst())
            for spec in specs.prefix(layerCount) {
                shape = (try? spec.outputShape(for: shape)) ?? shape
            }
            return Tensor(zeros: [0] + shape)
        }
        if let plan = InferencePlan(network: self, exampleShape: Array(input.shape.dropFirst())) {
            return plan.outputs(input, layers: layerCount)
        }
        var copy = self
        let stride = input.count / n
        var shape: [Int] = [], scalars: [Float] = []
        for start in Swift.stride(from: 0, to: n, by: max(1, sliceSize)) {
            let end = min(start + sliceSize, n)
            var x = Tensor(shape: [end - start] + input.shape.dropFirst(),
                           scalars: Array(input.scalars[(start * stride)..<(end * stride)]))
            for index in 0..<layerCount { x = copy.layers[index].forward(x) }
            shape = Array(x.shape.dropFirst())
            scalars += x.scalars
        }
        return Tensor(shape: [n] + shape, scalars: scalars)
    }

    /// The `count` most probable classes of each row of `probabilities` `[N, K]`, most
    /// probable first (ties: lower class index first).
    public static func topK(_ probabilities: Tensor,
                            count: Int) -> [[(index: Int, probability: Float)]] {
        precondition(probabilities.shape.count == 2, "topK expects [N, K] probabilities.")
        let (n, k) = (probabilities.shape[0], probabilities.shape[1])
        return (0..<n).map { row in
            let slice = probabilities.scalars[row * k ..< (row + 1) * k]
            let ranked = slice.indices.sorted { a, b in
                slice[a] != slice[b] ? slice[a] > slice[b] : a < b
            }
            return ranked.prefix(max(0, count)).map {
                (index: $0 - row * k, probability: slice[$0])
            }
        }
    }
}
