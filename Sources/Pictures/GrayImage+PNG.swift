import CLibPNG
import Foundation

/// How a PNG becomes an 8-bit gray image.
public struct PNGReadOptions: Sendable, Equatable {
    /// Decides the background that transparent pixels are composited onto.
    public var polarity: Polarity
    /// When true, an image whose background is light (see `GrayImage.hasLightBackground`,
    /// judged after compositing) is inverted so that it becomes white ink on black.
    public var invertsLightBackground: Bool
    /// The largest accepted size, checked against the header before decoding.
    public var limits: ImageLimits

    /// Defaults: transparent → black, no inversion, `ImageLimits.default`.
    public init(polarity: Polarity = .whiteInkOnBlack, invertsLightBackground: Bool = false,
                limits: ImageLimits = .default) {
        self.polarity = polarity
        self.invertsLightBackground = invertsLightBackground
        self.limits = limits
    }
}

/// PNG reading and writing through libpng's simplified API (`png_image_*`), which reports
/// errors through `png_image.message` instead of setjmp/longjmp (unusable from Swift).
///
/// Any PNG flavour is accepted: gray, gray+alpha, RGB, RGBA, palette (with or without
/// tRNS), 1–16 bits per sample, interlaced or not; ancillary chunks such as iCCP, eXIf and
/// Apple's iDOT are skipped. Conversion to 8-bit gray:
/// - libpng is asked for 8-bit samples in the file's own colour model plus an alpha channel
///   (gray+alpha for gray files, RGBA for colour and palette files), so gray samples pass
///   through unchanged. 8-bit files without gamma information are taken as sRGB and are not
///   altered; 16-bit files without gAMA/sRGB are also taken as sRGB
///   (`PNG_IMAGE_FLAG_16BIT_sRGB`) and scaled to 8 bits rather than gamma-encoded. Files
///   whose gAMA differs from sRGB's are converted to sRGB by libpng.
/// - Colour becomes gray here, not in libpng (whose converter works in linear light and may
///   shift pure grays): `gray = (6968 r + 23434 g + 2366 b) / 32768`, rounded, with the
///   sRGB/Rec. 709 luma weights applied to the encoded values. The weights sum to 32768, so
///   a pixel with r = g = b keeps exactly that value.
/// - Alpha is composited onto the background of `options.polarity`, in the encoded values:
///   `gray = (v·a + background·(255 − a)) / 255`, rounded.
extension GrayImage {
    /// Reads a PNG file.
    public init(contentsOfPNG path: String,
                options: PNGReadOptions = PNGReadOptions()) throws(ImageLoadingError) {
        let signature = try Self.readPrefix(of: path, count: 8)
        try Self.checkSignature(signature, source: path)
        self = try Self.decodePNG(source: path, options: options) { image in
            png_image_begin_read_from_file(image, path)
        }
    }

    /// Decodes PNG bytes held in memory; `name` only labels error messages.
    public init(pngData bytes: [UInt8], name: String = "",
                options: PNGReadOptions = PNGReadOptions()) throws(ImageLoadingError) {
        try Self.checkSignature(Array(bytes.prefix(8)), source: name)
        let result: Result<GrayImage, ImageLoadingError> = bytes.withUnsafeBytes { raw in
            do throws(ImageLoadingError) {
                // The memory must stay valid until `png_image_finish_read`: decode inside.
                return .success(try Self.decodePNG(source: name, options: options) { image in
                    png_image_begin_read_from_memory(image, raw.baseAddress, raw.count)
                })
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// The image encoded as an 8-bit grayscale PNG (`png_image_write_to_memory`).
    public func pngData() throws(PNGEncodingError) -> [UInt8] {
        try PNGEncoder.encode(pixels, width: width, height: height, format: PNGEncoder.gray)
    }

    /// Writes the image as an 8-bit grayscale PNG, atomically (see `AtomicFile`): a reader
    /// never sees a half-written file, and a failure leaves any previous file intact.
    public func writePNG(to path: String) throws(FileWriteError) {
        try PNGEncoder.write(pixels, width: width, height: height, format: PNGEncoder.gray, to: path)
    }

    // MARK: - Decoding

    private static let pngSignature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    private static func checkSignature(_ prefix: [UInt8],
                                       source: String) throws(ImageLoadingError) {
        if prefix.isEmpty { throw .notPNG(path: source, reason: "empty file") }
        guard prefix == Array(pngSignature.prefix(prefix.count)) else {
            throw .notPNG(path: source, reason: "bad signature")
        }
        if prefix.count < pngSignature.count {
            throw .corrupt(path: source, reason: "the data ends inside the 8-byte signature")
        }
    }

    /// Up to `count` bytes from the start of a file. Pipes, sockets and devices are refused:
    /// opening a FIFO without a writer would block forever (opened non-blocking to look).
    private static func readPrefix(of path: String,
                                   count: Int) throws(ImageLoadingError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFDIR else {  // a folder fails below: "Is a directory"
            throw .cannotRead(path: path, reason: "not a regular file (a pipe, socket or device)")
        }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + filled, count - filled)
            }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer.prefix(filled))
    }

    // Bits of `png_image.format` and `flags` (png.h), spelled out because some are macros
    // built from other macros, which Swift does not import.
    private static let formatAlpha: UInt32 = 0x01
    private static let formatColor: UInt32 = 0x02
    private static let flag16BitSRGB: UInt32 = 0x04

    private static func decodePNG(
        source: String, options: PNGReadOptions,
        begin: (UnsafeMutablePointer<png_image>) -> Int32
    ) throws(ImageLoadingError) -> GrayImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        // Reads the signature and the header chunks only; no pixel memory yet.
        guard begin(&image) != 0 else {
            throw .corrupt(path: source, reason: PNGEncoder.message(of: image))
        }
        let width = Int(image.width), height = Int(image.height)
        let limits = options.limits
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard width <= limits.maxWidth, height <= limits.maxHeight, !overflow,
              pixelCount <= limits.maxPixelCount else {
            throw .tooLarge(path: source, width: width, height: height, limits: limits)
        }
        let isColor = image.format & formatColor != 0
        image.format = formatAlpha | (isColor ? formatColor : 0)  // GA or RGBA, 8-bit
        image.flags |= flag16BitSRGB
        let channels = isColor ? 4 : 2
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        let finished = samples.withUnsafeMutableBytes { raw in
            png_image_finish_read(&image, nil, raw.baseAddress, 0, nil)
        }
        guard finished != 0 else { throw .corrupt(path: source, reason: PNGEncoder.message(of: image)) }

        // samples is (H, W, C) with C = 2 (gray, alpha) or 4 (r, g, b, alpha).
        let background = Int(options.polarity.backgroundValue)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let base = i * channels
            let value: Int
            if isColor {
                let r = Int(samples[base]), g = Int(samples[base + 1]), b = Int(samples[base + 2])
                value = (6968 * r + 23434 * g + 2366 * b + 16384) >> 15
            } else {
                value = Int(samples[base])
            }
            let alpha = Int(samples[base + channels - 1])
            pixels[i] = UInt8((value * alpha + background * (255 - alpha) + 127) / 255)
        }
        var result = GrayImage(width: width, height: height, pixels: pixels)
        if options.invertsLightBackground && result.hasLightBackground {
            result = result.inverted()
        }
        return result
    }

    /// libpng's NUL-terminated error or warning message.

}
