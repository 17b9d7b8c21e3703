// recognition-latency SECONDS: one-stroke drawing latency (rasterize + classify + assemble,
// the default model) and a small multi-stroke diagram; used by Lab/scripts/measure-recognition-latency.
import Automata
import AutomatonRecognition
import DrawingClassifier
import Foundation
import StrokeFormats
let budget = Double(CommandLine.arguments[1])!
func now() -> Double {
    var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}
let recognizer = Recognizer(elementClassifier: ElementClassifier(classifier: try DefaultModel.classifier()))
let circle = Stroke(points: (0..<64).map { i in
    let t = Double(i) / 63 * 2 * Double.pi
    return Point(x: 150 + 80 * cos(t), y: 150 + 70 * sin(t))
})
let shaft: [Point] = (0..<48).map { i in Point(x: 20 + 4 * Double(i), y: 40 + Double(i)) }
let barb: [Point] = (0..<16).map { i in Point(x: 208 - 2 * Double(i), y: 87 - 2.5 * Double(i)) }
let arrow = Stroke(points: shaft + barb)
func ring(_ cx: Double) -> Stroke {
    Stroke(points: (0..<64).map { i in
        let t = Double(i) / 63 * 2.1 * Double.pi
        return Point(x: cx + 40 * cos(t), y: 100 + 40 * sin(t))
    })
}
let line = Stroke(points: (0..<40).map { i in Point(x: 145 + 2.6 * Double(i), y: 100) })
let head = Stroke(points: [Point(x: 236, y: 88), Point(x: 248, y: 100), Point(x: 236, y: 112)])
let diagram = Drawing(strokes: [ring(100), ring(300), head, line])
func measure(_ drawings: [Drawing]) -> (median: Double, mean: Double) {
    var sink = 0
    for d in drawings { sink += recognizer.recognize(d, source: nil).assembly.elements.count }
    var times: [Double] = []
    let start = now()
    while now() - start < budget || times.count < 100 {
        let t = now()
        sink += recognizer.recognize(drawings[times.count % drawings.count], source: nil)
            .assembly.elements.count
        times.append(now() - t)
    }
    times.sort()
    precondition(sink > 0)
    return (times[times.count / 2] * 1e6, times.reduce(0, +) / Double(times.count) * 1e6)
}
let one = measure([Drawing(strokes: [circle]), Drawing(strokes: [arrow])])
let four = measure([diagram])
print(String(format: "one-stroke drawing: median %.1f µs, mean %.1f µs", one.median, one.mean))
print(String(format: "4-stroke diagram (two-stroke arrow): median %.1f µs, mean %.1f µs",
             four.median, four.mean))
