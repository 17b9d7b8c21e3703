import DrawingClassifier
import Pictures
import StrokeFormats

/// Valid PNGs of every colour type libpng's simplified reader converts: the project's own
/// 8-bit gray encoder (`GrayImage.pngData`) and a minimal encoder below (stored deflate
/// blocks, filter 0) for 1- and 16-bit gray, gray+alpha, RGB, RGBA and palette images.
enum PNGSeeds {
    static func all(using rng: inout SplitMix64) throws -> [(name: String, bytes: [UInt8])] {
        var files: [(name: String, bytes: [UInt8])] = []
        for (w, h) in [(1, 1), (28, 28), (7, 3)] {
            var image = GrayImage(width: w, height: h)
            for y in 0..<h { for x in 0..<w where (x + y) % 3 == 0 { image[x, y] = 255 } }
            files.append(("gray8-\(w)x\(h).png", try image.pngData()))
        }
        let (w, h) = (6, 5)
        func samples(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        }
        files.append(("gray1.png", encode(w, h, depth: 1, colorType: 0, rows: samples(h * 1))))
        files.append(("gray16.png", encode(w, h, depth: 16, colorType: 0, rows: samples(h * w * 2),
                                           extra: [chunk("gAMA", bigEndian(45455))])))
        files.append(("gray-alpha.png", encode(w, h, depth: 8, colorType: 4, rows: samples(h * w * 2))))
        files.append(("rgb.png", encode(w, h, depth: 8, colorType: 2, rows: samples(h * w * 3),
                                        extra: [chunk("sRGB", [0])])))
        files.append(("rgba.png", encode(w, h, depth: 8, colorType: 6, rows: samples(h * w * 4))))
        let palette = chunk("PLTE", samples(3 * 4)), alpha = chunk("tRNS", [0, 128, 255])
        let indices = (0..<(h * w)).map { UInt8($0 % 4) }
        files.append(("palette.png", encode(w, h, depth: 8, colorType: 3, rows: indices,
                                            extra: [palette, alpha])))
        return files
    }

    /// A PNG whose pixel rows (without filter bytes) are `rows`, split evenly over `height`.
    static func encode(_ width: Int, _ height: Int, depth: UInt8, colorType: UInt8,
                       rows: [UInt8], extra: [[UInt8]] = []) -> [UInt8] {
        let rowBytes = rows.count / height
        var raw: [UInt8] = []
        for y in 0..<height { raw.append(0); raw += rows[(y * rowBytes)..<((y + 1) * rowBytes)] }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [depth, colorType, 0, 0, 0]
        var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header)
        for chunk in extra { png += chunk }
        return png + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let last: UInt8 = start + count == data.count ? 1 : 0
            let length = UInt16(count)
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8),
                    UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<(start + count)]
            start += count
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + bigEndian(b << 16 | a)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
         UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
