/// A seeded, stratified partition of a labelled set into training, validation and test
/// indices.
///
/// Each class is split on its own, so every part keeps the class proportions: the indices
/// of a class (ascending) are shuffled with the generator, the first
/// `round(n · testFraction)` go to test, then `round(rest · validationFraction)` of the
/// remaining ones go to validation, and the others to training. Both counts are capped so
/// that a class with at least one example keeps at least one for training. Classes are
/// visited in label order, so the same seed always gives the same split. Each part is
/// returned sorted ascending.
public struct DatasetSplit: Sendable, Equatable {
    /// Indices of the training examples, ascending.
    public var training: [Int]
    /// Indices of the validation examples (taken from the training part), ascending.
    public var validation: [Int]
    /// Indices of the test examples, ascending.
    public var test: [Int]

    /// Splits `labels` (one class index per example).
    public init(stratifying labels: [Int], testFraction: Double = 0.2,
                validationFraction: Double = 0, using rng: inout SplitMix64) {
        precondition((0..<1).contains(testFraction),
                     "The test fraction must be in [0, 1), got \(testFraction).")
        precondition((0..<1).contains(validationFraction),
                     "The validation fraction must be in [0, 1), got \(validationFraction).")
        precondition(labels.allSatisfy { $0 >= 0 }, "Labels must not be negative.")
        let classCount = (labels.max() ?? -1) + 1
        var byClass = [[Int]](repeating: [], count: classCount)
        for (index, label) in labels.enumerated() { byClass[label].append(index) }
        var training: [Int] = [], validation: [Int] = [], test: [Int] = []
        for var members in byClass where !members.isEmpty {
            rng.shuffle(&members)
            let testCount = min(Self.rounded(Double(members.count) * testFraction),
                                members.count - 1)
            let rest = members.count - testCount
            let validationCount = min(Self.rounded(Double(rest) * validationFraction), rest - 1)
            test += members[..<testCount]
            validation += members[testCount..<(testCount + validationCount)]
            training += members[(testCount + validationCount)...]
        }
        self.training = training.sorted()
        self.validation = validation.sorted()
        self.test = test.sorted()
    }

    /// Every example in training, none held out: for a separately loaded test folder.
    public init(allTrainingOf count: Int) {
        training = Array(0..<count)
        validation = []
        test = []
    }

    private static func rounded(_ value: Double) -> Int { Int(value.rounded()) }

    /// The per-class counts of each part, given the labels the indices refer to.
    public func summary(labels: [Int], classNames: [String]) -> SplitSummary {
        SplitSummary(classNames: classNames,
                     trainingLabels: training.map { labels[$0] },
                     validationLabels: validation.map { labels[$0] },
                     testLabels: test.map { labels[$0] })
    }
}
