/// What a fused block of `InferencePlan` (convolution, ReLU, 2×2 max-pool) gives for the
/// blank example, an all-zero input: the background of every drawing. Drawings are mostly
/// background, and the parts that are need not be computed again.
///
/// An output pixel (py, px) of the block depends on nothing but the (k+1)×(k+1) window of
/// the padded input that starts at row 2·py, column 2·px, and the fused kernels give each
/// pixel the same arithmetic wherever it falls (each row of a matrix product is summed on
/// its own). So where the window holds the same bits as the blank example's window, the
/// output pixel is the blank example's, bit for bit, and is copied instead of computed. On
/// the 677 real PNGs of the automata-editor set, 52 % of the first block's windows and 19 %
/// of the second's are blank (the third block's windows cover 22×22 input pixels and seldom
/// are).
struct BlankReference: Sendable {
    /// The block's input for the blank example, `[H, W, C]` (channels last).
    var input: [Float]
    /// Its output, `[H'/2, W'/2, O]`.
    var output: [Float]

    /// The widest padded input the bit masks below hold.
    static let maximumPaddedWidth = 64

    /// Bit x of `masks[y]` is set when pixel (y, x) of `x` (`[H, W, C]`) differs in any bit
    /// from the blank example's (so -0 differs from 0, and a NaN from itself only when its
    /// bits do).
    func markDifferingPixels(_ x: UnsafePointer<Float>, height h: Int, width w: Int,
                             channels c: Int, into masks: UnsafeMutablePointer<UInt64>) {
        precondition(w <= Self.maximumPaddedWidth && input.count == h * w * c,
                     "The blank reference does not fit this map.")
        input.withUnsafeBufferPointer { blank in
            for y in 0..<h {
                let offset = y * w * c
                masks[y] = Self.differingPixels(x + offset, blank.baseAddress! + offset,
                                                pixels: w, channels: c)
            }
        }
    }

    /// Bit px of `windows[py]` is set for the output pixels whose window holds a pixel
    /// marked in `differing` (bit x of `differing[y]`: input pixel (y, x), before padding);
    /// returns how many are set. The padding is the same in every example.
    static func markActiveWindows(
        differing: UnsafePointer<UInt64>, height h: Int, padding pad: Int, kernelSize k: Int,
        pooledHeight ph: Int, pooledWidth pooledW: Int, into windows: UnsafeMutablePointer<UInt64>
    ) -> Int {
        precondition(pooledW <= 32, "The windows do not fit the bit masks.")
        var count = 0
        for py in 0..<ph {
            // Rows 2·py … 2·py + k of the padded input, as rows of the input.
            var rows: UInt64 = 0
            for y in stride(from: max(0, 2 * py - pad), through: min(h - 1, 2 * py + k - pad),
                            by: 1) {
                rows |= differing[y]
            }
            // Bit x: a marked pixel in padded columns x … x + k; then every other bit.
            rows &<<= pad
            var spread = rows
            for shift in 1...k { spread |= rows &>> shift }
            let active = evenBits(spread) & ((1 &<< pooledW) - 1)
            windows[py] = active
            count += active.nonzeroBitCount
        }
        return count
    }

    /// Bits 0, 2, 4, … of x as bits 0, 1, 2, ….
    @inline(__always)
    static func evenBits(_ x: UInt64) -> UInt64 {
        var x = x & 0x5555_5555_5555_5555
        x = (x | x &>> 1) & 0x3333_3333_3333_3333
        x = (x | x &>> 2) & 0x0F0F_0F0F_0F0F_0F0F
        x = (x | x &>> 4) & 0x00FF_00FF_00FF_00FF
        x = (x | x &>> 8) & 0x0000_FFFF_0000_FFFF
        return (x | x &>> 16) & 0x0000_0000_FFFF_FFFF
    }

