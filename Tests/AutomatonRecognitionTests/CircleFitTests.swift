import Foundation
import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats
import TestSupport

@Suite struct CircleFitTests {
    @Test(arguments: [(UInt64(1), 40.0), (2, 120.0), (3, 7.5)])
    func noisyCirclesAreRecoveredWithinTwoPercentOfTheRadius(seed: UInt64, radius: Double) throws {
        var rng = SplitMix64(seed: seed)
        let center = Point(x: 300, y: -80)
        let points = Sketch.circlePoints(center: center, radius: radius, from: 0.3,
                                         sweep: 2 * Double.pi, count: 80,
                                         noise: 0.03 * radius, using: &rng)
        let fit = try CircleFit.fit(points).get()
        #expect(fit.center.distance(to: center) <= 0.02 * radius)
        #expect(abs(fit.radius - radius) <= 0.02 * radius)
        // RMS of N(0, (0.03 r)²) radial noise is about 0.03 r.
        #expect(fit.relativeResidual > 0.02 && fit.relativeResidual < 0.04)
        #expect(fit.coveredAngle > 6.0)
    }

    @Test func aTwoHundredDegreeArcIsFittedWhereTheMeanOfPointsFails() throws {
        var rng = SplitMix64(seed: 11)
        let center = Point(x: 50, y: 50), radius = 30.0
        let points = Sketch.circlePoints(center: center, radius: radius, from: 0,
                                         sweep: 200 * Double.pi / 180, count: 50,
                                         noise: 0.01 * radius, using: &rng)
        let fit = try CircleFit.fit(points).get()
        let fitError = max(fit.center.distance(to: center), abs(fit.radius - radius))
        // The original app's estimate: centre = mean of points, radius = mean distance.
        let mean = centroid(points)
        let meanRadius = points.map { $0.distance(to: mean) }.reduce(0, +) / 50
        let meanError = max(mean.distance(to: center), abs(meanRadius - radius))
        #expect(fitError <= 0.02 * radius)
        #expect(meanError >= 0.3 * radius)  // it lands inside the arc: ≈ 0.37 r off
        #expect(isClose(fit.coveredAngle, 200 * Double.pi / 180, absolute: 0.01, relative: 0))
    }

    @Test func anOvershootingCircleOfOneAndAThirdTurnsIsFitted() throws {
        var rng = SplitMix64(seed: 5)
        let points = Sketch.circlePoints(center: Point(x: 0, y: 0), radius: 50, from: 1,
                                         sweep: 2.66 * Double.pi, count: 90, noise: 1,
                                         using: &rng)
        let fit = try CircleFit.fit(resampled(points, count: 64)).get()
        #expect(fit.center.distance(to: Point(x: 0, y: 0)) <= 1)
        #expect(abs(fit.radius - 50) <= 1)
    }

    @Test func aPenLeadInFromInsideTheCircleDoesNotPullTheFit() throws {
        // A 40-unit stroke from the centre side to the rim, then 1.1 turns of radius 40.
        let lead = (0..<20).map { Point(x: 100 + 40 - 40 * (1 - Double($0) / 20), y: 100) }
        var rng = SplitMix64(seed: 0)
        let ring = Sketch.circlePoints(center: Point(x: 100, y: 100), radius: 40, from: 0,
                                       sweep: 2.2 * Double.pi, count: 80, using: &rng)
        let fit = try CircleFit.fit(resampled(lead + ring, count: 64)).get()
        #expect(fit.center.distance(to: Point(x: 100, y: 100)) <= 0.01 * 40)
        #expect(abs(fit.radius - 40) <= 0.01 * 40)
        // All ink counts in the RMS; the trimmed residual forgets most of the lead-in.
        #expect(fit.relativeResidual > 0.2)
        #expect(fit.relativeTrimmedResidual < 0.15)
        // Without re-weighting, the plain geometric fit is pulled ~0.1 r off centre.
        let mean = centroid(lead + ring)
        let plain = CircleFit.levenbergMarquardt(resampled(lead + ring, count: 64).map {
            $0 - mean }, start: (Point(x: 100 - mean.x, y: 100 - mean.y), 40))
        #expect(plain.center.distance(to: Point(x: 100 - mean.x, y: 100 - mean.y)) > 0.05 * 40)
    }

    @Test func exactCirclesGiveTheSameAnswerFromKasaTaubinAndTheGeometricFit() throws {
        var rng = SplitMix64(seed: 0)
        let points = Sketch.circlePoints(center: Point(x: 3, y: 4), radius: 5, from: 0.5,
                                         sweep: 4, count: 20, using: &rng)
        let mean = centroid(points)
        let centred = points.map { $0 - mean }
        let kasa = try #require(CircleFit.kasa(centred))
        let taubin = try #require(CircleFit.taubin(centred))
        for (c, r) in [kasa, taubin] {
            #expect(isClose(c.x + mean.x, 3, absolute: 1e-9))
            #expect(isClose(c.y + mean.y, 4, absolute: 1e-9))
            #expect(isClose(r, 5, absolute: 1e-9))
        }
        let fit = try CircleFit.fit(points).get()
        #expect(isClose(fit.radius, 5, absolute: 1e-9))
        #expect(fit.rmsResidual < 1e-9)
    }

    @Test func degenerateInputFailsWithAClearValueInsteadOfNaN() {
        let line = (0..<10).map { Point(x: Double($0), y: 2 * Double($0) + 1) }
        #expect(CircleFit.fit(line) == .failure(.collinear))
        let twoPoints = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 0)]
        #expect(CircleFit.fit(twoPoints) == .failure(.tooFewPoints(count: 2, needed: 3)))
        #expect(CircleFit.fit([]) == .failure(.tooFewPoints(count: 0, needed: 3)))
        let withNaN = [Point(x: 0, y: 0), Point(x: 1, y: .nan), Point(x: 2, y: 0)]
        #expect(CircleFit.fit(withNaN) == .failure(.nonFinitePoint))
        // Almost straight: a 1e-9 wiggle on a 10-unit line is still a line.
        let nearlyLine = (0..<10).map { Point(x: Double($0), y: $0 == 5 ? 1e-9 : 0) }
        #expect(CircleFit.fit(nearlyLine) == .failure(.collinear))
    }
}
