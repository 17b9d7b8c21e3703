import Foundation
import StrokeFormats

/// An 8-bit RGB raster to draw diagrams on: anti-aliased lines, polylines, circles and
/// rings, filled rectangles, gray images and bitmap text, all alpha-blended.
///
/// Coordinates are pixels, x to the right, y down; pixel (x, y) covers the square
/// [x, x+1) × [y, y+1), so its centre is (x + 0.5, y + 0.5). A shape's coverage of a pixel
/// is estimated from the distance of that centre to the shape's edge (a 1-pixel ramp),
/// which is exact enough for lines and circles and costs one distance per pixel.
///
/// ```swift
/// var canvas = Canvas(width: 200, height: 100)
/// canvas.strokeLine(from: Point(x: 10, y: 50), to: Point(x: 190, y: 50), width: 3,
///                   color: .black)
/// canvas.drawText("q0", x: 20, y: 10, scale: 2, color: .black)
/// try canvas.writePNG(to: "line.png")
/// ```
public struct Canvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Samples, (H, W, 3) row-major: `samples[(y * width + x) * 3 + c]`, c = red, green, blue.
    public var samples: [UInt8]

    /// The largest width or height a canvas may have.
    public static let maximumSide = 16_384

    /// A canvas filled with `background`.
    public init(width: Int, height: Int, background: RGBColor = .white) {
        let sides = 1...Self.maximumSide
        precondition(sides.contains(width) && sides.contains(height),
                     "A canvas side must lie in 1...\(Self.maximumSide); got \(width)×\(height).")
        self.width = width
        self.height = height
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            samples[3 * i] = background.red
            samples[3 * i + 1] = background.green
            samples[3 * i + 2] = background.blue
        }
        self.samples = samples
    }

    public subscript(x: Int, y: Int) -> RGBColor {
        get {
            let i = (y * width + x) * 3
            return RGBColor(red: samples[i], green: samples[i + 1], blue: samples[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            samples[i] = newValue.red
            samples[i + 1] = newValue.green
            samples[i + 2] = newValue.blue
        }
    }

    /// The canvas as gray (`RGBColor.luma` per pixel).
    public var grayImage: GrayImage {
        GrayImage(width: width, height: height, pixels: (0..<(width * height)).map { i in
            RGBColor(red: samples[3 * i], green: samples[3 * i + 1], blue: samples[3 * i + 2]).luma
        })
    }

    // MARK: - Pixels

    /// Paints `color` over pixel (x, y) with opacity `alpha` (0…1):
    /// `new = old + (color − old)·alpha`, rounded. Pixels outside the canvas are ignored.
    public mutating func blend(x: Int, y: Int, color: RGBColor, alpha: Double) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
        let a = min(alpha, 1)
        let i = (y * width + x) * 3
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 {
            UInt8((Double(old) + (Double(new) - Double(old)) * a).rounded())
        }
        samples[i] = mix(samples[i], color.red)
        samples[i + 1] = mix(samples[i + 1], color.green)
        samples[i + 2] = mix(samples[i + 2], color.blue)
    }

    /// Fills the pixels x..<x+width, y..<y+height (clipped to the canvas).
    public mutating func fillRect(x: Int, y: Int, width w: Int, height h: Int,
                                  color: RGBColor, alpha: Double = 1) {
        guard w > 0, h > 0 else { return }
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x.addingReportingOverflow(w).partialValue, width)
        let y1 = min(y.addingReportingOverflow(h).partialValue, height)
        guard x0 < x1, y0 < y1 else { return }
        for py in y0..<y1 {
            for px in x0..<x1 { blend(x: px, y: py, color: color, alpha: alpha) }
        }
    }

    /// Copies a gray image with its top-left corner at (x, y), each pixel as a
    /// `scale`×`scale` block (nearest neighbour, so the pixels stay visible).
    public mutating func drawImage(_ image: GrayImage, x: Int, y: Int, scale: Int = 1) {
        precondition(scale >= 1, "An image is drawn at a scale of at least 1; got \(scale).")
        for iy in 0..<image.height {
            for ix in 0..<image.width {
                fillRect(x: x + ix * scale, y: y + iy * scale, width: scale, height: scale,
                         color: RGBColor(gray: image[ix, iy]))
            }
        }
    }

    // MARK: - Shapes

    /// A straight line with round caps.
    public mutating func strokeLine(from a: Point, to b: Point, width: Double,
                                    color: RGBColor, alpha: Double = 1) {
        strokePolyline([a, b], width: width, color: color, alpha: alpha)
    }

    /// A polyline of `width` pixels with round joins and caps. Each pixel is painted once,
    /// with the largest coverage of any segment, so joins do not darken. Non-finite points
    /// are dropped.
    public mutating func strokePolyline(_ points: [Point], width lineWidth: Double,
                                        color: RGBColor, alpha: Double = 1) {
        let points = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = points.first, lineWidth.isFinite, lineWidth > 0 else { return }
        let half = lineWidth / 2
        let segments = points.count == 1 ? [(first, first)]
            : (1..<points.count).map { (points[$0 - 1], points[$0]) }
        let box = PixelBox(points: points, padding: half + 1, width: width, height: height)
        guard let box else { return }
        var coverage = [Float](repeating: 0, count: box.count)
        for (a, b) in segments {
            guard let part = PixelBox(points: [a, b], padding: half + 1, width: width,
                                      height: height) else { continue }
            for py in part.y0..<part.y1 {
                for px in part.x0..<part.x1 {
                    let centre = Point(x: Double(px) + 0.5, y: Double(py) + 0.5)
                    let c = Float(min(max(half + 0.5 - distance(centre, a, b), 0), 1))
                    let k = box.index(px, py)
                    if c > coverage[k] { coverage[k] = c }
                }
            }
        }
        paint(coverage, in: box, color: color, alpha: alpha)
    }

    /// A ring: the circle of `radius` around `center`, `width` pixels wide.
    public mutating func strokeCircle(center: Point, radius: Double, width lineWidth: Double,
                                      color: RGBColor, alpha: Double = 1) {
        guard radius.isFinite, radius >= 0, lineWidth.isFinite, lineWidth > 0 else { return }
        let half = lineWidth / 2
        disc(center: center, outer: radius + half, color: color, alpha: alpha) { d in
            half + 0.5 - abs(d - radius)
        }
    }

    /// A filled disc.
    public mutating func fillCircle(center: Point, radius: Double, color: RGBColor,
                                    alpha: Double = 1) {
        guard radius.isFinite, radius > 0 else { return }
        disc(center: center, outer: radius, color: color, alpha: alpha) { d in radius + 0.5 - d }
    }

    /// Paints the pixels within `outer` (+1) of `center` with coverage `ramp(distance)`,
    /// clamped to 0…1.
    private mutating func disc(center: Point, outer: Double, color: RGBColor, alpha: Double,
                               ramp: (Double) -> Double) {
        let corners = [Point(x: center.x - outer, y: center.y - outer),
                       Point(x: center.x + outer, y: center.y + outer)]
        guard center.x.isFinite, center.y.isFinite,
              let box = PixelBox(points: corners, padding: 1, width: width, height: height)
        else { return }
        var coverage = [Float](repeating: 0, count: box.count)
        for py in box.y0..<box.y1 {
            for px in box.x0..<box.x1 {
                let dx = Double(px) + 0.5 - center.x, dy = Double(py) + 0.5 - center.y
                coverage[box.index(px, py)] = Float(min(max(ramp((dx * dx + dy * dy).squareRoot()),
                                                            0), 1))
            }
        }
        paint(coverage, in: box, color: color, alpha: alpha)
    }

    private mutating func paint(_ coverage: [Float], in box: PixelBox, color: RGBColor,
                                alpha: Double) {
        for py in box.y0..<box.y1 {
            for px in box.x0..<box.x1 {
                let c = coverage[box.index(px, py)]
                if c > 0 { blend(x: px, y: py, color: color, alpha: alpha * Double(c)) }
            }
        }
    }

    // MARK: - Text

    /// Writes `text` in `BitmapFont` with its top-left corner at (x, y); each font pixel is a
    /// `scale`×`scale` block. Lines are not wrapped; `\n` is drawn as an unknown glyph.
    public mutating func drawText(_ text: String, x: Int, y: Int, scale: Int = 1,
                                  color: RGBColor, alpha: Double = 1) {
        precondition(scale >= 1, "Text is drawn at a scale of at least 1; got \(scale).")
        var left = x
        for character in text {
            let rows = BitmapFont.glyph(for: character)
            for (row, bits) in rows.enumerated() {
                for column in 0..<BitmapFont.glyphWidth
                where bits & (1 << (BitmapFont.glyphWidth - 1 - column)) != 0 {
                    fillRect(x: left + column * scale, y: y + row * scale, width: scale,
                             height: scale, color: color, alpha: alpha)
                }
            }
            left += BitmapFont.advance * scale
        }
    }

    /// Writes `text` centred on `point` (the middle of its capitals' height).
    public mutating func drawText(_ text: String, centeredAt point: Point, scale: Int = 1,
                                  color: RGBColor, alpha: Double = 1) {
        guard point.x.isFinite, point.y.isFinite,
              abs(point.x) < 1e9, abs(point.y) < 1e9 else { return }
        // Centre the rows above the baseline; the descender row hangs below.
        let width = BitmapFont.size(of: text, scale: scale).width
        let ascent = (BitmapFont.glyphHeight - 1) * scale
        drawText(text, x: Int((point.x - Double(width) / 2).rounded()),
                 y: Int((point.y - Double(ascent) / 2).rounded()),
                 scale: scale, color: color, alpha: alpha)
    }
}

/// Distance from `p` to the segment a–b.
private func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let abx = b.x - a.x, aby = b.y - a.y
    let length2 = abx * abx + aby * aby
    var t = length2 > 0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby) / length2 : 0
    t = min(max(t, 0), 1)
    let dx = p.x - (a.x + t * abx), dy = p.y - (a.y + t * aby)
    return (dx * dx + dy * dy).squareRoot()
}

/// The pixels x0..<x1, y0..<y1 around some points, clipped to a canvas.
private struct PixelBox {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var count: Int { (x1 - x0) * (y1 - y0) }

    /// Nil when the padded box misses the canvas.
    init?(points: [Point], padding: Double, width: Int, height: Int) {
        guard let first = points.first else { return nil }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        func clip(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        x0 = clip((minX - padding).rounded(.down), width)
        x1 = clip((maxX + padding).rounded(.up), width)
        y0 = clip((minY - padding).rounded(.down), height)
        y1 = clip((maxY + padding).rounded(.up), height)
        guard x0 < x1, y0 < y1 else { return nil }
    }

    func index(_ x: Int, _ y: Int) -> Int { (y - y0) * (x1 - x0) + (x - x0) }
}
