import StrokeFormats
import Testing
@testable import DrawingClassifier

@Suite struct StrokeTrimTests {
    /// A straight stroke from (0, 0) to (100, 0), a point every 10 units.
    static let line = Stroke(points: (0...10).map { Point(x: Double($0) * 10, y: 0) })

    @Test func trimmingCutsTheGivenFractionsOffTheEnds() {
        let piece = Self.line.trimmed(start: 0.15, end: 0.3)
        #expect(piece.points.first == Point(x: 15, y: 0))
        #expect(piece.points.last == Point(x: 70, y: 0))
        #expect(abs(piece.length - 55) < 1e-9)
        #expect(piece.points.map(\.x) == [15, 20, 30, 40, 50, 60, 70])
        #expect(Self.line.trimmed(start: 0, end: 0) == Self.line)
        #expect(Self.line.trimmed(start: 0.6, end: 0.6) == Self.line)  // nothing would be left
    }

    /// Trimming up to 0.2 at each end keeps between 60 % and 100 % of the length, and the
    /// kept piece lies on the original line.
    @Test func augmentationTrimIsBoundedByItsAmount() {
        let trim = StrokeAugmentation(maxRotation: 0, maxScaleChange: 0, maxJitter: 0, dropout: 0,
                                      maxTrim: 0.2)
        var shortest = 100.0
        for seed in 0..<20 {
            var rng = SplitMix64(seed: UInt64(seed))
            let piece = trim.apply(to: [Self.line], using: &rng)[0]
            #expect(piece.length >= 60 - 1e-9 && piece.length <= 100 + 1e-9)
            #expect(piece.points.allSatisfy { abs($0.y) < 1e-9 && $0.x >= -1e-9 && $0.x <= 100 + 1e-9 })
            shortest = min(shortest, piece.length)
        }
        #expect(shortest < 80)
    }
}
