/// How many examples of each class are in each part of a split; `description` is a table:
///
/// ```
/// class   training  validation  test  total
/// arrow        147           0    37    184
/// ...
/// total        541           0   136    677
/// ```
public struct SplitSummary: Sendable, Equatable, CustomStringConvertible {
    /// Class names, in label order.
    public var classNames: [String]
    /// Training examples per class, in `classNames` order.
    public var training: [Int]
    /// Validation examples per class, in `classNames` order.
    public var validation: [Int]
    /// Test examples per class, in `classNames` order.
    public var test: [Int]

    /// Counts labels per class; the parts may come from one split or from two datasets
    /// (a training folder and a separate test folder with the same classes).
    public init(classNames: [String], trainingLabels: [Int], validationLabels: [Int] = [],
                testLabels: [Int]) {
        func counts(_ labels: [Int]) -> [Int] {
            var result = [Int](repeating: 0, count: classNames.count)
            for label in labels {
                precondition(result.indices.contains(label),
                             "Label \(label) has no class name among \(classNames.count).")
                result[label] += 1
            }
            return result
        }
        self.classNames = classNames
        training = counts(trainingLabels)
        validation = counts(validationLabels)
        test = counts(testLabels)
    }

    public var description: String {
        let header = ["class", "training", "validation", "test", "total"]
        var rows: [[String]] = []
        for (c, name) in classNames.enumerated() {
            let parts = [training[c], validation[c], test[c]]
            rows.append([name] + (parts + [parts.reduce(0, +)]).map(String.init))
        }
        let sums = [training, validation, test].map { $0.reduce(0, +) }
        rows.append(["total"] + (sums + [sums.reduce(0, +)]).map(String.init))
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        return ([header] + rows).map(line).joined(separator: "\n")
    }
}
