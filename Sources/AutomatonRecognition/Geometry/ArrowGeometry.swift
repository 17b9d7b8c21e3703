import Foundation
import DrawingClassifier
import StrokeFormats

/// Where a one-stroke arrow starts and points, measured from the drawn ink.
///
/// The stroke is resampled evenly and cut at its sharp corners (turns of more than
/// `cornerAngle` within a few samples). The longest piece is the shaft; the other pieces
/// form the head. The head lies after the shaft when people draw shaft-then-head (barb,
/// back, barb; or a single barb), before it when they draw the head first (decided by
/// which end has more barbs, see `isHeadFirst`); the shaft end next to the head is the
/// tip, its other end the start. So the tip is where the head begins, never the end of a
/// barb. Barbs are the head ink farthest from the tip on each side of the shaft; a missing
/// barb is mirrored from the other one, and with no drawn head both are synthesised at
/// ±`synthesizedBarbAngle` around the shaft direction. Tip and barb ends are finally
/// snapped to the nearest pen samples, which resampling may have cut across.
public struct ArrowGeometry: Sendable, Equatable {
    /// The shaft's far end (where the arrow comes from).
    public var start: Point
    /// The shaft's end at the head (where the arrow points).
    public var tip: Point
    /// The two barb ends: `head[0]` on the left of the shaft direction (as seen on a
    /// y-down screen), `head[1]` on its right.
    public var head: [Point]
    /// The shaft point farthest from the chord start–tip, when that distance exceeds
    /// `bendThreshold`·chord length; nil for a straight shaft.
    public var bend: Point?
    /// The shaft as a polyline from start to tip (resampled).
    public var shaft: [Point]
    /// Number of barbs taken from the ink (0, 1 or 2); the others were synthesised.
    public var drawnBarbs: Int

    /// Samples along the stroke after resampling.
    public static let sampleCount = 64
    /// A turn sharper than this (radians, ≈ 60°) over `cornerWindow` samples cuts the stroke.
    public static let cornerAngle = 60.0 * Double.pi / 180
    /// Half-width, in samples, of the window the turning angle is measured over.
    public static let cornerWindow = 3
    /// Half-angle of a synthesised head (≈ 30°).
    public static let synthesizedBarbAngle = 30.0 * Double.pi / 180
    /// Synthesised barb length as a fraction of the shaft length.
    public static let synthesizedBarbLength = 0.2
    /// Minimum barb length, as a fraction of the shaft length, to count as drawn.
    public static let minimumBarbLength = 0.06
    /// Deviation from the chord, as a fraction of its length, above which a shaft is bent.
    public static let bendThreshold = 0.08

    public init(start: Point, tip: Point, head: [Point], bend: Point?, shaft: [Point],
                drawnBarbs: Int) {
        self.start = start
        self.tip = tip
        self.head = head
        self.bend = bend
        self.shaft = shaft
        self.drawnBarbs = drawnBarbs
    }

