// ONE source, compiled three times like MatrixProductKernel.swift (see there); the
// MatrixKernelsAVX2 and MatrixKernelsAVX512 folders hold symlinks to this file.

/// Every kernel of this compiled copy, as static functions of one type: DrawingClassifier
/// declares these the requirements of its `KernelSet` protocol and picks one of the three
/// copies with one switch (`KernelPath.kernels`). Each function only forwards.
public enum Kernels {
    /// False when this copy was meant for a wider target but was built without its flags.
    public static var isCompiledForItsTarget: Bool { MatrixProductKernel.isCompiledForItsTarget }

    /// Floats per vector: the direct and Winograd kernels need rows of at least this many
    /// pixels, or channel counts that are multiples of it.
    public static var vectorWidth: Int { WinogradKernel.vectorWidth }

    // MARK: Matrix products (MatrixProductKernel)

    public static func scratchCounts(rows m: Int, columns n: Int, depth k: Int) -> (a: Int, b: Int) {
        MatrixProductKernel.scratchCounts(rows: m, columns: n, depth: k)
    }

    // swiftlint:disable function_parameter_count
    public static func multiply(
        rows m: Int, columns n: Int, depth k: Int,
        a: UnsafePointer<Float>, aRowStride: Int, aColumnStride: Int,
        b: UnsafePointer<Float>, bRowStride: Int, bColumnStride: Int,
        c: UnsafeMutablePointer<Float>, ldc: Int, accumulate: Bool,
        packedA: UnsafeMutablePointer<Float>, packedB: UnsafeMutablePointer<Float>
    ) {
        MatrixProductKernel.multiply(
            rows: m, columns: n, depth: k, a: a, aRowStride: aRowStride,
            aColumnStride: aColumnStride, b: b, bRowStride: bRowStride,
            bColumnStride: bColumnStride, c: c, ldc: ldc, accumulate: accumulate,
            packedA: packedA, packedB: packedB)
    }

    /// `multiply` on `count` planes, A, B and C of plane i at `i · aPlaneStride` (…) floats:
    /// the same bits as `count` calls, in one.
    public static func multiplyPlanes(
        count: Int, rows m: Int, columns n: Int, depth k: Int,
        a: UnsafePointer<Float>, aRowStride: Int, aPlaneStride: Int,
        b: UnsafePointer<Float>, bRowStride: Int, bPlaneStride: Int,
        c: UnsafeMutablePointer<Float>, ldc: Int, cPlaneStride: Int, accumulate: Bool,
        packedA: UnsafeMutablePointer<Float>, packedB: UnsafeMutablePointer<Float>
    ) {
        for plane in 0..<count {
            MatrixProductKernel.multiply(
                rows: m, columns: n, depth: k, a: a + plane * aPlaneStride,
                aRowStride: aRowStride, aColumnStride: 1, b: b + plane * bPlaneStride,
                bRowStride: bRowStride, bColumnStride: 1, c: c + plane * cPlaneStride, ldc: ldc,
                accumulate: accumulate, packedA: packedA, packedB: packedB)
        }
    }

    public static func multiplySparseVectorByMatrix(
        count: Int, rows: UnsafePointer<Int32>, values: UnsafePointer<Float>, columns n: Int,
        b: UnsafePointer<Float>, bRowStride: Int, y: UnsafeMutablePointer<Float>
    ) {
        MatrixProductKernel.multiplySparseVectorByMatrix(
            count: count, rows: rows, values: values, columns: n, b: b, bRowStride: bRowStride,
            y: y)
    }

    public static func multiplyVector(
        rows m: Int, depth k: Int, a: UnsafePointer<Float>, aRowStride: Int,
        x: UnsafePointer<Float>, y: UnsafeMutablePointer<Float>
    ) {
        MatrixProductKernel.multiplyVector(rows: m, depth: k, a: a, aRowStride: aRowStride,
                                           x: x, y: y)
    }

    public static func multiplyVectors(
        count n: Int, rows m: Int, depth k: Int, a: UnsafePointer<Float>, aRowStride: Int,
        x: UnsafePointer<Float>, xStride: Int, y: UnsafeMutablePointer<Float>, yStride: Int
    ) {
        MatrixProductKernel.multiplyVectors(count: n, rows: m, depth: k, a: a,
                                            aRowStride: aRowStride, x: x, xStride: xStride,
                                            y: y, yStride: yStride)
    }

    // MARK: Direct single-channel convolution (SingleChannelConvolutionKernel)

