import ArgumentParser
import DrawingClassifier

struct Rasterize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a stroke dataset into MNIST-Maker-style PNG class folders (28×28, white on black).")
    @Option(help: "A folder per class of stroke files, or the $1 gesture XML tree.") var strokes: String
    @Option(help: "Comma-separated classes to keep (default: all).") var classes: String?
    @Option(name: .shortAndLong, help: "Folder to write <class>/<name>.png into.") var output: String

    func run() throws {
        let dataset = try StrokeDataset.load(at: strokes)
        let count = try dataset.exportPNGFolders(
            to: output, classes: classes.map { $0.split(separator: ",").map(String.init) })
        print("wrote \(count) PNGs to \(output)")
    }
}
