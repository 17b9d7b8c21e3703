import AutomatonRecognition
import DrawingClassifier
import Pictures
import StrokeFormats
import FuzzSupport

/// The recognizer `fa-recognize` builds, with the embedded default model.
let recognizer: Recognizer? = (try? DefaultModel.classifier()).map { classifier in
    Recognizer(elementClassifier: ElementClassifier(classifier: classifier))
}

@main
enum FuzzPipeline {
    static func main() { Fuzzer.run(fuzzOneInput) }
}

/// Drawing bytes → read → classify every stroke → assemble → simulate the drawing's words
/// plus a few fixed ones → JSON, exactly as `fa-recognize` does for one file.
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let recognizer else { preconditionFailure("The embedded default model must load.") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let input = try? StrokeReader.read(bytes: bytes, source: "fuzz.json") else { return 0 }
    for case .success(let drawing) in input.results {
        let result = recognizer.recognize(drawing, source: "fuzz.json",
                                          extraInputs: ["", "a", "ab", "abba"])
        _ = result.jsonLine()
        _ = result.assembly.automaton.dot(name: "fuzz")
    }
    return 0
}
