import CLibPNG
import Foundation

/// A tiny PNG encoder (and a gray-only decoder) for tests only: it writes the flavours that
/// libpng's simplified writer cannot (palette, tRNS, 1–16-bit samples, Adam7 interlacing,
/// extra chunks) and, by editing the chunks, broken files (bad CRC, absurd header).
/// Rows are stored with filter 0 (none); zlib's `compress2` and `crc32` come from CLibPNG.
struct TestPNG {
    enum ColorType: UInt8 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    var width: Int
    var height: Int
    var colorType: ColorType
    var bitDepth: Int = 8
    var interlaced = false
    /// `samples[(y * width + x) * channels + c]`, each in 0..<(1 << bitDepth).
    var samples: [Int]
    /// PLTE entries (r, g, b) for `.palette`.
    var palette: [[UInt8]] = []
    /// Raw tRNS chunk content (palette alphas, or a 2-byte gray key, or 6-byte RGB key).
    var transparency: [UInt8]?
    /// Chunks written after IHDR and before IDAT (e.g. ("iDOT", [...])).
    var extraChunks: [(type: String, data: [UInt8])] = []

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The chunks in file order: IHDR, extras, PLTE, tRNS, IDAT, IEND.
    func chunks() -> [(type: String, data: [UInt8])] {
        var result: [(type: String, data: [UInt8])] = [
            ("IHDR", Self.header(width: width, height: height, bitDepth: bitDepth,
                                 colorType: colorType, interlaced: interlaced)),
        ]
        result += extraChunks
        if !palette.isEmpty { result.append(("PLTE", palette.flatMap { $0 })) }
        if let transparency { result.append(("tRNS", transparency)) }
        result.append(("IDAT", Self.compress(scanlines())))
        result.append(("IEND", []))
        return result
    }

    /// The whole file; `breakingCRCOf` flips one bit of that chunk's CRC.
    func encoded(breakingCRCOf broken: String? = nil) -> [UInt8] {
        Self.signature
            + chunks().flatMap { Self.chunk($0.type, $0.data, breakCRC: $0.type == broken) }
    }

    /// The filtered (filter 0) scanlines of every Adam7 pass, or of the whole image.
    func scanlines() -> [UInt8] {
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
               (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        let channels = colorType.channels
        var data: [UInt8] = []
        for pass in passes {
            let columns = Array(stride(from: pass.x, to: width, by: pass.dx))
            let rows = Array(stride(from: pass.y, to: height, by: pass.dy))
            if columns.isEmpty || rows.isEmpty { continue }  // empty passes are omitted
            for y in rows {
                var row: [Int] = []
                for x in columns {
                    for c in 0..<channels { row.append(samples[(y * width + x) * channels + c]) }
                }
                data.append(0)
                data += Self.pack(row, bitDepth: bitDepth)
            }
        }
        return data
    }

    /// Samples packed big-endian, most significant bits first, the last byte zero-padded.
    static func pack(_ samples: [Int], bitDepth: Int) -> [UInt8] {
        if bitDepth == 16 { return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        if bitDepth == 8 { return samples.map { UInt8($0) } }
        var bytes: [UInt8] = []
        var current = 0, used = 0
        for sample in samples {
            current = (current << bitDepth) | sample
            used += bitDepth
            if used == 8 { bytes.append(UInt8(current)); current = 0; used = 0 }
        }
        if used > 0 { bytes.append(UInt8(current << (8 - used))) }
        return bytes
    }

    static func header(width: Int, height: Int, bitDepth: Int, colorType: ColorType,
                       interlaced: Bool) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height))
            + [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
    }

    static func chunk(_ type: String, _ data: [UInt8], breakCRC: Bool = false) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        var crc = typeAndData.withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
        if breakCRC { crc ^= 1 }
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
         UInt8(value & 0xFF)]
    }

    static func compress(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&output, &size, data, uLong(data.count), 9)
        precondition(status == Z_OK, "zlib compress2 failed with status \(status).")
        return Array(output.prefix(Int(size)))
    }

    /// A file whose IHDR claims `width × height` 8-bit gray pixels, followed by one tiny IDAT:
    /// what a malicious or damaged file looks like to a reader that trusts the header.
    static func absurdHeader(width: Int, height: Int) -> [UInt8] {
        signature
            + chunk("IHDR", header(width: width, height: height, bitDepth: 8, colorType: .gray,
                                   interlaced: false))
            + chunk("IDAT", compress([0, 0, 0, 0]))
            + chunk("IEND", [])
    }

    /// Decodes an 8-bit gray, non-interlaced PNG without libpng (chunks, zlib `uncompress`,
    /// the five row filters), to check independently that libpng leaves gray values alone.
    /// Returns nil for any other flavour or a damaged file.
    static func decodeGray8(_ bytes: [UInt8]) -> (width: Int, height: Int, pixels: [UInt8])? {
        guard bytes.count > 8, Array(bytes.prefix(8)) == signature else { return nil }
        var offset = 8, width = 0, height = 0, compressed: [UInt8] = []
        func readUInt32(_ at: Int) -> Int {
            bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        while offset + 12 <= bytes.count {
            let length = readUInt32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { return nil }
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            if type == "IHDR" {
                guard data[8] == 8, data[9] == 0, data[12] == 0 else { return nil }
                width = readUInt32(offset + 8)
                height = readUInt32(offset + 12)
            } else if type == "IDAT" {
                compressed += data
            }
            offset += 12 + length
        }
        let stride = width + 1
        var raw = [UInt8](repeating: 0, count: stride * height)
        var size = uLong(raw.count)
        guard uncompress(&raw, &size, compressed, uLong(compressed.count)) == Z_OK,
              Int(size) == raw.count else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let filter = raw[y * stride]
            for x in 0..<width {
                let value = Int(raw[y * stride + 1 + x])
                let a = x > 0 ? Int(pixels[y * width + x - 1]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * width + x]) : 0
                let c = x > 0 && y > 0 ? Int(pixels[(y - 1) * width + x - 1]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: return nil
                }
                pixels[y * width + x] = UInt8((value + predictor) & 0xFF)
            }
        }
        return (width, height, pixels)
    }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init(_ label: String = "test") throws {
        path = NSTemporaryDirectory() + "DrawingClassifierTests-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relative,
                                                withIntermediateDirectories: true)
    }

    func write(_ bytes: [UInt8], to relative: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + relative))
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
