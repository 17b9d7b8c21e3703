import Pictures
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
            features: Tensor(shape: [400, 2], scalars: scalars), inputs: nil, labels: labels, classCount: 2))
        #expect(!detector.isNovel([0.2, -0.3], input: []))
        #expect(!detector.isNovel([9.5, 0.5], input: []))
        #expect(detector.isNovel([5, 0], input: []))     // between the clusters
        #expect(detector.isNovel([0, 8], input: []))     // far off the axis
        // Uniform ±1 has variance 1/3; the distance of (1, 0) from (0, 0) is about 3.
        #expect(isClose(Double(detector.squaredDistance([1, 0])), 3, absolute: 0.5, relative: 0))
    }

    @Test func theInkRangeIsOnePixelToTheHighQuantileWidenedByTheMargin() throws {
        // Four inputs of 4 pixels with 1, 2, 3 and 1 inked pixels: inks 0.25, 0.5, 0.75, 0.25.
        // Quantile 0.99 of the 4 sorted inks: index ⌈3 · 0.99⌉ = 3 (0.75); margin 1.2. The
        // low end is one pixel of four, whatever the training inks.
        let scalars: [Float] = [0, 0, 0, 0.2, 0.1, 0.3, 0, 0, 0.4, 0.4, 0.4, 0, 0, 0.9, 0, 0]
        var detector = NoveltyDetector(means: [[0]], precision: [1], threshold: 9, quantile: 0.99)
        detector.fitInkRange(inputs: Tensor(shape: [4, 4], scalars: scalars), margin: 1.2)
        let range = try #require(detector.inkRange)
        #expect(range.minimum == 0.25 && isClose(range.maximum, 0.75 * 1.2))
        // Inside the range the score is the distance; outside it, +infinity.
        #expect(detector.score([2], input: [0.3, 0]) == 4)
        #expect(detector.score([2], input: [0, 0]) == .infinity)
        #expect(detector.isNovel([0], input: [0.9, 0.8]) && !detector.isNovel([0], input: [0.3, 0]))
    }

    /// The committed default model and the first bundled synthetic drawings of each class
    /// (part of its training data): those lie below the threshold, a blank image and uniform
    /// noise above it. By their features alone neither is novel (squared distances 54 and 163
    /// against a threshold of 687): the ink test flags them.
    @Test func theDefaultModelCallsBlankAndNoiseImagesNovelButNotItsTrainingExamples() throws {
        let classifier = try ModelFile.read(from: SharedData.file("models/default.model").path)
        let detector = try #require(classifier.novelty)
        var images: [GrayImage] = []
        for name in ["arrow", "circle", "cycle"] {
            for k in 0..<10 {
                let path = SharedData.file("datasets/synthetic-png/\(name)/\(name)-000\(k).png").path
                images.append(try GrayImage(contentsOfPNG: path).fitted(toSide: 28))
            }
        }
        let training = try #require(classifier.classify(classifier.inputTensor(images)).noveltyScores)
        for (k, score) in training.enumerated() {
            #expect(score < detector.threshold, "training example \(k): \(score) ≥ \(detector.threshold)")
        }
        var rng = SplitMix64(seed: 13)
        let blank = [Float](repeating: 0, count: 784)
        let noise = (0..<784).map { _ in Float(UInt8.random(in: 0...255, using: &rng)) / 255 }
        let scores = try #require(classifier.classify(
            Tensor(shape: [2, 1, 28, 28], scalars: blank + noise)).noveltyScores)
        // Their features alone lie inside the threshold: the ink test is what flags them.
        let features = classifier.features(Tensor(shape: [2, 1, 28, 28], scalars: blank + noise))
        let width = features.count / 2
        let distances = [0, 1].map { row in
            detector.squaredDistance(Array(features.scalars[row * width ..< (row + 1) * width]))
        }
        #expect(distances.allSatisfy { $0 < detector.threshold })
        #expect(scores[0] > detector.threshold, "blank image: \(scores[0])")
        #expect(scores[1] > detector.threshold, "uniform noise: \(scores[1])")
        // A long thin arrow between distant states, fitted to the frame with the thinnest pen,
        // inks about one row: 28 of 784 pixels (3.6 %), fewer than any training image (the
        // real PNGs ink 9–40 %). That is no novelty by ink: the range starts at one pixel.
        var line = [Float](repeating: 0, count: 784)
        for x in 0..<28 { line[14 * 28 + x] = 0.4 }
        let ink = NoveltyDetector.ink(line[...])
        #expect(isClose(ink, 28.0 / 784))
        #expect(try #require(detector.inkRange).contains(ink))
    }
}
