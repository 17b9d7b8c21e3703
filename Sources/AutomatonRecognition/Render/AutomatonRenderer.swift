import Automata
import DrawingClassifier
import Foundation
import StrokeFormats
import Pictures

/// Draws a recognised drawing: the pen strokes faintly in light gray and, over them, the
/// automaton as it was understood, using the snapped geometry (fitted circles, arrow
/// start/tip/bend, loop arcs): states as rings with their names (a double ring for a final
/// state), the initial arrow, transitions and self-loops with heads and their symbols (ε
/// for epsilon), rejected strokes dashed red with a "?", labels that found no transition
/// in red with a "?".
///
/// The drawing's bounds are fitted into the picture with `margin` pixels around them and
/// the aspect ratio kept; the longer side is `maximumSide` pixels.
///
/// ```swift
/// let result = recognizer.recognize(drawing, source: path)
/// try AutomatonRenderer().picture(of: drawing, assembly: result.assembly)
///     .write(to: "docs/recognized.svg")          // or .png
/// ```
public struct AutomatonRenderer: Sendable, Equatable {
    /// Longer side of the picture in pixels (the shorter follows the drawing's aspect).
    public var maximumSide: Int
    /// Pixels between the drawing's bounds and the picture's edge.
    public var margin: Double

    static let faint = RGBColor(gray: 200)
    static let ink = RGBColor(red: 28, green: 58, blue: 112)
    static let stateFill = RGBColor(red: 236, green: 243, blue: 252)
    static let symbol = RGBColor(red: 176, green: 64, blue: 16)
    static let rejected = RGBColor(red: 214, green: 39, blue: 40)
    static let lineWidth = 2.5

    public init(maximumSide: Int = 640, margin: Double = 36) {
        precondition(maximumSide >= 64 && maximumSide <= Canvas.maximumSide,
                     "maximumSide must lie in 64...\(Canvas.maximumSide); got \(maximumSide).")
        precondition(margin >= 0 && 2 * margin < Double(maximumSide),
                     "The margin must be non-negative and leave room for the drawing.")
        self.maximumSide = maximumSide
        self.margin = margin
    }

