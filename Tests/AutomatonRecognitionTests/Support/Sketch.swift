import Foundation
import DrawingClassifier
import StrokeFormats

/// Synthetic pen strokes for tests: circles, arrows and loops drawn the ways people draw
/// them, with optional seeded noise. Coordinates are screen-like (y down).
enum Sketch {
    /// A standard normal sample (Box–Muller) from the shared generator.
    static func gaussian(_ rng: inout SplitMix64) -> Double {
        let u1 = max(Double(rng.next() >> 11) / 9_007_199_254_740_992.0, 1e-300)
        let u2 = Double(rng.next() >> 11) / 9_007_199_254_740_992.0
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Points on a circle from angle `from` sweeping `sweep` radians (positive = clockwise
    /// on screen), each displaced radially by N(0, noise²).
    static func circlePoints(center: Point, radius: Double, from: Double = 0,
                             sweep: Double = 2 * Double.pi, count: Int = 60, noise: Double = 0,
                             using rng: inout SplitMix64) -> [Point] {
        (0..<count).map { k in
            let t = from + sweep * Double(k) / Double(count - 1)
            let r = radius + noise * gaussian(&rng)
            return Point(x: center.x + r * cos(t), y: center.y + r * sin(t))
        }
    }

    static func circle(center: Point, radius: Double, from: Double = -2.0,
                       sweep: Double = 2 * Double.pi * 1.05) -> Stroke {
        var rng = SplitMix64(seed: 0)
        return Stroke(points: circlePoints(center: center, radius: radius, from: from,
                                           sweep: sweep, using: &rng))
    }

    /// The polyline through `corners`, with a point every `spacing` units.
    static func polyline(_ corners: [Point], spacing: Double = 2) -> [Point] {
        var points = [corners[0]]
        for i in 1..<corners.count {
            let (a, b) = (corners[i - 1], corners[i])
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            let n = max(1, Int((length / spacing).rounded(.up)))
            for k in 1...n {
                let f = Double(k) / Double(n)
                points.append(Point(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y)))
            }
        }
        return points
    }

    enum HeadStyle: CaseIterable {
        /// shaft, left barb, back to the tip, right barb (the $1 "arrow" gesture)
        case barbBackBarb
        /// shaft, then a single barb to the right
        case oneBarb
        /// left barb, tip, right barb, back to the tip, then the shaft backwards
        case headFirst
        /// a bare line
        case none
    }

    /// Where the barbs of an arrow from `start` to `tip` end: 30° off the shaft, `length`
    /// long; `.left` is on the left of the direction of travel on screen.
    static func barbs(start: Point, tip: Point, length: Double) -> (left: Point, right: Point) {
        let dx = tip.x - start.x, dy = tip.y - start.y
        let norm = (dx * dx + dy * dy).squareRoot()
        let (bx, by) = (-dx / norm, -dy / norm)
        let a = 30.0 * Double.pi / 180
        // Rotating (bx, by) by +a is clockwise on screen: from "backward" towards the left.
        let left = Point(x: tip.x + length * (cos(a) * bx - sin(a) * by),
                         y: tip.y + length * (sin(a) * bx + cos(a) * by))
        let right = Point(x: tip.x + length * (cos(a) * bx + sin(a) * by),
                          y: tip.y + length * (-sin(a) * bx + cos(a) * by))
        return (left, right)
    }

    /// An arrow stroke; `bend` bows the shaft sideways by that fraction of its length
    /// (a quadratic Bézier), positive to the left.
    static func arrow(from start: Point, to tip: Point, style: HeadStyle = .barbBackBarb,
                      headLength: Double? = nil, bend: Double = 0) -> Stroke {
        let dx = tip.x - start.x, dy = tip.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        let head = headLength ?? 0.25 * length
        var shaft: [Point]
        if bend == 0 {
            shaft = polyline([start, tip])
        } else {
            let mid = Point(x: (start.x + tip.x) / 2 + 2 * bend * dy,
                            y: (start.y + tip.y) / 2 - 2 * bend * dx)
            let n = max(8, Int(length / 2))
            shaft = (0...n).map { k in
                let t = Double(k) / Double(n), u = 1 - t
                return Point(x: u * u * start.x + 2 * u * t * mid.x + t * t * tip.x,
                             y: u * u * start.y + 2 * u * t * mid.y + t * t * tip.y)
            }
        }
        // Barbs follow the direction of the shaft's last part.
        let before = shaft[max(0, shaft.count - 1 - max(2, shaft.count / 5))]
        let (left, right) = barbs(start: before, tip: tip, length: head)
        switch style {
        case .barbBackBarb:
            return Stroke(points: shaft + polyline([tip, left, tip, right]).dropFirst())
        case .oneBarb:
            return Stroke(points: shaft + polyline([tip, right]).dropFirst())
        case .headFirst:
            return Stroke(points: polyline([left, tip, right, tip]) + shaft.reversed().dropFirst())
        case .none:
            return Stroke(points: shaft)
        }
    }

    /// A hand-drawn-looking self-loop above (`angle` = −π/2) a state: an arc of a circle
    /// centred just outside the state, leaving and re-entering it, with a one-barb head.
    static func loop(center: Point, radius: Double, angle: Double = -Double.pi / 2,
                     clockwise: Bool = true) -> Stroke {
        let loopCenter = Point(x: center.x + 1.2 * radius * cos(angle),
                               y: center.y + 1.2 * radius * sin(angle))
        let rho = 0.55 * radius
        let back = angle + Double.pi
        var rng = SplitMix64(seed: 0)
        var points = circlePoints(center: loopCenter, radius: rho, from: back + 1.0,
                                  sweep: 2 * Double.pi - 2.0, count: 40, using: &rng)
        if !clockwise { points.reverse() }
        let end = points[points.count - 1]
        points += polyline([end, Point(x: end.x + 0.2 * radius, y: end.y - 0.1 * radius)])
            .dropFirst()
        return Stroke(points: points)
    }
}
