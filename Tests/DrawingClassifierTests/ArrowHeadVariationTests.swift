import Foundation
import StrokeFormats
import Testing
@testable import DrawingClassifier

@Suite struct ArrowHeadVariationTests {
    /// A one-stroke arrow pointing right: a shaft from (0, 0) to the tip (100, 0), a point
    /// every 5 units, then a neat head: tip → (85, −8) → tip → (85, 8).
    static let arrow = Stroke(points: (0...20).map { Point(x: Double($0) * 5, y: 0) }
        + [Point(x: 85, y: -8), Point(x: 100, y: 0), Point(x: 85, y: 8)])

    static func distance(_ a: Point, _ b: Point) -> Double { hypot(a.x - b.x, a.y - b.y) }

    @Test func theTipIsTheFarthestPointFromTheStart() {
        #expect(ArrowHeadVariation.tipIndex(of: Self.arrow) == 20)
    }

    @Test func theSameSeedRedrawsTheSameHead() {
        let variation = ArrowHeadVariation()
        var (a, b, c) = (SplitMix64(seed: 3), SplitMix64(seed: 3), SplitMix64(seed: 4))
        let once = variation.apply(to: Self.arrow, using: &a)
        #expect(once == variation.apply(to: Self.arrow, using: &b))
        #expect(once != variation.apply(to: Self.arrow, using: &c))
        #expect(a.next() == b.next())
    }

    /// Without curl, second retrace or hook: the shaft is kept point for point, the new head
    /// stays within the largest barb (0.45 of the shaft, ×1.2) plus the retrace gap of the
    /// tip, lies behind the tip, and has a barb on each side of the shaft.
    @Test func theShaftIsKeptAndTheHeadHasABarbOnEachSide() {
        let variation = ArrowHeadVariation(curl: 0, retraceSecondBarb: 0, hook: 0)
        let tip = Point(x: 100, y: 0)
        for seed in 0..<50 {
            var rng = SplitMix64(seed: UInt64(seed))
            let points = variation.apply(to: Self.arrow, using: &rng).points
            #expect(Array(points.prefix(21)) == Array(Self.arrow.points.prefix(21)))
            let head = points.dropFirst(21)
            #expect(head.allSatisfy { Self.distance($0, tip) <= 100 * 0.45 * 1.2 * 1.2 + 1e-9 })
            #expect(head.allSatisfy { $0.x <= 100 + 100 * 0.45 * 0.2 + 1e-9 })
            // Barbs of 15° or more, at least 0.12 × 0.8 of the shaft long: each reaches
            // 100 × 0.12 × 0.8 × sin 15° ≈ 2.5 units to its side.
            #expect(head.contains { $0.y > 2.4 } && head.contains { $0.y < -2.4 })
        }
    }

    /// A curl is a loop through the tip: the pen leaves the tip, goes round a circle of
    /// 0.15…0.4 of the barb's length and is back at the tip before the barbs.
    @Test func aCurlClosesOnItselfAtTheTip() throws {
        let variation = ArrowHeadVariation(curl: 1, maxRetraceGap: 0, retraceSecondBarb: 0, hook: 0)
        let tip = Point(x: 100, y: 0)
        for seed in 0..<20 {
            var rng = SplitMix64(seed: UInt64(seed))
            let points = variation.apply(to: Self.arrow, using: &rng).points
            let back = try #require(points.indices.dropFirst(25).first {
                Self.distance(points[$0], tip) < 1e-6
            })
            let loop = Array(points[21..<back])
            let width = loop.map { Self.distance($0, tip) }.max() ?? 0
            // The loop's diameter: 2 × (0.15…0.4) × (0.12…0.45) × 100 (a polygon's, slightly less).
            #expect(width >= 2 * 0.15 * 12 * 0.99 && width <= 2 * 0.4 * 45 + 1e-9)
            // It goes round: the enclosed area is most of a circle of that diameter.
            var area = 0.0
            for (a, b) in zip(loop, loop.dropFirst() + [tip]) {
                area += (a.x - tip.x) * (b.y - tip.y) - (b.x - tip.x) * (a.y - tip.y)
            }
            #expect(abs(area / 2) > 0.9 * .pi * width * width / 4)
        }
    }

    /// A stroke with no shaft (its farthest point among the first three) is left alone.
    @Test func aStrokeWithoutAShaftIsKept() {
        let dot = Stroke(points: [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 1, y: 1)])
        var rng = SplitMix64(seed: 1)
        #expect(ArrowHeadVariation().apply(to: dot, using: &rng) == dot)
    }

    /// Training images: as many as asked, all of class `arrow`, the same for the same seed;
    /// none from a dataset without one-stroke arrows.
    @Test func trainingImagesAreArrowsAndReproducible() {
        let samples = (0..<4).map { StrokeSample(strokes: [Self.arrow], label: "arrow", source: "a\($0).json") }
            + [StrokeSample(strokes: [Self.arrow], label: "circle", source: "c.json")]
        let dataset = StrokeDataset(samples: samples)
        var (a, b) = (SplitMix64(seed: 9), SplitMix64(seed: 9))
        let images = ArrowHeadVariation().trainingImages(from: dataset, count: 6, using: &a)
        #expect(images.classNames == ["arrow"] && images.labels == Array(repeating: 0, count: 6))
        #expect(images.images.count == 6 && images.images.allSatisfy { $0.width == 28 })
        #expect(images.images == ArrowHeadVariation().trainingImages(from: dataset, count: 6, using: &b).images)
        let none = StrokeDataset(samples: [samples[4]])
        #expect(ArrowHeadVariation().trainingImages(from: none, count: 6, using: &a).images.isEmpty)
    }

    /// Drawn shafts: 80–240 units from start to end (± the wobble, 2 × 0.75 % each way),
    /// the end the farthest point (where the head goes), 61 points; reproducible; images of
    /// class `arrow`, as many as asked.
    @Test func drawnShaftsAreArrowShaftsAndReproducible() {
        var lengths: [Double] = []
        for seed in 0..<300 {
            var (a, b) = (SplitMix64(seed: UInt64(seed)), SplitMix64(seed: UInt64(seed)))
            let shaft = ArrowHeadVariation.shaft(using: &a)
            #expect(shaft == ArrowHeadVariation.shaft(using: &b))
            let points = shaft.points
            #expect(points.count == 61)
            let chord = Self.distance(points[0], points[60])
            #expect(chord >= 80 * 0.96 && chord <= 240 * 1.04)
            #expect(ArrowHeadVariation.tipIndex(of: shaft) >= 55)
            lengths.append(chord)
        }
        // Log-uniform over 80…240: the median near √(80 × 240) ≈ 139.
        let median = lengths.sorted()[150]
        #expect(median > 120 && median < 160)
        var (a, b) = (SplitMix64(seed: 5), SplitMix64(seed: 5))
        let images = ArrowHeadVariation().trainingImages(count: 7, using: &a)
        #expect(images.classNames == ["arrow"] && images.labels == Array(repeating: 0, count: 7))
        #expect(images.images.count == 7 && images.images.allSatisfy { $0.width == 28 })
        #expect(images.images == ArrowHeadVariation().trainingImages(count: 7, using: &b).images)
    }
}
