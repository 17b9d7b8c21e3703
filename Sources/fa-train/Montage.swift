import ArgumentParser
import DrawingClassifier
import Foundation
import StrokeFormats

/// `fa-train montage`: a contact sheet of a dataset, a few drawings per class.
struct MontageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "montage",
        abstract: "Draw a few images of every class in one PNG, one row per class.")

    @OptionGroup var source: DataSource

    @Option(help: "Images per class, spread evenly over each class's files.") var perClass = 8
    @Option(help: "Each image pixel becomes a scale×scale block.") var scale = 3
    @Option(help: "Images per line before a class row wraps.") var columns = 12
    @Option(name: .shortAndLong, help: "The PNG to write.") var output: String
    @OptionGroup var images: ImageOptions

    func validate() throws {
        guard (1...100).contains(perClass) else {
            throw ValidationError("--per-class must lie in 1...100.")
        }
        guard (1...16).contains(scale) else { throw ValidationError("--scale must lie in 1...16.") }
        guard (1...100).contains(columns) else {
            throw ValidationError("--columns must lie in 1...100.")
        }
    }

    func run() throws {
        let dataset: ImageFolderDataset
        if let strokes = source.strokes {
            var rng = SplitMix64(seed: 0)  // unused: no augmented copies
            dataset = try StrokeDataset.load(at: strokes).rasterized(
                classes: source.classList, using: &rng)
        } else {
            dataset = try images.load(source.data ?? "")
        }
        let name = URL(fileURLWithPath: source.data ?? source.strokes ?? "").lastPathComponent
        let title = "\(name): \(dataset.count) images, \(dataset.classNames.count) classes"
        let sheet = try Montage(scale: scale, columns: columns)
            .classRows(of: dataset, perClass: perClass, title: title)
        try sheet.writePNG(to: output)
        print("montage written to \(output) (\(sheet.width)×\(sheet.height))")
    }
}
