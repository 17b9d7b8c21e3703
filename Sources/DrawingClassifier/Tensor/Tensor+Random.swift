extension Tensor {
    /// A tensor of independent uniform values in `range`, drawn from `rng` in order.
    public static func random(shape: [Int], in range: Range<Float> = -1..<1,
                              using rng: inout SplitMix64) -> Tensor {
        let count = shape.reduce(1, *)
        var scalars = [Float](repeating: 0, count: count)
        for i in 0..<count { scalars[i] = rng.nextFloat(in: range) }
        return Tensor(shape: shape, scalars: scalars)
    }

    /// Glorot (Xavier) uniform initialisation: U(−l, l), l = √(6 / (fanIn + fanOut)).
    static func glorotUniform(shape: [Int], fanIn: Int, fanOut: Int,
                              using rng: inout SplitMix64) -> Tensor {
        let limit = (6 / Float(fanIn + fanOut)).squareRoot()
        return random(shape: shape, in: -limit..<limit, using: &rng)
    }
}
