/// The only source of randomness in the library: a small, fast, seedable generator
/// (Steele, Lea & Flood's SplitMix64). It is passed `inout` wherever a random choice is
/// made — weight initialisation, shuffling, splitting, augmentation — so one seed
/// reproduces a run exactly, on any platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The parts of a run that draw random numbers, each from its own stream.
    public enum Stream: UInt64, Sendable, CaseIterable {
        /// The train / validation / test split.
        case split = 1
        /// Initial weights.
        case initialization = 2
        /// The order of the training examples, every epoch.
        case shuffling = 3
        /// Random distortions of training images, batch by batch.
        case augmentation = 4
        /// Augmented copies of stroke drawings made before training.
        case strokeAugmentation = 5
        /// Arrows with redrawn heads added to the training set (`ArrowHeadVariation`).
        case arrowHeads = 6
    }

    /// The generator of one stream of a run seeded with `seed`: the seed and the stream's
    /// number are mixed by SplitMix64 into the starting state, so streams are unrelated and
    /// each part draws from its own — augmenting more or less never changes the split or
    /// the shuffling of the same seed.
    public init(seed: UInt64, stream: Stream) {
        var mixer = SplitMix64(seed: seed)
        var streamMixer = SplitMix64(seed: mixer.next() ^ stream.rawValue)
        state = streamMixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform `Float` in [0, 1), using the top 24 bits (exact on every platform).
    public mutating func nextUnitFloat() -> Float {
        Float(next() >> 40) * (1.0 / 16_777_216.0)
    }

    /// A uniform `Float` in [lower, upper).
    public mutating func nextFloat(in range: Range<Float>) -> Float {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnitFloat()
    }

    /// A uniform integer in 0..<upperBound, without modulo bias (Lemire's method).
    public mutating func nextInt(below upperBound: Int) -> Int {
        precondition(upperBound > 0, "The upper bound of a random integer must be positive.")
        return Int(next(upperBound: UInt64(upperBound)))
    }

    /// Fisher–Yates shuffle driven only by this generator (the standard library's
    /// `shuffle(using:)` algorithm is not documented as stable across versions).
    public mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        for i in stride(from: array.count - 1, to: 0, by: -1) {
            let j = nextInt(below: i + 1)
            if i != j { array.swapAt(i, j) }
        }
    }
}
