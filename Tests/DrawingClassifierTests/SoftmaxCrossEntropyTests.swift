import Foundation
import Testing
@testable import DrawingClassifier
import TestSupport

@Suite struct SoftmaxCrossEntropyTests {
    @Test func equalLogitsCostLogOfTheClassCount() {
        let (loss, grad) = softmaxCrossEntropy(logits: Tensor(zeros: [1, 2]), labels: [0])
        #expect(isClose(loss, Float(log(2.0))))
        #expect(grad == Tensor(shape: [1, 2], scalars: [-0.5, 0.5]))
    }

    @Test func hugeLogitsStayFinite() {
        let logits = Tensor(shape: [2, 2], scalars: [1000, 0, 0, -1000])
        let (loss, grad) = softmaxCrossEntropy(logits: logits, labels: [1, 0])
        // Row 0 costs 1000 (wrong class by 1000); row 1 costs ≈ 0. Mean: 500.
        #expect(isClose(loss, 500))
        #expect(grad == Tensor(shape: [2, 2], scalars: [0.5, -0.5, 0, 0]))
        let p = softmax(logits)
        #expect(p.scalars.allSatisfy { $0.isFinite })
    }

    @Test func softmaxRowsSumToOneAndMatchTheDefinition() {
        let p = softmax(Tensor(shape: [1, 3], scalars: [1, 2, 3]))
        let e = [exp(1.0), exp(2.0), exp(3.0)]
        for (value, expected) in zip(p.scalars, e.map { $0 / e.reduce(0, +) }) {
            #expect(isClose(Double(value), expected))
        }
    }

    @Test func gradientMatchesFiniteDifferencesOfTheMeanLoss() {
        var rng = SplitMix64(seed: 13)
        let logits = Tensor.random(shape: [4, 5], in: -3..<3, using: &rng)
        let labels = [0, 3, 4, 1]
        let (_, analytic) = softmaxCrossEntropy(logits: logits, labels: labels)
        // The loss is already a scalar: probe it with a single 1.
        let one = Tensor(shape: [1], scalars: [1])
        let numeric = numericalGradient(at: logits, probe: one, epsilon: 1e-2) { z in
            Tensor(shape: [1], scalars: [softmaxCrossEntropy(logits: z, labels: labels).loss])
        }
        expectGradientsMatch(analytic.scalars, numeric)
    }
}
