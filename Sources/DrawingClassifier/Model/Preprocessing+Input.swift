import Pictures

/// The one way pixels become network inputs, used by training, evaluation, prediction and
/// the stroke recognizer alike, so a network is always fed what it was trained on.
extension Preprocessing {
    /// The network input for one pixel (0…255): pixel × `scale`.
    @inline(__always)
    public func input(_ pixel: UInt8) -> Float { Float(pixel) * scale }

    /// The network input for a rasterizer's ink coverage (0…1): the coverage is first
    /// rounded to the pixel an image would store (`Rasterizer.pixelValue(coverage:)`, the
    /// value of `pixel(coverage:)` without a call to round), so strokes classified straight
    /// from the rasterizer get the inputs their PNG would give.
    @inline(__always)
    public func input(coverage: Float) -> Float {
        Rasterizer.pixelValue(coverage: coverage) * scale
    }

    /// `input(coverage:)` of each of `coverage` into `inputs`.
    public func inputs(coverage: UnsafeBufferPointer<Float>,
                       into inputs: UnsafeMutablePointer<Float>) {
        for i in coverage.indices { inputs[i] = input(coverage: coverage[i]) }
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
