import MatrixKernels
import MatrixKernelsAVX2
import MatrixKernelsAVX512

/// The kernels of one compiled copy of Sources/MatrixKernels (`Kernels` there, one per
/// instruction set), as static functions: callers ask `KernelPath.kernels` for the set and
/// call it, instead of switching over the copies at every call. What each kernel computes
/// is described where it is written (MatrixProductKernel, SingleChannelConvolutionKernel,
/// WinogradKernel); `NaiveKernels` holds the references.
protocol KernelSet {
    static var isCompiledForItsTarget: Bool { get }
    /// Floats per vector: the direct and Winograd kernels need rows of at least this many
    /// pixels, or channel counts that are multiples of it.
    static var vectorWidth: Int { get }

    // swiftlint:disable function_parameter_count
    /// C[m, n] = (accumulate ? C : 0) + A[m, k] · B[k, n], with packing space of at least
    /// `scratchCounts` floats.
    static func scratchCounts(rows m: Int, columns n: Int, depth k: Int) -> (a: Int, b: Int)
    static func multiply(
        rows m: Int, columns n: Int, depth k: Int,
        a: UnsafePointer<Float>, aRowStride: Int, aColumnStride: Int,
        b: UnsafePointer<Float>, bRowStride: Int, bColumnStride: Int,
        c: UnsafeMutablePointer<Float>, ldc: Int, accumulate: Bool,
        packedA: UnsafeMutablePointer<Float>, packedB: UnsafeMutablePointer<Float>)
    /// `multiply` on `count` planes of row-major A, B and C, `…PlaneStride` floats apart
    /// (the 16 or 25 products of a Winograd step), with the same bits, in one call.
    static func multiplyPlanes(
        count: Int, rows m: Int, columns n: Int, depth k: Int,
        a: UnsafePointer<Float>, aRowStride: Int, aPlaneStride: Int,
        b: UnsafePointer<Float>, bRowStride: Int, bPlaneStride: Int,
        c: UnsafeMutablePointer<Float>, ldc: Int, cPlaneStride: Int, accumulate: Bool,
        packedA: UnsafeMutablePointer<Float>, packedB: UnsafeMutablePointer<Float>)
    /// y[j] = Σ_q values[q] · B[rows[q], j].
    static func multiplySparseVectorByMatrix(
        count: Int, rows: UnsafePointer<Int32>, values: UnsafePointer<Float>, columns n: Int,
        b: UnsafePointer<Float>, bRowStride: Int, y: UnsafeMutablePointer<Float>)
    /// y[r] = Σₚ A[r, p] · x[p].
    static func multiplyVector(
        rows m: Int, depth k: Int, a: UnsafePointer<Float>, aRowStride: Int,
        x: UnsafePointer<Float>, y: UnsafeMutablePointer<Float>)
    /// `multiplyVector` on `count` vectors (same bits), each row of A read once per four.
    static func multiplyVectors(
        count n: Int, rows m: Int, depth k: Int, a: UnsafePointer<Float>, aRowStride: Int,
        x: UnsafePointer<Float>, xStride: Int, y: UnsafeMutablePointer<Float>, yStride: Int)

    /// out[O, H', W'] = bias + w[O, k, k] ⋆ padded (one input channel, W' ≥ vectorWidth).
    static func singleChannelForward(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, weights w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, into out: UnsafeMutablePointer<Float>)
    /// out[H', W', O] = bias + w[k, k, O] ⋆ padded (O a multiple of vectorWidth).
    static func singleChannelForwardChannelsLast(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, weightsByTap w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, into out: UnsafeMutablePointer<Float>)
    /// out[H'/2, W'/2, O] = 2×2 max-pool(ReLU(bias + w[k, k, O] ⋆ padded)), active windows only.
    static func singleChannelForwardChannelsLastReLUMaxPool(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, pooledHeight ph: Int,
        pooledWidth pooledW: Int, kernelSize k: Int, weightsByTap w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, activeWindows: UnsafePointer<UInt64>?,
        into out: UnsafeMutablePointer<Float>)
    /// dw[O, k, k] += dy[O, H', W'] ⋆ padded.
    static func singleChannelWeightGradient(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, outputGradient dy: UnsafePointer<Float>,
        outputs o: Int, into dw: UnsafeMutablePointer<Float>)

    /// v[ξ][slot][C] = (Bᵀ d B)[ξ] for the listed tiles of a channels-last padded map.
    static func winogradTransformInput(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, channels c: Int,
        tiles: UnsafePointer<Int32>, count: Int, tilesX: Int, planeRows: Int,
        into v: UnsafeMutablePointer<Float>)
    /// out[pooled pixel][O] = max over the tile's 2×2 of ReLU(Aᵀ m A + bias).
    static func winogradTransformOutputReLUMaxPool(
        m: UnsafePointer<Float>, tiles: UnsafePointer<Int32>, count: Int, outputs o: Int,
        bias: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>)
    /// out[H', W', O] = Aᵀ m A for every tile.
    static func winogradTransformOutput(
        m: UnsafePointer<Float>, tilesY: Int, tilesX: Int, planeRows: Int,
        outputHeight oh: Int, outputWidth ow: Int, outputs o: Int,
        into out: UnsafeMutablePointer<Float>)
    /// z[ξ][t][O] = (A dy Aᵀ)[ξ] for every 2×2 tile t of a channels-last output gradient
    /// (pixels outside an odd-sized map count as zero): the weight gradient's transform.
    static func winogradTransformOutputGradient(
        dy: UnsafePointer<Float>, outputHeight oh: Int, outputWidth ow: Int, outputs o: Int,
        tilesY: Int, tilesX: Int, planeRows: Int, into z: UnsafeMutablePointer<Float>)
    /// v[ξ][t][C] = (Bᵀ d B)[ξ] for every 5×5 window (at rows and columns 3·ty, 3·tx) of a
    /// channels-last padded map: Winograd F(3×3, 3×3).
    static func winogradF3TransformInput(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, channels c: Int,
        tilesY: Int, tilesX: Int, into v: UnsafeMutablePointer<Float>)
    /// out[pooled pixel][O] = the 2×2 max-pool of ReLU(Aᵀ m A + bias) over the 3×3 tiles,
    /// through the unpooled map.
    static func winogradF3TransformOutputReLUMaxPool(
        m: UnsafePointer<Float>, tilesY: Int, tilesX: Int, outputs o: Int,
        bias: UnsafePointer<Float>, unpooled: UnsafeMutablePointer<Float>,
        into out: UnsafeMutablePointer<Float>)
    // swiftlint:enable function_parameter_count
}

extension MatrixKernels.Kernels: KernelSet {}
extension MatrixKernelsAVX2.Kernels: KernelSet {}
extension MatrixKernelsAVX512.Kernels: KernelSet {}
