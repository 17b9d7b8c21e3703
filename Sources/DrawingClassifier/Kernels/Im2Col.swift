/// Unfolds image patches into the columns of a matrix so that a convolution becomes one
/// matrix product (and folds them back for the input gradient).
///
/// input [N, C, H, W] → columns [C·k·k, N·H'·W'] (row r = (c, ky, kx), column = (n, y, x)),
/// with columns[(c, ky, kx), (n, y, x)] = input[n, c, y + ky − padding, x + kx − padding],
/// or 0 outside the image. Stride 1, H' = H + 2·padding − k + 1.
enum Im2Col {
    static func unfold(input: UnsafePointer<Float>, batch n: Int, channels c: Int,
                       height h: Int, width w: Int, kernelSize k: Int, padding: Int,
                       into columns: UnsafeMutablePointer<Float>) {
        let oh = h + 2 * padding - k + 1, ow = w + 2 * padding - k + 1
        let planeOut = oh * ow, rowLength = n * planeOut
        for ci in 0..<c {
            for ky in 0..<k {
                for kx in 0..<k {
                    let row = columns + ((ci * k + ky) * k + kx) * rowLength
                    // Output x range whose input x = x + kx − padding lies inside [0, w).
                    let xStart = max(0, padding - kx), xEnd = min(ow, w + padding - kx)
                    for s in 0..<n {
                        let plane = input + (s * c + ci) * h * w
                        let outPlane = row + s * planeOut
                        for y in 0..<oh {
                            let dst = outPlane + y * ow
                            let iy = y + ky - padding
                            guard iy >= 0, iy < h, xStart < xEnd else {
                                dst.update(repeating: 0, count: ow)
                                continue
                            }
                            let src = plane + iy * w + (kx - padding)
                            for x in 0..<xStart { dst[x] = 0 }
                            copyFloats(from: src + xStart, to: dst + xStart,
                                       count: xEnd - xStart)
                            for x in xEnd..<ow { dst[x] = 0 }
                        }
                    }
                }
            }
        }
    }

    /// The adjoint of `unfold`: adds every column entry back onto the input pixel it came
    /// from. `inputGrad` [N, C, H, W] is overwritten.
    static func fold(columns: UnsafePointer<Float>, batch n: Int, channels c: Int,
                     height h: Int, width w: Int, kernelSize k: Int, padding: Int,
                     into inputGrad: UnsafeMutablePointer<Float>) {
        let oh = h + 2 * padding - k + 1, ow = w + 2 * padding - k + 1
        let planeOut = oh * ow, rowLength = n * planeOut
        inputGrad.update(repeating: 0, count: n * c * h * w)
        for ci in 0..<c {
            for ky in 0..<k {
                for kx in 0..<k {
                    let row = columns + ((ci * k + ky) * k + kx) * rowLength
                    let xStart = max(0, padding - kx), xEnd = min(ow, w + padding - kx)
                    guard xStart < xEnd else { continue }
                    for s in 0..<n {
                        let plane = inputGrad + (s * c + ci) * h * w
                        let outPlane = row + s * planeOut
                        for y in 0..<oh {
                            let iy = y + ky - padding
                            guard iy >= 0, iy < h else { continue }
                            let src = outPlane + y * ow
                            let dst = plane + iy * w + (kx - padding)
                            for x in xStart..<xEnd { dst[x] += src[x] }
                        }
                    }
                }
            }
        }
    }
}
