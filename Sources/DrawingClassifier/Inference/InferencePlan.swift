/// A forward-only form of a network, for classifying: one example at a time, channels last.
///
/// The layers exchange `[N, C, H, W]` tensors and keep what backward needs (`Conv2D`
/// transposes every example's result back to that order, and each ReLU and pool makes a
/// pass of its own); forward-only work does not need any of that. The plan runs each example
/// through small buffers that stay in the level-1/2 caches, with feature maps kept
/// channels-last (`[H, W, C]`) from the first layer to the flatten:
///
///   convolution  patches[P, k·k·C] (`Im2Col`) · W[k·k·C, O] onto the bias, one matrix
///                product with both operands read in place; the output is `[P, O]`,
///                channels last (one input channel: the direct kernel, no patches). The
///                algorithm is `ConvolutionAlgorithm.choose`'s, the code
///                Convolution/ChannelsLastConvolution.swift
///   ReLU, pool   on `[H, W, C]`, 16 channels at a time
///   convolution, ReLU, 2×2 max-pool in a row (the drawing classifier's blocks): one step
///                that never writes the unpooled map; 3×3 kernels with whole vectors of
///                channels use Winograd F(2×2, 3×3) (`KernelSet.winograd…`: each pooling
///                window is one Winograd tile, 2.25× fewer multiplications), or F(3×3, 3×3)
///                where the pooled map comes in 3×3 groups of windows (`winogradF3…`: a
///                7×7 map's 6×6 in four tiles, 100 products per channel pair instead of
///                144, through the unpooled map), one input channel the direct kernel with
///                the pooling done in registers
///   flatten      back to the `[C, H, W]` order the dense weights expect
///   dense        the input's nonzero entries times the rows of the weights stored
///                input-major in blocks of 128 outputs (`[O/128][I][128]`): each weight
///                row of a nonzero input is read once, in memory order (the AVX-512 kernel
///                takes a 128-wide row in one pass, eight lines in a row; 64-wide blocks
///                read in two passes were 0.2 µs slower). The 576×128 layer is bound by
///                reading its 295 KB from the level-2 cache; after ReLU and pooling about
///                half its inputs are zero (54 % on the real PNGs with the default model),
///                and their rows are not read
///
/// The plan holds only what does not change from call to call (weights rearranged once);
/// scratch space is a `Workspace` that the caller keeps, so repeated calls do not allocate.
/// Results equal `Network.forward` up to rounding (the sums run in another order).
public struct InferencePlan: Sendable {
    /// What one step does, with its weights in the order the step reads them.
    enum Step: Sendable {
        case convolution(Convolution)
        case relu
        case maxPool(size: Int)
        case flatten
        case dense(FullyConnected)
    }

    struct Convolution: Sendable {
        var inputChannels: Int, outputChannels: Int, kernelSize: Int, padding: Int
        /// `ConvolutionAlgorithm.choose` for this step (Winograd runs only fused).
        var algorithm: ConvolutionAlgorithm
        /// `[ky][kx][c][o]`: row (ky, kx, c) of the product's right-hand matrix.
        var weights: [Float]
        var bias: [Float]
        /// How the convolution runs when a ReLU and a 2×2 max-pool follow it.
        var fused: Fusion = .none
        /// For a fused block: what it gives for the blank example, so that windows of
        /// background are copied instead of computed (nil: every window is computed).
        var blank: BlankReference?
    }

    enum Fusion: Sendable {
        /// Not followed by ReLU and a 2×2 pool, or no fused kernel fits its shape.
        case none
        /// One input channel: `KernelSet.singleChannelForwardChannelsLastReLUMaxPool`.
        case singleChannel
        /// Winograd F(2×2, 3×3) with these transformed weights, `[ξ][C][O]`.
        case winograd(weights: [Float])
        /// Winograd F(3×3, 3×3) with these transformed weights, `[ξ][C][O]` (25 ξ).
        case winogradF3(weights: [Float])
    }

