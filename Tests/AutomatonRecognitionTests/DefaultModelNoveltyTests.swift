import DrawingClassifier
import Foundation
import Pictures
import Testing
@testable import AutomatonRecognition

/// The default model's novelty score (squared Mahalanobis distance of the penultimate
/// features to the nearest class, +infinity for ink unlike the training images'): its own
/// training examples lie inside the threshold. (Blank and noise images lie outside it:
/// NoveltyDetectorTests in DrawingClassifierTests.)
struct DefaultModelNoveltyTests {
    static let syntheticPNGs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("datasets/synthetic-png")

    @Test func trainingExamplesAreBelowTheThreshold() throws {
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
        let (_, noveltyScores) = classifier.classify(classifier.inputTensor(images))
        let scores = try #require(noveltyScores)
        for (k, score) in scores.enumerated() {
            #expect(score < detector.threshold, "training example \(k): \(score) ≥ \(detector.threshold)")
        }
        #expect(scores.count == 30)
    }
}
