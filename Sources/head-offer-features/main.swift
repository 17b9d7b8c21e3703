// head-offer-features DRAWINGS: every head offer of every drawing of a JSON-lines file (the
// default model classifies the strokes), as the head-offer model reads it, one line each:
//
//   drawing head shaft end input1 input2 ...
//
// (drawing: 0-based line; head, shaft: stroke indices; end: 0 the shaft's pen start, 1 its
// end). scripts/fit-head-offers labels them from the composer's expected groups and fits the
// model's weights.
import AutomatonRecognition
import DrawingClassifier
import Foundation
import StrokeFormats

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: head-offer-features DRAWINGS.jsonl\n".utf8))
    exit(64)
}
let classifier = ElementClassifier(classifier: try DefaultModel.classifier())
let text = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
var out = ""
for (k, line) in text.split(separator: "\n").enumerated() {
    let doc = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    let strokes = (doc["strokes"] as? [[[String: Double]]] ?? []).map { points in
        Stroke(points: points.map { Point(x: $0["x"] ?? .nan, y: $0["y"] ?? .nan) })
    }
    for offer in Assembler().headOffers(classifier.classify(Drawing(strokes: strokes))) {
        out += "\(k) \(offer.head) \(offer.shaft) \(offer.shaftEnd) "
            + offer.inputs.map { String(format: "%.5f", $0) }.joined(separator: " ") + "\n"
    }
    if out.utf8.count > 1 << 20 { print(out, terminator: ""); out = "" }
}
print(out, terminator: "")
