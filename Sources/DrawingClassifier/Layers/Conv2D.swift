/// A square 2-D convolution, stride 1, with zero padding ("same" when
/// `padding == kernelSize / 2`).
///
/// input [N, C, H, W] → output [N, O, H', W'], H' = H + 2·padding − kernelSize + 1.
/// Computed as im2col + one matrix product per pass:
///   forward       Y[O, N·P]      = W[O, C·k·k] · columns[C·k·k, N·P]
///   weight grad  dWᵀ[C·k·k, O]  = columns · dYᵀ[N·P, O], added onto dW transposed
///                (or dW += dY · columnsᵀ when C·k·k ≤ O, as in a first layer)
///   input grad   dColumns       = Wᵀ · dY, folded back onto the image (col2im).
/// Workspaces and result buffers are kept between calls, so training does not allocate.
/// `NaiveKernels.convolution` is the direct reference.
public struct Conv2D: Layer {
    public let inputChannels: Int
    public let outputChannels: Int
    public let kernelSize: Int
    public let padding: Int
    /// `[outputChannels, inputChannels, kernelSize, kernelSize]`.
    public var weight: Parameter
    /// `[outputChannels]`.
    public var bias: Parameter
    /// When false (the first layer of a network, whose input is data), `backward` only
    /// accumulates the parameter gradients and returns an empty tensor.
    public var computesInputGradient = true

    private var inputShape: [Int] = []
    private var columns: [Float] = []     // [C·k·k, N·P], kept from forward for backward
    private var product: [Float] = []     // [O, N·P] output / output-gradient staging
    private var productT: [Float] = []    // [N·P, O] output gradient, transposed
    private var weightGradT: [Float] = [] // [C·k·k, O]
    private var matrix = MatrixMultiply()
    private var outputBuffer = ReusableBuffer()
    private var inputGradBuffer = ReusableBuffer()

    /// Glorot-uniform weights, zero biases.
    public init(inputChannels: Int, outputChannels: Int, kernelSize: Int, padding: Int,
                using rng: inout SplitMix64) {
        let area = kernelSize * kernelSize
        let weight = Tensor.glorotUniform(
            shape: [outputChannels, inputChannels, kernelSize, kernelSize],
            fanIn: inputChannels * area, fanOut: outputChannels * area, using: &rng)
        self.init(weight: weight, bias: Tensor(zeros: [outputChannels]), padding: padding)
    }

    /// A convolution with the given weights `[O, C, k, k]` and bias `[O]`.
    public init(weight: Tensor, bias: Tensor, padding: Int) {
        precondition(weight.shape.count == 4 && weight.shape[2] == weight.shape[3],
                     "Conv2D weights must have shape [O, C, k, k], got \(weight.shape).")
        precondition(bias.shape == [weight.shape[0]],
                     "Conv2D bias must have shape [\(weight.shape[0])], got \(bias.shape).")
        precondition(padding >= 0 && padding < weight.shape[2],
                     "Conv2D padding must be in 0..<kernelSize, got \(padding).")
        outputChannels = weight.shape[0]
        inputChannels = weight.shape[1]
        kernelSize = weight.shape[2]
        self.padding = padding
        self.weight = Parameter(value: weight)
        self.bias = Parameter(value: bias)
    }

    /// Which compiled matrix kernel this layer uses (default: the fastest this CPU runs).
    public var kernelPath: KernelPath {
        get { matrix.path }
        set { matrix = MatrixMultiply(path: newValue) }
    }

    public var spec: LayerSpec {
        .conv2D(inputChannels: inputChannels, outputChannels: outputChannels,
                kernelSize: kernelSize, padding: padding)
    }

    private func outputSize(height: Int, width: Int) -> (Int, Int) {
        (height + 2 * padding - kernelSize + 1, width + 2 * padding - kernelSize + 1)
    }

