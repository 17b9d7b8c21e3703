import Foundation
import Pictures

/// The evaluation report of FORMATS.md §4, ready to encode as JSON.
public struct EvaluationReport: Codable, Sendable, Equatable {
    public struct ClassMetrics: Codable, Sendable, Equatable {
        public var `class`: String
        public var precision: Double
        public var recall: Double
        public var f1: Double
        public var support: Int
    }

    public var accuracy: Double
    public var classes: [String]
    /// Rows are true classes, columns predicted classes, in `classes` order.
    public var confusion: [[Int]]
    public var perClass: [ClassMetrics]
    /// The number of examples evaluated.
    public var examples: Int

    public init(_ matrix: ConfusionMatrix) {
        accuracy = matrix.accuracy
        classes = matrix.classes
        confusion = matrix.counts
        perClass = matrix.classes.indices.map { index in
            ClassMetrics(class: matrix.classes[index], precision: matrix.precision(of: index),
                         recall: matrix.recall(of: index), f1: matrix.f1(of: index),
                         support: matrix.support(of: index))
        }
        examples = matrix.total
    }

    /// The report as pretty-printed JSON with sorted keys (stable bytes for the same numbers).
    public func jsonData() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain numbers, strings and arrays cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// Writes the report atomically (temporary file, then rename).
    public func write(to path: String) throws(FileWriteError) {
        try AtomicFile.write(jsonData(), to: path)
    }
}
