import Foundation
import Testing
@testable import DrawingClassifier
import TestSupport

@Suite struct ConfusionMatrixTests {
    // Hand-made predictions over classes a, b, c:
    //   true a: predicted a, a, a, b        → row [3, 1, 0]
    //   true b: predicted b, b, c           → row [0, 2, 1]
    //   true c: predicted a, c              → row [1, 0, 1]
    let matrix = ConfusionMatrix(classes: ["a", "b", "c"],
                                 trueLabels: [0, 0, 0, 0, 1, 1, 1, 2, 2],
                                 predictedLabels: [0, 0, 0, 1, 1, 1, 2, 0, 2])

    @Test func countsEachTrueAndPredictedPair() {
        #expect(matrix.counts == [[3, 1, 0], [0, 2, 1], [1, 0, 1]])
        #expect(matrix.total == 9)
        #expect(isClose(matrix.accuracy, 6.0 / 9.0))
    }

    @Test func perClassMetricsEqualHandComputedValues() {
        // a: precision 3/4, recall 3/4, f1 3/4.  b: precision 2/3, recall 2/3.
        // c: precision 1/2, recall 1/2.
        #expect(isClose(matrix.precision(of: 0), 0.75))
        #expect(isClose(matrix.recall(of: 0), 0.75))
        #expect(isClose(matrix.f1(of: 0), 0.75))
        #expect(isClose(matrix.precision(of: 1), 2.0 / 3.0))
        #expect(isClose(matrix.recall(of: 1), 2.0 / 3.0))
        #expect(isClose(matrix.precision(of: 2), 0.5))
        #expect(isClose(matrix.recall(of: 2), 0.5))
        #expect(isClose(matrix.f1(of: 2), 0.5))
        #expect([0, 1, 2].map(matrix.support(of:)) == [4, 3, 2])
    }

    @Test func asymmetricPrecisionAndRecallGiveTheHarmonicMean() {
        // true x: x, x, y ; true y: y  → x precision 1, recall 2/3, f1 0.8; y precision 1/2, recall 1.
        let m = ConfusionMatrix(classes: ["x", "y"], trueLabels: [0, 0, 0, 1], predictedLabels: [0, 0, 1, 1])
        #expect(isClose(m.precision(of: 0), 1))
        #expect(isClose(m.recall(of: 0), 2.0 / 3.0))
        #expect(isClose(m.f1(of: 0), 0.8))
        #expect(isClose(m.precision(of: 1), 0.5))
        #expect(isClose(m.f1(of: 1), 2.0 / 3.0))
    }

    @Test func aClassWithNoSupportOrPredictionsScoresZeroNotNaN() {
        let m = ConfusionMatrix(classes: ["x", "y", "z"], trueLabels: [0, 1], predictedLabels: [0, 1])
        #expect(m.precision(of: 2) == 0)
        #expect(m.recall(of: 2) == 0)
        #expect(m.f1(of: 2) == 0)
        #expect(ConfusionMatrix(classes: ["x"]).accuracy == 0)
    }

    @Test func reportJSONHasTheFormatFields() throws {
        let report = EvaluationReport(matrix)
        let object = try JSONSerialization.jsonObject(with: Data(report.jsonData())) as? [String: Any]
        #expect(object?["classes"] as? [String] == ["a", "b", "c"])
        #expect(object?["confusion"] as? [[Int]] == [[3, 1, 0], [0, 2, 1], [1, 0, 1]])
        #expect(object?["examples"] as? Int == 9)
        let perClass = object?["perClass"] as? [[String: Any]]
        #expect(perClass?.first?["class"] as? String == "a")
        #expect(perClass?.first?["support"] as? Int == 4)
        #expect(isClose(object?["accuracy"] as? Double ?? -1, 6.0 / 9.0))
    }

    @Test func tableShowsRowsAndMetrics() {
        let table = matrix.description
        #expect(table.contains("true\\pred"))
        #expect(table.contains("accuracy 0.667 (6 of 9)"))
    }
}
