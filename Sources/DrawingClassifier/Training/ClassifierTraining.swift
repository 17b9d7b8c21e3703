import Pictures
/// Settings of a whole run: data split, then `TrainingOptions` for the optimisation.
public struct ClassifierTrainingOptions: Sendable {
    public var training: TrainingOptions
    /// Fraction of each class held out for the test evaluation (ignored with a test set).
    public var testFraction: Double
    /// Fraction of the remaining training part held out to report validation accuracy.
    public var validationFraction: Double
    /// What to record as the dataset in the model file.
    public var datasetName: String?
    /// Which compiled matrix kernels to train with (default: the fastest this CPU runs).
    public var kernelPath: KernelPath = .best

    public init(training: TrainingOptions = TrainingOptions(), testFraction: Double = 0.2,
                validationFraction: Double = 0, datasetName: String? = nil) {
        self.training = training
        self.testFraction = testFraction
        self.validationFraction = validationFraction
        self.datasetName = datasetName
    }
}

/// Everything a training run produced.
public struct ClassifierTrainingResult: Sendable {
    public var classifier: Classifier
    public var epochs: [EpochReport]
    public var split: SplitSummary
    /// The evaluation on the held-out test examples (nil when there were none).
    public var test: ConfusionMatrix?
    /// The test examples the classifier got wrong.
    public var mistakes: [Mistake]

    public struct Mistake: Sendable, Equatable {
        /// The image's file (empty for rasterized strokes).
        public var path: String
        public var image: GrayImage
        public var trueLabel: Int
        public var predictedLabel: Int
    }
}

/// The whole job of `fa-train`: split a dataset (stratified and seeded), build the network,
/// train it, evaluate it on the held-out test part, and describe it for the model file.
///
/// One seed drives everything, each part from its own stream of it
/// (`SplitMix64(seed:stream:)`): the split, weight initialisation, and the trainer's
/// shuffling and augmentation. The same seed and data reproduce the same model bit for bit,
/// and changing one part (more augmentation, say) leaves the others' random choices as
/// they were.
public enum ClassifierTraining {
    public static func run(
        dataset: ImageFolderDataset, testDataset: ImageFolderDataset? = nil,
        extraTraining: [ImageFolderDataset] = [],
        options: ClassifierTrainingOptions,
        augmentation: ((inout Tensor, inout SplitMix64) -> Void)? = nil,
        progress: (EpochReport) -> Void = { _ in }
    ) throws(TrainingError) -> ClassifierTrainingResult {
        guard (0..<1).contains(options.testFraction), (0..<1).contains(options.validationFraction) else {
            throw TrainingError(description: "test and validation fractions must lie in [0, 1)")
        }
        let seed = options.training.seed
        let (training, classNames, split) = trainingSet(dataset: dataset, testDataset: testDataset,
                                                        extraTraining: extraTraining, options: options)
        let preprocessing = Preprocessing.mnistMaker
        let validation = split.validation.isEmpty ? nil
            : dataset.tensors(at: split.validation, preprocessing: preprocessing)
        let test = testDataset.map { $0.tensors(preprocessing: preprocessing) }
            ?? (split.test.isEmpty ? nil : dataset.tensors(at: split.test, preprocessing: preprocessing))

        var initRNG = SplitMix64(seed: seed, stream: .initialization)
        var network = Network(specs: Network.drawingClassifierSpecs(classCount: classNames.count),
                              using: &initRNG)
        network.useKernels(options.kernelPath)
        let trainer = Trainer(options: options.training)
        let epochs = try trainer.train(
            &network, images: training.images, labels: training.labels,
            validation: validation.map { LabeledImages(images: $0.images, labels: $0.labels) },
            augmentation: augmentation, progress: progress)

        var classifier = Classifier(network: network, classes: classNames, preprocessing: preprocessing)
        classifier.fitNoveltyDetector(images: training.images, labels: training.labels)
        let testSource = testDataset ?? dataset
        let testIndices = testDataset == nil ? split.test : Array(0..<(testDataset?.count ?? 0))
        let predicted = test.map { classifier.predictedLabels($0.images) } ?? []
        let matrix = test.map { ConfusionMatrix(classes: classifier.classes, trueLabels: $0.labels,
                                                predictedLabels: predicted) }
        let mistakes = zip(testIndices, predicted).compactMap { index, guess in
            testSource.labels[index] == guess ? nil
                : ClassifierTrainingResult.Mistake(
                    path: testSource.paths.isEmpty ? "" : testSource.paths[index],
                    image: testSource.images[index], trueLabel: testSource.labels[index],
                    predictedLabel: guess)
        }
        var metadata = TrainingMetadata()
        metadata.dataset = options.datasetName
        metadata.options = options.training
        metadata.testFraction = testDataset == nil ? options.testFraction : nil
        metadata.validationFraction = options.validationFraction
        metadata.trainExamples = training.labels.count
        metadata.testExamples = test?.labels.count
        metadata.finalTrainLoss = epochs.last.map { Double($0.trainLoss) }
        metadata.testAccuracy = matrix?.accuracy
        classifier.training = metadata

        let summary = SplitSummary(classNames: classNames, trainingLabels: training.labels,
                                   validationLabels: validation?.labels ?? [],
                                   testLabels: test?.labels ?? [])
        return ClassifierTrainingResult(classifier: classifier, epochs: epochs, split: summary, test: matrix,
                                        mistakes: mistakes)
    }

