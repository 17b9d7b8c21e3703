import AutomatonOperations
import Automata
import Foundation
import Testing

/// 2 000 cases of Lab/scripts/differential-automata with automata-lib 9.2.0's answers, stored in
/// Resources/differential-sample.json by
/// `Lab/scripts/differential-automata --cases 2000 --write-sample 2000 --seed 1`.
struct DifferentialSample: Decodable {
    struct CompactAutomaton: Decodable {
        var states: Int
        var initial: Int
        var final: [Int]
        /// "from:symbols:to" separated by spaces, ε as a symbol.
        var edges: String

        var automaton: Automaton {
            var a = AutomatonOperationsTests.automaton(states: states, initial: [initial],
                                                       final: final, edges: edges)
            a.states = a.states.map { var s = $0; s.id = "s\(s.id.dropFirst())"; return s }
            a.transitions = a.transitions.map {
                var t = $0
                t.from = "s\(t.from.dropFirst())"
                t.to = "s\(t.to.dropFirst())"
                return t
            }
            return a
        }
    }

    struct Case: Decodable {
        var a: CompactAutomaton
        var b: CompactAutomaton
        var alphabet: String
        var words: [String]
        var regex: String
        var accepts: [Bool]
        var minStates: Int
        var equivalent: Bool
        var regexAccepts: [Bool]
    }

    var generator: String
    var cases: [Case]
}

@Suite struct DifferentialSampleTests {
    static let sample = Result {
        try JSONDecoder().decode(DifferentialSample.self, from: Resources.data("differential-sample.json"))
    }

    @Test func theSampleHoldsTwoThousandCases() throws {
        #expect(try Self.sample.get().cases.count == 2_000)
    }

    /// The cases are checked in four interleaved parts, which run in parallel.
    @Test(arguments: 0..<4)
    func ourAnswersMatchAutomataLibOnTheStoredSample(part: Int) throws {
        let cases = try Self.sample.get().cases
        var mismatches = 0
        for i in stride(from: part, to: cases.count, by: 4) {
            let c = cases[i]
            let alphabet = c.alphabet.map(String.init)
            let a = c.a.automaton
            let nfa = NFA(a, alphabet: alphabet)
            let dfa = try nfa.determinized().dfa
            let other = try NFA(c.b.automaton, alphabet: alphabet).determinized().dfa
            let minimal = dfa.minimized().dfa
            let thompson = NFA(regex: try RegexParser.parse(c.regex), alphabet: alphabet)
            let found = (
                simulated: c.words.map { a.run($0).accepted },
                dfa: c.words.map { dfa.accepts($0) },
                minimal: c.words.map { minimal.accepts($0) },
                states: minimal.stateCount,
                equivalent: equivalence(dfa, other).equivalent,
                regex: c.words.map { thompson.accepts($0) })
            let ok = found.simulated == c.accepts && found.dfa == c.accepts
                && found.minimal == c.accepts && found.states == c.minStates
                && found.equivalent == c.equivalent && found.regex == c.regexAccepts
            if !ok {
                mismatches += 1
                let expected = "\(c.accepts), \(c.minStates) states, equivalent \(c.equivalent), "
                    + "\(c.regexAccepts)"
                Issue.record("case \(i): \(found) but automata-lib says \(expected)")
            }
            if mismatches > 5 { break }
        }
        #expect(mismatches == 0)
    }
}
