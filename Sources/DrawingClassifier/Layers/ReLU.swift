/// max(x, 0), elementwise. Keeps its output to route the gradient (where output > 0).
public struct ReLU: Layer {
    private(set) var output = Tensor(zeros: [0])  // internal read: tests check kinks

    public init() {}

    public var spec: LayerSpec { .relu }

    public mutating func forward(_ input: Tensor) -> Tensor {
        var result = input
        result.scalars.withUnsafeMutableBufferPointer { y in
            let base = UnsafeMutableRawPointer(y.baseAddress!)
            let vectorEnd = y.count & ~7
            for i in stride(from: 0, to: vectorEnd, by: 8) {
                let v = base.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                base.storeBytes(of: v.replacing(with: 0, where: v .< 0), toByteOffset: 4 * i,
                                as: SIMD8<Float>.self)
            }
            for i in vectorEnd..<y.count { y[i] = max(y[i], 0) }
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
                let out = UnsafeRawPointer(y.baseAddress!)
                let base = UnsafeMutableRawPointer(g.baseAddress!)
                let vectorEnd = g.count & ~7
                for i in stride(from: 0, to: vectorEnd, by: 8) {
                    let v = out.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                    let d = base.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                    base.storeBytes(of: d.replacing(with: 0, where: .!(v .> 0)),
                                    toByteOffset: 4 * i, as: SIMD8<Float>.self)
                }
                for i in vectorEnd..<g.count where !(y[i] > 0) { g[i] = 0 }
            }
        }
        return inputGrad
    }
}
