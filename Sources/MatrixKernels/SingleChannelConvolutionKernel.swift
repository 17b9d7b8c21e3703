// ONE source, compiled three times like MatrixProductKernel.swift (see there); the
// MatrixKernelsAVX2 and MatrixKernelsAVX512 folders hold symlinks to this file.

/// Direct convolution of a single-channel image (the first layer of a drawing classifier:
/// 1 input channel, 3×3 kernel). As a matrix product it would have a depth of only k·k = 9
/// and need its patches copied out first; here each output is computed in registers from
/// the zero-bordered image, `vectorWidth` pixels or channels at a time.
///
/// `padded` is the image inside a border of zeros: (H' + k − 1) rows of `paddedWidth`
/// floats, output pixel (y, x) covering padded rows y…y+k−1, columns x…x+k−1. Weights are
/// `[O, k, k]`, as in Conv2D.
public enum SingleChannelConvolutionKernel {
#if KERNELS_AVX512 && arch(x86_64)
    typealias V = SIMD16<Float>
#else
    typealias V = SIMD8<Float>
#endif
    /// Floats per vector: rows of at least this many pixels, or this many channels, are
    /// computed in vectors.
    public static var vectorWidth: Int { V.scalarCount }

    @inline(__always)
    static func multiplyAdd(_ accumulator: inout V, _ a: V, _ b: V) {
#if (KERNELS_AVX512 || KERNELS_AVX2) && arch(x86_64)
        accumulator.addProduct(a, b)
#else
        accumulator += a * b  // no FMA in a baseline build (see MatrixProductKernel)
#endif
    }

    /// out[o, y, x] = bias[o] + Σ w[o, ky, kx] · padded[y + ky, x + kx], channels first
    /// ([O, H', W']). Needs W' ≥ `vectorWidth`. Four output channels at a time: four
    /// independent sums (one alone would wait on each multiply-add's latency) that share
    /// every image load.
    public static func forward(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, weights w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, into out: UnsafeMutablePointer<Float>
    ) {
        precondition(ow >= V.scalarCount, "rows must be at least one vector wide")
        let last = ow - V.scalarCount, taps = k * k
        var c0 = 0
        while c0 < o {
            // Channels c0…c0+3; past the end, the last channel is computed again (its
            // stores repeat the same values).
            let c1 = min(c0 + 1, o - 1), c2 = min(c0 + 2, o - 1), c3 = min(c0 + 3, o - 1)
            let (w0, w1, w2, w3) = (w + c0 * taps, w + c1 * taps, w + c2 * taps, w + c3 * taps)
            for y in 0..<oh {
                var x0 = 0
                while true {
                    let start = min(x0, last)  // the last vector may overlap the one before
                    var s0 = V(repeating: bias[c0]), s1 = V(repeating: bias[c1])
                    var s2 = V(repeating: bias[c2]), s3 = V(repeating: bias[c3])
                    for ky in 0..<k {
                        let row = UnsafeRawPointer(padded + (y + ky) * pw + start)
                        for kx in 0..<k {
                            let pixels = row.loadUnaligned(fromByteOffset: 4 * kx, as: V.self)
                            let t = ky * k + kx
                            multiplyAdd(&s0, V(repeating: w0[t]), pixels)
                            multiplyAdd(&s1, V(repeating: w1[t]), pixels)
                            multiplyAdd(&s2, V(repeating: w2[t]), pixels)
                            multiplyAdd(&s3, V(repeating: w3[t]), pixels)
                        }
                    }
                    let target = UnsafeMutableRawPointer(out + y * ow + start)
                    let plane = 4 * oh * ow
                    target.storeBytes(of: s0, toByteOffset: c0 * plane, as: V.self)
                    target.storeBytes(of: s1, toByteOffset: c1 * plane, as: V.self)
                    target.storeBytes(of: s2, toByteOffset: c2 * plane, as: V.self)
                    target.storeBytes(of: s3, toByteOffset: c3 * plane, as: V.self)
                    if start == last { break }
                    x0 += V.scalarCount
                }
            }
            c0 += 4
        }
    }

