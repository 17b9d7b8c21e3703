import Pictures

/// The one way pixels become network inputs, used by training, evaluation, prediction and
/// the stroke recognizer alike, so a network is always fed what it was trained on.
extension Preprocessing {
    /// The network input for one pixel (0…255): pixel × `scale`.
    @inline(__always)
    public func input(_ pixel: UInt8) -> Float { Float(pixel) * scale }

    /// The network input for a rasterizer's ink coverage (0…1): the coverage is first
    /// rounded to the pixel an image would store (`Rasterizer.pixel(coverage:)`), so strokes
    /// classified straight from the rasterizer get the inputs their PNG would give.
    @inline(__always)
    public func input(coverage: Float) -> Float { input(Rasterizer.pixel(coverage: coverage)) }

    /// `input(coverage:)` of each of `coverage` into `inputs`, in one loop (the same values:
    /// `Rasterizer.pixelValue(coverage:)` rounds without a call per pixel).
    public func inputs(coverage: UnsafeBufferPointer<Float>,
                       into inputs: UnsafeMutablePointer<Float>) {
        for i in coverage.indices {
            inputs[i] = Rasterizer.pixelValue(coverage: coverage[i]) * scale
        }
    }

    /// The inputs `[N, 1, height, width]` of images of this size, in order.
    public func inputs(_ images: [GrayImage]) -> Tensor {
        var scalars = [Float]()
        scalars.reserveCapacity(images.count * width * height)
        for image in images {
            precondition(image.width == width && image.height == height,
                         "Images must be \(width)×\(height) for this model; resize them first.")
            scalars.append(contentsOf: image.pixels.map(input))
        }
        return Tensor(shape: [images.count, 1, height, width], scalars: scalars)
    }
}