    /// Copies the blank example's output pixels into `y` (`[H'/2, W'/2, O]`) where the bit of
    /// `windows` is not set.
    func fillInactiveWindows(_ windows: UnsafePointer<UInt64>, pooledHeight ph: Int,
                             pooledWidth pooledW: Int, outputs o: Int,
                             into y: UnsafeMutablePointer<Float>) {
        output.withUnsafeBufferPointer { blank in
            for py in 0..<ph {
                var inactive = ~windows[py] & ((1 &<< pooledW) - 1)
                while inactive != 0 {
                    let t = py * pooledW + inactive.trailingZeroBitCount
                    copyFloats(from: blank.baseAddress! + t * o, to: y + t * o, count: o)
                    inactive &= inactive - 1
                }
            }
        }
    }

    /// Bit x is set when pixel x (`channels` floats) of `a` and of `b` differ in any bit.
    static func differingPixels(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>,
                                pixels: Int, channels: Int) -> UInt64 {
        typealias Bits = SIMD16<UInt32>
        let (ra, rb) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
        var mask: UInt64 = 0
        if channels == 1 && pixels >= Bits.scalarCount {
            // 16 pixels at a time; the last block overlaps the one before (same bits again).
            let weights = Bits(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
                               16384, 32768)
            var x0 = 0
            while x0 < pixels {
                let start = min(x0, pixels - Bits.scalarCount)
                let differs = ra.loadUnaligned(fromByteOffset: 4 * start, as: Bits.self)
                    .!= rb.loadUnaligned(fromByteOffset: 4 * start, as: Bits.self)
                // The set bits of the 16 lanes, ORed by halves (`wrappedSum` would take the
                // lanes one at a time).
                let bits = Bits(repeating: 0).replacing(with: weights, where: differs)
                let eight = bits.lowHalf | bits.highHalf, four = eight.lowHalf | eight.highHalf
                let two = four.lowHalf | four.highHalf
                mask |= UInt64(two[0] | two[1]) &<< start
                x0 += Bits.scalarCount
            }
        } else {
            for x in 0..<pixels {
                var differs: UInt32 = 0
                for i in (x * channels)..<((x + 1) * channels) {
                    differs |= a[i].bitPattern ^ b[i].bitPattern
                }
                if differs != 0 { mask |= 1 << x }
            }
        }
        return mask
    }
}

extension InferencePlan {
    /// The steps, each fused block with its `BlankReference`: its input and output when the
    /// plan (as it is, computing every window) runs on an all-zero example.
    func stepsWithBlankReferences() -> [Step] {
        var steps = self.steps
        var workspace = Workspace(for: self)
        let zero = [Float](repeating: 0, count: shapes[0].count)
        var made: [Int: [Float]] = [:]  // one block's output is the next one's input
        /// The blank example after the first `layerCount` layers, channels last.
        func blank(after layerCount: Int) -> [Float] {
            if let known = made[layerCount] { return known }
            let shape = shapes[layerCount]
            var layerOrder = [Float](repeating: 0, count: shape.count)
            var channelsLast = layerOrder
            zero.withUnsafeBufferPointer { x in
                layerOrder.withUnsafeMutableBufferPointer { y in
                    run(x.baseAddress!, layers: layerCount, into: y.baseAddress!,
                        workspace: &workspace)
                }
            }
            layerOrder.withUnsafeBufferPointer { x in
                channelsLast.withUnsafeMutableBufferPointer { y in
                    Self.reorder(x.baseAddress!, shape: shape, toChannelsLast: true,
                                 into: y.baseAddress!)
                }
            }
            made[layerCount] = channelsLast
            return channelsLast
        }
        for (index, step) in steps.enumerated() {
            guard case var .convolution(conv) = step, index + 3 <= steps.count,
                  case let .map(_, w, _) = shapes[index],
                  w + 2 * conv.padding <= BlankReference.maximumPaddedWidth else { continue }
            switch conv.fused {
            // F(3×3, 3×3) tiles straddle the pooling windows: a window's rounding depends on
            // inputs outside it, so a copy would not have its bits. (The windows of the
            // drawing classifier's third block cover 22×22 pixels and are seldom blank.)
            case .none, .winogradF3: continue
            case .singleChannel, .winograd: break
            }
            conv.blank = BlankReference(input: blank(after: index), output: blank(after: index + 3))
            steps[index] = .convolution(conv)
        }
        return steps
    }
}
