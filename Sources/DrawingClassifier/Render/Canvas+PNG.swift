import CLibPNG

extension Canvas {
    /// The canvas encoded as an 8-bit RGB PNG, through libpng's simplified API
    /// (`png_image_write_to_memory` with `PNG_FORMAT_RGB`).
    public func pngData() throws(PNGEncodingError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = 0x02  // PNG_FORMAT_RGB = PNG_FORMAT_FLAG_COLOR (a macro Swift cannot import)
        defer { png_image_free(&image) }
        let stride = Int32(width * 3)
        var size = 0
        // First call: no output buffer, libpng reports the size it needs.
        let sized = samples.withUnsafeBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, stride, nil)
        }
        guard sized != 0 else { throw PNGEncodingError(reason: Self.message(of: image)) }
        var output = [UInt8](repeating: 0, count: size)
        let written = samples.withUnsafeBytes { raw in
            output.withUnsafeMutableBytes { out in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, raw.baseAddress,
                                          stride, nil)
            }
        }
        guard written != 0 else { throw PNGEncodingError(reason: Self.message(of: image)) }
        return Array(output.prefix(size))
    }

    /// Writes the canvas as an RGB PNG, atomically (see `AtomicFile`): a reader never sees
    /// a half-written file, and a failure leaves any previous file intact.
    public func writePNG(to path: String) throws(FileWriteError) {
        let bytes: [UInt8]
        do {
            bytes = try pngData()
        } catch {
            throw FileWriteError(path: path, reason: error.description)
        }
        try AtomicFile.write(bytes, to: path)
    }

    private static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }
}