    struct FullyConnected: Sendable {
        var inputCount: Int, outputCount: Int
        /// The layer's `[o][i]` as `[o / blockWidth][i][blockWidth]` (the last block narrower
        /// when O is not a multiple).
        var weightsByInput: [Float]
        static let blockWidth = 128
        var bias: [Float]
    }

    /// The activation between two steps: a channels-last map or a flat vector.
    enum Shape: Sendable, Equatable {
        case map(height: Int, width: Int, channels: Int)
        case vector(Int)

        var count: Int {
            switch self {
            case let .map(h, w, c): h * w * c
            case let .vector(n): n
            }
        }
    }

    /// One example's shape in the layer order: `[C, H, W]` or `[I]`.
    public let exampleShape: [Int]
    private(set) var steps: [Step]
    /// `shapes[i]` is the input of step `i`; `shapes[steps.count]` the network's output.
    let shapes: [Shape]
    let kernelPath: KernelPath
    /// Floats of scratch one example needs: activations and convolution patches.
    let activationCount: Int
    let patchCount: Int
    let paddedCount: Int
    /// Floats of the Winograd buffers: transformed input `[16][T][C]`, products `[16][T][O]`
    /// (25 instead of 16 for F(3×3, 3×3)), and F(3×3, 3×3)'s map before pooling.
    let transformedCount: Int
    let productCount: Int
    let unpooledCount: Int
    /// The widest dense input: room for its nonzero entries.
    let denseInputCount: Int
    /// The most output pixels (windows) and padded input rows of a fused block.
    let windowCount: Int
    let paddedRowCount: Int
    /// Workspaces `outputs` made before and has finished with (shared by copies of the plan).
    let spareWorkspaces = WorkspacePool()

