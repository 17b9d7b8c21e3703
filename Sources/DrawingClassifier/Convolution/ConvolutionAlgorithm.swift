/// How a convolution (square kernel, stride 1) is computed. `choose` is the one place that
/// decides, for training (`Conv2D`) and inference (`InferencePlan`) alike.
enum ConvolutionAlgorithm: Equatable {
    /// Patches (`Im2Col`) times the weights: one matrix product. Any shape.
    case im2col
    /// One input channel: the direct kernels (`KernelSet.singleChannel…`); as a product the
    /// depth would be only k·k.
    case directSingleChannel
    /// A 3×3 kernel with whole vectors of input and output channels: Winograd F(2×2, 3×3)
    /// (`WinogradConvolution.swift`), 2.25× fewer multiplications.
    case winograd
    /// Inference, fused with ReLU and a 2×2 max-pool whose windows come in groups of 3×3:
    /// Winograd F(3×3, 3×3) (`WinogradF3Kernel`), a 3×3 tile of outputs per 5×5 window, 25
    /// multiplications for 9 outputs instead of F(2×2, 3×3)'s 36.
    case winogradF3

    /// Where the result goes.
    enum Layout {
        /// A batch `[N, O, H', W']` (training): the direct kernel vectorises along a row.
        case channelsFirst
        /// One example `[H', W', O]` (inference): the direct kernel vectorises along the
        /// outputs. Winograd only when ReLU and a 2×2 max-pool follow (`pooled`): each
        /// pooling window is then one tile, and there is no unpooled Winograd step.
        case channelsLast(pooled: Bool)
    }

    /// The algorithm for C = `inputs`, O = `outputs`, a k×k kernel and outputs H'×W', with
    /// vectors of `vectorWidth` floats (`KernelSet.vectorWidth`).
    static func choose(inputs c: Int, outputs o: Int, kernelSize k: Int, outputHeight oh: Int,
                       outputWidth ow: Int, layout: Layout,
                       vectorWidth v: Int) -> ConvolutionAlgorithm {
        let wholeVectors = c % v == 0 && o % v == 0
        switch layout {
        case .channelsFirst:
            if c == 1 && ow >= v { return .directSingleChannel }
            if k == 3 && wholeVectors { return .winograd }
        case let .channelsLast(pooled):
            if c == 1 && o % v == 0 { return .directSingleChannel }
            guard pooled && k == 3 && wholeVectors else { break }
            // The pooled map in 3×3 groups of windows: 6×6 outputs, 2×2 tiles of 3×3, a group.
            return (oh / 2) % 3 == 0 && (ow / 2) % 3 == 0 ? .winogradF3 : .winograd
        }
        return .im2col
    }

    /// Whether a `.winograd` layer's weight gradient is Winograd too (else patches and a
    /// product): when its output tiles into 2×2 blocks with no pixel left over. An odd-sized
    /// output computes whole tiles for its last row and column (7×7: 16 tiles for 49 pixels,
    /// a third more work), and measured no faster than the product (`bench-train layers`:
    /// 32→64 on 7×7, 91–115 µs against 95–107 µs per chunk of 4; 16→32 on 14×14, 51–59 µs
    /// against 68–97 µs).
    static func winogradWeightGradient(outputHeight oh: Int, outputWidth ow: Int) -> Bool {
        oh % 2 == 0 && ow % 2 == 0
    }
}
