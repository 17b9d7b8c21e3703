import Testing
import Foundation
import StrokeFormats
@testable import AutomatonRecognition
import TestSupport

/// The head-offer model: what it makes of offers, which it withdraws, and a V head that
/// measures as a whole arrow.
@Suite struct HeadOfferModelTests {
    /// A V head at a shaft's end, `off` of its extent off the shaft's line and `gap` of it
    /// away, at the pen's last end of a shaft five times its size, in a drawing of states
    /// twice its size.
    static func features(gap: Double, off: Double, penStart: Bool) -> StrokeGrouping.OfferFeatures {
        .init(gap: gap, lateral: off, along: -0.3, turned: 0, isVee: true, ofShaft: 0.2,
              ofState: 0.5, shaftOfState: 2.5, apex: gap, barbOnly: false, penStart: penStart,
              hooked: false, headIsShaft: false, headHasOffers: false, wholeArrow: false)
    }

    @Test func aHeadOnTheShaftsLineAtItsEndIsLikelierThanOneOffItAtAnotherShaftsStart() {
        let onLine = StrokeGrouping.headOfferLogit(Self.features(gap: 0, off: 0, penStart: false))
        let offLine = StrokeGrouping.headOfferLogit(
            Self.features(gap: 0.4, off: 0.4, penStart: true))
        #expect(onLine > 2)       // right more than 7 times in 8
        #expect(offLine < -1)     // right less than 1 in 3
        #expect(onLine - offLine > StrokeGrouping.offerLogitMargin)
    }

    @Test func anUnlikelyOfferIsWithdrawnUnlessItIsItsShaftsLikeliest() {
        // Head 2 lies on shaft 0's end and off shaft 1's start; head 3 lies off shaft 1's
        // start only as well. Shaft 1's offer of 2 is far below 2's best and 1 has a better
        // one (3): withdrawn. Shaft 4 is offered only 2, as unlikely: kept (its likeliest).
        let good = Self.features(gap: 0, off: 0, penStart: false)
        let poor = Self.features(gap: 0.4, off: 0.4, penStart: true)
        let fair = Self.features(gap: 0.2, off: 0.2, penStart: true)
        let offers: [StrokeGrouping.Offer] = [(0, 2, 0, 1, 0), (0, 2, 1, 0, 0), (0, 3, 1, 0, 0),
                                              (0, 2, 4, 0, 0)]
        let grouping = StrokeGrouping(options: AssemblyOptions())
        let kept = grouping.ranked(offers, features: [good, poor, fair, poor],
                                   shafts: StrokeGrouping.Shafts())
        #expect(kept.map { [$0.head, $0.shaft] } == [[2, 0], [3, 1], [2, 4]])
        #expect(abs(kept[0].rank + StrokeGrouping.headOfferLogit(good)) < 1e-12)
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
