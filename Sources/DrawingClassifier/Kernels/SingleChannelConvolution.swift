import MatrixKernels
import MatrixKernelsAVX2
import MatrixKernelsAVX512

/// The direct single-channel convolution kernels (Sources/MatrixKernels/
/// SingleChannelConvolutionKernel.swift) in the copy that `path` selects. `Conv2D` and
/// `InferencePlan` use them for a first layer; `NaiveKernels.convolution` is the reference.
struct SingleChannelConvolution {
    var path: KernelPath

    /// Pixels (channels first) or channels (channels last) per vector on this path.
    var vectorWidth: Int {
        switch path {
        case .portable: MatrixKernels.SingleChannelConvolutionKernel.vectorWidth
        case .avx2: MatrixKernelsAVX2.SingleChannelConvolutionKernel.vectorWidth
        case .avx512: MatrixKernelsAVX512.SingleChannelConvolutionKernel.vectorWidth
        }
    }

    // swiftlint:disable function_parameter_count
    func forward(padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
                 outputWidth ow: Int, kernelSize k: Int, weights w: UnsafePointer<Float>,
                 bias: UnsafePointer<Float>, outputs o: Int, into out: UnsafeMutablePointer<Float>) {
        switch path {
        case .portable:
            MatrixKernels.SingleChannelConvolutionKernel.forward(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, weights: w, bias: bias, outputs: o, into: out)
        case .avx2:
            MatrixKernelsAVX2.SingleChannelConvolutionKernel.forward(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, weights: w, bias: bias, outputs: o, into: out)
        case .avx512:
            MatrixKernelsAVX512.SingleChannelConvolutionKernel.forward(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, weights: w, bias: bias, outputs: o, into: out)
        }
    }

    func forwardChannelsLast(padded: UnsafePointer<Float>, paddedWidth pw: Int,
                             outputHeight oh: Int, outputWidth ow: Int, kernelSize k: Int,
                             weightsByTap w: UnsafePointer<Float>, bias: UnsafePointer<Float>,
                             outputs o: Int, into out: UnsafeMutablePointer<Float>) {
        switch path {
        case .portable:
            MatrixKernels.SingleChannelConvolutionKernel.forwardChannelsLast(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, weightsByTap: w, bias: bias, outputs: o, into: out)
        case .avx2:
            MatrixKernelsAVX2.SingleChannelConvolutionKernel.forwardChannelsLast(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, weightsByTap: w, bias: bias, outputs: o, into: out)
        case .avx512:
            MatrixKernelsAVX512.SingleChannelConvolutionKernel.forwardChannelsLast(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, weightsByTap: w, bias: bias, outputs: o, into: out)
        }
    }

    func forwardChannelsLastReLUMaxPool(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, pooledHeight ph: Int,
        pooledWidth pooledW: Int, kernelSize k: Int, weightsByTap w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, activeWindows: UnsafePointer<UInt64>?,
        into out: UnsafeMutablePointer<Float>
    ) {
        switch path {
        case .portable:
            MatrixKernels.SingleChannelConvolutionKernel.forwardChannelsLastReLUMaxPool(
                padded: padded, paddedWidth: pw, pooledHeight: ph, pooledWidth: pooledW,
                kernelSize: k, weightsByTap: w, bias: bias, outputs: o, activeWindows: activeWindows,
                into: out)
        case .avx2:
            MatrixKernelsAVX2.SingleChannelConvolutionKernel.forwardChannelsLastReLUMaxPool(
                padded: padded, paddedWidth: pw, pooledHeight: ph, pooledWidth: pooledW,
                kernelSize: k, weightsByTap: w, bias: bias, outputs: o, activeWindows: activeWindows,
                into: out)
        case .avx512:
            MatrixKernelsAVX512.SingleChannelConvolutionKernel.forwardChannelsLastReLUMaxPool(
                padded: padded, paddedWidth: pw, pooledHeight: ph, pooledWidth: pooledW,
                kernelSize: k, weightsByTap: w, bias: bias, outputs: o, activeWindows: activeWindows,
                into: out)
        }
    }

    func weightGradient(padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
                        outputWidth ow: Int, kernelSize k: Int,
                        outputGradient dy: UnsafePointer<Float>, outputs o: Int,
                        into dw: UnsafeMutablePointer<Float>) {
        switch path {
        case .portable:
            MatrixKernels.SingleChannelConvolutionKernel.weightGradient(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, outputGradient: dy, outputs: o, into: dw)
        case .avx2:
            MatrixKernelsAVX2.SingleChannelConvolutionKernel.weightGradient(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, outputGradient: dy, outputs: o, into: dw)
        case .avx512:
            MatrixKernelsAVX512.SingleChannelConvolutionKernel.weightGradient(
                padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, outputGradient: dy, outputs: o, into: dw)
        }
    }
    // swiftlint:enable function_parameter_count
}
