import StrokeFormats
import Testing
@testable import DrawingClassifier

@Suite struct StrokeBendTests {
    /// A straight stroke from (0, 0) to (100, 0), a point every 10 units.
    static let line = Stroke(points: (0...10).map { Point(x: Double($0) * 10, y: 0) })

    /// With only a bow of 0.2: no point moves further than 0.2 × 100 units, the middle
    /// point moves by the full drawn bow (its place along any axis is the centre), and the
    /// stroke is no longer straight.
    @Test func bendIsBoundedByItsAmountAndBowsTheMiddle() {
        let bend = StrokeAugmentation(maxRotation: 0, maxScaleChange: 0, maxJitter: 0, dropout: 0,
                                      maxBend: 0.2)
        var largestMiddle = 0.0
        for seed in 0..<20 {
            var rng = SplitMix64(seed: UInt64(seed))
            let bowed = bend.apply(to: [Self.line], using: &rng)[0].points
            #expect(bowed.count == 11)
            var moves: [Double] = []
            for (a, b) in zip(Self.line.points, bowed) {
                let move = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                moves.append(move)
                #expect(move <= 20 + 1e-9)
            }
            // The middle moves most: the bow is 1 − 4s² of the amount, s its place on the axis.
            #expect(moves[5] >= moves.max()! - 1e-9)
            largestMiddle = max(largestMiddle, moves[5])
        }
        #expect(largestMiddle > 10)  // some of the 20 bows are more than half the largest
    }

    /// A bow of zero draws nothing: the augmentation's other changes are as before.
    @Test func noBendKeepsTheRandomSequence() {
        let plain = StrokeAugmentation(maxRotation: 0.2)
        var a = SplitMix64(seed: 5), b = SplitMix64(seed: 5)
        let once = plain.apply(to: [Self.line], using: &a)
        let again = StrokeAugmentation(maxRotation: 0.2, maxBend: 0).apply(to: [Self.line], using: &b)
        #expect(once == again)
        #expect(a.next() == b.next())
    }
}
