import StrokeFormats
import Pictures
/// Turns strokes into the classifier's square image the way the MNIST Maker app made the
/// automata-editor PNGs: the drawing is inked with an anti-aliased round pen, its bounds
/// (pen included) are fitted into the square keeping the aspect ratio and centred, and the
/// result is area-averaged down to `side`×`side`, white ink on black.
///
/// Coverage is analytic instead of rendering big and shrinking: for each output pixel the
/// distance `d` (in pixels) from its centre to the nearest segment of any stroke gives the
/// covered fraction of a unit pixel by a pen of radius `r` as
/// `max(0, min(d + r, ½) − max(d − r, −½))` — exact for straight pen paths along an axis;
/// elsewhere about 1/255 from 8×8 supersampling on average (`rasterizeBySupersampling` is
/// kept as the reference). Ink is opaque: where two paths pass within a pixel of each other
/// only the nearest counts, so such pixels come out somewhat darker than the reference.
///
/// The default pen and margin were chosen by measuring real $1 strokes against the real
/// PNGs (docs/rasterizer.md, Lab/scripts/measure-rasterizer.sh).
public struct Rasterizer: Sendable, Equatable {
    /// How wide the pen is.
    public enum PenWidth: Sendable, Equatable {
        /// In the drawing's own coordinate units (MNIST Maker: a pen of fixed width on the
        /// canvas, so a small drawing gets thicker lines after fitting).
        case drawingUnits(Double)
        /// As a fraction of the image side, whatever the drawing's size.
        case fractionOfSide(Double)
    }

    /// Output width and height in pixels.
    public var side: Int
    public var penWidth: PenWidth
    /// Empty border, in output pixels, kept on the longer side of the drawing.
    public var margin: Double
    /// Bounds on the pen diameter in output pixels for a pen in drawing units, so a drawing
    /// at an unusual scale (a dot, coordinates in 0...1, a wall-sized canvas) still gets a
    /// visible, non-blob line. The calibrated $1 strokes never reach them.
    public var penPixelLimits: ClosedRange<Double>

    /// The calibrated defaults (see docs/rasterizer.md).
    public static let standard = Rasterizer()

    public init(side: Int = 28, penWidth: PenWidth = .drawingUnits(4), margin: Double = 0,
                penPixelLimits: ClosedRange<Double> = 0.5...3) {
        precondition(side > 0, "The image side must be positive.")
        precondition(margin >= 0 && 2 * margin < Double(side),
                     "The margin must be non-negative and leave room for the drawing.")
        switch penWidth {
        case .drawingUnits(let width):
            precondition(width > 0 && width.isFinite, "The pen width must be positive.")
        case .fractionOfSide(let fraction):
            precondition(fraction > 0 && Double(side) * fraction + 2 * margin < Double(side),
                         "The pen width must be positive and narrower than the image.")
        }
        self.side = side
        self.penWidth = penWidth
        self.margin = margin
        precondition(penPixelLimits.lowerBound > 0
                     && penPixelLimits.upperBound + 2 * margin < Double(side),
                     "The pen limits must be positive and narrower than the image.")
        self.penPixelLimits = penPixelLimits
    }

    /// Where drawing coordinates land in the image: pixel = centre + (point − middle)·scale.
    /// Pixel (i, j) covers [i, i+1)×[j, j+1); its centre is (i + ½, j + ½).
    public struct Frame: Sendable, Equatable {
        public var middleX: Double, middleY: Double
        /// Pixels per drawing unit.
        public var scale: Double
        /// Pen radius in pixels.
        public var penRadius: Double
        public var centre: Double

        @inline(__always)
        func pixel(_ point: Point) -> (x: Float, y: Float) {
            (Float(centre + (point.x - middleX) * scale),
             Float(centre + (point.y - middleY) * scale))
        }
    }

