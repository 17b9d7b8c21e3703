/// Max pooling over non-overlapping `size`×`size` windows (stride = size; trailing rows and
/// columns that do not fill a window are dropped, so 7 → 3 for size 2).
///
/// input [N, C, H, W] → output [N, C, H/size, W/size]. The flat input index of each
/// window's maximum (the first one on ties) is kept, and the gradient flows only there.
public struct MaxPool2D: Layer {
    public let size: Int
    private var inputShape: [Int] = []
    private(set) var argmax: [Int32] = []  // [N, C, H', W'] flat input indices
    private var outputBuffer = ReusableBuffer()
    private var inputGradBuffer = ReusableBuffer()

    public init(size: Int) {
        precondition(size > 0, "MaxPool2D needs a positive window size, got \(size).")
        self.size = size
    }

    public var spec: LayerSpec { .maxPool2D(size: size) }

    public mutating func forward(_ input: Tensor) -> Tensor {
        precondition(input.shape.count == 4 && input.shape[2] >= size && input.shape[3] >= size,
                     "MaxPool2D(\(size)) expects input [N, C, H, W] with H, W ≥ \(size), "
                     + "got \(input.shape).")
        precondition(input.count <= Int(Int32.max), "MaxPool2D input is too large.")
        let (n, c, h, w) = (input.shape[0], input.shape[1], input.shape[2], input.shape[3])
        let (oh, ow) = (h / size, w / size)
        let size = size
        inputShape = input.shape
        let count = n * c * oh * ow
        if argmax.count != count { argmax = [Int32](repeating: 0, count: count) }
        let output = outputBuffer.fill(count: count) { y in
            input.scalars.withUnsafeBufferPointer { x in
                argmax.withUnsafeMutableBufferPointer { arg in
                    if size == 2 {
                        Self.forward2(x.baseAddress!, planes: n * c, height: h, width: w,
                                      output: y.baseAddress!, argmax: arg.baseAddress!)
                        return
                    }
                    var o = 0
                    for plane in 0..<(n * c) {
                        for oy in 0..<oh {
                            for ox in 0..<ow {
                                var best = plane * h * w + oy * size * w + ox * size
                                var bestValue = x[best]
                                for dy in 0..<size {
                                    let row = plane * h * w + (oy * size + dy) * w + ox * size
                                    for dx in 0..<size where x[row + dx] > bestValue {
                                        best = row + dx
                                        bestValue = x[row + dx]
                                    }
                                }
                                y[o] = bestValue
                                arg[o] = Int32(best)
                                o += 1
                            }
                        }
                    }
                }
            }
        }
        return Tensor(shape: [n, c, oh, ow], scalars: output)
    }

    /// The 2×2 case, four windows at a time (rows of fewer than four windows one by one);
    /// same result (first maximum on ties) as the general loop.
    @inline(__always)
    private static func forward2(_ x: UnsafePointer<Float>, planes: Int, height h: Int,
                                 width w: Int, output y: UnsafeMutablePointer<Float>,
                                 argmax arg: UnsafeMutablePointer<Int32>) {
        let (oh, ow) = (h / 2, w / 2)
        let lanes = SIMD4<Int32>(0, 2, 4, 6)
        for plane in 0..<planes {
            for oy in 0..<oh {
                let top = plane * h * w + 2 * oy * w, row = (plane * oh + oy) * ow
                guard ow >= 4 else {
                    for ox in 0..<ow {
                        let i0 = top + 2 * ox, i2 = i0 + w
                        let (a, b, c, d) = (x[i0], x[i0 + 1], x[i2], x[i2 + 1])
                        let upper = b > a ? b : a, upperIndex = b > a ? i0 + 1 : i0
                        let lower = d > c ? d : c, lowerIndex = d > c ? i2 + 1 : i2
                        y[row + ox] = lower > upper ? lower : upper
                        arg[row + ox] = Int32(lower > upper ? lowerIndex : upperIndex)
                    }
                    continue
                }
                // Blocks of four windows; the last block ends at the row's end and may overlap
                // the one before (those windows are computed twice, with the same result),
                // instead of a scalar tail of up to three windows.
                var next = 0
                while true {
                    let ox = min(next, ow - 4), o = row + ox
                    // Windows ox…ox+3: top row pairs (a, b), bottom row pairs (c, d).
                    let i0 = top + 2 * ox
                    let upperRow = UnsafeRawPointer(x + i0).loadUnaligned(as: SIMD8<Float>.self)
                    let lowerRow = UnsafeRawPointer(x + i0 + w)
                        .loadUnaligned(as: SIMD8<Float>.self)
                    let (a, b) = (upperRow.evenHalf, upperRow.oddHalf)
                    let (c, d) = (lowerRow.evenHalf, lowerRow.oddHalf)
                    let index = SIMD4<Int32>(repeating: Int32(i0)) &+ lanes
                    let right = b .> a, lowerRight = d .> c
                    let upper = a.replacing(with: b, where: right)
                    let upperIndex = index.replacing(with: index &+ 1, where: right)
                    let lower = c.replacing(with: d, where: lowerRight)
                    let lowerIndex = (index &+ Int32(w))
                        .replacing(with: index &+ Int32(w + 1), where: lowerRight)
                    let down = lower .> upper
                    UnsafeMutableRawPointer(y + o)
                        .storeBytes(of: upper.replacing(with: lower, where: down),
                                    as: SIMD4<Float>.self)
                    UnsafeMutableRawPointer(arg + o)
                        .storeBytes(of: upperIndex.replacing(with: lowerIndex, where: down),
                                    as: SIMD4<Int32>.self)
                    if ox == ow - 4 { break }
                    next = ox + 4
                }
            }
        }
    }

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        precondition(inputShape.count == 4 && outputGrad.count == argmax.count,
                     "MaxPool2D.backward needs the gradient of the last forward output.")
        let inputGrad = inputGradBuffer.fill(count: inputShape.reduce(1, *)) { dx in
            dx.update(repeating: 0)
            outputGrad.scalars.withUnsafeBufferPointer { g in
                argmax.withUnsafeBufferPointer { arg in
                    for o in g.indices { dx[Int(arg[o])] += g[o] }
                }
            }
        }
        return Tensor(shape: inputShape, scalars: inputGrad)
    }
}