    /// The plan of `network` for examples of `exampleShape` (`[C, H, W]` or `[I]`), or nil
    /// when a layer is not one of the five kinds above or the shapes do not fit (callers then
    /// use `Network.forward`, which reports the mismatch). With `skipsBlankWindows`, the
    /// fused blocks copy the output of windows that hold only background from a run of the
    /// blank example (`BlankReference`) — the same bits as computing them, in less time.
    public init?(network: Network, exampleShape: [Int], skipsBlankWindows: Bool = true) {
        var shape: Shape
        switch exampleShape.count {
        case 3:
            shape = .map(height: exampleShape[1], width: exampleShape[2],
                         channels: exampleShape[0])
        case 1:
            shape = .vector(exampleShape[0])
        default:
            return nil
        }
        guard shape.count > 0 else { return nil }
        var steps: [Step] = [], shapes: [Shape] = [shape]
        var patchCount = 1, paddedCount = 1, transformedCount = 1, productCount = 1
        var unpooledCount = 1
        var windowCount = 1, paddedRowCount = 1
        var path: KernelPath?
        let layers = network.layers
        for (index, layer) in layers.enumerated() {
            switch (layer, shape) {
            case let (conv as Conv2D, .map(h, w, c)) where conv.inputChannels == c:
                let (k, pad, o) = (conv.kernelSize, conv.padding, conv.outputChannels)
                let (oh, ow) = (h + 2 * pad - k + 1, w + 2 * pad - k + 1)
                guard oh > 0, ow > 0 else { return nil }
                path = path ?? conv.kernelPath
                let pooled = index + 2 < layers.count && layers[index + 1] is ReLU
                    && (layers[index + 2] as? MaxPool2D)?.size == 2 && oh >= 2 && ow >= 2
                let algorithm = ConvolutionAlgorithm.choose(
                    inputs: c, outputs: o, kernelSize: k, outputHeight: oh, outputWidth: ow,
                    layout: .channelsLast(pooled: pooled), vectorWidth: path!.kernels.vectorWidth)
                var step = Convolution(
                    inputChannels: c, outputChannels: o, kernelSize: k, padding: pad,
                    algorithm: algorithm, weights: conv.weightsByTap,
                    bias: conv.bias.value.scalars)
                switch algorithm {
                case .directSingleChannel where pooled:
                    step.fused = .singleChannel
                case .winograd:
                    step.fused = .winograd(weights: WinogradTransforms.transformWeights(
                        conv.weight.value.scalars, inputs: c, outputs: o))
                    let tiles = (oh / 2) * (ow / 2)
                    transformedCount = max(transformedCount, 16 * tiles * c)
                    productCount = max(productCount, 16 * tiles * o)
                case .winogradF3:
                    step.fused = .winogradF3(weights: WinogradTransforms.transformWeightsF3(
                        conv.weight.value.scalars, inputs: c, outputs: o))
                    let tiles = (oh / 2 * 2 / 3) * (ow / 2 * 2 / 3)
                    transformedCount = max(transformedCount, 25 * tiles * c)
                    productCount = max(productCount, 25 * tiles * o)
                    unpooledCount = max(unpooledCount, 9 * tiles * o)
                default:
                    break
                }
                if case .none = step.fused {} else {
                    windowCount = max(windowCount, (oh / 2) * (ow / 2))
                    paddedRowCount = max(paddedRowCount, h + 2 * pad)
                }
                steps.append(.convolution(step))
                patchCount = max(patchCount, oh * ow * k * k * c)
                paddedCount = max(paddedCount, (h + 2 * pad) * (w + 2 * pad) * c)
                shape = .map(height: oh, width: ow, channels: o)
            case (is ReLU, _):
                steps.append(.relu)
            case let (pool as MaxPool2D, .map(h, w, c)):
                guard h >= pool.size, w >= pool.size else { return nil }
                steps.append(.maxPool(size: pool.size))
                shape = .map(height: h / pool.size, width: w / pool.size, channels: c)
            case (is Flatten, _):
                steps.append(.flatten)
                shape = .vector(shape.count)
            case let (dense as Dense, .vector(n)) where dense.inputCount == n:
                let (o, weights) = (dense.outputCount, dense.weight.value.scalars)
                var byInput: [Float] = []
                byInput.reserveCapacity(n * o)
                for j0 in stride(from: 0, to: o, by: FullyConnected.blockWidth) {
                    let width = min(FullyConnected.blockWidth, o - j0)
                    for i in 0..<n {
                        for j in j0..<(j0 + width) { byInput.append(weights[j * n + i]) }
                    }
                }
                steps.append(.dense(FullyConnected(
                    inputCount: n, outputCount: o, weightsByInput: byInput,
                    bias: dense.bias.value.scalars)))
                shape = .vector(dense.outputCount)
            default:
                return nil
            }
            shapes.append(shape)
        }
        self.exampleShape = exampleShape
        self.steps = steps
        self.shapes = shapes
        self.kernelPath = path ?? .best
        self.activationCount = shapes.map(\.count).max() ?? 1
        self.patchCount = patchCount
        self.paddedCount = paddedCount
        self.transformedCount = transformedCount
        self.productCount = productCount
        self.unpooledCount = unpooledCount
        self.denseInputCount = steps.map { step in
            if case let .dense(dense) = step { dense.inputCount } else { 1 }
        }.max() ?? 1
        self.windowCount = windowCount
        self.paddedRowCount = paddedRowCount
        if skipsBlankWindows { self.steps = stepsWithBlankReferences() }
    }

    /// The number of layers (all of them: `run(…, layers: layerCount, …)` gives the logits).
    public var layerCount: Int { steps.count }

    /// Whether `input` is a batch `[N, …]` of examples of this plan's shape.
    public func fits(_ input: Tensor) -> Bool {
        input.shape.count == exampleShape.count + 1 && Array(input.shape.dropFirst()) == exampleShape
    }

    /// Floats per example after the first `layerCount` layers.
    public func outputCount(layers layerCount: Int) -> Int {
        shapes[layerCount].count
    }

