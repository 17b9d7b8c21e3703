import DrawingClassifier
import Pictures
import StrokeFormats
import FuzzSupport

@main
enum FuzzGestureXML {
    static func main() { Fuzzer.run(fuzzOneInput) }
}

/// $1 gesture XML bytes → strokes, through the same `StrokeReader` entry point as every
/// other format. Inputs are forced onto the XML path (a `<` is put in front when missing),
/// so no run is spent in the JSON parser.
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.first != UInt8(ascii: "<") { bytes.insert(UInt8(ascii: "<"), at: 0) }
    guard let input = try? StrokeReader.read(bytes: bytes, source: "fuzz.xml") else { return 0 }
    for case .success(let drawing) in input.results {
        precondition(!drawing.strokes.isEmpty, "Gesture XML yields at least one stroke.")
        _ = Rasterizer.standard.rasterize(drawing)
    }
    return 0
}