    /// Measures an arrow drawn as one stroke. Fails for fewer than two distinct points or
    /// a stroke of (near) zero length.
    public static func measure(_ points: [Point]) -> Result<ArrowGeometry, GeometryFailure> {
        guard points.allSatisfy(\.isFinite) else { return .failure(.nonFinitePoint) }
        let distinct = Set(points.map { [$0.x, $0.y] }).count
        guard distinct >= 2 else { return .failure(.tooFewPoints(count: distinct, needed: 2)) }
        let total = pathLength(points)
        let extent = boundingDiagonal(points)
        guard total.isFinite, extent.isFinite else { return .failure(.nonFinitePoint) }
        guard total > 1e-9 * max(1, extent), extent > 0 else {
            return .failure(.tooShort(length: total))
        }
        let p = resampled(points, count: sampleCount)

        // Cut at corners: local maxima of the turning angle above the threshold.
        let corners = cornerIndices(p)
        let cuts = [0] + corners + [p.count - 1]
        var longest = (from: 0, to: p.count - 1, length: -1.0)
        for k in 1..<cuts.count {
            let length = pathLength(Array(p[cuts[k - 1]...cuts[k]]))
            if length > longest.length { longest = (cuts[k - 1], cuts[k], length) }
        }
        let headFirst = isHeadFirst(p, shaftFrom: longest.from, to: longest.to,
                                    shaftLength: longest.length)
        var shaft = Array(p[longest.from...longest.to])
        if headFirst { shaft.reverse() }
        shaft[shaft.count - 1] = refinedTip(p, at: headFirst ? longest.from : longest.to,
                                            from: shaft[0])
        let headInk = headFirst ? Array(p[0..<longest.from]) : Array(p[(longest.to + 1)...])

        let spacing = total / Double(sampleCount - 1)
        let start = shaft[0]
        // Resampled points sit on chords between pen samples: snap the tip to the pen
        // sample near it that reaches farthest along the shaft.
        let axis = (shaft[shaft.count - 1] - start).normalized ?? Point(x: 1, y: 0)
        let tip = nearbyPenPoint(points, around: shaft[shaft.count - 1], within: spacing) {
            ($0 - start).dot(axis)
        }
        shaft[shaft.count - 1] = tip
        let shaftLength = longest.length
        let direction = tipDirection(shaft, length: shaftLength)
        // Barb ends likewise snap to the pen sample farthest from the tip.
        let (head, drawn) = barbs(headInk, tip: tip, direction: direction,
                                  shaftLength: shaftLength) { barb in
            nearbyPenPoint(points, around: barb, within: spacing) { $0.distance(to: tip) }
        }
        return .success(ArrowGeometry(start: start, tip: tip, head: head,
                                      bend: bendPoint(shaft), shaft: shaft, drawnBarbs: drawn))
    }

    /// How far the polyline turns at each point (radians), from the chord `window` points
    /// back to the chord `window` points on; 0 within `window` of either end and where a
    /// chord has no length.
    static func turningAngles(_ p: [Point], window w: Int) -> [Double] {
        var turn = [Double](repeating: 0, count: p.count)
        guard p.count > 2 * w else { return turn }
        for i in w..<(p.count - w) {
            let incoming = p[i] - p[i - w], outgoing = p[i + w] - p[i]
            guard incoming.length > 0, outgoing.length > 0 else { continue }
            turn[i] = abs(atan2(incoming.cross(outgoing), incoming.dot(outgoing)))
        }
        return turn
    }

    /// Indices of sharp corners, at least `cornerWindow` samples from either end.
    static func cornerIndices(_ p: [Point]) -> [Int] {
        let w = cornerWindow
        guard p.count > 2 * w else { return [] }
        let turn = turningAngles(p, window: w)
        var corners: [Int] = []
        for i in w..<(p.count - w) where turn[i] > cornerAngle {
            let window = max(0, i - w)...min(p.count - 1, i + w)
            // Keep the first index of a plateau so a corner is never reported twice.
            let isPeak = window.allSatisfy { j in j == i || turn[j] < turn[i]
                || (turn[j] == turn[i] && j > i) }
            if isPeak { corners.append(i) }
        }
        return corners
    }

    /// Whether the head was drawn before the shaft (the stroke starts at a barb). Pens
    /// often leave a small hook at the start of a stroke, which looks like one barb, so
    /// the end with more barbs wins; on a tie the head is taken to be drawn last unless
    /// the ink before the shaft is more than twice the ink after it.
    static func isHeadFirst(_ p: [Point], shaftFrom from: Int, to: Int, shaftLength: Double)
        -> Bool
    {
        let shaft = Array(p[from...to])
        let atEnd = barbs(Array(p[(to + 1)...]), tip: p[to],
                          direction: tipDirection(shaft, length: shaftLength),
                          shaftLength: shaftLength).drawn
        let atStart = barbs(Array(p[0..<from]), tip: p[from],
                            direction: tipDirection(shaft.reversed(), length: shaftLength),
                            shaftLength: shaftLength).drawn
        if atStart != atEnd { return atStart > atEnd }
        return pathLength(Array(p[0...from])) > 2 * pathLength(Array(p[to...]))
    }