    /// Runs the first `layerCount` layers on one example (`[C, H, W]` or `[I]` floats) and
    /// writes `outputCount(layers:)` floats, in the order `Network.forward` gives them.
    /// Allocates nothing once the workspace has been used for this plan.
    public func run(_ example: UnsafePointer<Float>, layers layerCount: Int,
                    into output: UnsafeMutablePointer<Float>, workspace: inout Workspace) {
        precondition((0...steps.count).contains(layerCount),
                     "The plan has \(steps.count) layers, asked for \(layerCount).")
        let layout = workspace.layout
        workspace.floats.withUnsafeMutableBufferPointer { floats in
        workspace.indices.withUnsafeMutableBufferPointer { indices in
        workspace.masks.withUnsafeMutableBufferPointer { masks in
            let arena = ArenaLayout.lineStart(floats.baseAddress!)
            let scratch = Scratch(layout, floats: arena,
                                  indices: indices.baseAddress!, masks: masks.baseAddress!)
            var x = arena + layout.first, y = arena + layout.second
            // The example enters channels last.
            Self.reorder(example, shape: shapes[0], toChannelsLast: true, into: x)
            var index = 0
            // Whether `differingPixels` describes x (left by a fused block).
            var masksDescribeInput = false
            while index < layerCount {
                if index + 3 <= layerCount,
                   let (skipped, masks) = convolveReLUPool(
                       index, x, into: y, scratch, &workspace.matrix,
                       masksDescribeInput: masksDescribeInput) {
                    workspace.skippedWindows += skipped
                    masksDescribeInput = masks
                    swap(&x, &y)
                    index += 3
                    continue
                }
                masksDescribeInput = false
                let (done, inPlace) = runStep(index, x, y, scratch, &workspace.matrix)
                if !inPlace { swap(&x, &y) }
                index += done
            }
            Self.reorder(x, shape: shapes[layerCount], toChannelsLast: false, into: output)
        }
        }
        }
    }

    /// Outputs `[N, …]` of the first `layerCount` layers for a batch `[N, …]`.
    public func outputs(_ input: Tensor, layers layerCount: Int) -> Tensor {
        let n = input.shape.first ?? 0
        let width = outputCount(layers: layerCount), stride = shapes[0].count
        precondition(input.count == n * stride, "The plan takes examples of \(stride) floats.")
        // A workspace per thread inside `outputs` at the same time, made once and kept: the
        // convenience API (`Classifier.classify`, `probabilities`) does not allocate its
        // scratch space per call.
        var workspace = spareWorkspaces.take() ?? Workspace(for: self)
        defer { spareWorkspaces.give(workspace) }
        let scalars = [Float](unsafeUninitializedCapacity: n * width) { out, initialized in
            input.scalars.withUnsafeBufferPointer { x in
                for s in 0..<n {
                    run(x.baseAddress! + s * stride, layers: layerCount,
                        into: out.baseAddress! + s * width, workspace: &workspace)
                }
            }
            initialized = n * width
        }
        var shape = [n]
        switch shapes[layerCount] {
        case let .map(h, w, c): shape += [c, h, w]
        case let .vector(count): shape.append(count)
        }
        return Tensor(shape: shape, scalars: scalars)
    }

    /// Runs step `index` (not fused with the steps after it) from `x` into `y`; returns how
    /// many steps it did, and whether it worked in place on `x`.
    private func runStep(_ index: Int, _ x: UnsafeMutablePointer<Float>,
                         _ y: UnsafeMutablePointer<Float>, _ scratch: Scratch,
                         _ matrix: inout MatrixMultiply) -> (steps: Int, inPlace: Bool) {
        switch (steps[index], shapes[index]) {
        case let (.convolution(conv), .map(h, w, c)):
            conv.weights.withUnsafeBufferPointer { wt in
                conv.bias.withUnsafeBufferPointer { b in
                    convolutionForwardChannelsLast(
                        y, x, weightsByTap: wt.baseAddress!, bias: b.baseAddress!, height: h,
                        width: w, channels: c, outputs: conv.outputChannels,
                        kernelSize: conv.kernelSize, padding: conv.padding,
                        algorithm: conv.algorithm, patches: scratch.patches,
                        padded: scratch.padded, &matrix)
                }
            }
            return (1, false)
        case (.relu, let shape):
            Self.relu(x, count: shape.count)
            return (1, true)
        case let (.maxPool(size), .map(h, w, c)):
            Self.maxPool(x, height: h, width: w, channels: c, size: size, into: y)
            return (1, false)
        case (.flatten, let .map(h, w, c)):
            // [H, W, C] → [C, H, W], the order of Flatten on [N, C, H, W].
            Im2Col.unpad(x, channels: c, height: h, width: w, padding: 0, into: y)
            return (1, false)
        case (.flatten, .vector):
            return (1, true)
        case let (.dense(dense), _):
            Self.dense(dense, x, into: y, scratch, &matrix)
            return (1, false)
        default:
            preconditionFailure("InferencePlan step \(index) does not fit its input shape.")
        }
    }

