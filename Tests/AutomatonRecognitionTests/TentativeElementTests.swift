import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats

/// The classifier's "none of these" is soft evidence in a diagram: a stroke it calls
/// `other` (or an element it is unsure of against `other`) is `tentative`, taken as an
/// element only where its geometry is strongly that element's, and rejected elsewhere.
@Suite struct TentativeElementTests {
    static let left = Point(x: 100, y: 100), right = Point(x: 300, y: 100)
    static let classes = ["arrow", "circle", "cycle", "other"]

    static func elementClassifier() -> ElementClassifier {
        ElementClassifier(classifier: ElementClassifierInputTests.model(side: 28))
    }

    /// The two states of `AssemblerContextTests`, then `stroke` with `label`, `confidence`
    /// and `tentative` as the classifier gave them.
    static func assemble(_ stroke: Stroke, label: String = "other", confidence: Double = 0.9,
                         tentative: ClassifiedStroke.Kind?) -> Assembly {
        let states = [Sketch.circle(center: left, radius: 40), Sketch.circle(center: right, radius: 40)]
        var strokes = states.enumerated().map { i, s in
            ClassifiedStroke(index: i, stroke: s, label: "circle", confidence: 0.99)
        }
        strokes.append(ClassifiedStroke(index: 2, stroke: stroke, label: label,
                                        confidence: confidence, tentative: tentative))
        return Assembler().assemble(strokes)
    }

    @Test func otherKeepsItsBestElementClassAsTentative() {
        let v = Self.elementClassifier().verdict([0.06, 0.03, 0.01, 0.9], classes: Self.classes)
        #expect(v.label == "other")
        #expect(v.confidence == Double(Float(0.9)))
        #expect(v.tentative == .arrow)
        #expect(v.kind == nil)
        #expect(v.rejection == nil)
        // An unsure "other" (0.4) is no more rejected as too uncertain: geometry decides.
        let unsure = Self.elementClassifier().verdict([0.1, 0.35, 0.15, 0.4], classes: Self.classes)
        #expect(unsure.tentative == .circle)
        #expect(unsure.rejection == nil)
    }

    @Test func anUnsureElementWithOtherNextIsTentative() {
        let v = Self.elementClassifier().verdict([0.45, 0.05, 0.1, 0.4], classes: Self.classes)
        #expect(v.label == "arrow")
        #expect(v.tentative == .arrow)
        #expect(v.kind == nil)
        #expect(v.rejection == nil)
    }

    @Test func anUnsureElementWithAnotherElementNextIsTooUncertain() {
        let v = Self.elementClassifier().verdict([0.45, 0.05, 0.4, 0.1], classes: Self.classes)
        #expect(v.label == "arrow")
        #expect(v.tentative == nil)
        #expect(v.rejection == "too uncertain (confidence below 0.5)")
    }

    @Test func circleOrLoopIsTakenAsItIs() {
        let v = Self.elementClassifier().verdict([0.1, 0.3, 0.45, 0.15], classes: Self.classes)
        #expect(v.kind == .cycle)
        #expect(v.rejection == nil)
        // … but not when the two together are short of the confidence.
        let weak = Self.elementClassifier().verdict([0.27, 0.2, 0.28, 0.25], classes: Self.classes)
        #expect(weak.rejection == "too uncertain (confidence below 0.5)")
    }

    @Test func aConfidentElementIsNotTentative() {
        let v = Self.elementClassifier().verdict([0.9, 0.02, 0.03, 0.05], classes: Self.classes)
        #expect(v.kind == .arrow)
        #expect(v.tentative == nil)
    }

    @Test func aTentativeRoundOfStateSizeIsAStateKeepingItsLabel() {
        let round = Sketch.circle(center: Point(x: 200, y: 300), radius: 45)
        let assembly = Self.assemble(round, tentative: .arrow)
        #expect(summary(assembly.automaton) == ["q0", "q1", "q2"])
        #expect(roles(assembly) == ["state", "state", "state"])
        #expect(assembly.elements[2].label == "other")
        // Without a tentative element class it stays no element.
        #expect(roles(Self.assemble(round, tentative: nil)) == ["state", "state", "rejected"])
    }

    @Test func aTentativeRoundUnderHalfTheStatesOrCrossingOneIsNoState() {
        let small = Sketch.circle(center: Point(x: 200, y: 300), radius: 15)
        #expect(roles(Self.assemble(small, tentative: .circle)) == ["state", "state", "rejected"])
        // One crossing a state is no state: a self-loop on it where the classifier was unsure
        // (0.9 in "none of these"), rejected where it was sure.
        let crossing = Sketch.circle(center: Point(x: 160, y: 100), radius: 35)
        #expect(roles(Self.assemble(crossing, tentative: .circle)).last == "cycle")
        #expect(roles(Self.assemble(crossing, confidence: 0.97, tentative: .circle)).last
                == "rejected")
    }

    @Test func aTentativeArrowWithAHeadIntoAStateIsInitial() {
        let arrow = Sketch.arrow(from: Point(x: -60, y: 100), to: Point(x: 55, y: 100))
        let assembly = Self.assemble(arrow, tentative: .arrow)
        #expect(summary(assembly.automaton) == ["q0 initial", "q1"])
        #expect(roles(assembly) == ["state", "state", "initial"])
        // A letter-sized one beside the state is not; nor one tentatively a loop.
        let short = Sketch.arrow(from: Point(x: 25, y: 100), to: Point(x: 55, y: 100))
        #expect(roles(Self.assemble(short, tentative: .arrow)).last == "rejected")
        #expect(roles(Self.assemble(arrow, tentative: .cycle)).last == "rejected")
    }

    @Test func anUnsureTentativeLoopOnAStateIsASelfLoop() {
        let loop = Sketch.loop(center: Self.right, radius: 40)
        for confidence in [0.6, 0.75, 0.9] {
            let unsure = Self.assemble(loop, confidence: confidence, tentative: .cycle)
            #expect(summary(unsure.automaton) == ["q0", "q1", "q1 -> q1 "])
        }
        // A confident "none of these" there (0.95 and up) is a word or a piece of an arrow:
        // rejected.
        #expect(roles(Self.assemble(loop, confidence: 0.97, tentative: .cycle)).last == "rejected")
    }
}
