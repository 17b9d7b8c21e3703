import Foundation
import StrokeFormats

/// The convex hull of a stroke's ink: the outline a closed head or a state makes whatever
/// its fill, overdrawn corners or tail (Andrew's monotone chain, O(n log n)).
struct ConvexHull {
    /// Corners in order round the hull (fewer than 3 for ink on one line or point).
    var corners: [Point]

    init(_ points: [Point]) {
        let sorted = points.map(\.position).sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count >= 3 else {
            corners = sorted
            return
        }
        // (b - a) × (c - a) > 0: a → b → c turns one way; the two chains keep only such turns.
        func turns(_ a: Point, _ b: Point, _ c: Point) -> Bool { (b - a).cross(c - a) > 0 }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2, !turns(lower[lower.count - 2], lower[lower.count - 1], p) {
                lower.removeLast()
            }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, !turns(upper[upper.count - 2], upper[upper.count - 1], p) {
                upper.removeLast()
            }
            upper.append(p)
        }
        corners = Array(lower.dropLast()) + Array(upper.dropLast())
    }

    var area: Double { abs(signedDoubleArea(corners)) / 2 }

    var perimeter: Double {
        guard corners.count >= 2 else { return 0 }
        let n = corners.count
        return corners.indices.reduce(0) { $0 + corners[$1].distance(to: corners[($1 + 1) % n]) }
    }

    /// 4π·area / perimeter²: 1 for a circle, ≈ 0.97 for an ellipse of axes 3:2, 0.91 for
    /// a regular hexagon, 0.79 for a square, 0.60 for an equilateral triangle, 0 for a line.
    var circularity: Double {
        let p = perimeter
        return corners.count >= 3 && p > 0 ? 4 * Double.pi * area / (p * p) : 0
    }

    /// Distance from `point` to the hull: 0 inside or on it.
    func distance(to point: Point) -> Double {
        guard corners.count >= 3 else {
            if corners.count == 2 {
                return AutomatonRecognition.distance(from: point, toSegment: corners[0], corners[1])
            }
            return corners.first.map { $0.distance(to: point) } ?? .infinity
        }
        let n = corners.count
        let inside = corners.indices.allSatisfy { i in
            (corners[(i + 1) % n] - corners[i]).cross(point - corners[i]) >= 0
        }
        if inside { return 0 }
        return corners.indices.map { i in
            AutomatonRecognition.distance(from: point, toSegment: corners[i], corners[(i + 1) % n])
        }.min()!
    }
}
