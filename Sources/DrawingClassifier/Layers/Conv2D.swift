import Foundation

/// A square 2-D convolution, stride 1, with zero padding ("same" when
/// `padding == kernelSize / 2`).
///
/// input [N, C, H, W] → output [N, O, H', W'], H' = H + 2·padding − kernelSize + 1.
/// Computed with the patches of `Im2Col` (P = H'·W' rows, channels last, K = k·k·C
/// columns) of a few examples at a time (`examplesPerProduct`, their rows one after another)
/// and three matrix products whose operands all stay in cache:
///   forward      Yᵀ[P, O]  = patches[P, K] · Wᵀ[K, O], then transposed with the bias
///   weight grad  dWᵀ[K, O] += patchesᵀ · dYᵀ[P, O], summed over the examples in order
///   input grad   dPatches[P, K] = dYᵀ · W[O, K], folded back onto the image
/// (W here has its columns in the patches' (ky, kx, c) order.) A 3×3 kernel with whole vectors
/// of channels runs forward and the input gradient with Winograd F(2×2, 3×3) instead
/// (`winogradConvolution`: 2.25× fewer multiplications; the weight gradient still uses the
/// patches). With one input channel and rows
/// of at least a vector, forward and the weight gradient use the direct kernels of
/// `KernelSet.singleChannelForward` instead (a depth-9 product wastes most of a tile). The patches
/// are made again in backward rather than kept: a chunk's worth did not fit in cache, and the
/// products ran at half speed reading them back. Workspaces are kept between calls.
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

    private var input = Tensor(zeros: [0])  // kept from forward for backward
    private var padded: [Float] = []        // [H + 2p (+ 1), W + 2p, C], border always zero
    private var paddedGrad: [Float] = []    // the same size: dX padded; dX [H, W, C] (Winograd)
    private var patches: [Float] = []       // [P, K]; dPatches in backward; V (Winograd)
    private var pixelsByChannel: [Float] = [] // [P, O]: Yᵀ in forward, dYᵀ in backward
    private var weightsT: [Float] = []      // Wᵀ [K, O]
    private var weightsByOutput: [Float] = [] // W [O, K], columns in (ky, kx, c) order
    private var winogradWeights: [Float] = [] // U [16, C, O], for forward
    private var winogradGradWeights: [Float] = [] // U′ [16, O, C], for the input gradient
    private var arrangedFrom: [Float] = []  // the weights all four above were made from
    private var winogradProducts: [Float] = [] // M [16, tiles, O or C] of a product's examples
    private var tileList: [Int32] = []      // 0, 1, …: every tile of a Winograd output
    private var paddedOutputGrad: [Float] = [] // dY [H' + 2q + 1, W' + 2q, O], border zero
    private var weightGradT: [Float] = []   // dWᵀ [K, O]
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
        set {
            matrix = MatrixMultiply(path: newValue)
            arrangedFrom = []  // which arrangements a path reads depends on its vector width
        }
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
        let (c, o, k, pad) = (inputChannels, outputChannels, kernelSize, padding)
        let pixels = oh * ow, depth = k * k * c
        self.input = input
        prepareWorkspaces(height: h, width: w)
        let direct = usesDirectKernel(outputWidth: ow)
        if !direct { rearrangeWeights() }
        if usesWinograd { return forwardWinograd(input, height: h, width: w) }
        let kernels = matrix.kernels
        let group = direct ? 1 : examplesPerProduct(pixels: pixels)
        var matrix = self.matrix
        let output = outputBuffer.fill(count: n * o * pixels) { out in
            input.scalars.withUnsafeBufferPointer { x in
            padded.withUnsafeMutableBufferPointer { padded in
            patches.withUnsafeMutableBufferPointer { patches in
            pixelsByChannel.withUnsafeMutableBufferPointer { yT in
            weightsT.withUnsafeBufferPointer { wT in
            weight.value.scalars.withUnsafeBufferPointer { wt in
            bias.value.scalars.withUnsafeBufferPointer { b in
                for s0 in stride(from: 0, to: n, by: group) {
                    let examples = min(group, n - s0)
                    for e in 0..<examples {
                        let s = s0 + e
                        Im2Col.pad(x.baseAddress! + s * c * h * w, channels: c, height: h,
                                   width: w, padding: pad, into: padded.baseAddress!)
                        if direct {
                            kernels.singleChannelForward(
                                padded: padded.baseAddress!, paddedWidth: w + 2 * pad,
                                outputHeight: oh, outputWidth: ow, kernelSize: k,
                                weights: wt.baseAddress!, bias: b.baseAddress!, outputs: o,
                                into: out.baseAddress! + s * o * pixels)
                            continue
                        }
                        Im2Col.unfold(padded: padded.baseAddress!, channels: c,
                                      paddedWidth: w + 2 * pad, outputHeight: oh,
                                      outputWidth: ow, kernelSize: k,
                                      into: patches.baseAddress! + e * pixels * depth)
                    }
                    if direct { continue }
                    // Yᵀ[P, O] = patches[P, K] · Wᵀ[K, O], the examples' rows one after another
                    matrix.multiply(rows: examples * pixels, columns: o, depth: depth,
                                    a: patches.baseAddress!, aRowStride: depth, aColumnStride: 1,
                                    b: wT.baseAddress!, bRowStride: o, bColumnStride: 1,
                                    c: yT.baseAddress!, ldc: o, accumulate: false)
                    for e in 0..<examples {
                        // output[s, co, p] = Yᵀ[p, co] + bias[co]
                        Im2Col.unpad(yT.baseAddress! + e * pixels * o, channels: o, height: oh,
                                     width: ow, padding: 0, addingBias: b.baseAddress!,
                                     into: out.baseAddress! + (s0 + e) * o * pixels)
                    }
                }
            }
            }
            }
            }
            }
            }
            }
        }
        self.matrix = matrix
        return Tensor(shape: [n, o, oh, ow], scalars: output)
    }

    /// Forward for a 3×3 kernel with whole vectors of channels: Winograd F(2×2, 3×3)
    /// (`winogradConvolution`).
    private mutating func forwardWinograd(_ input: Tensor, height h: Int, width w: Int) -> Tensor {
        let (n, c, o, pad) = (input.shape[0], inputChannels, outputChannels, padding)
        let (oh, ow) = outputSize(height: h, width: w)
        let group = examplesPerProduct(pixels: oh * ow)
        var matrix = self.matrix
        let output = outputBuffer.fill(count: n * o * oh * ow) { out in
            input.scalars.withUnsafeBufferPointer { x in
            padded.withUnsafeMutableBufferPointer { padded in
            patches.withUnsafeMutableBufferPointer { transformed in
            winogradProducts.withUnsafeMutableBufferPointer { products in
            pixelsByChannel.withUnsafeMutableBufferPointer { yT in
            winogradWeights.withUnsafeBufferPointer { u in
            tileList.withUnsafeBufferPointer { tileList in
            bias.value.scalars.withUnsafeBufferPointer { b in
                Self.winogradConvolution(
                    x.baseAddress!, examples: n, channels: c, height: h, width: w, padding: pad,
                    outputs: o, weights: u.baseAddress!, bias: b.baseAddress!, group: group,
                    tileList: tileList.baseAddress!, padded: padded.baseAddress!,
                    transformed: transformed.baseAddress!, products: products.baseAddress!,
                    channelsLast: yT.baseAddress!, &matrix,
                    into: out.baseAddress!)
            }
            }
            }
            }
            }
            }
            }
            }
        }
        self.matrix = matrix
        return Tensor(shape: [n, o, oh, ow], scalars: output)
    }

    /// y[N, O, H', W'] = x[N, C, H, W] ⋆ (3×3 kernels with padding `pad`) (+ bias), with
    /// Winograd F(2×2, 3×3) (the `KernelSet.winograd…` transforms, as in `InferencePlan`: 2.25× fewer
    /// multiplications than the patches' product). Each example's padded input (channels last,
    /// in `padded`, whose border must be zero) is cut into 4×4 windows, one per 2×2 block of
    /// outputs — the blocks of an odd-sized output stick out by a row or column, computed and
    /// dropped — and transformed; the tiles of `group` examples go through 16 products
    /// `V_ξ[tiles, C] · U_ξ[C, O]`, and each tile's 16 sums become its 2×2 outputs
    /// (`channelsLast`, then transposed). Forward runs it with the layer's kernel; the input
    /// gradient with the kernel turned half a turn and its channels swapped.
    // swiftlint:disable:next function_parameter_count
    private static func winogradConvolution(
        _ x: UnsafePointer<Float>, examples n: Int, channels c: Int, height h: Int, width w: Int,
        padding pad: Int, outputs o: Int, weights u: UnsafePointer<Float>,
        bias: UnsafePointer<Float>?, group: Int, tileList: UnsafePointer<Int32>,
        padded: UnsafeMutablePointer<Float>, transformed: UnsafeMutablePointer<Float>,
        products: UnsafeMutablePointer<Float>, channelsLast: UnsafeMutablePointer<Float>,
        _ matrix: inout MatrixMultiply,
        into y: UnsafeMutablePointer<Float>
    ) {
        let (oh, ow) = (h + 2 * pad - 2, w + 2 * pad - 2)
        let (tilesY, tilesX) = ((oh + 1) / 2, (ow + 1) / 2)
        let (tiles, pixels, pw) = (tilesY * tilesX, oh * ow, w + 2 * pad)
        let planeRows = group * tiles
        let kernels = matrix.kernels
        for s0 in stride(from: 0, to: n, by: group) {
            let examples = min(group, n - s0)
            for e in 0..<examples {
                Im2Col.pad(x + (s0 + e) * c * h * w, channels: c, height: h, width: w,
                           padding: pad, into: padded)
                kernels.winogradTransformInput(padded: padded, paddedWidth: pw, channels: c,
                                               tiles: tileList, count: tiles, tilesX: tilesX,
                                               planeRows: planeRows,
                                               into: transformed + e * tiles * c)
            }
            for xi in 0..<16 {
                matrix.multiply(rows: examples * tiles, columns: o, depth: c,
                                a: transformed + xi * planeRows * c, aRowStride: c,
                                aColumnStride: 1, b: u + xi * c * o, bRowStride: o,
                                bColumnStride: 1, c: products + xi * planeRows * o, ldc: o,
                                accumulate: false)
            }
            for e in 0..<examples {
                kernels.winogradTransformOutput(m: products + e * tiles * o, tilesY: tilesY,
                                                tilesX: tilesX, planeRows: planeRows,
                                                outputHeight: oh, outputWidth: ow, outputs: o,
                                                into: channelsLast)
                // y[s, co, p] = channelsLast[p, co] (+ bias[co])
                Im2Col.unpad(channelsLast, channels: o, height: oh, width: ow, padding: 0,
                             addingBias: bias, into: y + (s0 + e) * o * pixels)
            }
        }
    }

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        let input = self.input
        precondition(input.shape.count == 4, "Conv2D.backward needs a forward pass first.")
        let (n, c, h, w) = (input.shape[0], input.shape[1], input.shape[2], input.shape[3])
        let (oh, ow) = outputSize(height: h, width: w)
        let (o, k, pad) = (outputChannels, kernelSize, padding)
        precondition(outputGrad.shape == [n, o, oh, ow],
                     "Conv2D output gradient must be [\(n), \(o), \(oh), \(ow)], "
                     + "got \(outputGrad.shape).")
        let pixels = oh * ow, depth = k * k * c
        let (ph, pw) = (h + 2 * pad, w + 2 * pad)
        let inputGradient = computesInputGradient
        let winogradGradient = inputGradient && usesWinogradInputGradient
        prepareWorkspaces(height: h, width: w)
        if inputGradient { rearrangeWeights() }
        let direct = usesDirectKernel(outputWidth: ow)
        let kernels = matrix.kernels
        let group = direct ? 1 : examplesPerProduct(pixels: pixels)
        var matrix = self.matrix
        let inputGrad = inputGradBuffer.fill(count: inputGradient ? n * c * h * w : 0) { dx in
            input.scalars.withUnsafeBufferPointer { x in
            outputGrad.scalars.withUnsafeBufferPointer { g in
            padded.withUnsafeMutableBufferPointer { padded in
            paddedGrad.withUnsafeMutableBufferPointer { paddedGrad in
            patches.withUnsafeMutableBufferPointer { patches in
            pixelsByChannel.withUnsafeMutableBufferPointer { dyT in
            weightsByOutput.withUnsafeBufferPointer { wByO in
            weightGradT.withUnsafeMutableBufferPointer { dwT in
            weight.grad.scalars.withUnsafeMutableBufferPointer { dw in
            bias.grad.scalars.withUnsafeMutableBufferPointer { db in
                for s0 in stride(from: 0, to: n, by: group) {
                    let examples = min(group, n - s0)
                    for e in 0..<examples {
                        let s = s0 + e
                        let dy = g.baseAddress! + s * o * pixels
                        for co in 0..<o { db[co] += Self.sum(dy + co * pixels, count: pixels) }
                        Im2Col.pad(x.baseAddress! + s * c * h * w, channels: c, height: h,
                                   width: w, padding: pad, into: padded.baseAddress!)
                        if direct {
                            // dW[O, k, k] += dy ⋆ the padded image, straight into the gradient.
                            kernels.singleChannelWeightGradient(
                                padded: padded.baseAddress!, paddedWidth: pw, outputHeight: oh,
                                outputWidth: ow, kernelSize: k, outputGradient: dy, outputs: o,
                                into: dw.baseAddress!)
                            guard inputGradient else { continue }
                        } else {
                            Im2Col.unfold(padded: padded.baseAddress!, channels: c,
                                          paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                                          kernelSize: k,
                                          into: patches.baseAddress! + e * pixels * depth)
                        }
                        Im2Col.pad(dy, channels: o, height: oh, width: ow, padding: 0,
                                   into: dyT.baseAddress! + e * pixels * o)  // dyᵀ [P, O]
                    }
                    if !direct {
                        // dWᵀ[K, O] (+)= patchesᵀ[K, P] · dYᵀ[P, O], P over the examples
                        matrix.multiply(rows: depth, columns: o, depth: examples * pixels,
                                        a: patches.baseAddress!, aRowStride: 1,
                                        aColumnStride: depth, b: dyT.baseAddress!, bRowStride: o,
                                        bColumnStride: 1, c: dwT.baseAddress!, ldc: o,
                                        accumulate: s0 > 0)
                    }
                    guard inputGradient && !winogradGradient else { continue }
                    // dPatches[P, K] = dYᵀ[P, O] · W[O, K], folded back onto each example.
                    matrix.multiply(rows: examples * pixels, columns: depth, depth: o,
                                    a: dyT.baseAddress!, aRowStride: o, aColumnStride: 1,
                                    b: wByO.baseAddress!, bRowStride: depth, bColumnStride: 1,
                                    c: patches.baseAddress!, ldc: depth, accumulate: false)
                    for e in 0..<examples {
                        Im2Col.fold(patches: patches.baseAddress! + e * pixels * depth,
                                    channels: c, paddedHeight: ph, paddedWidth: pw,
                                    outputHeight: oh, outputWidth: ow, kernelSize: k,
                                    into: paddedGrad.baseAddress!)
                        Im2Col.unpad(paddedGrad.baseAddress!, channels: c, height: h, width: w,
                                     padding: pad, into: dx.baseAddress! + (s0 + e) * c * h * w)
                    }
                }
                guard winogradGradient else { return }
                // dX = dY, padded by k − 1 − p, ⋆ W′ with W′[c, o, a, b] = W[o, c, 2 − a, 2 − b].
                paddedOutputGrad.withUnsafeMutableBufferPointer { paddedDY in
                winogradProducts.withUnsafeMutableBufferPointer { products in
                winogradGradWeights.withUnsafeBufferPointer { u in
                tileList.withUnsafeBufferPointer { tileList in
                    Self.winogradConvolution(
                        g.baseAddress!, examples: n, channels: o, height: oh, width: ow,
                        padding: k - 1 - pad, outputs: c, weights: u.baseAddress!, bias: nil,
                        group: group, tileList: tileList.baseAddress!,
                        padded: paddedDY.baseAddress!, transformed: patches.baseAddress!,
                        products: products.baseAddress!, channelsLast: paddedGrad.baseAddress!,
                        &matrix,
                        into: dx.baseAddress!)
                }
                }
                }
                }
            }
            }
            }
            }
            }
            }
            }
            }
            }
            }
        }
        self.matrix = matrix
        // dW[co, ci, ky, kx] += dWᵀ[(ky, kx, ci), co]
        if n > 0 && !direct {
            weightGradT.withUnsafeBufferPointer { dwT in
                weight.grad.scalars.withUnsafeMutableBufferPointer { dw in
                    // ci innermost: reads `o` floats apart, not a whole [C, O] block (taps
                    // that far apart fell into the same cache sets).
                    for co in 0..<o {
                        for tap in 0..<(k * k) {
                            for ci in 0..<c {
                                dw[(co &* c &+ ci) &* k &* k &+ tap] +=
                                    dwT[(tap &* c &+ ci) &* o &+ co]
                            }
                        }
                    }
                }
            }
        }
        self.input = Tensor(zeros: [0])
        guard inputGradient else { return Tensor(zeros: [0]) }
        return Tensor(shape: [n, c, h, w], scalars: inputGrad)
    }

    /// One input channel and rows of at least a vector: the direct kernel
    /// (`KernelSet.singleChannelForward`) instead of patches and products of depth k·k.
    private func usesDirectKernel(outputWidth ow: Int) -> Bool {
        inputChannels == 1 && ow >= matrix.kernels.vectorWidth
    }

    /// A 3×3 kernel with whole vectors of input and output channels: forward runs Winograd.
    var usesWinograd: Bool {
        let width = matrix.kernels.vectorWidth
        return kernelSize == 3 && inputChannels % width == 0 && outputChannels % width == 0
    }

    /// The input gradient too, when it is a convolution with padding k − 1 − p ≥ 0.
    var usesWinogradInputGradient: Bool { usesWinograd && padding <= kernelSize - 1 }

    /// How many examples' patches go through one matrix product: as many as fill about
    /// 256 KB, and at least one. (One 7×7 example's 49 rows end in a tile of one row; more
    /// rows, or a deeper weight-gradient product, also waste less on loading and storing
    /// the accumulators.)
    private func examplesPerProduct(pixels: Int) -> Int {
        max(1, 65_536 / (pixels * kernelSize * kernelSize * inputChannels))
    }

    /// Sizes the workspaces for inputs of h×w (a new size gets new, zeroed buffers, which
    /// gives `padded` its zero border).
    private mutating func prepareWorkspaces(height h: Int, width w: Int) {
        let (c, o, k, pad) = (inputChannels, outputChannels, kernelSize, padding)
        let (oh, ow) = outputSize(height: h, width: w)
        // One padded row and pixel more: Winograd windows of an odd-sized output read one
        // row (or, wrapping, one pixel) past the map, values that reach only dropped outputs.
        let paddedCount = (h + 2 * pad + 1) * (w + 2 * pad) * c + c
        if padded.count != paddedCount {
            padded = [Float](repeating: 0, count: paddedCount)
            paddedGrad = [Float](repeating: 0, count: paddedCount)
        }
        let examples = examplesPerProduct(pixels: oh * ow)
        Self.reserve(&patches, examples * oh * ow * k * k * c)
        Self.reserve(&pixelsByChannel, examples * oh * ow * o)
        Self.reserve(&weightGradT, k * k * c * o)
        if usesWinograd {
            // Forward: tiles of the H'×W' output, C in, O out; the input gradient: tiles of
            // the H×W input, O in, C out. Transformed inputs go in `patches`.
            let forwardTiles = ((oh + 1) / 2) * ((ow + 1) / 2)
            let gradientTiles = ((h + 1) / 2) * ((w + 1) / 2)
            Self.reserve(&patches, 16 * examples * max(forwardTiles * c, gradientTiles * o))
            Self.reserve(&winogradProducts, 16 * examples * max(forwardTiles * o, gradientTiles * c))
            let tiles = max(forwardTiles, gradientTiles)
            if tileList.count < tiles { tileList = (0..<tiles).map { Int32($0) } }
            let q = k - 1 - pad
            let paddedGradCount = (oh + 2 * q + 1) * (ow + 2 * q) * o + o
            if usesWinogradInputGradient && paddedOutputGrad.count != paddedGradCount {
                paddedOutputGrad = [Float](repeating: 0, count: paddedGradCount)
            }
        }
    }

    /// The weights in the patches' (ky, kx, c) column order: `weightsT` [K, O] (for forward)
    /// and `weightsByOutput` [O, K] (for the input gradient), or transformed for Winograd
    /// where that path runs instead (`winogradWeights`, `winogradGradWeights`), all at once.
    /// Skipped when the
    /// weights are bit for bit those of the last time: the weights change once per batch,
    /// but every chunk of a batch runs forward and backward.
    private mutating func rearrangeWeights() {
        let (c, o, k) = (inputChannels, outputChannels, kernelSize)
        let (taps, depth) = (k * k, k * k * c)
        // Each path reads only its own arrangement: Winograd's transformed weights, or these.
        let (forwardByTap, gradientByOutput) = (!usesWinograd, !usesWinogradInputGradient)
        if forwardByTap { Self.reserve(&weightsT, depth * o) }
        if gradientByOutput { Self.reserve(&weightsByOutput, depth * o) }
        if Self.sameBits(weight.value.scalars, arrangedFrom) { return }
        arrangedFrom = weight.value.scalars
        if usesWinograd {
            winogradWeights = WinogradTransforms.transformWeights(weight.value.scalars,
                                                                  inputs: c, outputs: o)
        }
        if usesWinogradInputGradient {
            // W′[c, o, a, b] = W[o, c, 2 − a, 2 − b]: the input gradient's kernel.
            let turned = [Float](unsafeUninitializedCapacity: o * c * 9) { target, count in
                weight.value.scalars.withUnsafeBufferPointer { w in
                    for co in 0..<o {
                        for ci in 0..<c {
                            for tap in 0..<9 {
                                target[(ci * o + co) * 9 + 8 - tap] = w[(co * c + ci) * 9 + tap]
                            }
                        }
                    }
                }
                count = o * c * 9
            }
            winogradGradWeights = WinogradTransforms.transformWeights(turned, inputs: o,
                                                                      outputs: c)
        }
        // Written in order; read with a stride (the weights are a few thousand floats).
        weight.value.scalars.withUnsafeBufferPointer { source in
            let w = source.baseAddress!
            if forwardByTap {
                weightsT.withUnsafeMutableBufferPointer { target in
                    Self.arrangeByTap(w, outputs: o, channels: c, taps: taps,
                                      into: target.baseAddress!)
                }
            }
            guard gradientByOutput else { return }
            weightsByOutput.withUnsafeMutableBufferPointer { target in
                var out = target.baseAddress!  // [co, (tap, ci)]
                for co in 0..<o {
                    let filter = w + co &* c &* taps
                    for tap in 0..<taps {
                        for ci in 0..<c { out[ci] = filter[ci &* taps &+ tap] }
                        out += c
                    }
                }
            }
        }
    }

    /// The weights as `[k, k, C, O]`: row (ky, kx, c) of the patches' product (what
    /// `InferencePlan` keeps).
    var weightsByTap: [Float] {
        let (c, o, taps) = (inputChannels, outputChannels, kernelSize * kernelSize)
        return [Float](unsafeUninitializedCapacity: taps * c * o) { target, initialized in
            weight.value.scalars.withUnsafeBufferPointer { w in
                Self.arrangeByTap(w.baseAddress!, outputs: o, channels: c, taps: taps,
                                  into: target.baseAddress!)
            }
            initialized = taps * c * o
        }
    }

    /// `[O, C, k·k]` → `[k·k, C, O]`, written in order, read with a stride.
    private static func arrangeByTap(_ w: UnsafePointer<Float>, outputs o: Int, channels c: Int,
                                     taps: Int, into target: UnsafeMutablePointer<Float>) {
        var out = target
        for tap in 0..<taps {
            for ci in 0..<c {
                let column = w + (ci &* taps &+ tap)
                for co in 0..<o { out[co] = column[co &* c &* taps] }
                out += o
            }
        }
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

    /// Whether two arrays hold the same bits (not `==`, which takes −0 for +0).
    private static func sameBits(_ a: [Float], _ b: [Float]) -> Bool {
        a.count == b.count && a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
    }

    /// Grows a workspace (never shrinks it), so repeated batches do not allocate.
    private static func reserve(_ buffer: inout [Float], _ count: Int) {
        if buffer.count < count { buffer = [Float](repeating: 0, count: count) }
    }
}
