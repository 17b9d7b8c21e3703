import ArgumentParser
import DrawingClassifier
import Foundation
import StrokeFormats
import Pictures

struct Predict: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the most probable classes of single PNG files.")
    @Option(help: "The model file.") var model: String
    @Option(help: "How many classes to list per file.") var top = 3
    @Flag(help: "Print one JSON line per file instead: all probabilities at full precision, the pixels the network saw, and \"novel\" when the model's novelty detector calls the drawing unlike every trained class.")
    var json = false
    @Argument(help: "PNG files.") var files: [String]
    @OptionGroup var images: ImageOptions

    func validate() throws {
        guard top > 0 else { throw ValidationError("--top must be at least 1.") }
        guard !files.isEmpty else { throw ValidationError("Give at least one PNG file.") }
    }

    /// What the model's novelty detector says about an image it calls unlike every trained
    /// class (nil: like one of them, or the model has no detector).
    static func novelty(of image: GrayImage, _ classifier: Classifier) -> String? {
        guard let detector = classifier.novelty,
              let score = classifier.classify(classifier.inputTensor([image])).noveltyScores?.first
        else { return nil }
        return detector.reason(score: score)
    }

    func run() throws {
        let classifier = try ModelFile.read(from: model)
        for file in files {
            let image = try GrayImage(contentsOfPNG: file, options: images.pngOptions)
                .fitted(toSide: classifier.preprocessing.width)
            if json {
                print(PredictionJSON(file: file, image: image, classifier: classifier).line)
                continue
            }
            let predictions = classifier.topPredictions([image], k: top)[0]
            let novelty = Self.novelty(of: image, classifier).map { "  — " + $0 } ?? ""
            print(file + "  " + predictions.map { "\($0.label) \(String(format: "%.4f", $0.probability))" }
                .joined(separator: "  ") + novelty)
        }
    }
}
