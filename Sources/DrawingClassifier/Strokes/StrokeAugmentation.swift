import Foundation
import StrokeFormats

/// Random, label-preserving changes to strokes before rasterizing, driven by a seeded
/// `SplitMix64`. Every amount is the largest allowed; each call draws fresh values.
/// Transforms act about the centre of the drawing's bounds, in the drawing's own units.
public struct StrokeAugmentation: Sendable, Equatable {
    /// Largest rotation, in radians, either way (small: an arrow must stay an arrow).
    public var maxRotation: Double
    /// Largest relative change of each axis' scale, drawn independently for x and y.
    public var maxScaleChange: Double
    /// Largest shift of each point, as a fraction of the drawing's longer side.
    public var maxJitter: Double
    /// Probability of dropping each interior point (first and last points are kept).
    public var dropout: Double
    /// Resampling spacing range, as a fraction of the path length (0...0 = no resampling);
    /// mimics drawing faster (sparser points) or slower (denser points).
    public var resampleSpacing: ClosedRange<Double>
    /// Largest bow of the drawing, as a fraction of its longer side: points move sideways
    /// to a random axis by up to this times (1 − 4s²), s ∈ [−½, ½] their place along it, so
    /// a straight shaft becomes an arc while its ends stay put (as arrows are drawn bent).
    public var maxBend: Double = 0
    /// Largest fraction of each stroke's length cut off at either end (the pen put down
    /// late or lifted early: a state left open, an arrow stopping short).
    public var maxTrim: Double = 0

    public init(maxRotation: Double = 0.15, maxScaleChange: Double = 0.15,
                maxJitter: Double = 0.01, dropout: Double = 0.1,
                resampleSpacing: ClosedRange<Double> = 0...0, maxBend: Double = 0,
                maxTrim: Double = 0) {
        self.maxBend = maxBend
        self.maxTrim = maxTrim
        precondition(maxRotation >= 0 && maxScaleChange >= 0 && maxScaleChange < 1
                     && maxJitter >= 0 && (0..<1).contains(dropout)
                     && resampleSpacing.lowerBound >= 0 && maxBend >= 0 && (0..<0.5).contains(maxTrim),
                     "Augmentation amounts must be non-negative (scale change and dropout < 1).")
        self.maxRotation = maxRotation
        self.maxScaleChange = maxScaleChange
        self.maxJitter = maxJitter
        self.dropout = dropout
        self.resampleSpacing = resampleSpacing
    }

    /// No change at all.
    public static let none = StrokeAugmentation(maxRotation: 0, maxScaleChange: 0, maxJitter: 0,
                                                dropout: 0)

    /// Augmented copies of `strokes`; the same generator state gives the same result.
    public func apply(to strokes: [Stroke], using rng: inout SplitMix64) -> [Stroke] {
        let all = strokes.flatMap(\.points)
        guard let first = all.first else { return strokes }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in all {
            (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
            (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
        }
        let (cx, cy) = ((minX + maxX) / 2, (minY + maxY) / 2)
        let extent = max(maxX - minX, maxY - minY)
        let angle = uniform(maxRotation, &rng)
        let (sx, sy) = (1 + uniform(maxScaleChange, &rng), 1 + uniform(maxScaleChange, &rng))
        let (c, s) = (cos(angle), sin(angle))
        let spread = resampleSpacing.upperBound - resampleSpacing.lowerBound
        let spacing = resampleSpacing.lowerBound + spread * Double(rng.nextUnitFloat())
        // The bow: an axis (ax, ay) and a signed amount; drawn only when asked for, so other
        // augmentations keep their random sequence.
        let bendAngle = maxBend > 0 ? Double(rng.nextUnitFloat()) * .pi : 0
        let bend = uniform(maxBend, &rng) * extent
        let (ax, ay) = (cos(bendAngle), sin(bendAngle))
        return strokes.map { stroke in
            var points: [Point] = []
            for (index, p) in stroke.points.enumerated() {
                let isEnd = index == 0 || index == stroke.points.count - 1
                if !isEnd, dropout > 0, Double(rng.nextUnitFloat()) < dropout { continue }
                var (dx, dy) = ((p.x - cx) * sx, (p.y - cy) * sy)
                if bend != 0, extent > 0 {
                    let along = min(0.5, max(-0.5, (dx * ax + dy * ay) / extent))
                    let bow = bend * (1 - 4 * along * along)
                    (dx, dy) = (dx - ay * bow, dy + ax * bow)
                }
                points.append(Point(x: cx + c * dx - s * dy + uniform(maxJitter * extent, &rng),
                                    y: cy + s * dx + c * dy + uniform(maxJitter * extent, &rng),
                                    t: p.t))
            }
            var moved = Stroke(points: points)
            if maxTrim > 0 {
                let (start, end) = (Double(rng.nextUnitFloat()) * maxTrim, Double(rng.nextUnitFloat()) * maxTrim)
                moved = moved.trimmed(start: start, end: end)
            }
            return spacing > 0 ? moved.resampled(spacing: spacing * moved.length) : moved
        }
    }

    private func uniform(_ amount: Double, _ rng: inout SplitMix64) -> Double {
        amount == 0 ? 0 : amount * (2 * Double(rng.nextUnitFloat()) - 1)
    }
}

extension Stroke {
    /// Total length of the polyline.
    public var length: Double {
        zip(points, points.dropFirst()).reduce(0) { sum, pair in
            let (dx, dy) = (pair.1.x - pair.0.x, pair.1.y - pair.0.y)
            return sum + (dx * dx + dy * dy).squareRoot()
        }
    }

    /// The piece of the path from `start` of its length to `end` before its end (fractions;
    /// the cut points interpolated). A stroke shorter than two points is returned as it is.
    public func trimmed(start: Double, end: Double) -> Stroke {
        let total = length
        guard points.count >= 2, total > 0, start >= 0, end >= 0, start + end < 1 else { return self }
        let (from, to) = (start * total, (1 - end) * total)
        var result: [Point] = []
        var walked = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let segment = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            func at(_ distance: Double) -> Point {
                let f = segment > 0 ? (distance - walked) / segment : 0
                return Point(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y))
            }
            if result.isEmpty, walked + segment >= from { result.append(at(from)) }
            if !result.isEmpty {
                if walked + segment >= to { result.append(at(to)); break }
                result.append(b)
            }
            walked += segment
        }
        return result.count >= 2 ? Stroke(points: result) : self
    }

    /// Points every `spacing` units along the path (first and last kept; timestamps dropped).
    /// A zero-length stroke or a non-positive spacing returns the stroke unchanged.
    public func resampled(spacing: Double) -> Stroke {
        guard spacing > 0, length > 0, let first = points.first, let last = points.last else {
            return self
        }
        let count = Int(min(length / spacing, 100_000))  // also guards against overflow
        var result = [Point(x: first.x, y: first.y)]
        var carried = 0.0  // distance walked since the last emitted point
        for (a, b) in zip(points, points.dropFirst()) {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let segment = (dx * dx + dy * dy).squareRoot()
            var along = spacing - carried
            while along <= segment, result.count < count {
                let f = along / segment
                result.append(Point(x: a.x + f * dx, y: a.y + f * dy))
                along += spacing
            }
            carried = segment - (along - spacing)
        }
        result.append(Point(x: last.x, y: last.y))
        return Stroke(points: result)
    }
}
