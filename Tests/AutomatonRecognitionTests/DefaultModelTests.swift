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

    /// The committed model, written before the training options became one record, still
    /// loads: its settings are read into the record, and it predicts what it did (the
    /// probabilities `fa-train predict --json --model models/default.model` printed for
    /// these files at d47f017).
    @Test func theCommittedModelLoadsAndPredictsAsBefore() throws {
        let classifier = try DefaultModel.classifier()
        #expect(classifier.training.options == TrainingOptions(
            epochs: 40, batchSize: 16, learningRate: 0.01, momentum: 0.9, weightDecay: 0,
            schedule: .cosine(minimumFactor: 0.01), seed: 1, threadCount: 2))
        let expected: [(String, [Float])] = [
            ("arrow/arrow-0000.png", [0.9999975, 1.4933925e-18, 2.2733032e-06, 2.8867208e-07]),
            ("circle/circle-0000.png", [1.6982318e-14, 0.99999654, 3.438309e-06, 7.4808877e-13]),
            ("cycle/cycle-0000.png", [7.3853337e-13, 1.855311e-05, 0.9999814, 3.2812327e-12]),
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
