/// Resizing, fitting into the classifier's square, and polarity helpers.
extension GrayImage {
    /// The image resampled to `newWidth × newHeight` by area averaging: every output pixel
    /// is the mean of the source area it covers, each source pixel weighted by the fraction
    /// of it inside that area, rounded to the nearest integer (halves up). Works for any
    /// sizes, shrinking or enlarging; the arithmetic is exact integers, so shrinking by an
    /// integer factor k gives exactly the rounded mean of each k × k block.
    public func resized(width newWidth: Int, height newHeight: Int) -> GrayImage {
        precondition(newWidth > 0 && newHeight > 0, "A resized image needs a positive size.")
        precondition(width > 0 && height > 0, "An empty image cannot be resized.")
        if newWidth == width && newHeight == height { return self }
        let columns = Self.areaWeights(from: width, to: newWidth)
        let rows = Self.areaWeights(from: height, to: newHeight)
        // Horizontal pass: rowSums is (H, newW); each entry is Σ weight·pixel, weights summing
        // to `width`.
        var rowSums = [Int](repeating: 0, count: height * newWidth)
        for y in 0..<height {
            for x in 0..<newWidth {
                var sum = 0
                for (source, weight) in columns[x] {
                    sum += weight * Int(pixels[y * width + source])
                }
                rowSums[y * newWidth + x] = sum
            }
        }
        // Vertical pass: weights sum to `height`, so every total is divided by width·height.
        let denominator = width * height
        var output = [UInt8](repeating: 0, count: newWidth * newHeight)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                var total = 0
                for (source, weight) in rows[y] { total += weight * rowSums[source * newWidth + x] }
                output[y * newWidth + x] = UInt8((total + denominator / 2) / denominator)
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: output)
    }

    /// For each output index along one axis, the source indices it overlaps and the overlap
    /// lengths, measured in units of 1/(source·output) of the axis so they are integers:
    /// source pixel i spans [i·output, (i+1)·output), output pixel o spans
    /// [o·source, (o+1)·source). The weights of one output pixel sum to `source`.
    static func areaWeights(from source: Int, to output: Int) -> [[(Int, Int)]] {
        (0..<output).map { o in
            let start = o * source, end = (o + 1) * source
            let first = start / output, last = (end - 1) / output
            return (first...last).map { i in
                (i, min(end, (i + 1) * output) - max(start, i * output))
            }
        }
    }

    /// The image brought to `side × side` the way MNIST Maker exports drawings: scaled by
    /// area averaging so that its longer side becomes `side` (aspect ratio kept; the shorter
    /// side is rounded, at least 1 pixel), then centred on a background of `polarity`'s
    /// colour (black by default). An image that is already `side × side` is returned as is;
    /// a square one is only resized. The content is not cropped first: the image's own
    /// frame is what gets fitted.
    public func fitted(toSide side: Int = 28,
                       polarity: Polarity = .whiteInkOnBlack) -> GrayImage {
        precondition(side > 0, "The side of a fitted image must be positive.")
        let background = polarity.backgroundValue
        var canvas = GrayImage(width: side, height: side,
                               pixels: [UInt8](repeating: background, count: side * side))
        guard width > 0, height > 0 else { return canvas }
        if width == side && height == side { return self }
        let longer = max(width, height)
        let newWidth = max(1, (width * side + longer / 2) / longer)
        let newHeight = max(1, (height * side + longer / 2) / longer)
        let scaled = resized(width: newWidth, height: newHeight)
        if newWidth == side && newHeight == side { return scaled }
        let left = (side - newWidth) / 2, top = (side - newHeight) / 2
        for y in 0..<newHeight {
            for x in 0..<newWidth { canvas[left + x, top + y] = scaled[x, y] }
        }
        return canvas
    }

    /// Every pixel replaced by 255 − pixel.
    public func inverted() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// The mean of the outermost ring of pixels (first and last rows and columns), 0...255;
    /// 0 for an empty image. Drawings rarely touch all four edges, so this is a robust
    /// estimate of the background.
    public var borderMean: Double {
        guard width > 0, height > 0 else { return 0 }
        var sum = 0, count = 0
        for y in 0..<height {
            let onEdgeRow = y == 0 || y == height - 1
            for x in 0..<width where onEdgeRow || x == 0 || x == width - 1 {
                sum += Int(pixels[y * width + x])
                count += 1
            }
        }
        return Double(sum) / Double(count)
    }

    /// True when `borderMean` is above mid-gray (127.5): the image is most likely dark ink on
    /// a light background and should be inverted to match white-on-black training data.
    public var hasLightBackground: Bool { borderMean > 127.5 }
}
