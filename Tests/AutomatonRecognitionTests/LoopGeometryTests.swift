import Foundation
import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats
import TestSupport

@Suite struct LoopGeometryTests {
    @Test(arguments: [-Double.pi / 2, 0, 2.5], [true, false])
    func aLoopLeavesAndReentersTheStateOnTheSideItWasDrawn(angle: Double, clockwise: Bool)
        throws
    {
        let center = Point(x: 100, y: 100), radius = 40.0
        let stroke = Sketch.loop(center: center, radius: radius, angle: angle,
                                 clockwise: clockwise)
        let loop = try LoopGeometry.attach(stroke.points, toStateAt: center, radius: radius).get()
        #expect(isClose(loop.angle, angle, absolute: 0.1, relative: 0))
        #expect(loop.clockwise == clockwise)
        #expect(loop.path.count == LoopGeometry.pathPointCount)
        // Both ends on the state's circle, everything between outside it.
        let first = loop.path[0], last = loop.path[loop.path.count - 1]
        #expect(isClose(first.distance(to: center), radius, absolute: 1e-6))
        #expect(isClose(last.distance(to: center), radius, absolute: 1e-6))
        for p in loop.path.dropFirst().dropLast() { #expect(p.distance(to: center) > radius) }
        // The apex points the way the loop was drawn and reaches as far as the ink
        // (the sketch reaches 1.2r + 0.55r − r = 0.75r beyond the circle).
        let apex = loop.path.max { $0.distance(to: center) < $1.distance(to: center) }!
        let apexAngle = atan2(apex.y - center.y, apex.x - center.x)
        #expect(abs(remainder(apexAngle - angle, 2 * Double.pi)) < 0.15)
        #expect(isClose(apex.distance(to: center), radius * 1.75, absolute: 0.05 * radius))
        // Travelling clockwise on screen means turning right: cross of successive steps > 0.
        let turn = (loop.path[12] - loop.path[11]).cross(loop.path[13] - loop.path[12])
        #expect((turn > 0) == clockwise)
        #expect(loop.head.count == 2)
        // Barbs are 0.35ρ long, ρ = reach / 1.4 = 0.75r / 1.4.
        for barb in loop.head {
            #expect(isClose(barb.distance(to: last), 0.35 * 0.75 * radius / 1.4, absolute: 0.5))
        }
    }

    @Test func aDegenerateLoopFails() {
        #expect(LoopGeometry.attach([Point(x: 0, y: 0)], toStateAt: Point(x: 0, y: 0), radius: 5)
                == .failure(.tooFewPoints(count: 1, needed: 2)))
        let two = [Point(x: 0, y: 0), Point(x: 1, y: 0)]
        #expect(LoopGeometry.attach(two, toStateAt: Point(x: 0, y: 0), radius: 0)
                == .failure(.tooShort(length: 0)))
    }
}
