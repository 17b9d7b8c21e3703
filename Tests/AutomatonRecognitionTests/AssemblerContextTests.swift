import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats
import TestSupport

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

    @Test func aHeadedTipStoppingShortOfAStateStillReachesIt() {
        // The tip stops 0.9 reach radii outside q1, heading 45° off its centre (so not
        // aimed at it): with a head it reaches q1 (`headedArrowReach`); within the reach of
        // a headless end, 0.75, it would not.
        let tip = Point(x: 241.8, y: 51.1)   // 76 from q1's centre, 40° above its left
        let headed = Self.twoStates(plus: "arrow", Sketch.arrow(from: Point(x: 140, y: 60),
                                                                 to: tip))
        #expect(summary(headed.assemble().automaton) == ["q0", "q1", "q0 -> q1 "])
        var short = AssemblyOptions()
        short.headedArrowReach = short.arrowReach
        #expect(!summary(headed.assemble(options: short).automaton).contains("q0 -> q1 "))
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

    @Test func aCycleOpenOnAThirdAroundAStateIsItsFinalRing() {
        // 240° of a circle of 54 round q1 (40), open at the top, its centre 16 below q1's
        // (an open arc's fitted centre wanders): concentric by `ringCenterTolerance` (0.5),
        // though not by the grouping's tighter test for final circles, and none of it lies
        // inside q1, so it is q1's ring, though a "cycle" must cover 270° elsewhere.
        func arc(radius: Double, centerY: Double) -> Stroke {
            Sketch.circle(center: Point(x: 300, y: centerY), radius: radius,
                          from: -Double.pi / 6, sweep: 4 * Double.pi / 3)
        }
        let assembly = Self.twoStates(plus: "cycle", arc(radius: 54, centerY: 116)).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1 final"])
        #expect(roles(assembly) == ["state", "state", "final"])
        // An arc of 52 with its centre 18 above q1's crosses q1, as a piece of q1 itself
        // would: a third of its points lie inside q1, so it is no ring.
        let crossed = Self.twoStates(plus: "cycle", arc(radius: 52, centerY: 82)).assemble()
        #expect(summary(crossed.automaton) == ["q0", "q1"])
        #expect(roles(crossed)[2] != "final")
    }

    @Test func aSmallCircleCrossingAStateBoundaryIsASelfLoop() {
        // A 15-unit "circle" sitting on top of the right state's boundary.
        let loop = Sketch.circle(center: Point(x: 300, y: 52), radius: 15)
        let assembly = Self.twoStates(plus: "circle", loop).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1", "q1 -> q1 "])
        #expect(roles(assembly) == ["state", "state", "cycle"])
    }

    @Test func aSmallCurlBesideAStateThatDoesNotTouchItIsNoSelfLoop() {
        // A letter "o" (radius 6) written 20 units below the right state's outline: its
        // nearest ink lies 1.2 times its own size from the outline.
        let letter = Sketch.circle(center: Point(x: 300, y: 166), radius: 6)
        let assembly = Self.twoStates(plus: "cycle", letter).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1"])
        #expect(roles(assembly) == ["state", "state", "rejected"])
        guard case let .rejected(reason) = assembly.elements[2].role else { return }
        #expect(reason.contains("does not touch"))
    }

    @Test func anArrowLyingInsideTheStateItReachesIsNoInitialArrow() {
        // A stroke with a head drawn with it, 40 units long, lying inside the right state
        // along its lower outline (5 units inside a state of 40): it reaches that state
        // only, but an initial arrow lies outside the state it points at. (A piece of the
        // state drawn apart, or two pieces of a head, look like this.)
        let inside = Sketch.arrow(from: Point(x: 280, y: 135), to: Point(x: 320, y: 135))
        let assembly = Self.twoStates(plus: "arrow", inside).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1"])
        #expect(roles(assembly) == ["state", "state", "rejected"])
        guard case let .rejected(reason) = assembly.elements[2].role else { return }
        #expect(reason.contains("lying along or inside the state it reaches"))
    }

    @Test func aShortInitialArrowOutsideItsStateStaysAnInitialArrow() {
        // The same stroke moved out below the state, pointing up at it: an initial arrow.
        let outside = Sketch.arrow(from: Point(x: 300, y: 185), to: Point(x: 300, y: 145))
        let assembly = Self.twoStates(plus: "arrow", outside).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1 initial"])
        #expect(roles(assembly) == ["state", "state", "initial"])
    }

    @Test func anArcOfAStatesOutlineDrawnApartIsNoSelfLoop() {
        // An arc drawn again over the right state's lower outline (radius 41 on a state of
        // 40), its end flicked out 17 units: it swings out 42 % of the radius, but half its
        // ink lies on the outline.
        var rng = SplitMix64(seed: 3)
        let arc = Sketch.circlePoints(center: Self.right, radius: 41, from: 0.2, sweep: 1.6,
                                      count: 20, noise: 0.5, using: &rng)
        let flick = Point(x: arc[arc.count - 1].x - 10, y: arc[arc.count - 1].y + 14)
        let assembly = Self.twoStates(plus: "cycle", Stroke(points: arc + [flick])).assemble()
        #expect(summary(assembly.automaton) == ["q0", "q1"])
        #expect(roles(assembly) == ["state", "state", "rejected"])
        guard case let .rejected(reason) = assembly.elements[2].role else { return }
        #expect(reason.contains("lying along a state's outline"))
    }

    @Test(arguments: [(10.0, "cycle"), (6.0, "rejected")])
    func aSmallCircleOnASmallStateIsALoopAsLargeBesideIt(radius: Double, role: String) {
        // States of radius 60, 60 and 24 (S = 60); a circle crossing the small state's top,
        // under a quarter of S: a loop when it is at least 0.35 of that state's radius (10),
        // a dot when smaller (6).
        var d = Document()
        d.add("circle", Sketch.circle(center: Point(x: 100, y: 100), radius: 60))
        d.add("circle", Sketch.circle(center: Point(x: 400, y: 100), radius: 60))
        d.add("circle", Sketch.circle(center: Point(x: 250, y: 300), radius: 24))
        d.add("circle", Sketch.circle(center: Point(x: 250, y: 274 - radius / 2), radius: radius))
        let assembly = d.assemble()
        #expect(assembly.elements[3].role.name == role)
        #expect(summary(assembly.automaton).contains("q1 -> q1 ") == (role == "cycle"))
    }

    /// q0 and q1 as circles of radius 40, an initial arrow into q0 and a transition from q0
    /// ending at (400, 220); `round` drawn there with class `label`.
    static func arrowEndingAt(_ round: [Stroke], label: String) -> Document {
        var d = Document()
        d.add("circle", Sketch.circle(center: left, radius: 40))
        d.add("circle", Sketch.circle(center: right, radius: 40))
        d.add("arrow", Sketch.arrow(from: Point(x: 10, y: 100), to: Point(x: 56, y: 100)))
        d.add("arrow", Sketch.arrow(from: Point(x: 130, y: 130), to: Point(x: 378, y: 206)))
        for stroke in round { d.add(label, stroke) }
        return d
    }

    @Test(arguments: [true, false])
    func aLumpyRoundCalledOtherWhereAnArrowEndsIsAState(arrowReachesIt: Bool) {
        // A round of radius 24 (0.6 of the states'), wobbling by 3 units, that the classifier
        // calls none of its classes: where the transition from q0 ends, it is state q2; with
        // no arrow ending there it stays rejected.
        var rng = SplitMix64(seed: 3)
        let center = arrowReachesIt ? Point(x: 400, y: 220) : Point(x: 600, y: 420)
        let round = Stroke(points: Sketch.circlePoints(
            center: center, radius: 24, from: -2, sweep: 2 * Double.pi * 1.02, count: 50,
            noise: 3, using: &rng))
        let assembly = Self.arrowEndingAt([round], label: "other").assemble()
        if arrowReachesIt {
            #expect(summary(assembly.automaton) == ["q0 initial", "q1", "q2", "q0 -> q2 "])
            guard case let .state("q2", c, r) = assembly.elements[4].role else {
                Issue.record("the round should be state q2, got \(assembly.elements[4].role)")
                return
            }
            #expect(c.distance(to: center) < 3)
            #expect(isClose(r, 24, absolute: 3))
        } else {
            #expect(summary(assembly.automaton) == ["q0 initial", "q1"])
            #expect(roles(assembly) == ["state", "state", "initial", "transition", "rejected"])
        }
    }
}
