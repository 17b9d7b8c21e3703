import Testing
import Foundation
import StrokeFormats
@testable import AutomatonRecognition
import TestSupport

/// The head-offer model: what it makes of offers, which it withdraws, and a V head that
/// measures as a whole arrow.
@Suite struct HeadOfferModelTests {
    /// A V head at a shaft's end, `off` of its extent off the shaft's line (its two ends
    /// half its extent either side of its centre, across the line) and `gap` of it away, at
    /// the pen's last end of a shaft five times its size, in a drawing of states twice its
    /// size; one of `offers` offers of its stroke, `gap` and `off` above their best.
    static func features(gap: Double, off: Double, penStart: Bool, offers: Int = 1)
        -> StrokeGrouping.OfferFeatures {
        .init(gap: gap, lateral: off, along: -0.3, turned: 0, isVee: true, ofShaft: 0.2,
              ofState: 0.5, shaftOfState: 2.5, apex: gap, barbOnly: false, penStart: penStart,
              hooked: false, headIsShaft: false, headHasOffers: false, wholeArrow: false,
              chordAlong: 0.1, straddle: 0.25 - off * off, behind: 0.7, reach: off + 0.5,
              toShaft: gap, gapOverBest: offers > 1 ? gap : 0,
              lateralOverBest: offers > 1 ? off : 0, offersOfHead: offers)
    }

