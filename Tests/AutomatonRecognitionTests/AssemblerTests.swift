import Foundation
import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats
import TestSupport

@Suite struct AssemblerTests {
    static let left = Point(x: 100, y: 100), right = Point(x: 300, y: 100)

    /// q0 (initial) at the left, q1 (final, ring drawn second) at the right, one arrow a.
    static var twoStates: Document {
        var d = Document()
        d.add("circle", Sketch.circle(center: left, radius: 40))            // 0
        d.add("circle", Sketch.circle(center: right, radius: 40))           // 1
        d.add("circle", Sketch.circle(center: right, radius: 50))           // 2 ring
        d.add("arrow", Sketch.arrow(from: Point(x: 145, y: 100), to: Point(x: 248, y: 100)))
        d.add("arrow", Sketch.arrow(from: Point(x: 10, y: 100), to: Point(x: 56, y: 100)))
        d.label("a", 200, 88)
        return d
    }

    @Test func twoStatesWithARingAnInitialArrowAndATransition() throws {
        let assembly = Self.twoStates.assemble()
        #expect(summary(assembly.automaton) == ["q0 initial", "q1 final", "q0 -> q1 a"])
        #expect(roles(assembly) == ["state", "state", "final", "transition", "initial"])
        let q1 = assembly.automaton.states[1]
        #expect(q1.center.distance(to: Self.right) < 0.5)
        #expect(isClose(q1.radius, 40, absolute: 0.5))
        #expect(isClose(try #require(q1.ringRadius), 50, absolute: 0.5))
        guard case let .transition(arrow, "q0", "q1") = assembly.elements[3].role else {
            Issue.record("stroke 3 should be q0 → q1, got \(assembly.elements[3].role)")
            return
        }
        #expect(arrow.tip.distance(to: Point(x: 248, y: 100)) < 3)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func strokeOrderDoesNotMatterRingBeforeStateOrTransitionBeforeStates(seed: UInt64) {
        let shuffled = Self.twoStates.permuted(seed: seed)
        #expect(summary(shuffled.assemble().automaton) == ["q0 initial", "q1 final", "q0 -> q1 a"])
    }

