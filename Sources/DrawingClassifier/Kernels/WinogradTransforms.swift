import MatrixKernels
import MatrixKernelsAVX2
import MatrixKernelsAVX512

/// The Winograd F(2×2, 3×3) transforms (Sources/MatrixKernels/WinogradKernel.swift, where the
/// method is described) in the copy that `path` selects, and the weight transform, done once.
/// `InferencePlan` uses them for a 3×3 convolution followed by ReLU and a 2×2 max-pool;
/// `NaiveKernels.convolution` (through the layers) is the reference its tests compare with.
struct WinogradTransforms {
    var path: KernelPath

    /// Channel counts must be multiples of this on this path.
    var vectorWidth: Int {
        switch path {
        case .portable: MatrixKernels.WinogradKernel.vectorWidth
        case .avx2: MatrixKernelsAVX2.WinogradKernel.vectorWidth
        case .avx512: MatrixKernelsAVX512.WinogradKernel.vectorWidth
        }
    }

    /// U[ξ][c][o] = (G g Gᵀ)[ξ] for weights g `[O, C, 3, 3]`: the right-hand matrices of the
    /// 16 products, row-major. Summed in Double, rounded once.
    static func transformWeights(_ weights: [Float], inputs c: Int, outputs o: Int) -> [Float] {
        precondition(weights.count == o * c * 9, "Winograd F(2×2, 3×3) needs 3×3 weights.")
        let g: [[Double]] = [[1, 0, 0], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5], [0, 0, 1]]
        var u = [Float](repeating: 0, count: 16 * c * o)
        for oc in 0..<o {
            for ic in 0..<c {
                let kernel = (oc * c + ic) * 9
                for i in 0..<4 {
                    for j in 0..<4 {
                        var sum = 0.0
                        for a in 0..<3 {
                            for b in 0..<3 {
                                sum += g[i][a] * Double(weights[kernel + 3 * a + b]) * g[j][b]
                            }
                        }
                        u[((4 * i + j) * c + ic) * o + oc] = Float(sum)
                    }
                }
            }
        }
        return u
    }

    func transformInput(padded: UnsafePointer<Float>, paddedWidth pw: Int, channels c: Int,
                        tiles: UnsafePointer<Int32>, count: Int, tilesX: Int,
                        into v: UnsafeMutablePointer<Float>) {
        switch path {
        case .portable:
            MatrixKernels.WinogradKernel.transformInput(
                padded: padded, paddedWidth: pw, channels: c, tiles: tiles, count: count,
                tilesX: tilesX, into: v)
        case .avx2:
            MatrixKernelsAVX2.WinogradKernel.transformInput(
                padded: padded, paddedWidth: pw, channels: c, tiles: tiles, count: count,
                tilesX: tilesX, into: v)
        case .avx512:
            MatrixKernelsAVX512.WinogradKernel.transformInput(
                padded: padded, paddedWidth: pw, channels: c, tiles: tiles, count: count,
                tilesX: tilesX, into: v)
        }
    }

    func transformOutputReLUMaxPool(m: UnsafePointer<Float>, tiles: UnsafePointer<Int32>,
                                    count: Int, outputs o: Int, bias: UnsafePointer<Float>,
                                    into out: UnsafeMutablePointer<Float>) {
        switch path {
        case .portable:
            MatrixKernels.WinogradKernel.transformOutputReLUMaxPool(
                m: m, tiles: tiles, count: count, outputs: o, bias: bias, into: out)
        case .avx2:
            MatrixKernelsAVX2.WinogradKernel.transformOutputReLUMaxPool(
                m: m, tiles: tiles, count: count, outputs: o, bias: bias, into: out)
        case .avx512:
            MatrixKernelsAVX512.WinogradKernel.transformOutputReLUMaxPool(
                m: m, tiles: tiles, count: count, outputs: o, bias: bias, into: out)
        }
    }
}
