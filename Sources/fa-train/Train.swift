import ArgumentParser
import DrawingClassifier
import Foundation
import StrokeFormats
import Pictures

struct Train: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Train on a folder of class folders of PNGs, evaluate on a held-out split, export.")

    @OptionGroup var source: DataSource

    @Option(help: "With --strokes: comma-separated writers (sNN) held out as the test set.")
    var holdOutWriters: String?
    @Option(help: "With --strokes: augmented copies of each training drawing (rotation, scale, jitter, point dropout).")
    var augmentCopies = 0
    @Option(help: "More PNG class folders used for training only (repeatable; same classes).")
    var extraData: [String] = []
    @Option(help: "How many synthetic arrows with redrawn heads to add to training — heads of other sizes and angles, retraced, curled at the tip, hooked — drawn once from the seed (0 = none; only when the data has a class 'arrow').")
    var headVariants = 150
    @Option(help: ArgumentHelp("Take those arrows' shafts from the one-stroke `arrow` drawings of this stroke dataset (e.g. the bundled datasets/synthetic-strokes) instead of drawing them.", valueName: "dir"))
    var arrowStrokes: String?
    @Option(help: "Which changes of the head besides its size and angles, any of curl, retrace, second-retrace, hook (comma-separated), or none.")
    var headChanges = "curl,retrace,second-retrace,hook"
    @Option(help: ArgumentHelp("The redrawn heads' barb lengths, as fractions of the shaft's length: LOW-HIGH.", valueName: "range"))
    var headLength = "0.12-0.45"
    @Option(help: "A separate folder of test images (same classes); replaces the split.")
    var testData: String?
    @Option(help: "Passes over the training split.") var epochs = 60
    @Option(help: "Examples per gradient step.") var batchSize = 16
    @Option(help: "SGD learning rate.") var learningRate: Float = 0.02
    @Option(help: "SGD momentum.") var momentum: Float = 0.9
    @Option(help: "L2 weight decay on weights (not biases).") var weightDecay: Float = 0
    @Option(help: "Average the weights of the last this many epochs (0 = off).")
    var averageEpochs = 0
    @Option(help: "Learning-rate schedule: constant, cosine or step (×0.1 every third of the run).")
    var schedule = ScheduleChoice.cosine
    @Option(help: "Seed for the split, weight initialisation, shuffling and augmentation (each its own stream).")
    var seed: UInt64 = 1
    @Option(help: "Fraction of each class held out for testing.") var testSplit = 0.2
    @Option(help: "Fraction of the training part held out to report validation accuracy.")
    var validationSplit = 0.0
    @Option(help: "Worker threads (results are identical for every count).") var threads = 2
    @Option(help: "Matrix kernels: best (fastest this CPU supports), portable, avx2 or avx512.")
    var kernels = KernelChoice.best
    @Option(help: "Random rotation of training images, in degrees either way (0 = off).")
    var augmentRotation: Float = 60
    @Option(help: "Random relative scale change of training images either way (0 = off).")
    var augmentScale: Float = 0
    @Option(help: "Random shift of training images in pixels either way (0 = off).")
    var augmentShift: Float = 0
    @Flag(inversion: .prefixedNo,
          help: "Fit rotated training images back into the frame, as MNIST Maker fits drawings (then scale and shift are not used).")
    var augmentRefit = true
    @Option(help: "With refitting: random change of training images' width against height, either way (0 = off).")
    var augmentAspect: Float = 0
    @Option(help: "With refitting: random horizontal shear of training images, either way (0 = off).")
    var augmentShear: Float = 0
    @Option(help: "With refitting: largest displacement of a smooth random warp of training images, in pixels (0 = off).")
    var augmentElastic: Float = 3
    @Option(help: "Cells per side of that warp's grid (1 = one bilinear warp of the whole frame).")
    var augmentElasticCells = 1
    @Option(help: "With refitting: largest pen-width change of training images, as a blend with their dilation or erosion (0…2, above 1 a second dilation; 0 = off).")
    var augmentThickness: Float = 1
    @Option(help: "With refitting: probability of erasing a piece at one end of a training image's stroke (0…1, 0 = off).")
    var augmentErasing: Float = 0
    @Option(help: "Largest radius of that erased piece, in pixels of the 28×28 image.")
    var augmentErasingRadius: Float = 3
    @Option(name: .shortAndLong, help: "Where to write the model file.") var output = "classifier.model"
    @Option(help: "Also write the test evaluation as JSON (FORMATS.md §4).") var report: String?
    @Option(help: "Also draw the test confusion matrix as a heat-map PNG.")
    var confusionPng: String?
    @Option(help: "Also draw the misclassified test images as a PNG.") var mistakesPng: String?
    @OptionGroup var images: ImageOptions

    func validate() throws {
        guard source.strokes != nil || (holdOutWriters == nil && augmentCopies == 0) else {
            throw ValidationError("--hold-out-writers and --augment-copies need --strokes.")
        }
        guard (0...100).contains(augmentCopies) else {
            throw ValidationError("--augment-copies must lie in 0...100.")
        }
        guard (0...100_000).contains(headVariants) else {
            throw ValidationError("--head-variants must lie in 0...100000.")
        }
        _ = try headVariation()  // --head-changes and --head-length
        guard epochs > 0 else { throw ValidationError("--epochs must be at least 1.") }
        guard (0...epochs).contains(averageEpochs) else {
            throw ValidationError("--average-epochs must lie in 0...--epochs.")
        }
        guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1.") }
        guard learningRate > 0, learningRate.isFinite else {
            throw ValidationError("--learning-rate must be a positive number.")
        }
        guard (0..<1).contains(momentum) else { throw ValidationError("--momentum must lie in [0, 1).") }
        guard weightDecay >= 0, weightDecay.isFinite else {
            throw ValidationError("--weight-decay must not be negative.")
        }
        guard (0..<1).contains(testSplit) else { throw ValidationError("--test-split must lie in [0, 1).") }
        guard (0..<1).contains(validationSplit) else {
            throw ValidationError("--validation-split must lie in [0, 1).")
        }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must lie in 1...64.") }
        guard kernels == .best || kernels.path.isSupported else {
            throw ValidationError("--kernels must be best, or one of "
                + KernelPath.allCases.filter(\.isSupported).map(\.rawValue).joined(separator: ", ")
                + " on this CPU.")
        }
        guard (0..<1).contains(augmentAspect), augmentShear >= 0, augmentElastic >= 0,
              (0...2).contains(augmentThickness), (0...1).contains(augmentErasing),
              augmentErasingRadius >= 0, (1...14).contains(augmentElasticCells) else {
            throw ValidationError("--augment-aspect must lie in [0, 1), --augment-shear and --augment-elastic must not be negative, --augment-thickness must lie in [0, 2], --augment-erasing in [0, 1], --augment-erasing-radius must not be negative, --augment-elastic-cells must lie in 1...14.")
        }
    }

    /// The training images and, when the test set is fixed in advance, the test images.
    func loadData() throws -> (ImageFolderDataset, ImageFolderDataset?) {
        if let strokes = source.strokes {
            let samples = try StrokeDataset.load(at: strokes)
            Console.note("loaded \(samples.samples.count) stroke drawings from \(strokes)")
            let split = RasterizedStrokeSplit(
                strokes: samples, classes: source.classList,
                testFraction: testSplit,
                heldOutWriters: Set((holdOutWriters ?? "").split(separator: ",").map(String.init)),
                augmentation: StrokeAugmentation(), copies: augmentCopies, seed: seed)
            return (split.training, split.test.count > 0 ? split.test : nil)
        }
        let dataset = try images.load(source.data ?? "")
        let testDataset = try testData.map { folder in
            let test = try images.load(folder)
            try test.checkSameClasses(as: dataset)
            return test
        }
        return (dataset, testDataset)
    }

    /// The head changes that `--head-changes` names.
    func headVariation() throws -> ArrowHeadVariation {
        let names = Set(headChanges.split(separator: ",").map(String.init))
        let known: Set = ["curl", "retrace", "second-retrace", "hook", "none"]
        guard names.isSubset(of: known), !names.isEmpty else {
            throw ValidationError("--head-changes must list curl, retrace, second-retrace, hook, or be none.")
        }
        // Exactly two numbers around one "-": "-0.2-0.5" is refused, not read as 0.2-0.5.
        let parts = headLength.split(separator: "-", omittingEmptySubsequences: false)
        let bounds = parts.count == 2 ? parts.compactMap { Double($0) } : []
        guard bounds.count == 2, bounds[0] > 0, bounds[0] <= bounds[1], bounds[1] <= 2 else {
            throw ValidationError("--head-length must be LOW-HIGH with 0 < LOW <= HIGH <= 2 (e.g. 0.12-0.45).")
        }
        let all = ArrowHeadVariation()
        return ArrowHeadVariation(headLength: bounds[0]...bounds[1], curl: names.contains("curl") ? all.curl : 0,
                                  maxRetraceGap: names.contains("retrace") ? all.maxRetraceGap : 0,
                                  retraceSecondBarb: names.contains("second-retrace") ? all.retraceSecondBarb : 0,
                                  hook: names.contains("hook") ? all.hook : 0)
    }

    /// The arrows with redrawn heads added to training (`--head-variants` of them): shafts
    /// drawn by `ArrowHeadVariation.shaft`, or the one-stroke arrows of `--arrow-strokes`.
    /// Nil, with a note, when the data has no class `arrow` and no stroke folder was named.
    func redrawnArrows(classNames: [String]) throws -> ImageFolderDataset? {
        guard classNames.contains("arrow") else {
            guard arrowStrokes == nil else {
                throw InputError(description: "--arrow-strokes adds drawings of class 'arrow', which "
                    + "the training data (\(classNames.joined(separator: ", "))) does not have.")
            }
            Console.note("no class 'arrow' in the data: no arrows with redrawn heads added")
            return nil
        }
        var rng = SplitMix64(seed: seed, stream: .arrowHeads)
        let variation = try headVariation()
        guard let arrowStrokes else {
            Console.note("added \(headVariants) synthetic arrows with redrawn heads (--head-variants)")
            return variation.trainingImages(count: headVariants, using: &rng)
        }
        let arrows = variation.trainingImages(
            from: try StrokeDataset.load(at: arrowStrokes), count: headVariants, using: &rng)
        guard arrows.images.count > 0 else {
            throw InputError(description: "--arrow-strokes \(arrowStrokes): no one-stroke drawing of class 'arrow' found.")
        }
        Console.note("added \(arrows.images.count) arrows with redrawn heads from \(arrowStrokes)")
        return arrows
    }

    func run() throws {
        let start = ContinuousClock.now
        let (dataset, testDataset) = try loadData()
        var extra = try extraData.map { try images.load($0, minimumClasses: 1) }
        if headVariants > 0 {
            if let arrows = try redrawnArrows(classNames: dataset.classNames) { extra.append(arrows) }
        }
        var training = TrainingOptions(epochs: epochs, batchSize: batchSize, learningRate: learningRate,
                                       momentum: momentum, weightDecay: weightDecay,
                                       schedule: schedule.schedule(epochs: epochs), seed: seed,
                                       threadCount: threads)
        training.averagedEpochs = averageEpochs
        var options = ClassifierTrainingOptions(training: training, testFraction: testSplit,
                                                validationFraction: validationSplit,
                                                datasetName: URL(fileURLWithPath: source.data ?? source.strokes ?? "")
                                                    .lastPathComponent)
        options.kernelPath = kernels.path
        Console.note("kernels: \(options.kernelPath) (best on this CPU: \(KernelPath.best.rawValue))")
        Console.note(" epoch  train loss  train acc  valid acc  elapsed")
        let augmentation = ImageAugmentation(maxRotationDegrees: augmentRotation,
                                             maxScaleChange: augmentScale, maxShift: augmentShift,
                                             refits: augmentRefit)
        let variation = DrawingVariation(maxRotationDegrees: augmentRotation, maxAspectChange: augmentAspect,
                                         maxShear: augmentShear, elasticAmplitude: augmentElastic,
                                         elasticCells: augmentElasticCells,
                                         maxThicknessChange: augmentThickness, erasing: augmentErasing,
                                         maxErasingRadius: augmentErasingRadius)
        let varies = augmentRefit && (augmentAspect > 0 || augmentShear > 0 || augmentElastic > 0
                                      || augmentThickness > 0 || augmentErasing > 0)
        let result = try ClassifierTraining.run(dataset: dataset, testDataset: testDataset,
                                                extraTraining: extra,
                                                options: options,
                                                augmentation: varies ? { variation.apply(to: &$0, using: &$1) }
                                                    : augmentation.isIdentity ? nil
                                                    : { augmentation.apply(to: &$0, using: &$1) },
                                                progress: { Console.note($0.tableRow) })
        Console.note("")
        Console.note(result.split.description)
        try ModelFile.write(result.classifier, to: output)
        if let matrix = result.test {
            print("test evaluation (\(matrix.total) images never seen in training):")
            print(matrix.description)
            for mistake in result.mistakes {
                Console.note("misclassified \(mistake.path.isEmpty ? "(rasterized strokes)" : mistake.path): "
                    + "\(result.classifier.classes[mistake.trueLabel]) taken for "
                    + "\(result.classifier.classes[mistake.predictedLabel])")
            }
            if let report { try EvaluationReport(matrix).write(to: report) }
            if let confusionPng { try ConfusionHeatMap().render(matrix).writePNG(to: confusionPng) }
            if let mistakesPng {
                try Montage().mistakes(result.mistakes, classNames: result.classifier.classes)
                    .writePNG(to: mistakesPng)
            }
        } else if report != nil {
            Console.note("no test examples: --report not written")
        }
        let seconds = (ContinuousClock.now - start).seconds
        let samples = Double(result.classifier.training.trainExamples ?? 0) * Double(epochs)
        print("model written to \(output)")
        Console.note(String(format: "total %.1f s (load, train, evaluate, export); training %.0f samples/s",
                            seconds, samples / max(result.epochs.last?.elapsedSeconds ?? 1, 1e-9)))
    }
}
