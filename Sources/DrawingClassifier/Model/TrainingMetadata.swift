import Foundation

/// Where a model came from: settings and results of the run that trained it. Nothing here
/// depends on the clock, so the same run reproduces the same file bytes.
///
/// The run's optimisation settings are one record, `options` (a `TrainingOptions`, stored
/// as it is); the rest describes the data and the outcome.
public struct TrainingMetadata: Codable, Sendable, Equatable {
    public var dataset: String?
    /// The training options of the run (seed, epochs, batch size, learning rate and its
    /// schedule, momentum, weight decay, weight averaging; not the thread count, which does
    /// not change the result); nil when unknown.
    public var options: TrainingOptions?
    /// Fraction of each class held out for testing (nil with a separate test set).
    public var testFraction: Double?
    /// Fraction of the training part held out for validation.
    public var validationFraction: Double?
    public var trainExamples: Int?
    public var testExamples: Int?
    public var finalTrainLoss: Double?
    public var testAccuracy: Double?
    public var notes: String?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case dataset, options, testFraction, validationFraction, trainExamples, testExamples,
             finalTrainLoss, testAccuracy, notes
    }

    /// The members in which files written before `options` held the settings one by one.
    private enum LegacyKeys: String, CodingKey {
        case seed, epochs, batchSize, learningRate, momentum, weightDecay, schedule
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        dataset = try c.decodeIfPresent(String.self, forKey: .dataset)
        testFraction = try c.decodeIfPresent(Double.self, forKey: .testFraction)
        validationFraction = try c.decodeIfPresent(Double.self, forKey: .validationFraction)
        trainExamples = try c.decodeIfPresent(Int.self, forKey: .trainExamples)
        testExamples = try c.decodeIfPresent(Int.self, forKey: .testExamples)
        finalTrainLoss = try c.decodeIfPresent(Double.self, forKey: .finalTrainLoss)
        testAccuracy = try c.decodeIfPresent(Double.self, forKey: .testAccuracy)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        options = try c.decodeIfPresent(TrainingOptions.self, forKey: .options)
            ?? Self.legacyOptions(try decoder.container(keyedBy: LegacyKeys.self))
    }

    /// The options of a file that stored them one by one, as Doubles and the schedule's
    /// description (nil when it stored none); a setting it lacks keeps `TrainingOptions`'
    /// default.
    private static func legacyOptions(_ c: KeyedDecodingContainer<LegacyKeys>) throws
        -> TrainingOptions? {
        guard !c.allKeys.isEmpty else { return nil }
        var o = TrainingOptions()
        if let v = try c.decodeIfPresent(UInt64.self, forKey: .seed) { o.seed = v }
        if let v = try c.decodeIfPresent(Int.self, forKey: .epochs) { o.epochs = v }
        if let v = try c.decodeIfPresent(Int.self, forKey: .batchSize) { o.batchSize = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .learningRate) { o.learningRate = Float(v) }
        if let v = try c.decodeIfPresent(Double.self, forKey: .momentum) { o.momentum = Float(v) }
        if let v = try c.decodeIfPresent(Double.self, forKey: .weightDecay) { o.weightDecay = Float(v) }
        if let text = try c.decodeIfPresent(String.self, forKey: .schedule) {
            guard let schedule = LearningRateSchedule(description: text) else {
                throw DecodingError.dataCorruptedError(forKey: .schedule, in: c,
                    debugDescription: "unknown learning-rate schedule \"\(text)\"")
            }
            o.schedule = schedule
        }
        return o
    }
}