    /// The picture as shapes (see `VectorPicture.rasterized()` and `svg()`).
    public func picture(of drawing: Drawing, assembly: Assembly) -> VectorPicture {
        let frame = Frame(bounding: boundsPoints(drawing, assembly), maximumSide: maximumSide,
                          margin: margin)
        var shapes: [VectorPicture.Shape] = []
        // Text scale from the typical state size: names must fit inside the circles.
        let radii = assembly.automaton.states.map { $0.radius * frame.scale }.sorted()
        let typical = radii.isEmpty ? 40 : radii[radii.count / 2]
        let textSize = typical >= 45 ? 3 : typical >= 22 ? 2 : 1
        let textHeight = Double(BitmapFont.glyphHeight * textSize)
        let states = Dictionary(assembly.automaton.states.map { ($0.id, $0) },
                                uniquingKeysWith: { a, _ in a })

        // 1. The pen strokes, faint.
        for stroke in drawing.strokes {
            shapes.append(.polyline(stroke.points.map(frame.map), width: 2, color: Self.faint,
                                    opacity: 1, dash: nil))
        }
        // 2. Rejected strokes, dashed red with a question mark.
        for element in assembly.elements {
            guard case .rejected = element.role, drawing.strokes.indices.contains(element.stroke)
            else { continue }
            let points = drawing.strokes[element.stroke].points.filter(\.isFinite).map(frame.map)
            guard let corner = topRight(points) else { continue }
            shapes.append(.polyline(points, width: 2, color: Self.rejected, opacity: 0.85, dash: 6))
            shapes.append(.text("?", center: corner + Point(x: 10, y: -10), size: textSize,
                                color: Self.rejected))
        }
        // 3. Arrows and loops, with their symbols.
        var labels: [VectorPicture.Shape] = []
        for element in assembly.elements {
            switch element.role {
            case let .transition(arrow, from, to):
                // A dangling arrow never fires: red, with a "?" at each loose end.
                let dangling = from == nil || to == nil
                let drawn = transition(arrow, from: from.flatMap { states[$0] },
                                       to: to.flatMap { states[$0] }, frame: frame,
                                       color: dangling ? Self.rejected : Self.ink)
                shapes += drawn.shapes
                for (end, state) in [(drawn.start, from), (drawn.tip, to)] where state == nil {
                    let away = (end - drawn.middle).normalized ?? Point(x: 0, y: -1)
                    shapes.append(.text("?", center: end + 16 * away, size: textSize,
                                        color: Self.rejected))
                }
                if let text = symbolText(element) {
                    labels.append(.text(text, center: drawn.labelAnchor(textHeight: textHeight),
                                        size: textSize, color: Self.symbol))
                }
            case let .initial(arrow, to):
                shapes += transition(arrow, from: nil, to: states[to], frame: frame,
                                     color: Self.ink).shapes
            case let .cycle(state, loop):
                let path = loop.path.map(frame.map)
                guard let end = path.last else { continue }
                shapes.append(.polyline(path, width: Self.lineWidth, color: Self.ink, opacity: 1,
                                        dash: nil))
                for barb in loop.head.map(frame.map) {
                    shapes.append(.polyline([barb, end], width: Self.lineWidth, color: Self.ink,
                                            opacity: 1, dash: nil))
                }
                if let text = symbolText(element), let s = states[state] {
                    let centre = frame.map(s.center)
                    let far = path.max { $0.distance(to: centre) < $1.distance(to: centre) } ?? end
                    let outward = (far - centre).normalized ?? Point(x: 0, y: -1)
                    let width = Double(BitmapFont.size(of: text, scale: textSize).width)
                    let push = 8 + 0.5 * (abs(outward.x) * width + abs(outward.y) * textHeight)
                    labels.append(.text(text, center: far + push * outward, size: textSize,
                                        color: Self.symbol))
                }
            default:
                continue
            }
        }
        // 4. States over the arrows' ends.
        for state in assembly.automaton.states {
            let centre = frame.map(state.center)
            let radius = state.radius * frame.scale
            shapes.append(.circle(center: centre, radius: radius, width: Self.lineWidth,
                                  color: Self.ink, fill: Self.stateFill, fillOpacity: 0.9))
            if state.final {
                let ring = (state.ringRadius ?? state.radius * 1.2) * frame.scale
                shapes.append(.circle(center: centre, radius: max(ring, radius + 4),
                                      width: Self.lineWidth, color: Self.ink, fill: nil,
                                      fillOpacity: 0))
            }
            // Shrink a name that would not fit its circle.
            var size = textSize
            while size > 1,
                  Double(BitmapFont.size(of: state.id, scale: size).width) > 1.5 * radius {
                size -= 1
            }
            shapes.append(.text(state.id, center: centre, size: size, color: Self.ink))
        }
        // 5. Symbols last, so nothing covers them; labels attached to nothing in red.
        shapes += labels
        for label in assembly.unattachedLabels where label.position.isFinite {
            shapes.append(.text(label.text + "?", center: frame.map(label.position),
                                size: textSize, color: Self.rejected))
        }
        // Keep every text inside the picture (a loop's label may sit beyond the margin).
        shapes = shapes.map { shape in
            guard case let .text(text, center, size, color) = shape else { return shape }
            let width = Double(BitmapFont.size(of: text, scale: size).width)
            let height = Double(BitmapFont.glyphHeight * size)
            func clamp(_ v: Double, _ half: Double, _ limit: Int) -> Double {
                min(max(v, half + 2), max(Double(limit) - half - 2, half + 2))
            }
            let inside = Point(x: clamp(center.x, width / 2, frame.width),
                               y: clamp(center.y, height / 2, frame.height))
            return .text(text, center: inside, size: size, color: color)
        }
        return VectorPicture(width: frame.width, height: frame.height, shapes: shapes)
    }

    /// "a,b", "ε", "a,ε" — nil when the transition has no label.
    private func symbolText(_ element: Element) -> String? {
        let parts = element.symbols + (element.epsilon ? ["ε"] : [])
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }

    /// A drawn arrow in picture coordinates.
    private struct DrawnArrow {
        var shapes: [VectorPicture.Shape]
        var start: Point
        var tip: Point
        /// Middle of the shaft and the unit normal on its left (as seen on screen).
        var middle: Point
        var normal: Point

        func labelAnchor(textHeight: Double) -> Point { middle + (8 + textHeight / 2) * normal }
    }

