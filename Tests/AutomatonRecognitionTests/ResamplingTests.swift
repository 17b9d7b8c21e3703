import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats
import TestSupport

@Suite struct ResamplingTests {
    @Test func resamplingSpacesPointsEvenlyAlongTheStroke() {
        // An L: 30 units right then 10 down, drawn with uneven point density.
        let points = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 30, y: 0),
                      Point(x: 30, y: 10)]
        let r = resampled(points, count: 5)   // spacing 10
        let expected = [(0.0, 0.0), (10, 0), (20, 0), (30, 0), (30, 10)]
        #expect(r.count == 5)
        for (p, e) in zip(r, expected) {
            #expect(isClose(p.x, e.0, absolute: 1e-9) && isClose(p.y, e.1, absolute: 1e-9))
        }
        #expect(pathLength(points) == 40)
    }

    @Test func distanceToAPolylineIsTheDistanceToItsNearestSegment() {
        let path = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]
        #expect(isClose(distance(from: Point(x: 5, y: 3), toPolyline: path), 3))
        #expect(isClose(distance(from: Point(x: 13, y: 14), toPolyline: path), 5))
        #expect(distance(from: Point(x: 0, y: 0), toPolyline: []) == .infinity)
    }
}
