/// out[N, O, H', W'] = inp[N, C, H, W] ⋆ weight[O, C, k, k] + bias[O], stride 1, zero
/// padding `pad`, H' = H + 2·pad − k + 1: the forward pass of `Conv2D`, by the workspace's
/// algorithm, with the weights as `ConvolutionWorkspace.arrange` left them in `buffers`.
///
///   im2col   the patches of a few examples (`examplesPerProduct`, their rows one after
///            another), Yᵀ[P, O] = patches[P, K] · Wᵀ[K, O], then transposed onto the bias
///   direct   one input channel: `KernelSet.singleChannelForward` on each padded example
///   winograd `winogradConvolution`
// swiftlint:disable:next function_parameter_count
func convolutionForward(
    _ out: UnsafeMutablePointer<Float>, _ inp: UnsafePointer<Float>,
    batch n: Int, channels c: Int, height h: Int, width w: Int, outputs o: Int,
    kernelSize k: Int, padding pad: Int, algorithm: ConvolutionAlgorithm,
    _ buffers: ConvolutionBuffers, _ matrix: inout MatrixMultiply
) {
    let (oh, ow) = (h + 2 * pad - k + 1, w + 2 * pad - k + 1)
    let (pixels, depth, pw) = (oh * ow, k * k * c, w + 2 * pad)
    switch algorithm {
    case .winogradF3:
        preconditionFailure("Winograd F(3×3, 3×3) runs only in inference, fused.")
    case .winograd:
        winogradConvolution(
            inp, examples: n, channels: c, height: h, width: w, padding: pad, outputs: o,
            weights: buffers.winogradWeights, bias: buffers.bias,
            group: buffers.examplesPerProduct, tileList: buffers.tiles, padded: buffers.padded,
            transformed: buffers.patches, products: buffers.winogradProducts,
            channelsLast: buffers.pixelsByChannel, &matrix, into: out)
    case .directSingleChannel:
        for s in 0..<n {
            Im2Col.pad(inp + s * c * h * w, channels: c, height: h, width: w, padding: pad,
                       into: buffers.padded)
            matrix.kernels.singleChannelForward(
                padded: buffers.padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                kernelSize: k, weights: buffers.weights, bias: buffers.bias, outputs: o,
                into: out + s * o * pixels)
        }
    case .im2col:
        let group = buffers.examplesPerProduct
        for s0 in stride(from: 0, to: n, by: group) {
            let examples = min(group, n - s0)
            for e in 0..<examples {
                Im2Col.pad(inp + (s0 + e) * c * h * w, channels: c, height: h, width: w,
                           padding: pad, into: buffers.padded)
                Im2Col.unfold(padded: buffers.padded, channels: c, paddedWidth: pw,
                              outputHeight: oh, outputWidth: ow, kernelSize: k,
                              into: buffers.patches + e * pixels * depth)
            }
            // Yᵀ[P, O] = patches[P, K] · Wᵀ[K, O], the examples' rows one after another
            matrix.multiply(rows: examples * pixels, columns: o, depth: depth,
                            a: buffers.patches, aRowStride: depth, aColumnStride: 1,
                            b: buffers.weightsByTap, bRowStride: o, bColumnStride: 1,
                            c: buffers.pixelsByChannel, ldc: o, accumulate: false)
            for e in 0..<examples {
                // out[s, co, p] = Yᵀ[p, co] + bias[co]
                Im2Col.unpad(buffers.pixelsByChannel + e * pixels * o, channels: o, height: oh,
                             width: ow, padding: 0, addingBias: buffers.bias,
                             into: out + (s0 + e) * o * pixels)
            }
        }
    }
}
