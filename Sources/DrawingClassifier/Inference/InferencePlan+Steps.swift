// The steps of `InferencePlan` other than the convolution (that is in
// Convolution/ChannelsLastConvolution.swift), on one example, channels last.
extension InferencePlan {
    /// max(x, 0) in place.
    static func relu(_ x: UnsafeMutablePointer<Float>, count: Int) {
        let raw = UnsafeMutableRawPointer(x)
        var i = 0
        while i + 16 <= count {
            let v = raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD16<Float>.self)
            raw.storeBytes(of: v.replacing(with: 0, where: v .< 0), toByteOffset: 4 * i,
                           as: SIMD16<Float>.self)
            i += 16
        }
        while i < count {
            if x[i] < 0 { x[i] = 0 }
            i += 1
        }
    }

    /// `[H, W, C]` → `[H/s, W/s, C]`, the maximum of each s×s window (first wins on ties,
    /// as in `MaxPool2D`).
    static func maxPool(_ x: UnsafePointer<Float>, height h: Int, width w: Int,
                                channels c: Int, size s: Int,
                                into y: UnsafeMutablePointer<Float>) {
        let (oh, ow) = (h / s, w / s)
        let vectorEnd = c & ~15
        for oy in 0..<oh {
            for ox in 0..<ow {
                let out = y + (oy * ow + ox) * c
                let corner = x + (oy * s * w + ox * s) * c
                var ci = 0
                while ci < vectorEnd {
                    var best = UnsafeRawPointer(corner + ci).loadUnaligned(as: SIMD16<Float>.self)
                    for dy in 0..<s {
                        for dx in 0..<s where dy > 0 || dx > 0 {
                            let v = UnsafeRawPointer(corner + (dy * w + dx) * c + ci)
                                .loadUnaligned(as: SIMD16<Float>.self)
                            best = best.replacing(with: v, where: v .> best)
                        }
                    }
                    UnsafeMutableRawPointer(out + ci).storeBytes(of: best, as: SIMD16<Float>.self)
                    ci += 16
                }
                while ci < c {
                    var best = corner[ci]
                    for dy in 0..<s {
                        for dx in 0..<s {
                            let v = corner[(dy * w + dx) * c + ci]
                            if v > best { best = v }
                        }
                    }
                    out[ci] = best
                    ci += 1
                }
            }
        }
    }

    /// y[o] = bias[o] + Σᵢ W[o, i] · x[i].
    static func dense(_ dense: FullyConnected, _ x: UnsafePointer<Float>,
                              into y: UnsafeMutablePointer<Float>, _ scratch: Scratch,
                              _ matrix: inout MatrixMultiply) {
        let (n, o) = (dense.inputCount, dense.outputCount)
        // The nonzero inputs, in order (written unconditionally, kept by advancing: no branch
        // to mispredict on ReLU's zeros).
        var count = 0
        for i in 0..<n {
            scratch.nonzeroRows[count] = Int32(truncatingIfNeeded: i)
            scratch.nonzeroValues[count] = x[i]
            count += x[i] != 0 ? 1 : 0
        }
        dense.weightsByInput.withUnsafeBufferPointer { weights in
            for j0 in stride(from: 0, to: o, by: FullyConnected.blockWidth) {
                let width = min(FullyConnected.blockWidth, o - j0)
                matrix.multiplySparseVectorByMatrix(
                    count: count, rows: scratch.nonzeroRows, values: scratch.nonzeroValues,
                    columns: width, b: weights.baseAddress! + j0 * n, bRowStride: width,
                    y: y + j0)
            }
        }
        for row in 0..<o { y[row] += dense.bias[row] }
    }

    /// Copies an activation between the layer order (`[C, H, W]`) and channels last.
    static func reorder(_ x: UnsafePointer<Float>, shape: Shape, toChannelsLast: Bool,
                                into y: UnsafeMutablePointer<Float>) {
        guard case let .map(h, w, c) = shape else {
            y.update(from: x, count: shape.count)
            return
        }
        if toChannelsLast {
            Im2Col.pad(x, channels: c, height: h, width: w, padding: 0, into: y)
        } else {
            Im2Col.unpad(x, channels: c, height: h, width: w, padding: 0, into: y)
        }
    }
}
