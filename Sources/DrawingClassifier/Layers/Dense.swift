/// A fully connected layer: output[N, O] = input[N, I] · Wᵀ + bias.
///
/// Weights `[outputCount, inputCount]`, bias `[outputCount]`. All three passes are one
/// matrix product each (`MatrixMultiply`, transposes expressed through strides):
///   forward      yᵀ[O, N] = W[O, I] · xᵀ[I, N], transposed into y[N, O] with the bias
///                (for fewer than 32 examples, y[n] = W · x[n] per example instead)
///   weight grad dW[O, I] += dyᵀ[O, N] · x[N, I]
///   input grad  dx[N, I]  = dy[N, O] · W[O, I]
public struct Dense: Layer {
    public let inputCount: Int
    public let outputCount: Int
    public var weight: Parameter
    public var bias: Parameter
    /// When false, `backward` only accumulates the parameter gradients and returns an empty
    /// tensor (as `Conv2D`'s; `bench-train layers` times the two gradients apart this way).
    public var computesInputGradient = true

    private var input = Tensor(zeros: [0])
    private var matrix = MatrixMultiply()
    private var outputT: [Float] = []  // [O, N]

    /// Glorot-uniform weights, zero biases.
    public init(inputCount: Int, outputCount: Int, using rng: inout SplitMix64) {
        let weight = Tensor.glorotUniform(shape: [outputCount, inputCount], fanIn: inputCount,
                                          fanOut: outputCount, using: &rng)
        self.init(weight: weight, bias: Tensor(zeros: [outputCount]))
    }

    /// A dense layer with the given weights `[O, I]` and bias `[O]`.
    public init(weight: Tensor, bias: Tensor) {
        precondition(weight.shape.count == 2, "Dense weights must be [O, I], got \(weight.shape).")
        precondition(bias.shape == [weight.shape[0]],
                     "Dense bias must have shape [\(weight.shape[0])], got \(bias.shape).")
        outputCount = weight.shape[0]
        inputCount = weight.shape[1]
        self.weight = Parameter(value: weight)
        self.bias = Parameter(value: bias)
    }

    /// Which compiled matrix kernel this layer uses (default: the fastest this CPU runs).
    public var kernelPath: KernelPath {
        get { matrix.path }
        set { matrix = MatrixMultiply(path: newValue) }
    }

    public var spec: LayerSpec { .dense(inputCount: inputCount, outputCount: outputCount) }

    public mutating func forward(_ input: Tensor) -> Tensor {
        precondition(input.shape.count == 2 && input.shape[1] == inputCount,
                     "Dense expects input [N, \(inputCount)], got \(input.shape).")
        let n = input.shape[0], (i, o) = (inputCount, outputCount)
        self.input = input
        var output = [Float](repeating: 0, count: n * o)
        if n < Self.matrixProductBatch {
            // A few examples (a training chunk): matrix–vector products, four examples per
            // pass over the weights. As a matrix product, N columns would fill a quarter of a
            // 32-wide tile and need packing.
            input.scalars.withUnsafeBufferPointer { x in
                weight.value.scalars.withUnsafeBufferPointer { w in
                    bias.value.scalars.withUnsafeBufferPointer { b in
                        output.withUnsafeMutableBufferPointer { y in
                            matrix.multiplyVectors(count: n, rows: o, depth: i,
                                                   a: w.baseAddress!, aRowStride: i,
                                                   x: x.baseAddress!, xStride: i,
                                                   y: y.baseAddress!, yStride: o)
                            for s in 0..<n {
                                for j in 0..<o { y[s * o + j] += b[j] }
                            }
                        }
                    }
                }
            }
            return Tensor(shape: [n, o], scalars: output)
        }
        if outputT.count < n * o { outputT = [Float](repeating: 0, count: n * o) }
        input.scalars.withUnsafeBufferPointer { x in
            weight.value.scalars.withUnsafeBufferPointer { w in
                outputT.withUnsafeMutableBufferPointer { yT in
                    // W is the packed-A operand (contiguous rows); xᵀ gathers N short streams.
                    matrix.multiply(rows: o, columns: n, depth: i,
                                    a: w.baseAddress!, aRowStride: i, aColumnStride: 1,
                                    b: x.baseAddress!, bRowStride: 1, bColumnStride: i,
                                    c: yT.baseAddress!, ldc: n, accumulate: false)
                }
            }
        }
        bias.value.scalars.withUnsafeBufferPointer { b in
            outputT.withUnsafeBufferPointer { yT in
                output.withUnsafeMutableBufferPointer { y in
                    for s in 0..<n {
                        for j in 0..<o { y[s * o + j] = yT[j * n + s] + b[j] }
                    }
                }
            }
        }
        return Tensor(shape: [n, o], scalars: output)
    }

    /// From this many examples on, forward is one matrix product; below, a matrix–vector
    /// product per example.
    static let matrixProductBatch = 32

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        let n = input.shape[0], (i, o) = (inputCount, outputCount)
        precondition(outputGrad.shape == [n, o],
                     "Dense output gradient must be [\(n), \(o)], got \(outputGrad.shape).")
        var inputGrad = [Float](repeating: 0, count: computesInputGradient ? n * i : 0)
        outputGrad.scalars.withUnsafeBufferPointer { dy in
            bias.grad.scalars.withUnsafeMutableBufferPointer { db in
                for s in 0..<n {
                    for j in 0..<o { db[j] += dy[s * o + j] }
                }
            }
            input.scalars.withUnsafeBufferPointer { x in
                weight.grad.scalars.withUnsafeMutableBufferPointer { dw in
                    matrix.multiply(rows: o, columns: i, depth: n,
                                    a: dy.baseAddress!, aRowStride: 1, aColumnStride: o,
                                    b: x.baseAddress!, bRowStride: i, bColumnStride: 1,
                                    c: dw.baseAddress!, ldc: i, accumulate: true)
                }
            }
            guard computesInputGradient else { return }
            weight.value.scalars.withUnsafeBufferPointer { w in
                inputGrad.withUnsafeMutableBufferPointer { dx in
                    matrix.multiply(rows: n, columns: i, depth: o,
                                    a: dy.baseAddress!, aRowStride: o, aColumnStride: 1,
                                    b: w.baseAddress!, bRowStride: i, bColumnStride: 1,
                                    c: dx.baseAddress!, ldc: i, accumulate: false)
                }
            }
        }
        guard computesInputGradient else { return Tensor(zeros: [0]) }
        return Tensor(shape: [n, i], scalars: inputGrad)
    }

    public mutating func updateParameters(_ body: (inout Parameter) -> Void) {
        body(&weight)
        body(&bias)
    }
}
