import Automata
import StrokeFormats

/// The operations of this module on drawn automata (names and positions), as
/// `fa-automaton` and `fa-recognize --expect-regex` use them.
extension Automaton {
    /// The subset construction; state `qi` lists the original states it stands for in
    /// `members`. The alphabet is `alphabet` ∪ the automaton's symbols.
    public func determinized(alphabet: [String] = [], maxStates: Int = 1_000_000)
        throws(AutomatonOperationError) -> AnnotatedAutomaton {
        let determinization = try NFA(self, alphabet: alphabet).determinized(maxStates: maxStates)
        let automaton = Automaton(determinization.dfa)
        var members: [String: [String]] = [:]
        for (i, subset) in determinization.subsets.enumerated() {
            members[automaton.states[i].id] = subset.map { states[$0].id }
        }
        return AnnotatedAutomaton(automaton: automaton, members: members)
    }

    /// The minimal complete DFA. Its dead state, if any, is marked. When the automaton is
    /// already deterministic, `members` names the states merged into each state and states
    /// keep the drawn positions.
    public func minimized(alphabet: [String] = [], maxStates: Int = 1_000_000)
        throws(AutomatonOperationError) -> AnnotatedAutomaton {
        let determinization = try NFA(self, alphabet: alphabet).determinized(maxStates: maxStates)
        let minimization = determinization.dfa.minimized()
        // A drawn DFA keeps its layout: each state sits where the first state merged into
        // it was drawn, an added dead state right of them all.
        var positions: [Point]? = nil
        if isDeterministic {
            let right = (states.map(\.center.x).max() ?? 0) + StateLayout.spacing
            let top = states.map(\.center.y).min() ?? 80
            positions = minimization.classes.map { merged in
                merged.first.map { states[determinization.subsets[$0][0]].center }
                    ?? Point(x: right, y: top)
            }
        }
        let automaton = Automaton(minimization.dfa, positions: positions)
        var result = AnnotatedAutomaton(automaton: automaton)
        if let dead = minimization.deadState { result.deadStates = [automaton.states[dead].id] }
        if isDeterministic {
            for (i, merged) in minimization.classes.enumerated() where !merged.isEmpty {
                result.members[automaton.states[i].id] =
                    merged.flatMap { determinization.subsets[$0] }.sorted().map { states[$0].id }
            }
        }
        return result
    }

    /// A DFA with a transition on every symbol from every state. A deterministic automaton
    /// keeps its states, names and positions and gains a dead state (`dead`, drawn right of
    /// the others) when a transition is missing; any other is determinized first.
    public func completed(alphabet: [String] = [], maxStates: Int = 1_000_000)
        throws(AutomatonOperationError) -> AnnotatedAutomaton {
        guard isDeterministic else {
            let determinized = try determinized(alphabet: alphabet, maxStates: maxStates)
            var result = try determinized.automaton.completed(alphabet: alphabet,
                                                              maxStates: maxStates)
            result.members = determinized.members
            return result
        }
        let symbols = Array(Set(alphabet).union(self.alphabet)).sorted()
        var present: [String: Set<String>] = [:]  // state → symbols with a transition
        for t in transitions { present[t.from, default: []].formUnion(t.symbols) }
        var missing: [String: [String]] = [:]  // state → symbols without a transition
        for state in states {
            let absent = symbols.filter { !(present[state.id]?.contains($0) ?? false) }
            if !absent.isEmpty { missing[state.id] = absent }
        }
        guard !missing.isEmpty else { return AnnotatedAutomaton(automaton: self) }
        var dead = "dead"
        var n = 1
        while states.contains(where: { $0.id == dead }) {
            dead = "dead\(n)"
            n += 1
        }
        var result = self
        let right = states.map { $0.center.x + $0.radius }.max() ?? 0
        let top = states.map(\.center.y).min() ?? 80
        result.states.append(State(id: dead, center: Point(x: right + StateLayout.spacing, y: top),
                                   radius: StateLayout.radius))
        for state in states {
            if let absent = missing[state.id] {
                result.transitions.append(Transition(from: state.id, to: dead, symbols: absent))
            }
        }
        result.transitions.append(Transition(from: dead, to: dead, symbols: symbols))
        return AnnotatedAutomaton(automaton: result, deadStates: [dead])
    }

    /// A DFA for the complement over `alphabet` ∪ the automaton's symbols: completed, then
    /// final and non-final swapped (the dead state of the completion becomes accepting).
    public func complemented(alphabet: [String] = [], maxStates: Int = 1_000_000)
        throws(AutomatonOperationError) -> AnnotatedAutomaton {
        var result = try completed(alphabet: alphabet, maxStates: maxStates)
        for i in result.automaton.states.indices { result.automaton.states[i].final.toggle() }
        result.deadStates = []
        return result
    }

    /// Whether this automaton and `other` accept the same words, over the union of their
    /// alphabets, with a shortest counterexample when not.
    public func equivalence(to other: Automaton, maxStates: Int = 1_000_000)
        throws(AutomatonOperationError) -> EquivalenceVerdict {
        try NFA(self).equivalence(to: NFA(other), maxStates: maxStates)
    }

    /// Grades a drawn automaton against a language given as a regular expression: the
    /// verdict's first side is the drawing, the second the expression.
    public func check(against regex: Regex, maxStates: Int = 1_000_000)
        throws(AutomatonOperationError) -> EquivalenceVerdict {
        try NFA(self).equivalence(to: NFA(regex: regex), maxStates: maxStates)
    }

    /// A regular expression for the automaton's language (state elimination, simplified).
    public func regex() throws(AutomatonOperationError) -> Regex { try NFA(self).regex() }

    /// Thompson's ε-NFA for `regex`, states `q0`, `q1`, … in breadth-first order from the
    /// initial state, laid out on a grid.
    public init(regex: Regex) { self.init(NFA(regex: regex).renumberedBreadthFirst()) }
}
