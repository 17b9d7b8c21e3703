import Automata
import Foundation
import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats
import TestSupport

@Suite struct ArrowGeometryTests {
    /// The eight compass directions, as angles on screen (0 = right, π/2 = down).
    static let directions = (0..<8).map { Double($0) * Double.pi / 4 }

    static func endpoints(_ angle: Double) -> (start: Point, tip: Point) {
        let start = Point(x: 200, y: 200)
        return (start, Point(x: 200 + 100 * cos(angle), y: 200 + 100 * sin(angle)))
    }

    @Test(arguments: directions, Sketch.HeadStyle.allCases)
    func startTipAndHeadAreFoundInEveryDirectionAndHeadStyle(
        angle: Double, style: Sketch.HeadStyle
    ) throws {
        let (start, tip) = Self.endpoints(angle)
        let stroke = Sketch.arrow(from: start, to: tip, style: style)
        let arrow = try ArrowGeometry.measure(stroke.points).get()
        // Tolerance: 3% of the 100-unit shaft (samples are ~2–3 units apart).
        #expect(arrow.tip.distance(to: tip) <= 3, "tip \(arrow.tip) vs \(tip)")
        #expect(arrow.start.distance(to: start) <= 3, "start \(arrow.start) vs \(start)")
        // head[0] on the left of the direction of travel, head[1] on the right, both behind.
        let direction = tip - start
        #expect((arrow.head[0] - tip).cross(direction) > 0)
        #expect((arrow.head[1] - tip).cross(direction) < 0)
        #expect((arrow.head[0] - tip).dot(direction) < 0)
        #expect((arrow.head[1] - tip).dot(direction) < 0)
        #expect(arrow.bend == nil)
        let drawn = [Sketch.HeadStyle.barbBackBarb: 2, .headFirst: 2, .oneBarb: 1, .none: 0]
        #expect(arrow.drawnBarbs == drawn[style])
        if style != .none {
            // Drawn barbs end 25 units from the tip, 30° off the shaft.
            let (left, right) = Sketch.barbs(start: start, tip: tip, length: 25)
            #expect(arrow.head[1].distance(to: right) <= 3)
            if style != .oneBarb { #expect(arrow.head[0].distance(to: left) <= 3) }
        }
    }

    @Test(arguments: [Sketch.HeadStyle.barbBackBarb, .oneBarb])
    func aPenHookAtTheStartDoesNotTurnTheArrowAround(style: Sketch.HeadStyle) throws {
        // The pen lands, slides 40 units backwards (more ink than a 25-unit barb), then
        // draws the shaft and the head.
        let start = Point(x: 0, y: 0), tip = Point(x: 100, y: 0)
        let hook = Sketch.polyline([Point(x: 40, y: 3), start])
        let stroke = hook + Sketch.arrow(from: start, to: tip, style: style).points.dropFirst()
        let arrow = try ArrowGeometry.measure(stroke).get()
        #expect(arrow.tip.distance(to: tip) <= 3)
        #expect(arrow.start.distance(to: start) <= 3)
    }

    @Test func aCurvedShaftHasABendPointAtItsFarthestDeviation() throws {
        let stroke = Sketch.arrow(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), bend: 0.2)
        let arrow = try ArrowGeometry.measure(stroke.points).get()
        // The Bézier's control point is 40 units up; the curve peaks at half that, x = 50.
        let bend = try #require(arrow.bend)
        #expect(isClose(bend.x, 50, absolute: 3, relative: 0))
        #expect(isClose(bend.y, -20, absolute: 1, relative: 0))
        #expect(arrow.tip.distance(to: Point(x: 100, y: 0)) <= 3)
        #expect(arrow.start.distance(to: Point(x: 0, y: 0)) <= 3)
    }

    @Test func aRealDollarOneArrowHasItsTipAtTheCornerNotAtABarbEnd() throws {
        // s02/medium/arrow01.xml of the $1 logs, every third point: the shaft runs up and
        // to the right to (157, 170), then a barb goes left to (114, 170), back, and down.
        let xy: [(Double, Double)] = [
            (50, 242), (57, 237), (65, 232), (75, 224), (83, 219), (92, 212), (107, 204),
            (121, 194), (133, 185), (143, 180), (153, 173), (157, 170), (151, 166),
            (137, 168), (119, 168), (114, 170), (123, 169), (140, 167), (156, 167),
            (157, 171), (157, 186), (157, 200), (157, 210)]
        let arrow = try ArrowGeometry.measure(xy.map { Point(x: $0.0, y: $0.1) }).get()
        #expect(arrow.tip.distance(to: Point(x: 157, y: 169)) <= 5)
        #expect(arrow.start.distance(to: Point(x: 50, y: 242)) <= 1)
        #expect(arrow.head[0].distance(to: Point(x: 114, y: 170)) <= 5)
        #expect(arrow.head[1].distance(to: Point(x: 157, y: 210)) <= 5)
        #expect(arrow.drawnBarbs == 2)
    }

    @Test func degenerateStrokesFailWithAReason() throws {
        #expect(ArrowGeometry.measure([Point(x: 1, y: 1)])
                == .failure(.tooFewPoints(count: 1, needed: 2)))
        #expect(ArrowGeometry.measure([Point(x: 1, y: .infinity), Point(x: 0, y: 0)])
                == .failure(.nonFinitePoint))
        let twoPoints = ArrowGeometry.measure([Point(x: 0, y: 0), Point(x: 10, y: 0)])
        #expect(try twoPoints.get().tip == Point(x: 10, y: 0))
    }
}
