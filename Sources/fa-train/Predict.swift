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

    /// One image's class probabilities `[1, K]` and what the model's novelty detector says
    /// of it (nil: like one of the trained classes, or the model has no detector), from one
    /// forward pass.
    static func classified(_ image: GrayImage, _ classifier: Classifier)
        -> (probabilities: Tensor, novelty: String?) {
        let (probabilities, scores) = classifier.classify(classifier.inputTensor([image]))
        guard let detector = classifier.novelty, let score = scores?.first else {
            return (probabilities, nil)
        }
        return (probabilities, detector.reason(score: score))
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
            let (probabilities, novel) = Self.classified(image, classifier)
            let predictions = classifier.topPredictions(probabilities, k: top)[0]
            let novelty = novel.map { "  — " + $0 } ?? ""
            print(file + "  " + predictions.map { "\($0.label) \(String(format: "%.4f", $0.probability))" }
                .joined(separator: "  ") + novelty)
        }
    }
}
