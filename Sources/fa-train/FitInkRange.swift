import ArgumentParser
import DrawingClassifier

struct FitInkRange: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fit the ink range of a trained model's novelty detector to the images it was trained on; weights and the rest of the model kept bit for bit.")

    @Option(help: "The model file.") var model: String
    @Option(help: "The PNG class folders the model was trained on (its --data).") var data: String
    @Option(help: "The extra PNG class folders it was trained on (its --extra-data, in the same order).")
    var extraData: [String] = []
    @Option(name: .shortAndLong, help: "Where to write the model file (may be --model itself: written atomically).")
    var output: String
    @OptionGroup var images: ImageOptions

    func run() throws {
        var classifier = try ModelFile.read(from: model)
        let dataset = try images.load(data)
        let extra = try extraData.map { try images.load($0, minimumClasses: 1) }
        try ClassifierTraining.refitInkRange(&classifier, dataset: dataset, extraTraining: extra)
        if let range = classifier.novelty?.inkRange {
            print("ink range \(range.minimum)…\(range.maximum) (fraction of inked pixels of the training images)")
        }
        try ModelFile.write(classifier, to: output)
        print("model written to \(output)")
    }
}
