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
var out = ""
for (k, result) in try StrokeReader.read(contentsOfFile: CommandLine.arguments[1]).results.enumerated() {
    guard case let .success(drawing) = result else {
        if case let .failure(error) = result { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
        continue
    }
    for offer in Assembler().headOffers(classifier.classify(drawing)) {
        out += "\(k) \(offer.head) \(offer.shaft) \(offer.shaftEnd) "
            + offer.inputs.map { String(format: "%.5f", $0) }.joined(separator: " ") + "\n"
    }
    if out.utf8.count > 1 << 20 { print(out, terminator: ""); out = "" }
}
print(out, terminator: "")
