import Foundation
import Pictures
import StrokeFormats

/// Redraws the head of a one-stroke arrow the way other hands draw it, keeping the shaft:
/// heads of other sizes and angles, the pen going back to the tip beside its way out (a
/// retrace that leaves a thin loop), a small curl at the tip before the head, the second
/// barb retraced back to the tip, a hook as the pen lifts. Made for training data: a
/// classifier that saw only neat heads takes a curled or retraced head for a self-loop.
///
/// The tip is the stroke's point farthest from its start (an arrow's tip is its farthest
/// point); everything after it is the old head, replaced. Sizes are fractions of the
/// shaft's chord (start to tip), so the result does not depend on the drawing's units.
/// Every random choice comes from the `SplitMix64` passed in: the same state gives the same
/// head.
public struct ArrowHeadVariation: Sendable, Equatable {
    /// Barb length, as a fraction of the shaft's chord.
    public var headLength: ClosedRange<Double>
    /// Half-angle between the shaft's end direction reversed and each barb, in degrees.
    public var halfAngleDegrees: ClosedRange<Double>
    /// Probability of a small loop drawn at the tip before the head.
    public var curl: Double
    /// Largest gap between the way out to the first barb and the way back to the tip, as a
    /// fraction of the barb (0: the way back lies on the way out).
    public var maxRetraceGap: Double
    /// Probability that the pen goes back from the second barb to the tip.
    public var retraceSecondBarb: Double
    /// Probability of a hook at the stroke's end as the pen lifts.
    public var hook: Double

    public init(headLength: ClosedRange<Double> = 0.12...0.45,
                halfAngleDegrees: ClosedRange<Double> = 15...55,
                curl: Double = 0.35, maxRetraceGap: Double = 0.2, retraceSecondBarb: Double = 0.25,
                hook: Double = 0.3) {
        precondition(headLength.lowerBound > 0 && halfAngleDegrees.lowerBound >= 0
                     && halfAngleDegrees.upperBound < 90
                     && (0...1).contains(curl) && (0...1).contains(retraceSecondBarb)
                     && (0...1).contains(hook) && maxRetraceGap >= 0,
                     "Head lengths must be positive, half-angles in 0..<90°, probabilities in 0...1.")
        self.headLength = headLength
        self.halfAngleDegrees = halfAngleDegrees
        self.curl = curl
        self.maxRetraceGap = maxRetraceGap
        self.retraceSecondBarb = retraceSecondBarb
        self.hook = hook
    }

    /// The index of the point farthest from the first one (the first such point).
    public static func tipIndex(of stroke: Stroke) -> Int {
        guard let start = stroke.points.first else { return 0 }
        var (best, distance) = (0, 0.0)
        for (index, p) in stroke.points.enumerated() {
            let d = (p.x - start.x) * (p.x - start.x) + (p.y - start.y) * (p.y - start.y)
            if d > distance { (best, distance) = (index, d) }
        }
        return best
    }