    public mutating func forward(_ input: Tensor) -> Tensor {
        precondition(input.shape.count == 4 && input.shape[1] == inputChannels,
                     "Conv2D expects input [N, \(inputChannels), H, W], got \(input.shape).")
        let (n, h, w) = (input.shape[0], input.shape[2], input.shape[3])
        let (oh, ow) = outputSize(height: h, width: w)
        precondition(oh > 0 && ow > 0, "Conv2D input \(input.shape) is smaller than its kernel.")
        let plane = oh * ow, depth = inputChannels * kernelSize * kernelSize
        let (o, k, pad) = (outputChannels, kernelSize, padding)
        inputShape = input.shape
        Self.reserve(&columns, depth * n * plane)
        Self.reserve(&product, o * n * plane)
        input.scalars.withUnsafeBufferPointer { x in
            columns.withUnsafeMutableBufferPointer { cols in
                Im2Col.unfold(input: x.baseAddress!, batch: n, channels: inputChannels,
                              height: h, width: w, kernelSize: k, padding: pad,
                              into: cols.baseAddress!)
            }
        }
        weight.value.scalars.withUnsafeBufferPointer { wt in
            columns.withUnsafeBufferPointer { cols in
                product.withUnsafeMutableBufferPointer { y in
                    // y[O, N·P] = w[O, depth] · cols[depth, N·P]
                    matrix.multiply(rows: o, columns: n * plane, depth: depth,
                                    a: wt.baseAddress!, aRowStride: depth, aColumnStride: 1,
                                    b: cols.baseAddress!, bRowStride: n * plane, bColumnStride: 1,
                                    c: y.baseAddress!, ldc: n * plane, accumulate: false)
                }
            }
        }
        // output[s, co, p] = y[co, s·P + p] + bias[co] (every element written)
        let output = outputBuffer.fill(count: n * o * plane) { out in
            product.withUnsafeBufferPointer { y in
                bias.value.scalars.withUnsafeBufferPointer { b in
                    for s in 0..<n {
                        for co in 0..<o {
                            let src = y.baseAddress! + co * n * plane + s * plane
                            let dst = out.baseAddress! + (s * o + co) * plane
                            let bc = b[co]
                            for p in 0..<plane { dst[p] = src[p] + bc }
                        }
                    }
                }
            }
        }
        return Tensor(shape: [n, o, oh, ow], scalars: output)
    }

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        precondition(inputShape.count == 4, "Conv2D.backward needs a forward pass first.")
        let (n, h, w) = (inputShape[0], inputShape[2], inputShape[3])
        let (oh, ow) = outputSize(height: h, width: w)
        let (o, k) = (outputChannels, kernelSize)
        precondition(outputGrad.shape == [n, o, oh, ow],
                     "Conv2D output gradient must be [\(n), \(o), \(oh), \(ow)], "
                     + "got \(outputGrad.shape).")
        let plane = oh * ow, depth = inputChannels * k * k, width = n * plane
        // dy[co, s·P + p] = outputGrad[s, co, p] and dyT = its transpose [N·P, O]; the bias
        // gradient is the row sums of dy.
        let transposes = transposesOutputGradient
        if transposes {
            Self.reserve(&productT, width * o)
            Self.reserve(&weightGradT, depth * o)
        }
        outputGrad.scalars.withUnsafeBufferPointer { g in
            product.withUnsafeMutableBufferPointer { dy in
                productT.withUnsafeMutableBufferPointer { dyT in
                    bias.grad.scalars.withUnsafeMutableBufferPointer { db in
                        for s in 0..<n {
                            for co in 0..<o {
                                let src = g.baseAddress! + (s * o + co) * plane
                                copyFloats(from: src, to: dy.baseAddress! + co * width + s * plane,
                                           count: plane)
                                db[co] += Self.sum(src, count: plane)
                            }
                            guard transposes else { continue }
                            // Transpose in blocks of 8 positions: reads and writes both
                            // stay within a few cache lines.
                            let g0 = g.baseAddress! + s * o * plane
                            let t0 = dyT.baseAddress! + s * plane * o
                            var p0 = 0
                            while p0 < plane {
                                let p1 = min(p0 + 8, plane)
                                for co in 0..<o {
                                    let src = g0 + co &* plane
                                    var dst = t0 + (p0 &* o &+ co)
                                    for p in p0..<p1 {
                                        dst.pointee = src[p]
                                        dst += o
                                    }
                                }
                                p0 = p1
                            }
                        }
                    }
                }
            }
        }
        guard transposes else {
            // Few im2col rows (the first layer): gather columnsᵀ straight from `columns`.
            // dW[O, depth] += dy[O, width] · columnsᵀ[width, depth]
            product.withUnsafeBufferPointer { dy in
                columns.withUnsafeBufferPointer { cols in
                    weight.grad.scalars.withUnsafeMutableBufferPointer { dw in
                        matrix.multiply(rows: o, columns: depth, depth: width,
                                        a: dy.baseAddress!, aRowStride: width, aColumnStride: 1,
                                        b: cols.baseAddress!, bRowStride: 1,
                                        bColumnStride: width, c: dw.baseAddress!, ldc: depth,
                                        accumulate: true)
                    }
                }
            }
            return finishBackward(n: n, h: h, w: w, width: width, depth: depth)
        }
        // dWᵀ[depth, O] = columns[depth, width] · dyT[width, O]; then dW += (dWᵀ)ᵀ.
        columns.withUnsafeBufferPointer { cols in
            productT.withUnsafeBufferPointer { dyT in
                weightGradT.withUnsafeMutableBufferPointer { dwT in
                    matrix.multiply(rows: depth, columns: o, depth: width,
                                    a: cols.baseAddress!, aRowStride: width, aColumnStride: 1,
                                    b: dyT.baseAddress!, bRowStride: o, bColumnStride: 1,
                                    c: dwT.baseAddress!, ldc: o, accumulate: false)
                }
            }
        }
        weightGradT.withUnsafeBufferPointer { dwT in
            weight.grad.scalars.withUnsafeMutableBufferPointer { dw in
                for co in 0..<o {
                    for d in 0..<depth { dw[co * depth + d] += dwT[d * o + co] }
                }
            }
        }
        return finishBackward(n: n, h: h, w: w, width: width, depth: depth)
    }

    /// The weight gradient needs columnsᵀ or dyᵀ; transposing dy costs less when there are
    /// more im2col rows (C·k·k) than output channels.
    private var transposesOutputGradient: Bool {
        inputChannels * kernelSize * kernelSize > outputChannels
    }

    /// The input gradient: dColumns = Wᵀ · dy, folded back onto the image.
    private mutating func finishBackward(n: Int, h: Int, w: Int, width: Int,
                                         depth: Int) -> Tensor {
        let (o, k, pad) = (outputChannels, kernelSize, padding)
        guard computesInputGradient else { return Tensor(zeros: [0]) }
        // dColumns[depth, width] = Wᵀ[depth, O] · dy[O, width], reusing the columns buffer.
        weight.value.scalars.withUnsafeBufferPointer { wt in
            product.withUnsafeBufferPointer { dy in
                columns.withUnsafeMutableBufferPointer { cols in
                    matrix.multiply(rows: depth, columns: width, depth: o,
                                    a: wt.baseAddress!, aRowStride: 1, aColumnStride: depth,
                                    b: dy.baseAddress!, bRowStride: width, bColumnStride: 1,
                                    c: cols.baseAddress!, ldc: width, accumulate: false)
                }
            }
        }
        let inputCount = n * inputChannels * h * w
        let inputGrad = inputGradBuffer.fill(count: inputCount) { dx in
            columns.withUnsafeMutableBufferPointer { cols in
                // fold overwrites every element (it zeroes first).
                Im2Col.fold(columns: cols.baseAddress!, batch: n, channels: inputChannels,
                            height: h, width: w, kernelSize: k, padding: pad,
                            into: dx.baseAddress!)
            }
        }
        inputShape = []  // the columns now hold gradients, not the forward pass
        return Tensor(shape: [n, inputChannels, h, w], scalars: inputGrad)
    }

    public mutating func updateParameters(_ body: (inout Parameter) -> Void) {
        body(&weight)
        body(&bias)
    }

    /// Σ x[0..<count] with 8 partial sums (the compiler does not vectorise float sums).
    @inline(__always)
    private static func sum(_ x: UnsafePointer<Float>, count: Int) -> Float {
        var partial = SIMD8<Float>()
        var i = 0
        while i + 8 <= count {
            partial += UnsafeRawPointer(x + i).loadUnaligned(as: SIMD8<Float>.self)
            i += 8
        }
        var total = partial.sum()
        while i < count {
            total += x[i]
            i += 1
        }
        return total
    }

    /// Grows a workspace (never shrinks it), so repeated batches do not allocate.
    private static func reserve(_ buffer: inout [Float], _ count: Int) {
        if buffer.count < count { buffer = [Float](repeating: 0, count: count) }
    }
}