    /// The sample near the corner `index` that reaches farthest from `start`: corner
    /// detection can land a sample early or late on a rounded tip.
    static func refinedTip(_ p: [Point], at index: Int, from start: Point) -> Point {
        let window = max(0, index - cornerWindow)...min(p.count - 1, index + cornerWindow)
        let axis = (p[index] - start).normalized ?? Point(x: 1, y: 0)
        let best = window.max { (p[$0] - start).dot(axis) < (p[$1] - start).dot(axis) }!
        return p[best]
    }

    /// The pen sample within `radius` of `point` that maximises `score` (`point` itself
    /// when none is that close).
    static func nearbyPenPoint(_ points: [Point], around point: Point, within radius: Double,
                               score: (Point) -> Double) -> Point {
        var best = point, bestScore = score(point)
        for q in points where q.distance(to: point) <= radius {
            let s = score(q.position)
            if s > bestScore { (best, bestScore) = (q.position, s) }
        }
        return best
    }

    /// Unit direction of travel at the tip: from the shaft point a quarter of the shaft
    /// back to the tip (robust to the small hook pens make at a corner).
    static func tipDirection(_ shaft: [Point], length: Double) -> Point {
        let tip = shaft[shaft.count - 1]
        var walked = 0.0, anchor = shaft[0]
        for i in stride(from: shaft.count - 1, to: 0, by: -1) {
            walked += shaft[i].distance(to: shaft[i - 1])
            anchor = shaft[i - 1]
            if walked >= 0.25 * length { break }
        }
        return (tip - anchor).normalized ?? (tip - shaft[0]).normalized ?? Point(x: 1, y: 0)
    }

    /// Barb ends from the head ink: the point farthest from the tip on each side of the
    /// shaft, among points lying behind the tip. Missing barbs are mirrored or synthesised.
    static func barbs(_ ink: [Point], tip: Point, direction: Point, shaftLength: Double,
                      snap: (Point) -> Point = { $0 }) -> (head: [Point], drawn: Int)
    {
        var left: Point?, right: Point?
        var leftDistance = minimumBarbLength * shaftLength
        var rightDistance = leftDistance
        for q in ink {
            let v = q - tip
            guard v.dot(direction) < 0.2 * v.length else { continue }  // must point backward
            let d = v.length
            // On a y-down screen, v × direction > 0 means q is left of the direction.
            if v.cross(direction) > 0 {
                if d > leftDistance { (left, leftDistance) = (q, d) }
            } else if d > rightDistance {
                (right, rightDistance) = (q, d)
            }
        }
        left = left.map(snap)
        right = right.map(snap)
        func mirrored(_ q: Point) -> Point {
            // Reflect q across the shaft line through the tip.
            let v = q - tip
            let along = v.dot(direction)
            return tip + (2 * along) * direction - v
        }
        switch (left, right) {
        case let (l?, r?): return ([l, r], 2)
        case let (l?, nil): return ([l, mirrored(l)], 1)
        case let (nil, r?): return ([mirrored(r), r], 1)
        case (nil, nil):
            let back = -1 * direction
            let length = synthesizedBarbLength * shaftLength
            // Rotating `back` by +angle turns it clockwise on screen, i.e. to the left side.
            return ([tip + length * back.rotated(by: synthesizedBarbAngle),
                     tip + length * back.rotated(by: -synthesizedBarbAngle)], 0)
        }
    }

    /// The shaft point farthest from the chord, if far enough to call the shaft bent.
    static func bendPoint(_ shaft: [Point]) -> Point? {
        let a = shaft[0], b = shaft[shaft.count - 1]
        let chord = a.distance(to: b)
        guard chord > 0 else { return nil }
        var best = (distance: 0.0, point: a)
        for q in shaft {
            let d = distance(from: q, toSegment: a, b)
            if d > best.distance { best = (d, q) }
        }
        return best.distance > bendThreshold * chord ? best.point : nil
    }
}

/// Length of the diagonal of the points' bounding box.
func boundingDiagonal(_ points: [Point]) -> Double {
    guard let first = points.first else { return 0 }
    var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
    for p in points {
        minX = min(minX, p.x); maxX = max(maxX, p.x)
        minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    return Point(x: maxX - minX, y: maxY - minY).length
}