    /// The examples a run with these options trains on and the class names of its model: the
    /// training part of the dataset's seeded, stratified split, then every extra image; the
    /// dataset's classes, then those found only in the extra data (an "other" class of
    /// non-elements, say), in order of appearance. Extra classes are trained, never tested.
    public static func trainingSet(
        dataset: ImageFolderDataset, testDataset: ImageFolderDataset? = nil,
        extraTraining: [ImageFolderDataset] = [], options: ClassifierTrainingOptions
    ) -> (examples: LabeledImages, classNames: [String], split: DatasetSplit) {
        var splitRNG = SplitMix64(seed: options.training.seed, stream: .split)
        let split = DatasetSplit(stratifying: dataset.labels,
                                 testFraction: testDataset == nil ? options.testFraction : 0,
                                 validationFraction: options.validationFraction, using: &splitRNG)
        let preprocessing = Preprocessing.mnistMaker
        let part = dataset.tensors(at: split.training, preprocessing: preprocessing)
        var training = LabeledImages(images: part.images, labels: part.labels)
        var classNames = dataset.classNames
        for name in extraTraining.flatMap(\.classNames) where !classNames.contains(name) {
            classNames.append(name)
        }
        for extra in extraTraining {
            let mapping = extra.classNames.map { classNames.firstIndex(of: $0) ?? 0 }
            var more = extra.tensors(preprocessing: preprocessing)
            more.labels = more.labels.map { mapping[$0] }
            training.images = Tensor(shape: [training.labels.count + more.labels.count]
                                         + training.images.shape.dropFirst(),
                                     scalars: training.images.scalars + more.images.scalars)
            training.labels += more.labels
        }
        return (training, classNames, split)
    }

    /// Fits the ink range of `classifier`'s novelty detector (`NoveltyDetector.fitInkRange`)
    /// to the examples it was trained on: `trainingSet` of the same data, with the seed and
    /// fractions recorded in the model. Weights, centroids, precision and threshold are kept
    /// bit for bit. (How a model trained before the detector learned its ink range gets one.)
    public static func refitInkRange(
        _ classifier: inout Classifier, dataset: ImageFolderDataset,
        extraTraining: [ImageFolderDataset] = []
    ) throws(TrainingError) {
        guard var detector = classifier.novelty else {
            throw TrainingError(description: "the model has no novelty detector (train it again)")
        }
        guard let seed = classifier.training.options?.seed,
              let testFraction = classifier.training.testFraction else {
            throw TrainingError(description: "the model records no seed or test split to rebuild "
                + "its training set from (train it again)")
        }
        var options = ClassifierTrainingOptions(
            testFraction: testFraction,
            validationFraction: classifier.training.validationFraction ?? 0)
        options.training.seed = seed
        let (training, classNames, _) = trainingSet(dataset: dataset, extraTraining: extraTraining,
                                                    options: options)
        guard classNames == classifier.classes else {
            throw TrainingError(description: "the data's classes \(classNames) are not the model's "
                + "\(classifier.classes)")
        }
        if let count = classifier.training.trainExamples, count != training.count {
            throw TrainingError(description: "the data gives \(training.count) training examples, "
                + "the model was trained on \(count)")
        }
        detector.fitInkRange(inputs: training.images)
        classifier.novelty = detector
    }
}
