import DrawingClassifier
import Pictures
import StrokeFormats
import FuzzSupport

/// Limits small enough that a hostile header cannot make one run allocate much; the size
/// checks themselves are what is under test.
let options = PNGReadOptions(invertsLightBackground: true,
                             limits: ImageLimits(maxWidth: 2_000, maxHeight: 2_000,
                                                 maxPixelCount: 1_000_000))

@main
enum FuzzPNG {
    static func main() { Fuzzer.run(fuzzOneInput) }
}

/// PNG bytes → `GrayImage`. Every outcome but a crash, hang or sanitizer report is fine;
/// a decoded image must have the size it claims.
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? GrayImage(pngData: bytes, name: "fuzz.png", options: options) else {
        return 0
    }
    precondition(image.pixels.count == image.width * image.height,
                 "A decoded image must hold width × height pixels.")
    _ = image.fitted(toSide: 28)
    return 0
}
