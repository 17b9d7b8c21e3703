/// A trainable tensor and the gradient accumulated for it.
public struct Parameter: Sendable {
    public var value: Tensor
    public var grad: Tensor

    public init(value: Tensor) {
        self.value = value
        self.grad = Tensor(zeros: value.shape)
    }
}

/// One stage of the network. `forward` caches what `backward` will need.
public protocol Layer: Sendable {
    /// What this layer is, so a model file can record and check the architecture.
    var spec: LayerSpec { get }
    /// Computes the output for a batch and caches what `backward` needs.
    mutating func forward(_ input: Tensor) -> Tensor
    /// Takes dLoss/dOutput of the last `forward`, adds into parameter gradients,
    /// returns dLoss/dInput.
    mutating func backward(_ outputGrad: Tensor) -> Tensor
    /// Visits every parameter in a fixed order; that order is also the weight order in
    /// the model file.
    mutating func updateParameters(_ body: (inout Parameter) -> Void)
}

extension Layer {
    /// Parameterless layers visit nothing.
    public mutating func updateParameters(_ body: (inout Parameter) -> Void) {}
}
