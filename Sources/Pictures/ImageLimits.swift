/// The largest image a reader accepts. The header's size is checked against these limits
/// before any pixel memory is allocated, so a tiny file claiming 100 000 × 100 000 pixels
/// is refused at once instead of exhausting memory.
public struct ImageLimits: Sendable, Equatable {
    /// The largest accepted width, in pixels.
    public var maxWidth: Int
    /// The largest accepted height, in pixels.
    public var maxHeight: Int
    /// The largest accepted `width × height`. Decoding needs up to 4 bytes per pixel
    /// (RGBA) while converting, so the default of 50 Mpixel bounds that buffer to 200 MB.
    public var maxPixelCount: Int

    /// Limits of 10 000 × 10 000 pixels and 50 Mpixel in all.
    public static let `default` = ImageLimits()

    /// Limits; every value must be positive.
    public init(maxWidth: Int = 10_000, maxHeight: Int = 10_000, maxPixelCount: Int = 50_000_000) {
        precondition(maxWidth > 0 && maxHeight > 0 && maxPixelCount > 0,
                     "Image limits must be positive.")
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixelCount = maxPixelCount
    }
}
