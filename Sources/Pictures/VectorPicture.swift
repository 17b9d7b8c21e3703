import StrokeFormats
/// A picture as a list of shapes, painted in order, that can become either pixels
/// (`rasterized()`, a `Canvas`) or SVG text (`svg()`): one description, two outputs that
/// agree. Coordinates are picture pixels, x right, y down.
public struct VectorPicture: Sendable, Equatable {
    /// One shape.
    public enum Shape: Sendable, Equatable {
        /// An open polyline; `dash` is the dash and gap length (nil = solid).
        case polyline([Point], width: Double, color: RGBColor, opacity: Double, dash: Double?)
        /// A circle outline, optionally filled (`fill` painted first, at `fillOpacity`).
        case circle(center: Point, radius: Double, width: Double, color: RGBColor,
                    fill: RGBColor?, fillOpacity: Double)
        /// Text centred on `center`; `size` is the bitmap font's scale (7·size pixels high).
        case text(String, center: Point, size: Int, color: RGBColor)
    }

    public var width: Int
    public var height: Int
    public var background: RGBColor
    public var shapes: [Shape]

    public init(width: Int, height: Int, background: RGBColor = .white, shapes: [Shape] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.shapes = shapes
    }

    /// The picture painted onto a canvas of its size.
    public func rasterized() -> Canvas {
        var canvas = Canvas(width: width, height: height, background: background)
        for shape in shapes {
            switch shape {
            case let .polyline(points, width, color, opacity, dash):
                let pieces = dash.map { Self.dashed(points, dash: $0) } ?? [points]
                for piece in pieces {
                    canvas.strokePolyline(piece, width: width, color: color, alpha: opacity)
                }
            case let .circle(center, radius, width, color, fill, fillOpacity):
                if let fill {
                    canvas.fillCircle(center: center, radius: radius, color: fill,
                                      alpha: fillOpacity)
                }
                canvas.strokeCircle(center: center, radius: radius, width: width, color: color)
            case let .text(text, center, size, color):
                canvas.drawText(text, centeredAt: center, scale: max(size, 1), color: color)
            }
        }
        return canvas
    }

    /// The polyline cut into dashes of length `dash` separated by gaps of the same length.
    public static func dashed(_ points: [Point], dash: Double) -> [[Point]] {
        guard dash.isFinite, dash > 0, points.count >= 2 else { return [points] }
        var pieces: [[Point]] = []
        var current: [Point] = [points[0]]
        var drawing = true
        var left = dash  // length left in the current dash or gap
        for k in 1..<points.count {
            var a = points[k - 1]
            let b = points[k]
            var remaining = length(a, b)
            guard remaining.isFinite else { continue }
            while remaining > left {
                let t = left / remaining
                let cut = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                if drawing {
                    current.append(cut)
                    pieces.append(current)
                    current = []
                } else {
                    current = [cut]
                }
                drawing.toggle()
                remaining -= left
                a = cut
                left = dash
                if pieces.count > 100_000 { return pieces }  // absurdly long: stop
            }
            left -= remaining
            if drawing { current.append(b) }
        }
        if drawing && current.count >= 2 { pieces.append(current) }
        return pieces
    }
}

private func length(_ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    return (dx * dx + dy * dy).squareRoot()
}
