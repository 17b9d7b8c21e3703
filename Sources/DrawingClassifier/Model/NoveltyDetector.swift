/// Says "none of these classes" for inputs unlike anything the classifier was trained on.
///
/// A softmax always picks a class, often with high confidence on strange inputs. Instead we
/// look at the network's penultimate features (the 128 activations before the last dense
/// layer): each class's training features form a cluster; an input whose features are far
/// from every cluster, in Mahalanobis distance under a shared, shrunk covariance, is novel.
/// The threshold is a high quantile of the training examples' own distances, so the
/// detector is calibrated on the data and needs no hand-tuned constant.
///
/// Features alone do not see how much ink there is: a blank image and uniform noise land
/// near a class centroid (squared distances 54 and 163 against a threshold of 687 for the
/// default model). So the detector also learns how much ink a trained-on image may have —
/// at least one inked pixel, and at most the high quantile of the training images' fraction
/// of inked pixels times the same margin — and an input whose ink lies outside that range
/// is novel whatever its features say: its score is +infinity.
public struct NoveltyDetector: Codable, Sendable, Equatable {
    /// Class centroids `[K][D]` of the penultimate features.
    public var means: [[Float]]
    /// The inverse of the shared covariance, `[D × D]` row-major.
    public var precision: [Float]
    /// Squared distances above this are novel.
    public var threshold: Float
    /// The training quantile the threshold came from (documentation).
    public var quantile: Double
    /// The ink (`ink`: fraction of inked pixels) a trained-on image may have; nil in model
    /// files written before it existed, which then have no ink test.
    public var inkRange: InkRange?

    /// The ink an input may have: `minimum` one pixel's worth (any ink at all), `maximum`
    /// the high quantile of the training images' `ink` times the margin.
    public struct InkRange: Codable, Sendable, Equatable {
        public var minimum: Float
        public var maximum: Float

        public init(minimum: Float, maximum: Float) {
            self.minimum = minimum
            self.maximum = maximum
        }

        public func contains(_ ink: Float) -> Bool { ink >= minimum && ink <= maximum }
    }

    /// Fits centroids and covariance to training features `[N, D]` with their labels, and
    /// the ink range to the training inputs `[N, 1, H, W]` the features came from (no ink
    /// test when `inputs` is nil). `shrinkage` mixes the covariance with its diagonal mean
    /// (0…1) so it stays invertible with few examples; `margin` scales the quantile distance
    /// and widens the ink range to leave room for real-world variation.
    public static func fit(features: Tensor, inputs: Tensor?, labels: [Int], classCount: Int,
                           quantile: Double = 0.99, shrinkage: Double = 0.1,
                           margin: Float = 1.5) -> NoveltyDetector? {
        guard features.shape.count == 2, features.shape[0] == labels.count, labels.count > 1,
              inputs?.shape.first ?? labels.count == labels.count else {
            return nil
        }
        let (n, d) = (features.shape[0], features.shape[1])
        var means = [[Double]](repeating: [Double](repeating: 0, count: d), count: classCount)
        var counts = [Int](repeating: 0, count: classCount)
        for row in 0..<n {
            counts[labels[row]] += 1
            for j in 0..<d { means[labels[row]][j] += Double(features.scalars[row * d + j]) }
        }
        for k in 0..<classCount where counts[k] > 0 {
            for j in 0..<d { means[k][j] /= Double(counts[k]) }
        }
        // Shared within-class covariance.
        var covariance = [Double](repeating: 0, count: d * d)
        var centred = [Double](repeating: 0, count: d)
        for row in 0..<n {
            for j in 0..<d { centred[j] = Double(features.scalars[row * d + j]) - means[labels[row]][j] }
            for a in 0..<d where centred[a] != 0 {
                for b in a..<d { covariance[a * d + b] += centred[a] * centred[b] }
            }
        }
        for a in 0..<d {
            for b in a..<d {
                covariance[a * d + b] /= Double(n)
                covariance[b * d + a] = covariance[a * d + b]
            }
        }
        let diagonalMean = max((0..<d).reduce(0) { $0 + covariance[$1 * d + $1] } / Double(d), 1e-6)
        for a in 0..<d {
            for b in 0..<d { covariance[a * d + b] *= (1 - shrinkage) }
            covariance[a * d + a] += shrinkage * diagonalMean
        }
        guard let inverse = invertSymmetricPositiveDefinite(covariance, size: d) else { return nil }
        var detector = NoveltyDetector(means: means.map { $0.map(Float.init) },
                                       precision: inverse.map(Float.init), threshold: .infinity,
                                       quantile: quantile)
        if let inputs { detector.fitInkRange(inputs: inputs, margin: margin) }
        var distances = (0..<n).map { row in
            detector.squaredDistance(Array(features.scalars[row * d ..< (row + 1) * d]))
        }
        distances.sort()
        let index = min(n - 1, Int((Double(n - 1) * quantile).rounded(.up)))
        detector.threshold = distances[index] * margin * margin
        return detector
    }

