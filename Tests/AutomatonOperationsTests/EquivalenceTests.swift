import AutomatonOperations
import Automata
import SeededRandom
import Testing

@Suite struct EquivalenceTests {
    @Test func theCounterexampleIsShortestThenLexicographicallyFirst() throws {
        let tenStar = automaton(states: 2, final: [0], edges: "0:1:1 1:0:0")
        let oneZeroOrMore = try Automaton(regex: RegexParser.parse("(10)*|1"))
        let v = try tenStar.equivalence(to: oneZeroOrMore)
        #expect(v.counterexample == "1" && !v.acceptedByFirst)
        // Both "ab" and "ba" tell them apart; "ab" comes first.
        let x = try Automaton(regex: RegexParser.parse("ab|ba|a"))
        let y = try Automaton(regex: RegexParser.parse("a"))
        #expect(try x.equivalence(to: y) == EquivalenceVerdict(counterexample: "ab", acceptedByFirst: true))
        #expect(try x.equivalence(to: x).equivalent)
    }

    @Test func theVerdictAgreesWithBruteForceOnRandomPairs() throws {
        var rng = SplitMix64(seed: 5)
        var differing = 0
        for trial in 0..<200 {
            let k = 1 + rng.nextInt(below: 2)
            let symbols = Array(["a", "b"].prefix(k))
            func randomNFA() -> NFA {
                let n = 1 + rng.nextInt(below: 4)
                let edges = (0..<n).map { _ in
                    (0..<rng.nextInt(below: 4)).map { _ in
                        NFA.Edge(symbol: rng.nextInt(below: k + 1) - 1, to: rng.nextInt(below: n))
                    }
                }
                return NFA(symbols: symbols, stateCount: n, initial: [0],
                           accepting: (0..<n).map { _ in rng.nextInt(below: 3) == 0 }, edges: edges)
            }
            let (a, b) = (randomNFA(), randomNFA())
            let verdict = try a.equivalence(to: b)
            let first = allWords(over: symbols, upTo: 8).first { a.accepts($0) != b.accepts($0) }
            #expect(verdict.counterexample == first, "trial \(trial)")
            if let w = first {
                differing += 1
                #expect(verdict.acceptedByFirst == a.accepts(w))
            }
        }
        #expect(differing > 50)  // the pairs are not all trivially equal
    }

    @Test func productIntersectsAndUnites() throws {
        let evenA = try NFA(regex: RegexParser.parse("(b*ab*a)*b*")).determinized().dfa
        let endsB = try NFA(regex: RegexParser.parse("(a|b)*b")).determinized().dfa
        let both = evenA.product(with: endsB) { $0 && $1 }
        let either = evenA.product(with: endsB) { $0 || $1 }
        for word in allWords(over: ["a", "b"], upTo: 6) {
            let even = word.filter { $0 == "a" }.count % 2 == 0, b = word.hasSuffix("b")
            #expect(both.accepts(word) == (even && b) && either.accepts(word) == (even || b))
        }
        #expect(!both.isEmpty && both.shortestAcceptedWord() == [1])
    }

    @Test func completionAndComplementKeepADrawnDFAsStates() throws {
        let startsWith011 = automaton(states: 4, final: [3], edges: "0:0:1 1:1:2 2:1:3 3:01:3")
        let complete = try startsWith011.completed()
        #expect(complete.automaton.states.map(\.id) == ["q0", "q1", "q2", "q3", "dead"])
        #expect(complete.deadStates == ["dead"])
        let complement = try startsWith011.complemented()
        for word in allWords(over: ["0", "1"], upTo: 6) {
            #expect(complement.automaton.run(word).accepted == !word.hasPrefix("011"), "\(word)")
        }
    }
}
