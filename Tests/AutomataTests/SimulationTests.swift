import Automata
import Testing

@Suite struct SimulationTests {
    typealias T = Automaton.Transition

    /// Words over {a, b} ending in "ab", as an NFA with an ε-cycle q0 ⇄ q3 on the way:
    /// q0 -a,b-> q0, q0 -a-> q1, q1 -b-> q2 (final), q0 -ε-> q3 -ε-> q0.
    static let endsInAB = Automaton(
        states: [.init(id: "q0", initial: true), .init(id: "q1"), .init(id: "q2", final: true),
                 .init(id: "q3")],
        transitions: [T(from: "q0", to: "q0", symbols: ["a", "b"]),
                      T(from: "q0", to: "q1", symbols: ["a"]),
                      T(from: "q1", to: "q2", symbols: ["b"]),
                      T(from: "q0", to: "q3", epsilon: true),
                      T(from: "q3", to: "q0", epsilon: true)])

    @Test(arguments: [("ab", true), ("aab", true), ("bab", true), ("abab", true),
                      ("", false), ("a", false), ("ba", false), ("abb", false)])
    func anNFAWithAnEpsilonCycleAcceptsExactlyTheWordsEndingInAB(word: String, accepted: Bool) {
        let run = Self.endsInAB.run(word)
        #expect(run.accepted == accepted)
        if !accepted && !word.isEmpty && word != "abb" {
            #expect(run.rejection == .endedInNonFinalState)
        }
    }

    @Test func epsilonClosureFollowsChainsAndCyclesOnce() {
        let a = Automaton(states: ["p", "q", "r", "s"].map { .init(id: $0) },
                          transitions: [T(from: "p", to: "q", epsilon: true),
                                        T(from: "q", to: "r", epsilon: true),
                                        T(from: "r", to: "p", epsilon: true),
                                        T(from: "r", to: "s", symbols: ["x"])])
        #expect(a.epsilonClosure(of: ["p"]) == ["p", "q", "r"])
        #expect(a.epsilonClosure(of: ["s"]) == ["s"])
    }

    @Test func theEmptyWordIsAcceptedIffTheInitialClosureHoldsAFinalState() {
        var a = Automaton(states: [.init(id: "q0", initial: true), .init(id: "q1"),
                                   .init(id: "q2", final: true)],
                          transitions: [T(from: "q0", to: "q1", epsilon: true),
                                        T(from: "q1", to: "q2", symbols: ["a"])])
        #expect(a.run("").rejection == .endedInNonFinalState)
        a.transitions.append(T(from: "q1", to: "q2", epsilon: true))
        #expect(a.run("").accepted)
        #expect(a.run("a").accepted)   // q0 → ε q1 → a q2
    }

    @Test func aSymbolNoTransitionUsesIsRejectedWithThatReason() {
        let run = Self.endsInAB.run("abc")
        #expect(run.rejection == .symbolNotInAlphabet(symbol: "c", position: 2))
        #expect(run.rejection?.description == "symbol 'c' at position 2 is not in the alphabet")
    }

    @Test func aWordThatRunsOutOfTransitionsIsStuck() {
        let a = Automaton(states: [.init(id: "q0", initial: true), .init(id: "q1", final: true)],
                          transitions: [T(from: "q0", to: "q1", symbols: ["a"]),
                                        T(from: "q1", to: "q1", symbols: ["b"])])
        #expect(a.run("abb").accepted)
        #expect(a.run("aa").rejection == .stuck(position: 1))
    }

    @Test func withoutAnInitialStateNothingIsAccepted() {
        let a = Automaton(states: [.init(id: "q0", final: true)])
        #expect(a.run("").rejection == .noInitialState)
    }

    @Test func severalInitialStatesAreSimulatedTogetherWithAWarning() {
        // q0 accepts "a", q1 accepts "b"; both initial: both words are accepted.
        let a = Automaton(states: [.init(id: "q0", initial: true), .init(id: "q1", initial: true),
                                   .init(id: "q2", final: true)],
                          transitions: [T(from: "q0", to: "q2", symbols: ["a"]),
                                        T(from: "q1", to: "q2", symbols: ["b"])])
        #expect(a.run("a").accepted && a.run("b").accepted)
        #expect(a.run("a").warnings
                == ["several initial states (q0, q1): simulated from all of them"])
    }
}
