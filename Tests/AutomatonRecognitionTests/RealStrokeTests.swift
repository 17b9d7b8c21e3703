import Foundation
import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import TestSupport

/// The geometry on the real strokes of the $1 gesture logs (240 circles, 240 arrows).
@Suite(.enabled(if: SharedData.hasDollarGestures, "needs ../shared/datasets/dollar-gestures"))
struct RealStrokeTests {
    @Test func realCirclesFitWellAndPassTheAssemblerThresholds() throws {
        let circles = SharedData.gestures(named: "circle")
        try #require(circles.count == 240)
        let options = AssemblyOptions()
        var residuals: [Double] = [], accepted = 0
        for stroke in circles {
            let fit = try CircleFit.fit(resampled(stroke, count: options.circleSamples)).get()
            residuals.append(fit.relativeResidual)
            if fit.relativeTrimmedResidual <= options.maximumCircleResidual,
               fit.coveredAngle >= options.minimumCircleCoverage { accepted += 1 }
        }
        residuals.sort()
        print("real circles: median relative residual \(residuals[120]), "
              + "95th percentile \(residuals[228]), accepted \(accepted)/240")
        #expect(residuals[120] < 0.09)   // measured 0.074: real circles are ellipse-ish
        #expect(accepted >= 238)            // measured 240
    }

    @Test func realArrowsHaveTheirTipWhereThePenFirstTurnsBack() throws {
        let arrows = SharedData.gestures(named: "arrow")
        try #require(arrows.count == 240)
        var errors: [Double] = []
        for stroke in arrows {
            let arrow = try ArrowGeometry.measure(stroke).get()
            // Reference tip, by a different rule than the library's: the first point past
            // half the largest distance from the start after which that distance drops.
            let start = stroke[0]
            let distances = stroke.map { $0.distance(to: start) }
            let far = distances.max()!
            let k = (0..<(stroke.count - 4)).first { k in
                distances[k] >= 0.5 * far && distances[(k + 1)...(k + 4)].allSatisfy {
                    $0 <= distances[k] } && distances[k + 4] <= distances[k] - 0.03 * far
            } ?? distances.firstIndex(of: far)!
            errors.append(arrow.tip.distance(to: stroke[k]) / far)
            #expect(arrow.start.distance(to: start) <= 0.1 * far)
        }
        errors.sort()
        print("real arrows: tip error / length median \(errors[120]), "
              + "90th percentile \(errors[216]), max \(errors[239])")
        #expect(errors[120] < 0.02)   // measured 0.011
        #expect(errors[216] < 0.05)   // measured 0.032 (max 0.048)
    }
}
