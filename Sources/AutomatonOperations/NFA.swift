import Automata

/// An ε-NFA whose states and symbols are numbers: the representation the algorithms of this
/// module work on. `Automaton` (named states, drawn positions) is converted at the boundary.
///
/// States are `0..<stateCount`; symbol `i` is `symbols[i]`; an edge with symbol
/// `NFA.epsilon` moves without reading.
public struct NFA: Sendable, Equatable {
    public struct Edge: Sendable, Equatable, Hashable {
        public var symbol: Int
        public var to: Int
        public init(symbol: Int, to: Int) {
            self.symbol = symbol
            self.to = to
        }
    }

    /// The symbol number of an ε-move.
    public static let epsilon = -1

    /// The alphabet, sorted, without duplicates.
    public var symbols: [String]
    public var stateCount: Int
    /// Initial states (none: the language is empty; several: a run starts in all of them).
    public var initial: [Int]
    public var accepting: [Bool]
    /// `edges[state]`: the moves leaving `state`.
    public var edges: [[Edge]]

    public init(symbols: [String], stateCount: Int, initial: [Int], accepting: [Bool],
                edges: [[Edge]]) {
        precondition(accepting.count == stateCount && edges.count == stateCount,
                     "An NFA needs one accepting flag and one edge list per state.")
        self.symbols = symbols
        self.stateCount = stateCount
        self.initial = initial
        self.accepting = accepting
        self.edges = edges
    }

    /// The automaton with states numbered in `automaton.states` order and the alphabet
    /// `alphabet` ∪ the automaton's own symbols. A transition naming a missing state never
    /// fires (as a dangling arrow of a drawing); of two states with one id the first is used.
    public init(_ automaton: Automaton, alphabet: [String] = []) {
        symbols = Array(Set(alphabet).union(automaton.alphabet)).sorted()
        let symbolIndex = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, $0) })
        var stateIndex: [String: Int] = [:]
        for (i, state) in automaton.states.enumerated() where stateIndex[state.id] == nil {
            stateIndex[state.id] = i
        }
        stateCount = automaton.states.count
        initial = automaton.states.indices.filter { automaton.states[$0].initial }
        accepting = automaton.states.map(\.final)
        edges = Array(repeating: [], count: stateCount)
        for t in automaton.transitions {
            guard let from = stateIndex[t.from], let to = stateIndex[t.to] else { continue }
            if t.epsilon { edges[from].append(Edge(symbol: NFA.epsilon, to: to)) }
            for symbol in Set(t.symbols).sorted() {
                edges[from].append(Edge(symbol: symbolIndex[symbol]!, to: to))
            }
        }
    }

    /// The symbol numbers of `word`'s characters, or nil when one is not in the alphabet.
    public func encode(_ word: String) -> [Int]? {
        let symbolIndex = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, $0) })
        var encoded: [Int] = []
        for character in word {
            guard let symbol = symbolIndex[String(character)] else { return nil }
            encoded.append(symbol)
        }
        return encoded
    }

    /// Whether the automaton accepts `word` (subset simulation with ε-closures).
    public func accepts(_ word: String) -> Bool {
        guard let encoded = encode(word) else { return false }
        var closure = EpsilonClosure(self)
        var active = closure.closure(of: initial)
        for symbol in encoded {
            var next: [Int] = []
            for state in active {
                for edge in edges[state] where edge.symbol == symbol { next.append(edge.to) }
            }
            active = closure.closure(of: next)
            if active.isEmpty { return false }
        }
        return active.contains { accepting[$0] }
    }

    /// The same automaton with states renumbered in breadth-first order from the initial
    /// states (edges in order); unreachable states follow in their old order.
    public func renumberedBreadthFirst() -> NFA {
        var number = [Int](repeating: -1, count: stateCount)
        var order: [Int] = []
        func visit(_ s: Int) {
            if number[s] < 0 {
                number[s] = order.count
                order.append(s)
            }
        }
        initial.forEach(visit)
        var head = 0
        while head < order.count {
            for edge in edges[order[head]] { visit(edge.to) }
            head += 1
        }
        (0..<stateCount).forEach(visit)
        return NFA(symbols: symbols, stateCount: stateCount, initial: initial.map { number[$0] },
                   accepting: order.map { accepting[$0] },
                   edges: order.map { edges[$0].map { Edge(symbol: $0.symbol, to: number[$0.to]) } })
    }
}
