import DrawingClassifier
import Pictures
import StrokeFormats
import FuzzSupport

@main
enum FuzzInkML {
    static func main() { Fuzzer.run(fuzzOneInput) }
}

/// InkML bytes → `InkMLDocument.parse` (standard limits). A document that parses must hold
/// what its readers rely on: strokes within the limits and none empty, every group's
/// stroke indices in range, and the same drawing read through `StrokeReader` (as
/// `fa-recognize` reads it). Then the drawing is rasterized, and every truth group's
/// strokes as `StrokeDataset.inkMLGroups` makes a sample of them (that reader takes a
/// folder only).
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let limits = StrokeLimits.standard
    guard let ink = try? InkMLDocument.parse(bytes, source: "fuzz.inkml", limits: limits) else {
        return 0
    }
    let strokes = ink.drawing.strokes
    precondition(strokes.count <= limits.maxStrokesPerDrawing, "No more strokes than the limit.")
    for stroke in strokes {
        precondition(!stroke.points.isEmpty, "The reader never returns an empty stroke.")
        precondition(stroke.points.count <= limits.maxPointsPerStroke, "No more points than the limit.")
        for point in stroke.points {
            precondition(limits.accepts(coordinate: point.x) && limits.accepts(coordinate: point.y),
                         "Coordinates are finite and within the limit.")
            precondition(point.t?.isFinite ?? true, "Times are finite.")
        }
    }
    for group in ink.groups {
        precondition(group.strokes.allSatisfy(strokes.indices.contains),
                     "A group's traceViews name strokes of the drawing.")
        if group.truth != nil, !group.strokes.isEmpty {
            _ = Rasterizer.standard.rasterize(group.strokes.map { strokes[$0] })
        }
    }
    let read = try? StrokeReader.read(bytes: Array(bytes), source: "fuzz.inkml", limits: limits)
    precondition(read == .single(ink.drawing), "StrokeReader reads InkML as InkMLDocument does.")
    _ = Rasterizer.standard.rasterize(ink.drawing)
    return 0
}