    /// out[y, x, o] = bias[o] + Σ w[o, ky, kx] · padded[y + ky, x + kx], channels last
    /// ([H', W', O]), with `weightsByTap` = w as [k·k, O]. Needs O to be a multiple of
    /// `vectorWidth`. Four pixels of a row at a time (four independent sums).
    public static func forwardChannelsLast(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, weightsByTap w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, into out: UnsafeMutablePointer<Float>
    ) {
        precondition(o % V.scalarCount == 0, "the channels must fill whole vectors")
        let wr = UnsafeRawPointer(w), br = UnsafeRawPointer(bias)
        for c0 in stride(from: 0, to: o, by: V.scalarCount) {
            let b = br.loadUnaligned(fromByteOffset: 4 * c0, as: V.self)
            for y in 0..<oh {
                var x = 0
                while x < ow {
                    // Pixels x…x+3 of the row; past its end, the last one again.
                    let x1 = min(x + 1, ow - 1), x2 = min(x + 2, ow - 1), x3 = min(x + 3, ow - 1)
                    var s0 = b, s1 = b, s2 = b, s3 = b
                    for ky in 0..<k {
                        let row = padded + (y + ky) * pw
                        for kx in 0..<k {
                            let tap = wr.loadUnaligned(fromByteOffset: 4 * ((ky * k + kx) * o + c0),
                                                       as: V.self)
                            multiplyAdd(&s0, V(repeating: row[x + kx]), tap)
                            multiplyAdd(&s1, V(repeating: row[x1 + kx]), tap)
                            multiplyAdd(&s2, V(repeating: row[x2 + kx]), tap)
                            multiplyAdd(&s3, V(repeating: row[x3 + kx]), tap)
                        }
                    }
                    let target = out + y * ow * o + c0
                    UnsafeMutableRawPointer(target + x * o).storeBytes(of: s0, as: V.self)
                    UnsafeMutableRawPointer(target + x1 * o).storeBytes(of: s1, as: V.self)
                    UnsafeMutableRawPointer(target + x2 * o).storeBytes(of: s2, as: V.self)
                    UnsafeMutableRawPointer(target + x3 * o).storeBytes(of: s3, as: V.self)
                    x += 4
                }
            }
        }
    }