    /// The stroke with its head redrawn. A stroke too short to have a shaft (the tip among
    /// its first three points, or a chord of zero length) is returned as it is.
    public func apply(to stroke: Stroke, using rng: inout SplitMix64) -> Stroke {
        let points = stroke.points
        let tipIndex = Self.tipIndex(of: stroke)
        guard tipIndex >= 3, let start = points.first else { return stroke }
        let tip = points[tipIndex]
        let chord = hypot(tip.x - start.x, tip.y - start.y)
        guard chord > 0 else { return stroke }
        // The shaft's direction at the tip: from the last point at least a tenth of the
        // chord before it (or the start).
        var from = 0
        for index in stride(from: tipIndex - 1, through: 0, by: -1)
        where hypot(tip.x - points[index].x, tip.y - points[index].y) >= 0.1 * chord {
            from = index
            break
        }
        let heading = atan2(tip.y - points[from].y, tip.x - points[from].x)
        let step = chord / 120  // spacing of the points drawn here

        let length = chord * uniform(headLength, &rng)
        let side: Double = rng.nextUnitFloat() < 0.5 ? 1 : -1  // which barb is drawn first
        let barbs = [side, -side].map { turn -> Point in
            let angle = heading + .pi
                + turn * uniform(halfAngleDegrees, &rng) * .pi / 180
            let reach = length * Double(0.8 + 0.4 * rng.nextUnitFloat())
            return Point(x: tip.x + reach * cos(angle), y: tip.y + reach * sin(angle))
        }
        var path = Array(points[...tipIndex].map { Point(x: $0.x, y: $0.y) })
        if Double(rng.nextUnitFloat()) < curl {
            // A loop through the tip, leaving along the shaft's direction and turning to
            // either side, back at the tip after a full turn.
            let radius = length * Double(0.15 + 0.25 * rng.nextUnitFloat())
            let turn: Double = rng.nextUnitFloat() < 0.5 ? 1 : -1
            Self.appendArc(&path, from: tip, heading: heading, radius: radius,
                           sweep: turn * 2 * .pi, step: step)
        }
        Self.appendLine(&path, to: barbs[0], step: step)
        // Back towards the tip, beside the way out by up to the gap, sometimes stopping short.
        let gap = length * maxRetraceGap * Double(rng.nextUnitFloat())
        let short = 0.2 * Double(rng.nextUnitFloat())
        let back = (x: tip.x + short * (barbs[0].x - tip.x), y: tip.y + short * (barbs[0].y - tip.y))
        let (bx, by) = (barbs[0].x - tip.x, barbs[0].y - tip.y)
        let barbLength = max(hypot(bx, by), 1e-9)
        let offset = (gap * -by / barbLength, gap * bx / barbLength)
        Self.appendLine(&path, to: Point(x: back.x + offset.0, y: back.y + offset.1), step: step)
        Self.appendLine(&path, to: barbs[1], step: step)
        if Double(rng.nextUnitFloat()) < retraceSecondBarb {
            Self.appendLine(&path, to: Point(x: tip.x, y: tip.y), step: step)
        }
        if Double(rng.nextUnitFloat()) < hook, path.count >= 2 {
            let (a, b) = (path[path.count - 2], path[path.count - 1])
            let radius = length * Double(0.08 + 0.17 * rng.nextUnitFloat())
            let turn: Double = rng.nextUnitFloat() < 0.5 ? 1 : -1
            let sweep = turn * .pi * Double(0.5 + rng.nextUnitFloat())  // 90°…270°
            Self.appendArc(&path, from: b, heading: atan2(b.y - a.y, b.x - a.x), radius: radius,
                           sweep: sweep, step: step)
        }
        return Stroke(points: path)
    }

    /// `count` training images of class `arrow`: one-stroke samples of that class in
    /// `dataset`, taken evenly spaced (each several times when `count` exceeds them),
    /// each with its head redrawn, then varied by `augmentation` and rasterized. Empty when
    /// the dataset has no such sample.
    public func trainingImages(from dataset: StrokeDataset, count: Int,
                               augmentation: StrokeAugmentation = Self.strokeAugmentation,
                               rasterizer: Rasterizer = .standard,
                               using rng: inout SplitMix64) -> ImageFolderDataset {
        let arrows = dataset.samples.filter { $0.label == "arrow" && $0.strokes.count == 1 }
        var images: [GrayImage] = []
        for k in 0..<(arrows.isEmpty ? 0 : count) {
            let sample = arrows[k * arrows.count / count]
            let varied = apply(to: sample.strokes[0], using: &rng)
            images.append(rasterizer.rasterize(augmentation.apply(to: [varied], using: &rng)))
        }
        return ImageFolderDataset(classNames: ["arrow"], images: images,
                                  labels: Array(repeating: 0, count: images.count),
                                  side: rasterizer.side)
    }

    /// `count` training images of class `arrow` with shafts drawn by `shaft(using:)`, each
    /// with its head redrawn, varied by `augmentation` and rasterized: the same as
    /// `trainingImages(from:count:…)` with no stroke data needed (fa-train's default).
    public func trainingImages(count: Int,
                               augmentation: StrokeAugmentation = Self.strokeAugmentation,
                               rasterizer: Rasterizer = .standard,
                               using rng: inout SplitMix64) -> ImageFolderDataset {
        var images: [GrayImage] = []
        for _ in 0..<max(0, count) {
            let varied = apply(to: Self.shaft(using: &rng), using: &rng)
            images.append(rasterizer.rasterize(augmentation.apply(to: [varied], using: &rng)))
        }
        return ImageFolderDataset(classNames: ["arrow"], images: images,
                                  labels: Array(repeating: 0, count: images.count),
                                  side: rasterizer.side)
    }

