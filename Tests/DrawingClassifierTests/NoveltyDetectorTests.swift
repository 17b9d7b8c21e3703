import Testing
@testable import DrawingClassifier
import TestSupport

@Suite struct NoveltyDetectorTests {
    @Test func choleskyInverseOfAKnownMatrix() throws {
        // [[4, 2], [2, 3]]⁻¹ = 1/8 · [[3, -2], [-2, 4]]
        let inverse = try #require(NoveltyDetector.invertSymmetricPositiveDefinite([4, 2, 2, 3], size: 2))
        for (a, e) in zip(inverse, [0.375, -0.25, -0.25, 0.5]) { #expect(isClose(a, e)) }
        #expect(NoveltyDetector.invertSymmetricPositiveDefinite([1, 2, 2, 1], size: 2) == nil)
    }

    @Test func pointsFarFromEveryClusterAreNovel() throws {
        // Two Gaussian-ish clusters in 2-D around (0, 0) and (10, 0), unit spread.
        var rng = SplitMix64(seed: 5)
        var scalars: [Float] = [], labels: [Int] = []
        for i in 0..<400 {
            let k = i % 2
            scalars += [Float(10 * k) + rng.nextFloat(in: -1..<1), rng.nextFloat(in: -1..<1)]
            labels.append(k)
        }
        let detector = try #require(NoveltyDetector.fit(
            features: Tensor(shape: [400, 2], scalars: scalars), labels: labels, classCount: 2))
        #expect(!detector.isNovel([0.2, -0.3]))
        #expect(!detector.isNovel([9.5, 0.5]))
        #expect(detector.isNovel([5, 0]))     // between the clusters
        #expect(detector.isNovel([0, 8]))     // far off the axis
        // Uniform ±1 has variance 1/3; the distance of (1, 0) from (0, 0) is about 3.
        #expect(isClose(Double(detector.squaredDistance([1, 0])), 3, absolute: 0.5, relative: 0))
    }
}