    @Test func aRingDrawnInsideAnExistingCircleMakesTheInnerOneTheState() throws {
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 50))       // outer first
        d.add("circle", Sketch.circle(center: Point(x: 104, y: 97), radius: 38))  // off-centre
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0 final"])
        #expect(roles(assembly) == ["final", "state"])
        #expect(isClose(assembly.automaton.states[0].radius, 38, absolute: 0.5))
        #expect(isClose(try #require(assembly.automaton.states[0].ringRadius), 50, absolute: 0.5))
    }

    static var loopsAndLabels: Document {
        var d = Document()
        d.add("cycle", Sketch.loop(center: Self.right, radius: 40))        // above q1
        d.add("arrow", Sketch.arrow(from: Point(x: 140, y: 100), to: Point(x: 258, y: 100)))
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))
        d.add("circle", Sketch.circle(center: Self.right, radius: 40))
        d.add("arrow", Sketch.arrow(from: Point(x: 300, y: 145), to: Point(x: 300, y: 240)))
        d.add("circle", Sketch.circle(center: Point(x: 300, y: 285), radius: 40))
        d.label("b", 200, 90)
        d.label("a", 200, 112)       // two labels on one arrow → ["a", "b"]
        d.label("c", 300, 15)        // above the loop
        d.label("ε", 312, 190)       // beside the downward arrow
        return d
    }

    @Test func aSelfLoopEpsilonAndTwoLabelsOnOneArrow() {
        let assembly = Self.loopsAndLabels.assemble()
        #expect(summary(assembly.automaton)
                == ["q0", "q1", "q2", "q0 -> q1 a,b", "q1 -> q1 c", "q1 -> q2 ε"])
        #expect(roles(assembly) == ["cycle", "transition", "state", "state", "transition",
                                    "state"])
    }

    @Test(arguments: [UInt64(7), 8, 9])
    func theLoopAndLabelDocumentGivesTheSameAutomatonInAnyStrokeOrder(seed: UInt64) {
        let document = Self.loopsAndLabels
        #expect(summary(document.permuted(seed: seed).assemble().automaton)
                == summary(document.assemble().automaton))
    }

    @Test func aDanglingArrowStaysAnElementButIsNoTransition() {
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))
        d.add("arrow", Sketch.arrow(from: Point(x: 145, y: 100), to: Point(x: 260, y: 100)))
        d.label("a", 200, 90)
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0"])
        guard case .transition(_, "q0", nil) = assembly.elements[1].role else {
            Issue.record("expected a dangling transition from q0, got \(assembly.elements[1].role)")
            return
        }
        #expect(assembly.elements[1].symbols == ["a"])
    }

    @Test func strayStrokesAndLoopsWithNoStateAreRejectedWithAReason() {
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))
        d.add("cycle", Sketch.loop(center: Point(x: 400, y: 400), radius: 30))
        // A zigzag the classifier called a circle.
        d.add("circle", Stroke(points: Sketch.polyline([
            Point(x: 200, y: 300), Point(x: 220, y: 260), Point(x: 240, y: 300),
            Point(x: 260, y: 260), Point(x: 280, y: 300)])))
        d.add("star", Sketch.circle(center: Point(x: 500, y: 100), radius: 20))
        var classified = d.classified
        classified.append(ClassifiedStroke(index: 4, stroke: Sketch.circle(
            center: Point(x: 600, y: 100), radius: 20), label: "circle", confidence: 0.41,
            rejection: "classifier confidence 0.41 is below 0.5"))
        let assembly = Assembler().assemble(classified, labels: [])
        #expect(summary(assembly.automaton) == ["q0"])
        #expect(roles(assembly) == ["state", "rejected", "rejected", "rejected", "rejected"])
        let reasons = assembly.elements.compactMap { e -> String? in
            if case let .rejected(reason) = e.role { return reason } else { return nil }
        }
        #expect(reasons[0] == "self-loop with no state nearby")
        #expect(reasons[1].hasPrefix("circle fit residual is")
                || reasons[1].hasPrefix("stroke covers"))
        #expect(reasons[2] == "not an automaton element (classified as 'star')")
        #expect(reasons[3] == "classifier confidence 0.41 is below 0.5")
    }

    @Test func anOvalStateTheClassifierCallsACircleIsAStateButNotAnOvalLoop() throws {
        // q1 drawn as an oval twice as wide as high, tilted (trimmed fit residual ≈ 0.22 of
        // the radius, as the flowchart writers' ovals): a state. The same oval called a
        // loop, far from every state, is no state (context takes only good circles).
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))             // 0
        let oval = (0...60).map { k -> Point in
            let t = 2 * Double.pi * Double(k) / 60, turn = 0.5
            let (x, y) = (56 * cos(t), 28 * sin(t))
            return Point(x: 300 + x * cos(turn) - y * sin(turn), y: 100 + x * sin(turn) + y * cos(turn))
        }
        d.add("circle", Stroke(points: oval))                                     // 1
        d.add("arrow", Sketch.arrow(from: Point(x: 145, y: 100), to: Point(x: 258, y: 100)))
        d.add("cycle", Stroke(points: oval.map { Point(x: $0.x + 300, y: $0.y + 300) }))  // 3
        d.label("a", 200, 88)
        let fit = try CircleFit.fit(resampled(oval, count: AssemblyOptions().circleSamples)).get()
        #expect(fit.relativeTrimmedResidual > 0.2 && fit.relativeTrimmedResidual < 0.25)
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1", "q0 -> q1 a"])
        #expect(roles(assembly) == ["state", "state", "transition", "rejected"])
    }

    @Test func aSmallCircleNoArrowReachesIsALetterButASmallStateWithAnArrowStays() throws {
        // An "o" written above the q0 → q1 arrow (0.35 of the states' radius, drawn before
        // them, so it would be q0): rejected, and the states are named as without it. A
        // state as small with an arrow into it stays a state.
        var d = Document()
        d.add("circle", Sketch.circle(center: Point(x: 180, y: 60), radius: 14))  // 0
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))             // 1
        d.add("circle", Sketch.circle(center: Self.right, radius: 40))            // 2
        d.add("arrow", Sketch.arrow(from: Point(x: 145, y: 100), to: Point(x: 258, y: 100)))
        d.label("a", 220, 88)
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1", "q0 -> q1 a"])
        #expect(roles(assembly) == ["rejected", "state", "state", "transition"])
        guard case let .rejected(reason) = assembly.elements[0].role else { return }
        #expect(reason == "a small circle that no arrow or loop reaches (radius 14 beside "
                + "states of 40): a letter?")
        d.add("arrow", Sketch.arrow(from: Point(x: 180, y: 160), to: Point(x: 180, y: 78)))
        #expect(summary(d.assemble().automaton) == ["q0", "q1 initial", "q2", "q0 -> q2 a"])
    }

    @Test func aLoopCalledAnArrowWhoseHeadReachesIntoTheStateIsASelfLoop() throws {
        // A curl above q1 that the classifier calls an arrow, starting on q1's outline and
        // ending 0.5 of the radius inside it (where a separately drawn head put its tip):
        // a self-loop, not an initial arrow. An arrow from outside q1 into it as deep (it
        // does not swing out; most of it lies outside q1) stays an initial arrow.
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))             // 0
        d.add("circle", Sketch.circle(center: Self.right, radius: 40))            // 1
        d.add("arrow", Sketch.arrow(from: Point(x: 145, y: 100), to: Point(x: 258, y: 100)))
        var rng = SplitMix64(seed: 0)
        var curl = Sketch.circlePoints(center: Point(x: 300, y: 100 - 48), radius: 22,
                                       from: Double.pi / 2 + 1.0, sweep: 2 * Double.pi - 2.0,
                                       count: 40, using: &rng)
        curl += Sketch.polyline([curl[curl.count - 1], Point(x: 288, y: 80)]).dropFirst()
        d.add("arrow", Stroke(points: curl))                                      // 3
        d.label("a", 200, 88)
        d.label("b", 300, 10)
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1", "q0 -> q1 a", "q1 -> q1 b"])
        var initial = Document()
        initial.add("circle", Sketch.circle(center: Self.right, radius: 40))
        initial.add("arrow", Sketch.arrow(from: Point(x: 300, y: 20), to: Point(x: 300, y: 80)))
        #expect(summary(initial.assemble().automaton) == ["q0 initial"])
    }

    @Test func arrowsThatOvershootOrStopShortStillConnect() {
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))
        d.add("circle", Sketch.circle(center: Self.right, radius: 40))
        // Starts inside q0, stops 20 (= 0.5 r) short of q1.
        d.add("arrow", Sketch.arrow(from: Point(x: 120, y: 90), to: Point(x: 240, y: 90)))
        // Back from q1 to q0, overshooting 15 into q0, bent below.
        d.add("arrow", Sketch.arrow(from: Point(x: 262, y: 120), to: Point(x: 125, y: 120),
                                    bend: 0.15))
        d.label("a", 190, 80)
        d.label("b", 190, 150)
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1", "q0 -> q1 a", "q1 -> q0 b"])
    }

    @Test func statesAreNamedLeftToRightThenTopToBottom() {
        var d = Document()
        for (x, y) in [(300.0, 50.0), (100.4, 200), (99.8, 50), (500, 125)] {  // one column
            d.add("circle", Sketch.circle(center: Point(x: x, y: y), radius: 30))
        }
        let assembly = d.assemble()
        let names = assembly.elements.map { e -> String in
            if case let .state(id, _, _) = e.role { return id } else { return "?" }
        }
        #expect(names == ["q2", "q1", "q0", "q3"])
        #expect(assembly.automaton.states.map(\.id) == ["q0", "q1", "q2", "q3"])
    }

    @Test func anArrowStartingNearItsOwnTargetIsAnInitialArrow() {
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))
        // Starts 25 (0.6 r) outside q0 and points at it: initial, not a self-loop.
        d.add("arrow", Sketch.arrow(from: Point(x: 100, y: 15), to: Point(x: 100, y: 55)))
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0 initial"])
        #expect(roles(assembly) == ["state", "initial"])
    }

    @Test func anArrowThatLeavesAndReentersOneStateIsASelfLoopTransition() {
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))
        d.add("arrow", Sketch.loop(center: Self.left, radius: 40))  // a loop the classifier
        d.label("a", 100, 20)                                       // called an arrow
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0", "q0 -> q0 a"])
        #expect(roles(assembly) == ["state", "transition"])
    }

    @Test func anArrowStoppingFarShortConnectsOnlyIfItAimsAtTheState() {
        var d = Document()
        d.add("circle", Sketch.circle(center: Self.left, radius: 40))
        d.add("circle", Sketch.circle(center: Self.right, radius: 40))
        // Stops 46 (1.15 r: beyond the 1 r a headed tip reaches anyway) short of q1, aimed
        // at its centre: connects.
        d.add("arrow", Sketch.arrow(from: Point(x: 142, y: 100), to: Point(x: 214, y: 100)))
        // Also ends 1.15 r from q1's boundary, but heading past it: dangles.
        d.add("arrow", Sketch.arrow(from: Point(x: 120, y: 140), to: Point(x: 230, y: 150)))
        let assembly = d.assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1", "q0 -> q1 "])
        guard case .transition(_, "q0", nil) = assembly.elements[3].role else {
            Issue.record("expected a dangling arrow, got \(assembly.elements[3].role)")
            return
        }
    }
}