    /// The arrow from `from`'s boundary (or its drawn start) to `to`'s boundary (or its
    /// drawn tip), bent through the drawn bend, with a head of two barbs. An arrow whose two
    /// ends are one state keeps its drawn shaft.
    private func transition(_ arrow: ArrowGeometry, from: Automaton.State?, to: Automaton.State?,
                            frame: Frame, color: RGBColor) -> DrawnArrow {
        var curve: [Point]
        if let from, let to, from.id == to.id {
            curve = arrow.shaft.map(frame.map)
        } else {
            var start = frame.map(arrow.start), tip = frame.map(arrow.tip)
            let bend = arrow.bend.map(frame.map)
            if let from { start = boundaryPoint(of: from, toward: bend ?? tip, frame: frame) }
            if let to { tip = boundaryPoint(of: to, toward: bend ?? start, frame: frame) }
            if let bend {
                // The quadratic Bézier through `bend` at its middle.
                let control = 2 * bend - 0.5 * (start + tip)
                curve = (0...24).map { k in
                    let t = Double(k) / 24
                    return (1 - t) * (1 - t) * start + 2 * t * (1 - t) * control + t * t * tip
                }
            } else {
                curve = [start, tip]
            }
        }
        if curve.count < 2 { curve = [frame.map(arrow.start), frame.map(arrow.tip)] }
        let tip = curve[curve.count - 1]
        let back = (curve[max(curve.count - 4, 0)] - tip).normalized ?? Point(x: -1, y: 0)
        let drawnBarb = arrow.head.map { $0.distance(to: arrow.tip) }.reduce(0, +)
            / Double(max(arrow.head.count, 1)) * frame.scale
        let barb = min(max(drawnBarb.isFinite ? drawnBarb : 12, 9), 16)
        let angle = 26.0 * Double.pi / 180
        var shapes: [VectorPicture.Shape] = [
            .polyline(curve, width: Self.lineWidth, color: color, opacity: 1, dash: nil),
        ]
        for side in [angle, -angle] {
            shapes.append(.polyline([tip + barb * back.rotated(by: side), tip],
                                    width: Self.lineWidth, color: color, opacity: 1, dash: nil))
        }
        let middle = pointAtHalfLength(curve)
        let direction = (tip - curve[0]).normalized ?? Point(x: 1, y: 0)
        return DrawnArrow(shapes: shapes, start: curve[0], tip: tip, middle: middle,
                          normal: Point(x: direction.y, y: -direction.x))
    }

    /// The point of `state`'s outer boundary facing `target` (picture coordinates).
    private func boundaryPoint(of state: Automaton.State, toward target: Point,
                               frame: Frame) -> Point {
        let centre = frame.map(state.center)
        let radius = (state.final ? max(state.ringRadius ?? state.radius * 1.2, state.radius)
                      : state.radius) * frame.scale
        let direction = (target - centre).normalized ?? Point(x: 1, y: 0)
        return centre + radius * direction
    }

    /// Every point the picture must show, in drawing coordinates.
    private func boundsPoints(_ drawing: Drawing, _ assembly: Assembly) -> [Point] {
        var points = drawing.strokes.flatMap(\.points)
        for state in assembly.automaton.states {
            let r = state.ringRadius ?? state.radius
            points += [state.center - Point(x: r, y: r), state.center + Point(x: r, y: r)]
        }
        for element in assembly.elements {
            if case let .cycle(_, loop) = element.role { points += loop.path + loop.head }
        }
        points += assembly.unattachedLabels.map(\.position)
        return points.filter { $0.isFinite && abs($0.x) < 1e12 && abs($0.y) < 1e12 }
    }

    /// The rightmost-top corner of a point set's bounding box.
    private func topRight(_ points: [Point]) -> Point? {
        guard let maxX = points.map(\.x).max(), let minY = points.map(\.y).min() else { return nil }
        return Point(x: maxX, y: minY)
    }
}

/// The map from drawing coordinates to picture pixels.
struct Frame {
    var width: Int
    var height: Int
    var scale: Double
    var offset: Point
    var origin: Point

    init(bounding points: [Point], maximumSide: Int, margin: Double) {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 1
        let minY = ys.min() ?? 0, maxY = ys.max() ?? 1
        let extent = max(maxX - minX, maxY - minY)
        let room = Double(maximumSide) - 2 * margin
        scale = extent > 0 && extent.isFinite ? room / extent : 1
        width = min(maximumSide, max(64, Int(((maxX - minX) * scale + 2 * margin).rounded(.up))))
        height = min(maximumSide, max(64, Int(((maxY - minY) * scale + 2 * margin).rounded(.up))))
        origin = Point(x: minX, y: minY)
        // Centre the drawing when the picture had to be larger than it.
        offset = Point(x: (Double(width) - (maxX - minX) * scale) / 2,
                       y: (Double(height) - (maxY - minY) * scale) / 2)
    }

    func map(_ p: Point) -> Point {
        Point(x: (p.x - origin.x) * scale + offset.x, y: (p.y - origin.y) * scale + offset.y)
    }
}

/// The point halfway along a polyline.
private func pointAtHalfLength(_ points: [Point]) -> Point {
    guard points.count >= 2 else { return points.first ?? Point(x: 0, y: 0) }
    let lengths = (1..<points.count).map { points[$0].distance(to: points[$0 - 1]) }
    var left = lengths.reduce(0, +) / 2
    for (k, length) in lengths.enumerated() {
        if left <= length, length > 0 {
            let t = left / length
            return points[k] + t * (points[k + 1] - points[k])
        }
        left -= length
    }
    return points[points.count - 1]
}
