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

/// dW[o, c, 0..<3, 0..<3] += Gᵀ M[c, o] G for the transformed weight gradient
/// M [16, C, O] (ξ = 4·row + column of the 4×4 tile) of `convolutionBackward`'s Winograd path:
///
///     Gᵀ = | 1  ½  ½  0 |
///          | 0  ½ −½  0 |
///          | 0  ½  ½  1 |
func addWinogradWeightGradient(_ m: UnsafePointer<Float>, channels c: Int, outputs o: Int,
                               into dw: UnsafeMutablePointer<Float>) {
    typealias V = SIMD8<Float>
    precondition(o % V.scalarCount == 0, "the outputs must fill whole vectors")
    let plane = c * o
    let source = UnsafeRawPointer(m)
    @inline(__always) func reduce(_ v0: V, _ v1: V, _ v2: V, _ v3: V) -> (V, V, V) {
        let (sum, difference) = (0.5 * (v1 + v2), 0.5 * (v1 - v2))
        return (v0 + sum, difference, sum + v3)
    }
    for ci in 0..<c {
        // Eight outputs at a time.
        for co0 in stride(from: 0, to: o, by: V.scalarCount) {
            let at = ci * o + co0
            @inline(__always) func x(_ i: Int, _ j: Int) -> V {
                source.loadUnaligned(fromByteOffset: 4 * ((4 * i + j) * plane + at), as: V.self)
            }
            // Gᵀ M, one column at a time: r[a][j].
            let (r00, r10, r20) = reduce(x(0, 0), x(1, 0), x(2, 0), x(3, 0))
            let (r01, r11, r21) = reduce(x(0, 1), x(1, 1), x(2, 1), x(3, 1))
            let (r02, r12, r22) = reduce(x(0, 2), x(1, 2), x(2, 2), x(3, 2))
            let (r03, r13, r23) = reduce(x(0, 3), x(1, 3), x(2, 3), x(3, 3))
            // (Gᵀ M) G, one row at a time, added to dW[co0 + lane, ci, a, 0..<3].
            @inline(__always) func add(_ a: Int, _ row: (V, V, V)) {
                for lane in 0..<V.scalarCount {
                    let target = dw + ((co0 + lane) * c + ci) * 9 + 3 * a
                    target[0] += row.0[lane]
                    target[1] += row.1[lane]
                    target[2] += row.2[lane]
                }
            }
            add(0, reduce(r00, r01, r02, r03))
            add(1, reduce(r10, r11, r12, r13))
            add(2, reduce(r20, r21, r22, r23))
        }
    }
}
