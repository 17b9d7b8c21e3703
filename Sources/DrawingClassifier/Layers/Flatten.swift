/// [N, d1, d2, …] → [N, d1·d2·…], no data movement.
public struct Flatten: Layer {
    private var inputShape: [Int] = []

    public init() {}

    public var spec: LayerSpec { .flatten }

    public mutating func forward(_ input: Tensor) -> Tensor {
        precondition(!input.shape.isEmpty, "Flatten needs a batch dimension.")
        inputShape = input.shape
        return input.reshaped([input.shape[0], input.count / max(input.shape[0], 1)])
    }

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        precondition(outputGrad.count == inputShape.reduce(1, *),
                     "Flatten output gradient does not match the last forward input.")
        return outputGrad.reshaped(inputShape)
    }
}
