// The inference convolution (`InferencePlan`): one example, feature maps channels last.

/// Copies inp[H, W, C] into the middle of `padded` [H + 2p, W + 2p, C] and zeroes the border
/// (only the border: the rows above and below, and `pad` pixels either side).
func padChannelsLast(_ inp: UnsafePointer<Float>, height h: Int, width w: Int, channels c: Int,
                     padding pad: Int, into padded: UnsafeMutablePointer<Float>) {
    let pw = w + 2 * pad
    padded.update(repeating: 0, count: pad * pw * c)
    (padded + (pad + h) * pw * c).update(repeating: 0, count: pad * pw * c)
    for iy in 0..<h {
        let row = padded + (iy + pad) * pw * c
        row.update(repeating: 0, count: pad * c)
        copyFloats(from: inp + iy * w * c, to: row + pad * c, count: w * c)
        (row + (pad + w) * c).update(repeating: 0, count: pad * c)
    }
}

/// out[H', W', O] = inp[H, W, C] ⋆ weight + bias[O], weights by tap `[k, k, C, O]`:
/// patches[P, k·k·C] (`Im2Col`) · W[k·k·C, O] onto the bias, one matrix product with both
/// operands read in place; or, with `directSingleChannel`, the direct kernel (no patches).
/// Winograd runs only fused with ReLU and pooling (`convolutionReLUPoolChannelsLast`):
/// unfused, the patches.
// swiftlint:disable:next function_parameter_count
func convolutionForwardChannelsLast(
    _ out: UnsafeMutablePointer<Float>, _ inp: UnsafePointer<Float>,
    weightsByTap wt: UnsafePointer<Float>, bias: UnsafePointer<Float>,
    height h: Int, width w: Int, channels c: Int, outputs o: Int, kernelSize k: Int,
    padding pad: Int, algorithm: ConvolutionAlgorithm,
    patches: UnsafeMutablePointer<Float>, padded: UnsafeMutablePointer<Float>,
    _ matrix: inout MatrixMultiply
) {
    let (oh, ow) = (h + 2 * pad - k + 1, w + 2 * pad - k + 1)
    let (depth, pw) = (k * k * c, w + 2 * pad)
    // The input (already channels last) inside a zero border, then its patches.
    padChannelsLast(inp, height: h, width: w, channels: c, padding: pad, into: padded)
    if algorithm == .directSingleChannel {
        matrix.kernels.singleChannelForwardChannelsLast(
            padded: padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow, kernelSize: k,
            weightsByTap: wt, bias: bias, outputs: o, into: out)
        return
    }
    Im2Col.unfold(padded: padded, channels: c, paddedWidth: pw, outputHeight: oh,
                  outputWidth: ow, kernelSize: k, into: patches)
    let pixels = oh * ow
    for p in 0..<pixels { copyFloats(from: bias, to: out + p * o, count: o) }
    matrix.multiply(rows: pixels, columns: o, depth: depth, a: patches, aRowStride: depth,
                    aColumnStride: 1, b: wt, bRowStride: o, bColumnStride: 1, c: out, ldc: o,
                    accumulate: true)
}

/// out[H'/2, W'/2, O] = 2×2 max-pool(ReLU(padded ⋆ weight + bias)) for the windows set in
/// `activeWindows` (bit px of word py; nil: every window), others left alone. `padded` is
/// the input [H + 2p, W + 2p, C] inside its zero border. `weights` are by tap `[k, k, C, O]`
/// (`directSingleChannel`) or transformed, U[16, C, O] (`winograd`: each pooling window is
/// one Winograd tile; `tiles` holds room for the list of those computed, `transformed`
/// and `products` for 16·windows·C and 16·windows·O floats) or U[25, C, O] (`winogradF3`:
/// every window computed, through 3×3 tiles; `transformed` and `products` hold 25 floats
/// per tile and channel, `unpooled` the 9·tiles·O of the map before pooling).
// swiftlint:disable:next function_parameter_count
func convolutionReLUPoolChannelsLast(
    _ out: UnsafeMutablePointer<Float>, padded: UnsafePointer<Float>,
    weights: UnsafePointer<Float>, bias: UnsafePointer<Float>,
    paddedWidth pw: Int, channels c: Int, outputs o: Int, kernelSize k: Int,
    pooledHeight pooledH: Int, pooledWidth pooledW: Int, algorithm: ConvolutionAlgorithm,
    activeWindows active: UnsafePointer<UInt64>?, tiles: UnsafeMutablePointer<Int32>,
    transformed: UnsafeMutablePointer<Float>, products: UnsafeMutablePointer<Float>,
    unpooled: UnsafeMutablePointer<Float>, _ matrix: inout MatrixMultiply
) {
    let kernels = matrix.kernels
    switch algorithm {
    case .im2col:
        preconditionFailure("No fused kernel computes a convolution by its patches.")
    case .directSingleChannel:
        kernels.singleChannelForwardChannelsLastReLUMaxPool(
            padded: padded, paddedWidth: pw, pooledHeight: pooledH, pooledWidth: pooledW,
            kernelSize: k, weightsByTap: weights, bias: bias, outputs: o, activeWindows: active,
            into: out)
    case .winograd:
        // The tiles (one per window) to compute, as rows of the 16 products.
        var count = 0
        for py in 0..<pooledH {
            var bits = active?[py] ?? ((1 &<< pooledW) - 1)
            while bits != 0 {
                let t = py * pooledW + bits.trailingZeroBitCount
                tiles[count] = Int32(truncatingIfNeeded: t)
                count += 1
                bits &= bits - 1
            }
        }
        kernels.winogradTransformInput(padded: padded, paddedWidth: pw, channels: c,
                                       tiles: tiles, count: count, tilesX: pooledW,
                                       planeRows: count, into: transformed)
        matrix.multiplyPlanes(count: 16, rows: count, columns: o, depth: c,
                              a: transformed, aRowStride: c, aPlaneStride: count * c,
                              b: weights, bRowStride: o, bPlaneStride: c * o,
                              c: products, ldc: o, cPlaneStride: count * o, accumulate: false)
        kernels.winogradTransformOutputReLUMaxPool(m: products, tiles: tiles, count: count,
                                                   outputs: o, bias: bias, into: out)
    case .winogradF3:
        precondition(active == nil, "Winograd F(3×3, 3×3) computes every window.")
        let (tilesY, tilesX) = (pooledH * 2 / 3, pooledW * 2 / 3)
        let count = tilesY * tilesX
        kernels.winogradF3TransformInput(padded: padded, paddedWidth: pw, channels: c,
                                         tilesY: tilesY, tilesX: tilesX, into: transformed)
        matrix.multiplyPlanes(count: 25, rows: count, columns: o, depth: c,
                              a: transformed, aRowStride: c, aPlaneStride: count * c,
                              b: weights, bRowStride: o, bPlaneStride: c * o,
                              c: products, ldc: o, cPlaneStride: count * o, accumulate: false)
        kernels.winogradF3TransformOutputReLUMaxPool(
            m: products, tilesY: tilesY, tilesX: tilesX, outputs: o, bias: bias,
            unpooled: unpooled, into: out)
    }
}
