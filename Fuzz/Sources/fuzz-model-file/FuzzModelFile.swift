import DrawingClassifier
import Pictures
import StrokeFormats
import FuzzSupport

@main
enum FuzzModelFile {
    static func main() { Fuzzer.run(fuzzOneInput) }
}

/// Model-file bytes → `Classifier`. Each input is decoded twice: as it is (which mostly
/// exercises the signature, length and checksum checks) and with its trailing CRC-32
/// recomputed, so that mutations reach the JSON header, the architecture checks and the
/// weights. A model that loads must classify a blank image without trapping.
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ModelFile.decode(bytes, path: "fuzz.model")
    guard bytes.count >= 4 else { return 0 }
    let crc = CRC32.checksum(bytes[..<(bytes.count - 4)])
    for k in 0..<4 { bytes[bytes.count - 4 + k] = UInt8(truncatingIfNeeded: crc >> (8 * k)) }
    guard let classifier = try? ModelFile.decode(bytes, path: "fuzz.model") else { return 0 }
    let p = classifier.preprocessing
    let blank = GrayImage(width: p.width, height: p.height)
    let (probabilities, _) = classifier.classify(classifier.inputTensor([blank]))
    precondition(probabilities.shape == [1, classifier.classes.count],
                 "A loaded model gives one probability per class.")
    return 0
}

/// zlib's CRC-32 (reflected polynomial 0xEDB88320), table-driven.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
