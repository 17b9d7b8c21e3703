import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats

/// The assembler corrects the classifier where the drawing leaves no doubt.
@Suite struct AssemblerContextTests {
    static let left = Point(x: 100, y: 100), right = Point(x: 300, y: 100)

    static func twoStates(plus label: String, _ stroke: Stroke) -> Document {
        var d = Document()
        d.add("circle", Sketch.circle(center: left, radius: 40))
        d.add("circle", Sketch.circle(center: right, radius: 40))
        d.add(label, stroke)
        return d
    }

    @Test(arguments: ["cycle", "other"])
    func aStrokeJoiningTwoStatesIsATransitionWhateverItsClass(_ label: String) {
        let arrow = Sketch.arrow(from: Point(x: 145, y: 100), to: Point(x: 255, y: 100))
        let assembly = Self.twoStates(plus: label, arrow).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1", "q0 -> q1 "])
        #expect(roles(assembly) == ["state", "state", "transition"])
    }

    @Test func anOtherStrokeAwayFromStatesIsRejectedWithItsClass() {
        let scribble = Sketch.arrow(from: Point(x: 500, y: 400), to: Point(x: 560, y: 420))
        let assembly = Self.twoStates(plus: "other", scribble).assemble()
        #expect(roles(assembly) == ["state", "state", "rejected"])
        guard case let .rejected(reason) = assembly.elements[2].role else { return }
        #expect(reason.contains("'other'"))
    }

    @Test func aClosedCycleConcentricWithAStateIsItsFinalRing() {
        let ring = Sketch.circle(center: Self.right, radius: 50)
        let assembly = Self.twoStates(plus: "cycle", ring).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1 final"])
        #expect(roles(assembly) == ["state", "state", "final"])
    }

    @Test func aSmallCircleCrossingAStateBoundaryIsASelfLoop() {
        // A 15-unit "circle" sitting on top of the right state's boundary.
        let loop = Sketch.circle(center: Point(x: 300, y: 52), radius: 15)
        let assembly = Self.twoStates(plus: "circle", loop).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1", "q1 -> q1 "])
        #expect(roles(assembly) == ["state", "state", "cycle"])
    }
}
