/// Unfolds image patches into the columns of a matrix so that a convolution becomes one
/// matrix product (and folds them back for the input gradient).
///
/// input [N, C, H, W] → columns [C·k·k, N·H'·W'] (row r = (c, ky, kx), column = (n, y, x)),
/// with columns[(c, ky, kx), (n, y, x)] = input[n, c, y + ky − padding, x + kx − padding],
/// or 0 outside the image. Stride 1, H' = H + 2·padding − k + 1.
///
/// For "same" convolutions (H' = H, W' = W) each (c, ky, kx, n) slice of a row is the input
/// plane shifted by (ky − padding)·W + (kx − padding): one long copy, then the few entries
/// that wrapped around a row edge are zeroed. Short per-row copies (7 floats in the last
/// layer) cost more in loop overhead than in data.
enum Im2Col {
    static func unfold(input: UnsafePointer<Float>, batch n: Int, channels c: Int,
                       height h: Int, width w: Int, kernelSize k: Int, padding: Int,
                       into columns: UnsafeMutablePointer<Float>) {
        let oh = h + 2 * padding - k + 1, ow = w + 2 * padding - k + 1
        let planeOut = oh * ow, rowLength = n * planeOut
        if oh == h && ow == w {
            for ci in 0..<c {
                for ky in 0..<k {
                    for kx in 0..<k {
                        let row = columns + ((ci * k + ky) * k + kx) * rowLength
                        for s in 0..<n {
                            unfoldSamePlane(input + (s * c + ci) * h * w, into: row + s * planeOut,
                                            height: h, width: w, dy: ky - padding,
                                            dx: kx - padding)
                        }
                    }
                }
            }
            return
        }
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

    /// out[y, x] = plane[y + dy, x + dx], or 0 outside the plane (both h×w).
    @inline(__always)
    private static func unfoldSamePlane(_ plane: UnsafePointer<Float>,
                                        into out: UnsafeMutablePointer<Float>,
                                        height h: Int, width w: Int, dy: Int, dx: Int) {
        let yStart = max(0, -dy), yEnd = min(h, h - dy)
        guard yStart < yEnd, abs(dx) < w else {
            out.update(repeating: 0, count: h * w)
            return
        }
        out.update(repeating: 0, count: yStart * w)
        (out + yEnd * w).update(repeating: 0, count: (h - yEnd) * w)
        // One shifted copy of rows yStart..<yEnd, leaving out the |dx| entries at either end
        // that would be read from outside the plane; those positions are wrapped ones and are
        // zeroed below with the others.
        let first = yStart * w + max(0, -dx), last = yEnd * w - max(0, dx)
        copyFloats(from: plane + (first + dy * w + dx), to: out + first, count: last - first)
        for y in yStart..<yEnd {
            let line = out + y * w
            for x in 0..<max(0, -dx) { line[x] = 0 }
            for x in (w - max(0, dx))..<w { line[x] = 0 }
        }
    }

    /// The adjoint of `unfold`: adds every column entry back onto the input pixel it came
    /// from. `inputGrad` [N, C, H, W] is overwritten. Same-convolution rows are added in one
    /// long run per slice after zeroing the entries that wrapped around a row edge (the
    /// column buffer is scratch by then), so every pixel receives exactly the terms of the
    /// naive loop, in the same (c, ky, kx) order.
    static func fold(columns: UnsafeMutablePointer<Float>, batch n: Int, channels c: Int,
                     height h: Int, width w: Int, kernelSize k: Int, padding: Int,
                     into inputGrad: UnsafeMutablePointer<Float>) {
        let oh = h + 2 * padding - k + 1, ow = w + 2 * padding - k + 1
        let planeOut = oh * ow, rowLength = n * planeOut
        inputGrad.update(repeating: 0, count: n * c * h * w)
        if oh == h && ow == w {
            for ci in 0..<c {
                for ky in 0..<k {
                    for kx in 0..<k {
                        let row = columns + ((ci * k + ky) * k + kx) * rowLength
                        let (dy, dx) = (ky - padding, kx - padding)
                        let yStart = max(0, -dy), yEnd = min(h, h - dy)
                        guard yStart < yEnd, abs(dx) < w else { continue }
                        let first = yStart * w + max(0, -dx), last = yEnd * w - max(0, dx)
                        for s in 0..<n {
                            let slice = row + s * planeOut
                            for y in yStart..<yEnd {
                                let line = slice + y * w
                                for x in 0..<max(0, -dx) { line[x] = 0 }
                                for x in (w - max(0, dx))..<w { line[x] = 0 }
                            }
                            let target = inputGrad + (s * c + ci) * h * w + (dy * w + dx)
                            for i in first..<last { target[i] += slice[i] }
                        }
                    }
                }
            }
            return
        }
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
