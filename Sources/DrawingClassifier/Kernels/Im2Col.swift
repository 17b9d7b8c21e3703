/// Image patches as the rows of a matrix, channels last, so that a convolution of one
/// example is one matrix product (and folding patch gradients back is its adjoint).
///
/// The example is first copied inside a zero border, channels last:
/// padded [H + 2·padding, W + 2·padding, C]. Row (y, x) of the patch matrix
/// [H'·W', k·k·C] is then k runs of k·C contiguous floats (padded rows y…y+k−1, from column
/// x on), in (ky, kx, c) order: no bounds checks and no scattered reads. Stride 1,
/// H' = H + 2·padding − k + 1.
///
/// With patches as rows, the products of `Conv2D` have the pixels as rows and the channels
/// (16, 32, 64: whole vectors) as columns, and every operand is one example's worth of data,
/// small enough to stay in cache.
enum Im2Col {
    /// Writes example `x` [C, H, W] into the inside of `padded` [H + 2p, W + 2p, C]; the
    /// border is not touched (callers keep it zero).
    static func pad(_ x: UnsafePointer<Float>, channels c: Int, height h: Int, width w: Int,
                    padding p: Int, into padded: UnsafeMutablePointer<Float>) {
        let pw = w + 2 * p, plane = h * w
        for y in 0..<h {
            let row = padded + ((y + p) * pw + p) * c
            if c == 1 {
                copyFloats(from: x + y * w, to: row, count: w)
                continue
            }
            for xi in 0..<w {
                let source = x + y * w + xi, target = row + xi * c
                for ci in 0..<c { target[ci] = source[ci * plane] }
            }
        }
    }

    /// The adjoint of `pad`: x [C, H, W] = the inside of `padded` (the border is dropped).
    static func unpad(_ padded: UnsafePointer<Float>, channels c: Int, height h: Int,
                      width w: Int, padding p: Int, into x: UnsafeMutablePointer<Float>) {
        let pw = w + 2 * p, plane = h * w
        for y in 0..<h {
            let row = padded + ((y + p) * pw + p) * c
            if c == 1 {
                copyFloats(from: row, to: x + y * w, count: w)
                continue
            }
            for xi in 0..<w {
                let source = row + xi * c, target = x + y * w + xi
                for ci in 0..<c { target[ci * plane] = source[ci] }
            }
        }
    }

    /// patches [H'·W', k·k·C] from `padded` [H', W'] + (k − 1) rows and columns, C channels.
    static func unfold(padded: UnsafePointer<Float>, channels c: Int, paddedWidth pw: Int,
                       outputHeight oh: Int, outputWidth ow: Int, kernelSize k: Int,
                       into patches: UnsafeMutablePointer<Float>) {
        let run = k * c
        var dst = patches
        for y in 0..<oh {
            for x in 0..<ow {
                for ky in 0..<k {
                    let src = padded + ((y + ky) * pw + x) * c
                    if run == 3 {  // a 3×3 kernel on one channel: too short for a loop
                        dst[0] = src[0]; dst[1] = src[1]; dst[2] = src[2]
                    } else {
                        copyFloats(from: src, to: dst, count: run)
                    }
                    dst += run
                }
            }
        }
    }

    /// The adjoint of `unfold`: `padded` [H' + k − 1, W' + k − 1, C] is overwritten with the
    /// sum of every patch entry at the pixel it came from.
    static func fold(patches: UnsafePointer<Float>, channels c: Int, paddedHeight ph: Int,
                     paddedWidth pw: Int, outputHeight oh: Int, outputWidth ow: Int,
                     kernelSize k: Int, into padded: UnsafeMutablePointer<Float>) {
        padded.update(repeating: 0, count: ph * pw * c)
        let run = k * c
        var src = patches
        for y in 0..<oh {
            for x in 0..<ow {
                for ky in 0..<k {
                    addFloats(src, into: padded + ((y + ky) * pw + x) * c, count: run)
                    src += run
                }
            }
        }
    }

    /// target[0..<count] += source[0..<count].
    @inline(__always)
    private static func addFloats(_ source: UnsafePointer<Float>,
                                  into target: UnsafeMutablePointer<Float>, count: Int) {
        let s = UnsafeRawPointer(source), t = UnsafeMutableRawPointer(target)
        var i = 0
        while i + 8 <= count {
            let sum = t.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
                + s.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
            t.storeBytes(of: sum, toByteOffset: 4 * i, as: SIMD8<Float>.self)
            i += 8
        }
        while i < count {
            target[i] += source[i]
            i += 1
        }
    }
}
