import Foundation
import DrawingClassifier
import StrokeFormats

// Plane-vector arithmetic on `Point` for the geometry code of this module. Internal on
// purpose: these operators ignore the timestamp `t` and are not part of the public API.

extension Point {
    static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    static func * (s: Double, p: Point) -> Point { Point(x: s * p.x, y: s * p.y) }

    /// Euclidean length of the vector from the origin to this point.
    var length: Double { (x * x + y * y).squareRoot() }
    /// The point with the same coordinates and no timestamp.
    var position: Point { Point(x: x, y: y) }
    var isFinite: Bool { x.isFinite && y.isFinite }

    func distance(to other: Point) -> Double { (self - other).length }
    func dot(_ other: Point) -> Double { x * other.x + y * other.y }
    /// z-component of the 3-D cross product. With y pointing down, a positive value
    /// means `other` lies clockwise from `self` on screen.
    func cross(_ other: Point) -> Double { x * other.y - y * other.x }
    /// Unit vector in the same direction, or nil for the zero vector.
    var normalized: Point? {
        let l = length
        return l > 0 && l.isFinite ? Point(x: x / l, y: y / l) : nil
    }
    /// This vector rotated by `angle` radians (counter-clockwise in x-right/y-up terms,
    /// which is clockwise on a y-down screen).
    func rotated(by angle: Double) -> Point {
        let (c, s) = (cos(angle), sin(angle))
        return Point(x: c * x - s * y, y: s * x + c * y)
    }
}

/// Mean of the points (the origin for an empty array).
func centroid(_ points: [Point]) -> Point {
    guard !points.isEmpty else { return Point(x: 0, y: 0) }
    var (sx, sy) = (0.0, 0.0)
    for p in points { sx += p.x; sy += p.y }
    return Point(x: sx / Double(points.count), y: sy / Double(points.count))
}

/// Twice the signed area of the closed polygon through `points` (shoelace formula).
/// On a y-down screen a positive value means the points run clockwise.
func signedDoubleArea(_ points: [Point]) -> Double {
    guard points.count > 2 else { return 0 }
    var sum = 0.0
    for i in points.indices {
        let (a, b) = (points[i], points[(i + 1) % points.count])
        sum += a.x * b.y - b.x * a.y
    }
    return sum
}
