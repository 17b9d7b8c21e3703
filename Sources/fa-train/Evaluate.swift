import ArgumentParser
import DrawingClassifier
import Foundation
import StrokeFormats
import Pictures

struct Evaluate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate a model on a folder of class folders of PNGs.")

    @OptionGroup var source: DataSource
    @Option(help: "The model file.") var model: String
    @Flag(help: "Open-set evaluation: also count strokes rejected as unlike every class; classes the model does not know should be rejected.")
    var openSet = false
    @Option(help: "With --strokes: pen width in drawing units for rasterizing.") var penWidth = 4.0
    @Option(help: "Also write the evaluation as JSON (FORMATS.md §4).") var report: String?
    @OptionGroup var images: ImageOptions

    func run() throws {
        let classifier = try ModelFile.read(from: model)
        let dataset: ImageFolderDataset
        if let strokes = source.strokes {
            var rng = SplitMix64(seed: 0)
            dataset = try StrokeDataset.load(at: strokes).rasterized(
                classes: source.classList,
                rasterizer: Rasterizer(penWidth: .drawingUnits(penWidth)), using: &rng)
        } else {
            dataset = try images.load(source.data ?? "")
        }
        if openSet {
            print(OpenSetReport(classifier: classifier, dataset: dataset).description)
            return
        }
        let matrix = try classifier.confusionMatrix(on: dataset)
        print(matrix.description)
        if let report { try EvaluationReport(matrix).write(to: report) }
    }
}