    @Test func aHeadOnTheShaftsLineAtItsEndIsLikelierThanOneOffItAtAnotherShaftsStart() {
        // One V offered to two shafts: on the first's line at its end, and 0.4 of its
        // extent off the second's start.
        let onLine = StrokeGrouping.headOfferLogit(
            Self.features(gap: 0, off: 0, penStart: false, offers: 2))
        let offLine = StrokeGrouping.headOfferLogit(
            Self.features(gap: 0.4, off: 0.4, penStart: true, offers: 2))
        #expect(onLine > 2)       // right more than 7 times in 8
        #expect(offLine < -1)     // right less than 1 in 3
        #expect(onLine - offLine > StrokeGrouping.offerLogitMargin)
        // Offered to the second shaft alone, the same V is likelier its head than not.
        #expect(StrokeGrouping.headOfferLogit(Self.features(gap: 0.4, off: 0.4, penStart: true))
                > 0)
    }

    @Test func anUnlikelyOfferIsWithdrawnUnlessItIsItsShaftsLikeliest() {
        // Head 2 lies on shaft 0's end and off shaft 1's start and shaft 4's; head 3 lies
        // off shaft 1's start only. Shaft 1's offer of 2 is far below 2's best and 1 has a
        // better one (3): withdrawn. Shaft 4 is offered only 2, as unlikely: kept (its
        // likeliest).
        let good = Self.features(gap: 0, off: 0, penStart: false, offers: 3)
        let poor = Self.features(gap: 0.4, off: 0.4, penStart: true, offers: 3)
        let fair = Self.features(gap: 0.2, off: 0.2, penStart: true)
        let offers: [StrokeGrouping.Offer] = [(0, 2, 0, 1, 0), (0, 2, 1, 0, 0), (0, 3, 1, 0, 0),
                                              (0, 2, 4, 0, 0)]
        let grouping = StrokeGrouping(options: AssemblyOptions())
        let kept = grouping.ranked(offers, features: [good, poor, fair, poor],
                                   shafts: StrokeGrouping.Shafts())
        #expect(kept.map { [$0.head, $0.shaft] } == [[2, 0], [3, 1], [2, 4]])
        #expect(abs(kept[0].rank + StrokeGrouping.headOfferLogit(good)) < 1e-12)
    }

    @Test func aVAtOneShaftsEndIsMeasuredBesideItsOfferToAnotherShaftEndingNearby() {
        // Shaft 0 runs right to (100, 0), shaft 1 down to (100, −12); the V (stroke 2)
        // opens back along shaft 0 with its apex on shaft 0's end: 10 across, 16 high,
        // extent √356. In a drawing of states 50 across.
        let strokes = [[Point(x: 0, y: 0), Point(x: 100, y: 0)],
                       [Point(x: 100, y: -72), Point(x: 100, y: -12)],
                       [Point(x: 90, y: -8), Point(x: 100, y: 0), Point(x: 90, y: 8)]]
            .map(StrokeGroupingTests.ink)
        var shafts = StrokeGrouping.Shafts()
        shafts.ends[0] = [.init(point: Point(x: 100, y: 0), outward: Point(x: 1, y: 0), side: 1)]
        shafts.ends[1] = [.init(point: Point(x: 100, y: -12), outward: Point(x: 0, y: 1), side: 1)]
        let offers: [StrokeGrouping.Offer] = [(0, 2, 0, 0, 0), (0, 2, 1, 0, 0)]
        let grouping = StrokeGrouping(options: AssemblyOptions())
        let f = grouping.offerFeatures(offers, ink: strokes, shafts: shafts, scale: 50)
        let size = 356.0.squareRoot()
        // At shaft 0: apex on the end, ends 8 either side of its line, 2 of 3 points behind.
        #expect(f[0].gap == 0 && f[0].lateral == 0 && f[0].turned == 0 && f[0].isVee)
        #expect(f[0].chordAlong == 0)
        #expect(abs(f[0].straddle - 64 / 356) < 1e-12)
        #expect(abs(f[0].reach - 8 / size) < 1e-12)
        #expect(abs(f[0].behind - 2.0 / 3) < 1e-12)
        #expect(f[0].toShaft == 0)
        // At shaft 1: the V's nearest ink (90, −8) is √116 from the end, its centre
        // (93⅓, 0) 6⅔ off the line; the chord runs along the way out, both ends on one side.
        #expect(abs(f[1].gap - 116.0.squareRoot() / size) < 1e-12)
        #expect(abs(f[1].lateral - 20.0 / 3 / size) < 1e-12)
        #expect(f[1].chordAlong == 1)
        #expect(abs(f[1].straddle + 10 * 10 / 356) < 1e-12)
        #expect(f[1].behind == 0)
        // Beside each other: both offers of the V, shaft 1 the shorter by 0.8 S.
        #expect(f.map(\.offersOfHead) == [2, 2])
        #expect(f[0].gapOverBest == 0 && f[0].lateralOverBest == 0 && f[0].shaftUnderLongest == 0)
        #expect(abs(f[1].gapOverBest - f[1].gap) < 1e-12)
        #expect(abs(f[1].lateralOverBest - f[1].lateral) < 1e-12)
        #expect(abs(f[1].shaftUnderLongest + 0.8) < 1e-12)
        // The model: shaft 0's, by far more than `offerLogitMargin`.
        let logits = f.map(StrokeGrouping.headOfferLogit)
        #expect(logits[0] > 2)
        #expect(logits[0] - logits[1] > StrokeGrouping.offerLogitMargin)
    }

    @Test func aShaftWithHeadsAtBothEndsPointsWhereTheModelIsMuchSurer() {
        // One head at the pen's start, the model's −5 (log-odds 5); two at its end, ranks 1
        // and 2. By count the shaft points to its end; the start's head is 6 log-odds
        // likelier than the end's best, more than `surerEnd`: it points to its start. At
        // rank −2 against 1 (3 log-odds), the count decides again.
        let grouping = StrokeGrouping(options: AssemblyOptions())
        let ends = StrokeGroupingTests.ends(0)
        let heads = [(head: 2, end: ends[0]), (head: 3, end: ends[1]), (head: 4, end: ends[1])]
        #expect(grouping.pointedEnd(heads, contested: []) == 1)
        #expect(grouping.pointedEnd(heads, contested: []) { head, _ in [2: -5, 3: 1, 4: 2][head]! }
                == 0)
        #expect(grouping.pointedEnd(heads, contested: []) { head, _ in [2: -2, 3: 1, 4: 2][head]! }
                == 1)
    }

    @Test func aVHeadThatMeasuresAsAWholeArrowIsTheHeadOfAShaftTwiceItsSize() throws {
        // q0 → q1, and an initial arrow into q1 from below drawn from its tip, whose V head
        // was drawn with a stub along the shaft: alone it measures as an arrow with two
        // barbs. Without its head the shaft would point away from q1.
        var d = Document()
        d.add("circle", Sketch.circle(center: Point(x: 100, y: 100), radius: 40))   // 0
        d.add("circle", Sketch.circle(center: Point(x: 300, y: 100), radius: 40))   // 1
        d.add("arrow", StrokeGroupingTests.shaft(Point(x: 144, y: 100), Point(x: 256, y: 100)))
        d.add("circle", StrokeGroupingTests.head(at: Point(x: 256, y: 100)))         // 3
        d.add("arrow", StrokeGroupingTests.shaft(Point(x: 300, y: 142), Point(x: 300, y: 240)))
        d.add("arrow", Stroke(points: Sketch.polyline([                             // 5
            Point(x: 300, y: 172), Point(x: 300, y: 142), Point(x: 294, y: 148),
            Point(x: 300, y: 142), Point(x: 306, y: 148)])))
        d.label("a", 200, 88)
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1 initial", "q0 -> q1 a"])
        #expect(StrokeGroupingTests.element(of: 4, in: assembly)?.strokes == [4, 5])
    }
}
