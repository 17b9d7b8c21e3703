/// An 8-bit grayscale image, row-major, `pixels[y * width + x]`, 0 = black, 255 = white.
/// The classifier's images are 28×28 with white ink on black (the MNIST Maker convention).
public struct GrayImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height,
                     "A \(width)×\(height) image needs \(width * height) pixels, got \(pixels.count).")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A black image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height))
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
