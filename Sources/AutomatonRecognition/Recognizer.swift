import Automata
import DrawingClassifier
import Foundation
import StrokeFormats

/// The whole recognition of a drawing: classify each stroke, assemble the automaton,
/// simulate the words. Recognising many drawings uses several threads and returns the
/// results in input order.
public struct Recognizer: Sendable {
    public var elementClassifier: ElementClassifier
    public var assembler: Assembler

    public init(elementClassifier: ElementClassifier, assembler: Assembler = Assembler()) {
        self.elementClassifier = elementClassifier
        self.assembler = assembler
    }

    /// Recognises one drawing; `extraInputs` are simulated after the drawing's own inputs.
    public func recognize(_ drawing: Drawing, source: String?, extraInputs: [String] = []) -> RecognitionResult {
        let assembly = assembler.assemble(elementClassifier.classify(drawing), labels: drawing.labels)
        return RecognitionResult(source: source, assembly: assembly, inputs: drawing.inputs + extraInputs)
    }

    /// One output line per item, in order: the result's JSON, or `{"format":1,"source":..,
    /// "error":..}` for an input that could not be read. Work is split over `threadCount`
    /// threads in contiguous chunks, so the output never depends on scheduling.
    public func jsonLines(for items: [(source: String, drawing: Result<Drawing, StrokeFormatError>)],
                          extraInputs: [String] = [], threadCount: Int = 2) -> [String] {
        var lines = [String](repeating: "", count: items.count)
        let workers = max(1, min(threadCount, items.count / 8 + 1))
        let chunk = (items.count + workers - 1) / max(workers, 1)
        lines.withUnsafeMutableBufferPointer { output in
            nonisolated(unsafe) let output = output
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in (worker * chunk)..<min(items.count, (worker + 1) * chunk) {
                    let item = items[index]
                    switch item.drawing {
                    case .success(let drawing):
                        output[index] = recognize(drawing, source: item.source, extraInputs: extraInputs)
                            .jsonLine()
                    case .failure(let error):
                        output[index] = Self.errorLine(source: item.source, message: error.description)
                    }
                }
            }
        }
        return lines
    }

    /// The output line for an input that could not be recognised.
    public static func errorLine(source: String, message: String) -> String {
        JSONValue.object([("format", .integer(1)), ("source", .string(source)),
                          ("error", .string(message))]).rendered(pretty: false)
    }
}
