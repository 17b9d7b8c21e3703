import Foundation

/// The workspace of a training convolution (`Conv2D`) for inputs of one size: every buffer,
/// and the weights in the orders the algorithm reads them, in one `[Float]` arena at named
/// offsets (llm.c's `malloc_and_point`); the Winograd tile list in an `[Int32]`. It is laid
/// out zeroed, which gives the padded maps their zero border (only their inside is ever
/// written), and kept from call to call.
struct ConvolutionWorkspace {
    let channels: Int, outputs: Int, kernelSize: Int, padding: Int, height: Int, width: Int
    let algorithm: ConvolutionAlgorithm
    /// How many examples' rows go through one matrix product.
    let examplesPerProduct: Int
    private var floats: [Float]
    /// Where the arena starts in `floats` (`ArenaLayout.lineStart`; see `realign`).
    private var shift: Int
    private var tiles: [Int32]
    private let offsets: Offsets
    /// Whether the arrangements hold the weights and bias of `offsets.weights`/`bias`.
    private var arranged = false

    /// Offsets of the buffers in the arena (`ConvolutionBuffers` says what each holds).
    private struct Offsets {
        var padded = 0, paddedGrad = 0, patches = 0, pixelsByChannel = 0, weights = 0, bias = 0
        var weightsByTap = 0, weightsByOutput = 0, turnedWeights = 0, winogradWeights = 0
        var winogradGradWeights = 0, winogradProducts = 0, paddedOutputGrad = 0
        var weightGradByTap = 0, winogradWeightGrad = 0
    }

    init(channels c: Int, outputs o: Int, kernelSize k: Int, padding pad: Int, height h: Int,
         width w: Int, kernels: any KernelSet.Type) {
        (channels, outputs, kernelSize, padding, height, width) = (c, o, k, pad, h, w)
        let (oh, ow) = (h + 2 * pad - k + 1, w + 2 * pad - k + 1)
        algorithm = .choose(inputs: c, outputs: o, kernelSize: k, outputHeight: oh,
                            outputWidth: ow, layout: .channelsFirst, vectorWidth: kernels.vectorWidth)
        // As many examples as fill about 256 KB of patches, and at least one. (One 7×7
        // example's 49 rows end in a tile of one row; more rows, or a deeper weight-gradient
        // product, also waste less on loading and storing the accumulators.)
        let examples = algorithm == .directSingleChannel ? 1 : max(1, 65_536 / (oh * ow * k * k * c))
        examplesPerProduct = examples
        let (depth, pixels) = (k * k * c, oh * ow)
        var arena = ArenaLayout(), at = Offsets()
        // One padded row and pixel more: Winograd windows of an odd-sized output read one
        // row (or, wrapping, one pixel) past the map, values that reach only dropped outputs.
        let paddedCount = (h + 2 * pad + 1) * (w + 2 * pad) * c + c
        at.padded = arena.region(paddedCount)
        at.paddedGrad = arena.region(paddedCount)
        at.pixelsByChannel = arena.region(examples * pixels * o)
        at.weights = arena.region(o * c * k * k)
        at.bias = arena.region(o)
        at.weightGradByTap = arena.region(depth * o)
        var tileCount = 1
        if algorithm == .winograd {
            // Forward: tiles of the H'×W' output, C in, O out; the input gradient: tiles of
            // the H×W input, O in, C out. Transformed inputs go in `patches`.
            let forwardTiles = ((oh + 1) / 2) * ((ow + 1) / 2)
            let gradientTiles = ((h + 1) / 2) * ((w + 1) / 2)
            at.patches = arena.region(max(examples * pixels * depth,
                                          16 * examples * max(forwardTiles * c, gradientTiles * o)))
            at.winogradProducts = arena.region(16 * examples * max(forwardTiles * o, gradientTiles * c))
            at.winogradWeights = arena.region(16 * c * o)
            at.turnedWeights = arena.region(o * c * 9)
            at.winogradGradWeights = arena.region(16 * o * c)
            at.winogradWeightGrad = arena.region(16 * c * o)
            let q = k - 1 - pad
            at.paddedOutputGrad = arena.region((oh + 2 * q + 1) * (ow + 2 * q) * o + o)
            tileCount = max(forwardTiles, gradientTiles)
        } else {
            at.patches = arena.region(examples * pixels * depth)
            at.weightsByTap = arena.region(depth * o)
            at.weightsByOutput = arena.region(depth * o)
        }
        offsets = at
        var floats = [Float](repeating: 0, count: arena.count + ArenaLayout.alignmentSlack)
        shift = floats.withUnsafeMutableBufferPointer {
            ArenaLayout.lineStart($0.baseAddress!) - $0.baseAddress!
        }
        self.floats = floats
        tiles = (0..<tileCount).map { Int32($0) }
    }

    /// The arena lives on from call to call (zero borders, arranged weights); a copy of the
    /// workspace may get storage at another offset from a line, and is moved back in step.
    private mutating func realign() {
        let old = shift
        shift = floats.withUnsafeMutableBufferPointer { ArenaLayout.realign($0, from: old) }
    }

    /// Whether this workspace is the one for these sizes and kernels.
    func fits(height h: Int, width w: Int) -> Bool { h == height && w == width }

