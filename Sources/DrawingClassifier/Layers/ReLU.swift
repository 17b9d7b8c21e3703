/// max(x, 0), elementwise. Keeps its output to route the gradient (where output > 0).
public struct ReLU: Layer {
    private(set) var output = Tensor(zeros: [0])  // internal read: tests check kinks

    public init() {}

    public var spec: LayerSpec { .relu }

    public mutating func forward(_ input: Tensor) -> Tensor {
        var result = input
        result.scalars.withUnsafeMutableBufferPointer { y in
            for i in y.indices { y[i] = max(y[i], 0) }
        }
        output = result
        return result
    }

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        precondition(outputGrad.shape == output.shape,
                     "ReLU output gradient must be \(output.shape), got \(outputGrad.shape).")
        var inputGrad = outputGrad
        output.scalars.withUnsafeBufferPointer { y in
            inputGrad.scalars.withUnsafeMutableBufferPointer { g in
                for i in g.indices where !(y[i] > 0) { g[i] = 0 }
            }
        }
        return inputGrad
    }
}
