/// Says "none of these classes" for inputs unlike anything the classifier was trained on.
///
/// A softmax always picks a class, often with high confidence on strange inputs. Instead we
/// look at the network's penultimate features (the 128 activations before the last dense
/// layer): each class's training features form a cluster; an input whose features are far
/// from every cluster, in Mahalanobis distance under a shared, shrunk covariance, is novel.
/// The threshold is a high quantile of the training examples' own distances, so the
/// detector is calibrated on the data and needs no hand-tuned constant.
public struct NoveltyDetector: Codable, Sendable, Equatable {
    /// Class centroids `[K][D]` of the penultimate features.
    public var means: [[Float]]
    /// The inverse of the shared covariance, `[D × D]` row-major.
    public var precision: [Float]
    /// Squared distances above this are novel.
    public var threshold: Float
    /// The training quantile the threshold came from (documentation).
    public var quantile: Double

    /// Fits centroids and covariance to training features `[N, D]` with their labels.
    /// `shrinkage` mixes the covariance with its diagonal mean (0…1) so it stays invertible
    /// with few examples; `margin` scales the quantile distance to leave room for
    /// real-world variation.
    public static func fit(features: Tensor, labels: [Int], classCount: Int,
                           quantile: Double = 0.99, shrinkage: Double = 0.1,
                           margin: Float = 1.5) -> NoveltyDetector? {
        guard features.shape.count == 2, features.shape[0] == labels.count, labels.count > 1 else {
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
        var distances = (0..<n).map { row in
            detector.squaredDistance(Array(features.scalars[row * d ..< (row + 1) * d]))
        }
        distances.sort()
        let index = min(n - 1, Int((Double(n - 1) * quantile).rounded(.up)))
        detector.threshold = distances[index] * margin * margin
        return detector
    }

    /// The smallest squared Mahalanobis distance from `feature` to a class centroid.
    public func squaredDistance(_ feature: [Float]) -> Float {
        let d = feature.count
        precondition(means.allSatisfy { $0.count == d } && precision.count == d * d,
                     "The feature size must match the detector's.")
        var best = Float.infinity
        var difference = [Float](repeating: 0, count: d)
        var product = [Float](repeating: 0, count: d)
        let matrix = MatrixMultiply()
        for mean in means {
            for j in 0..<d { difference[j] = feature[j] - mean[j] }
            // product = precision · difference, then differenceᵀ · product.
            precision.withUnsafeBufferPointer { p in
                difference.withUnsafeBufferPointer { x in
                    product.withUnsafeMutableBufferPointer { y in
                        matrix.multiplyVector(rows: d, depth: d, a: p.baseAddress!, aRowStride: d,
                                              x: x.baseAddress!, y: y.baseAddress!)
                    }
                }
            }
            var total: Float = 0
            for j in 0..<d { total += difference[j] * product[j] }
            best = min(best, total)
        }
        return best
    }

    /// Whether `feature` is too far from every class to be trusted.
    public func isNovel(_ feature: [Float]) -> Bool { squaredDistance(feature) > threshold }

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
