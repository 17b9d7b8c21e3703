// Runs the assembler on composed drawings with their TRUE stroke classes (no classifier),
// printing one FORMATS.md §2 JSON line per drawing, so Lab/scripts/score_diagrams.py can
// measure the geometry and assembly alone:
//
//   swift run -c release assemble-true-classes drawings.jsonl expected.jsonl > recognized.jsonl
//
// Strokes whose true class is not circle/arrow/cycle (the stray scribbles) are passed as
// refused, the way a classifier's low-confidence refusal would be.
import Foundation
import DrawingClassifier
import StrokeFormats
import Automata
import AutomatonRecognition

func lines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
}

func object(_ line: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: assemble-true-classes DRAWINGS EXPECTED\n".utf8))
    exit(64)
}
/// The lines of `path`; exits 1 with a message when it cannot be read.
func linesOrExit(_ path: String) -> [String] {
    do { return try lines(path) } catch {
        FileHandle.standardError.write(Data(
            "assemble-true-classes: cannot read \(path): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
let drawings = linesOrExit(arguments[1]), expected = linesOrExit(arguments[2])
for (k, (drawingLine, expectedLine)) in zip(drawings, expected).enumerated() {
    let doc = object(drawingLine)
    let classes = object(expectedLine)["classes"] as? [String] ?? []
    let strokes = (doc["strokes"] as? [[[String: Double]]] ?? []).map { points in
        Stroke(points: points.map { Point(x: $0["x"] ?? 0, y: $0["y"] ?? 0) })
    }
    let labels = (doc["labels"] as? [[String: Any]] ?? []).map {
        Label(text: $0["text"] as? String ?? "",
              position: Point(x: ($0["x"] as? Double) ?? 0, y: ($0["y"] as? Double) ?? 0))
    }
    let classified = strokes.enumerated().map { i, stroke in
        let label = i < classes.count ? classes[i] : "unknown"
        let known = ClassifiedStroke.Kind(rawValue: label) != nil
        return ClassifiedStroke(index: i, stroke: stroke, label: label, confidence: 1,
                                rejection: known ? nil : "true class '\(label)' is no element")
    }
    let assembly = Assembler().assemble(classified, labels: labels)
    let result = RecognitionResult(source: "\(arguments[1]):\(k + 1)", assembly: assembly,
                                   inputs: doc["inputs"] as? [String] ?? [])
    print(result.jsonLine())
}