    /// A hand-like arrow shaft with no head, drawn the way the bundled synthetic generator
    /// (`Lab/scripts/generate_strokes.py`) draws its arrows' shafts: 80–240 units long
    /// (log-uniform), mostly to the right, else left, down, up, diagonal or any way; mostly
    /// near straight, sometimes bent (a quadratic curve whose middle is off the chord by a
    /// normal amount, σ 3 % of the length, or 10 % for one shaft in eight); a slow wobble of
    /// the hand (two waves along the shaft, each up to 0.75 % of the length); a point about
    /// every 1/60 of the length.
    public static func shaft(using rng: inout SplitMix64) -> Stroke {
        func uniform(_ low: Double, _ high: Double) -> Double {
            low + (high - low) * Double(rng.nextUnitFloat())
        }
        func normal(_ sigma: Double) -> Double {  // Box–Muller
            let u = max(Double(rng.nextUnitFloat()), 1e-7)
            return sigma * sqrt(-2 * log(u)) * cos(2 * .pi * Double(rng.nextUnitFloat()))
        }
        let length = 80 * exp(log(3.0) * Double(rng.nextUnitFloat()))
        let pick = Double(rng.nextUnitFloat())
        let angle: Double
        switch pick {  // right 36 %, left 8 %, down 10 %, up 8 %, diagonal 16 %, any 22 %
        case ..<0.36: angle = normal(0.1)
        case ..<0.44: angle = .pi + normal(0.1)
        case ..<0.54: angle = .pi / 2 + normal(0.1)
        case ..<0.62: angle = -.pi / 2 + normal(0.1)
        case ..<0.78: angle = .pi / 4 + .pi / 2 * Double(rng.nextInt(below: 4)) + normal(0.15)
        default: angle = uniform(0, 2 * .pi)
        }
        let bend = rng.nextUnitFloat() < 0.88 ? normal(0.03) : normal(0.1)
        let control = (x: length * uniform(0.35, 0.65), y: 2 * bend * length)
        let waves = (0..<2).map { _ in
            (cycles: uniform(0.4, 2.5), amplitude: length * uniform(0.002, 0.0075),
             phaseX: uniform(0, 2 * .pi), phaseY: uniform(0, 2 * .pi))
        }
        let count = 60
        let (c, s) = (cos(angle), sin(angle))
        let points = (0...count).map { k -> Point in
            let t = Double(k) / Double(count)
            var x = 2 * (1 - t) * t * control.x + t * t * length
            var y = 2 * (1 - t) * t * control.y
            for wave in waves {
                x += wave.amplitude * sin(2 * .pi * wave.cycles * t + wave.phaseX)
                y += wave.amplitude * sin(2 * .pi * wave.cycles * t + wave.phaseY)
            }
            return Point(x: x * c - y * s, y: x * s + y * c)
        }
        return Stroke(points: points)
    }

    /// The light change of each redrawn arrow before rasterizing (`fa-train rasterize`'s:
    /// turned by up to 10°, each axis scaled by up to 15 %, points jittered and dropped).
    public static let strokeAugmentation = StrokeAugmentation(maxRotation: 10 * .pi / 180)

    private func uniform(_ range: ClosedRange<Double>, _ rng: inout SplitMix64) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(rng.nextUnitFloat())
    }

    /// Points from the path's last point to `end`, about `step` apart (the end included).
    static func appendLine(_ path: inout [Point], to end: Point, step: Double) {
        guard let last = path.last else { path.append(end); return }
        let count = max(1, Int((hypot(end.x - last.x, end.y - last.y) / step).rounded(.up)))
        for k in 1...count {
            let f = Double(k) / Double(count)
            path.append(Point(x: last.x + f * (end.x - last.x), y: last.y + f * (end.y - last.y)))
        }
    }

    /// An arc of a circle of `radius` that leaves `start` along `heading` and turns by
    /// `sweep` radians (positive: towards +y of the heading, clockwise on a screen).
    static func appendArc(_ path: inout [Point], from start: Point, heading: Double, radius: Double,
                          sweep: Double, step: Double) {
        let (dx, dy) = (cos(heading), sin(heading))
        let turn: Double = sweep >= 0 ? 1 : -1
        let (nx, ny) = (-dy * turn, dx * turn)  // towards the centre
        let centre = (x: start.x + radius * nx, y: start.y + radius * ny)
        let count = max(2, Int((abs(sweep) * radius / step).rounded(.up)))
        for k in 1...count {
            let t = abs(sweep) * Double(k) / Double(count)
            path.append(Point(x: centre.x + radius * (-nx * cos(t) + dx * sin(t)),
                              y: centre.y + radius * (-ny * cos(t) + dy * sin(t))))
        }
    }
}