    /// Copies the weights `[O, C, k, k]` and bias `[O]` into the arena and arranges them for
    /// the algorithm: by tap (forward) and by output (input gradient) for the patches, or
    /// transformed for Winograd (the input gradient's kernel turned half a turn). Skipped
    /// when they hold the same bits as the last time: the weights change once per batch,
    /// but every chunk of a batch runs forward and backward.
    mutating func arrange(weights: [Float], bias: [Float]) {
        let (c, o, k, at, algorithm) = (channels, outputs, kernelSize, offsets, algorithm)
        let (count, taps) = (o * c * k * k, k * k)
        let wasArranged = arranged
        realign()
        floats.withUnsafeMutableBufferPointer { [shift] arena in
            let base = arena.baseAddress! + shift
            let unchanged = weights.withUnsafeBufferPointer { w in
                bias.withUnsafeBufferPointer { b in
                    if wasArranged && memcmp(base + at.weights, w.baseAddress!, 4 * count) == 0
                        && memcmp(base + at.bias, b.baseAddress!, 4 * o) == 0 { return true }
                    (base + at.weights).update(from: w.baseAddress!, count: count)
                    (base + at.bias).update(from: b.baseAddress!, count: o)
                    return false
                }
            }
            if unchanged { return }
            let w = UnsafePointer(base + at.weights)
            switch algorithm {
            case .im2col, .directSingleChannel:
                arrangeWeightsByTap(w, outputs: o, channels: c, taps: taps,
                                    into: base + at.weightsByTap)
                arrangeWeightsByOutput(w, outputs: o, channels: c, taps: taps,
                                       into: base + at.weightsByOutput)
            case .winogradF3:
                preconditionFailure("Winograd F(3×3, 3×3) runs only in inference.")
            case .winograd:
                WinogradTransforms.transformWeights(w, inputs: c, outputs: o,
                                                    into: base + at.winogradWeights)
                turnWeights(w, outputs: o, channels: c, into: base + at.turnedWeights)
                WinogradTransforms.transformWeights(base + at.turnedWeights, inputs: o,
                                                    outputs: c, into: base + at.winogradGradWeights)
            }
        }
        arranged = true
    }

    /// Runs `body` with the buffers (arrange the weights first).
    mutating func withBuffers<R>(_ body: (ConvolutionBuffers) -> R) -> R {
        let (at, examples) = (offsets, examplesPerProduct)
        realign()
        return floats.withUnsafeMutableBufferPointer { [shift] arena in
            tiles.withUnsafeBufferPointer { tiles in
                let base = arena.baseAddress! + shift
                return body(ConvolutionBuffers(
                    examplesPerProduct: examples, padded: base + at.padded,
                    paddedGrad: base + at.paddedGrad, patches: base + at.patches,
                    pixelsByChannel: base + at.pixelsByChannel, weights: base + at.weights,
                    bias: base + at.bias, weightsByTap: base + at.weightsByTap,
                    weightsByOutput: base + at.weightsByOutput,
                    winogradWeights: base + at.winogradWeights,
                    winogradGradWeights: base + at.winogradGradWeights,
                    winogradProducts: base + at.winogradProducts,
                    paddedOutputGrad: base + at.paddedOutputGrad,
                    weightGradByTap: base + at.weightGradByTap,
                    winogradWeightGrad: base + at.winogradWeightGrad, tiles: tiles.baseAddress!))
            }
        }
    }
}

/// The buffers of a `ConvolutionWorkspace`, for the duration of one call.
struct ConvolutionBuffers {
    /// How many examples' rows `patches`, `pixelsByChannel` and `winogradProducts` hold.
    var examplesPerProduct: Int
    /// [H + 2p (+ 1), W + 2p, C], border zero: one example inside its padding.
    var padded: UnsafeMutablePointer<Float>
    /// The same size: dX padded (folded patches), or dX [H, W, C] (Winograd).
    var paddedGrad: UnsafeMutablePointer<Float>
    /// [P, K] of the group's examples; dPatches in backward; V, the transformed inputs
    /// [16, tiles, C or O] (Winograd).
    var patches: UnsafeMutablePointer<Float>
    /// [P, O]: Yᵀ in forward, dYᵀ in backward, channels last.
    var pixelsByChannel: UnsafeMutablePointer<Float>
    /// The weights [O, C, k, k] and bias [O] the arrangements below were made from.
    var weights: UnsafeMutablePointer<Float>, bias: UnsafeMutablePointer<Float>
    /// Wᵀ [K, O] and W [O, K], columns in the patches' (ky, kx, c) order.
    var weightsByTap: UnsafeMutablePointer<Float>, weightsByOutput: UnsafeMutablePointer<Float>
    /// U [16, C, O] for forward, U′ [16, O, C] for the input gradient (Winograd).
    var winogradWeights: UnsafeMutablePointer<Float>
    var winogradGradWeights: UnsafeMutablePointer<Float>
    /// M [16, tiles, O or C] of a product's examples (Winograd).
    var winogradProducts: UnsafeMutablePointer<Float>
    /// dY [H' + 2q + 1, W' + 2q, O], border zero, q = k − 1 − p (Winograd input gradient).
    var paddedOutputGrad: UnsafeMutablePointer<Float>
    /// dWᵀ [K, O].
    var weightGradByTap: UnsafeMutablePointer<Float>
    /// Σ (A dY Aᵀ) ⊙ (Bᵀ d B) [16, C, O] over a batch: the transformed weight gradient
    /// (Winograd).
    var winogradWeightGrad: UnsafeMutablePointer<Float>
    /// 0, 1, …: every tile of a Winograd output.
    var tiles: UnsafePointer<Int32>
}