    /// `forwardChannelsLast`, then ReLU and a 2×2 max-pool, in one pass: out[py, px, o] =
    /// max(0, bias[o] + the largest of the four sums of pixels (2py + dy, 2px + dx)), for
    /// `pooledHeight` × `pooledWidth` windows. Needs O to be a multiple of `vectorWidth`.
    /// Two windows at a time: eight independent sums. With `activeWindows` (bit px of word py
    /// for window (py, px)), a pair of windows whose bits are both clear is left out: those
    /// outputs are not written.
    public static func forwardChannelsLastReLUMaxPool(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, pooledHeight ph: Int,
        pooledWidth pooledW: Int, kernelSize k: Int, weightsByTap w: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, outputs o: Int, activeWindows: UnsafePointer<UInt64>?,
        into out: UnsafeMutablePointer<Float>
    ) {
        precondition(o % V.scalarCount == 0, "the channels must fill whole vectors")
        let wr = UnsafeRawPointer(w), br = UnsafeRawPointer(bias)
        @inline(__always) func larger(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .> a) }
        for c0 in stride(from: 0, to: o, by: V.scalarCount) {
            let b = br.loadUnaligned(fromByteOffset: 4 * c0, as: V.self)
            for py in 0..<ph {
                var px = 0
                while px < pooledW {
                    // Windows px and px + 1 (past the row's end, px again); pixel columns
                    // x…x+1 and x2…x2+1.
                    let x = 2 * px, x2 = 2 * min(px + 1, pooledW - 1)
                    if let activeWindows, (activeWindows[py] &>> px) & 3 == 0 {
                        px += 2
                        continue
                    }
                    var a00 = V(), a01 = V(), a10 = V(), a11 = V()
                    var b00 = V(), b01 = V(), b10 = V(), b11 = V()
                    // Wrapping arithmetic: indices stay inside the buffers, and overflow
                    // checks would cost as much as the multiply-adds here.
                    var taps = wr + 4 &* c0
                    for ky in 0..<k {
                        let top = padded + ((2 &* py &+ ky) &* pw &+ x), bottom = top + pw
                        let top2 = top + (x2 &- x), bottom2 = bottom + (x2 &- x)
                        for kx in 0..<k {
                            let tap = taps.loadUnaligned(as: V.self)
                            multiplyAdd(&a00, V(repeating: top[kx]), tap)
                            multiplyAdd(&a01, V(repeating: top[kx &+ 1]), tap)
                            multiplyAdd(&a10, V(repeating: bottom[kx]), tap)
                            multiplyAdd(&a11, V(repeating: bottom[kx &+ 1]), tap)
                            multiplyAdd(&b00, V(repeating: top2[kx]), tap)
                            multiplyAdd(&b01, V(repeating: top2[kx &+ 1]), tap)
                            multiplyAdd(&b10, V(repeating: bottom2[kx]), tap)
                            multiplyAdd(&b11, V(repeating: bottom2[kx &+ 1]), tap)
                            taps += 4 &* o
                        }
                    }
                    // The bias after the maximum: max(a + b, c + b) = max(a, c) + b exactly.
                    let first = larger(larger(a00, a01), larger(a10, a11)) + b
                    let second = larger(larger(b00, b01), larger(b10, b11)) + b
                    let row = out + py * pooledW * o + c0
                    UnsafeMutableRawPointer(row + px * o).storeBytes(
                        of: first.replacing(with: 0, where: first .< 0), as: V.self)
                    UnsafeMutableRawPointer(row + (x2 / 2) * o).storeBytes(
                        of: second.replacing(with: 0, where: second .< 0), as: V.self)
                    px += 2
                }
            }
        }
    }

    /// dw[o, ky, kx] += Σ dy[o, y, x] · padded[y + ky, x + kx], with dy channels first
    /// ([O, H', W']). Needs W' ≥ `vectorWidth`. Four taps at a time (independent sums that
    /// share the gradient loads), summed in a fixed order.
    public static func weightGradient(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, outputHeight oh: Int,
        outputWidth ow: Int, kernelSize k: Int, outputGradient dy: UnsafePointer<Float>,
        outputs o: Int, into dw: UnsafeMutablePointer<Float>
    ) {
        precondition(ow >= V.scalarCount, "rows must be at least one vector wide")
        let width = V.scalarCount, last = ow - width, taps = k * k
        // The last vector of a row overlaps the one before; its first lanes are masked off.
        let overlap = (width - ow % width) % width
        var lanes = V()
        for lane in 0..<width { lanes[lane] = Float(lane) }
        let tailMask = lanes .< V(repeating: Float(overlap))
        if k == 3 {
            // All nine taps at once: nine independent sums (enough to fill both FMA pipes;
            // four were half of it), each the same sequence of multiply-adds as below, so
            // the same bits.
            for co in 0..<o {
                var s = (V(), V(), V(), V(), V(), V(), V(), V(), V())
                for y in 0..<oh {
                    let gradient = UnsafeRawPointer(dy + (co * oh + y) * ow)
                    var x0 = 0
                    while x0 < ow {
                        let start = min(x0, last)
                        var g = gradient.loadUnaligned(fromByteOffset: 4 * start, as: V.self)
                        if start < x0 { g = g.replacing(with: 0, where: tailMask) }
                        let image = UnsafeRawPointer(padded + y * pw + start)
                        @inline(__always) func tap(_ sum: inout V, _ ky: Int, _ kx: Int) {
                            multiplyAdd(&sum, g, image.loadUnaligned(
                                fromByteOffset: 4 * (ky * pw + kx), as: V.self))
                        }
                        tap(&s.0, 0, 0); tap(&s.1, 0, 1); tap(&s.2, 0, 2)
                        tap(&s.3, 1, 0); tap(&s.4, 1, 1); tap(&s.5, 1, 2)
                        tap(&s.6, 2, 0); tap(&s.7, 2, 1); tap(&s.8, 2, 2)
                        x0 += width
                    }
                }
                let row = dw + co * 9
                row[0] += s.0.sum(); row[1] += s.1.sum(); row[2] += s.2.sum()
                row[3] += s.3.sum(); row[4] += s.4.sum(); row[5] += s.5.sum()
                row[6] += s.6.sum(); row[7] += s.7.sum(); row[8] += s.8.sum()
            }
            return
        }
        for co in 0..<o {
            var t0 = 0
            while t0 < taps {
                // Taps t0…t0+3; past the last tap, the last one again (not stored twice).
                let t1 = min(t0 + 1, taps - 1), t2 = min(t0 + 2, taps - 1)
                let t3 = min(t0 + 3, taps - 1)
                let (o0, o1) = ((t0 / k) * pw + t0 % k, (t1 / k) * pw + t1 % k)
                let (o2, o3) = ((t2 / k) * pw + t2 % k, (t3 / k) * pw + t3 % k)
                var s0 = V(), s1 = V(), s2 = V(), s3 = V()
                for y in 0..<oh {
                    let gradient = UnsafeRawPointer(dy + (co * oh + y) * ow)
                    var x0 = 0
                    while x0 < ow {
                        let start = min(x0, last)
                        var g = gradient.loadUnaligned(fromByteOffset: 4 * start, as: V.self)
                        if start < x0 { g = g.replacing(with: 0, where: tailMask) }
                        let image = UnsafeRawPointer(padded + y * pw + start)
                        multiplyAdd(&s0, g, image.loadUnaligned(fromByteOffset: 4 * o0, as: V.self))
                        multiplyAdd(&s1, g, image.loadUnaligned(fromByteOffset: 4 * o1, as: V.self))
                        multiplyAdd(&s2, g, image.loadUnaligned(fromByteOffset: 4 * o2, as: V.self))
                        multiplyAdd(&s3, g, image.loadUnaligned(fromByteOffset: 4 * o3, as: V.self))
                        x0 += width
                    }
                }
                let row = dw + co * taps
                row[t0] += s0.sum()
                if t1 > t0 { row[t1] += s1.sum() }
                if t2 > t1 { row[t2] += s2.sum() }
                if t3 > t2 { row[t3] += s3.sum() }
                t0 += 4
            }
        }
    }
}
