/// Counts of (true class, predicted class) pairs: `counts[trueClass][predictedClass]`.
/// Rows are true classes, columns predicted classes, both in `classes` order.
public struct ConfusionMatrix: Sendable, Equatable {
    public let classes: [String]
    public private(set) var counts: [[Int]]

    /// An empty matrix over the given class names.
    public init(classes: [String]) {
        precondition(!classes.isEmpty, "A confusion matrix needs at least one class.")
        self.classes = classes
        counts = Array(repeating: Array(repeating: 0, count: classes.count), count: classes.count)
    }

    /// The matrix of paired true and predicted class indices.
    public init(classes: [String], trueLabels: [Int], predictedLabels: [Int]) {
        precondition(trueLabels.count == predictedLabels.count,
                     "There must be one prediction per true label.")
        self.init(classes: classes)
        for (truth, prediction) in zip(trueLabels, predictedLabels) {
            add(trueLabel: truth, predictedLabel: prediction)
        }
    }

    public mutating func add(trueLabel: Int, predictedLabel: Int) {
        precondition(classes.indices.contains(trueLabel) && classes.indices.contains(predictedLabel),
                     "Class indices must lie in 0..<\(classes.count).")
        counts[trueLabel][predictedLabel] += 1
    }

    /// The number of examples counted.
    public var total: Int { counts.reduce(0) { $0 + $1.reduce(0, +) } }

    /// The fraction of examples on the diagonal (0 when the matrix is empty).
    public var accuracy: Double {
        let correct = classes.indices.reduce(0) { $0 + counts[$1][$1] }
        return total == 0 ? 0 : Double(correct) / Double(total)
    }

    /// Examples whose true class is `index` (the row sum).
    public func support(of index: Int) -> Int { counts[index].reduce(0, +) }

    /// Examples predicted as `index` (the column sum).
    public func predictedCount(of index: Int) -> Int { counts.reduce(0) { $0 + $1[index] } }

    /// Of the examples predicted as `index`, the fraction that truly are (0 if none predicted).
    public func precision(of index: Int) -> Double {
        let predicted = predictedCount(of: index)
        return predicted == 0 ? 0 : Double(counts[index][index]) / Double(predicted)
    }

    /// Of the examples truly of class `index`, the fraction predicted so (0 if no support).
    public func recall(of index: Int) -> Double {
        let support = support(of: index)
        return support == 0 ? 0 : Double(counts[index][index]) / Double(support)
    }

    /// The harmonic mean of precision and recall (0 when both are 0).
    public func f1(of index: Int) -> Double {
        let p = precision(of: index), r = recall(of: index)
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }
}

extension ConfusionMatrix: CustomStringConvertible {
    /// A readable table: the matrix (rows true, columns predicted), then per-class metrics.
    public var description: String {
        let width = max(9, classes.map(\.count).max() ?? 0, String(total).count) + 1
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        func fixed(_ value: Double) -> String {
            let scaled = (value * 1000).rounded() / 1000
            var text = String(scaled)
            while text.split(separator: ".").last.map({ $0.count < 3 }) ?? false { text += "0" }
            return text
        }
        var lines = [cell("true\\pred") + classes.map(cell).joined()]
        for (row, name) in classes.enumerated() {
            lines.append(cell(name) + counts[row].map { cell(String($0)) }.joined())
        }
        lines.append("")
        lines.append(cell("class") + ["precision", "recall", "f1", "support"].map(cell).joined())
        for (index, name) in classes.enumerated() {
            lines.append(cell(name) + [fixed(precision(of: index)), fixed(recall(of: index)),
                                       fixed(f1(of: index)), String(support(of: index))].map(cell).joined())
        }
        lines.append("")
        lines.append("accuracy \(fixed(accuracy)) (\(classes.indices.reduce(0) { $0 + counts[$1][$1] })"
                     + " of \(total))")
        return lines.joined(separator: "\n")
    }
}
