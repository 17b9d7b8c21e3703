import Pictures
/// Summary numbers of how ink sits in an image, used to calibrate the `Rasterizer` against
/// real MNIST Maker PNGs (docs/rasterizer.md). Lab/scripts/png_ink_stats.py computes the same
/// numbers, with the same definitions, for the PNGs.
public struct InkStatistics: Sendable, Equatable {
    /// Mean pixel value, 0...255.
    public var mean: Double
    /// Fraction of pixels brighter than 128.
    public var fractionOver128: Double
    /// Apparent stroke width in pixels: the mean, over pixels > 128, of the shorter of the
    /// horizontal and vertical runs of pixels > 128 through that pixel (0 with no such pixel).
    public var strokeWidth: Double
    /// Longer and shorter side of the box holding every pixel > 0.
    public var boxLonger: Int, boxShorter: Int
    /// Smallest gap between that box and the image border (in pixels).
    public var margin: Int

    public init(image: GrayImage) {
        let (w, h, pixels) = (image.width, image.height, image.pixels)
        mean = pixels.isEmpty ? 0 : Double(pixels.reduce(0) { $0 + Int($1) }) / Double(w * h)
        let on = pixels.map { $0 > 128 }
        fractionOver128 = pixels.isEmpty ? 0 : Double(on.filter { $0 }.count) / Double(w * h)
        var runs = 0, count = 0
        for y in 0..<h {
            for x in 0..<w where on[y * w + x] {
                var x0 = x, x1 = x, y0 = y, y1 = y
                while x0 > 0, on[y * w + x0 - 1] { x0 -= 1 }
                while x1 < w - 1, on[y * w + x1 + 1] { x1 += 1 }
                while y0 > 0, on[(y0 - 1) * w + x] { y0 -= 1 }
                while y1 < h - 1, on[(y1 + 1) * w + x] { y1 += 1 }
                runs += min(x1 - x0 + 1, y1 - y0 + 1)
                count += 1
            }
        }
        strokeWidth = count > 0 ? Double(runs) / Double(count) : 0
        var minX = w, maxX = -1, minY = h, maxY = -1
        for y in 0..<h {
            for x in 0..<w where pixels[y * w + x] > 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        if maxX >= 0 {
            boxLonger = max(maxX - minX + 1, maxY - minY + 1)
            boxShorter = min(maxX - minX + 1, maxY - minY + 1)
            margin = min(minX, minY, w - 1 - maxX, h - 1 - maxY)
        } else {
            (boxLonger, boxShorter, margin) = (0, 0, 0)
        }
    }
}
