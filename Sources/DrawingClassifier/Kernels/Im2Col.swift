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
        if c == 1 {
            for y in 0..<h {
                copyFloats(from: x + y * w, to: padded + (y + p) * (w + 2 * p) + p, count: w)
            }
            return
        }
        // Four pixels at a time: a vector from each of four channel planes, transposed in
        // registers into four pixels' channels (one scalar load per value was the cost).
        let plane = h * w
        var pixels = PaddedPixels(width: w, padding: p, channels: c)
        var i = 0
        while i < plane {
            let rows = (padded + pixels.next(), padded + pixels.next(),
                        padded + pixels.next(), padded + pixels.next())
            var ci = 0
            while i + 4 <= plane && ci + 4 <= c {
                let source = x + (ci &* plane &+ i)
                let t = transpose4(load4(source), load4(source + plane),
                                   load4(source + 2 &* plane), load4(source + 3 &* plane))
                store4(t.0, rows.0 + ci); store4(t.1, rows.1 + ci)
                store4(t.2, rows.2 + ci); store4(t.3, rows.3 + ci)
                ci &+= 4
            }
            for j in 0..<min(4, plane - i) where ci < c {  // channels left, or last pixels
                let row = padded + pixels.offset(of: i + j)
                for cj in ci..<c { row[cj] = x[cj &* plane &+ i &+ j] }
            }
            i &+= 4
        }
    }

    /// The adjoint of `pad`: x [C, H, W] = the inside of `padded` (the border is dropped),
    /// plus `bias[ci]` on channel ci when a bias is given.
    static func unpad(_ padded: UnsafePointer<Float>, channels c: Int, height h: Int,
                      width w: Int, padding p: Int, addingBias bias: UnsafePointer<Float>? = nil,
                      into x: UnsafeMutablePointer<Float>) {
        if c == 1 && bias == nil {
            for y in 0..<h {
                copyFloats(from: padded + (y + p) * (w + 2 * p) + p, to: x + y * w, count: w)
            }
            return
        }
        let plane = h * w
        var pixels = PaddedPixels(width: w, padding: p, channels: c)
        var i = 0
        while i < plane {
            let rows = (padded + pixels.next(), padded + pixels.next(),
                        padded + pixels.next(), padded + pixels.next())
            var ci = 0
            while i + 4 <= plane && ci + 4 <= c {
                var t = transpose4(load4(rows.0 + ci), load4(rows.1 + ci),
                                   load4(rows.2 + ci), load4(rows.3 + ci))
                if let bias {
                    t.0 += SIMD4(repeating: bias[ci]); t.1 += SIMD4(repeating: bias[ci + 1])
                    t.2 += SIMD4(repeating: bias[ci + 2]); t.3 += SIMD4(repeating: bias[ci + 3])
                }
                let target = x + (ci &* plane &+ i)
                store4(t.0, target); store4(t.1, target + plane)
                store4(t.2, target + 2 &* plane); store4(t.3, target + 3 &* plane)
                ci &+= 4
            }
            for j in 0..<min(4, plane - i) where ci < c {  // channels left, or last pixels
                let row = padded + pixels.offset(of: i + j)
                for cj in ci..<c {
                    x[cj &* plane &+ i &+ j] = bias.map { row[cj] + $0[cj] } ?? row[cj]
                }
            }
            i &+= 4
        }
    }

    /// Offsets in `padded` [H + 2p, W + 2p, C] of the inside pixels, in row-major order
    /// (past the last pixel: offsets that are never used).
    private struct PaddedPixels {
        let width: Int, padding: Int, channels: Int
        private var y = 0, x = 0

        init(width: Int, padding: Int, channels: Int) {
            (self.width, self.padding, self.channels) = (width, padding, channels)
        }

        /// The offset of inside pixel `i` (row-major).
        func offset(of i: Int) -> Int {
            ((i / width + padding) * (width + 2 * padding) + i % width + padding) * channels
        }

        /// The next pixel's offset.
        @inline(__always)
        mutating func next() -> Int {
            let offset = ((y &+ padding) &* (width &+ 2 &* padding) &+ x &+ padding) &* channels
            x &+= 1
            if x == width { (x, y) = (0, y &+ 1) }
            return offset
        }
    }

    /// The transpose of the 4×4 matrix with rows a, b, c, d.
    @inline(__always)
    private static func transpose4(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>,
                                   _ d: SIMD4<Float>)
        -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        let ab = SIMD8(lowHalf: a, highHalf: b), cd = SIMD8(lowHalf: c, highHalf: d)
        // a0 a2 b0 b2 c0 c2 d0 d2 and a1 a3 b1 b3 c1 c3 d1 d3
        let even = SIMD8(lowHalf: ab.evenHalf, highHalf: cd.evenHalf)
        let odd = SIMD8(lowHalf: ab.oddHalf, highHalf: cd.oddHalf)
        return (even.evenHalf, odd.evenHalf, even.oddHalf, odd.oddHalf)
    }

    @inline(__always)
    private static func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
    }

    @inline(__always)
    private static func store4(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
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
    ///
    /// Each padded pixel gathers its (up to k·k) entries in registers and is written once,
    /// instead of being zeroed and then updated k·k times in memory. The entries are added
    /// in the order of their patches (row-major), as a scatter over the patches would.
    static func fold(patches: UnsafePointer<Float>, channels c: Int, paddedHeight ph: Int,
                     paddedWidth pw: Int, outputHeight oh: Int, outputWidth ow: Int,
                     kernelSize k: Int, into padded: UnsafeMutablePointer<Float>) {
        let depth = k &* k &* c
        for y in 0..<ph {
            // Patch rows y − ky and columns x − kx that exist; later patches have smaller ky.
            let kyRange = max(0, y - oh + 1)...min(k - 1, y)
            for x in 0..<pw {
                let kxRange = max(0, x - ow + 1)...min(k - 1, x)
                let target = padded + (y &* pw &+ x) &* c
                // The entry of tap (ky, kx), channel ci, is
                // patches[((y − ky)·W' + x − kx)·depth + (ky·k + kx)·C + ci].
                let base = patches + ((y &* ow &+ x) &* depth)
                let stepY = depth &* ow &- k &* c, stepX = depth &- c
                var ci = 0
                while ci + 16 <= c {  // 16 channels a pass: fewer passes over the taps
                    var sum = SIMD16<Float>()
                    for ky in kyRange.reversed() {
                        for kx in kxRange.reversed() {
                            let entry = base - (ky &* stepY &+ kx &* stepX) + ci
                            sum += UnsafeRawPointer(entry).loadUnaligned(as: SIMD16<Float>.self)
                        }
                    }
                    UnsafeMutableRawPointer(target + ci)
                        .storeBytes(of: sum, as: SIMD16<Float>.self)
                    ci += 16
                }
                while ci + 8 <= c {
                    var sum = SIMD8<Float>()
                    for ky in kyRange.reversed() {
                        for kx in kxRange.reversed() {
                            let entry = base - (ky &* stepY &+ kx &* stepX) + ci
                            sum += UnsafeRawPointer(entry).loadUnaligned(as: SIMD8<Float>.self)
                        }
                    }
                    UnsafeMutableRawPointer(target + ci)
                        .storeBytes(of: sum, as: SIMD8<Float>.self)
                    ci += 8
                }
                while ci < c {
                    var sum: Float = 0
                    for ky in kyRange.reversed() {
                        for kx in kxRange.reversed() {
                            sum += (base - (ky &* stepY &+ kx &* stepX))[ci]
                        }
                    }
                    target[ci] = sum
                    ci += 1
                }
            }
        }
    }
}
