import Automata
import Foundation
import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats
import Pictures
import TestSupport

@Suite struct AutomatonRendererTests {
    static func drawing(_ d: Document) -> Drawing {
        Drawing(strokes: d.strokes.map(\.stroke), labels: d.labels)
    }

    /// Circles, rings and texts of a picture.
    static func rings(_ p: VectorPicture) -> [(center: Point, radius: Double)] {
        p.shapes.compactMap { if case let .circle(c, r, _, _, _, _) = $0 { (c, r) } else { nil } }
    }

    @Test func theTwoStateDrawingFillsThePictureWidthAndKeepsItsAspect() throws {
        let d = AssemblerTests.twoStates
        let picture = AutomatonRenderer(maximumSide: 400, margin: 20)
            .picture(of: Self.drawing(d), assembly: d.assemble())
        // Bounds: x from the initial arrow's start (10) to q1's ring (300 + 50), y from 50
        // to 150: 340 × 100 drawing units scaled by 360/340, plus 2 × 20 margin.
        #expect(picture.width == 400)
        #expect(abs(picture.height - 146) <= 2, "height \(picture.height)")
        let png = try picture.rasterized().pngData()
        let image = try GrayImage(pngData: png, name: "two-states.png")
        #expect(image.width == picture.width && image.height == picture.height)

        // One ring for q0, two for the final q1; every ring is dark where it is drawn.
        let rings = Self.rings(picture)
        #expect(rings.count == 3)
        #expect(isClose(rings[0].radius, 40 * 360 / 340, absolute: 1))
        for ring in rings {
            let x = Int(ring.center.x + ring.radius), y = Int(ring.center.y)
            #expect(image[x, y] < 120, "ring pixel (\(x), \(y)) is \(image[x, y])")
        }
        #expect(image[Int(rings[0].center.x) + 25, Int(rings[0].center.y)] > 200)  // inside q0
    }

    @Test func theSVGHasOneCirclePerRingAndTheStateNamesAndSymbols() {
        let d = AssemblerTests.twoStates
        let svg = AutomatonRenderer().picture(of: Self.drawing(d), assembly: d.assemble()).svg()
        #expect(svg.components(separatedBy: "<circle").count - 1 == 3)
        #expect(svg.contains(">q0</text>"))
        #expect(svg.contains(">q1</text>"))
        #expect(svg.contains(">a</text>"))
        #expect(!svg.contains("stroke-dasharray"))
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    }

    @Test func rejectedStrokesAreDashedWithAQuestionMarkAndEpsilonIsWritten() {
        var d = AssemblerTests.twoStates
        d.add("cycle", Stroke(points: Sketch.polyline([Point(x: 180, y: 300), Point(x: 200, y: 280),
                                                       Point(x: 220, y: 300)])))
        d.label("eps", 200, 112)
        let assembly = d.assemble()
        #expect(roles(assembly).last == "rejected")
        let svg = AutomatonRenderer().picture(of: Self.drawing(d), assembly: assembly).svg()
        #expect(svg.components(separatedBy: "stroke-dasharray").count - 1 == 1)
        #expect(svg.contains(">?</text>"))
        #expect(svg.contains(">a,ε</text>"))
    }

    @Test func emptyAndNonFiniteDrawingsStillGiveAPicture() throws {
        let empty = AutomatonRenderer().picture(
            of: Drawing(strokes: []), assembly: Assembly(elements: [], automaton: Automaton(),
                                                         unattachedLabels: []))
        #expect(empty.width >= 64 && empty.height >= 64)
        let broken = Drawing(strokes: [Stroke(points: [Point(x: .nan, y: 1),
                                                       Point(x: 1e300, y: -.infinity)])])
        let nothing = Assembly(elements: [], automaton: Automaton(), unattachedLabels: [])
        let picture = AutomatonRenderer().picture(of: broken, assembly: nothing)
        _ = try picture.rasterized().pngData()
        #expect(!picture.svg().contains("nan"))
    }
}
