import DrawingClassifier
import Foundation
import Pictures
import Testing
import TestSupport
@testable import AutomatonRecognition

/// The model built into the library is `models/default.model`, byte for byte.
struct DefaultModelTests {
    static let modelPath = SharedData.file("models/default.model").path

    @Test func embeddedBytesAreTheCommittedModelFile() throws {
        let file = try #require(FileManager.default.contents(atPath: Self.modelPath),
                                "models/default.model is missing")
        #expect(DefaultModel.bytes.count == file.count)
        #expect(DefaultModel.bytes == Array(file))
    }

    @Test func embeddedModelDecodesWithItsClasses() throws {
        let classifier = try DefaultModel.classifier()
        #expect(classifier.classes.contains("circle"))
        #expect(classifier.classes.contains("arrow"))
    }

    /// The committed model loads with the training options it records and predicts what it
    /// did when it was adopted (the probabilities it gave these files then: the model
    /// `scripts/train-default-model` trained on 6 December, with 300 redrawn arrow heads of
    /// up to 0.9 of the shaft and no caret, check or v among the 'other' gestures).
    @Test func theCommittedModelLoadsAndPredictsAsBefore() throws {
        let classifier = try DefaultModel.classifier()
        #expect(classifier.training.options == TrainingOptions(
            epochs: 40, batchSize: 16, learningRate: 0.01, momentum: 0.9, weightDecay: 0,
            schedule: .cosine(minimumFactor: 0.01), seed: 1, threadCount: 2))
        let expected: [(String, [Float])] = [
            ("arrow/arrow-0000.png", [0.9999999, 6.495819e-22, 8.7486844e-11, 8.344166e-08]),
            ("circle/circle-0000.png", [3.9437875e-15, 0.9999988, 1.1728814e-06, 5.7632832e-08]),
            ("cycle/cycle-0000.png", [7.3044723e-16, 0.00014117519, 0.99985886, 1.6366181e-11]),
        ]
        for (file, probabilities) in expected {
            let image = try GrayImage(contentsOfPNG: SharedData.file("datasets/synthetic-png/" + file).path)
                .fitted(toSide: 28)
            let actual = classifier.probabilities(classifier.inputTensor([image])).scalars
            // Other CPUs' kernels may round differently: close, not bit-equal.
            #expect(zip(actual, probabilities).allSatisfy { isClose($0, $1, absolute: 1e-9, relative: 1e-3) },
                    "\(file): \(actual)")
        }
    }
}
