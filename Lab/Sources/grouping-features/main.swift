// grouping-features [--arcs] DRAWINGS: every head offer of every drawing of a JSON-lines
// file (the default model classifies the strokes), as the head-offer model reads it, one
// line each:
//
//   drawing head shaft end input1 input2 ...
//
// (drawing: 0-based line; head, shaft: stroke indices; end: 0 the shaft's pen start, 1 its
// end). With --arcs, every pair of strokes that may be one round drawn in two arcs, as the
// arc-pair model reads it:
//
//   drawing first second input1 input2 ...
//
// Lab/scripts/fit-grouping-models labels them from the composer's expected groups and fits the
// models' weights.
import Automata
import AutomatonRecognition
import DrawingClassifier
import Foundation
import StrokeFormats

var arguments = Array(CommandLine.arguments.dropFirst())
let arcs = arguments.first == "--arcs"
if arcs { arguments.removeFirst() }
guard arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: grouping-features [--arcs] DRAWINGS.jsonl\n".utf8))
    exit(64)
}
let classifier: ElementClassifier, read: DrawingInput
do {
    classifier = ElementClassifier(classifier: try DefaultModel.classifier())
    read = try StrokeReader.read(contentsOfFile: arguments[0])
} catch {
    FileHandle.standardError.write(Data("grouping-features: \(error)\n".utf8))
    exit(1)
}
var out = ""
for (k, result) in read.results.enumerated() {
    guard case let .success(drawing) = result else {
        if case let .failure(error) = result { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
        continue
    }
    let strokes = classifier.classify(drawing)
    let lines: [(Int, Int, Int?, [Double])] = arcs
        ? Assembler().arcPairs(strokes).map { ($0.first, $0.second, nil, $0.inputs) }
        : Assembler().headOffers(strokes).map { ($0.head, $0.shaft, $0.shaftEnd, $0.inputs) }
    for (a, b, end, inputs) in lines {
        out += "\(k) \(a) \(b) " + (end.map { "\($0) " } ?? "")
            + inputs.map { String(format: "%.5f", $0) }.joined(separator: " ") + "\n"
    }
    if out.utf8.count > 1 << 20 { print(out, terminator: ""); out = "" }
}
print(out, terminator: "")
