import Foundation
import StrokeFormats
import Testing
@testable import DrawingClassifier

@Suite struct ScribbleGeneratorTests {
    @Test func sameSeedSameScribblesAndEachDependsOnlyOnItsIndex() {
        let a = ScribbleGenerator(seed: 4).scribbles(count: 12)
        #expect(a == ScribbleGenerator(seed: 4).scribbles(count: 12))
        #expect(Array(a.prefix(5)) == ScribbleGenerator(seed: 4).scribbles(count: 5))
        #expect(a != ScribbleGenerator(seed: 5).scribbles(count: 12))
        #expect(Set(a.map(\.points.count)).count > 6)  // varied shapes, not one repeated
    }

    /// A full circle is refused as a scribble; an arc of 200° and a zigzag are not.
    @Test func circleLikeStrokesAreRecognisedAndNeverGenerated() {
        func arc(_ degrees: Double) -> Stroke {
            Stroke(points: (0...100).map { k in
                let t = Double(k) / 100 * degrees * .pi / 180
                return Point(x: 50 * cos(t), y: 50 * sin(t))
            })
        }
        #expect(ScribbleGenerator.closesLikeACircle(arc(350)))
        #expect(!ScribbleGenerator.closesLikeACircle(arc(200)))
        let zigzag = Stroke(points: (0...6).map { Point(x: Double($0) * 10, y: $0 % 2 == 0 ? 0 : 20) })
        #expect(!ScribbleGenerator.closesLikeACircle(zigzag))
        let scribbles = ScribbleGenerator(seed: 1).scribbles(count: 300)
        #expect(scribbles.filter(ScribbleGenerator.closesLikeACircle).isEmpty)
        #expect(scribbles.allSatisfy { $0.points.count >= 20 && $0.length > 100 && abs(ScribbleGenerator.turning($0)) < 4 * .pi })
    }

    /// Polylines turn sharply: every scribble of that kind has corners of at least 40°.
    @Test func polylinesHaveSharpCorners() {
        var rng = SplitMix64(seed: 9)
        let stroke = ScribbleGenerator.polyline(&rng)
        var corners = 0
        let p = stroke.points
        for i in 1..<(p.count - 1) {
            let a = atan2(p[i].y - p[i - 1].y, p[i].x - p[i - 1].x)
            let b = atan2(p[i + 1].y - p[i].y, p[i + 1].x - p[i].x)
            var d = abs(b - a)
            if d > .pi { d = 2 * .pi - d }
            if d > 1e-9 { #expect(d >= 40 * .pi / 180 - 1e-9); corners += 1 }
        }
        #expect((2...6).contains(corners))
    }
}