    public static func singleChannelForward(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, weights w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, into out: UnsafeMutablePointer<Float>
    ) {
        SingleChannelConvolutionKernel.forward(
            padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow, kernelSize: k,
            weights: w, bias: bias, outputs: o, into: out)
    }

    public static func singleChannelForwardChannelsLast(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, weightsByTap w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, into out: UnsafeMutablePointer<Float>
    ) {
        SingleChannelConvolutionKernel.forwardChannelsLast(
            padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow, kernelSize: k,
            weightsByTap: w, bias: bias, outputs: o, into: out)
    }

    public static func singleChannelForwardChannelsLastReLUMaxPool(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, pooledHeight ph: Int,
        pooledWidth pooledW: Int, kernelSize k: Int, weightsByTap w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, activeWindows: UnsafePointer<UInt64>?,
        into out: UnsafeMutablePointer<Float>
    ) {
        SingleChannelConvolutionKernel.forwardChannelsLastReLUMaxPool(
            padded: padded, paddedWidth: pw, pooledHeight: ph, pooledWidth: pooledW,
            kernelSize: k, weightsByTap: w, bias: bias, outputs: o, activeWindows: activeWindows,
            into: out)
    }

    public static func singleChannelWeightGradient(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, outputGradient dy: UnsafePointer<Float>,
        outputs o: Int, into dw: UnsafeMutablePointer<Float>
    ) {
        SingleChannelConvolutionKernel.weightGradient(
            padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow, kernelSize: k,
            outputGradient: dy, outputs: o, into: dw)
    }

    // MARK: Winograd F(2×2, 3×3) transforms (WinogradKernel)

    public static func winogradTransformInput(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, channels c: Int,
        tiles: UnsafePointer<Int32>, count: Int, tilesX: Int, planeRows: Int,
        into v: UnsafeMutablePointer<Float>
    ) {
        WinogradKernel.transformInput(
            padded: padded, paddedWidth: pw, channels: c, tiles: tiles, count: count,
            tilesX: tilesX, planeRows: planeRows, into: v)
    }

    public static func winogradTransformOutputReLUMaxPool(
        m: UnsafePointer<Float>, tiles: UnsafePointer<Int32>, count: Int, outputs o: Int,
        bias: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>
    ) {
        WinogradKernel.transformOutputReLUMaxPool(m: m, tiles: tiles, count: count, outputs: o,
                                                  bias: bias, into: out)
    }

    public static func winogradTransformOutput(
        m: UnsafePointer<Float>, tilesY: Int, tilesX: Int, planeRows: Int,
        outputHeight oh: Int, outputWidth ow: Int, outputs o: Int,
        into out: UnsafeMutablePointer<Float>
    ) {
        WinogradKernel.transformOutput(m: m, tilesY: tilesY, tilesX: tilesX, planeRows: planeRows,
                                       outputHeight: oh, outputWidth: ow, outputs: o, into: out)
    }

    public static func winogradTransformOutputGradient(
        dy: UnsafePointer<Float>, outputHeight oh: Int, outputWidth ow: Int, outputs o: Int,
        tilesY: Int, tilesX: Int, planeRows: Int, into z: UnsafeMutablePointer<Float>
    ) {
        WinogradKernel.transformOutputGradient(
            dy: dy, outputHeight: oh, outputWidth: ow, outputs: o, tilesY: tilesY,
            tilesX: tilesX, planeRows: planeRows, into: z)
    }
    // MARK: Winograd F(3×3, 3×3) transforms (WinogradF3Kernel)

    public static func winogradF3TransformInput(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, channels c: Int,
        tilesY: Int, tilesX: Int, into v: UnsafeMutablePointer<Float>
    ) {
        WinogradF3Kernel.transformInput(padded: padded, paddedWidth: pw, channels: c,
                                        tilesY: tilesY, tilesX: tilesX, into: v)
    }

    public static func winogradF3TransformOutputReLUMaxPool(
        m: UnsafePointer<Float>, tilesY: Int, tilesX: Int, outputs o: Int,
        bias: UnsafePointer<Float>, unpooled: UnsafeMutablePointer<Float>,
        into out: UnsafeMutablePointer<Float>
    ) {
        WinogradF3Kernel.transformOutputReLUMaxPool(m: m, tilesY: tilesY, tilesX: tilesX,
                                                    outputs: o, bias: bias, unpooled: unpooled,
                                                    into: out)
    }
    // swiftlint:enable function_parameter_count
}