    /// The fit of these strokes: bounds of all points, plus the pen, into side − 2·margin.
    /// A drawing whose points all coincide becomes a centred dot as wide as the pen
    /// (`penPixelLimits.upperBound` for a pen in drawing units).
    public func frame(for strokes: [Stroke]) -> Frame {
        var minX = Double.infinity, maxX = -Double.infinity
        var minY = Double.infinity, maxY = -Double.infinity
        for stroke in strokes {
            for p in stroke.points {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        let centre = Double(side) / 2
        guard minX <= maxX else {
            return Frame(middleX: 0, middleY: 0, scale: 0, penRadius: 0, centre: centre)
        }
        let extent = max(maxX - minX, maxY - minY)
        guard extent.isFinite else {
            return Frame(middleX: 0, middleY: 0, scale: 0, penRadius: 0, centre: centre)
        }
        let room = Double(side) - 2 * margin
        let scale: Double, radius: Double
        switch penWidth {
        case .drawingUnits(let width):
            let pen = room * width / (extent + width)
            let limited = min(max(pen, penPixelLimits.lowerBound), penPixelLimits.upperBound)
            scale = pen == limited ? room / (extent + width)
                : (extent > 0 ? (room - limited) / extent : 0)
            radius = limited / 2
        case .fractionOfSide(let fraction):
            let pen = fraction * Double(side)
            scale = extent > 0 ? (room - pen) / extent : 0
            radius = pen / 2
        }
        return Frame(middleX: (minX + maxX) / 2, middleY: (minY + maxY) / 2, scale: scale,
                     penRadius: radius, centre: centre)
    }

    /// The drawing's strokes as one image.
    public func rasterize(_ drawing: Drawing) -> GrayImage { rasterize(drawing.strokes) }

    /// Strokes as one `side`×`side` image, white ink (255) on black (0).
    public func rasterize(_ strokes: [Stroke]) -> GrayImage {
        var coverage = [Float](repeating: 0, count: side * side)
        rasterize(strokes, into: &coverage)
        return GrayImage(width: side, height: side,
                         pixels: coverage.map(Self.pixel(coverage:)))
    }

    /// The 8-bit pixel (0…255) of an ink coverage in 0…1, rounded to nearest.
    @inline(__always)
    public static func pixel(coverage: Float) -> UInt8 { UInt8((coverage * 255).rounded()) }

    /// `pixel(coverage:)` as a float, without a call to `roundf` (a baseline x86-64 build
    /// has no rounding instruction): the integer part of coverage · 255 plus one when the
    /// fraction, exact in a float, is ½ or more — ties away from zero, as `rounded()`. Other
    /// values than 0…1 take `pixel(coverage:)` itself.
    @inline(__always)
    public static func pixelValue(coverage: Float) -> Float {
        let scaled = coverage * 255
        guard scaled >= 0, scaled <= 255 else { return Float(pixel(coverage: coverage)) }
        let whole = Float(Int32(scaled))
        return scaled - whole >= 0.5 ? whole + 1 : whole
    }

    /// The fast path for the classifier: writes coverage in 0...1 (pixel/255, row-major,
    /// `buffer[y * side + x]`) into a caller-owned buffer of `side * side` floats, with no
    /// allocation. The buffer is first used for squared distances, then overwritten.
    /// Points closer than 0.2 px to the previous drawn point are skipped (the path moves by
    /// less than that); about 2.4 µs per 64-point stroke with `-O` (docs/benchmarks.md).
    public func rasterize(_ strokes: [Stroke], into buffer: inout [Float]) {
        precondition(buffer.count == side * side,
                     "The buffer must hold side × side = \(side * side) floats.")
        let frame = frame(for: strokes)
        let side = self.side
        let r = Float(frame.penRadius)
        let reach = r + 0.5  // coverage is zero beyond this distance
        buffer.withUnsafeMutableBufferPointer { d2 in  // d2 is (side, side): squared distance
            for i in d2.indices { d2[i] = .infinity }
            for stroke in strokes {
                let points = stroke.points
                guard !points.isEmpty else { continue }
                var a = frame.pixel(points[0])
                if points.count == 1 {
                    Self.stamp(segmentFrom: a, to: a, reach: reach, side: side, into: d2)
                    continue
                }
                for k in 1..<points.count {
                    let b = frame.pixel(points[k])
                    // Points closer than a fifth of a pixel to the last drawn one change no
                    // pixel noticeably (the path moves < 0.2 px); skip them, but never the end.
                    let (dx, dy) = (b.x - a.x, b.y - a.y)
                    if dx * dx + dy * dy < 0.04, k < points.count - 1 { continue }
                    Self.stamp(segmentFrom: a, to: b, reach: reach, side: side, into: d2)
                    a = b
                }
            }
            let reach2 = reach * reach
            for i in d2.indices {
                let squared = d2[i]
                guard squared < reach2 else {
                    d2[i] = 0
                    continue
                }
                let d = squared.squareRoot()
                d2[i] = max(0, min(d + r, 0.5) - max(d - r, -0.5))
            }
        }
    }

    /// ⌊v⌋ for a finite v, without a call to `floorf` (a baseline x86-64 build has no
    /// rounding instruction): the truncation, one less where that rounded a negative up.
    @inline(__always)
    private static func floor(_ v: Float) -> Int {
        let truncated = Int(v)
        return Float(truncated) > v ? truncated - 1 : truncated
    }

    /// Lowers the squared distance of every pixel within `reach` of segment a–b.
    @inline(__always)
    private static func stamp(segmentFrom a: (x: Float, y: Float), to b: (x: Float, y: Float),
                              reach: Float, side: Int, into d2: UnsafeMutableBufferPointer<Float>) {
        // Non-finite points (possible in hand-built strokes, never from StrokeReader) draw nothing.
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let x0 = max(0, floor(min(a.x, b.x) - reach))
        let x1 = min(side - 1, floor(max(a.x, b.x) + reach))
        let y0 = max(0, floor(min(a.y, b.y) - reach))
        let y1 = min(side - 1, floor(max(a.y, b.y) + reach))
        guard x0 <= x1, y0 <= y1 else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let inverse: Float = length2 > 0 ? 1 / length2 : 0
        let (stepT, px0) = (dx * inverse, Float(x0) + 0.5 - a.x)
        for y in y0...y1 {
            let py = Float(y) + 0.5 - a.y
            var px = px0
            var t = (px0 * dx + py * dy) * inverse  // projection of the pixel centre on a→b
            let row = y * side
            for x in x0...x1 {
                let clamped = min(max(t, 0), 1)
                let ex = px - clamped * dx, ey = py - clamped * dy
                d2[row + x] = min(d2[row + x], ex * ex + ey * ey)
                px += 1
                t += stepT
            }
        }
    }

    /// The naive reference: each output pixel is the fraction of `samples`×`samples`
    /// sub-pixel points lying within the pen radius of some segment (a literal area average
    /// of a binary round-pen rendering). Slow; for tests and calibration.
    public func rasterizeBySupersampling(_ strokes: [Stroke], samples: Int = 16) -> GrayImage {
        let frame = frame(for: strokes)
        let r = frame.penRadius
        var segments: [(ax: Double, ay: Double, bx: Double, by: Double)] = []
        for stroke in strokes {
            let pixels = stroke.points.map { p in
                (frame.centre + (p.x - frame.middleX) * frame.scale,
                 frame.centre + (p.y - frame.middleY) * frame.scale)
            }
            for k in 0..<max(pixels.count - 1, pixels.isEmpty ? 0 : 1) {
                let b = pixels.count > 1 ? pixels[k + 1] : pixels[k]
                segments.append((pixels[k].0, pixels[k].1, b.0, b.1))
            }
        }
        var image = GrayImage(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                var inside = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(samples)
                        let py = Double(y) + (Double(sy) + 0.5) / Double(samples)
                        if segments.contains(where: { s in
                            Self.distance(px, py, s.ax, s.ay, s.bx, s.by) <= r
                        }) { inside += 1 }
                    }
                }
                let fraction = Double(inside) / Double(samples * samples)
                image[x, y] = UInt8((fraction * 255).rounded())
            }
        }
        return image
    }

    private static func distance(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double,
                                 _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? min(max(((px - ax) * dx + (py - ay) * dy) / length2, 0), 1) : 0
        let ex = px - ax - t * dx, ey = py - ay - t * dy
        return (ex * ex + ey * ey).squareRoot()
    }
}
