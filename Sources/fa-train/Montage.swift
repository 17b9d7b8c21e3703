import ArgumentParser
import DrawingClassifier
import Foundation
import StrokeFormats

/// `fa-train montage`: a contact sheet of a dataset, a few drawings per class.
struct MontageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "montage",
        abstract: "Draw a few images of every class in one PNG, one row per class.")

    @Option(help: "Folder with one subfolder of PNG drawings per class.") var data: String?
    @Option(help: ArgumentHelp("Or a stroke dataset (class folders of stroke files, or the $1 "
                               + "XML tree), rasterized as for training.", valueName: "dir"))
    var strokes: String?
    @Option(help: "With --strokes: comma-separated classes to show (default: all).")
    var classes: String?
    @Option(help: "Images per class, spread evenly over each class's files.") var perClass = 8
    @Option(help: "Each image pixel becomes a scale×scale block.") var scale = 3
    @Option(help: "Images per line before a class row wraps.") var columns = 12
    @Option(name: .shortAndLong, help: "The PNG to write.") var output: String
    @OptionGroup var images: ImageOptions

    func validate() throws {
        guard (data == nil) != (strokes == nil) else {
            throw ValidationError(
                "Give exactly one of --data (PNG folders) or --strokes (stroke files).")
        }
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
        if let strokes {
            var rng = SplitMix64(seed: 0)  // unused: no augmented copies
            dataset = try StrokeDataset.load(at: strokes).rasterized(
                classes: classes.map { $0.split(separator: ",").map(String.init) }, using: &rng)
        } else {
            dataset = try images.load(data ?? "")
        }
        let name = URL(fileURLWithPath: data ?? strokes ?? "").lastPathComponent
        let title = "\(name): \(dataset.count) images, \(dataset.classNames.count) classes"
        let sheet = try Montage(scale: scale, columns: columns)
            .classRows(of: dataset, perClass: perClass, title: title)
        try sheet.writePNG(to: output)
        print("montage written to \(output) (\(sheet.width)×\(sheet.height))")
    }
}
