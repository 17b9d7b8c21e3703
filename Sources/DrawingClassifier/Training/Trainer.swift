/// Settings of one training run. A model file records them whole (`TrainingMetadata`).
public struct TrainingOptions: Codable, Sendable, Equatable {
    /// Passes over the training set.
    public var epochs = 30
    /// Examples per gradient step (the last batch of an epoch may be smaller).
    public var batchSize = 32
    /// Base learning rate; `schedule` scales it per epoch.
    public var learningRate: Float = 0.01
    public var momentum: Float = 0.9
    /// L2 weight decay on weights (not biases); see `SGD`.
    public var weightDecay: Float = 0
    public var schedule: LearningRateSchedule = .constant
    /// Seed of the per-epoch shuffling and of the augmentation's randomness (each its own
    /// stream of it, `SplitMix64(seed:stream:)`).
    public var seed: UInt64 = 1
    /// Worker threads per batch. Results are bit-identical for every thread count.
    public var threadCount = 2
    /// When above 0, the trained network is the average of its weights at the end of each of
    /// the last `averagedEpochs` epochs (weight averaging: a flatter, steadier solution).
    public var averagedEpochs = 0

    /// What a model file records: every setting but `threadCount`, which never changes the
    /// result, so the same run on 1 thread and on 2 writes the same model bytes.
    enum CodingKeys: String, CodingKey {
        case epochs, batchSize, learningRate, momentum, weightDecay, schedule, seed, averagedEpochs
    }

    public init(epochs: Int = 30, batchSize: Int = 32, learningRate: Float = 0.01,
                momentum: Float = 0.9, weightDecay: Float = 0,
                schedule: LearningRateSchedule = .constant, seed: UInt64 = 1,
                threadCount: Int = 2) {
        self.epochs = epochs
        self.batchSize = batchSize
        self.learningRate = learningRate
        self.momentum = momentum
        self.weightDecay = weightDecay
        self.schedule = schedule
        self.seed = seed
        self.threadCount = threadCount
    }
}

/// What happened in one epoch.
public struct EpochReport: Sendable, Equatable {
    /// 1-based epoch number.
    public var epoch: Int
    /// Mean cross-entropy over the epoch's batches (measured while training).
    public var trainLoss: Float
    /// Fraction of training examples classified correctly while training.
    public var trainAccuracy: Float
    /// Accuracy on the validation set after the epoch, when one was given.
    public var validationAccuracy: Float?
    /// The learning rate used in this epoch.
    public var learningRate: Float
    /// Seconds since training started (cumulative).
    public var elapsedSeconds: Double
}

/// Why training could not start.
public struct TrainingError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
}

/// Mini-batch SGD over a labelled image set: shuffles every epoch with a seeded
/// `SplitMix64` stream, splits each batch across worker threads, and reports every epoch.
public struct Trainer: Sendable {
    public var options: TrainingOptions

    public init(options: TrainingOptions = TrainingOptions()) {
        self.options = options
    }

    /// Trains `network` in place on `images` `[N, C, H, W]` with `labels` (class indices
    /// `0..<K`), optionally measuring accuracy on `validation` after every epoch.
    /// `augmentation`, if given, changes each batch's images `[B, C, H, W]` in place before
    /// its gradient step; it receives the run's augmentation stream (apart from the shuffling's,
    /// so augmenting differently never reorders the batches), so runs stay reproducible. Returns
    /// one report per epoch, also passed to `progress` as soon as the epoch ends. (Pass
    /// `progress:` with its label: a trailing closure would be taken as the augmentation.)
    @discardableResult
    public func train(
        _ network: inout Network, images: Tensor, labels: [Int],
        validation: LabeledImages? = nil,
        augmentation: ((inout Tensor, inout SplitMix64) -> Void)? = nil,
        progress: (EpochReport) -> Void = { _ in }
    ) throws(TrainingError) -> [EpochReport] {
        try validateOptions()
        let training = LabeledImages(images: images, labels: labels)
        let classCount = try Self.classCount(of: network, accepting: training, name: "training")
        if let validation {
            let k = try Self.classCount(of: network, accepting: validation, name: "validation")
            guard k == classCount else { throw TrainingError(description: "class count mismatch") }
        }

        let clock = ContinuousClock()
        let start = clock.now
        var shuffling = SplitMix64(seed: options.seed, stream: .shuffling)
        var augmenting = SplitMix64(seed: options.seed, stream: .augmentation)
        var optimizer = SGD(learningRate: options.learningRate, momentum: options.momentum,
                            weightDecay: options.weightDecay)
        var executor = ChunkedExecutor(network: network, threadCount: options.threadCount)
        network.zeroGradients()
        var order = Array(0..<training.count)
        var reports: [EpochReport] = []
        var average: [[Double]] = [], averageCount = 0  // weight averaging, when asked for
        for epoch in 0..<options.epochs {
            optimizer.learningRate = options.schedule.rate(base: options.learningRate,
                                                           epoch: epoch, epochs: options.epochs)
            shuffling.shuffle(&order)
            var lossSum = 0.0, correct = 0
            for batchStart in stride(from: 0, to: order.count, by: options.batchSize) {
                let indices = order[batchStart ..< min(batchStart + options.batchSize, order.count)]
                var batch = training.gathering(indices)
                augmentation?(&batch.images, &augmenting)
                let result = executor.computeGradients(of: &network, batch: batch)
                lossSum += result.loss
                correct += result.correct
                optimizer.step(&network)
            }
            let validationAccuracy = validation.map { examples in
                Float(executor.countCorrect(network: network, examples: examples))
                    / Float(examples.count)
            }
            let elapsed = clock.now - start
            let report = EpochReport(
                epoch: epoch + 1, trainLoss: Float(lossSum / Double(training.count)),
                trainAccuracy: Float(correct) / Float(training.count),
                validationAccuracy: validationAccuracy, learningRate: optimizer.learningRate,
                elapsedSeconds: Double(elapsed.components.seconds)
                    + Double(elapsed.components.attoseconds) * 1e-18)
            reports.append(report)
            progress(report)
            if options.averagedEpochs > 0, epoch >= options.epochs - options.averagedEpochs {
                let values = network.parameterValues()
                if average.isEmpty { average = values.map { $0.scalars.map(Double.init) } }
                else {
                    for (k, value) in values.enumerated() {
                        for i in value.scalars.indices { average[k][i] += Double(value.scalars[i]) }
                    }
                }
                averageCount += 1
            }
        }
        if averageCount > 1 {
            var values = network.parameterValues()
            for k in values.indices {
                values[k].scalars = average[k].map { Float($0 / Double(averageCount)) }
            }
            try? network.setParameterValues(values)
        }
        return reports
    }

