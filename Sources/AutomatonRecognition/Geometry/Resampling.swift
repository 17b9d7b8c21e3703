import DrawingClassifier
import StrokeFormats

/// Total length of the polyline through `points`.
public func pathLength(_ points: [Point]) -> Double {
    guard points.count > 1 else { return 0 }
    var total = 0.0
    for i in 1..<points.count { total += points[i].distance(to: points[i - 1]) }
    return total
}

/// `count` points spaced evenly by arc length along the polyline, first and last points
/// included. Pen input is denser where the pen moved slowly; resampling makes every part
/// of the drawn shape count equally in a fit. Returns the distinct input points unchanged
/// when the polyline has zero length or fewer than two points.
public func resampled(_ points: [Point], count: Int) -> [Point] {
    precondition(count >= 2, "Resampling needs a count of at least two points.")
    let clean = points.map(\.position)
    let total = pathLength(clean)
    guard clean.count > 1, total > 0, total.isFinite else { return clean.prefix(1).map { $0 } }
    let spacing = total / Double(count - 1)
    var result = [clean[0]]
    result.reserveCapacity(count)
    var walked = 0.0          // arc length at clean[i - 1]
    var i = 1
    for k in 1..<(count - 1) {
        let target = Double(k) * spacing
        while i < clean.count - 1, walked + clean[i].distance(to: clean[i - 1]) < target {
            walked += clean[i].distance(to: clean[i - 1])
            i += 1
        }
        let segment = clean[i].distance(to: clean[i - 1])
        let f = segment > 0 ? min(max((target - walked) / segment, 0), 1) : 0
        result.append(clean[i - 1] + f * (clean[i] - clean[i - 1]))
    }
    result.append(clean[clean.count - 1])
    return result
}

/// Distance from `point` to the segment from `a` to `b`.
func distance(from point: Point, toSegment a: Point, _ b: Point) -> Double {
    let ab = b - a
    let lengthSquared = ab.dot(ab)
    guard lengthSquared > 0 else { return point.distance(to: a) }
    let f = min(max((point - a).dot(ab) / lengthSquared, 0), 1)
    return point.distance(to: a + f * ab)
}

/// Distance from `point` to the nearest point of the polyline (infinity when empty).
public func distance(from point: Point, toPolyline polyline: [Point]) -> Double {
    guard let first = polyline.first else { return .infinity }
    guard polyline.count > 1 else { return point.distance(to: first) }
    var best = Double.infinity
    for i in 1..<polyline.count {
        best = min(best, distance(from: point, toSegment: polyline[i - 1], polyline[i]))
    }
    return best
}
