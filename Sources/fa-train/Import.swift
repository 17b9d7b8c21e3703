import ArgumentParser
import DrawingClassifier
import ModelExchange

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a Core ML drawing classifier (turicreate's, or one fa-train exported) into a model file.")
    @Option(help: "The .mlmodel file.") var coreml: String
    @Option(name: .shortAndLong, help: "Where to write the model file.") var output: String

    func run() throws {
        let classifier = try CoreMLImport.read(from: coreml)
        try ModelFile.write(classifier, to: output)
        print("imported \(classifier.network.specs.count) layers, classes "
              + "\(classifier.classes.joined(separator: ",")), into \(output)")
    }
}
