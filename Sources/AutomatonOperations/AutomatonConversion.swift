import Automata
import StrokeFormats

extension Automaton {
    /// The NFA as an automaton: state `i` is named `names[i]` (default `q<i>`) and placed at
    /// `positions[i]` (default `StateLayout.grid`). All moves between two states become one
    /// transition (its symbols sorted, ε as the `epsilon` flag), in order of first move.
    public init(_ nfa: NFA, names: [String]? = nil, positions: [Point]? = nil) {
        let names = names ?? (0..<nfa.stateCount).map { "q\($0)" }
        let positions = positions ?? StateLayout.grid(count: nfa.stateCount)
        let initial = Set(nfa.initial)
        let states = (0..<nfa.stateCount).map { i in
            State(id: names[i], center: positions[i], radius: StateLayout.radius,
                  initial: initial.contains(i), final: nfa.accepting[i])
        }
        var transitions: [Transition] = []
        for from in 0..<nfa.stateCount {
            var targets: [Int] = []
            var byTarget: [Int: Transition] = [:]
            for edge in nfa.edges[from] {
                if byTarget[edge.to] == nil {
                    targets.append(edge.to)
                    byTarget[edge.to] = Transition(from: names[from], to: names[edge.to])
                }
                if edge.symbol == NFA.epsilon {
                    byTarget[edge.to]!.epsilon = true
                } else {
                    byTarget[edge.to]!.symbols.append(nfa.symbols[edge.symbol])
                }
            }
            for target in targets {
                var t = byTarget[target]!
                t.symbols = Array(Set(t.symbols)).sorted()
                transitions.append(t)
            }
        }
        self.init(states: states, transitions: transitions)
    }

    /// The DFA as an automaton (state 0 initial), named and placed as `init(_: NFA)` does.
    public init(_ dfa: DFA, names: [String]? = nil, positions: [Point]? = nil) {
        self.init(dfa.nfa, names: names, positions: positions)
    }

    /// Whether the automaton is a DFA as drawn: one initial state, no ε-transition, unique
    /// state ids, every transition between existing states, and at most one target per
    /// state and symbol.
    public var isDeterministic: Bool {
        let ids = Set(states.map(\.id))
        guard ids.count == states.count, initialStates.count == 1 else { return false }
        var seen = Set<[String]>()
        for t in transitions {
            guard !t.epsilon, ids.contains(t.from), ids.contains(t.to) else { return false }
            for symbol in t.symbols where !seen.insert([t.from, symbol]).inserted { return false }
        }
        return true
    }
}
