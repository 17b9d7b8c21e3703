extension Canvas {
    /// The canvas encoded as an 8-bit RGB PNG, through libpng's simplified API.
    public func pngData() throws(PNGEncodingError) -> [UInt8] {
        try PNGEncoder.encode(samples, width: width, height: height, format: PNGEncoder.rgb)
    }

    /// Writes the canvas as an RGB PNG, atomically (see `AtomicFile`): a reader never sees
    /// a half-written file, and a failure leaves any previous file intact.
    public func writePNG(to path: String) throws(FileWriteError) {
        try PNGEncoder.write(samples, width: width, height: height, format: PNGEncoder.rgb, to: path)
    }
}
