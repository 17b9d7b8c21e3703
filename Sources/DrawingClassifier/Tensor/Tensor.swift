/// A dense, row-major `Float` tensor with an explicit shape.
///
/// Layout convention of the whole library: activations are NCHW — `[batch, channels, height,
/// width]` — and dense activations are `[batch, features]`; `K` denotes the number of classes.
/// `scalars` is one contiguous buffer (copy-on-write, like every Swift array).
public struct Tensor: Sendable, Equatable {
    public var shape: [Int]
    public var scalars: [Float]

    /// Creates a tensor; `scalars.count` must equal the product of `shape`.
    public init(shape: [Int], scalars: [Float]) {
        precondition(shape.allSatisfy { $0 >= 0 }, "A tensor's dimensions must not be negative.")
        precondition(shape.reduce(1, *) == scalars.count,
                     "A tensor of shape \(shape) needs \(shape.reduce(1, *)) scalars, got \(scalars.count).")
        self.shape = shape
        self.scalars = scalars
    }

    /// A tensor of the given shape filled with zeros.
    public init(zeros shape: [Int]) {
        self.init(shape: shape, scalars: [Float](repeating: 0, count: shape.reduce(1, *)))
    }

    /// The number of scalars (the product of `shape`).
    public var count: Int { scalars.count }

    /// The same scalars viewed with another shape of equal element count.
    public func reshaped(_ newShape: [Int]) -> Tensor {
        Tensor(shape: newShape, scalars: scalars)
    }
}
