import DrawingClassifier
import Pictures
import StrokeFormats
import FuzzSupport

@main
enum FuzzStrokes {
    static func main() { Fuzzer.run(fuzzOneInput) }
}

/// Drawing bytes (JSON, JSON Lines, Quick, Draw!, gesture XML) → `DrawingInput`, then each
/// drawing rasterized, as every consumer of the reader does next.
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let input = try? StrokeReader.read(bytes: bytes, source: "fuzz.json") else { return 0 }
    for case .success(let drawing) in input.results {
        for stroke in drawing.strokes {
            precondition(!stroke.points.isEmpty, "The reader never returns an empty stroke.")
        }
        _ = Rasterizer.standard.rasterize(drawing)
    }
    return 0
}
