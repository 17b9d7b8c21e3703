import AutomatonOperations
import SeededRandom
import Testing

/// The naive twin of Hopcroft's algorithm: Moore's refinement, which splits every class by
/// the classes of its states' successors until nothing changes. Returns the class count of
/// the reachable, completed DFA.
func mooreClassCount(_ dfa: DFA) -> Int {
    let k = dfa.symbols.count
    // Reachable states, plus a dead state for missing transitions.
    var reachable: [Int] = dfa.stateCount > 0 ? [0] : []
    var seen = Set(reachable)
    var i = 0
    while i < reachable.count {
        for a in 0..<k {
            let t = dfa.target(reachable[i], a)
            if t != DFA.missing && seen.insert(t).inserted { reachable.append(t) }
        }
        i += 1
    }
    let dead = dfa.stateCount
    func next(_ s: Int, _ a: Int) -> Int {
        s == dead ? dead : (dfa.target(s, a) == DFA.missing ? dead : dfa.target(s, a))
    }
    let states = reachable + [dead]
    var classOf = [Int: Int]()
    for s in states { classOf[s] = s == dead ? 0 : (dfa.accepting[s] ? 1 : 0) }
    var count = 0
    while true {
        var signatures = [[Int]: Int]()
        var newClass = [Int: Int]()
        for s in states {
            let signature = [classOf[s]!] + (0..<k).map { classOf[next(s, $0)]! }
            if signatures[signature] == nil { signatures[signature] = signatures.count }
            newClass[s] = signatures[signature]!
        }
        let stable = signatures.count == count
        count = signatures.count
        classOf = newClass
        if stable { break }
    }
    // The dead state counts only when reachable: from a missing transition, or as a
    // reachable state of its own class.
    let deadNeeded = reachable.contains { s in (0..<k).contains { dfa.target(s, $0) == DFA.missing } }
        || reachable.isEmpty
    let deadShared = reachable.contains { classOf[$0] == classOf[dead] }
    return count - (deadNeeded || deadShared ? 0 : 1)
}

@Suite struct MinimizationTests {
    @Test func hopcroftAgreesWithMooresNaiveRefinementOnRandomPartialDFAs() {
        var rng = SplitMix64(seed: 11)
        for trial in 0..<300 {
            let n = 1 + rng.nextInt(below: 15), k = 1 + rng.nextInt(below: 3)
            var dfa = DFA.random(stateCount: n, symbolCount: k, using: &rng)
            for i in dfa.next.indices where rng.nextInt(below: 4) == 0 { dfa.next[i] = DFA.missing }
            let minimal = dfa.minimized()
            #expect(minimal.dfa.stateCount == mooreClassCount(dfa), "trial \(trial)")
            #expect(minimal.dfa.isComplete)
            #expect(equivalence(minimal.dfa, dfa).equivalent, "trial \(trial)")
        }
    }

    @Test func theMinimalDFAOfAKnownLanguageHasItsKnownSize() throws {
        // Words over {0,1} whose 3rd symbol from the end is 1: 2³ states.
        let dfa = try NFA.nthSymbolFromEndIsOne(3).determinized().dfa
        #expect(dfa.minimized().dfa.stateCount == 8)
        // Binary numbers divisible by 3, drawn with two redundant copies of each state.
        let a = automaton(states: 6, final: [0, 3], edges:
            "0:0:3 0:1:1 1:0:5 1:1:0 2:0:4 2:1:2 3:0:0 3:1:4 4:0:2 4:1:3 5:0:1 5:1:5")
        let minimal = try a.minimized()
        #expect(minimal.automaton.states.count == 3)
        #expect(minimal.deadStates.isEmpty)
        #expect(minimal.members["q0"] == ["q0", "q3"])
    }

    @Test func aMissingTransitionKeepsOneMarkedDeadState() throws {
        let startsWithA = automaton(states: 2, final: [1], edges: "0:a:1 1:ab:1 0:ε:0")
        let minimal = try startsWithA.minimized(alphabet: ["b"])
        #expect(minimal.automaton.states.count == 3)
        #expect(minimal.deadStates.count == 1)
        let dead = minimal.automaton.states.first { minimal.deadStates.contains($0.id) }!
        #expect(!dead.final && !dead.initial)
    }

    @Test func aLargerRandomDFAIsMinimisedLikeTheNaiveRefinementDoes() {
        // The 100 000-state timing is measured by Lab/scripts/bench-automata (release); here a
        // smaller run checks the result against the naive refinement.
        var rng = SplitMix64(seed: 3)
        let dfa = DFA.random(stateCount: 2_000, symbolCount: 2, using: &rng)
        #expect(dfa.minimized().dfa.stateCount == mooreClassCount(dfa))
    }
}

@Suite struct DeterminizationTests {
    @Test func theBlowUpFamilyReachesTwoToTheNStates() throws {
        let dfa = try NFA.nthSymbolFromEndIsOne(10).determinized().dfa
        #expect(dfa.stateCount == 1 << 10)
    }

    @Test func theBlowUpFamilyStopsAtTheLimitWithAClearError() {
        #expect(throws: AutomatonOperationError.tooManyStates(limit: 5_000)) {
            _ = try NFA.nthSymbolFromEndIsOne(20).determinized(maxStates: 5_000)
        }
        let message = AutomatonOperationError.tooManyStates(limit: 5_000).description
        #expect(message.contains("more than 5000 states") && message.contains("--max-states"))
    }

    @Test func determinizedStatesNameTheSetsTheyStandFor() throws {
        let a = automaton(states: 3, final: [2], edges: "0:01:0 0:1:1 1:01:2")
        let d = try a.determinized()
        #expect(d.automaton.states.count == 4)
        #expect(d.members["q0"] == ["q0"])
        #expect(d.members["q1"] == ["q0", "q1"])
        #expect(Set(d.members.values) == [["q0"], ["q0", "q1"], ["q0", "q2"], ["q0", "q1", "q2"]])
    }

    @Test func epsilonRemovalKeepsTheLanguage() {
        let a = NFA(automaton(states: 4, final: [3], edges: "0:ε:1 1:a:2 2:ε:0 2:ε:3 3:b:3"))
        let b = a.removingEpsilons()
        #expect(b.edges.allSatisfy { $0.allSatisfy { $0.symbol != NFA.epsilon } })
        for word in allWords(over: ["a", "b"], upTo: 6) {
            #expect(a.accepts(word) == b.accepts(word), "\(word)")
        }
    }
}
