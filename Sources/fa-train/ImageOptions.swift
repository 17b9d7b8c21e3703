import ArgumentParser
import DrawingClassifier
import Foundation
import StrokeFormats
import Pictures

/// Options shared by every command that reads PNG folders.
struct ImageOptions: ParsableArguments {
    @Flag(help: "Fail on the first unreadable PNG instead of reporting and skipping it.")
    var strict = false
    @Option(help: "Largest PNG width or height accepted; bigger files are refused before decoding.")
    var maxImageSide = 10_000

    func validate() throws {
        guard maxImageSide > 0 else { throw ValidationError("--max-image-side must be positive.") }
    }

    var datasetOptions: ImageFolderDataset.Options {
        ImageFolderDataset.Options(strict: strict, png: pngOptions)
    }

    var pngOptions: PNGReadOptions {
        let side = maxImageSide
        return PNGReadOptions(limits: ImageLimits(maxWidth: side, maxHeight: side,
                                                  maxPixelCount: max(side * side, 1)))
    }

    func load(_ folder: String, minimumClasses: Int = 2) throws -> ImageFolderDataset {
        var options = datasetOptions
        options.minimumClasses = minimumClasses
        let dataset = try ImageFolderDataset(root: folder, options: options) { loaded, total in
            if loaded == total || loaded % 500 == 0 { Console.note("loading \(folder): \(loaded)/\(total) files") }
        }
        for file in dataset.unreadableFiles { Console.note("skipped \(file.path): \(file.reason)") }
        if !dataset.skippedFiles.isEmpty {
            Console.note("skipped \(dataset.skippedFiles.count) non-PNG entries in \(folder)")
        }
        return dataset
    }
}
