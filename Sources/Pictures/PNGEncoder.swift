import CLibPNG

/// Encodes 8-bit pixel rows as a PNG through libpng's simplified API
/// (`png_image_write_to_memory`, no setjmp/longjmp), for gray images and RGB pictures alike.
package enum PNGEncoder {
    /// libpng's `PNG_FORMAT_GRAY` and `PNG_FORMAT_RGB` (= `PNG_FORMAT_FLAG_COLOR`, a macro
    /// Swift cannot import).
    package static let gray: UInt32 = 0, rgb: UInt32 = 0x02

    /// `samples` holds `height` rows of `width × channels` bytes; `format` is `gray` (1
    /// channel) or `rgb` (3).
    package static func encode(_ samples: [UInt8], width: Int, height: Int,
                       format: UInt32) throws(PNGEncodingError) -> [UInt8] {
        guard width > 0, height > 0 else {
            throw PNGEncodingError(reason: "a \(width)×\(height) image has no pixels")
        }
        let channels = format == rgb ? 3 : 1
        precondition(samples.count == width * height * channels,
                     "A \(width)×\(height) PNG needs \(width * height * channels) samples.")
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        defer { png_image_free(&image) }
        let stride = Int32(width * channels)
        var size = 0
        // First call: no output buffer, libpng reports the size it needs.
        let sized = samples.withUnsafeBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, stride, nil)
        }
        guard sized != 0 else { throw PNGEncodingError(reason: message(of: image)) }
        var output = [UInt8](repeating: 0, count: size)
        let written = samples.withUnsafeBytes { raw in
            output.withUnsafeMutableBytes { out in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, raw.baseAddress,
                                          stride, nil)
            }
        }
        guard written != 0 else { throw PNGEncodingError(reason: message(of: image)) }
        return Array(output.prefix(size))
    }

    /// Encodes and writes atomically (see `AtomicFile`): a reader never sees a half-written
    /// file, and a failure leaves any previous file intact.
    package static func write(_ samples: [UInt8], width: Int, height: Int, format: UInt32,
                      to path: String) throws(FileWriteError) {
        let bytes: [UInt8]
        do {
            bytes = try encode(samples, width: width, height: height, format: format)
        } catch {
            throw FileWriteError(path: path, reason: error.description)
        }
        try AtomicFile.write(bytes, to: path)
    }

    /// libpng's message for a failed call.
    package static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }
}

/// Why an image could not be encoded as PNG (libpng's message).
public struct PNGEncodingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// libpng's message.
    public var reason: String
    public var description: String { "cannot encode PNG (\(reason))" }
}
