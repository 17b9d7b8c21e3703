import Foundation
import StrokeFormats

/// Seeded single strokes that are no automaton element, to teach a classifier's `other`
/// class what "none of these" looks like: smooth wandering curves (arcs, waves, curls,
/// spirals) and polylines with sharp corners (zigzags, crossings, open polygons), and a
/// smooth piece continued by a straight one. Curves that close up like a circle, and smooth
/// pieces that turn less than 1¼ turns in all (plain arcs: bent arrows, open states), are
/// not kept. Nothing here is modelled on a particular gesture: shapes come from random turning.
public struct ScribbleGenerator: Sendable {
    public var seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    /// `count` scribbles, each one stroke 100 to 200 units across (like a gesture drawn on a
    /// screen); scribble `k` depends only on the seed and `k`. Curves that close up like a
    /// circle, plain arcs, and coils of more than two turns are drawn again.
    public func scribbles(count: Int) -> [Stroke] {
        (0..<count).map { index in
            var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ UInt64(index))
            for _ in 0..<100 {
                let stroke: Stroke
                switch index % 3 {
                case 0: stroke = Self.wander(&rng)
                case 1: stroke = Self.polyline(&rng)
                default: stroke = Self.curveThenLine(&rng)
                }
                let isPolyline = index % 3 == 1
                // Smooth pieces must wiggle or coil (at least 1¼ turns in all): a plain arc
                // is what a bent arrow or a state drawn open looks like.
                if isPolyline || Self.absoluteTurning(stroke) > 2.5 * .pi,
                   !Self.closesLikeACircle(stroke), abs(Self.turning(stroke)) < 4 * .pi {
                    return Self.scaled(stroke, toSide: 100 + 100 * Double(rng.nextUnitFloat()))
                }
            }
            return Self.scaled(Self.polyline(&rng), toSide: 150)
        }
    }

    /// The stroke scaled about its first point so that its longer side is `side` units
    /// (the size of a gesture drawn on a screen, so the rasterizer's pen fits it).
    static func scaled(_ stroke: Stroke, toSide side: Double) -> Stroke {
        guard let first = stroke.points.first else { return stroke }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in stroke.points {
            (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
            (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
        }
        let factor = side / max(maxX - minX, maxY - minY, 1e-9)
        return Stroke(points: stroke.points.map {
            Point(x: first.x + ($0.x - first.x) * factor, y: first.y + ($0.y - first.y) * factor)
        })
    }

    /// The total turning of the path either way, in radians (a wiggle counts in full).
    static func absoluteTurning(_ stroke: Stroke) -> Double {
        let points = stroke.points
        guard points.count > 2 else { return 0 }
        var total = 0.0
        for i in 1..<(points.count - 1) {
            let a = atan2(points[i].y - points[i - 1].y, points[i].x - points[i - 1].x)
            let b = atan2(points[i + 1].y - points[i].y, points[i + 1].x - points[i].x)
            var d = b - a
            while d > .pi { d -= 2 * .pi }
            while d < -.pi { d += 2 * .pi }
            total += abs(d)
        }
        return total
    }

    /// The signed total turning of the path, in radians.
    static func turning(_ stroke: Stroke) -> Double {
        let points = stroke.points
        guard points.count > 2 else { return 0 }
        var total = 0.0
        for i in 1..<(points.count - 1) {
            let a = atan2(points[i].y - points[i - 1].y, points[i].x - points[i - 1].x)
            let b = atan2(points[i + 1].y - points[i].y, points[i + 1].x - points[i].x)
            var d = b - a
            while d > .pi { d -= 2 * .pi }
            while d < -.pi { d += 2 * .pi }
            total += d
        }
        return total
    }

    /// A smooth path whose curvature drifts at random: one step of 1 unit at a time.
    static func wander(_ rng: inout SplitMix64, from start: Point = Point(x: 0, y: 0),
                       heading: Double? = nil) -> Stroke {
        let steps = 60 + rng.nextInt(below: 140)
        var direction = heading ?? Double(rng.nextUnitFloat()) * 2 * .pi
        var curvature = (2 * Double(rng.nextUnitFloat()) - 1) * 0.08
        let drift = 0.004 + 0.02 * Double(rng.nextUnitFloat())
        var point = start
        var points = [point]
        for _ in 0..<steps {
            curvature = max(-0.15, min(0.15, curvature + drift * (2 * Double(rng.nextUnitFloat()) - 1)))
            direction += curvature
            point = Point(x: point.x + cos(direction), y: point.y + sin(direction))
            points.append(point)
        }
        return Stroke(points: points)
    }

    /// 3 to 7 straight segments of random length with turns of 40° to 170°.
    static func polyline(_ rng: inout SplitMix64) -> Stroke {
        let segments = 3 + rng.nextInt(below: 5)
        var direction = Double(rng.nextUnitFloat()) * 2 * .pi
        var point = Point(x: 0, y: 0)
        var points = [point]
        for _ in 0..<segments {
            let length = 20 + 60 * Double(rng.nextUnitFloat())
            let steps = Int(length / 2)
            for _ in 0..<steps {
                point = Point(x: point.x + 2 * cos(direction), y: point.y + 2 * sin(direction))
                points.append(point)
            }
            let turn = (40 + 130 * Double(rng.nextUnitFloat())) * .pi / 180
            direction += rng.nextUnitFloat() < 0.5 ? turn : -turn
        }
        return Stroke(points: points)
    }

    /// A smooth wandering piece, then a straight segment at a sharp or gentle angle.
    static func curveThenLine(_ rng: inout SplitMix64) -> Stroke {
        let curve = wander(&rng)
        var points = curve.points
        guard let last = points.last, points.count > 1 else { return curve }
        let before = points[points.count - 2]
        var direction = atan2(last.y - before.y, last.x - before.x)
        direction += (2 * Double(rng.nextUnitFloat()) - 1) * 2.5
        let length = 20 + 50 * Double(rng.nextUnitFloat())
        var point = last
        for _ in 0..<Int(length / 2) {
            point = Point(x: point.x + 2 * cos(direction), y: point.y + 2 * sin(direction))
            points.append(point)
        }
        return Stroke(points: points)
    }

    /// Whether the stroke ends near its start after turning most of a full circle: a shape
    /// an `other` class must not learn, since states are drawn like that.
    static func closesLikeACircle(_ stroke: Stroke) -> Bool {
        let points = stroke.points
        guard let first = points.first, let last = points.last, points.count > 2 else { return false }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in points {
            (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
            (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
        }
        let extent = max(maxX - minX, maxY - minY, 1e-9)
        let gap = ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot()
        return gap < 0.35 * extent && abs(turning(stroke)) > 1.5 * .pi
    }
}
