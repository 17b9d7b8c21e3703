import ArgumentParser
import DrawingClassifier
import ModelExchange
import Pictures

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a model as ONNX or as a Core ML classifier for the original app (FORMATS.md §7).")
    @Option(help: "The model file.") var model: String
    @Option(help: ArgumentHelp("onnx (opset 13; input drawing [N,1,28,28], output probabilities) "
                               + "or coreml (NeuralNetworkClassifier with the original app's interface)."))
    var format: String
    @Option(name: .shortAndLong, help: "Where to write the .onnx or .mlmodel file.") var output: String

    func validate() throws {
        guard format == "onnx" || format == "coreml" else {
            throw ValidationError("--format must be onnx or coreml.")
        }
    }

    func run() throws {
        let classifier = try ModelFile.read(from: model)
        let bytes = format == "onnx" ? try OnnxExport.encode(classifier)
                                     : try CoreMLExport.encode(classifier)
        try AtomicFile.write(bytes, to: output)
        print("wrote \(format == "onnx" ? "ONNX" : "Core ML") model (\(bytes.count) bytes, classes "
              + "\(classifier.classes.joined(separator: ","))) to \(output)")
    }
}