    /// Steps `index` … `index + 2`, `[H, W, C]` → `[H'/2, W'/2, O]`: convolution, ReLU and
    /// 2×2 max-pool in one step, when the plan found a fused kernel for them (else nil,
    /// having done nothing). Returns how many output pixels were copied from the blank
    /// example, and whether `differingPixels` then describes the output. With
    /// `masksDescribeInput`, it already describes x (the output of the fused block before),
    /// and x is not compared again.
    private func convolveReLUPool(_ index: Int, _ x: UnsafePointer<Float>,
                                  into y: UnsafeMutablePointer<Float>, _ scratch: Scratch,
                                  _ matrix: inout MatrixMultiply,
                                  masksDescribeInput: Bool) -> (skipped: Int, masks: Bool)? {
        guard case let .convolution(conv) = steps[index], case let .map(h, w, c) = shapes[index]
        else { return nil }
        if case .none = conv.fused { return nil }
        let (o, k, pad) = (conv.outputChannels, conv.kernelSize, conv.padding)
        let (oh, ow) = (h + 2 * pad - k + 1, w + 2 * pad - k + 1)
        let (pooledH, pooledW, pw) = (oh / 2, ow / 2, w + 2 * pad)
        let windows = pooledH * pooledW
        // Which windows differ from the blank example's (the others are copied at the end).
        var activeCount = windows
        if let blank = conv.blank {
            if !masksDescribeInput {
                blank.markDifferingPixels(x, height: h, width: w, channels: c,
                                          into: scratch.differingPixels)
            }
            activeCount = BlankReference.markActiveWindows(
                differing: scratch.differingPixels, height: h, padding: pad, kernelSize: k,
                pooledHeight: pooledH, pooledWidth: pooledW, into: scratch.activeWindows)
        }
        let active = conv.blank == nil ? nil : UnsafePointer(scratch.activeWindows)
        if activeCount > 0 {
            padChannelsLast(x, height: h, width: w, channels: c, padding: pad,
                            into: scratch.padded)
        }
        let weights: [Float]
        switch conv.fused {
        case .none: return nil
        case .singleChannel: weights = conv.weights
        case let .winograd(u): weights = u
        case let .winogradF3(u): weights = u
        }
        weights.withUnsafeBufferPointer { wt in
            conv.bias.withUnsafeBufferPointer { b in
                convolutionReLUPoolChannelsLast(
                    y, padded: scratch.padded, weights: wt.baseAddress!, bias: b.baseAddress!,
                    paddedWidth: pw, channels: c, outputs: o, kernelSize: k,
                    pooledHeight: pooledH, pooledWidth: pooledW, algorithm: conv.algorithm,
                    activeWindows: active, tiles: scratch.windowList,
                    transformed: scratch.transformed, products: scratch.products,
                    unpooled: scratch.unpooled, &matrix)
            }
        }
        guard let blank = conv.blank, let active else { return (0, false) }
        if activeCount < windows {
            blank.fillInactiveWindows(active, pooledHeight: pooledH, pooledWidth: pooledW,
                                      outputs: o, into: y)
        }
        // The output's pixels that may differ from the blank example's are the active
        // windows: the next fused block need not compare them.
        scratch.differingPixels.update(from: active, count: pooledH)
        return (windows - activeCount, true)
    }

}
