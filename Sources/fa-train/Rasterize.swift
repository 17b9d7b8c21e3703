import ArgumentParser
import DrawingClassifier
import StrokeFormats

struct Rasterize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a stroke dataset into MNIST-Maker-style PNG class folders (28×28, white on black).")
    @Option(help: "A folder per class of stroke files, or the $1 gesture XML tree.") var strokes: String
    @Option(help: "Comma-separated classes to keep (default: all).") var classes: String?
    @Option(name: .shortAndLong, help: "Folder to write <class>/<name>.png into.") var output: String
    @Option(help: "Augmented variants to write per drawing (rotation, scale, jitter, dropout).")
    var copies = 0
    @Option(help: "Largest rotation of the variants, in degrees either way (180 = any angle).")
    var rotation = 10.0
    @Option(help: "Largest bow of the variants, as a fraction of the drawing's longer side (0 = straight).")
    var bend = 0.0
    @Option(help: "Largest fraction of each stroke cut off at either end of the variants (0 = whole).")
    var trim = 0.0
    @Flag(help: "Redraw the head of every variant of an arrow (class `arrow`, one stroke): other sizes and angles, retraced, curled at the tip, hooked.")
    var varyHeads = false
    @Option(help: "Seed of the variants.") var seed: UInt64 = 1
    @Option(help: "Write every kept class into this one class folder (e.g. other).")
    var asClass: String?

    func validate() throws {
        guard (0...100).contains(copies) else { throw ValidationError("--copies must lie in 0...100.") }
        guard (0...180).contains(rotation) else { throw ValidationError("--rotation must lie in 0...180.") }
        guard (0...0.5).contains(bend) else { throw ValidationError("--bend must lie in 0...0.5.") }
        guard (0..<0.5).contains(trim) else { throw ValidationError("--trim must lie in 0..<0.5.") }
    }

    func run() throws {
        var dataset = try StrokeDataset.load(at: strokes)
        let keep = classes.map { $0.split(separator: ",").map(String.init) } ?? dataset.classes
        if let asClass {
            dataset = StrokeDataset(samples: dataset.samples.filter { keep.contains($0.label) }.map {
                var sample = $0
                sample.label = asClass
                return sample
            })
        }
        var rng = SplitMix64(seed: seed)
        let count = try dataset.exportPNGFolders(
            to: output, classes: asClass.map { [$0] } ?? keep,
            augmentation: StrokeAugmentation(maxRotation: rotation * .pi / 180, maxBend: bend, maxTrim: trim), copies: copies,
            heads: varyHeads ? ArrowHeadVariation() : nil,
            using: &rng)
        print("wrote \(count) PNGs to \(output)")
    }
}
