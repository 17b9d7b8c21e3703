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
func winogradConvolution(
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
