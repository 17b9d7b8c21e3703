import AutomatonRecognition
import DrawingClassifier
import Pictures
import StrokeFormats
import Foundation

/// Writes the seed corpora: valid files made by this project's own writers (PNG encoder,
/// model-file encoder) or by the generators below, one folder per harness.
/// Usage: `fuzz-seeds FOLDER` → FOLDER/{png,strokes,gesture-xml,inkml,model-file,pipeline}/…
@main
struct FuzzSeeds {
    static func main() throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: fuzz-seeds FOLDER\n".utf8))
            exit(64)
        }
        let root = CommandLine.arguments[1]
        var rng = SplitMix64(seed: 2026)
        try write(PNGSeeds.all(using: &rng), to: root + "/png")
        try write(DrawingSeeds.jsonFiles() + DrawingSeeds.inkMLFiles(), to: root + "/strokes")
        try write(DrawingSeeds.gestureXMLFiles(), to: root + "/gesture-xml")
        try write(DrawingSeeds.inkMLFiles(), to: root + "/inkml")
        try write(ModelSeeds.all(using: &rng), to: root + "/model-file")
        try write(DrawingSeeds.automata(), to: root + "/pipeline")
    }

    static func write(_ files: [(name: String, bytes: [UInt8])], to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in files { try AtomicFile.write(file.bytes, to: folder + "/" + file.name) }
        print("\(files.count) seeds in \(folder)")
    }
}
