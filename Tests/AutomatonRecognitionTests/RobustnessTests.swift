import Foundation
import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats

@Suite struct RobustnessTests {
    /// Strokes no pen makes: empty, one point, repeated points, NaN, infinities, huge and
    /// tiny coordinates, long random walks.
    static func hostileStrokes(using rng: inout SplitMix64) -> [Stroke] {
        var strokes: [Stroke] = [
            Stroke(points: []),
            Stroke(points: [Point(x: 1, y: 1)]),
            Stroke(points: Array(repeating: Point(x: 5, y: 5), count: 50)),
            Stroke(points: [Point(x: 0, y: 0), Point(x: .nan, y: 1), Point(x: 2, y: 2)]),
            Stroke(points: [Point(x: 0, y: 0), Point(x: .infinity, y: 1), Point(x: 2, y: 0)]),
            Stroke(points: [Point(x: -1e300, y: 0), Point(x: 1e300, y: 1), Point(x: 0, y: 1e300)]),
            Stroke(points: [Point(x: 0, y: 0), Point(x: 1e-300, y: 0), Point(x: 0, y: 1e-300)]),
        ]
        for _ in 0..<6 {
            var p = Point(x: 0, y: 0)
            strokes.append(Stroke(points: (0..<Int(rng.nextInt(below: 300))).map { _ in
                p = Point(x: p.x + Double(rng.nextFloat(in: -5..<5)),
                          y: p.y + Double(rng.nextFloat(in: -5..<5)))
                return p
            }))
        }
        return strokes
    }

    @Test func hostileStrokesOfEveryClassNeverCrashAndEachGetsARole() throws {
        var rng = SplitMix64(seed: 99)
        var strokes = Self.hostileStrokes(using: &rng)
        strokes.append(Sketch.circle(center: Point(x: 0, y: 0), radius: 20))  // one real state
        var classified: [ClassifiedStroke] = []
        for (i, stroke) in strokes.enumerated() {
            for (j, label) in ["circle", "arrow", "cycle"].enumerated() {
                classified.append(ClassifiedStroke(index: 3 * i + j, stroke: stroke,
                                                   label: label, confidence: 0.5))
            }
        }
        let labels = [Label(text: "a", position: Point(x: .nan, y: 0)),
                      Label(text: "", position: Point(x: 3, y: 3))]
        let assembly = Assembler().assemble(classified, labels: labels)
        // Every input stroke is in exactly one element (some are grouped).
        #expect(assembly.elements.flatMap(\.strokes).sorted() == classified.map(\.index).sorted())
        let line = RecognitionResult(source: nil, assembly: assembly, inputs: ["a", ""])
            .jsonLine()
        // No bare NaN/inf numbers (reasons may mention them in words); the parse proves it.
        #expect(!line.contains(":nan") && !line.contains(":inf") && !line.contains(":-inf"))
        #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }
}
