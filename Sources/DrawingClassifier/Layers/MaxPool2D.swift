/// Max pooling over non-overlapping `size`×`size` windows (stride = size; trailing rows and
/// columns that do not fill a window are dropped, so 7 → 3 for size 2).
///
/// input [N, C, H, W] → output [N, C, H/size, W/size]. The flat input index of each
/// window's maximum (the first one on ties) is kept, and the gradient flows only there.
public struct MaxPool2D: Layer {
    public let size: Int
    private var inputShape: [Int] = []
    private(set) var argmax: [Int32] = []  // [N, C, H', W'] flat input indices

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
        var output = [Float](repeating: 0, count: count)
        input.scalars.withUnsafeBufferPointer { x in
            output.withUnsafeMutableBufferPointer { y in
                argmax.withUnsafeMutableBufferPointer { arg in
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

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        precondition(inputShape.count == 4 && outputGrad.count == argmax.count,
                     "MaxPool2D.backward needs the gradient of the last forward output.")
        var inputGrad = [Float](repeating: 0, count: inputShape.reduce(1, *))
        outputGrad.scalars.withUnsafeBufferPointer { g in
            argmax.withUnsafeBufferPointer { arg in
                inputGrad.withUnsafeMutableBufferPointer { dx in
                    for o in g.indices { dx[Int(arg[o])] += g[o] }
                }
            }
        }
        return Tensor(shape: inputShape, scalars: inputGrad)
    }
}
