import ArgumentParser
import DrawingClassifier
import StrokeFormats

struct Scribbles: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write seeded synthetic non-element strokes (curves, zigzags) as PNGs of one class, for an 'other' class.")
    @Option(help: "How many scribbles.") var count = 600
    @Option(help: "Seed of the scribbles.") var seed: UInt64 = 1
    @Option(help: "Class folder to write them into.") var asClass = "other"
    @Option(name: .shortAndLong, help: "Folder to write <class>/scribble-<k>.png into.") var output: String

    func validate() throws {
        guard (1...100_000).contains(count) else { throw ValidationError("--count must lie in 1...100000.") }
        guard !asClass.isEmpty, !asClass.contains("/") else {
            throw ValidationError("--as-class must be a folder name (not empty, no '/').")
        }
    }

    func run() throws {
        let strokes = ScribbleGenerator(seed: seed).scribbles(count: count)
        let dataset = StrokeDataset(samples: strokes.enumerated().map { index, stroke in
            StrokeSample(strokes: [stroke], label: asClass, source: "scribble-\(index + 1).json")
        })
        var rng = SplitMix64(seed: seed)
        let written = try dataset.exportPNGFolders(to: output, classes: [asClass], using: &rng)
        print("wrote \(written) PNGs to \(output)")
    }
}