    /// Fits `inkRange` to the training inputs `[N, …]`: at most the `quantile` quantile of
    /// their `ink` times `margin`, at least one inked pixel (no range with no input). The
    /// low end is not a quantile: a drawing of one long thin line (an arrow between distant
    /// states, fitted to the frame with the thinnest pen) inks far fewer pixels than any
    /// training image, and only a blank input has none. The rest of the detector is left as
    /// it is.
    public mutating func fitInkRange(inputs: Tensor, margin: Float = 1.5) {
        guard let n = inputs.shape.first, n > 0, inputs.count > 0 else { inkRange = nil; return }
        let width = inputs.count / n
        let inks = (0..<n).map { row in
            Self.ink(inputs.scalars[row * width ..< (row + 1) * width])
        }.sorted()
        let high = min(n - 1, Int((Double(n - 1) * quantile).rounded(.up)))
        inkRange = InkRange(minimum: 1 / Float(width), maximum: inks[high] * margin)
    }

    /// The smallest squared Mahalanobis distance from `feature` to a class centroid. The K
    /// differences go through one `multiplyVectors` (the same bits as one product per class,
    /// the 64 KB precision matrix read once per four classes instead of once per class).
    public func squaredDistance(_ feature: [Float]) -> Float {
        let (d, k) = (feature.count, means.count)
        precondition(means.allSatisfy { $0.count == d } && precision.count == d * d,
                     "The feature size must match the detector's.")
        guard k > 0, d > 0 else { return .infinity }
        // differences[c][j] = feature[j] − means[c][j]; products[c] = precision · differences[c].
        var differences = [Float](repeating: 0, count: k * d)
        for (c, mean) in means.enumerated() {
            for j in 0..<d { differences[c * d + j] = feature[j] - mean[j] }
        }
        var products = [Float](repeating: 0, count: k * d)
        precision.withUnsafeBufferPointer { p in
            differences.withUnsafeBufferPointer { x in
                products.withUnsafeMutableBufferPointer { y in
                    MatrixMultiply().multiplyVectors(
                        count: k, rows: d, depth: d, a: p.baseAddress!, aRowStride: d,
                        x: x.baseAddress!, xStride: d, y: y.baseAddress!, yStride: d)
                }
            }
        }
        var best = Float.infinity
        for c in 0..<k {
            var total: Float = 0  // differences[c]ᵀ · products[c]
            for j in 0..<d { total += differences[c * d + j] * products[c * d + j] }
            best = min(best, total)
        }
        return best
    }

    /// The ink of one network input: the fraction of its pixels with any ink (input above
    /// 0) — 0 for a blank image, nearly 1 for noise, 0.05…0.4 for the MNIST Maker drawings.
    /// (Not the mean input: a stroke rasterized with the recognizer's pen, scaled to its
    /// drawing, can be as bright on average as noise, see docs/robust-training.md.)
    public static func ink(_ input: ArraySlice<Float>) -> Float {
        input.isEmpty ? 0 : Float(input.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }) / Float(input.count)
    }

    /// The novelty score of one input: +infinity when its `ink` lies outside
    /// `inkRange`, else the squared distance of its penultimate `feature` to the nearest class.
    public func score(_ feature: [Float], input: ArraySlice<Float>) -> Float {
        if let inkRange, !inkRange.contains(Self.ink(input)) { return .infinity }
        return squaredDistance(feature)
    }

    /// Why an input with this `score` is unlike every trained class, as a user reads it (nil
    /// when it is not: the score is within the threshold).
    public func reason(score: Float) -> String? {
        guard score > threshold else { return nil }
        // The score is +infinity for ink unlike the training images'.
        guard score.isFinite else {
            return "unlike every trained class (ink outside the training images' range)"
        }
        // Float → Int traps beyond Int's range; such numbers are shown as they are.
        func whole(_ x: Float) -> String { abs(x) < 1e15 ? String(Int(x)) : "\(x)" }
        return "unlike every trained class (novelty distance \(whole(score)) > \(whole(threshold)))"
    }

    /// Whether the input (its penultimate `feature` and the network `input` itself) is too
    /// unlike the training images to be trusted: its score is above the threshold.
    public func isNovel(_ feature: [Float], input: ArraySlice<Float>) -> Bool {
        score(feature, input: input) > threshold
    }

    /// Inverse of a symmetric positive-definite matrix by Cholesky decomposition
    /// (nil when it is not positive definite).
    static func invertSymmetricPositiveDefinite(_ matrix: [Double], size d: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: d * d)  // lower triangular, matrix = L·Lᵀ
        for i in 0..<d {
            for j in 0...i {
                var sum = matrix[i * d + j]
                for k in 0..<j { sum -= l[i * d + k] * l[j * d + k] }
                if i == j {
                    guard sum > 0 else { return nil }
                    l[i * d + i] = sum.squareRoot()
                } else {
                    l[i * d + j] = sum / l[j * d + j]
                }
            }
        }
        // Solve L·Lᵀ·X = I column by column.
        var inverse = [Double](repeating: 0, count: d * d)
        var y = [Double](repeating: 0, count: d)
        for column in 0..<d {
            for i in 0..<d {
                var sum = i == column ? 1.0 : 0.0
                for k in 0..<i { sum -= l[i * d + k] * y[k] }
                y[i] = sum / l[i * d + i]
            }
            for i in stride(from: d - 1, through: 0, by: -1) {
                var sum = y[i]
                for k in (i + 1)..<d { sum -= l[k * d + i] * inverse[k * d + column] }
                inverse[i * d + column] = sum / l[i * d + i]
            }
        }
        return inverse
    }
}
