/// How a classifier with a novelty detector treats a dataset whose classes may include
/// ones it never learned: for each dataset class, how many examples were taken for each
/// model class and how many were rejected as "none of these". Examples of known classes
/// should land on their own class; examples of unknown classes should be rejected.
public struct OpenSetReport: Sendable, Equatable {
    public var datasetClasses: [String]
    public var modelClasses: [String]
    /// `counts[datasetClass][modelClass]`, with one more final column for `rejected`.
    public var counts: [[Int]]

    public init(classifier: Classifier, dataset: ImageFolderDataset, rejectsNovel: Bool = true) {
        datasetClasses = dataset.classNames
        modelClasses = classifier.classes
        counts = Array(repeating: Array(repeating: 0, count: modelClasses.count + 1),
                       count: datasetClasses.count)
        let data = dataset.tensors(preprocessing: classifier.preprocessing)
        let k = modelClasses.count
        for start in stride(from: 0, to: dataset.count, by: 256) {
            let slice = LabeledImages(images: data.images, labels: data.labels)
                .gathering(start..<min(start + 256, dataset.count))
            let (probabilities, noveltyScores) = classifier.classify(slice.images)
            for row in 0..<slice.count {
                let scores = probabilities.scalars[(row * k)..<((row + 1) * k)]
                var column = (scores.indices.max { scores[$0] < scores[$1] } ?? row * k) - row * k
                if rejectsNovel, let noveltyScores, let detector = classifier.novelty,
                   noveltyScores[row] > detector.threshold {
                    column = k
                }
                counts[slice.labels[row]][column] += 1
            }
        }
    }

    /// Examples of classes the model knows that it classified correctly and did not reject.
    public var knownAccuracy: Double {
        var right = 0, total = 0
        for (row, name) in datasetClasses.enumerated() {
            guard let column = modelClasses.firstIndex(of: name) else { continue }
            right += counts[row][column]
            total += counts[row].reduce(0, +)
        }
        return total == 0 ? 0 : Double(right) / Double(total)
    }

    /// Model classes that mean "none of the real classes" (a trained catch-all class).
    public static let catchAllClasses: Set<String> = ["other"]

    /// Examples of classes the model does not know that it rejected, or put in a catch-all
    /// class such as `other`.
    public var unknownRejectionRate: Double {
        var rejected = 0, total = 0
        let catchAll = modelClasses.indices.filter { Self.catchAllClasses.contains(modelClasses[$0]) }
        for (row, name) in datasetClasses.enumerated() where !modelClasses.contains(name) {
            rejected += counts[row][modelClasses.count] + catchAll.reduce(0) { $0 + counts[row][$1] }
            total += counts[row].reduce(0, +)
        }
        return total == 0 ? 0 : Double(rejected) / Double(total)
    }
}

extension OpenSetReport: CustomStringConvertible {
    public var description: String {
        let columns = modelClasses + ["rejected"]
        let width = max(10, (datasetClasses + columns).map(\.count).max() ?? 0) + 1
        func cell(_ s: String) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
        var lines = [cell("true\\pred") + columns.map(cell).joined()]
        for (row, name) in datasetClasses.enumerated() {
            lines.append(cell(name) + counts[row].map { cell(String($0)) }.joined())
        }
        func percent(_ x: Double) -> String { String((x * 1000).rounded() / 10) + " %" }
        lines.append("known classes right (and not rejected): \(percent(knownAccuracy))")
        if datasetClasses.contains(where: { !modelClasses.contains($0) }) {
            lines.append("unknown classes rejected (or called other): \(percent(unknownRejectionRate))")
        }
        return lines.joined(separator: "\n")
    }
}
