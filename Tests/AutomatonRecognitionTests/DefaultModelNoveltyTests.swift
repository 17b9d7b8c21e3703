import DrawingClassifier
import Foundation
import Pictures
import Testing
@testable import AutomatonRecognition

/// The default model's novelty score (squared Mahalanobis distance of the penultimate
/// features to the nearest class): its own training examples lie inside the threshold, a
/// blank image and random noise far outside it.
struct DefaultModelNoveltyTests {
    static let syntheticPNGs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("datasets/synthetic-png")

    @Test func trainingExamplesAreBelowTheThresholdBlankAndNoiseAbove() throws {
        let classifier = try DefaultModel.classifier()
        let detector = try #require(classifier.novelty)
        // The first 10 bundled synthetic drawings of each class (training data of the model).
        var images: [GrayImage] = []
        for name in ["arrow", "circle", "cycle"] {
            for k in 0..<10 {
                let path = Self.syntheticPNGs.appendingPathComponent("\(name)/\(name)-000\(k).png").path
                images.append(try GrayImage(contentsOfPNG: path).fitted(toSide: 28))
            }
        }
        let blank = GrayImage(width: 28, height: 28)
        var rng = SplitMix64(seed: 1)
        let noise = GrayImage(width: 28, height: 28,
                              pixels: (0..<784).map { _ in UInt8(rng.nextInt(below: 256)) })
        let (_, distances) = classifier.classify(classifier.inputTensor(images + [blank, noise]))
        let scores = try #require(distances)
        for (k, score) in scores.prefix(30).enumerated() {
            #expect(score < detector.threshold, "training example \(k): \(score) ≥ \(detector.threshold)")
        }
        #expect(scores[30] > detector.threshold, "blank: \(scores[30]) ≤ \(detector.threshold)")
        #expect(scores[31] > detector.threshold, "noise: \(scores[31]) ≤ \(detector.threshold)")
    }
}
