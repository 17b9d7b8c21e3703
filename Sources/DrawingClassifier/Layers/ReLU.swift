/// max(x, 0), elementwise. Keeps its output to route the gradient (where output > 0).
public struct ReLU: Layer {
    private(set) var output = Tensor(zeros: [0])  // internal read: tests check kinks
    private var inputGradBuffer = ReusableBuffer()

    public init() {}

    public var spec: LayerSpec { .relu }

    public mutating func forward(_ input: Tensor) -> Tensor {
        let count = input.count
        // The cached output doubles as the result's storage: rewritten in place once the
        // last result has been released.
        if output.count != count { output = Tensor(zeros: [count]) }
        output.shape = input.shape
        output.scalars.withUnsafeMutableBufferPointer { y in
            guard count > 0 else { return }
            input.scalars.withUnsafeBufferPointer { x in
                let source = UnsafeRawPointer(x.baseAddress!)
                let target = UnsafeMutableRawPointer(y.baseAddress!)
                let vectorEnd = count & ~7
                for i in stride(from: 0, to: vectorEnd, by: 8) {
                    let v = source.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                    target.storeBytes(of: v.replacing(with: 0, where: v .< 0),
                                      toByteOffset: 4 * i, as: SIMD8<Float>.self)
                }
                for i in vectorEnd..<count { y[i] = max(x[i], 0) }
            }
        }
        return output
    }

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        precondition(outputGrad.shape == output.shape,
                     "ReLU output gradient must be \(output.shape), got \(outputGrad.shape).")
        let count = outputGrad.count
        let scalars = inputGradBuffer.fill(count: count) { dx in
            guard count > 0 else { return }
            output.scalars.withUnsafeBufferPointer { y in
                outputGrad.scalars.withUnsafeBufferPointer { dy in
                    let out = UnsafeRawPointer(y.baseAddress!)
                    let grad = UnsafeRawPointer(dy.baseAddress!)
                    let target = UnsafeMutableRawPointer(dx.baseAddress!)
                    let vectorEnd = count & ~7
                    for i in stride(from: 0, to: vectorEnd, by: 8) {
                        let v = out.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                        let d = grad.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                        target.storeBytes(of: d.replacing(with: 0, where: .!(v .> 0)),
                                          toByteOffset: 4 * i, as: SIMD8<Float>.self)
                    }
                    for i in vectorEnd..<count { dx[i] = y[i] > 0 ? dy[i] : 0 }
                }
            }
        }
        return Tensor(shape: outputGrad.shape, scalars: scalars)
    }
}
