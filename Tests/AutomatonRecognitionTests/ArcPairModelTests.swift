import Testing
import Foundation
import StrokeFormats
import DrawingClassifier
@testable import AutomatonRecognition
import TestSupport

/// The arc-pair model: what it measures of two arcs and which it finds one round.
@Suite struct ArcPairModelTests {
    /// The ink of arc points as the grouping keeps it, with its own circle fitted.
    static func arc(_ points: [Point], in grouping: StrokeGrouping) -> StrokeGrouping.Ink {
        var ink = StrokeGroupingTests.ink(points)
        ink.samples = resampled(points, count: 32)
        ink.fit = grouping.quickFit(ink.samples)
        return ink
    }

    @Test func twoHalvesOfACircleMeetAtBothEndsAndAreOneRound() throws {
        // A circle of radius 50 drawn as two arcs of half a turn each, the second starting
        // where the first stopped and stopping where it started; states of radius 40.
        let grouping = StrokeGrouping(options: AssemblyOptions())
        var rng = SplitMix64(seed: 1)
        let center = Point(x: 0, y: 0)
        let first = Sketch.circlePoints(center: center, radius: 50, from: 0.1, sweep: .pi,
                                        count: 40, using: &rng)
        let second = Sketch.circlePoints(center: center, radius: 50, from: 0.1 + .pi,
                                         sweep: .pi, count: 40, using: &rng)
        let ink = [Self.arc(first, in: grouping), Self.arc(second, in: grouping)]
        let fit = try #require(grouping.quickFit(ink[0].samples + ink[1].samples))
        #expect(abs(fit.radius - 50) < 0.1 && fit.relativeTrimmedResidual < 0.002)
        let pair = grouping.arcPairFeatures(0, 1, fit: fit, ink: ink, kinds: [.circle, nil],
                                            scale: 40, corner: false, crossesRound: false,
                                            ringsState: false)
        #expect(pair.union == 1)                               // all 36 sectors between them
        #expect((18...19).contains(Int((pair.smallerCover * 36).rounded())))
        #expect((18...19).contains(Int((pair.largerCover * 36).rounded())))
        #expect(pair.shared <= 2.0 / 18)                       // the sectors where they meet
        #expect(pair.endGap < 1e-9 && pair.endOnInk < 1e-9)    // each starts where the other ends
        #expect(abs(pair.ofState - 50.0 / 40) < 0.003)
        #expect(abs(pair.smallerRadius - 1) < 0.01 && abs(pair.largerRadius - 1) < 0.01)
        #expect(pair.offOutline < 0.005)
        #expect(!pair.curls && pair.closedRounds == 0 && pair.circles == 1)
        #expect(!grouping.hasCorner(ink[0].samples) && !grouping.hasCorner(ink[1].samples))
        #expect(StrokeGrouping.arcPairLogit(pair) > 4)        // right more than 49 times in 50
    }

    @Test func radialSeparationIsHowFarApartTwoArcsLieWhereTheyShareSectors() {
        // Over the same half turn, radius 50 and radius 40 round a circle of radius 45:
        // 10 / 45 apart in every shared sector; over opposite halves they share none (1).
        let grouping = StrokeGrouping(options: AssemblyOptions())
        var rng = SplitMix64(seed: 2)
        let center = Point(x: 0, y: 0)
        let outer = Sketch.circlePoints(center: center, radius: 50, from: 0.2, sweep: 2.5,
                                        count: 30, using: &rng)
        let inner = Sketch.circlePoints(center: center, radius: 40, from: 0.2, sweep: 2.5,
                                        count: 30, using: &rng)
        let opposite = Sketch.circlePoints(center: center, radius: 40, from: 3.5, sweep: 2.5,
                                           count: 30, using: &rng)
        let circle = CircleFit(center: center, radius: 45, rmsResidual: 0, trimmedResidual: 0,
                               coveredAngle: 2 * .pi)
        #expect(abs(grouping.radialSeparation(outer, inner, around: circle) - 10.0 / 45) < 1e-9)
        #expect(grouping.radialSeparation(outer, opposite, around: circle) == 1)
    }

    @Test func aStateAndAConcentricArcInsideItAreNoRoundButTheArcsOfAStateAre() throws {
        // q1 drawn in one closed stroke with most of its inner circle (250°, radius 30)
        // inside: a final state's two circles, which the model finds no round. q0 drawn as
        // two arcs that meet: found one round.
        var d = StrokeGroupingTests.twoStates
        var rng = SplitMix64(seed: 3)
        d.strokes[0] = ("circle", Stroke(points: Sketch.circlePoints(
            center: StrokeGroupingTests.left, radius: 40, from: 0.5, sweep: 3.6, count: 40,
            noise: 0.4, using: &rng)))
        d.add("other", Stroke(points: Sketch.circlePoints(
            center: StrokeGroupingTests.left, radius: 40, from: 4.0, sweep: 2.8, count: 30,
            noise: 0.4, using: &rng)))                                                      // 3
        d.add("cycle", Stroke(points: Sketch.circlePoints(
            center: StrokeGroupingTests.right, radius: 30, from: 0.3, sweep: 4.4, count: 40,
            noise: 0.4, using: &rng)))                                                      // 4
        d.add("arrow", Sketch.arrow(from: Point(x: 145, y: 100), to: Point(x: 258, y: 100)))
        let pairs = Assembler().arcPairs(d.classified)
        let logit = { (a: Int, b: Int) in
            pairs.first { [$0.first, $0.second] == [a, b] }.map {
                ArcPairWeights.network.logit($0.inputs)
            }
        }
        #expect(try #require(logit(0, 3)) > 2)
        #expect(try #require(logit(1, 4)) < -2)
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0 initial", "q1 final", "q0 -> q1 a"])
        #expect(StrokeGroupingTests.element(of: 3, in: assembly)?.strokes == [0, 3])
    }
}