    /// Fraction of `examples` that `network` classifies correctly, using
    /// `options.threadCount` threads.
    public func accuracy(of network: Network, on examples: LabeledImages) -> Float {
        guard examples.count > 0 else { return 0 }
        var executor = ChunkedExecutor(network: network, threadCount: max(1, options.threadCount))
        return Float(executor.countCorrect(network: network, examples: examples))
            / Float(examples.count)
    }

    private func validateOptions() throws(TrainingError) {
        let o = options
        func fail(_ message: String) -> TrainingError { TrainingError(description: message) }
        guard o.epochs >= 1 else { throw fail("epochs must be at least 1, got \(o.epochs)") }
        guard o.batchSize >= 1 else {
            throw fail("batch size must be at least 1, got \(o.batchSize)")
        }
        guard (1...256).contains(o.threadCount) else {
            throw fail("thread count must be in 1...256, got \(o.threadCount)")
        }
        guard o.learningRate.isFinite, o.learningRate > 0 else {
            throw fail("learning rate must be a positive number, got \(o.learningRate)")
        }
        guard o.momentum.isFinite, (0..<1).contains(o.momentum) else {
            throw fail("momentum must be in [0, 1), got \(o.momentum)")
        }
        guard o.weightDecay.isFinite, o.weightDecay >= 0 else {
            throw fail("weight decay must be a non-negative number, got \(o.weightDecay)")
        }
        switch o.schedule {
        case .constant: break
        case let .stepDecay(every, factor):
            guard every >= 1, factor.isFinite, factor > 0 else {
                throw fail("step decay needs every ≥ 1 and a positive factor")
            }
        case let .cosine(minimumFactor):
            guard minimumFactor.isFinite, (0...1).contains(minimumFactor) else {
                throw fail("cosine schedule needs a minimum factor in [0, 1]")
            }
        }
    }

    /// Checks that `examples` fit `network` and returns its number of classes.
    private static func classCount(of network: Network, accepting examples: LabeledImages,
                                   name: String) throws(TrainingError) -> Int {
        let shape = examples.images.shape
        guard shape.count == 4, shape[0] == examples.labels.count, shape[0] > 0 else {
            throw TrainingError(description: "\(name) set: expected images [N, C, H, W] with N = "
                + "\(examples.labels.count) labels (N > 0), got images \(shape)")
        }
        var outputShape = Array(shape.dropFirst())
        do {
            for spec in network.specs { outputShape = try spec.outputShape(for: outputShape) }
        } catch {
            throw TrainingError(description:
                "\(name) images \(shape) do not fit the network: \(error)")
        }
        guard outputShape.count == 1, outputShape[0] >= 1 else {
            throw TrainingError(description: "the network ends in \(outputShape), not class scores")
        }
        let k = outputShape[0]
        if let bad = examples.labels.first(where: { !(0..<k).contains($0) }) {
            throw TrainingError(description:
                "\(name) set: label \(bad) is not a class index in 0..<\(k)")
        }
        return k
    }
}
